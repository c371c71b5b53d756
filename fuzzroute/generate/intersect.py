"""Overlap witnesses: for pairs of rules, a short phrase both match, computed rather than sampled.

Sampling fills `status of \\w+ now` with ordinary words, so it never finds
that an earlier `status of shpstrprncl\\d+ now` takes "status of
shpstrprncl0 now".  For each pair (earlier, later) of data-matcher rules,
the decided tier's automata (`fuzzroute.decided.languages`, one engine for
both tiers, built once per graph) give the shortest readable phrase that is
one rule's own text (the rule matched whole) and that the other rule
matches anywhere: the later rule's text first, then the earlier's.  Each
phrase becomes an ordinary candidate (generator `regex/intersection`) of the
rule whose own text it is, as if that rule had generated it: the explorer
checks it with that rule's compiled condition and judges it under both laws
like any other phrase.  The later rule's text claimed by the earlier rule is
reported as shadowing; the earlier rule's text that the later one also
matches ("what's running on host" for `what's running on \\w+` and
`(array|host)\\w*`) as an overlap, exactly as if sampling had found it.  The
automata model Python `re` exactly, but each witness is still tried on both
rules' Python matchers; a refusal is counted per pair
(`Exploration.intersection["disagreements"]`), a fuzzroute bug if ever
non-zero.

A search is skipped without automata when the own text cannot hold a
literal the other rule requires (`fuzzroute.decided.prefilter.OwnTexts`: a
keyword list's keywords, or the few texts a literal regex can match whole,
run through the claim laws' one literal prefilter); that never skips a
witness.  Which pairs are tried never depends on the clock: pairs come in a
fixed order (by the later rule, then the earlier), at most `pair_limit` of
them are searched, a pair whose two searches are both skipped is passed over
without counting (up to `EXAMINED_PER_PAIR` pairs looked at per pair
allowed), and each search stops after `SEARCH_STATES` automaton states.  A
time budget or a stop request only ends the phase sooner.  Witnesses are
judged phrases and spend the phrase budget.
"""

from __future__ import annotations

import contextlib
import itertools
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from fuzzroute.decided.facts import as_written
from fuzzroute.decided.languages import Languages, languages_for
from fuzzroute.decided.prefilter import OwnTexts
from fuzzroute.decided.product import FOUND, search
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import DataMatcher
from fuzzroute.generate.budget import Budget
from fuzzroute.generate.sources import Candidate
from fuzzroute.results.suggestions import IntersectionFacts, PairDisagreement, RefusedRule

GENERATOR = "regex/intersection"
#: One pair is searched per this many phrases of the phrase budget ...
PHRASES_PER_PAIR = 4
#: ... and this many when only time is budgeted.
TIME_BUDGET_PAIRS = 1000
#: Pairs looked at (searched or ruled out) per pair the limit allows, so a
#: graph of many keyword rules does not spend the run ruling pairs out.
EXAMINED_PER_PAIR = 20
#: Product states one witness search may visit before it gives up (no witness for that search).
SEARCH_STATES = 20_000


def pair_limit(budget: Budget) -> int:
    """How many pairs a run searches at most (from the phrase budget, never from the clock)."""
    if budget.phrases is None:
        return TIME_BUDGET_PAIRS
    return budget.phrases // PHRASES_PER_PAIR


def data_rules(entries: Sequence[Entry]) -> list[Entry]:
    """Entries with a data matcher that generation runs on (no intent, no unconditional)."""
    return [e for e in entries if e.data_matcher is not None and not e.is_intent and not e.is_unconditional]


def pairs(entries: Sequence[Entry]) -> Iterator[tuple[int, int]]:
    """(earlier, later) entry indexes, by the later rule and then the earlier one.

    So a capped run covers every pair among the first rules, and needs the
    automata of few rules (building them is most of the cost).
    """
    rules = [e.index for e in data_rules(entries)]
    for position, later in enumerate(rules):
        for earlier in rules[:position]:
            yield earlier, later


@dataclass
class IntersectionStats:
    """What the phase did, for `Exploration.intersection` (a diagnostic, not a finding)."""

    available: bool = True
    limit: int = 0
    tried: int = 0
    pruned: int = 0
    skipped: int = 0
    searches: int = 0
    states: int = 0
    witnesses: int = 0
    disagreements: dict[tuple[int, int], int] = field(default_factory=dict)
    refused: dict[int, str] = field(default_factory=dict)

    def record(self, entries: Sequence[Entry]) -> IntersectionFacts:
        """The reported form, rules named by id."""
        return IntersectionFacts(
            available=self.available, pair_limit=self.limit, pairs_tried=self.tried, pairs_pruned=self.pruned,
            pairs_skipped=self.skipped, searches=self.searches, states=self.states, witnesses=self.witnesses,
            disagreements=[
                PairDisagreement(entries[i].id, entries[j].id, n) for (i, j), n in sorted(self.disagreements.items())
            ],
            refused=[RefusedRule(entries[i].id, why) for i, why in sorted(self.refused.items())],
        )


