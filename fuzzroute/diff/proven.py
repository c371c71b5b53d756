"""Declared examples and never-route rows whose proven verdict changes between two versions.

Both versions run the reference checks (tier 1, exact); rows are paired by
the rule that declares them (through the rule matching: a moved or renamed
rule keeps its rows), the phrase and its occurrence, and never-route rows by
the phrase compared trimmed and lower-cased, as declarations compare them.
A row's verdict is its problems (kind, code, from, to) and its claimant
under each law; the claimants are compared as rules (old rule -> its match
in the new version), so a rule that only changed position is no change.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuzzroute.diff.matching import RuleMatching
from fuzzroute.diff.winners import COLD_WALK, LAWS
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claims
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.engine.text import phrase_key
from fuzzroute.report import rows_from_checkup
from fuzzroute.results.diff_document import (
    CLAIMANT_CHANGED,
    FIXED,
    NEW_ERROR,
    ROW_ADDED,
    ROW_REMOVED,
    VERDICT_CHANGED,
    Law,
    ProvenChangeKind,
    RowProblem,
)
from fuzzroute.results.rows import EXAMPLE, ProvenRow


@dataclass(frozen=True)
class RowChange:
    """One declared row whose verdict differs between the versions (or that exists in only one)."""

    base: ProvenRow | None
    head: ProvenRow | None
    changes: tuple[ProvenChangeKind, ...]
    #: Laws under which the row's claimant is another rule now.
    moved_under: tuple[Law, ...] = ()

    @property
    def row(self) -> ProvenRow:
        found = self.head or self.base
        assert found is not None
        return found

    @property
    def new_errors(self) -> tuple[RowProblem, ...]:
        """Errors of the new version that the old version's row did not have."""
        before = {_verdict(p) for p in errors_of(self.base)}
        return tuple(p for p in errors_of(self.head) if _verdict(p) not in before)


def problems_of(row: ProvenRow | None) -> tuple[RowProblem, ...]:
    """A row's problems in the diff's own shape."""
    if row is None:
        return ()
    return tuple(
        RowProblem(kind=p.kind, code=p.code, skill=p.skill, example=p.example, from_=p.from_, to=p.to,
                   message=p.message, location=p.location)
        for p in row.problems
    )


def errors_of(row: ProvenRow | None) -> tuple[RowProblem, ...]:
    return tuple(p for p in problems_of(row) if p.kind == "error")


def claims_of(row: ProvenRow) -> Claims | None:
    """Both laws' claimants of a row's phrase, when the rows know them."""
    return row.claims


def location_of(row: ProvenRow) -> SourceLocation | None:
    return row.location


def _verdict(problem: RowProblem) -> tuple[str, str, str | None, str | None]:
    return (problem.kind, problem.code, problem.from_, problem.to)


def _key(row: ProvenRow, rule: int | None) -> tuple[object, ...]:
    if row.kind == EXAMPLE:
        return (EXAMPLE, rule, row.phrase, row.occurrence)
    return (row.kind, phrase_key(row.phrase))


def compare_rows(base: Graph, head: Graph, matching: RuleMatching) -> list[RowChange]:
    """Every row whose verdict or claimant changes, in the new version's order, then removed rows."""
    old_rows = rows_from_checkup(base)
    new_rows = rows_from_checkup(head)
    by_key = {_key(r, None if r.rule_index is None else matching.head_of.get(r.rule_index)): r for r in old_rows}
    changes: list[RowChange] = []
    used: set[tuple[object, ...]] = set()
    for row in new_rows:
        key = _key(row, row.rule_index)
        old = by_key.get(key)
        if old is None:
            changes.append(RowChange(None, row, (ROW_ADDED, NEW_ERROR) if row.errors else (ROW_ADDED,)))
            continue
        used.add(key)
        change = _changed(old, row, matching)
        if change is not None:
            changes.append(change)
    changes.extend(RowChange(r, None, (ROW_REMOVED,)) for k, r in by_key.items() if k not in used)
    return changes


def _changed(old: ProvenRow, new: ProvenRow, matching: RuleMatching) -> RowChange | None:
    labels: list[ProvenChangeKind] = []
    before = [_verdict(p) for p in problems_of(old)]
    after = [_verdict(p) for p in problems_of(new)]
    old_errors = {_verdict(p) for p in errors_of(old)}
    new_errors = {_verdict(p) for p in errors_of(new)}
    if new_errors - old_errors:
        labels.append(NEW_ERROR)
    if old_errors - new_errors:
        labels.append(FIXED)
    if before != after and not labels:
        labels.append(VERDICT_CHANGED)
    moved = tuple(law for law in LAWS if _claimant(old, law, matching) != _claimant(new, law, None))
    if moved:
        labels.append(CLAIMANT_CHANGED)
    if not labels:
        return None
    return RowChange(old, new, tuple(labels), moved)


def _claimant(row: ProvenRow, law: str, matching: RuleMatching | None) -> tuple[str, int | None] | None:
    """The row's claimant as a rule of the new version (an old rule through the matching)."""
    claims = claims_of(row)
    found = None if claims is None else claims.cold_walk if law == COLD_WALK else claims.cascade
    if found is None:
        return None
    index = found.index
    if matching is None:
        return ("rule", index)
    head = matching.head_of.get(index)
    return ("rule", head) if head is not None else ("gone", index)


