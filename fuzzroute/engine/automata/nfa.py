"""A regex or keyword list as a nondeterministic automaton over character tests, exactly as Python runs it.

A regex is read from the parse tree `re` itself builds (so `(?x)` comments,
escapes and inline flags are already resolved), and every construct whose
set of matched strings is regular is translated one to one: literals and
classes become character tests (`Atoms`, computed by `re` itself, see
`alphabet`), groups, alternatives and bounded or unbounded repeats become
the usual automaton pieces, and the zero-width anchors `^ $ \\A \\Z \\b \\B`
become *assertions* on the characters either side of a position.  A keyword
becomes its case-folded characters between the ASCII edge assertions the
routing law prescribes.

Constructs whose meaning is not a regular language of the message, or that
backtracking treats differently from an automaton (lookarounds,
backreferences, conditionals, atomic groups, possessive repeats), are
refused with `Undecidable` and a reason: the matcher is then reported
undecided, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.automata.alphabet import (
    Intervals,
    ascii_word_set,
    newline_set,
    resolve_nodes,
    unicode_word_set,
)
from fuzzroute.engine.text import ASCII_WORD

_c: Any = regex_syntax.constants

#: Automaton nodes one matcher may need (a `\\w{500}` would need 500).
MAX_NODES = 3000

# Assertions: what must hold between the previous character and the next one.
BEGIN_STRING = 1  # \A, and ^ without MULTILINE
BEGIN_LINE = 2  # ^ with MULTILINE
END_STRING = 3  # \Z
END_LINE = 4  # $ with MULTILINE
END_OR_FINAL_NEWLINE = 5  # $ without MULTILINE: the end, or a newline that is the last character
WORD_EDGE = 6  # \b (Unicode word characters)
NOT_WORD_EDGE = 7  # \B (Unicode)
ASCII_WORD_EDGE = 8  # \b under re.ASCII
NOT_ASCII_WORD_EDGE = 9  # \B under re.ASCII
NO_ASCII_WORD_BEFORE = 10  # a keyword's left edge
NO_ASCII_WORD_AFTER = 11  # a keyword's right edge

#: The three character tests every alphabet carries, for the assertions.
NEWLINE, UNICODE_WORD, ASCII_WORD_ATOM = 0, 1, 2

# The flags as plain integers: an operation on `re.RegexFlag` runs Python code of `enum` (the values hash and
# compare as the same integers).
_ASCII, _MULTILINE = int(re.ASCII), int(re.MULTILINE)
_KEYWORD_FLAGS = int(re.IGNORECASE | re.UNICODE)

#: Python 3.11 refuses `\\B` on the empty message; later versions may not: ask `re`.
NOT_EDGE_ON_EMPTY = re.search(r"\B", "") is not None


class Undecidable(ValueError):
    """A matcher outside the subset decided exactly; the message is the reason."""


class Atoms:
    """The character tests of every matcher of one graph, numbered once and resolved together.

    Tests are collected while the matchers are translated and resolved into
    code point sets in one batch (`resolve`), so literals share one scan.
    """

    def __init__(self) -> None:
        self._keys: dict[tuple[str, int], int] = {}
        self._requests: list[tuple[Any, int]] = []
        self._characters: dict[tuple[str, int], int] = {}
        self.fixed: list[Intervals] = [newline_set(), unicode_word_set(), ascii_word_set()]
        #: The atoms that test a literal (a character, or a class of listed characters): a rule's fixed words.
        self.literal: set[int] = set()

    def character(self, ch: str, flags: int) -> int:
        """The test of one literal character under `flags` (a keyword's characters: no parse node to print)."""
        key = (ch, flags)
        found = self._characters.get(key)
        if found is None:
            found = self._characters[key] = self.node((_c.LITERAL, ord(ch)), flags)
        return found

    def node(self, node: Any, flags: int) -> int:
        key = (repr(node), flags)
        found = self._keys.get(key)
        if found is None:
            found = self._keys[key] = len(self.fixed) + len(self._requests)
            self._requests.append((node, flags))
            if is_literal(node):
                self.literal.add(found)
        return found

    def resolve(self) -> list[Intervals]:
        """Every test's code points, by atom number."""
        return [*self.fixed, *resolve_nodes(self._requests)]


def is_literal(node: Any) -> bool:
    """A literal character, or a class made only of listed characters (`[Oo]`): fixed text, not a wildcard."""
    op, av = node
    return bool(op is _c.LITERAL or (op is _c.IN and av and all(item is _c.LITERAL for item, _v in av)))


@dataclass
class Nfa:
    """Nodes with character moves (an atom each) and empty moves (an assertion or None).

    `wild` holds the character moves that are not literals (classes, `.`,
    `\\w`...): the wildcards of the rule, as opposed to its fixed words.
    """

    chars: list[Sequence[tuple[int, int]]] = field(default_factory=list)
    empties: list[Sequence[tuple[int | None, int]]] = field(default_factory=list)
    start: int = 0
    final: int = 0
    atoms: set[int] = field(default_factory=set)
    assertions: set[int] = field(default_factory=set)
    #: Unbounded repeats, for reading the automaton as backtracking walks it (`ambiguity`): each loop
    #: node's first (character, empty) moves start an iteration, the rest leave the repeat; and the
    #: empty moves (source, position in `empties[source]`) that enter a repeat afresh or end an iteration.
    loop_body: dict[int, tuple[int, int]] = field(default_factory=dict)
    loop_entries: set[tuple[int, int]] = field(default_factory=set)
    loop_backs: set[tuple[int, int]] = field(default_factory=set)
    wild: set[tuple[int, int, int]] = field(default_factory=set)

    def node(self) -> int:
        if len(self.chars) >= MAX_NODES:
            raise Undecidable(f"the automaton would need more than {MAX_NODES} states (a long bounded repeat?)")
        self.chars.append([])
        self.empties.append([])
        return len(self.chars) - 1

    def char(self, source: int, atom: int, target: int, wild: bool = False) -> None:
        moves = self.chars[source]
        assert isinstance(moves, list), "a compacted automaton is read, never changed"
        moves.append((atom, target))
        self.atoms.add(atom)
        if wild:
            self.wild.add((source, atom, target))

    def empty(self, source: int, target: int, assertion: int | None = None) -> None:
        moves = self.empties[source]
        assert isinstance(moves, list), "a compacted automaton is read, never changed"
        moves.append((assertion, target))
        if assertion is not None:
            self.assertions.add(assertion)

    def compact(self) -> Nfa:
        """The built automaton with each node's moves as a tuple (no moves: the one empty tuple).

        A 5,000-rule graph's automata have about 200,000 nodes, most with one
        move or none; a list per node and kind of move, with room to grow, is
        a large share of their memory.  Built automata are read, never changed.
        """
        self.chars = [tuple(moves) for moves in self.chars]
        self.empties = [tuple(moves) for moves in self.empties]
        return self


_CHAR_OPS = frozenset({_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY, _c.CATEGORY})
_REFUSED = {
    _c.GROUPREF: "a backreference (its language is not regular)",
    _c.GROUPREF_EXISTS: "a conditional group (?(n)...) (it depends on a capture)",
}


def _op_name(op: Any) -> str:
    return str(op).lower()


class _Builder:
    def __init__(self, nfa: Nfa, atoms: Atoms) -> None:
        self.nfa = nfa
        self.atoms = atoms

    def sequence(self, items: Any, flags: int, source: int) -> int:
        current = source
        for op, av in items:
            current = self.item(op, av, flags, current)
        return current

    def item(self, op: Any, av: Any, flags: int, source: int) -> int:
        nfa = self.nfa
        if op in _CHAR_OPS:
            atom = self.atoms.node((op, av), flags)
            target = nfa.node()
            nfa.char(source, atom, target, wild=not is_literal((op, av)))
            return target
        if op is _c.SUBPATTERN:
            _group, add, remove, inner = av
            return self.sequence(inner, (flags | add) & ~remove, source)
        if op is _c.BRANCH:
            end = nfa.node()
            for alternative in av[1]:
                start = nfa.node()
                nfa.empty(source, start)
                nfa.empty(self.sequence(alternative, flags, start), end)
            return end
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            return self.repeat(av, flags, source)
        if op is _c.AT:
            target = nfa.node()
            nfa.empty(source, target, _anchor(av, flags))
            return target
        if op in (_c.ASSERT, _c.ASSERT_NOT):
            direction = "lookahead" if av[0] == 1 else "lookbehind"
            negative = "negative " if op is _c.ASSERT_NOT else ""
            raise Undecidable(f"a {negative}{direction} (it reads text outside the match; not decided)")
        if op in _REFUSED:
            raise Undecidable(_REFUSED[op])
        if op is _c.POSSESSIVE_REPEAT or op is getattr(_c, "ATOMIC_GROUP", None):
            raise Undecidable("an atomic group or possessive repeat (backtracking limits what it matches)")
        raise Undecidable(f"the regex construct {_op_name(op)}")

    def repeat(self, av: Any, flags: int, source: int) -> int:
        low, high, inner = av
        nfa = self.nfa
        current = source
        for _ in range(low):
            current = self.sequence(inner, flags, current)
        if high == _c.MAXREPEAT:
            loop = nfa.node()
            nfa.empty(current, loop)
            nfa.loop_entries.add((current, len(nfa.empties[current]) - 1))
            body_end = self.sequence(inner, flags, loop)
            nfa.loop_body[loop] = (len(nfa.chars[loop]), len(nfa.empties[loop]))
            nfa.empty(body_end, loop)
            nfa.loop_backs.add((body_end, len(nfa.empties[body_end]) - 1))
            return loop
        end = nfa.node()
        for _ in range(high - low):
            nfa.empty(current, end)
            current = self.sequence(inner, flags, current)
        nfa.empty(current, end)
        return end


def _anchor(at: Any, flags: int) -> int:
    ascii_only = bool(flags & _ASCII)
    if at is _c.AT_BEGINNING_STRING or (at is _c.AT_BEGINNING and not flags & _MULTILINE):
        return BEGIN_STRING
    if at is _c.AT_BEGINNING:
        return BEGIN_LINE
    if at is _c.AT_END_STRING:
        return END_STRING
    if at is _c.AT_END:
        return END_LINE if flags & _MULTILINE else END_OR_FINAL_NEWLINE
    if at is _c.AT_BOUNDARY:
        return ASCII_WORD_EDGE if ascii_only else WORD_EDGE
    if at is _c.AT_NON_BOUNDARY:
        return NOT_ASCII_WORD_EDGE if ascii_only else NOT_WORD_EDGE
    raise Undecidable(f"the anchor {_op_name(at)}")


_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT})


