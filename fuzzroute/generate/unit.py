"""One work unit of exploration: everything generated from ONE rule, judged, within its quota.

Exploration is split into units, one per rule that phrases are generated
from, so that it can run on several processes and on several machines and
still give the same findings.  A unit depends only on the graph, the seed,
its rule and its share of the phrase budget (`quota`), plus two inputs the
explorer computes once, deterministically, before any unit runs: the decided
overlap witnesses of this rule (phase 0) and, for a `when` rule, the pool of
other rules' phrases it reads.  It never reads another unit's state, so
which process runs it, and in which order, cannot change what it finds.

Within a unit, the rule's streams run in reseeded rounds (`MAX_ROUNDS` for a
phrase budget) until the quota of distinct phrases judged is used, or a
round adds nothing new (`exhausted`), or its time is up.  Every finding a
unit makes is about its own rule (the phrase came from it), so units' groups
never collide; the explorer merges them in unit order.

Memory stays flat however many phrases a unit judges: the phrases it has
seen are kept as 64-bit digests, never as text, a group keeps only
`WITNESSES_PER_GROUP` witnesses (and their edit details), the samplers'
choice trees share one `NodeAllowance` (about 50 MB), and the verdict cache
is cleared when it grows past `CLAIMS_CACHE`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant, Claims, Outcome, runs_on
from fuzzroute.engine.limits import timeouts_logged, timeouts_since
from fuzzroute.generate.findings import Findings, declared_keys, make_witness
from fuzzroute.generate.relation import matches_within, meeting
from fuzzroute.generate.seeded import stable_seed
from fuzzroute.generate.sources import Candidate, StreamFactory, StreamSettings
from fuzzroute.generate.stats import Stats
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    Witness,
)
from fuzzroute.strategies.choice_tree import ChoiceTree, NodeAllowance

#: Reseeded generation rounds at most (a round that finds nothing new ends the loop sooner).
MAX_ROUNDS = 64
#: Phrases a `when` rule declined cold that are kept for the warm-context phase.
DECLINED_KEPT = 40
#: Verdicts cached per unit before the cache is emptied (bounded memory).
CLAIMS_CACHE = 20_000
#: The clock is read every this many candidates.
CLOCK_EVERY = 16


def digest(text: str) -> int:
    """A 64-bit digest of a phrase, the same in every process (unlike `hash`)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


class _LastDigest:
    """`digest` remembering its last answer: a phrase is looked up by the sampler, then taken."""

    __slots__ = ("phrase", "key")

    def __init__(self) -> None:
        self.phrase = ""
        self.key = digest("")

    def __call__(self, text: str) -> int:
        if text != self.phrase:
            self.phrase = text
            self.key = digest(text)
        return self.key


#: `generator_counts` key of the declared examples judged to gate their mutations.
DECLARED_EXAMPLE = "example/declared"


@dataclass
class UnitResult:
    """What one unit found: its groups, its rule's figures, and its counts (picklable)."""

    rule: int
    findings: Findings
    stats: Stats
    generated: int = 0
    judged: int = 0
    generator_counts: dict[str, int] = field(default_factory=dict)
    declined: list[str] = field(default_factory=list)
    ended: str = "phrase-budget"
    seconds: float = 0.0
    #: Conditions that ran past the condition time limit on a phrase of this unit: (rule index, kind, witness).
    timeouts: list[tuple[int, str, Witness]] = field(default_factory=list)


class Judge:
    """Verdicts for the phrases of one unit (cold context), cached up to `CLAIMS_CACHE`."""

    def __init__(self, graph: Graph) -> None:
        self.laws = graph.laws
        self.entries: tuple[Entry, ...] = graph.entries
        self.classifier = graph.has_classifier
        self._claims: dict[str, Claims] = {}

    def claims(self, phrase: str) -> Claims:
        found = self._claims.get(phrase)
        if found is None:
            found = self.laws.both(phrase)
            if len(self._claims) >= CLAIMS_CACHE:
                self._claims.clear()
            self._claims[phrase] = found
        return found

    def winner(self, claims: Claims) -> Claimant | None:
        """The claimant under the mount's law: the cascade with a classifier, else the cold walk."""
        return claims.cascade if self.classifier else claims.cold_walk

    def accepts(self, phrase: str, index: int, claims: Claims) -> bool:
        """Whether entry `index`'s own condition matches `phrase` on the cold context.

        Read off the laws' pass whenever it reached the rule; only when an
        earlier rule stopped the pass is the rule itself run.
        """
        cascade = claims.cascade
        if cascade is not None and cascade.index == index:
            return True
        if cascade is None or cascade.index > index:
            return False  # the pass ran this rule and it did not match
        return runs_on(self.entries[index], phrase) is Outcome.MATCH


