"""`explore`: generate phrases from every rule, judge them under both laws, group what is found.

The run has four phases, all inside one budget:

0. Overlap witnesses (`intersect`): for pairs of data-matcher rules, the
   shortest phrase that is one rule's own text and that the other also
   matches, computed with the decided tier's automata; each is a candidate
   of the rule whose text it is, judged like the phrases of phase 1.
1. Work units (`unit`), one per rule phrases are generated from, each with
   a fixed share of the phrase budget (`plan`), run on one or several
   processes (`workers`) and merged in unit order, so the number of
   processes never changes the findings.  Each new phrase is judged once
   per unit (`graph.laws.both`); a phrase is attributed to the rule it came
   from only if that rule's own condition accepts it (otherwise it is a
   generator reject, counted, not reported).  `shard=(i, n)` runs only the
   units (and the rule-owned later phases) of slice i of n; merging the n
   shard reports gives the findings of the whole run.
2. Slow conditions, the one timing-based kind: a `when` predicate (or a
   regex the automata cannot read) that ran past the condition time limit
   on a generated phrase (the first such phrase per rule, in unit order),
   and each regex the automata cannot read that has a risky repeat, timed
   on pumped phrases built from its own text (each search under the time
   limit).  Catastrophic backtracking in a regex the automata can read is
   decided by the decided tier (`decided-redos`), never timed here.
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
`example/reworded` (a declared example with one of its rule's words swapped
for another, or another rule's example completed for an all-of rule),
`mutation/<edit>` (case, punctuation, inflection, drop, swap, spacing,
insertion, typo), `when/context` and `adversarial`.  For slow-matcher, `paste` is the phrase as
a Python expression (`"a" * 28 + "!"`), not an example line: a slow phrase
should not become a checkup example.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from fuzzroute.decided.languages import forget_languages
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.limits import remembering_slow_conditions
from fuzzroute.engine.signal_origin import counting_interrupts
from fuzzroute.generate.budget import Budget, Progress, generation_seconds
from fuzzroute.generate.findings import Findings, Group, declared_keys, make_witness
from fuzzroute.generate.intersect import IntersectionStats, intersection_candidates
from fuzzroute.generate.messages import SLOW_PUMPED, render
from fuzzroute.generate.natural_gate import Gate
from fuzzroute.generate.near_miss_fix import fix_advice
from fuzzroute.generate.near_misses import (
    LITERAL_SUFFIX,
    NearMiss,
    rule_near_misses,
    variant_generator,
    variant_label,
)
from fuzzroute.generate.relation import meeting, relation_of, shared_in_of
from fuzzroute.generate.slow import find_slow
from fuzzroute.generate.sources import StreamFactory, StreamSettings
from fuzzroute.generate.stats import Stats
from fuzzroute.generate.unit import MAX_ROUNDS, UnitResult
from fuzzroute.generate.warm import find_warm, warm_contexts
from fuzzroute.generate.workers import Shared, UnitPlan, run_units
from fuzzroute.results.ordering import settle
from fuzzroute.results.record import one_of, or_none
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    NEAR_MISS_VARIANTS,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    WHEN_CLAIMS_WARM,
    Exploration,
    Suggestion,
    Witness,
)

#: hypothesis `from_regex` draws per regex rule when the budget is generous.
MAX_HYPOTHESIS_DRAWS = 16
#: ... and only when each rule's share of the phrase budget is at least this.
HYPOTHESIS_MIN_SHARE = 48
#: Phrases a `when` rule may read from the pool of other rules' phrases.
POOL_SIZE = 400
#: At most this much of the phrase budget goes to a `when` rule's unit (the rest to the data rules).
WHEN_QUOTA = 300
#: The kinds whose witnesses pass the naturalness gate (a never-winning rule's samples, a slow phrase and a
#: warm context are facts about the rule, listed whatever they read like).
GATED_KINDS = (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE, SHADOWED_BY_EARLIER_RULE, RULES_OVERLAP, LAWS_DISAGREE)

__all__ = ["MAX_ROUNDS", "Explorer", "explore", "plan_units"]

Shard = tuple[int, int]


def generating_rules(graph: Graph) -> list[int]:
    """Entries phrases are generated from (every one but intents and defaults), in order."""
    return [e.index for e in graph.entries if not e.is_intent and not e.is_unconditional]


def plan_units(graph: Graph, budget_phrases: int | None) -> list[UnitPlan]:
    """One unit per generating rule, the phrase budget split evenly (the first rules get the remainder).

    The split depends on nothing but the graph and the budget, which is what
    lets units run anywhere and in any order.
    """
    rules = generating_rules(graph)
    if budget_phrases is None:
        return [UnitPlan(rule, None) for rule in rules]
    share, extra = divmod(budget_phrases, max(1, len(rules)))
    quotas = [share + (1 if position < extra else 0) for position in range(len(rules))]
    # A `when` rule has few phrases of its own (its constants, examples and the
    # fixed pool), so its share beyond WHEN_QUOTA goes to the data rules.
    when = [p for p, rule in enumerate(rules) if graph.entries[rule].when is not None]
    data = [p for p in range(len(rules)) if p not in set(when)]
    if data:
        excess = 0
        for p in when:
            if quotas[p] > WHEN_QUOTA:
                excess += quotas[p] - WHEN_QUOTA
                quotas[p] = WHEN_QUOTA
        more, left = divmod(excess, len(data))
        for n, p in enumerate(data):
            quotas[p] += more + (1 if n < left else 0)
    return [UnitPlan(rule, quota) for rule, quota in zip(rules, quotas, strict=True)]


def in_shard(position: int, shard: Shard | None) -> bool:
    """Whether the unit at `position` belongs to shard `(i, n)` (1-based i; round-robin)."""
    return shard is None or position % shard[1] == shard[0] - 1


class Explorer:
    """One exploration run over one graph (use `explore`)."""

    def __init__(
        self, graph: Graph, seed: int, budget: Budget, *, workers: int = 1, shard: Shard | None = None,
        typos: bool = False,
    ) -> None:
        self.graph = graph
        self.typos = typos
        self.seed = seed
        self.budget = budget
        self.workers = max(1, workers)
        self.shard = shard
        self.entries = graph.entries
        self.findings = Findings(declared_keys(self.entries))
        self.stats = Stats(self.entries)
        self.order_decides = graph.order_decides
        self.generated = 0
        self.judged = 0
        self.generator_counts: dict[str, int] = {}
        self.pool: list[str] = []
        self.declined: dict[int, list[str]] = {}
        self.decided: dict[int, list[str]] = {}
        self.intersection = IntersectionStats()
        self.units_ended: dict[str, int] = {}
        self.worker_judged: dict[int, int] = {}
        self.owned: set[int] = set()
        self.generation_seconds = 0.0
        self.timeouts: list[tuple[int, str, Witness]] = []
        self.gate = Gate(graph)
        self.unnatural_withheld = 0

    # -- phase 0 -------------------------------------------------------------
    def intersections(self) -> None:
        """Decided overlap witnesses, handed to their rule's unit (only where order decides)."""
        if not self.order_decides:
            return
        for candidate in intersection_candidates(self.graph, self.budget, self.intersection):
            self.decided.setdefault(candidate.source, []).append(candidate.phrase)

    def hypothesis_draws(self) -> int:
        streams = len(generating_rules(self.graph)) or 1
        per_rule = None if self.budget.phrases is None else self.budget.phrases // streams
        # A hypothesis draw costs ~100x a walker phrase plus a fixed set-up per
        # rule, so only rules with a generous share of the budget get them.
        if per_rule is None:
            return MAX_HYPOTHESIS_DRAWS
        return 0 if per_rule < HYPOTHESIS_MIN_SHARE else min(MAX_HYPOTHESIS_DRAWS, per_rule // 12)

    def fill_pool(self) -> None:
        """The phrases `when` rules read: the first `POOL_SIZE` of a round-robin over the data rules.

        Built once, before any unit runs, from the seed alone (no hypothesis
        draws), so every unit and every shard reads the same pool.
        """
        if not any(e.when is not None for e in self.entries):
            return
        factory = StreamFactory(self.entries, StreamSettings(self.seed, 0), lambda _: None)
        streams = [
            s for s in (factory.stream(e) for e in self.entries if e.data_matcher is not None) if s is not None
        ]
        pooled: dict[str, None] = {}
        while streams and len(pooled) < POOL_SIZE:
            alive = []
            for stream in streams:
                try:
                    candidate = next(stream)
                except StopIteration:
                    continue
                alive.append(stream)
                if candidate is not None and candidate.example is None and len(pooled) < POOL_SIZE:
                    pooled.setdefault(candidate.phrase, None)
            streams = alive
        self.pool = list(pooled)

    # -- phase 1 -------------------------------------------------------------
    def generate(self) -> None:
        plans = [p for position, p in enumerate(plan_units(self.graph, self.budget.phrases))
                 if in_shard(position, self.shard)]
        self.owned = {p.rule for p in plans}
        end = None
        if self.budget.seconds is not None:
            end = self.budget.started + generation_seconds(self.budget.seconds)
        shared = Shared(
            self.graph, self.seed, self.hypothesis_draws(), self.decided, self.pool, end, self.workers, len(plans),
            typos=self.typos,
        )
        start = time.perf_counter()

        def progress(n: int) -> None:
            for _ in range(n):
                self.budget.spend()

        for result, worker in run_units(shared, plans, should_stop=self.budget.stop_requested, progress=progress):
            self.absorb(result, worker)
        self.generation_seconds = time.perf_counter() - start
        if self.budget.phrases is not None:
            self.budget.judged = self.judged

    def absorb(self, result: UnitResult, worker: int) -> None:
        """Merge one unit's findings and figures (called in unit order)."""
        self.generated += result.generated
        self.judged += result.judged
        self.worker_judged[worker] = self.worker_judged.get(worker, 0) + result.judged
        for name, count in result.generator_counts.items():
            self.generator_counts[name] = self.generator_counts.get(name, 0) + count
        for key, group in result.findings.groups.items():
            mine = self.findings.groups.get(key)
            if mine is None:
                group.declared = self.findings.declared
                self.findings.groups[key] = group
            else:
                mine.absorb(group)
        self.stats.absorb(result.stats)
        if result.declined:
            self.declined[result.rule] = result.declined
        self.timeouts.extend(result.timeouts)
        self.units_ended[result.ended] = self.units_ended.get(result.ended, 0) + 1
        if result.ended == "interrupted":
            self.budget.partial = True

    def ended_by(self) -> str:
        return ended_by(self.units_ended, self.budget.partial)

    # -- near misses -----------------------------------------------------------
    def near_misses(self) -> None:
        """Every near miss people type of each owned rule (`near_misses`): all of them, outside the budget.

        The variants of a rule's own sentences are few and fixed by the graph
        alone, so they are all tried (no seed, no sampling): the same graph
        lists the same near misses at any budget, in any shard.  They are not
        counted among the phrases generated and judged, which the budget bounds.
        """
        for entry in self.entries:
            if entry.index not in self.owned or self.budget.stop_requested():
                continue
            for miss in rule_near_misses(self.graph, entry):
                self._near_miss(entry, miss)

    def _near_miss(self, entry: Entry, miss: NearMiss) -> None:
        r = entry.index
        witness = Witness(
            phrase=miss.phrase, cold_walk=miss.cold_walk, cascade=miss.cascade, cold_walk_index=miss.cold_walk_index,
            cascade_index=miss.cascade_index, generator=variant_generator(miss), mutation=variant_label(miss.variant),
        )
        fix = fix_advice(entry, miss.source, miss.variant)
        detail = f"{miss.kind}\x1f{miss.source}\x1f{miss.source_kind}\x1f{fix}"
        taker = miss.cascade_index
        if taker is None or not self.order_decides:
            self.findings.add(NEAR_MISS_UNCLAIMED, r, None, r, witness, detail, variant=miss.kind, fix=fix)
        elif taker != r:
            self.findings.add(NEAR_MISS_CLAIMED_ELSEWHERE, r, taker, r, witness, detail, variant=miss.kind, fix=fix)

    # -- phases 2 and 3 ----------------------------------------------------------
    def slow(self) -> None:
        owned = tuple(e for e in self.entries if e.index in self.owned)
        for hit in find_slow(owned, self.budget.halted):
            try:
                witness = make_witness(hit.phrase, self.graph.claims(hit.phrase), "adversarial")
            except ConditionTimeLimit:
                witness = Witness(hit.phrase, None, None, generator="adversarial")
            detail = f"{hit.expression}\x1f{hit.caption}\x1f{SLOW_PUMPED}"
            self.findings.add(SLOW_MATCHER, hit.entry.index, None, None, witness, detail)

    def slow_conditions(self) -> None:
        """One slow-matcher finding per rule whose condition ran past the time limit during generation."""
        reported: set[int] = set()
        for rule, what, witness in self.timeouts:
            if rule in reported:
                continue
            reported.add(rule)
            expression = json.dumps(witness.phrase, ensure_ascii=False)
            detail = f"{expression}\x1f{self.entries[rule].caption}\x1f{what}"
            self.findings.add(SLOW_MATCHER, rule, None, None, witness, detail)

    def warm(self) -> None:
        slow = {rule for rule, what, _w in self.timeouts if what == "when"}  # it would only run past the limit again
        when_rules = [
            e for e in self.entries
            if e.when is not None and not e.is_intent and e.index in self.owned and e.index not in slow
        ]
        if not when_rules or self.budget.stop_now():
            return
        texts = [x for e in self.entries for x in (e.examples or ())] + self.pool[:12]
        end = None if self.budget.seconds is None else self.budget.started + self.budget.seconds
        contexts = warm_contexts(self.graph, self.seed, texts, end)
        for entry in when_rules:
            phrases = self.declined.get(entry.index, [])
            for hit in find_warm(self.graph, entry, phrases, contexts, self.budget.halted):
                witness = make_witness(hit.phrase, hit.claims, "when/context", hit.context)
                self.findings.add(WHEN_CLAIMS_WARM, entry.index, None, entry.index, witness)

    def never_wins(self) -> None:
        if not self.order_decides:
            return
        for entry in self.entries:
            j = entry.index
            if j not in self.owned or self.stats.generated[j] == 0 or self.stats.won[j]:
                continue
            taker = self.stats.top_taker(j)
            for witness in self.stats.samples.get(j, []):
                self.findings.add(RULE_NEVER_WINS, j, taker, j, self._met(witness, entry))
            group = self.findings.groups[(RULE_NEVER_WINS, j, taker, j, None)]
            group.count = self.stats.generated[j]

    def _met(self, witness: Witness, entry: Entry) -> Witness:
        """A never-wins sample with how the rule that took it meets the rule (shared text first in its group)."""
        taker = witness.cascade_index if self.graph.has_classifier else witness.cold_walk_index
        if taker is None or taker == entry.index:
            return witness
        met = meeting(self.entries[taker], entry, witness.phrase)
        if met is None:
            return witness
        return replace(witness, relation=met.relation, shared_in=met.shared_in)

    def suggestions(self) -> tuple[Suggestion, ...]:
        """The groups as suggestions, in the one order; a rules-overlap pair also shadowed is withheld.

        The withheld overlaps are kept (`self.withheld`): a shard cannot know
        whether another shard found the shadowing, so merging needs them.
        """
        listed, withheld = settle(self._render(list(self.findings.groups.values())))
        self.withheld = tuple(withheld)
        return tuple(listed)

    def _natural(self, group: Group) -> bool:
        """Keep only the witnesses a person would type (`natural_gate`); False when none is left, so the
        group is not listed.  Every witness left out is counted in `unnatural_withheld`."""
        if group.kind not in GATED_KINDS:
            return True
        about = group.rule if group.rule is not None else group.to
        glue = group.kind in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE)
        kept = [w for w in group.best if self.gate.why(w.phrase, about, glue=glue) is None]
        if glue and any(not w.generator.endswith(LITERAL_SUFFIX) for w in kept):
            # A declared sentence respelled is what a user sends; the same change to a bare keyword ("won't
            # scan" -> "will not scan") is a fragment, shown only when no sentence shows the gap.
            kept = [w for w in kept if not w.generator.endswith(LITERAL_SUFFIX)]
        self.unnatural_withheld += len(group.best) - len(kept)
        if len(kept) != len(group.best):
            keep = {id(w) for w in kept}
            group.ranks = [r for r, w in zip(group.ranks, group.best, strict=True) if id(w) in keep]
            group.best = kept
        return bool(kept)

    def _render(self, groups: list[Group]) -> tuple[Suggestion, ...]:
        out: list[Suggestion] = []
        for g in groups:
            if not self._natural(g):
                continue
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
                    relation=relation_of(g.strongest),
                    shared_in=shared_in_of(g.strongest),
                    shared_count=g.shared,
                    variant=None if g.variant is None else one_of(g.variant, NEAR_MISS_VARIANTS),
                    fix=extra.get("fix") or None if g.variant is not None else None,
                )
            )
        return tuple(out)

    @staticmethod
    def _mutation(group: Group) -> str | None:
        """The edit that made a near miss's best witness (None for every other kind)."""
        if group.kind not in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE):
            return None
        return or_none(group.witnesses()[0].mutation)

    def _extra(self, group: Group) -> dict[str, str]:
        best = group.witnesses()[0]
        detail = group.details.get(best.phrase, "")
        first, _, second = detail.partition("\x1f")
        if group.kind in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE):
            source, _, rest = second.partition("\x1f")
            source_kind, _, fix = rest.partition("\x1f")
            return {"edit": first, "example": source, "label": best.mutation or first,
                    "source_kind": source_kind or "example", "fix": fix}
        if group.kind == SLOW_MATCHER:
            caption, _, what = second.partition("\x1f")
            return {"expression": first, "caption": caption, "what": what or SLOW_PUMPED}
        if group.kind == RULE_NEVER_WINS and group.rule is not None:
            counts: dict[int, int] = self.stats.lost_to.get(group.rule) or {}
            ranked = sorted(counts, key=lambda k: (-counts[k], k))[:3]
            return {"takers": ", ".join(f'"{self.entries[k].id}" ({counts[k]})' for k in ranked) or "no entry"}
        return {}


