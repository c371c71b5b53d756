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
from fuzzroute.diff.fail_on_changes import DEFAULT_FAIL_ON, check_diff_fail_on, exit_status_of
from fuzzroute.diff.matching import RuleMatching, RulePair, condition_segments, match_rules
from fuzzroute.diff.moves import MOVED, UNDECIDED, LawTable, decide_law, stays
from fuzzroute.diff.proven import RowChange, claims_of, compare_rows, location_of, problems_of
from fuzzroute.diff.sampled import Sampling as SampledPairs
from fuzzroute.diff.sampled import sample_undecided
from fuzzroute.diff.versions import Version
from fuzzroute.diff.winners import CASCADE, COLD_WALK, LAWS
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.generate.relation import SHARED_TEXT as MEETS_IN_SHARED_TEXT
from fuzzroute.generate.relation import meeting
from fuzzroute.report import tool_versions
from fuzzroute.results.diff_document import (
    CO_OCCURRENCE,
    MATCHER_CHANGED,
    NO_LONGER_WINS,
    NOW_WINS,
    PARTIAL,
    SHARED_TEXT,
    TOTAL,
    UNKNOWN_EXTENT,
    ConditionParts,
    DiffDocument,
    DiffStats,
    DiffSummary,
    Extent,
    FailOn,
    GraphDiff,
    Move,
    MoveClaims,
    MovedByLaw,
    ProvenChange,
    Relation,
    RowVerdict,
    RuleChange,
    RuleRef,
    SampledMove,
    Sampling,
    Side,
    StartChange,
    StartKind,
    UndecidedPair,
    new_error_count,
    proven_move_count,
)
from fuzzroute.results.rows import ProvenRow

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
    policy = check_diff_fail_on(fail_on)
    old, new = base.graph, head.graph
    matching = match_rules(old.entries, new.entries)
    automata = Automata(old.entries, new.entries, Budget(max_states, total_states))
    tables = [decide_law(old, new, law, automata, matching) for law in LAWS]
    changed = [p for p in matching.pairs if p.changes]
    rules = tuple(_rule_change(p) for p in changed)
    olds = {e.index: rule_ref(e) for e in old.entries}
    news = {e.index: rule_ref(e) for e in new.entries}
    moves: list[Move] = []
    starts: list[StartChange] = []
    undecided: list[UndecidedPair] = []
    defects: list[str] = []
    for table in tables:
        _read_table(table, matching, olds, news, old, new, moves, starts, undecided)
        defects.extend(table.defects)
    proven = tuple(_proven(c) for c in compare_rows(old, new, matching))
    sampled = sample_undecided(
        old, new, tables, [(u.law, _index(u.old), _index(u.new)) for u in undecided],
        seed=seed, budget=budget, known=_known_phrases(old, new, moves),
    )
    defects.extend(sampled.defects)
    sampling = Sampling(
        ran=sampled.ran, seed=seed, budget=budget, phrases=sampled.phrases, rules=tuple(sampled.rules),
        moves=_sampled_moves(sampled, olds, news),
    )
    exit_status = exit_status_of(tuple(moves), proven, policy)
    document = DiffDocument(
        base=_side(base),
        head=_side(head),
        live_law=CASCADE if new.has_classifier else COLD_WALK,
        summary=_summary(rules, moves, starts, undecided, proven, sampling, defects, policy, exit_status),
        rules=rules,
        moves=tuple(moves),
        starts=tuple(starts),
        undecided=tuple(undecided),
        proven=proven,
        sampling=sampling,
        defects=tuple(defects),
        stats=DiffStats(
            searches=automata.budget.searches, states=automata.budget.spent, max_states=max_states,
            total_states=total_states,
        ),
        notes=(*base.notes, *head.notes, *_mount_notes(base, head)),
    )
    return GraphDiff(
        document,
        head_match={a: news[b] for a, b in matching.head_of.items()},
        condition_parts={n: parts for n, p in enumerate(changed) if (parts := _condition_parts(p))},
        tool_version=tool_versions().get("fuzzroute", "unknown"),
    )


def _summary(
    rules: tuple[RuleChange, ...], moves: list[Move], starts: list[StartChange], undecided: list[UndecidedPair],
    proven: tuple[ProvenChange, ...], sampling: Sampling, defects: list[str], fail_on: FailOn, exit_status: int,
) -> DiffSummary:
    return DiffSummary(
        rule_changes=len(rules),
        moved_pairs=len(moves),
        start_changes=len(starts),
        moved_pairs_by_law=MovedByLaw(
            cold_walk=sum(1 for m in moves if m.law == COLD_WALK), cascade=sum(1 for m in moves if m.law == CASCADE)
        ),
        undecided_pairs=len(undecided),
        proven_changes=len(proven),
        proven_new_errors=new_error_count(proven),
        proven_moves=proven_move_count(proven),
        sampled_pairs=len(sampling.moves),
        defects=len(defects),
        fail_on=fail_on,
        exit_status=exit_status,
    )


