"""Which earlier rules can match inside a rule's own text: their required words, with their edges, in one scan.

The decided tier asks, for a later rule B and each earlier rule A, whether A
matches inside B's own text (`questions.RuleQuestions.inside`).  Most pairs
cannot, and this index says so before any product of automata is built.
It is exact in one direction only: a rule it leaves out cannot match inside
any own text of B; a rule it keeps is asked with the automata.

*Required words.*  Every match of A holds, for each of its *factors*, one
text of that factor (case-folded, as the laws' prefilter compares them:
`literal_prefilter.fold`), and some of those texts must also stand at a word
edge: a keyword whose first character is an ASCII word character is never
preceded by one, a run of a regex written between `\\b` anchors is never
preceded or followed by a word character.  So "baco" as a keyword cannot
match inside "bacodi", although the text occurs there.

*B's own texts.*  Read off its shapes (`shapes`): literal characters as
written, and wildcards.  A wildcard becomes a separator character no needle
holds (`SEPARATOR`), or nothing for a run that may be empty; a needle that
holds a character the wildcard's class allows may lie across it and is kept.
In the fixed-words reading a wildcard reads only blank characters, those no
literal of any rule is, so no needle can lie across it there.  A separator
next to a needle can be any character, so it never rules an edge out.

*Case.*  A literal neighbour rules an edge out when it, and every character
case folding equates it with, is a word character of the edge's kind.  The
letters that `re.IGNORECASE` equates with a non-ASCII character (i, k, s:
dotless i, the Kelvin sign, the long s) never rule out an ASCII edge: in a
case-insensitive rule they may be read as that non-ASCII character, which is
no ASCII word character ("baco" as a keyword does match inside the keyword
"bacoki" spelled with the Kelvin sign).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.decided.shapes import Shape, Wild
from fuzzroute.engine import regex_syntax
from fuzzroute.engine.literal_prefilter import SPECIAL_FOLDS, fold, needle
from fuzzroute.engine.literals import MAX_ALTERNATIVES, regex_factors
from fuzzroute.engine.matchers import AllOf, Keywords, Regex

_c: Any = regex_syntax.constants

#: Edge kinds: none, a Unicode word edge (`\\b`), an ASCII word edge (`\\b` under re.ASCII, a keyword's edge),
#: the edge of the text (`^` or `\\A` before a needle; `$` or `\\Z` after one, where a final newline may follow).
NO_EDGE, UNICODE_EDGE, ASCII_EDGE, TEXT_EDGE = 0, 1, 2, 3
#: Stands for one or more wildcard characters in an own text: no needle holds it.
SEPARATOR = "\x00"
#: Texts one rule's shapes may spell (a run that may be empty doubles them); past this the index keeps every rule.
MAX_TEXTS = 256

_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
#: ASCII letters case folding equates with a non-ASCII character (so possibly no ASCII word character).
_FOLDS_AWAY = frozenset(v for v in SPECIAL_FOLDS.values()) | frozenset(v.upper() for v in SPECIAL_FOLDS.values())
_UNICODE_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Needle:
    """One text a factor may be met by (case-folded), and the word edges it needs on either side."""

    text: str
    left: int = NO_EDGE
    right: int = NO_EDGE


Factor = tuple[Needle, ...]


def _is_word(ch: str, kind: int) -> bool:
    if kind == ASCII_EDGE:
        return ch in _ASCII_WORD
    return _UNICODE_WORD.fullmatch(ch) is not None


def _edge(kind: int, ch: str) -> int:
    """The edge a needle needs where `ch` is its end character: only a word character needs a word edge."""
    return kind if kind != NO_EDGE and _is_word(ch, kind) else NO_EDGE


def _keyword_needle(keyword: str) -> Needle | None:
    folded = needle(keyword)
    if folded is None:
        return None
    if folded != fold(keyword):  # a cut run of a non-ASCII keyword: its edges are elsewhere
        return Needle(folded)
    return Needle(folded, _edge(ASCII_EDGE, keyword[0]), _edge(ASCII_EDGE, keyword[-1]))


def _plain(texts: Iterable[str]) -> Factor | None:
    found: list[Needle] = []
    for text in texts:
        cut = needle(text)
        if cut is None:
            return None
        found.append(Needle(cut))
    return tuple(dict.fromkeys(found)) or None


def _edged_runs(pattern: re.Pattern[str]) -> list[Factor]:
    """Factors of a regex's top-level runs of exact text, with the edges written right around them.

    `\\b` gives a word edge where the run's end character is a word character;
    `^`, `\\A` before a run and `$`, `\\Z` after one (without MULTILINE) the edge of the text.
    """
    from fuzzroute.engine import literals

    try:
        tree = regex_syntax.parsed(pattern.pattern, pattern.flags)
    except (re.error, RecursionError, TypeError, ValueError, AttributeError):
        return []
    flags = tree.state.flags
    kind = ASCII_EDGE if flags & re.ASCII else UNICODE_EDGE
    multiline = bool(flags & re.MULTILINE)
    items = list(tree)
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = list(items[0][1][3])
    factors: list[Factor] = []
    run: frozenset[str] | None = None
    left = NO_EDGE

    def end_of(text: str, edge: int, at: int) -> int:
        return edge if edge == TEXT_EDGE else _edge(edge, text[at])

    def close(right: int) -> None:
        if run is None or not run or "" in run:
            return
        edged: list[Needle] = []
        for text in sorted(run):
            folded = needle(text)
            if folded is None:
                return
            if folded != fold(text):
                edged.append(Needle(folded))
            else:
                edged.append(Needle(folded, end_of(text, left, 0), end_of(text, right, -1)))
        factors.append(tuple(edged))

    for op, av in items:
        if op is _c.AT:
            before, after = NO_EDGE, NO_EDGE
            if av is _c.AT_BOUNDARY:
                before = after = kind
            elif av is _c.AT_BEGINNING_STRING or (av is _c.AT_BEGINNING and not multiline):
                after = TEXT_EDGE
            elif av is _c.AT_END_STRING or (av is _c.AT_END and not multiline):
                before = TEXT_EDGE
            close(before)
            run, left = None, after
            continue
        try:
            exact, _inner = literals._node(op, av)
        except (literals._Unknown, RecursionError, TypeError, ValueError, AttributeError):
            exact = None
        if exact is None:
            close(NO_EDGE)
            run, left = None, NO_EDGE
            continue
        if run is None:
            run = exact
        else:
            joined = frozenset(a + b for a in run for b in exact) if len(run) * len(exact) <= MAX_ALTERNATIVES else None
            if joined is None:
                close(NO_EDGE)
                run, left = exact, NO_EDGE
            else:
                run = joined
    close(NO_EDGE)
    return factors


def rule_factors(matcher: Regex | Keywords | AllOf | None) -> list[Factor]:
    """Every factor one match of the rule needs (empty: nothing is known, the rule is always kept)."""
    if matcher is None:
        return []
    leaves = matcher.parts if isinstance(matcher, AllOf) else (matcher,)
    found: list[Factor] = []
    for leaf in leaves:
        if isinstance(leaf, Keywords):
            needles = [_keyword_needle(k) for k in leaf.keywords]
            if all(n is not None for n in needles):
                found.append(tuple(dict.fromkeys(n for n in needles if n is not None)))
            continue
        for plain in regex_factors(leaf.pattern):
            factor = _plain(plain)
            if factor is not None:
                found.append(factor)
        found.extend(_edged_runs(leaf.pattern))
    return list(dict.fromkeys(found))


def _variants(ch: str) -> tuple[str, ...]:
    """The characters that fold to `ch` (a needle's character): itself, its upper case, the special folds."""
    return (ch, ch.upper(), *[k for k, v in SPECIAL_FOLDS.items() if v == ch])


def own_texts(shapes: Sequence[Shape], fixed: bool) -> tuple[list[str], list[Shape]] | None:
    """The shapes spelled with each wildcard as `SEPARATOR` (or nothing, for a run that may be empty).

    Also returns the shapes with wildcards a needle may lie across (none in
    the fixed reading, where they read only blank characters).  None: too many texts.
    """
    texts: list[str] = []
    crossed: list[Shape] = []
    for shape in shapes:
        spelled: list[str] = [""]
        for token in shape:
            if isinstance(token, str):
                spelled = [s + token for s in spelled]
                continue
            if token.gap and token.least == 0:
                spelled = [s + piece for s in spelled for piece in ("", SEPARATOR)]
            else:
                spelled = [s + SEPARATOR for s in spelled]
            if len(texts) + len(spelled) > MAX_TEXTS:
                return None
        if not fixed and any(isinstance(token, Wild) for token in shape):
            crossed.append(shape)
        texts.extend(spelled)
    return list(dict.fromkeys(texts)), crossed


#: Needles that may lie across a rule's wildcards, checked one by one against its shapes; past this many
#: (a wildcard allowing most characters) they are all kept.
MAX_CROSSING = 256


@dataclass
class WordIndex:
    """The earlier rules' factors, scanned over a later rule's own texts in one pass (see the module docstring).

    Rules are kept as bits over entry positions: a rule survives a scan when
    each of its factors is met.  A rule with no factor always survives.
    """

    #: Per factor slot k, the rules with fewer than k + 1 factors (the slot is met for them).
    _lacking: list[int] = field(default_factory=list)
    #: Needle text -> [(left, right, per-slot rule bits)] for the owners needing those edges.
    _owners: dict[str, list[tuple[int, int, dict[int, int]]]] = field(default_factory=dict)
    _scan: Any = None
    #: Per character that folds to a needle's character, the needle texts holding it.
    _by_char: dict[str, set[str]] = field(default_factory=dict)
    #: Per needle character, the needle texts holding it.
    _holding: dict[str, set[str]] = field(default_factory=dict)
    #: Per set of those characters a wildcard allows: the needles made only of them, and those holding some.
    _crossing: dict[frozenset[str], tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    _all: int = 0

    @classmethod
    def build(cls, rules: Iterable[tuple[int, Regex | Keywords | AllOf | None]]) -> WordIndex:
        index = cls()
        owners: dict[str, dict[tuple[int, int], dict[int, int]]] = {}
        counts: dict[int, int] = {}
        for position, matcher in rules:
            index._all |= 1 << position
            factors = rule_factors(matcher)
            counts[position] = len(factors)
            for slot, factor in enumerate(factors):
                for n in factor:
                    slots = owners.setdefault(n.text, {}).setdefault((n.left, n.right), {})
                    slots[slot] = slots.get(slot, 0) | 1 << position
        width = max(counts.values(), default=0)
        index._lacking = [0] * width
        for position, count in counts.items():
            for slot in range(count, width):
                index._lacking[slot] |= 1 << position
        index._owners = {text: [(l, r, s) for (l, r), s in edges.items()] for text, edges in owners.items()}
        index._scan = _scanner(list(index._owners))
        for text in owners:
            for ch in {v for c in text for v in _variants(c)}:
                index._by_char.setdefault(ch, set()).add(text)
            for ch in set(text):
                index._holding.setdefault(ch, set()).add(text)
        return index

    def survivors(self, texts: Sequence[str], crossed: Sequence[Shape]) -> int:
        """The rules (bits) that may match inside one of `texts`, or across the wildcards of `crossed`."""
        met: dict[int, int] = {}

        def meet(slots: dict[int, int]) -> None:
            for slot, rules in slots.items():
                met[slot] = met.get(slot, 0) | rules

        for text in texts:
            folded = fold(text)
            for end, found in self._scan(folded):
                start = end - len(found) + 1
                for left, right, slots in self._owners[found]:
                    if _holds_before(left, text, start) and _holds_after(right, text, end + 1):
                        meet(slots)
        if crossed:
            shapes = _Tokens(crossed, self._folded_allowed)
            folded_texts = [fold(text) for text in texts]
            for text, left, right, slots in self._across(shapes):
                if left is None or shapes.occurs(text, left == TEXT_EDGE, right == TEXT_EDGE, folded_texts):
                    meet(slots)
        kept = self._all
        for slot, lacking in enumerate(self._lacking):
            kept &= lacking | met.get(slot, 0)
        return kept

    def _across(self, shapes: _Tokens) -> list[tuple[str, int | None, int, dict[int, int]]]:
        """The needles (with their edges and owners) that may lie across or inside a wildcard of `shapes`.

        A needle made only of characters a run allows, with no edge of the
        text, fits inside the run wherever it stands: its edges are None.
        """
        candidates: set[str] = set()
        inside: set[str] = set()
        for allowed, gap in shapes.wilds:
            whole, some = self._crossing_of(allowed)
            if gap:
                inside |= whole
            candidates |= some
        if len(candidates) > MAX_CROSSING:  # too many to check one by one: all may lie across
            inside |= candidates
            candidates = set()
        found: list[tuple[str, int | None, int, dict[int, int]]] = []
        for text in sorted(candidates | inside):
            for left, right, slots in self._owners[text]:
                if text in inside and TEXT_EDGE not in (left, right):
                    found.append((text, None, NO_EDGE, slots))  # met wherever the run stands
                    continue
                found.append((text, left, right, slots))
        return found

    def _folded_allowed(self, wild: Wild) -> frozenset[str]:
        """The needle characters (folded) a wildcard allows in one of the forms that fold to them."""
        return frozenset(fold(ch) for ch in self._by_char if wild.allows(ch))

    def _crossing_of(self, allowed: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        """The needles made only of `allowed` characters, and those holding one."""
        known = self._crossing.get(allowed)
        if known is None:
            some: set[str] = set()
            for ch in allowed:
                some |= self._holding.get(ch, set())
            whole = frozenset(t for t in some if all(c in allowed for c in t))
            known = self._crossing[allowed] = (whole, frozenset(some))
        return known


class _Tokens:
    """A rule's shapes as folded tokens: a literal character, or the needle characters a wildcard allows."""

    def __init__(self, shapes: Sequence[Shape], allowed_of: Any) -> None:
        self.shapes: list[list[tuple[str | None, frozenset[str], bool]]] = []
        wilds: dict[tuple[frozenset[str], bool], None] = {}
        for shape in shapes:
            tokens: list[tuple[str | None, frozenset[str], bool]] = []
            for token in shape:
                if isinstance(token, str):
                    tokens.append((fold(token), frozenset(), False))
                else:
                    allowed = allowed_of(token)
                    tokens.append((None, allowed, token.gap))
                    wilds[(allowed, token.gap)] = None
            self.shapes.append(tokens)
        self.wilds = list(wilds)
        self.any_allowed = frozenset().union(*(allowed for allowed, _gap in self.wilds))
        self._known: dict[tuple[str, bool, bool], bool] = {}

    def occurs(self, text: str, at_start: bool, at_end: bool, texts: Sequence[str]) -> bool:
        key = (text, at_start, at_end)
        found = self._known.get(key)
        if found is None:
            # The runs of characters no wildcard allows must stand in the literal text as they are.
            runs = "".join(ch if ch not in self.any_allowed else SEPARATOR for ch in text).split(SEPARATOR)
            found = all(any(run in t for t in texts) for run in runs if run) and any(
                _occurs(text, tokens, at_start, at_end) if at_start or not at_end
                else _occurs_at_end(text, tokens) for tokens in self.shapes
            )
            self._known[key] = found
        return found


def _occurs(text: str, tokens: Sequence[tuple[str | None, frozenset[str], bool]], at_start: bool, at_end: bool) -> bool:
    """Whether the folded `text` can occur in a text of one shape's `tokens` (at its start or end, if asked).

    Runs may be empty; word edges are not checked (the answer may only say
    "yes" too often).
    """
    size = len(tokens)

    def skipping(states: set[int]) -> set[int]:
        found = set(states)
        todo = list(states)
        while todo:
            i = todo.pop()
            if i < size and tokens[i][2] and i + 1 not in found:
                found.add(i + 1)
                todo.append(i + 1)
        return found

    states = skipping({0} if at_start else set(range(size + 1)))
    for ch in text:
        following: set[int] = set()
        for i in states:
            if i >= size:
                continue
            literal, allowed, gap = tokens[i]
            if literal is not None:
                if literal == ch:
                    following.add(i + 1)
            elif ch in allowed:
                following.add(i if gap else i + 1)
        states = skipping(following)
        if not states:
            return False
    if not at_end:
        return True
    # `$` also holds before a final newline: what is left may be nothing, or one character that can be one.
    return any(i == size or (i == size - 1 and (tokens[i][0] == "\n" or "\n" in tokens[i][1])) for i in states)


def _occurs_at_end(text: str, tokens: Sequence[tuple[str | None, frozenset[str], bool]]) -> bool:
    """`_occurs` at the end of a text, read backwards (from the end, or from before a final newline)."""
    backwards = list(reversed(tokens))
    if _occurs(text[::-1], backwards, True, False):
        return True
    last = backwards[0] if backwards else None
    if last is not None and (last[0] == "\n" or "\n" in last[1]):
        return _occurs(text[::-1], backwards[1:], True, False)
    return False


def _holds_before(kind: int, text: str, start: int) -> bool:
    """Whether an edge of `kind` may hold before position `start` of an own text."""
    if kind == NO_EDGE:
        return True
    if kind == TEXT_EDGE:
        return start == 0
    return start == 0 or _word_edge(kind, text[start - 1])


def _holds_after(kind: int, text: str, after: int) -> bool:
    """Whether an edge of `kind` may hold before position `after` (just past a needle) of an own text."""
    if kind == NO_EDGE or after >= len(text):
        return True
    if kind == TEXT_EDGE:  # `$`: only a final newline (or wildcard characters that may be one) may follow
        return after == len(text) - 1 and text[after] in ("\n", SEPARATOR)
    return _word_edge(kind, text[after])


def _word_edge(kind: int, neighbour: str) -> bool:
    """Whether a word edge of `kind` may hold next to `neighbour` (any character, for a separator)."""
    if neighbour == SEPARATOR:
        return True
    if kind == ASCII_EDGE:
        return neighbour not in _ASCII_WORD or neighbour in _FOLDS_AWAY
    return _UNICODE_WORD.fullmatch(neighbour) is None


def _scanner(texts: list[str]) -> Any:
    """Every (end position, text) of `texts` occurring in a folded string (pyahocorasick, else `str.find`)."""
    try:
        import ahocorasick
    except ImportError:  # pragma: no cover - pyahocorasick is a dependency; the fallback finds the same
        ahocorasick = None
    if ahocorasick is not None and texts:
        automaton = ahocorasick.Automaton()
        for text in texts:
            automaton.add_word(text, text)
        automaton.make_automaton()
        return automaton.iter

    def scan(folded: str) -> list[tuple[int, str]]:
        found: list[tuple[int, str]] = []
        for text in texts:
            start = folded.find(text)
            while start >= 0:
                found.append((start + len(text) - 1, text))
                start = folded.find(text, start + 1)
        return found

    return scan
