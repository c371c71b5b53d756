"""`fix_graph(loaded)`: every gap the tiers find, each with a proven edit when one exists, applied in turn.

One finding at a time, in a fixed order (pairs and ranges in rule order,
then near misses): its candidates are built on the graph as it stands,
each is proved on the graph before and after (`prove`), the best safe one
(fewest declared rows changed, a narrowing before a reorder on a tie, then
the smallest edit) is made in the source and the source is loaded again
(`authoring.rule_source`), and the findings are read again from the new
graph, so a fix that settles another finding, or a near miss of an example
a fix declared, is seen at once.  Each finding is tried once per run.  A
candidate that moves other messages is kept as the finding's *unsafe*
proposal, made only when `unsafe` asks for it.

Nothing is sampled and every bound is counted, so the same graph gives the
same fixes on every run and machine; a second run after the fixes were
written finds nothing more to do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from fuzzroute.authoring.rule_edits import edited_graph
from fuzzroute.authoring.rule_source import proved_edit
from fuzzroute.authoring.suggest import read_source, refuse_changed
from fuzzroute.decided import decide
from fuzzroute.decided.decisions import CASE_RANGE, NEVER_WINS, OVERLAP, Decisions
from fuzzroute.decided.languages import languages_for
from fuzzroute.decided.verdict import judge
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import DeclarationError, InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.fix.candidates import Candidate, case_range_candidates, name, pair_candidates
from fuzzroute.fix.gaps import Gap, decided_gaps, ordered, selected
from fuzzroute.fix.prove import Proof, finding_key, prove
from fuzzroute.fix.variant_fixes import variant_candidates
from fuzzroute.graphfiles.loader import LoadedGraph

Status = Literal["safe", "unsafe", "unproven", "no-fix"]
#: Findings tried per run at most (each is tried once; fixes can bring new near misses into view).
MOST_FINDINGS: Final = 200


@dataclass(frozen=True)
class Attempt:
    """One candidate and what the decided tier proved it does."""

    candidate: Candidate
    proof: Proof


@dataclass(frozen=True)
class FixResult:
    """What `fix` did about one finding."""

    gap: Gap
    #: `safe`: a proven fix (made unless the source refused it); `unsafe`: every candidate moves other messages
    #: or breaks something (the best is shown); `unproven`: the automata could not decide; `no-fix`: none exists.
    status: Status
    #: The fix made or offered (the safe one, else the best unsafe one), None when there is none.
    chosen: Attempt | None
    attempts: tuple[Attempt, ...]
    #: Why there is no fix, or why the chosen one was not made.
    reason: str | None
    #: Whether the edit is in the new text (written with --write, shown with --diff).
    made: bool


@dataclass(frozen=True)
class FixRun:
    """One `fix` run: what it found and did, the source before and after, and the graph after."""

    loaded: LoadedGraph
    results: tuple[FixResult, ...]
    old: str
    new: str
    #: The graph the new text declares, and its decided tier.
    final: LoadedGraph
    final_decisions: Decisions

    @property
    def changed(self) -> bool:
        return self.new != self.old

    def count(self, status: Status, *, made: bool | None = None) -> int:
        return sum(1 for r in self.results if r.status == status and (made is None or r.made == made))


GapSource = Callable[[Graph, Decisions], list[Gap]]


def _unread(graph: Graph, entry: Entry) -> str | None:
    """Why the automata cannot read a rule (so no edit of it can be proven), or None."""
    if entry.when is not None:
        return f"{name(entry)} has a `when` predicate, which the automata cannot read, so no edit of it can be proven"
    if entry.data_matcher is None:
        return f"{name(entry)} has no data condition to edit"
    rule = languages_for(graph).rules.get(entry.index)
    if rule is not None and rule.reason is not None:
        return (f"the automata cannot read {name(entry)} ({rule.reason}), so no edit of it can be proven; "
                "fix it by hand")
    return None


def _candidates(graph: Graph, gap: Gap) -> tuple[list[Candidate], str | None]:
    """The candidates for a gap, or why there are none."""
    if gap.code in (OVERLAP, NEVER_WINS):
        for entry in (gap.rule, *gap.takers):
            why = _unread(graph, entry)
            if why is not None:
                return [], why
        found = pair_candidates(gap)
        return found, None if found else "no narrowing or reorder could be built for this pair"
    if gap.code == CASE_RANGE:
        found = case_range_candidates(gap.rule)
        return found, None if found else "the range could not be rewritten in the rule's source"
    if gap.variant_kind is not None:
        why = _unread(graph, gap.rule)
        if why is not None:
            return [], why
        earlier = [t for t in gap.takers if t.index < gap.rule.index and not t.is_unconditional]
        if earlier:
            return [], (
                f"the earlier rule {name(earlier[0])} takes {gap.phrase!r}, so no widening of {name(gap.rule)} "
                "can make it start the turn; settle how the two rules share their words first"
            )
        found = variant_candidates(gap)
        return found, None if found else (
            f"no keyword or small regex edit of {name(gap.rule)} covers {gap.phrase!r}; widen the rule by hand"
        )
    return [], f"fuzzroute has no fix kind for {gap.code} findings"


def _claimant(graph: Graph, phrase: str) -> Entry | None:
    claims = graph.claims(phrase)
    found = claims.cascade if graph.has_classifier else claims.cold_walk
    return None if found is None else graph.entries[found.index]


def _resolution(before: Graph, gap: Gap) -> Callable[[Graph, Decisions], str | None]:
    """What must hold after a fix of `gap`: its finding gone (None), else why not."""
    if gap.item is not None and gap.code in (OVERLAP, NEVER_WINS):
        key = finding_key(gap.item, before.entries)

        def pair_gone(after: Graph, decisions: Decisions) -> str | None:
            still = any(finding_key(i, after.entries) == key for i in judge(decisions, after.acceptances).failing)
            return "the finding is still there after the edit" if still else None

        return pair_gone
    if gap.code == CASE_RANGE:
        occurrence = sum(1 for e in before.entries[: gap.rule.index] if e.id == gap.rule.id)

        def range_gone(after: Graph, decisions: Decisions) -> str | None:
            for item in decisions.of_kind(CASE_RANGE):
                same = [e for e in after.entries if e.id == gap.rule.id]
                if occurrence < len(same) and item.entry.index == same[occurrence].index:
                    return "the rule still has a range from a capital to a small letter"
            return None

        return range_gone
    phrase = gap.phrase

    def claimed(after: Graph, decisions: Decisions) -> str | None:
        if phrase is None:
            return None
        try:
            if not after.order_decides:
                rule = after.entries[gap.rule.index]
                return None if rule.data_matcher is not None and rule.data_matcher.matches(phrase) else \
                    f"{name(gap.rule)} still does not match {phrase!r}"
            got = _claimant(after, phrase)
        except RegexTimedOut:
            return f"the rules could not be run on {phrase!r} within the time limit"
        if got is None or got.index != gap.rule.index:
            taker = "no rule" if got is None else name(got)
            return f"{phrase!r} would still start {taker}, not {name(gap.rule)}"
        return None

    return claimed


def _badness(proof: Proof) -> tuple[int, int, int]:
    return (len(proof.escapes) + len(proof.broken_rows) + len(proof.new_findings), len(proof.undecided),
            0 if proof.unresolved is None else 1)


def _attempts(graph: Graph, decisions: Decisions, gap: Gap, candidates: Sequence[Candidate]) -> list[Attempt]:
    found: list[Attempt] = []
    resolved = _resolution(graph, gap)
    for candidate in candidates:
        try:
            after = edited_graph(graph, candidate.edits)
        except (DeclarationError, ValueError):
            continue
        proof = prove(graph, after, candidate.allowed, resolved=resolved, declared=candidate.declared,
                      witnesses=candidate.shown, before_decisions=decisions)
        found.append(Attempt(candidate, proof))
    return found


def attempts_for(graph: Graph, decisions: Decisions, gap: Gap) -> tuple[list[Attempt], str | None]:
    """Every candidate for `gap`, each proved on `graph` before and after; or why there is none."""
    candidates, why = _candidates(graph, gap)
    return _attempts(graph, decisions, gap, candidates), why


def _ranked_safe(attempts: Sequence[Attempt]) -> list[Attempt]:
    """Safe attempts, best first: fewest declared rows changed, then a narrowing before a reorder, then smallest."""
    safe = [(k, a) for k, a in enumerate(attempts) if a.proof.safe]
    return [a for _k, a in sorted(safe, key=lambda item: (item[1].proof.changed_rows,
                                                          0 if item[1].candidate.narrowing else 1, item[0]))]


def best_attempt(attempts: Sequence[Attempt]) -> Attempt | None:
    """The attempt `fix` would make: the best safe one, else the best unsafe one (None when there is none)."""
    safe = _ranked_safe(attempts)
    return safe[0] if safe else _best_unsafe(attempts)


def _best_unsafe(attempts: Sequence[Attempt]) -> Attempt | None:
    if not attempts:
        return None
    return min(enumerate(attempts), key=lambda item: (_badness(item[1].proof), item[0]))[1]


class _Fixing:
    """The state of one run: the source as fixed so far, and the graph it declares."""

    def __init__(self, loaded: LoadedGraph, text: str) -> None:
        self.loaded = loaded
        self.text = text
        self.decisions = decide(loaded.graph)

    def make(self, attempt: Attempt) -> str | None:
        """Make the attempt's edits in the source (None), or say why the source refused them."""
        try:
            text, loaded = proved_edit(self.loaded, self.text, attempt.candidate.edits)
        except InputError as exc:
            return " ".join(str(exc).split())
        self.text, self.loaded = text, loaded
        # The proof decided the same rules (the reload declares exactly the edited graph): its answers stand.
        decided = attempt.proof.decisions
        self.decisions = decided if decided is not None else decide(loaded.graph)
        return None

    def result(self, gap: Gap, unsafe: bool) -> FixResult:
        graph = self.loaded.graph
        candidates, why = _candidates(graph, gap)
        if not candidates:
            return FixResult(gap, "no-fix", None, (), why, False)
        attempts = _attempts(graph, self.decisions, gap, candidates)
        refusals: list[str] = []
        for attempt in _ranked_safe(attempts):
            refused = self.make(attempt)
            if refused is None:
                return FixResult(gap, "safe", attempt, tuple(attempts), None, True)
            refusals.append(refused)
        if refusals:
            return FixResult(gap, "safe", _ranked_safe(attempts)[0], tuple(attempts), refusals[0], False)
        best = _best_unsafe(attempts)
        if best is None:
            return FixResult(gap, "no-fix", None, (), "no candidate edit could be built", False)
        proof = best.proof
        status: Status = "unsafe" if _badness(proof)[0] or proof.unresolved else "unproven"
        if unsafe and proof.unresolved is None:
            refused = self.make(best)
            return FixResult(gap, status, best, tuple(attempts), refused, refused is None)
        return FixResult(gap, status, best, tuple(attempts), None, False)


