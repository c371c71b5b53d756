"""The candidate phrases of each rule, as lazy streams the explorer takes turns on.

A stream yields `Candidate`s (or None: "nothing right now", used by `when`
rules that read the pool of phrases the other rules produced).  Each stream
interleaves its generators, so a small budget still samples every kind:

* regex: exrex enumeration of the rewritten pattern, the seeded walker,
  hypothesis `from_regex`, and splices of other rules' tokens into its slots;
* keywords: framed keywords, edge probes (case, punctuation, inflections), splices;
* all-of: one fragment per part in shuffled order, and splices;
* when: its own examples, its predicate's string constants in frames, and the pool;
* every rule with examples: its examples reworded with its own words (one
  alternative swapped for another: "scale out the workers" -> "scale down the
  workers"), and an all-of rule's completions of other rules' examples: the
  most natural witnesses a rule has (`findings.witness_key` ranks them first);
* with `typos`: slips of each declared example its rule still claims (letter
  typos, swaps, spacing); the near misses people type are not sampled here but
  all tried, outside the budget (`near_misses`, run by `explore`).

Generators never decide a phrase belongs to a rule: the explorer checks the
rule's own condition.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import assert_never

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, Keywords, Leaf, Regex
from fuzzroute.generate.seeded import draw_examples, stable_seed
from fuzzroute.strategies.all_of_phrases import AllOfPhrases
from fuzzroute.strategies.choice_tree import ChoiceTree, FreshChooser, NodeAllowance
from fuzzroute.strategies.choosers import Chooser, RandomChooser, pick, seeded
from fuzzroute.strategies.keyword_phrases import KeywordPhrases
from fuzzroute.strategies.mutations import content_stems, keeps_content, slip_mutations
from fuzzroute.strategies.regex_phrases import RegexPhrases
from fuzzroute.strategies.regex_tree import UnsupportedRegex
from fuzzroute.strategies.rewording import BORROWED_EXAMPLES, rewordings
from fuzzroute.strategies.vocabulary import TokenPool, frame, predicate_constants, vocabulary

#: A sampler gives up after this many phrases in a row it had already produced.
STALL_LIMIT = 40
#: ... or after this many in a row the consumer already had from an earlier round.
KNOWN_STALL_LIMIT = 400
#: And never yields more than this many phrases.
SAMPLER_CAP = 5000
#: Tokens of other rules offered to one rule's slots.
SPLICE_TOKENS = 60
#: `Candidate.generator` of a declared example reworded with its rule's own words.
REWORDED = "example/reworded"


@dataclass(frozen=True)
class Candidate:
    """One generated phrase: which rule it was generated from, and how.

    `example` is set for mutations: the declared example the phrase edits.
    `edit` names the kind of edit (case, inflection, drop, ...) and `label`
    what exactly changed ("inflection: order -> orders"), for the reader;
    `inserted` is the span of the word an insertion added.
    """

    phrase: str
    source: int
    generator: str
    example: str | None = None
    edit: str | None = None
    label: str | None = None
    inserted: tuple[int, int] | None = None


Stream = Iterator["Candidate | None"]
Pool = Callable[[int], "str | None"]


@dataclass(frozen=True)
class StreamSettings:
    """Knobs that depend on the budget (fewer hypothesis draws when each rule gets little)."""

    seed: int
    hypothesis_draws: int
    #: Generators whose phrases do not depend on the seed much (mutations of declared
    #: examples, the pool a `when` rule reads): a reseeded round would repeat them, so it skips them.
    fixed_sources: bool = True
    #: A time budget's end for this unit (`time.perf_counter()`): hypothesis draws stop there.
    deadline: float | None = None
    #: Also mutate declared examples with letter typos, word swaps, dropped content words and
    #: spacing slips (off by default: a keyword author does not act on them).
    typos: bool = False


def interleave(streams: Sequence[Iterator[Candidate | None]]) -> Stream:
    """Round-robin over sub-streams until all are exhausted.

    A sub-stream that fails (a regex construct a generator cannot rewrite,
    a library bug) just ends: one generator's trouble never stops the run.
    """
    active = list(streams)
    while active:
        still: list[Iterator[Candidate | None]] = []
        for stream in active:
            try:
                item = next(stream)
            except StopIteration:
                continue
            except Exception:  # see the docstring: a broken generator only ends itself
                continue
            still.append(stream)
            yield item
        active = still


Known = Callable[[str], bool]


def _never(phrase: str) -> bool:
    return False


def _sampler(
    source: int,
    name: str,
    draw: Callable[[Chooser], str],
    rng: random.Random,
    known: Known,
    tree: ChoiceTree,
) -> Stream:
    """Seeded draws, each a choice sequence `tree` has not seen (so never a repeat of an
    earlier draw, in this round or an earlier one), until the tree is exhausted, or
    `STALL_LIMIT` in a row spell phrases this sampler already made, or `KNOWN_STALL_LIMIT`
    in a row are phrases the consumer already has (`known`).  Known phrases are never
    yielded, so a reseeded round spends its draws on what is new.
    """
    chooser = FreshChooser(rng, tree)
    seen: set[str] = set()
    stalled = 0
    old = 0
    for _ in range(SAMPLER_CAP):
        if chooser.tree.exhausted:
            return
        chooser.begin()
        try:
            phrase = draw(chooser)
        except (RecursionError, ValueError, IndexError):
            return
        chooser.end()
        if phrase in seen:
            stalled += 1
            if stalled >= STALL_LIMIT:
                return
            continue
        if known(phrase):
            seen.add(phrase)
            old += 1
            if old >= KNOWN_STALL_LIMIT:
                return
            continue
        stalled = old = 0
        seen.add(phrase)
        yield Candidate(phrase, source, name)


def _listed(source: int, name: str, phrases: Iterable[str]) -> Stream:
    for phrase in phrases:
        if phrase:
            yield Candidate(phrase, source, name)


class StreamFactory:
    """Builds one stream per entry; holds what all streams share (the token pool)."""

    def __init__(
        self,
        entries: Sequence[Entry],
        settings: StreamSettings,
        pool: Pool,
        *,
        known: Known = _never,
        tokens: TokenPool | None = None,
        trees: dict[tuple[int, str], ChoiceTree] | None = None,
        allowance: NodeAllowance | None = None,
    ) -> None:
        """`known(phrase)`: whether the consumer already has the phrase (so a sampler that
        only repeats old phrases ends early); `tokens`: a TokenPool of `entries` to reuse;
        `trees`: the choice trees of earlier rounds, by (entry, sampler), so a new round's
        samplers continue where the last ones stopped instead of repeating them; `allowance`:
        how many branching points all those trees may record (bounded memory)."""
        self.entries = entries
        self.settings = settings
        self.pool = pool
        self.known = known
        self.tokens = tokens if tokens is not None else TokenPool(entries)
        self.trees = trees if trees is not None else {}
        self.allowance = allowance if allowance is not None else NodeAllowance()
        self.words = vocabulary().words

    def rng(self, entry: Entry, purpose: str) -> random.Random:
        return seeded(self.settings.seed, entry.index, purpose)

    def sampler(self, entry: Entry, name: str, draw: Callable[[Chooser], str], purpose: str) -> Stream:
        """A `_sampler` of `entry` whose choice tree outlives this round (see `trees`)."""
        tree = self.trees.get((entry.index, purpose))
        if tree is None:
            tree = self.trees[(entry.index, purpose)] = ChoiceTree(allowance=self.allowance)
        return _sampler(entry.index, name, draw, self.rng(entry, purpose), self.known, tree)

    def stream(self, entry: Entry) -> Stream | None:
        """The stream of one entry, or None for entries nothing is generated from."""
        if entry.is_intent or entry.is_unconditional:
            return None
        parts: list[Stream] = []
        matcher = entry.data_matcher
        try:
            match matcher:  # a new kind of matcher is a type error here until it has its generators
                case Regex():
                    parts += self._regex(entry, matcher)
                case Keywords():
                    parts += self._keywords(entry, matcher)
                case AllOf():
                    parts += self._all_of(entry, matcher)
                case None:
                    if entry.when is not None:
                        parts += self._when(entry)
                case _:
                    assert_never(matcher)
        except (UnsupportedRegex, RecursionError, re.error):
            parts = []  # nothing generated from the condition: the rule's stats show generated == 0
        if self.settings.fixed_sources and matcher is not None:
            parts.append(self._rewordings(entry))
        if entry.examples and self.settings.fixed_sources and self.settings.typos:
            parts.append(self._mutations(entry))
        return interleave(parts) if parts else None

    # -- regex ---------------------------------------------------------------
    def _regex(self, entry: Entry, matcher: Regex) -> list[Stream]:
        phrases = RegexPhrases(matcher.pattern, self.words)
        walk = self.sampler(entry, "regex/walk", phrases.sample, "walk")
        streams = [self._exrex(entry, phrases), walk]
        if self.settings.hypothesis_draws > 0:
            # A generator body runs at its first `next`, so the (costly) draws
            # happen only if the explorer reaches this sub-stream.
            streams.append(self._from_regex(entry, phrases))
        streams.append(self._regex_splices(entry, matcher, phrases))
        return streams

    def _exrex(self, entry: Entry, phrases: RegexPhrases) -> Stream:
        rng = self.rng(entry, "exrex")
        cores, _printed = phrases.enumerate_exrex(rng)  # exrex's own warnings are dropped, never printed
        chooser = RandomChooser(rng)
        yield from _listed(entry.index, "regex/exrex", cores)
        yield from _listed(entry.index, "regex/exrex", (phrases.frame(core, chooser) for core in cores))

    def _from_regex(self, entry: Entry, phrases: RegexPhrases) -> Stream:
        seed_value = stable_seed(self.settings.seed, entry.index, "from_regex")
        drawn = draw_examples(phrases.from_regex(), self.settings.hypothesis_draws, seed_value, self.settings.deadline)
        yield from _listed(entry.index, "regex/hypothesis", drawn)

    def _regex_splices(self, entry: Entry, matcher: Regex, plain: RegexPhrases) -> Stream:
        """Other rules' tokens spliced into the rule's phrases (none when no other rule has a token).

        Lazy, like every sub-stream after the first: a unit whose share of the budget is a phrase or two
        (a graph of thousands of rules) never reaches it, so it should not pay for picking the tokens.
        Its own seeded draws (`rng`) make it the same stream whenever it starts.
        """
        others = self.tokens.others(entry.index, self.rng(entry, "tokens"), SPLICE_TOKENS)
        if not others:
            return
        spliced = RegexPhrases(matcher.pattern, others)

        def draw(ch: Chooser) -> str:
            if spliced.has_slots and ch.chance(60):
                return spliced.sample(ch)
            core = plain.core(ch)
            token = pick(ch, others)
            if plain.head_anchored:
                return f"{core} {token}"
            if plain.tail_anchored:
                return f"{token} {core}"
            return f"{core} {token}" if ch.chance(50) else f"{token} {core}"

        yield from self.sampler(entry, "splice", draw, "splice")

    # -- keywords ------------------------------------------------------------
    def _keywords(self, entry: Entry, matcher: Keywords) -> list[Stream]:
        phrases = KeywordPhrases(matcher.keywords, self.words)
        streams = [
            _listed(entry.index, "keywords/frame", matcher.keywords),
            self.sampler(entry, "keywords/frame", phrases.sample, "frame"),
            _listed(entry.index, "keywords/probe", phrases.probes()),
        ]
        streams.append(self._keyword_splices(entry, matcher))
        return streams

    def _keyword_splices(self, entry: Entry, matcher: Keywords) -> Stream:
        """Keywords beside other rules' tokens (lazy, as `_regex_splices` is)."""
        others = self.tokens.others(entry.index, self.rng(entry, "tokens"), SPLICE_TOKENS)
        if not others:
            return
        spliced = KeywordPhrases(matcher.keywords, others)

        def draw(ch: Chooser) -> str:
            keyword = spliced.fragment(ch)
            token = pick(ch, others)
            joined = pick(ch, ("{k} {t}", "{t} {k}", "{k} for my {t}", "{t} and {k}"))
            return joined.replace("{k}", keyword).replace("{t}", token)

        yield from self.sampler(entry, "splice", draw, "splice")

    # -- all-of ----------------------------------------------------------------
    def _fragment(self, part: Leaf) -> Callable[[Chooser], str]:
        match part:
            case Keywords():
                return KeywordPhrases(part.keywords, self.words).fragment
            case Regex():
                return RegexPhrases(part.pattern, self.words).core
            case _:
                assert_never(part)

    def _all_of(self, entry: Entry, matcher: AllOf) -> list[Stream]:
        combined = AllOfPhrases([self._fragment(p) for p in matcher.parts])
        return [self.sampler(entry, "all-of", combined.sample, "all-of"), self._all_of_splices(entry, combined)]

    def _all_of_splices(self, entry: Entry, combined: AllOfPhrases) -> Stream:
        """The parts' text beside another rule's token (lazy, as `_regex_splices` is)."""
        others = self.tokens.others(entry.index, self.rng(entry, "tokens"), SPLICE_TOKENS)
        if not others:
            return

        def draw(ch: Chooser) -> str:
            text = combined.combine(ch)
            token = pick(ch, others)
            return f"{text} {token}" if ch.chance(50) else f"{token} {text}"

        yield from self.sampler(entry, "splice", draw, "splice")

    # -- when ------------------------------------------------------------------
    def _when(self, entry: Entry) -> list[Stream]:
        rng = self.rng(entry, "when")
        constants = predicate_constants(entry.when)
        frames = vocabulary().frames
        own = list(entry.examples or ()) + list(constants)
        own += [frame(f, c) for c in constants for f in rng.sample(frames, min(3, len(frames)))]
        own += [frame(rng.choice(frames), w) for w in rng.sample(self.words, min(12, len(self.words)))]
        streams = [_listed(entry.index, "when/constants", own)]
        if self.settings.fixed_sources:
            streams.append(self._pool_reader(entry))
        return streams

    def _pool_reader(self, entry: Entry, cap: int = 200) -> Stream:
        position = 0
        waits = 0
        while position < cap:
            phrase = self.pool(position)
            if phrase is None:
                waits += 1
                if waits > 2 * cap:
                    return
                yield None
                continue
            position += 1
            yield Candidate(phrase, entry.index, "when/pool")

    # -- rewordings --------------------------------------------------------------
    def _rewordings(self, entry: Entry) -> Stream:
        """The rule's examples reworded with its own words; an all-of also completes others' examples.

        Lazy: nothing is computed until the explorer reaches this sub-stream.
        """
        own = tuple(dict.fromkeys(entry.examples or ()))
        others: list[str] = []
        if isinstance(entry.data_matcher, AllOf):  # only an all-of completes another rule's example
            others = list(dict.fromkeys(
                x for e in self.entries if e.index != entry.index for x in e.examples or () if x not in own
            ))
            if len(others) > BORROWED_EXAMPLES:
                others = self.rng(entry, "borrow").sample(others, BORROWED_EXAMPLES)
        yield from _listed(entry.index, REWORDED, rewordings(own, others, entry.data_matcher))

    # -- mutations ---------------------------------------------------------------
    def _mutations(self, entry: Entry) -> Stream:
        """Every labelled single edit of each declared example, one edit of each kind in turn.

        Lazy: the edits of an example are made when the stream first reaches
        it (a unit with a share of a phrase or two never does; making them
        costs milliseconds per example, lemminflect's lookups mostly).  The
        stream's own seeded draws (`rng`) shuffle the examples in the same
        order whenever they are made, so what it yields does not change.
        """
        yield from interleave([self._example_mutations(entry, example, rng)
                               for rng in (self.rng(entry, "mutation"),)
                               for example in dict.fromkeys(entry.examples or ())])

    def _example_mutations(self, entry: Entry, example: str, rng: random.Random) -> Stream:
        matcher = entry.data_matcher
        witness = matcher.witness(example) if matcher is not None else None
        stems = content_stems(witness) if witness else []
        edits = [m for m in slip_mutations(example) if not stems or keeps_content(m.phrase, stems)]
        by_kind: dict[str, list[Candidate | None]] = {}
        for m in edits:
            by_kind.setdefault(m.kind, []).append(
                Candidate(m.phrase, entry.index, f"mutation/{m.kind}", example, m.kind, m.label, m.inserted)
            )
        for group in by_kind.values():
            rng.shuffle(group)
        # One edit of each kind in turn, so a small budget still tries every kind.
        yield from interleave([iter(g) for g in by_kind.values()])
