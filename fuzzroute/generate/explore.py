"""`explore`: generate phrases from every rule, judge them under both laws, group what is found.

The run has four phases, all inside one budget:

0. Decided overlaps (`intersect`): for pairs of data-matcher rules, the
   shortest phrase that is one rule's own text and that the other also
   matches, computed with interegular; each is a candidate of the rule
   whose text it is, judged like the phrases of phase 1.
1. Round-robin over the rules' candidate streams (`sources`).  Each new
   phrase is judged once (`Judge`, i.e. `graph.laws.both`); a phrase is
   attributed to the rule it came from only if that rule's own condition
   accepts it (otherwise it is a generator reject, counted, not reported).
2. Slow matchers: each regex with an unbounded repeat is timed on pumped
   phrases built from its own text.
3. Warm contexts: phrases a `when` rule declined cold are retried on
   generated later-turn contexts.

Order-dependent findings (shadowing, overlap, never-wins, law disagreement,
claimed-elsewhere) are only made when declaration order decides the start
(the `rules` and `classifier` mounts); a law disagreement only on `rules`,
because a classifier mount always runs the cascade.  A rules-overlap pair
that is also reported as shadowed is reported once, as shadowed.

`Witness.generator` names where a phrase came from: `regex/intersection`
(phase 0), `regex/exrex`, `regex/walk`, `regex/hypothesis`, `keywords/frame`,
`keywords/probe`, `all-of`, `splice`, `when/constants`, `when/pool`,
`mutation/<edit>` (case, punctuation, inflection, drop, swap, spacing,
insertion, typo, splice), `when/context` and `adversarial`.  For slow-matcher, `paste` is the phrase as
a Python expression (`"a" * 28 + "!"`), not an example line: a slow phrase
should not become a checkup example.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from fuzzroute.graph import Graph
from fuzzroute.laws import Claims
from fuzzroute.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    SUGGESTION_KINDS,
    WHEN_CLAIMS_WARM,
    Exploration,
    Suggestion,
)
from fuzzroute.text import phrase_key

from .budget import Budget, Progress
from .findings import Findings, Group, make_witness
from .intersect import IntersectionStats, intersection_candidates
from .judge import Judge
from .messages import render
from .seeded import stable_seed
from .slow import find_slow
from .sources import Candidate, StreamFactory, StreamSettings
from .stats import Stats
from .warm import find_warm, warm_contexts

#: hypothesis `from_regex` draws per regex rule when the budget is generous.
MAX_HYPOTHESIS_DRAWS = 16
#: ... and only when each rule's share of the phrase budget is at least this.
HYPOTHESIS_MIN_SHARE = 48
#: Phrases a `when` rule may read from the pool of other rules' phrases.
POOL_SIZE = 400
#: Reseeded generation rounds at most (a round that finds nothing new ends the loop sooner).
MAX_ROUNDS = 64


class Explorer:
    """One exploration run over one graph (use `explore`)."""

    def __init__(self, graph: Graph, seed: int, budget: Budget) -> None:
        self.graph = graph
        self.seed = seed
        self.budget = budget
        self.entries = graph.entries
        self.judge = Judge(graph)
        self.findings = Findings(
            frozenset(phrase_key(x) for e in self.entries for x in e.examples or ())
        )
        self.stats = Stats(self.entries)
        self.order_decides = graph.order_decides
        self.cold_walk_mount = graph.mount == "rules"
        self.generated = 0
        self.generator_counts: dict[str, int] = {}
        self.pool: list[str] = []
        self._pooled: set[str] = set()
        self._seen: set[tuple[str, int, str | None]] = set()
        self._example_holds: dict[tuple[int, str], bool] = {}
        self.declined: dict[int, dict[str, None]] = {}
        self.exhausted = False
        self.intersection = IntersectionStats()

    # -- phase 0 -------------------------------------------------------------
    def intersections(self) -> None:
        """Decided overlap witnesses, taken like generated phrases (only where order decides)."""
        if not self.order_decides:
            return
        for candidate in intersection_candidates(self.entries, self.budget, self.intersection):
            self.take(candidate)

    # -- phase 1 -------------------------------------------------------------
    def settings(self) -> StreamSettings:
        streams = sum(1 for e in self.entries if not e.is_intent and not e.is_unconditional) or 1
        per_rule = None if self.budget.phrases is None else self.budget.phrases // streams
        # A hypothesis draw costs ~100x a walker phrase plus a fixed set-up per
        # rule, so only rules with a generous share of the budget get them.
        if per_rule is None:
            draws = MAX_HYPOTHESIS_DRAWS
        else:
            draws = 0 if per_rule < HYPOTHESIS_MIN_SHARE else min(MAX_HYPOTHESIS_DRAWS, per_rule // 12)
        return StreamSettings(self.seed, draws)

    def pool_at(self, position: int) -> str | None:
        return self.pool[position] if position < len(self.pool) else None

    def generate(self) -> None:
        """Take turns on every rule's stream; when all run dry, start a reseeded round.

        Later rounds only help while they still find new phrases, so the loop
        ends at the first round that adds none (the generators are exhausted),
        at the phrase or time budget, or on a stop request.  A phrase budget
        also caps the rounds (MAX_ROUNDS) so its run time stays bounded; a time
        budget is meant to be used up, so it has no such cap.
        """
        rounds = range(MAX_ROUNDS) if self.budget.seconds is None else itertools.count()
        for round_number in rounds:
            if self.budget.halted() or not self.budget.can_judge():
                return
            before = len(self._seen)
            self.generate_round(round_number)
            if len(self._seen) == before:
                self.exhausted = True
                return
        self.exhausted = True

    def generate_round(self, round_number: int) -> None:
        settings = self.settings()
        if round_number:
            settings = StreamSettings(stable_seed(self.seed, "round", round_number), settings.hypothesis_draws)
        factory = StreamFactory(self.entries, settings, self.pool_at)
        streams = [s for s in (factory.stream(e) for e in self.entries) if s is not None]
        active = list(streams)
        while active and not self.budget.halted():
            still = []
            progressed = False
            for stream in active:
                if not self.budget.can_judge() or self.budget.halted():
                    return
                try:
                    candidate = next(stream)
                except StopIteration:
                    continue
                still.append(stream)
                if candidate is not None:
                    progressed = True
                    self.take(candidate)
            if not progressed:
                break  # only `when` pool readers are left, and the pool no longer grows
            active = still

    def ended_by(self) -> str:
        if self.budget.partial:
            return "interrupted"
        if self.budget.time_up:
            return "time-budget"
        if self.exhausted and self.budget.can_judge():
            return "exhausted"
        return "phrase-budget"

    def take(self, candidate: Candidate) -> None:
        self.generated += 1
        self.generator_counts[candidate.generator] = self.generator_counts.get(candidate.generator, 0) + 1
        key = (candidate.phrase, candidate.source, candidate.example)
        if key in self._seen:
            return
        self._seen.add(key)
        if not self.judge.known(candidate.phrase):
            if not self.budget.can_judge():
                return
            self.budget.spend()
        claims = self.judge.claims(candidate.phrase)
        self._pool(candidate)
        if candidate.example is not None:
            self.mutation(candidate, claims)
        else:
            self.rule_phrase(candidate, claims)

    def _pool(self, candidate: Candidate) -> None:
        source = self.entries[candidate.source]
        if source.when is None and len(self.pool) < POOL_SIZE and candidate.phrase not in self._pooled:
            self._pooled.add(candidate.phrase)
            self.pool.append(candidate.phrase)

    def rule_phrase(self, candidate: Candidate, claims: Claims) -> None:
        phrase, j = candidate.phrase, candidate.source
        if not self.judge.accepts(phrase, j):
            self.stats.reject(j)
            if self.entries[j].when is not None:
                self.declined.setdefault(j, {}).setdefault(phrase, None)
            return
        winner = self.judge.winner(claims)
        self.stats.accept(phrase, j, claims, winner, candidate.generator)
        if not self.order_decides:
            return
        witness = make_witness(phrase, claims, candidate.generator)
        cascade, cold = claims.cascade, claims.cold_walk
        if cascade is not None and cascade.index < j:
            self.findings.add(SHADOWED_BY_EARLIER_RULE, j, cascade.index, j, witness)
            return
        if self.cold_walk_mount and cold is not None and cold.unconditional and cold.index < j:
            self.findings.add(LAWS_DISAGREE, j, cold.index, j, witness)
            return
        for k in self.judge.later_matches(phrase, j):
            self.findings.add(RULES_OVERLAP, j, j, k, witness)

    def _holds(self, source: int, example: str) -> bool:
        """Whether the example's own rule claims it (mutations of a broken example are noise)."""
        key = (source, example)
        if key not in self._example_holds:
            if not self.judge.known(example):
                if not self.budget.can_judge():
                    return False
                self.budget.spend()
            cascade = self.judge.claims(example).cascade
            self._example_holds[key] = cascade is not None and cascade.index == source
        return self._example_holds[key]

    def mutation(self, candidate: Candidate, claims: Claims) -> None:
        phrase, r = candidate.phrase, candidate.source
        assert candidate.example is not None
        if not self._holds(r, candidate.example):
            return
        accepted = self.judge.accepts(phrase, r)
        if accepted:
            self.stats.accept(phrase, r, claims, self.judge.winner(claims), candidate.generator)
        witness = make_witness(phrase, claims, candidate.generator, mutation=candidate.label)
        detail = f"{candidate.edit}\x1f{candidate.example}"
        cascade = claims.cascade
        if not accepted and (cascade is None or not self.order_decides):
            self.findings.add(NEAR_MISS_UNCLAIMED, r, None, r, witness, detail)
        elif self.order_decides and cascade is not None and cascade.index != r:
            self.findings.add(NEAR_MISS_CLAIMED_ELSEWHERE, r, cascade.index, r, witness, detail)

    # -- phases 2 and 3 ----------------------------------------------------------
    def slow(self) -> None:
        for hit in find_slow(self.entries, self.budget.halted):
            claims = self.graph.claims(hit.phrase)
            witness = make_witness(hit.phrase, claims, "adversarial")
            self.findings.add(SLOW_MATCHER, hit.entry.index, None, None, witness, f"{hit.expression}\x1f{hit.caption}")

    def warm(self) -> None:
        when_rules = [e for e in self.entries if e.when is not None and not e.is_intent]
        if not when_rules or self.budget.stop_now():
            return
        texts = [x for e in self.entries for x in (e.examples or ())] + self.pool[:12]
        contexts = warm_contexts(self.graph, self.seed, texts)
        for entry in when_rules:
            phrases = list(self.declined.get(entry.index, {}))
            for hit in find_warm(self.graph, entry, phrases, contexts, self.budget.halted):
                witness = make_witness(hit.phrase, hit.claims, "when/context", hit.context)
                self.findings.add(WHEN_CLAIMS_WARM, entry.index, None, entry.index, witness)

    def never_wins(self) -> None:
        if not self.order_decides:
            return
        for entry in self.entries:
            j = entry.index
            if entry.is_intent or entry.is_unconditional or self.stats.generated[j] == 0 or self.stats.won[j]:
                continue
            taker = self.stats.top_taker(j)
            for witness in self.stats.samples[j]:
                self.findings.add(RULE_NEVER_WINS, j, taker, j, witness)
            group = self.findings.groups[(RULE_NEVER_WINS, j, taker, j)]
            group.count = self.stats.generated[j]

    def suggestions(self) -> tuple[Suggestion, ...]:
        shadowed = {(g.from_, g.to) for g in self.findings.groups.values() if g.kind == SHADOWED_BY_EARLIER_RULE}
        order = {kind: position for position, kind in enumerate(SUGGESTION_KINDS)}
        groups = [
            g
            for g in self.findings.groups.values()
            if not (g.kind == RULES_OVERLAP and (g.from_, g.to) in shadowed)
        ]
        groups.sort(key=lambda g: (order.get(g.kind, 99), _n(g.rule), _n(g.from_), _n(g.to)))
        out: list[Suggestion] = []
        for g in groups:
            extra = self._extra(g)
            message, paste, paste_json = render(g, self.entries, extra)
            out.append(
                Suggestion(
                    kind=g.kind,
                    rule=None if g.rule is None else self.entries[g.rule].id,
                    rule_index=g.rule,
                    from_=None if g.from_ is None else self.entries[g.from_].id,
                    from_index=g.from_,
                    to=None if g.to is None else self.entries[g.to].id,
                    to_index=g.to,
                    count=g.count,
                    witnesses=g.witnesses(),
                    message=message,
                    paste=paste,
                    paste_json=paste_json,
                    mutation=self._mutation(g),
                )
            )
        return tuple(out)

    @staticmethod
    def _mutation(group: Group) -> str | None:
        """The edit that made a near miss's best witness (None for every other kind)."""
        if group.kind not in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE):
            return None
        return group.witnesses()[0].mutation

    def _extra(self, group: Group) -> dict[str, str]:
        best = group.witnesses()[0]
        detail = group.details.get(best.phrase, "")
        first, _, second = detail.partition("\x1f")
        if group.kind in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE):
            return {"edit": first, "example": second, "label": best.mutation or first}
        if group.kind == SLOW_MATCHER:
            return {"expression": first, "caption": second}
        if group.kind == RULE_NEVER_WINS and group.rule is not None:
            counts = self.stats.lost_to[group.rule]
            ranked = sorted(counts, key=lambda k: (-counts[k], k))[:3]
            return {"takers": ", ".join(f'"{self.entries[k].id}" ({counts[k]})' for k in ranked) or "no entry"}
        return {}