def ended_by(units_ended: dict[str, int], partial: bool) -> str:
    """How generation ended, from how its units ended (the same for a run and its merged shards)."""
    if partial or units_ended.get("interrupted"):
        return "interrupted"
    if units_ended.get("time-budget"):
        return "time-budget"
    if units_ended.get("exhausted"):
        return "exhausted"
    return "phrase-budget"


def explore(
    graph: Graph,
    *,
    seed: int = 0,
    budget_phrases: int | None = None,
    budget_seconds: float | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    workers: int = 1,
    shard: Shard | None = None,
    typos: bool = False,
    release_automata: bool = False,
) -> Exploration:
    """Generate phrases from every rule of `graph` and return grouped suggestions.

    With neither budget given, `budget_phrases` defaults to 2000.  Same graph,
    seed and phrase budget give the same suggestions, for any number of
    `workers` (processes).  `shard=(i, n)` runs only the i-th (1-based) of n
    disjoint slices of the run; `fuzzroute.generate.merge` combines them.
    `progress(done, total)` is called every few phrases (`total` is the
    phrase budget, or None when only time is budgeted); `should_stop()` is
    polled, and a stop returns early with `partial=True`.  Running out of
    time is a normal end (`ended_by="time-budget"`), as is a phrase budget
    the generators cannot fill (`ended_by="exhausted"`).  `typos=True` also
    mutates declared examples with letter typos, word swaps, dropped content
    words and spacing slips (near misses a keyword author rarely acts on).
    `release_automata=True` frees the graph's automata (`decided.languages`)
    once the overlap phase has read them, for a caller that ran the decided
    tier before and needs them no more (a report: at 5,000 rules they hold
    over 100 MB); otherwise they are kept for a decided tier that runs later.
    """
    if shard is not None and not (shard[1] >= 1 and 1 <= shard[0] <= shard[1]):
        raise ValueError(f"shard must be (i, n) with 1 <= i <= n, not {shard!r}")
    budget = Budget(budget_phrases, budget_seconds, progress, should_stop)
    explorer = Explorer(graph, seed, budget, workers=workers, shard=shard, typos=typos)
    # The claim laws plan every regex (re or an automaton) once: done here, before any unit's share of a time
    # budget starts (the first unit would pay for it otherwise), and inherited by forked workers.
    _ = graph.laws.screen
    # A predicate that runs past the condition time limit once is not called again during the run; one SIGINT
    # handler counts the user's Ctrl-C for every `when` call of the run (`engine.graph_code`).
    with remembering_slow_conditions(), counting_interrupts():
        explorer.intersections()
        if release_automata:  # before the units' processes are forked, so none of them starts with the automata
            forget_languages(graph)
        explorer.fill_pool()
        explorer.generate()
        explorer.near_misses()
        ended = explorer.ended_by()
        explorer.slow_conditions()
        budget.begin_final_phases()
        if not budget.stop_now():
            explorer.slow()
        explorer.warm()
    explorer.never_wins()
    suggestions = explorer.suggestions()
    budget.finish()
    elapsed = budget.elapsed()
    timing: dict[str, Any] = {
        "processes": explorer.workers,
        "judged_per_worker": [explorer.worker_judged[k] for k in sorted(explorer.worker_judged)],
        "generation_seconds": round(explorer.generation_seconds, 6),
    }
    return Exploration(
        seed=seed,
        budget_phrases=budget.phrases,
        budget_seconds=budget_seconds,
        phrases_generated=explorer.generated,
        phrases_judged=explorer.judged,
        elapsed_seconds=round(elapsed, 6),
        suggestions=suggestions,
        rules=explorer.stats.rule_stats(),
        steals=explorer.stats.steals_cells(),
        partial=budget.partial,
        ended_by=ended,
        generator_counts=dict(sorted(explorer.generator_counts.items())),
        intersection=explorer.intersection.record(graph.entries),
        withheld=explorer.withheld,
        units_ended=dict(sorted(explorer.units_ended.items())),
        shard=shard,
        workers=timing,
        unnatural_withheld=explorer.unnatural_withheld,
    )