def _matches(matcher: DataMatcher | None, phrase: str) -> bool:
    try:
        return matcher is not None and matcher.matches(phrase)
    except RegexTimedOut:
        return False  # re could not finish within the condition time limit: the witness is not confirmed


LATER_TEXT = "later-text"
EARLIER_TEXT = "earlier-text"


@dataclass(frozen=True)
class Overlap:
    """One witness and whose own text it is (`LATER_TEXT` or `EARLIER_TEXT`)."""

    phrase: str
    shape: str


class Witnesses:
    """Witness searches over one graph's automata, with the rules the automata cannot read recorded."""

    def __init__(self, languages: Languages, stats: IntersectionStats) -> None:
        self.languages = languages
        self.stats = stats
        self._finder: CellFinder | None = None

    def readable(self, index: int) -> bool:
        """Whether the automata read rule `index` (else its reason is recorded in `stats.refused`)."""
        rule = self.languages.rules.get(index)
        if rule is None:
            self.stats.refused.setdefault(index, "no data matcher")
            return False
        with contextlib.suppress(Undecidable):  # the reason is kept on the rule
            self.languages.search(index)
        if rule.reason is not None:
            self.stats.refused.setdefault(index, rule.reason)
            return False
        return True

    def own_text_matched_by(self, own: int, other: int) -> str | None:
        """Rule `own`'s text as its author wrote it ("movie today") when rule `other` matches it, else the
        shortest, most readable own text of `own` that `other` matches, if one is found."""
        whole = self.languages.whole(own)
        if whole is None:
            return None
        if self._finder is None:
            self._finder = CellFinder(self.languages.cells)
        rule = self.languages.rules[own]
        written = as_written(rule.leaves, (whole,), self._finder, "")
        matcher = self.languages.rules[other].entry.data_matcher
        if written and _matches(matcher, written):
            return written
        outcome = search(
            [whole, self.languages.search(other)], [], self.languages.cells, max_states=SEARCH_STATES
        )
        self.stats.searches += 1
        self.stats.states += outcome.states
        return outcome.phrase if outcome.verdict == FOUND and outcome.phrase else None

    def overlap_witnesses(self, earlier: int, later: int, hopeless: OwnTexts) -> list[Overlap] | None:
        """Up to two phrases both rules match: the later rule's own text, then the earlier's.

        None when a rule is one the automata cannot read (the pair is skipped).
        """
        if not (self.readable(earlier) and self.readable(later)):
            return None
        out: list[Overlap] = []
        for own, other, shape in ((later, earlier, LATER_TEXT), (earlier, later, EARLIER_TEXT)):
            if hopeless.hopeless(own, other):
                continue
            phrase = self.own_text_matched_by(own, other)
            if phrase is not None and all(o.phrase != phrase for o in out):
                out.append(Overlap(phrase, shape))
        return out


def intersection_candidates(
    graph: Graph, budget: Budget, stats: IntersectionStats, languages: Languages | None = None
) -> Iterator[Candidate]:
    """The witnesses of the first `pair_limit` searchable pairs, each a candidate of its own rule."""
    stats.limit = pair_limit(budget)
    if stats.limit <= 0:
        return
    entries = graph.entries
    texts = OwnTexts(graph)
    witnesses: Witnesses | None = None
    examined = itertools.islice(pairs(entries), min(stats.limit * EXAMINED_PER_PAIR, sys.maxsize))
    for earlier, later in examined:
        if stats.tried >= stats.limit or budget.halted() or not budget.can_judge():
            break
        if texts.hopeless(later, earlier) and texts.hopeless(earlier, later):
            stats.pruned += 1
            continue
        if witnesses is None:
            witnesses = Witnesses(languages if languages is not None else languages_for(graph), stats)
        found = witnesses.overlap_witnesses(earlier, later, texts)
        if found is None:
            stats.skipped += 1
            continue
        stats.tried += 1
        for overlap in found:
            stats.witnesses += 1
            both = _matches(entries[earlier].data_matcher, overlap.phrase) and _matches(
                entries[later].data_matcher, overlap.phrase
            )
            if not both:
                key = (earlier, later)
                stats.disagreements[key] = stats.disagreements.get(key, 0) + 1
            source = later if overlap.shape == LATER_TEXT else earlier
            yield Candidate(overlap.phrase, source, GENERATOR)