def _n(value: int | None) -> int:
    return -1 if value is None else value


def explore(
    graph: Graph,
    *,
    seed: int = 0,
    budget_phrases: int | None = None,
    budget_seconds: float | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Exploration:
    """Generate phrases from every rule of `graph` and return grouped suggestions.

    With neither budget given, `budget_phrases` defaults to 2000.  Same graph,
    seed and phrase budget give the same suggestions.  `progress(done,
    total)` is called every few phrases (`total` is the phrase budget, or
    None when only time is budgeted); `should_stop()` is polled, and a stop
    returns early with `partial=True`.  Running out of time is a normal end
    (`ended_by="time-budget"`), as is a phrase budget the generators cannot
    fill (`ended_by="exhausted"`).
    """
    budget = Budget(budget_phrases, budget_seconds, progress, should_stop)
    explorer = Explorer(graph, seed, budget)
    explorer.intersections()
    explorer.generate()
    ended_by = explorer.ended_by()
    budget.begin_final_phases()
    if not budget.stop_now():
        explorer.slow()
    explorer.warm()
    explorer.never_wins()
    suggestions = explorer.suggestions()
    budget.finish()
    return Exploration(
        seed=seed,
        budget_phrases=budget.phrases,
        budget_seconds=budget_seconds,
        phrases_generated=explorer.generated,
        phrases_judged=budget.judged,
        elapsed_seconds=round(budget.elapsed(), 6),
        suggestions=suggestions,
        rules=explorer.stats.rule_stats(),
        steals=explorer.stats.steals_matrix(),
        partial=budget.partial,
        ended_by=ended_by,
        generator_counts=dict(sorted(explorer.generator_counts.items())),
        intersection=explorer.intersection.to_dict(graph.entries),
    )
