"""The edit `fuzzroute fix` proposes for the first decided findings a report lists: proved, then said in one line.

The report shows it on the finding's row (`OverviewRow.fix`), so an author
reads the fix where the finding is: "move "scale" above "incident" (proven
safe: moves only messages both match)".  Each is proved exactly as `fix`
proves it, on the graph as the report ran it, and only for the first few
findings (`results.fix_kinds.FIX_CARDS`), and only on graphs of at most
`REPORT_FIX_RULES` data rules: each proof decides the edited graph again,
and moving one rule of 200 above another asks about every rule between
(about 20 s of proof in a report whose own work takes 2 s);
`fuzzroute fix` proves them on any graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fuzzroute.decided.decisions import Decisions
from fuzzroute.engine.graph import Graph
from fuzzroute.fix.fixing import Attempt, attempts_for, best_attempt
from fuzzroute.fix.gaps import decided_gaps
from fuzzroute.results.document import DecidedRecord

#: The report proposes edits on graphs of at most this many data rules.
REPORT_FIX_RULES: Final = 100


def proposal(attempt: Attempt | None, reason: str | None) -> str:
    """One line: the edit and what the decided tier proved it does."""
    if attempt is None:
        return f"no fix found: {reason}" if reason else "no fix found"
    proof = attempt.proof
    if proof.safe:
        return f"{attempt.candidate.said} (proven safe: moves only {attempt.candidate.allowed.said}; `fuzzroute fix " \
               "--write` makes it)"
    if proof.escapes:
        moved = proof.escapes[0]
        old = "no rule" if moved.old is None else f'"{moved.old.id}"'
        new = "no rule" if moved.new is None else f'"{moved.new.id}"'
        also = f"it would also move {moved.witness!r} from {old} to {new}"
    elif proof.broken_rows:
        also = f"it would change the verdict of the declared row {proof.broken_rows[0].row.label}"
    elif proof.new_findings:
        also = "it would add a decided finding"
    else:
        also = proof.unresolved or "the automata could not decide what it moves"
    return f"no safe fix: {attempt.candidate.said}, but {also}"


def proposed_fixes(graph: Graph, decisions: Decisions, records: Sequence[DecidedRecord]) -> dict[str, str]:
    """For each decided record (by id, of the graph's `decisions`), the edit `fuzzroute fix` proposes, in one line."""
    if sum(1 for e in graph.entries if e.data_matcher is not None) > REPORT_FIX_RULES:
        return {}
    gaps = {
        (gap.code, gap.rule.index, None if len(gap.takers) != 1 else gap.takers[0].index): gap
        for gap in decided_gaps(graph, decisions)
    }
    found: dict[str, str] = {}
    for record in records:
        takers: list[int | None] = [r.rule_index for r in record.containing_rules] or [record.other_rule_index]
        gap = gaps.get((record.kind, record.rule_index, takers[0] if len(takers) == 1 else None))
        if gap is None or record.id is None:
            continue
        attempts, why = attempts_for(graph, decisions, gap)
        found[record.id] = proposal(best_attempt(attempts), why)
    return found
