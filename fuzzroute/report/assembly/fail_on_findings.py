"""`--fail-on`: which findings turn into exit code 1.

- `decided` (the default, of the CLI, the hook, the Action, the pytest plugin
  and `ReportOptions`): a proven error, or a decided finding an author has to act on
  (`decided.verdict.fails_build`: a rule that never wins, never matches or is
  dead under the cold walk, shared text in the later rule's fixed words, a
  ReDoS with an attack).  Co-occurrence, shared text only wildcards absorb,
  undecided questions and accepted overlaps never fail: accepting an
  intended overlap (`fuzzroute accept`) is how an author keeps it green.
  Decided findings hold for every message and are re-verified through the
  claim laws: proofs, not samples, so they fail a build by default.  A run
  without the decided tier has none of them, and its default is `proven`.
- `proven`: any proven error; suggestions and decided findings never fail.
- `new`: a proven error, a suggestion or a decided finding of the kinds
  `decided` fails on, whose status is `new` against the baseline or the
  `--db` memory.  Findings that were
  already there (`still`) and resolved ones do not fail the run, so a nightly
  job goes red once per regression, not every night.  Proven warnings never
  fail, under any policy.  `new` needs something to compare with: without
  `--baseline` or `--db` it is bad input.
- `never`: always 0, so a job can publish its reports and leave the verdict
  to the reader; bad input is still exit 2.

`exit_status` is the one place the exit code of a report is decided: a run,
and a merge of shards, both count through `counts.summarize`, which calls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fuzzroute.decided.verdict import fails_build
from fuzzroute.engine.errors import InputError
from fuzzroute.results.record import or_none

if TYPE_CHECKING:  # annotations only: `check` reads this module and must not load the report's model
    from fuzzroute.results.document import DecidedRecord, ProblemRecord, SuggestionRecord

FAIL_ON_CHOICES: tuple[str, ...] = ("proven", "decided", "new", "never")
DEFAULT_FAIL_ON = "decided"


def check_fail_on(fail_on: str, *, has_history: bool) -> None:
    """Refuse a policy that cannot be applied to this run."""
    if fail_on not in FAIL_ON_CHOICES:
        raise InputError(
            f"--fail-on {fail_on!r} is not a policy. Use one of: {', '.join(FAIL_ON_CHOICES)}."
        )
    if fail_on == "new" and not has_history:
        raise InputError(
            "--fail-on new needs something to compare with: pass --baseline OLD.json (an earlier "
            "`fuzzroute report --json`) or --db DIR (the nightly memory)."
        )


def failing(
    problems: Sequence[ProblemRecord], suggestions: Sequence[SuggestionRecord], decided: Sequence[DecidedRecord],
    fail_on: str,
) -> list[ProblemRecord | SuggestionRecord | DecidedRecord]:
    """The findings that make the run fail under `fail_on` (empty: exit 0)."""
    if fail_on == "never":
        return []
    errors: list[ProblemRecord | SuggestionRecord | DecidedRecord] = [p for p in problems if p.kind == "error"]
    if fail_on == "proven":
        return errors
    acted_on = [d for d in decided if decided_fails(d)]
    if fail_on == "decided":
        return [*errors, *acted_on]
    new = [p for p in errors if p.status == "new"]
    new += [s for s in suggestions if s.status == "new"]
    new += [d for d in acted_on if d.status == "new"]
    return new


def decided_fails(record: DecidedRecord) -> bool:
    """Whether a decided record (accepted ones are already set aside) fails `--fail-on decided`."""
    return fails_build(record.kind, relation=record.relation, shared_in=record.shared_in, redos=or_none(record.redos))


def exit_status(
    problems: Sequence[ProblemRecord], suggestions: Sequence[SuggestionRecord], decided: Sequence[DecidedRecord],
    fail_on: str,
) -> int:
    """0 or 1 under the policy (bad input never reaches here)."""
    return 1 if failing(problems, suggestions, decided, fail_on) else 0
