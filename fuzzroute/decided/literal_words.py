"""A regex read as the words its author wrote, and the ranges that were almost surely meant as two letters.

The automata's shortest own text of `[M-m]ovie\\s*today` is "aovietoday":
shortest, and over the first readable character of each cell, but nobody
types it.  `literal_words` reads the pattern the way its author meant it:
literal characters as written, a single space where `\\s*`, `\\s+` or a
wildcard gap joins words, the first alternative of a choice, an optional
part left out, and for a character class the letter it names (`[Cc]` gives
"c"; `[M-m]`, which spans both cases of one letter, gives "m").  The result
is only a candidate: a caller keeps it when the rule's own automaton or
compiled matcher accepts it, so nothing here can make a witness wrong.

`case_ranges` finds the ranges that run from an upper-case letter to a
lower-case one (`[M-m]`, `[A-z]`).  In ASCII such a range also holds every
capital after the first letter, the six signs `[ \\ ] ^ _ \\`` and the
small letters before the last one: 33 characters for `[M-m]`, where the
author almost surely wanted two.  Each is reported once per rule with the
class to write instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine import regex_syntax

_c: Any = regex_syntax.constants

#: A gap between words: what `\\s*`, `\\s+` and a wildcard run read as.
_GAP = "\x00"
#: Characters a class or wildcard becomes, most readable first.
_PREFERRED = "abcdefghijklmnopqrstuvwxyz0123456789"
#: A repeat is written out at most this many times (`\\d{3}` is "111").
_MOST_REPEATS = 8
_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT})


class _Unreadable(Exception):
    """A construct with no literal reading (a lookaround, a backreference): no candidate."""


@dataclass(frozen=True)
class CaseRange:
    """A class range from an upper-case to a lower-case ASCII letter, and the class meant instead."""

    written: str
    #: How many characters the range holds.
    size: int
    fix: str

    @property
    def same_letter(self) -> bool:
        return self.written[0].lower() == self.written[-1]


def _fix_for(low: str, high: str) -> str:
    """`[Mm]` for a range over both cases of one letter; else the same letters without the six signs."""
    if low.lower() == high:
        return f"[{low}{high}]"
    upper = f"{low}-Z" if low != "Z" else "Z"
    lower = f"a-{high}" if high != "a" else "a"
    return f"[{upper}{lower}]"


def case_ranges(pattern: re.Pattern[str]) -> list[CaseRange]:
    """Every range from an upper-case to a lower-case ASCII letter in `pattern`, once each, in order."""
    try:
        tree = regex_syntax.parse(pattern.pattern, pattern.flags & ~re.IGNORECASE)
    except (re.error, RecursionError, TypeError, ValueError):
        return []
    found: dict[str, CaseRange] = {}
    for low, high in _ranges(list(tree)):
        lo, hi = chr(low), chr(high)
        if "A" <= lo <= "Z" and "a" <= hi <= "z":
            written = f"{lo}-{hi}"
            found.setdefault(written, CaseRange(written, high - low + 1, _fix_for(lo, hi)))
    return list(found.values())


def _ranges(tree: Sequence[tuple[Any, Any]]) -> Iterator[tuple[int, int]]:
    for op, av in tree:
        if op is _c.IN:
            for item_op, item_av in av:
                if item_op is _c.RANGE:
                    yield item_av
        elif op in _REPEATS:
            yield from _ranges(av[2])
        elif op is _c.BRANCH:
            for alternative in av[1]:
                yield from _ranges(alternative)
        elif op is _c.SUBPATTERN:
            yield from _ranges(av[3])
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            yield from _ranges(av[1])
        elif op is _c.ATOMIC_GROUP:
            yield from _ranges(av)
        elif op is _c.GROUPREF_EXISTS:
            yield from _ranges(av[1])
            if av[2] is not None:
                yield from _ranges(av[2])


def literal_words(pattern: re.Pattern[str]) -> str | None:
    """`pattern` read as the words its author wrote (see the module docstring); None when it has none."""
    try:
        tree = regex_syntax.parse(pattern.pattern, pattern.flags)
        pieces = _sequence(list(tree), pattern.flags)
    except (_Unreadable, re.error, RecursionError, TypeError, ValueError):
        return None
    text = re.sub(f"{_GAP}+", " ", "".join(pieces)).strip(" ")
    return text or None


def _class_char(items: Sequence[tuple[Any, Any]], flags: int) -> str:
    """The character a class stands for: its first letter as written, the letter of `[M-m]`, or a readable one."""
    negated = any(op is _c.NEGATE for op, _ in items)
    if not negated:
        for op, av in items:
            if op is _c.LITERAL:
                ch = chr(av)
                return _GAP if ch.isspace() else ch
            if op is _c.RANGE and "A" <= chr(av[0]) <= "Z" and chr(av[0]).lower() == chr(av[1]):
                return chr(av[1])
        if any(op is _c.CATEGORY and av is _c.CATEGORY_SPACE for op, av in items):
            return _GAP
    test = re.compile(_bracket(items), flags & (re.IGNORECASE | re.ASCII))
    for ch in _PREFERRED:
        if test.fullmatch(ch):
            return ch
    if test.fullmatch(" "):
        return _GAP
    raise _Unreadable("no readable character in the class")


def _bracket(items: Sequence[tuple[Any, Any]]) -> str:
    """A class's items written back as a bracket expression (each character as a `\\U` escape)."""
    categories = {
        _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
        _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
    }
    negate = ""
    parts: list[str] = []
    for op, av in items:
        if op is _c.NEGATE:
            negate = "^"
        elif op is _c.LITERAL:
            parts.append(_escape(av))
        elif op is _c.RANGE:
            parts.append(f"{_escape(av[0])}-{_escape(av[1])}")
        elif op is _c.CATEGORY and av in categories:
            parts.append(categories[av])
        else:
            raise _Unreadable(f"class item {op}")
    return f"[{negate}{''.join(parts)}]"


def _escape(code: int) -> str:
    return f"\\U{code:08x}"


def _single(op: Any, av: Any, flags: int) -> str:
    """One character-wide node as the character it stands for (or a gap)."""
    if op is _c.LITERAL:
        ch = chr(av)
        return _GAP if ch.isspace() else ch
    if op is _c.NOT_LITERAL:
        return "x" if chr(av).lower() != "x" else "y"
    if op is _c.ANY:
        return _GAP
    if op is _c.IN:
        return _class_char(av, flags)
    if op is _c.CATEGORY:
        return _class_char([(op, av)], flags)
    raise _Unreadable(f"node {op}")


def _sequence(tree: Sequence[tuple[Any, Any]], flags: int) -> list[str]:
    out: list[str] = []
    for op, av in tree:
        if op is _c.AT:
            continue
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN, _c.CATEGORY):
            out.append(_single(op, av, flags))
        elif op in _REPEATS:
            low, _high, body = av
            inner = _sequence(list(body), flags)
            if all(piece == _GAP for piece in inner) and inner:
                out.append(_GAP)  # `\s*`, `\s+`, `.*` between words: one space
            elif low:
                out.extend(inner * min(low, _MOST_REPEATS))
        elif op is _c.BRANCH:
            out.extend(_sequence(list(av[1][0]), flags))
        elif op is _c.SUBPATTERN:
            out.extend(_sequence(list(av[3]), flags))
        elif op is _c.ATOMIC_GROUP:
            out.extend(_sequence(list(av), flags))
        else:
            raise _Unreadable(f"node {op}")
    return out