class RuleUnit:
    """Generates phrases from one rule and judges them (see the module docstring)."""

    def __init__(
        self,
        graph: Graph,
        rule: int,
        seed: int,
        quota: int | None,
        *,
        hypothesis_draws: int,
        decided: Sequence[str] = (),
        pool: Sequence[str] = (),
        deadline: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
        factory_cache: dict[str, object] | None = None,
        typos: bool = False,
    ) -> None:
        self.graph = graph
        self.typos = typos
        self.rule = rule
        self.entry = graph.entries[rule]
        self.seed = seed
        self.quota = quota
        self.hypothesis_draws = hypothesis_draws
        self.decided = decided
        self.pool = pool
        self.deadline = deadline
        self.should_stop = should_stop
        self.progress = progress
        self.cache = factory_cache if factory_cache is not None else {}
        self.judge = Judge(graph)
        self.order_decides = graph.order_decides
        self.cold_walk_mount = graph.mount == "rules"
        declared = self.cache.get("declared")
        if not isinstance(declared, frozenset):  # once per run, not per unit (units are as many as rules)
            declared = self.cache["declared"] = declared_keys(graph.entries)
        self.findings = Findings(declared)
        self.stats = Stats(graph.entries)
        self.result = UnitResult(rule, self.findings, self.stats)
        self._seen: set[int] = set()  # digests of rule phrases taken (not mutations)
        self._judged: set[int] = set()  # digests of phrases that spent the quota
        self._mutations: set[tuple[str, str]] = set()  # (phrase, example): finite, kept exactly
        self._example_holds: dict[str, bool] = {}
        self._declined: dict[str, None] = {}
        self._digest = _LastDigest()
        self._trees: dict[tuple[int, str], ChoiceTree] = {}  # the samplers' choices, kept across rounds
        self._allowance = NodeAllowance()  # ... all of them within one bound
        self._ticks = 0
        self._round = 0
        self._before = 0
        self._stream: Iterator[Candidate | None] | None = None
        self.stopped = False
        self.time_up = False

    # -- budget --------------------------------------------------------------
    def can_judge(self) -> bool:
        return self.quota is None or self.result.judged < self.quota

    def halted(self) -> bool:
        if self.stopped or self.time_up:
            return True
        self._ticks += 1
        if self._ticks % CLOCK_EVERY != 1:
            return False
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.time_up = True
        elif self.should_stop is not None and self.should_stop():
            self.stopped = True
        return self.stopped or self.time_up

    def _spend(self, phrase: str) -> bool:
        """Count `phrase` against the quota unless it was judged already; False when none is left."""
        key = self._digest(phrase)
        if key in self._judged:
            return True
        if not self.can_judge():
            return False
        self._judged.add(key)
        self.result.judged += 1
        if self.progress is not None:
            self.progress(1)
        return True

    # -- the run -------------------------------------------------------------
    def run(self) -> UnitResult:
        start = time.perf_counter()
        # Overlap witnesses take at most half the quota: the rule's own phrases must still be sampled,
        # or a rule whose every judged phrase is a witness another rule takes would look as if it never won.
        limit = None if self.quota is None else max(1, self.quota // 2)
        for phrase in self.decided[:limit]:
            if self.halted() or not self.can_judge():
                break
            self.take(Candidate(phrase, self.rule, "regex/intersection"))
        return self._finish(self.generate(), start)

    def resume(self, deadline: float) -> UnitResult:
        """Go on where a unit that ran out of time stopped, until `deadline` (same stream, same record).

        Exploration gives a unit that ran out of its share of a time budget
        the time units after it left unused; nothing it judged is judged again.
        """
        start = time.perf_counter()
        self.deadline = deadline
        self.time_up = False
        self._ticks = 0
        return self._finish(self.generate(), start)

    def _finish(self, exhausted: bool, start: float) -> UnitResult:
        result = self.result
        if self.stopped:
            result.ended = "interrupted"
        elif self.time_up:
            result.ended = "time-budget"
        elif exhausted and self.can_judge():
            result.ended = "exhausted"
        else:
            result.ended = "phrase-budget"
        result.declined = list(self._declined)
        result.seconds += time.perf_counter() - start
        return result

    def generate(self) -> bool:
        """Reseeded rounds of the rule's streams; True when a round found nothing new.

        The round in progress (its stream) is kept when time runs out, and a
        candidate is only drawn once it can be taken, so `resume` loses nothing.
        """
        while self.deadline is not None or self._round < MAX_ROUNDS:
            if self.halted() or not self.can_judge():
                return False
            if self._stream is None:
                self._before = len(self._seen) + len(self._mutations)
                self._stream = self.round_stream(self._round)
            if not self.consume(self._stream):
                return False
            self._stream = None
            self._round += 1
            if len(self._seen) + len(self._mutations) == self._before:
                return True
        return True

    def settings(self, round_number: int) -> StreamSettings:
        """Round 0 runs every generator; reseeded rounds only the cheap seeded ones.

        A hypothesis draw costs a set-up of a tenth of a second per call, and
        mutations of the declared examples (and the pool a `when` rule reads)
        are the same phrases again, so repeating them in every round would
        spend most of a long run on them.
        """
        if round_number == 0:
            return StreamSettings(self.seed, self.hypothesis_draws, deadline=self.deadline, typos=self.typos)
        return StreamSettings(stable_seed(self.seed, "round", round_number), 0, fixed_sources=False)

    def round_stream(self, round_number: int) -> Iterator[Candidate | None]:
        """The rule's stream for one round (empty when nothing is generated from the rule)."""
        factory = StreamFactory(
            self.graph.entries, self.settings(round_number), self._pool_at,
            known=self._known, tokens=self.cache.get("tokens"),  # type: ignore[arg-type]
            trees=self._trees, allowance=self._allowance,
        )
        self.cache.setdefault("tokens", factory.tokens)
        stream = factory.stream(self.entry)
        return iter(()) if stream is None else stream

    def consume(self, stream: Iterator[Candidate | None]) -> bool:
        """Take candidates from `stream` until it ends (True) or the quota, time or pool runs out (False)."""
        idle = 0
        while True:
            if not self.can_judge() or self.halted():
                return False
            try:
                candidate = next(stream)
            except StopIteration:
                return True
            if candidate is None:
                idle += 1
                if idle > 2 * len(self.pool) + 2:
                    return True  # only the pool reader is left, and the pool is fixed
                continue
            self.take(candidate)

    def _pool_at(self, position: int) -> str | None:
        return self.pool[position] if position < len(self.pool) else None

    def _known(self, phrase: str) -> bool:
        return self._digest(phrase) in self._seen

    # -- judging -------------------------------------------------------------
    def take(self, candidate: Candidate) -> None:
        result = self.result
        result.generated += 1
        counts = result.generator_counts
        counts[candidate.generator] = counts.get(candidate.generator, 0) + 1
        phrase = candidate.phrase
        if candidate.example is None:
            key = self._digest(phrase)
            if key in self._seen:
                return
            self._seen.add(key)
        else:
            pair = (phrase, candidate.example)
            if pair in self._mutations:
                return
            self._mutations.add(pair)
        if not self._spend(phrase):
            return
        mark = timeouts_logged()
        try:
            claims = self.judge.claims(phrase)
            if candidate.example is not None:
                self.mutation(candidate, claims)
            else:
                self.rule_phrase(candidate, claims)
        except ConditionTimeLimit as exc:
            # A regex the automata cannot read ran past the limit: its verdict is unknown, the phrase is not judged.
            self._timed_out(exc.rule_index, "regex", Witness(exc.phrase, None, None, generator="regex/time-limit"))
            return
        for timeout in timeouts_since(mark):
            if timeout.what == "when":
                witness = make_witness(timeout.phrase, self.judge.claims(timeout.phrase), "when/time-limit")
                self._timed_out(timeout.rule_index, "when", witness)

    def _timed_out(self, rule: int, what: str, witness: Witness) -> None:
        """Keep the first phrase on which a rule's condition ran past the time limit (reported once per rule)."""
        if all(known != rule for known, _w, _p in self.result.timeouts):
            self.result.timeouts.append((rule, what, witness))

    def rule_phrase(self, candidate: Candidate, claims: Claims) -> None:
        phrase, j = candidate.phrase, candidate.source
        if not self.judge.accepts(phrase, j, claims):
            self.stats.reject(j)
            if self.entry.when is not None and len(self._declined) < DECLINED_KEPT:
                self._declined.setdefault(phrase, None)
            return
        winner = self.judge.winner(claims)
        self.stats.accept(phrase, j, claims, winner, candidate.generator)
        if not self.order_decides:
            return
        cascade, cold = claims.cascade, claims.cold_walk
        entries = self.graph.entries
        # `take` lets each rule phrase through once, so it is new to every group (`fresh`).
        if cascade is not None and cascade.index < j:
            met = meeting(entries[cascade.index], entries[j], phrase)
            witness = make_witness(phrase, claims, candidate.generator, meeting=met)
            self.findings.add(SHADOWED_BY_EARLIER_RULE, j, cascade.index, j, witness, fresh=True)
            return
        if self.cold_walk_mount and cold is not None and cold.unconditional and cold.index < j:
            witness = make_witness(phrase, claims, candidate.generator)
            self.findings.add(LAWS_DISAGREE, j, cold.index, j, witness, fresh=True)
            return
        for k in self.judge.laws.later_matches(phrase, j):
            witness = make_witness(phrase, claims, candidate.generator, meeting=meeting(entries[j], entries[k], phrase))
            self.findings.add(RULES_OVERLAP, j, j, k, witness, fresh=True)

    def _holds(self, example: str) -> bool:
        """Whether the example's own rule claims it (mutations of a broken example are noise)."""
        held = self._example_holds.get(example)
        if held is None:
            # The declared example is judged too, so it counts as a phrase generated (by the author).
            self.result.generated += 1
            counts = self.result.generator_counts
            counts[DECLARED_EXAMPLE] = counts.get(DECLARED_EXAMPLE, 0) + 1
            if not self._spend(example):
                return False
            cascade = self.judge.claims(example).cascade
            held = cascade is not None and cascade.index == self.rule
            self._example_holds[example] = held
        return held

    def mutation(self, candidate: Candidate, claims: Claims) -> None:
        phrase, r = candidate.phrase, candidate.source
        assert candidate.example is not None
        if not self._holds(candidate.example):
            return
        accepted = self.judge.accepts(phrase, r, claims)
        if accepted:
            self.stats.accept(phrase, r, claims, self.judge.winner(claims), candidate.generator)
        cascade = claims.cascade
        if cascade is not None and cascade.index != r and self._inserted_trigger(candidate, cascade.index):
            return  # another rule's trigger put into the example: co-occurrence, not a near miss
        witness = make_witness(phrase, claims, candidate.generator, mutation=candidate.label)
        detail = f"{candidate.edit}\x1f{candidate.example}"
        if not accepted and (cascade is None or not self.order_decides):
            self.findings.add(NEAR_MISS_UNCLAIMED, r, None, r, witness, detail)
        elif self.order_decides and cascade is not None and cascade.index != r:
            self.findings.add(NEAR_MISS_CLAIMED_ELSEWHERE, r, cascade.index, r, witness, detail)

    def _inserted_trigger(self, candidate: Candidate, claimant: int) -> bool:
        """Whether the claimant's match sits on the word an insertion added (so the word is its trigger)."""
        if candidate.inserted is None:
            return False
        start, end = candidate.inserted
        return matches_within(self.graph.entries[claimant], candidate.phrase, start, end)