def own_text_items(items: list[Any]) -> list[Any]:
    """The pattern without what search semantics make redundant at its ends: the rule's own text.

    Under search, a repeat at the very start or end of a pattern can be cut
    to its minimum count (`X{n,}` and `X{n}` find a match in the same
    messages: a match of one contains a match of the other), and a repeat
    with minimum 0 dropped: `.*coming soon.*` has the own text "coming
    soon", `see \\w+` has "see " and one word character.  A group that is
    the whole pattern is opened first.
    """
    items = list(items)
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = list(items[0][1][3])
    for end in (-1, 0):
        while items and items[end][0] in _REPEATS:
            op, (low, high, inner) = items[end]
            if low == 0:
                items.pop(end)
                continue
            if high != low:
                items[end] = (op, (low, low, inner))
            break
    return items


def pattern_nfa(pattern: re.Pattern[str], atoms: Atoms, *, own_text: bool = False) -> Nfa:
    """The automaton of a compiled user regex (refuses what it cannot translate exactly).

    With `own_text`, of the pattern's own text (`own_text_items`): read whole,
    the texts that are nothing but what the rule is about.
    """
    try:
        tree = regex_syntax.parsed(pattern.pattern, pattern.flags)  # shared: read, never changed
    except (re.error, RecursionError) as error:  # pragma: no cover - the pattern compiled once already
        raise Undecidable(f"the pattern cannot be parsed again: {error}") from error
    items = own_text_items(list(tree)) if own_text else list(tree)
    nfa = Nfa()
    nfa.start = nfa.node()
    try:
        nfa.final = _Builder(nfa, atoms).sequence(items, tree.state.flags, nfa.start)
    except RecursionError as error:
        raise Undecidable("the pattern is nested too deeply") from error
    return nfa.compact()


_ASCII_WORD_CHARACTER = re.compile(ASCII_WORD)


def _is_ascii_word(ch: str) -> bool:
    return _ASCII_WORD_CHARACTER.fullmatch(ch) is not None


def keyword_list_nfa(keywords: Sequence[str], atoms: Atoms) -> Nfa:
    """Any keyword: each character case-folded as `re.IGNORECASE` folds it, ASCII edges where the law puts them."""
    nfa = Nfa()
    nfa.start = nfa.node()
    nfa.final = nfa.node()
    flags = _KEYWORD_FLAGS
    for keyword in keywords:
        current = nfa.node()
        nfa.empty(nfa.start, current, NO_ASCII_WORD_BEFORE if _is_ascii_word(keyword[0]) else None)
        for ch in keyword:
            target = nfa.node()
            nfa.char(current, atoms.character(ch, flags), target)
            current = target
        nfa.empty(current, nfa.final, NO_ASCII_WORD_AFTER if _is_ascii_word(keyword[-1]) else None)
    return nfa.compact()