def fix_graph(
    loaded: LoadedGraph,
    *,
    select: frozenset[str] | None = None,
    unsafe: bool = False,
    original: str | None = None,
    near_misses: GapSource | None = None,
    text: str | None = None,
    only: Callable[[Gap], bool] | None = None,
) -> FixRun:
    """Find every selected gap and fix each that a proven edit fixes; see the module docstring.

    `select`: finding codes and variant kinds to look at (None: all);
    `unsafe`: also make the best unsafe candidate of a finding with no safe
    one; `original`: the file's text when the graph was loaded (a file
    changed since is refused); `near_misses`: the near-miss findings of a
    graph (by default the deterministic variants of its rules' sentences,
    `near_miss_gaps.NearMissGaps`); `text`: the source to fix, when it is
    not the file's (it must declare `loaded.graph`); `only`: the findings to
    look at (after `select`).
    """
    from fuzzroute.fix.near_miss_gaps import NearMissGaps

    near_misses = NearMissGaps() if near_misses is None else near_misses
    if text is None:
        text = read_source(loaded.path)
        refuse_changed(loaded.path, original, text)
    state = _Fixing(loaded, text)
    tried: set[tuple[object, ...]] = set()
    results: list[FixResult] = []
    while len(results) < MOST_FINDINGS:
        graph = state.loaded.graph
        gaps = [*decided_gaps(graph, state.decisions), *near_misses(graph, state.decisions)]
        pending = [g for g in ordered(gaps) if selected(g, select) and g.key not in tried
                   and (only is None or only(g))]
        if not pending:
            break
        gap = pending[0]
        tried.add(gap.key)
        results.append(state.result(gap, unsafe))
    return FixRun(loaded, tuple(results), text, state.text, state.loaded, state.decisions)


def policy_passes(final: LoadedGraph, decisions: Decisions, fail_on: str) -> bool:
    """Whether `check --fail-on FAIL_ON` would pass on the fixed graph: decided by check's own document."""
    from fuzzroute.report import CheckedGraph, check_document

    graph = final.graph
    checked = CheckedGraph(str(final.path), final, graph.checkup(), decisions, judge(decisions, graph.acceptances))
    return check_document([checked], fail_on=fail_on).passed
