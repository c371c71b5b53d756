"""`diff_versions(base, head)`: which messages change the rule that starts the turn, and how we know.

Steps, each in its own module:

1. `matching`: pair the rules of the two versions (added, removed, renamed,
   reordered, matcher changed);
2. `moves`: for each law, every (old claimant, new claimant) pair decided
   over one automaton alphabet for both versions; a pair whose new rule is
   not the old rule's match is a move, `total` or `partial`;
3. `proven`: the declared rows whose verdict or claimant changes;
4. `sampled`: generated phrases for the pairs left undecided.

All work is bounded by counts (automaton states, phrases), never by time, so
the same inputs give the same diff on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fuzzroute.diff.automata import MAX_STATES, TOTAL_STATES, Automata, Budget
from fuzzroute.diff.fail_on_changes import DEFAULT_FAIL_ON, check_diff_fail_on, diff_exit_status
from fuzzroute.diff.graph_diff import (
    NO_LONGER_WINS,
    NOW_WINS,
    PARTIAL,
    TOTAL,
    UNKNOWN_EXTENT,
    GraphDiff,
    Move,
    ProvenChange,
    RuleChange,
    RuleRef,
    Side,
    StartChange,
    UndecidedPair,
)
from fuzzroute.diff.matching import MATCHER_CHANGED, RuleMatching, RulePair, condition_segments, match_rules
from fuzzroute.diff.moves import MOVED, UNDECIDED, LawTable, decide_law, stays
from fuzzroute.diff.proven import RowChange, compare_rows
from fuzzroute.diff.sampled import Sampling, sample_undecided
from fuzzroute.diff.versions import Version
from fuzzroute.diff.winners import CASCADE, COLD_WALK, LAWS
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.generate.relation import CO_OCCURRENCE, SHARED_TEXT, meeting
from fuzzroute.report.assembly.proven_rows import ProvenRow

#: Phrases judged for undecided pairs unless told otherwise.
DEFAULT_BUDGET = 500


def diff_graphs(base: Graph, head: Graph, **options: Any) -> GraphDiff:
    """`diff_versions` for two graphs already in memory (named by their graph names)."""
    return diff_versions(
        Version(base, base.name, base.name, "python"), Version(head, head.name, head.name, "python"), **options
    )


def diff_versions(
    base: Version,
    head: Version,
    *,
    max_states: int = MAX_STATES,
    total_states: int = TOTAL_STATES,
    seed: int = 0,
    budget: int = DEFAULT_BUDGET,
    fail_on: str = DEFAULT_FAIL_ON,
) -> GraphDiff:
    """Diff two versions of a graph; see the module docstring."""
    check_diff_fail_on(fail_on)
    old, new = base.graph, head.graph
    matching = match_rules(old.entries, new.entries)
    automata = Automata(old.entries, new.entries, Budget(max_states, total_states))
    tables = [decide_law(old, new, law, automata, matching) for law in LAWS]
    diff = GraphDiff(_side(base), _side(head), fail_on=fail_on)
    diff.live_law = CASCADE if new.has_classifier else COLD_WALK
    diff.rules = [
        _rule_change(p) for p in matching.pairs if p.changes
    ]
    olds = {e.index: RuleRef.of(e) for e in old.entries}
    news = {e.index: RuleRef.of(e) for e in new.entries}
    diff.head_match = {a: news[b] for a, b in matching.head_of.items()}
    for table in tables:
        _read_table(diff, table, matching, olds, news, old, new)
    diff.proven = [_proven(c) for c in compare_rows(old, new, matching)]
    known = _known_phrases(old, new, diff)
    sampling = sample_undecided(
        old, new, tables, [(u.law, _index(u.old), _index(u.new)) for u in diff.undecided],
        seed=seed, budget=budget, known=known,
    )
    diff.sampled = _sampled_moves(sampling, olds, news)
    diff.sampling = {
        "ran": sampling.ran, "seed": seed, "budget": budget, "phrases": sampling.phrases,
        "rules": list(sampling.rules),
    }
    diff.defects.extend(sampling.defects)
    diff.stats = {
        "searches": automata.budget.searches,
        "states": automata.budget.spent,
        "max_states": max_states,
        "total_states": total_states,
    }
    diff.notes = [*base.notes, *head.notes, *_mount_notes(base, head)]
    diff.exit_status = diff_exit_status(diff, fail_on)
    return diff


def _read_table(
    diff: GraphDiff, table: LawTable, matching: RuleMatching, olds: dict[int, RuleRef], news: dict[int, RuleRef],
    base: Graph, head: Graph,
) -> None:
    """One law's answers into the diff: each pair that is not a stay is a move or an undecided pair."""
    for (a, b), answer in sorted(table.answers.items(), key=lambda item: _pair_order(item[0])):
        if stays(matching, a, b):
            continue
        ref_a = None if a is None else olds[a]
        ref_b = None if b is None else news[b]
        if answer.status == MOVED:
            assert answer.witness is not None and answer.base_claims and answer.head_claims
            diff.moves.append(
                Move(table.law, ref_a, ref_b, answer.witness, answer.base_claims, answer.head_claims,
                     extent=_extent(table, a, b), relation=_relation(base, head, a, b, answer.witness))
            )
        elif answer.status == UNDECIDED:
            diff.undecided.append(UndecidedPair(table.law, ref_a, ref_b, answer.reason or "undecided"))
    diff.defects.extend(table.defects)
    for kind, found in ((NOW_WINS, table.now_win), (NO_LONGER_WINS, table.no_longer_win)):
        diff.starts.extend(StartChange(table.law, kind, olds[a], news[b], text) for a, b, text in found)