def _read_table(
    table: LawTable, matching: RuleMatching, olds: dict[int, RuleRef], news: dict[int, RuleRef], base: Graph,
    head: Graph, moves: list[Move], starts: list[StartChange], undecided: list[UndecidedPair],
) -> None:
    """One law's answers: each pair that is not a stay is a move or an undecided pair; then its start changes."""
    for (a, b), answer in sorted(table.answers.items(), key=lambda item: _pair_order(item[0])):
        if stays(matching, a, b):
            continue
        ref_a = None if a is None else olds[a]
        ref_b = None if b is None else news[b]
        if answer.status == MOVED:
            assert answer.witness is not None and answer.base_claims and answer.head_claims
            moves.append(Move(
                law=table.law, old=ref_a, new=ref_b, witness=answer.witness,
                relation=_relation(base, head, a, b, answer.witness),
                claims=MoveClaims(base=answer.base_claims, head=answer.head_claims), extent=_extent(table, a, b),
            ))
        elif answer.status == UNDECIDED:
            undecided.append(UndecidedPair(law=table.law, old=ref_a, new=ref_b, reason=answer.reason or "undecided"))
    changed: tuple[tuple[StartKind, list[tuple[int, int, str | None]]], ...] = (
        (NOW_WINS, table.now_win), (NO_LONGER_WINS, table.no_longer_win)
    )
    for kind, found in changed:
        starts.extend(
            StartChange(law=table.law, kind=kind, old=olds[a], new=news[b], witness=text) for a, b, text in found
        )


def _relation(base: Graph, head: Graph, old: int | None, new: int | None, witness: str) -> Relation | None:
    """How the old and the new claimant meet on a moved message (None when one of them is "no rule")."""
    if old is None or new is None:
        return None
    a, b = base.entries[old], head.entries[new]
    if a.data_matcher is None or b.data_matcher is None:
        return None
    shared = any(
        (found := meeting(x, y, witness)) is not None and found.relation == MEETS_IN_SHARED_TEXT
        for x, y in ((a, b), (b, a))
    )
    return SHARED_TEXT if shared else CO_OCCURRENCE


def _side(version: Version) -> Side:
    graph = version.graph
    return Side(
        spec=version.spec, path=version.path, name=graph.name, mount=graph.mount, order_decides=graph.order_decides,
        revision=version.revision, rules=len(graph.entries),
    )


def rule_ref(entry: Entry) -> RuleRef:
    """A rule of one version as the diff document names it."""
    return RuleRef(index=entry.index, id=entry.id, caption=entry.caption, location=entry.location)


def _ref(entry: Entry | None) -> RuleRef | None:
    return None if entry is None else rule_ref(entry)


def _index(ref: RuleRef | None) -> int | None:
    return None if ref is None else ref.index


def _pair_order(pair: tuple[int | None, int | None]) -> tuple[int, int]:
    a, b = pair
    return (10**9 if a is None else a, 10**9 if b is None else b)


def _extent(table: LawTable, old: int | None, new: int | None) -> Extent:
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
        kind=row.kind, phrase=row.phrase, label=row.label, changes=change.changes, moved_under=change.moved_under,
        base=_verdict(change.base), head=_verdict(change.head), new_errors=change.new_errors,
        location=location_of(row),
    )


def _verdict(row: ProvenRow | None) -> RowVerdict | None:
    if row is None:
        return None
    return RowVerdict(row=row.label, problems=problems_of(row), claims=claims_of(row))


def _known_phrases(old: Graph, new: Graph, moves: list[Move]) -> list[str]:
    phrases: list[str] = []
    for graph in (old, new):
        for entry in graph.entries:
            phrases.extend(entry.examples or ())
        phrases.extend(graph.never_route_phrases)
    phrases.extend(m.witness for m in moves)
    return list(dict.fromkeys(phrases))


def _sampled_moves(
    sampling: SampledPairs, olds: dict[int, RuleRef], news: dict[int, RuleRef]
) -> tuple[SampledMove, ...]:
    moves = []
    for pair in sampling.pairs:
        phrase, base_claims, head_claims = pair.witnesses[0]
        moves.append(SampledMove(
            law=pair.law, old=None if pair.old is None else olds[pair.old],
            new=None if pair.new is None else news[pair.new], witness=phrase,
            claims=MoveClaims(base=base_claims, head=head_claims), count=pair.count,
            witnesses=tuple(w for w, _b, _h in pair.witnesses),
        ))
    return tuple(moves)


def _rule_change(pair: RulePair) -> RuleChange:
    condition = None
    if pair.base is not None and pair.head is not None and MATCHER_CHANGED in pair.changes:
        condition = "".join(f"`{text}`" if graph else text for graph, text in _condition_parts(pair))
    return RuleChange(changes=pair.changes, old=_ref(pair.base), new=_ref(pair.head), condition=condition)


def _condition_parts(pair: RulePair) -> ConditionParts:
    """How a changed condition changed, as (is graph text, text) pieces; empty when it did not change."""
    if pair.base is None or pair.head is None or MATCHER_CHANGED not in pair.changes:
        return ()
    return tuple(condition_segments(pair.base, pair.head))


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
