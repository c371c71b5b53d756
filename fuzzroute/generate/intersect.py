"""Decided overlaps: for pairs of rules, a short phrase both match, computed rather than sampled.

Sampling fills `status of \\w+ now` with ordinary words, so it never finds
that an earlier `status of shpstrprncl\\d+ now` takes "status of
shpstrprncl0 now".  For each pair (earlier, later) of data-matcher rules,
`fuzzroute.strategies.intersection` intersects their languages and returns
the shortest readable phrases that are one rule's own text and that the
other rule also matches: the later rule's text first, then the earlier's.
Each phrase becomes an ordinary candidate (generator `regex/intersection`)
of the rule whose own text it is, as if that rule had generated it: the
explorer checks it with that rule's compiled condition and judges it under
both laws like any other phrase.  The later rule's text claimed by the
earlier rule is reported as shadowing; the earlier rule's text that the
later one also matches ("what's running on host" for `what's running on
\\w+` and `(array|host)\\w*`) as an overlap, exactly as if sampling had
found it.  interegular's answer is never trusted: each witness is also
tried on both rules' Python matchers, and when either refuses it that is
counted per pair (`Exploration.intersection["disagreements"]`).

Which pairs are tried never depends on the clock: pairs come in a fixed
order (by the later rule, then the earlier), at most `pair_limit` of them
are searched, and a pair that a keyword rule's literals rule out
(`PairFilter`) is passed over without counting, up to `EXAMINED_PER_PAIR`
pairs looked at per pair allowed.  A time budget or a stop request only ends the phase
sooner.  Witnesses are judged phrases and spend the phrase budget.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords
from fuzzroute.generate.budget import Budget
from fuzzroute.generate.prefilter import fold, needs
from fuzzroute.generate.sources import Candidate

GENERATOR = "regex/intersection"
#: One pair is searched per this many phrases of the phrase budget ...
PHRASES_PER_PAIR = 4
#: ... and this many when only time is budgeted.
TIME_BUDGET_PAIRS = 1000
#: Pairs looked at (searched or ruled out) per pair the limit allows, so a
#: graph of many keyword rules does not spend the run ruling pairs out.
EXAMINED_PER_PAIR = 20


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


class PairFilter:
    """Rules out, without automata, pairs where neither search can succeed.

    A search asks for one rule's own text that the other rule matches.  A
    keyword rule's own text is one keyword, so when none of its keywords
    contains any text the other rule needs (`prefilter.needs`), that search
    is hopeless; an all-of has no own text at all.
    """

    def __init__(self, entries: Sequence[Entry]) -> None:
        self._keywords: dict[int, tuple[str, ...]] = {}
        self._needs: dict[int, tuple[str, ...] | None] = {}
        self._all_of: set[int] = set()
        for entry in data_rules(entries):
            matcher = entry.data_matcher
            if isinstance(matcher, Keywords):
                self._keywords[entry.index] = tuple(fold(k) for k in matcher.keywords)
            if isinstance(matcher, AllOf):
                self._all_of.add(entry.index)
            required = needs(entry)
            self._needs[entry.index] = None if required is None else tuple(fold(t) for t in required[0])

    def _own_text_hopeless(self, own: int, other: int) -> bool:
        if own in self._all_of:
            return True
        words = self._keywords.get(own)
        texts = self._needs.get(other)
        if words is None or texts is None:
            return False
        return not any(t in w for w in words for t in texts)

    def hopeless(self, earlier: int, later: int) -> bool:
        return self._own_text_hopeless(later, earlier) and self._own_text_hopeless(earlier, later)


@dataclass
class IntersectionStats:
    """What the phase did, for `Exploration.intersection` (a diagnostic, not a finding)."""

    available: bool = True
    limit: int = 0
    tried: int = 0
    pruned: int = 0
    skipped: int = 0
    witnesses: int = 0
    disagreements: dict[tuple[int, int], int] = field(default_factory=dict)
    refused: dict[int, str] = field(default_factory=dict)

    def to_dict(self, entries: Sequence[Entry]) -> dict[str, Any]:
        return {
            "available": self.available,
            "pair_limit": self.limit,
            "pairs_tried": self.tried,
            "pairs_pruned": self.pruned,
            "pairs_skipped": self.skipped,
            "witnesses": self.witnesses,
            "disagreements": [
                {"earlier": entries[i].id, "later": entries[j].id, "count": n}
                for (i, j), n in sorted(self.disagreements.items())
            ],
            "refused": [{"rule": entries[i].id, "reason": why} for i, why in sorted(self.refused.items())],
        }


def _matches(matcher: DataMatcher | None, phrase: str) -> bool:
    try:
        return matcher is not None and matcher.matches(phrase)
    except RegexTimedOut:
        return False  # re could not finish within the condition time limit: the witness is not confirmed


def intersection_candidates(entries: Sequence[Entry], budget: Budget, stats: IntersectionStats) -> Iterator[Candidate]:
    """The decided witnesses of the first `pair_limit` searchable pairs, each a candidate of its own rule."""
    stats.limit = pair_limit(budget)
    if stats.limit <= 0:
        return
    # Imported here: the engine must run, and the other phases too, without interegular.
    from fuzzroute.strategies.intersection import LATER_TEXT, Languages, available

    if not available():
        stats.available = False
        return
    languages = Languages([e.data_matcher for e in entries])
    stats.refused = languages.refused
    hopeless = PairFilter(entries).hopeless
    examined = itertools.islice(pairs(entries), min(stats.limit * EXAMINED_PER_PAIR, sys.maxsize))
    for earlier, later in examined:
        if stats.tried >= stats.limit or budget.halted() or not budget.can_judge():
            break
        if hopeless(earlier, later):
            stats.pruned += 1
            continue
        found = languages.overlap_witnesses(earlier, later)
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
