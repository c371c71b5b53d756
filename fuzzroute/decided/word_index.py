"""Which earlier rules can match inside a rule's own text: their required words, with their edges, in one scan.

The decided tier asks, for a later rule B and each earlier rule A, whether A
matches inside B's own text (`questions.RuleQuestions.inside`).  Most pairs
cannot, and this index says so before any product of automata is built.
It is exact in one direction only: a rule it leaves out cannot match inside
any own text of B; a rule it keeps is asked with the automata.

*Required words.*  Every match of A holds, for each of its *factors*, one
text of that factor (case-folded, as the laws' prefilter compares them:
`literal_prefilter.fold`), and what stands next to that text is often known
too (`Edge`): a keyword whose first character is an ASCII word character is
never preceded by one; a run of a regex written between `\\b` anchors is
never preceded or followed by a word character; `^` puts it at the start of
the text, `$` at the end (or before a final newline); a run followed by
`\\d+` is followed by a digit.  So "baco" as a keyword cannot match inside
"bacodi", nor `bati\\d+` inside the keyword "bati", although the text occurs.

*B's own texts.*  Read off its shapes (`shapes`): literal characters as
written, and wildcards.  A wildcard becomes a separator character no needle
holds (`SEPARATOR`), or nothing for a run that may be empty; a needle that
holds a character the wildcard's class allows may lie across it, and is
checked against the shape token by token (`_occurs`).  In the fixed-words
reading a wildcard reads only blank characters, those no literal of any
rule is, so no needle can lie across it there.  A separator next to a
needle can be any character, so it never rules an edge out.

*Case.*  A literal neighbour of a case-insensitive own text (a keyword list,
a regex under IGNORECASE) may be read as any character case folding equates
with it: the letters `re.IGNORECASE` equates with a non-ASCII character (i,
k, s: dotless i, the Kelvin sign, the long s) then never rule out an ASCII
edge, which that character is not ("baco" as a keyword does match inside the
keyword "bacoki" spelled with the Kelvin sign).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.decided.shapes import Shape, Wild
from fuzzroute.engine import regex_syntax
from fuzzroute.engine.automata.alphabet import compile_node
from fuzzroute.engine.literal_prefilter import SPECIAL_FOLDS, fold, needle
from fuzzroute.engine.literals import MAX_ALTERNATIVES, regex_factors
from fuzzroute.engine.matchers import AllOf, Keywords, Regex

_c: Any = regex_syntax.constants

#: Edge kinds: none; a Unicode word edge (`\\b`); an ASCII word edge (`\\b` under re.ASCII, a keyword's edge);
#: the edge of the text (`^` or `\\A` before a needle; `$` or `\\Z` after one, where a final newline may follow);
#: a character of a class (what a regex requires right next to the run).
NO_EDGE, UNICODE_EDGE, ASCII_EDGE, TEXT_EDGE, CLASS_EDGE = 0, 1, 2, 3, 4
#: Stands for one or more wildcard characters in an own text: no needle holds it.
SEPARATOR = "\x00"
#: Texts one rule's shapes may spell (a run that may be empty doubles them); past this the index keeps every rule.
MAX_TEXTS = 256
#: Needles that may lie across a rule's wildcards, checked one by one against its shapes; past this many
#: they are all kept.
MAX_CROSSING = 512

_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
#: ASCII letters case folding equates with a non-ASCII character (so possibly no ASCII word character).
_FOLDS_AWAY = frozenset(SPECIAL_FOLDS.values()) | frozenset(v.upper() for v in SPECIAL_FOLDS.values())
_UNICODE_WORD = re.compile(r"\w")
#: An inline flag group that may turn IGNORECASE on (`(?i)`, `(?i:...)`, `(?ai-m:...)`).
_INLINE_IGNORECASE = re.compile(r"\(\?[aiLmsux-]*i")
_CHAR_OPS = frozenset({_c.IN, _c.ANY, _c.CATEGORY, _c.NOT_LITERAL})
_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)})


@dataclass(frozen=True)
class Edge:
    """What must stand next to a needle: nothing known, a word edge, the text's edge, or a class's character."""

    kind: int = NO_EDGE
    #: For `CLASS_EDGE`: the class, as its parse node written out (`key`) and compiled (`test`).
    key: str = ""
    test: re.Pattern[str] | None = field(default=None, compare=False, hash=False)


NONE = Edge()
_WORD_EDGES = {kind: Edge(kind) for kind in (UNICODE_EDGE, ASCII_EDGE, TEXT_EDGE)}


@dataclass(frozen=True)
class Needle:
    """One text a factor may be met by (case-folded), and what must stand before and after it."""

    text: str
    left: Edge = NONE
    right: Edge = NONE


Factor = tuple[Needle, ...]


def _is_word(ch: str, kind: int) -> bool:
    if kind == ASCII_EDGE:
        return ch in _ASCII_WORD
    return _UNICODE_WORD.fullmatch(ch) is not None


def _word_edge(edge: Edge, ch: str) -> Edge:
    """The edge a needle needs where `ch` is its end character: a word edge binds only a word character."""
    if edge.kind in (UNICODE_EDGE, ASCII_EDGE):
        return edge if _is_word(ch, edge.kind) else NONE
    return edge


def _keyword_needle(keyword: str) -> Needle | None:
    folded = needle(keyword)
    if folded is None:
        return None
    if folded != fold(keyword):  # a cut run of a non-ASCII keyword: its edges are elsewhere
        return Needle(folded)
    edge = _WORD_EDGES[ASCII_EDGE]
    return Needle(folded, _word_edge(edge, keyword[0]), _word_edge(edge, keyword[-1]))


def _plain(texts: Iterable[str]) -> Factor | None:
    found: list[Needle] = []
    for text in texts:
        cut = needle(text)
        if cut is None:
            return None
        found.append(Needle(cut))
    return tuple(dict.fromkeys(found)) or None


def _class_edge(op: Any, av: Any, flags: int) -> Edge:
    """The class a regex item requires one character of (a class, or a class repeated at least once), or none."""
    node = (op, av)
    if op in _REPEATS:
        low, _high, body = av
        items = list(body)
        if low < 1 or len(items) != 1:
            return NONE
        node = items[0]
    if node[0] not in _CHAR_OPS:
        return NONE
    try:
        test = compile_node(node, flags)
    except (re.error, RecursionError, TypeError, ValueError):
        return NONE
    return Edge(CLASS_EDGE, f"{flags}:{node!r}", test)


def _edged_runs(pattern: re.Pattern[str]) -> list[Factor]:
    """Factors of a regex's top-level runs of exact text, with what its pattern puts right around them.

    `\\b` gives a word edge where the run's end character is a word character;
    `^`, `\\A` before a run and `$`, `\\Z` after one (without MULTILINE) the edge
    of the text; a class next to the run (`\\d+`, `\\s`) one of its characters.
    """
    from fuzzroute.engine import literals

    try:
        tree = regex_syntax.parsed(pattern.pattern, pattern.flags)
    except (re.error, RecursionError, TypeError, ValueError, AttributeError):
        return []
    flags = tree.state.flags
    word = _WORD_EDGES[ASCII_EDGE if flags & re.ASCII else UNICODE_EDGE]
    multiline = bool(flags & re.MULTILINE)
    items = list(tree)
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = list(items[0][1][3])
    factors: list[Factor] = []
    run: frozenset[str] | None = None
    left = NONE

    def close(right: Edge) -> None:
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
                edged.append(Needle(folded, _word_edge(left, text[0]), _word_edge(right, text[-1])))
        factors.append(tuple(edged))

    for op, av in items:
        if op is _c.AT:
            before, after = NONE, NONE
            if av is _c.AT_BOUNDARY:
                before = after = word
            elif av is _c.AT_BEGINNING_STRING or (av is _c.AT_BEGINNING and not multiline):
                after = _WORD_EDGES[TEXT_EDGE]
            elif av is _c.AT_END_STRING or (av is _c.AT_END and not multiline):
                before = _WORD_EDGES[TEXT_EDGE]
            close(before)
            run, left = None, after
            continue
        try:
            exact, _inner = literals._node(op, av)
        except (literals._Unknown, RecursionError, TypeError, ValueError, AttributeError):
            exact = None
        if exact is None:
            edge = _class_edge(op, av, flags)
            close(edge)
            run, left = None, edge
            continue
        if run is None:
            run = exact
        else:
            joined = frozenset(a + b for a in run for b in exact) if len(run) * len(exact) <= MAX_ALTERNATIVES else None
            if joined is None:
                close(NONE)
                run, left = exact, NONE
            else:
                run = joined
    close(NONE)
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


def folds_case(leaf: Regex | Keywords) -> bool:
    """Whether the leaf may read a literal character as another case of it (keywords, IGNORECASE, `(?i`)."""
    if isinstance(leaf, Keywords):
        return True
    return bool(leaf.pattern.flags & re.IGNORECASE) or _INLINE_IGNORECASE.search(leaf.pattern.pattern) is not None


def special_forms(text: str) -> list[str]:
    """`text` with one letter (i, k, s) written as a non-ASCII character `re.IGNORECASE` equates with it."""
    found: list[str] = []
    for position, ch in enumerate(text):
        if ch in _FOLDS_AWAY:
            low = fold(ch)
            found.extend(text[:position] + k + text[position + 1 :] for k, v in SPECIAL_FOLDS.items() if v == low)
    return found


#: A rule's own text spelled for the scan: the text, and whether its literal characters may be read in another case.
Spelled = tuple[str, bool]


def own_texts(leaves: Sequence[tuple[Sequence[Shape], bool]], fixed: bool) -> tuple[list[Spelled], list[Shape]] | None:
    """Each leaf's shapes spelled with each wildcard as `SEPARATOR` (or nothing, for a run that may be empty).

    `leaves` holds each leaf's shapes and whether it folds case.  Also
    returns the shapes with wildcards a needle may lie across (none in the
    fixed reading, where they read only blank characters).  None: too many texts.
    """
    texts: list[Spelled] = []
    crossed: list[Shape] = []
    for shapes, folds in leaves:
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
            texts.extend((text, folds) for text in spelled)
    return list(dict.fromkeys(texts)), crossed


#: Per factor slot, the bits of the rules a needle meets that factor of.
Slots = tuple[tuple[int, int], ...]
#: Owners of a needle text: (left edge, right edge, per factor slot the rules' bits).
Owners = list[tuple[Edge, Edge, Slots]]


@dataclass
class WordIndex:
    """The earlier rules' factors, scanned over a later rule's own texts in one pass (see the module docstring).

    Rules are kept as bits over entry positions: a rule survives a scan when
    each of its factors is met.  A rule with no factor always survives.
    """

    #: Per factor slot k, the rules with fewer than k + 1 factors (the slot is met for them).
    _lacking: list[int] = field(default_factory=list)
    _owners: dict[str, Owners] = field(default_factory=dict)
    _scan: Any = None
    #: The characters that fold to a needle's character (what a wildcard is asked about).
    _alphabet: frozenset[str] = frozenset()
    #: Per needle character, the needle texts holding it.
    _holding: dict[str, set[str]] = field(default_factory=dict)
    _folded_alphabet: frozenset[str] = frozenset()
    #: Per factor slot, the rules meeting it by a needle with no edge of the text; the needles with one.
    _unanchored: list[int] = field(default_factory=list)
    _anchored: list[str] = field(default_factory=list)
    #: Per set of needle characters a wildcard allows: the needles made only of them, and those holding some.
    _crossing: dict[frozenset[str], tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    _all: int = 0

    @classmethod
    def build(cls, rules: Iterable[tuple[int, Regex | Keywords | AllOf | None]]) -> WordIndex:
        index = cls()
        owners: dict[str, dict[tuple[Edge, Edge], dict[int, int]]] = {}
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
        index._owners = {
            text: [(left, right, tuple(sorted(slots.items()))) for (left, right), slots in edges.items()]
            for text, edges in owners.items()
        }
        index._scan = _scanner(list(index._owners))
        for text in owners:
            for ch in set(text):
                index._holding.setdefault(ch, set()).add(text)
        index._alphabet = frozenset(v for ch in index._holding for v in _variants(ch))
        index._folded_alphabet = frozenset(index._holding)
        index._unanchored = [0] * width
        for text, edges in owners.items():
            for (left, right), slots in edges.items():
                if TEXT_EDGE in (left.kind, right.kind):
                    index._anchored.append(text)
                    continue
                for slot, bits in slots.items():
                    index._unanchored[slot] |= bits
        index._anchored = sorted(set(index._anchored))
        return index

    def survivors(self, texts: Sequence[Spelled], crossed: Sequence[Shape]) -> int:
        """The rules (bits) that may match inside one of `texts`, or across the wildcards of `crossed`."""
        met = [0] * len(self._lacking)

        def meet(slots: Slots) -> None:
            for slot, rules in slots:
                met[slot] |= rules

        seen: set[tuple[str, int, int]] = set()
        for text, folds in texts:
            for end, found in self._scan(fold(text)):
                start = end - len(found) + 1
                for left, right, slots in self._owners[found]:
                    if left.kind == NO_EDGE and right.kind == NO_EDGE:
                        if (found, -1, -1) not in seen:
                            seen.add((found, -1, -1))
                            meet(slots)
                    elif _holds(left, text, start - 1, folds, True) and _holds(right, text, end + 1, folds, False):
                        meet(slots)
        if crossed:
            shapes = _Tokens(crossed, self._allowed)
            folded_texts = [fold(text) for text, _folds in texts]
            if any(gap and allowed >= self._folded_alphabet for allowed, gap in shapes.wilds):
                # A run of any characters: every needle fits inside it, but those at an edge of the text.
                for slot, bits in enumerate(self._unanchored):
                    met[slot] |= bits
                across: list[tuple[str, Edge | None, Edge, Slots]] = [
                    (t, edge, other, slots) for t in self._anchored for edge, other, slots in self._owners[t]
                ]
            else:
                across = self._across(shapes, folded_texts)
            for text, before, after, slots in across:
                if before is None or shapes.occurs(text, before.kind == TEXT_EDGE, after.kind == TEXT_EDGE):
                    meet(slots)
        kept = self._all
        for lacking, found in zip(self._lacking, met, strict=True):
            kept &= lacking | found
        return kept

    def _across(self, shapes: _Tokens, texts: Sequence[str]) -> list[tuple[str, Edge | None, Edge, Slots]]:
        """The needles (with their edges and owners) that may lie across or inside a wildcard of `shapes`.

        A needle made only of characters a run allows, with no edge of the
        text, fits inside the run wherever it stands: its left edge is None.
        A needle that holds such a character is kept only if the runs of its
        other characters stand in `texts` (the literal text) as they are.
        """
        candidates: set[str] = set()
        inside: set[str] = set()
        for allowed, gap in shapes.wilds:
            whole, some = self._crossing_of(allowed)
            if gap:
                inside |= whole
            candidates |= some
        candidates = {t for t in candidates - inside if shapes.literal_runs_fit(t, texts)}
        if len(candidates) > MAX_CROSSING:  # too many to check one by one: all may lie across
            inside |= candidates
            candidates = set()
        found: list[tuple[str, Edge | None, Edge, Slots]] = []
        for text in sorted(candidates | inside):
            for left, right, slots in self._owners[text]:
                if text in inside and TEXT_EDGE not in (left.kind, right.kind):
                    found.append((text, None, right, slots))  # met wherever the run stands
                    continue
                found.append((text, left, right, slots))
        return found

    def _allowed(self, wild: Wild) -> frozenset[str]:
        """The needle characters (folded) a wildcard allows in one of the forms that fold to them."""
        return frozenset(fold(ch) for ch in self._alphabet if wild.allows(ch))

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


Token = tuple[str | None, frozenset[str], bool]


class _Tokens:
    """A rule's shapes as folded tokens: a literal character, or the needle characters a wildcard allows (a run?)."""

    def __init__(self, shapes: Sequence[Shape], allowed_of: Any) -> None:
        self.shapes: list[list[Token]] = []
        wilds: dict[tuple[frozenset[str], bool], None] = {}
        for shape in shapes:
            tokens: list[Token] = []
            for token in shape:
                if isinstance(token, str):
                    tokens.append((fold(token), frozenset(), False))
                else:
                    allowed = allowed_of(token)
                    tokens.append((None, allowed, token.gap))
                    wilds[(allowed, token.gap)] = None
            self.shapes.append(tokens)
        self.wilds = list(wilds)
        self.any_allowed: frozenset[str] = frozenset().union(*(allowed for allowed, _gap in self.wilds))
        self._known: dict[tuple[str, bool, bool], bool] = {}

    def literal_runs_fit(self, text: str, texts: Sequence[str]) -> bool:
        """Whether each run of the needle's characters no wildcard allows stands in one of `texts` as it is."""
        runs = "".join(ch if ch not in self.any_allowed else SEPARATOR for ch in text).split(SEPARATOR)
        return all(any(run in t for t in texts) for run in runs if run)

    def occurs(self, text: str, at_start: bool, at_end: bool) -> bool:
        key = (text, at_start, at_end)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = any(
                _occurs(text, tokens, at_start, at_end) if at_start or not at_end else _occurs_at_end(text, tokens)
                for tokens in self.shapes
            )
        return found


