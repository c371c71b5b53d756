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
from typing import Any

from fuzzroute.diff.matching import RuleMatching
from fuzzroute.diff.winners import LAWS
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.text import phrase_key
from fuzzroute.report.assembly.proven_rows import EXAMPLE, ProvenRow, rows_from_checkup

NEW_ERROR = "new-error"
FIXED = "error-fixed"
VERDICT_CHANGED = "verdict-changed"
CLAIMANT_CHANGED = "claimant-changed"
ROW_ADDED = "row-added"
ROW_REMOVED = "row-removed"


@dataclass(frozen=True)
class RowChange:
    """One declared row whose verdict differs between the versions (or that exists in only one)."""

    base: ProvenRow | None
    head: ProvenRow | None
    changes: tuple[str, ...]
    #: Laws under which the row's claimant is another rule now.
    moved_under: tuple[str, ...] = ()

    @property
    def row(self) -> ProvenRow:
        found = self.head or self.base
        assert found is not None
        return found

    @property
    def new_errors(self) -> list[dict[str, Any]]:
        """Errors of the new version that the old version's row did not have."""
        before = {_verdict(p) for p in (self.base.errors if self.base else ())}
        return [p for p in (self.head.errors if self.head else ()) if _verdict(p) not in before]


def _verdict(problem: dict[str, Any]) -> tuple[Any, ...]:
    return (problem.get("kind"), problem.get("code"), problem.get("from"), problem.get("to"))


def _key(row: ProvenRow, rule: int | None) -> tuple[Any, ...]:
    if row.kind == EXAMPLE:
        return (EXAMPLE, rule, row.phrase, row.occurrence)
    return (row.kind, phrase_key(row.phrase))


def compare_rows(base: Graph, head: Graph, matching: RuleMatching) -> list[RowChange]:
    """Every row whose verdict or claimant changes, in the new version's order, then removed rows."""
    old_rows = rows_from_checkup(base)
    new_rows = rows_from_checkup(head)
    by_key = {_key(r, None if r.rule_index is None else matching.head_of.get(r.rule_index)): r for r in old_rows}
    changes: list[RowChange] = []
    used: set[tuple[Any, ...]] = set()
    for row in new_rows:
        key = _key(row, row.rule_index)
        old = by_key.get(key)
        if old is None:
            changes.append(RowChange(None, row, (ROW_ADDED, *([NEW_ERROR] if row.errors else []))))
            continue
        used.add(key)
        change = _changed(old, row, matching)
        if change is not None:
            changes.append(change)
    changes.extend(RowChange(r, None, (ROW_REMOVED,)) for k, r in by_key.items() if k not in used)
    return changes


def _changed(old: ProvenRow, new: ProvenRow, matching: RuleMatching) -> RowChange | None:
    labels: list[str] = []
    before = [_verdict(p) for p in old.problems]
    after = [_verdict(p) for p in new.problems]
    old_errors = {_verdict(p) for p in old.errors}
    new_errors = {_verdict(p) for p in new.errors}
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
    found = (row.claims or {}).get(law)
    if found is None:
        return None
    index = int(found["index"])
    if matching is None:
        return ("rule", index)
    head = matching.head_of.get(index)
    return ("rule", head) if head is not None else ("gone", index)


