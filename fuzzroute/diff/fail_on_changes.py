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

from fuzzroute.diff.graph_diff import GraphDiff
from fuzzroute.engine.errors import InputError

FAIL_ON = ("proven", "moved", "never")
DEFAULT_FAIL_ON = "proven"


def check_diff_fail_on(value: str) -> str:
    if value not in FAIL_ON:
        raise InputError(
            f"--fail-on {value!r} is not one of {', '.join(FAIL_ON)}. Use proven (new proven errors fail), "
            "moved (also any decided move of a message) or never."
        )
    return value


def diff_exit_status(diff: GraphDiff, fail_on: str) -> int:
    """0 or 1 for `diff` under the `fail_on` policy (see the module docstring)."""
    check_diff_fail_on(fail_on)
    if fail_on == "never":
        return 0
    if diff.new_errors:
        return 1
    if fail_on == "moved" and (diff.moves or diff.proven_moves):
        return 1
    return 0