def _relation(base: Graph, head: Graph, old: int | None, new: int | None, witness: str) -> str | None:
    """How the old and the new claimant meet on a moved message (None when one of them is "no rule")."""
    if old is None or new is None:
        return None
    a, b = base.entries[old], head.entries[new]
    if a.data_matcher is None or b.data_matcher is None:
        return None
    shared = any(
        (found := meeting(x, y, witness)) is not None and found.relation == SHARED_TEXT for x, y in ((a, b), (b, a))
    )
    return SHARED_TEXT if shared else CO_OCCURRENCE


def _side(version: Version) -> Side:
    graph = version.graph
    return Side(
        version.spec, version.path, graph.name, graph.mount, graph.order_decides, version.revision,
        len(graph.entries),
    )


def _ref(entry: Entry | None) -> RuleRef | None:
    return None if entry is None else RuleRef.of(entry)


def _index(ref: RuleRef | None) -> int | None:
    return None if ref is None else ref.index


def _pair_order(pair: tuple[int | None, int | None]) -> tuple[int, int]:
    a, b = pair
    return (10**9 if a is None else a, 10**9 if b is None else b)


def _extent(table: LawTable, old: int | None, new: int | None) -> str:
    """`total` when every message `old` started now starts `new`; see `Move`."""
    others = [
        table.answer(old, w.index).status for w in table.head_winners if w.index != new
    ]
    if MOVED in others:
        return PARTIAL
    if UNDECIDED in others:
        return UNKNOWN_EXTENT
    return TOTAL


def _proven(change: RowChange) -> ProvenChange:
    row = change.row
    return ProvenChange(
        row.kind, row.phrase, row.label, change.changes, change.moved_under,
        _row_dict(change.base), _row_dict(change.head), tuple(change.new_errors), row.location,
    )


def _row_dict(row: ProvenRow | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {"row": row.label, "problems": [dict(p) for p in row.problems], "claims": row.claims}


def _known_phrases(old: Graph, new: Graph, diff: GraphDiff) -> list[str]:
    phrases: list[str] = []
    for graph in (old, new):
        for entry in graph.entries:
            phrases.extend(entry.examples or ())
        phrases.extend(graph.never_route_phrases)
    phrases.extend(m.witness for m in diff.moves)
    return list(dict.fromkeys(phrases))


def _sampled_moves(sampling: Sampling, olds: dict[int, RuleRef], news: dict[int, RuleRef]) -> list[Move]:
    moves = []
    for pair in sampling.pairs:
        phrase, base_claims, head_claims = pair.witnesses[0]
        moves.append(
            Move(
                pair.law, None if pair.old is None else olds[pair.old], None if pair.new is None else news[pair.new],
                phrase, base_claims, head_claims, tier="sampled", count=pair.count,
                more_witnesses=tuple(w for w, _b, _h in pair.witnesses[1:]),
            )
        )
    return moves


def _rule_change(pair: RulePair) -> RuleChange:
    if pair.base is None or pair.head is None or MATCHER_CHANGED not in pair.changes:
        return RuleChange(_ref(pair.base), _ref(pair.head), pair.changes)
    parts = condition_segments(pair.base, pair.head)
    condition = "".join(f"`{text}`" if graph else text for graph, text in parts)
    return RuleChange(_ref(pair.base), _ref(pair.head), pair.changes, condition, parts)


def _mount_notes(base: Version, head: Version) -> Sequence[str]:
    notes = []
    for version in (base, head):
        if not version.graph.order_decides:
            notes.append(
                f"{version.spec} is mounted as {version.graph.mount!r}: a scorer or the model picks the entry, so "
                "declaration order does not decide the start; the moves say what the start rules claim."
            )
    if base.graph.mount != head.graph.mount:
        notes.append(f"The mount changed from {base.graph.mount!r} to {head.graph.mount!r}.")
    return notes