def _occurs(text: str, tokens: Sequence[Token], at_start: bool, at_end: bool) -> bool:
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


def _occurs_at_end(text: str, tokens: Sequence[Token]) -> bool:
    """`_occurs` at the end of a text, read backwards (from the end, or from before a final newline)."""
    backwards = list(reversed(tokens))
    if _occurs(text[::-1], backwards, True, False):
        return True
    last = backwards[0] if backwards else None
    if last is not None and (last[0] == "\n" or "\n" in last[1]):
        return _occurs(text[::-1], backwards[1:], True, False)
    return False


def _holds(edge: Edge, text: str, at: int, folds: bool, before: bool) -> bool:
    """Whether `edge` may hold with the own text's character at position `at` next to a needle.

    `at` is -1 or `len(text)` at the edges of the text; `before` says the
    edge is the needle's left one.  `folds`: the text's letters may be read
    in another case.
    """
    kind = edge.kind
    if kind == NO_EDGE:
        return True
    outside = at < 0 or at >= len(text)
    if kind == TEXT_EDGE:
        if before:
            return outside
        # `$`: only a final newline (or wildcard characters that may be one) may follow.
        return outside or (at == len(text) - 1 and text[at] in ("\n", SEPARATOR))
    if outside:
        return kind != CLASS_EDGE  # a word edge holds at the edge of the text; a class needs a character
    neighbour = text[at]
    if neighbour == SEPARATOR:
        return True
    if kind == CLASS_EDGE:
        test = edge.test
        forms = (neighbour, *_case_forms(neighbour)) if folds else (neighbour,)
        return test is None or any(test.fullmatch(ch) is not None for ch in forms)
    if kind == ASCII_EDGE:
        return neighbour not in _ASCII_WORD or (folds and neighbour in _FOLDS_AWAY)
    return _UNICODE_WORD.fullmatch(neighbour) is None


def _case_forms(ch: str) -> tuple[str, ...]:
    """The characters `re.IGNORECASE` may read `ch` as: its other case, and the special folds of its letter."""
    low = fold(ch)
    return (ch.lower(), ch.upper(), *[k for k, v in SPECIAL_FOLDS.items() if v == low])


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
