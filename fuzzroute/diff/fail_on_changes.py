"""The exit status of a diff: which changes fail a build (`--fail-on`).

* `proven` (default): a declared example or never-route row has an error in
  the new version that it did not have in the old one (a row added with an
  error counts).  Errors both versions have were there before the change.
* `moved`: as `proven`, or any message changes the rule that starts the
  turn: a decided move (a witness both versions reproduce) or a declared
  row whose claimant changed.  Sampled moves never fail a build.
* `never`: always 0 (bad input still exits 2).
"""

from __future__ import annotations

from typing import get_args

from fuzzroute.engine.errors import InputError
from fuzzroute.results.diff_document import FailOn, GraphDiff, Move, ProvenChange, new_error_count, proven_move_count

FAIL_ON: tuple[FailOn, ...] = get_args(FailOn)
DEFAULT_FAIL_ON: FailOn = "proven"


def check_diff_fail_on(value: str) -> FailOn:
    """`value` as a `--fail-on` policy, or bad input naming the ones there are."""
    for policy in FAIL_ON:
        if value == policy:
            return policy
    raise InputError(
        f"--fail-on {value!r} is not one of {', '.join(FAIL_ON)}. Use proven (new proven errors fail), "
        "moved (also any decided move of a message) or never."
    )


def diff_exit_status(diff: GraphDiff, fail_on: str) -> int:
    """0 or 1 for `diff` under the `fail_on` policy (see the module docstring)."""
    return exit_status_of(diff.moves, diff.proven, check_diff_fail_on(fail_on))


def exit_status_of(moves: tuple[Move, ...], proven: tuple[ProvenChange, ...], fail_on: FailOn) -> int:
    """0 or 1 for a diff's decided moves and proven rows under `fail_on` (what its summary records)."""
    if fail_on == "never":
        return 0
    if new_error_count(proven):
        return 1
    if fail_on == "moved" and (moves or proven_move_count(proven)):
        return 1
    return 0
