"""What the claim laws' literal prefilter tells the automata before any product is built.

The laws' prefilter (`fuzzroute.engine.literal_prefilter`, fed by `engine.literals`)
knows, for a text, which rules cannot match it: a literal every match of
the rule needs is absent (compared case-folded).  Two questions of the
automata use it to skip searches that cannot succeed, and to find the rules
a given phrase could still be matched by:

* `OwnTexts.hopeless(own, other)`: can rule `other` match inside one of rule
  `own`'s own texts?  When the own texts are known (a keyword list, a
  literal regex: `literals.regex_texts`) and the prefilter rules `other`
  out on every one of them, no.  An all-of has no own text (its parts are
  matched anywhere).  Folding is per character and the same for every case
  variant of a text, so what rules a text out rules out its case variants.
* `Takers.earlier(phrase, index)`: the data rules declared before `index`
  that match `phrase`, running the compiled matchers only on the rules the
  prefilter keeps (exact: the prefilter never rules out a rule that matches).
"""

from __future__ import annotations

from typing import assert_never

from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.literals import regex_texts
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Regex


def own_texts(matcher: DataMatcher | None) -> tuple[str, ...] | None:
    """The texts a rule's own text is one of (up to case), when they are few and known; else None."""
    match matcher:
        case Keywords():
            return matcher.keywords
        case Regex():
            texts = regex_texts(matcher.pattern)
            return None if texts is None else tuple(sorted(texts))
        case AllOf() | None:
            return None
        case _:
            assert_never(matcher)


class OwnTexts:
    """Rules out, without automata, the searches for one rule's own text matched by another rule."""

    def __init__(self, graph: Graph) -> None:
        screen = graph.laws.screen
        self._screened = screen.screened
        self._position = {e.index: p for p, e in enumerate(graph.laws.candidates)}
        self._survivors: dict[int, frozenset[int] | None] = {}
        self._all_of: set[int] = set()
        for entry in graph.entries:
            matcher = entry.data_matcher
            if matcher is None:
                continue
            if isinstance(matcher, AllOf):
                self._all_of.add(entry.index)
                continue
            texts = own_texts(matcher)
            found: set[int] = set()
            for text in texts or ():
                found |= screen.survivors(text)
            self._survivors[entry.index] = None if texts is None else frozenset(found)

    def hopeless(self, own: int, other: int) -> bool:
        """Whether no text of rule `own` can be matched by rule `other`."""
        if own in self._all_of:
            return True
        survivors = self._survivors.get(own)
        position = self._position.get(other)
        if survivors is None or position is None or position not in self._screened:
            return False
        return position not in survivors


class Takers:
    """The data rules that match a phrase, found through the prefilter."""

    def __init__(self, graph: Graph) -> None:
        laws = graph.laws
        self._screen = laws.screen
        self._candidates = laws.candidates
        self._unscreened = frozenset(
            p for p, e in enumerate(laws.candidates) if e.data_matcher is not None and p not in self._screen.screened
        )

    def matching(self, phrase: str, among: int) -> list[int]:
        """The data rules of `among` (bits over entry positions) whose compiled matchers surely match `phrase`.

        A regex `re` could not finish on is left out: only a sure match counts.
        """
        found: list[int] = []
        for position in self._screen.survivors(phrase) | self._unscreened:
            entry = self._candidates[position]
            if not among >> entry.index & 1:
                continue
            matcher = entry.data_matcher
            try:
                if matcher is not None and matcher.matches(phrase):
                    found.append(entry.index)
            except RegexTimedOut:
                continue
        return found

    def taken(self, phrase: str, index: int) -> bool:
        """Whether a data rule declared before entry `index` matches `phrase` (`earlier`, stopping at the first)."""
        for position in sorted(self._screen.survivors(phrase) | self._unscreened):
            entry = self._candidates[position]
            if entry.index >= index:
                return False
            matcher = entry.data_matcher
            try:
                if matcher is not None and matcher.matches(phrase):
                    return True
            except RegexTimedOut:
                return True
        return False

    def earlier(self, phrase: str, index: int) -> list[Entry]:
        """Data rules declared before entry `index` that match `phrase`, in declaration order."""
        positions = sorted(self._screen.survivors(phrase) | self._unscreened)
        found: list[Entry] = []
        for position in positions:
            entry = self._candidates[position]
            if entry.index >= index:
                break
            matcher = entry.data_matcher
            try:
                taken = matcher is not None and matcher.matches(phrase)
            except RegexTimedOut:
                taken = True  # re could not finish: the rule may take it, so the question stays open
            if taken:
                found.append(entry)
        return found
