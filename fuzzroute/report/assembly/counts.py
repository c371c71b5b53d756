"""The summary of a report: every count a reader sees, computed once from the finished lists.

The counts are taken after everything that changes the lists (the decided
tier taking over suggestions, the `--db` memory carrying some back, a merge
of shards) has happened, so no count is ever patched afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.report.assembly.fail_on_findings import exit_status
from fuzzroute.results.decided_records import is_decided_finding
from fuzzroute.results.document import (
    FAIL_ON,
    DecidedRecord,
    DefectRecord,
    NoteRecord,
    ProblemRecord,
    SuggestionRecord,
    Summary,
)
from fuzzroute.results.record import one_of


def by_kind(kinds: Sequence[str]) -> dict[str, int]:
    """How many of each kind, in the order the kinds first appear."""
    counted: dict[str, int] = {}
    for kind in kinds:
        counted[kind] = counted.get(kind, 0) + 1
    return counted


def summarize(
    *,
    problems: Sequence[ProblemRecord],
    notes: Sequence[NoteRecord],
    suggestions: Sequence[SuggestionRecord],
    decided: Sequence[DecidedRecord],
    defects: Sequence[DefectRecord],
    phrases_generated: int,
    phrases_stolen: int,
    fail_on: str,
) -> Summary:
    """The counts; `decided` counts decided findings one way for every output (`is_decided_finding`)."""
    findings = [d for d in decided if is_decided_finding(d.kind, d.relation)]
    return Summary(
        proven_errors=sum(1 for p in problems if p.kind == "error"),
        proven_warnings=sum(1 for p in problems if p.kind == "warning"),
        notes=len(notes),
        suggestions=len(suggestions),
        suggestions_by_kind=by_kind([s.kind for s in suggestions]),
        witnesses=sum(len(s.witnesses) for s in suggestions),
        phrases_generated=phrases_generated,
        phrases_stolen=phrases_stolen,
        exit_status=one_of(exit_status(problems, suggestions, decided, fail_on), (0, 1)),
        decided=len(findings),
        decided_by_kind=by_kind([d.kind for d in findings]),
        decided_defects=len(defects),
        fail_on=one_of(fail_on, FAIL_ON),
    )


def stolen_count(cells: Sequence[Sequence[int]]) -> int:
    """Phrases won by a rule other than the one they were generated from (cells off the diagonal)."""
    return sum(count for taker, source, count in cells if taker != source)


def judged_per_second(judged: int, seconds: float) -> float:
    """The headline speed figure: distinct phrases judged per second of exploration."""
    return round(judged / seconds, 1) if seconds > 0 else 0.0
