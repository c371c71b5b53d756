"""A one-pass multi-literal prefilter that rules data matchers OUT for a phrase.

Each screenable rule has one or more *factors* (`literals`): sets of texts
of which one must occur in any phrase the rule matches.  One scan of the
phrase finds every factor text present; a rule none of whose factor texts
occurs cannot match, and the laws skip it.  Every rule that survives (and
every rule the screen cannot reason about) still gets the exact Python `re`
check, in declaration order, so verdicts never change.

Case.  Texts and phrases are compared after `fold`, a per-character map that
lower-cases ASCII and sends the four non-ASCII characters Python's
IGNORECASE equates with an ASCII letter (dotted and dotless i, the Kelvin
sign, the long s) to that letter.  Any text a case-insensitive (or
case-sensitive) match can cover folds to the folded needle, because `fold`
acts character by character.  Only the runs of a literal made of such
characters are used as needles: `é` folds to itself while `É` matches it
under IGNORECASE, so a needle never includes a non-ASCII character; "café
au lait" contributes "caf" and " au lait" (both required).  A factor with an
alternative that has no such run is dropped, and a rule with no factor left
is always checked exactly.

Engines.  The scan is done by pyahocorasick when installed (the fastest
here, see the README's performance section), else by google-re2's Set,
else in pure Python with `in` tests.  All three give the same survivors.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import assert_never

from fuzzroute.engine.literals import Factor, regex_factors
from fuzzroute.engine.matchers import DataMatcher, Keywords, Regex

#: Non-ASCII characters `re.IGNORECASE` equates with an ASCII letter (checked over
#: every code point by the test suite), and the letter.
SPECIAL_FOLDS: dict[str, str] = {"\u0130": "i", "\u0131": "i", "\u212a": "k", "\u017f": "s"}
_TABLE: dict[int, str] = {ord(c): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
_TABLE.update({ord(k): v for k, v in SPECIAL_FOLDS.items()})
#: At most this many factors per rule are kept (the strongest).
MAX_FACTORS = 3


def fold(text: str) -> str:
    """Lower-case ASCII letters and map the special folds; one character stays one character."""
    return text.lower() if text.isascii() else text.translate(_TABLE)


def _foldable(ch: str) -> bool:
    return ch.isascii() or ch in SPECIAL_FOLDS


def needle(text: str) -> str | None:
    """The longest run of foldable characters in a literal, folded (None when there is none)."""
    if text.isascii():  # the common case: the whole literal is one run
        return fold(text) if text else None
    best = ""
    start = 0
    for end, ch in enumerate([*text, None]):
        if ch is not None and _foldable(ch):
            continue
        if end - start > len(best):
            best = text[start:end]
        start = end + 1
    return fold(best) if best else None


def _needles(factor: Iterable[str]) -> frozenset[str] | None:
    found: set[str] = set()
    for text in factor:
        cut = needle(text)
        if cut is None:
            return None
        found.add(cut)
    return frozenset(found)


def _strength(needles: frozenset[str]) -> tuple[int, int]:
    return (min(len(n) for n in needles), -len(needles))


def matcher_factors(matcher: DataMatcher | None) -> list[frozenset[str]]:
    """Needle sets of a data matcher, every one required (empty: not screenable)."""
    raw: list[Factor] = []
    # An all-of needs every part: the factors of every part are required.
    for leaf in () if matcher is None else matcher.leaves:
        match leaf:
            case Keywords():
                raw.append(frozenset(leaf.keywords))
            case Regex():
                raw += regex_factors(leaf.pattern)
            case _:
                assert_never(leaf)
    usable = {n for n in (_needles(f) for f in raw) if n}
    return sorted(usable, key=_strength, reverse=True)[:MAX_FACTORS]


Scan = Callable[[str], Iterable[int]]


def _scan_ahocorasick(needles: Sequence[str]) -> Scan | None:
    try:
        import ahocorasick
    except ImportError:
        return None
    automaton = ahocorasick.Automaton()
    for position, text in enumerate(needles):
        automaton.add_word(text, position)
    automaton.make_automaton()
    iterate = automaton.iter

    def scan(folded: str) -> Iterable[int]:
        return {found for _, found in iterate(folded)}

    return scan


def _scan_re2(needles: Sequence[str]) -> Scan | None:
    try:
        import re2
    except ImportError:
        return None
    try:
        options = re2.Options()
        options.literal = True
        options.case_sensitive = True
        found_set = re2.Set.SearchSet(options)
        for text in needles:
            found_set.Add(text)
        found_set.Compile()
    except Exception:  # any trouble in an optional engine means "not available"
        return None
    match = found_set.Match

    def scan(folded: str) -> Iterable[int]:
        return match(folded) or ()  # None when nothing is found

    return scan


def _scan_hyperscan(needles: Sequence[str]) -> Scan | None:
    try:
        import hyperscan
    except ImportError:
        return None
    try:
        database = hyperscan.Database()
        database.compile(
            expressions=[re.escape(text).encode("utf-8") for text in needles],
            ids=list(range(len(needles))),
            elements=len(needles),
            flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(needles),
        )
    except Exception:  # any trouble in an optional engine means "not available"
        return None
    scan_bytes = database.scan

    def scan(folded: str) -> Iterable[int]:
        found: list[int] = []

        def on_match(needle_id: int, start: int, end: int, flags: int, context: object) -> None:
            found.append(needle_id)

        # Needles are ASCII, and UTF-8 never puts an ASCII byte inside a longer character.
        scan_bytes(folded.encode("utf-8"), match_event_handler=on_match)
        return found

    return scan


def _scan_python(needles: Sequence[str]) -> Scan:
    indexed = tuple(enumerate(needles))

    def scan(folded: str) -> Iterable[int]:
        return [position for position, text in indexed if text in folded]

    return scan


ENGINES: dict[str, Callable[[Sequence[str]], Scan | None]] = {
    "ahocorasick": _scan_ahocorasick,
    "re2": _scan_re2,
    "hyperscan": _scan_hyperscan,
    "python": _scan_python,
}


class Screen:
    """Which screenable rules survive a phrase (positions in the laws' candidate list)."""

    def __init__(self, factors: Sequence[list[frozenset[str]]], engine: str | None = None) -> None:
        texts: dict[str, int] = {}
        #: needle id -> (candidate position, factor number) pairs it satisfies
        owners: list[list[tuple[int, int]]] = []
        self.required: dict[int, int] = {}
        for position, rule_factors in enumerate(factors):
            if not rule_factors:
                continue
            self.required[position] = len(rule_factors)
            for number, needles in enumerate(rule_factors):
                for text in needles:
                    if text not in texts:
                        texts[text] = len(texts)
                        owners.append([])
                    owners[texts[text]].append((position, number))
        self.screened = frozenset(self.required)
        self.needles = tuple(texts)
        self._owners = tuple(tuple(o) for o in owners)
        single = all(n == 1 for n in self.required.values())
        self._single = single
        self._owner_positions = tuple(tuple(sorted({p for p, _ in o})) for o in owners)
        self.engine, self._scan = self._pick(engine)

    def _pick(self, engine: str | None) -> tuple[str, Scan]:
        names = [engine] if engine is not None else list(ENGINES)
        for name in names:
            scan = ENGINES[name](self.needles) if self.needles else _scan_python(())
            if scan is not None:
                return name, scan
        raise ValueError(f"screen engine {engine!r} is not available")

    def survivors(self, phrase: str) -> set[int]:
        """Screened positions whose every factor has a needle in the phrase."""
        return self._survivors_of(self._scan(fold(phrase)))

    def survivors_of_all(self, phrases: Iterable[str]) -> set[int]:
        """Screened positions whose every factor has a needle in at least one of `phrases`.

        Weaker than `survivors` of each phrase (factors may be met by
        different phrases): a rule it rules out matches none of the phrases,
        nor any text made of them and other characters no needle holds.
        """
        hits: set[int] = set()
        for phrase in phrases:
            hits.update(self._scan(fold(phrase)))
        return self._survivors_of(hits)

    def survivors_of_hits(self, hits: Iterable[int]) -> set[int]:
        """Screened positions whose every factor has one of the needles `hits` (ids into `needles`)."""
        return self._survivors_of(hits)

    def _survivors_of(self, hits: Iterable[int]) -> set[int]:
        if self._single:
            positions = self._owner_positions
            out: set[int] = set()
            for hit in hits:
                out.update(positions[hit])
            return out
        satisfied: dict[int, set[int]] = {}
        for hit in hits:
            for position, number in self._owners[hit]:
                satisfied.setdefault(position, set()).add(number)
        required = self.required
        return {p for p, numbers in satisfied.items() if len(numbers) == required[p]}


def screen_for(matchers: Sequence[DataMatcher | None], engine: str | None = None) -> Screen:
    """A screen over candidates in order (None for a candidate that is never screened)."""
    return Screen([matcher_factors(m) if m is not None else [] for m in matchers], engine)


__all__ = ["ENGINES", "SPECIAL_FOLDS", "Screen", "fold", "matcher_factors", "needle", "screen_for"]
