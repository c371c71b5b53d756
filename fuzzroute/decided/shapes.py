"""The shape of a rule's own text, read off the parse tree: fixed words, wildcard characters, open gaps.

A rule's own text (`nfa.own_text_items`) is a sequence of literal
characters (its fixed words) and wildcards: a single character of a class
(`.`, `\\w`, `[a-z]` once), or a gap, a class repeated (the `.*` of
`send .* to`); a wildcard keeps the test `re` runs for one of its
characters.  The shapes are the finitely many token sequences of a
pattern when that is known, and they feed two cheap, exact-in-one-direction
tests that keep most pairs of rules away from the automata:

* the *fixed segments*: the runs of literal characters between wildcards.
  A rule whose match must overlap another rule's fixed words needs its
  required literals inside those runs;
* the *closed templates* (no gap, at most two wildcard characters): every
  own text with its wildcard characters spelled out over the characters
  literals are made of, which can be enumerated;
* the *characters*: which of those an own text can hold at all (a rule
  whose own text is digits cannot hold a word).

Anything the reading does not model (a repeat of literals with a variable
count, a lookaround, too many alternatives) gives no shape, and then the
tests are not used: a shape may only ever say "impossible" when it is.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, assert_never

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.automata.alphabet import compile_node
from fuzzroute.engine.automata.nfa import is_literal, own_text_items
from fuzzroute.engine.matchers import Keywords, Leaf, Regex

_c: Any = regex_syntax.constants


@dataclass(frozen=True)
class Wild:
    """A wildcard: one character (`gap` False) or a run of any length (`gap` True) passing `test`."""

    test: re.Pattern[str]
    gap: bool = False
    #: For a gap, the fewest characters it holds (a run that may be empty joins its neighbours).
    least: int = 1

    def allows(self, ch: str) -> bool:
        return self.test.fullmatch(ch) is not None


Token = str | Wild  # one literal character, or a wildcard
Shape = tuple[Token, ...]

#: Spells a wildcard character that no literal holds (a needle never contains it).
OTHER = "\x00"
#: Shapes kept per rule (alternatives multiply); past this a rule has no shape.
MAX_SHAPES = 64
#: A closed template with at most this many wildcard characters is enumerated.
MAX_WILD = 2

_CHARS = frozenset({_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY, _c.CATEGORY})
_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT})


class _Unknown(Exception):
    """A construct the shape reading does not model."""


def _join(left: list[Shape], right: list[Shape]) -> list[Shape]:
    joined = [a + b for a in left for b in right]
    if len(joined) > MAX_SHAPES:
        raise _Unknown
    return joined


def _sequence(items: Sequence[Any], flags: int) -> list[Shape]:
    shapes: list[Shape] = [()]
    for op, av in items:
        shapes = _join(shapes, _node(op, av, flags))
    return shapes


def _node(op: Any, av: Any, flags: int) -> list[Shape]:
    if op in _CHARS:
        if is_literal((op, av)):
            chars = [chr(av)] if op is _c.LITERAL else [chr(v) for _o, v in av]
            if len(chars) > MAX_SHAPES:
                raise _Unknown
            return [(ch,) for ch in chars]
        return [(Wild(compile_node((op, av), flags)),)]
    if op is _c.AT:
        return [()]
    if op is _c.SUBPATTERN:
        _group, add, remove, inner = av
        return _sequence(inner, (flags | add) & ~remove)
    if op is _c.BRANCH:
        found = [shape for alternative in av[1] for shape in _sequence(alternative, flags)]
        if len(found) > MAX_SHAPES:
            raise _Unknown
        return found
    if op in _REPEATS:
        low, high, inner = av
        body = _sequence(inner, flags)
        if low == high and low <= 4:
            shapes: list[Shape] = [()]
            for _ in range(low):
                shapes = _join(shapes, body)
            return shapes
        if high != _c.MAXREPEAT and high <= 4:
            # A few counts of anything (`(ed)?`, `\\d{2,3}`): each count spelled out.
            found = []
            for count in range(low, high + 1):
                shapes = [()]
                for _ in range(count):
                    shapes = _join(shapes, body)
                found.extend(shapes)
            if len(found) > MAX_SHAPES:
                raise _Unknown
            return found
        if len(body) == 1 and len(body[0]) == 1 and isinstance(body[0][0], Wild):
            # One wildcard repeated: a run of its characters of some length.
            return [(Wild(_wild(body[0][0]).test, gap=True, least=low),)]
        raise _Unknown
    raise _Unknown


@dataclass(frozen=True)
class RuleShape:
    """A rule's own-text shapes (None: not modelled), per leaf of an all-of."""

    leaves: tuple[tuple[Shape, ...] | None, ...]

    @property
    def segments(self) -> tuple[str, ...] | None:
        """Every run of fixed characters between wildcards, over all shapes (None: unknown)."""
        found: dict[str, None] = {}
        for shapes in self.leaves:
            if shapes is None:
                return None
            for shape in shapes:
                run: list[str] = []
                for token in (*shape, None):
                    if token is None or isinstance(token, Wild):
                        if run:
                            found.setdefault("".join(run), None)
                        run = []
                    else:
                        run.append(token)
        return tuple(found)

    @property
    def open(self) -> bool:
        """Whether an own text can hold a run of wildcard characters of any length (a gap)."""
        return any(
            shapes is None or any(isinstance(t, Wild) and t.gap for shape in shapes for t in shape)
            for shapes in self.leaves
        )

    def characters(self, alphabet: Sequence[str]) -> set[str] | None:
        """The characters of `alphabet` an own text can hold (None: unknown)."""
        found: set[str] = set()
        for shapes in self.leaves:
            if shapes is None:
                return None
            for shape in shapes:
                for token in shape:
                    if isinstance(token, Wild):
                        found.update(ch for ch in alphabet if ch not in found and token.allows(ch))
                    else:
                        found.add(token)
        return found

    def templates(self, alphabet: Sequence[str], limit: int = 4096) -> tuple[str, ...] | None:
        """Every own text with its wildcard characters spelled over `alphabet` (None: a gap, or too many)."""
        texts: list[str] = []
        for shapes in self.leaves:
            if shapes is None:
                return None
            for shape in shapes:
                if any(isinstance(t, Wild) and t.gap for t in shape):
                    return None
                wild = [n for n, token in enumerate(shape) if isinstance(token, Wild)]
                # A character no needle holds stands for every other character the wildcard allows.
                choices = [[*(ch for ch in alphabet if _wild(shape[n]).allows(ch)), OTHER] for n in wild]
                if len(wild) > MAX_WILD or len(texts) + _product_size(choices) > limit:
                    return None
                for filling in itertools.product(*choices):
                    spelled = [t if isinstance(t, str) else "" for t in shape]
                    for position, ch in zip(wild, filling, strict=True):
                        spelled[position] = ch
                    texts.append("".join(spelled))
        return tuple(texts)


def _wild(token: Token) -> Wild:
    assert isinstance(token, Wild)
    return token


def _product_size(choices: list[list[str]]) -> int:
    size = 1
    for options in choices:
        size *= len(options)
    return size


def leaf_shapes(leaf: Leaf) -> tuple[Shape, ...] | None:
    """The shapes of one leaf's own text (a keyword's own text is itself: all fixed)."""
    match leaf:
        case Keywords():
            return tuple(tuple(k) for k in leaf.keywords)
        case Regex():
            return _regex_shapes(leaf)
        case _:
            assert_never(leaf)


def _regex_shapes(leaf: Regex) -> tuple[Shape, ...] | None:
    try:
        tree = regex_syntax.parsed(leaf.pattern.pattern, leaf.pattern.flags)  # shared: read, never changed
        return tuple(dict.fromkeys(_sequence(own_text_items(list(tree)), tree.state.flags)))
    except (_Unknown, RecursionError, ValueError, TypeError, AttributeError):
        return None


def rule_shape(leaves: Sequence[Regex | Keywords]) -> RuleShape:
    return RuleShape(tuple(leaf_shapes(leaf) for leaf in leaves))
