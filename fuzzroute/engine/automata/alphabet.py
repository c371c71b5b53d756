"""The characters of every message, cut into finitely many classes that the rules cannot tell apart.

A rule's verdict on a message depends only on which of the rule's character
tests each character passes (a literal under case folding, a class such as
`[a-z]` or `\\w`, the word test behind `\\b`, the newline behind `$`).  So if
every Unicode code point is sorted into a *cell* by the tests it passes, two
messages whose characters lie in the same cells, position by position, get
the same verdict from every rule.  The automata read cells instead of
characters, one representative character per cell, and every answer about
strings of representatives holds for all strings: that is what makes a
decision valid for every message, not only for ASCII ones.

Each test's set of code points is not reconstructed from documentation: it
is computed by Python's own regex engine, which compiles the very parse node
of the user's pattern (with the flags in force there) and is run over a
string holding every code point once.  Case folding, Unicode `\\w`, `\\s`,
`\\d`, ranges under IGNORECASE and the special folds (the Kelvin sign, the
long s) are therefore exactly what `re` does.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fuzzroute.engine import regex_syntax

_parser: Any = regex_syntax.parser
_compiler: Any = regex_syntax.compiler
_c: Any = regex_syntax.constants

#: Half-open code point ranges [lo, hi), sorted and disjoint.
Intervals = tuple[tuple[int, int], ...]

CODE_POINTS = 0x110000

#: Preferred characters for witnesses, most readable first.
READABLE = (
    "abcdefghijklmnopqrstuvwxyz"
    " "
    "0123456789"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    ".,?!'-_/:@#&()+=*\"$%;<>[]{}|~^`\\"
    "\t\n"
    "éüñ"
)
_RANK = {ch: position for position, ch in enumerate(READABLE)}


@lru_cache(maxsize=1)
def _every_code_point() -> str:
    """One string holding every code point once, so `finditer` positions are code points.

    Built as UTF-32 bytes by slice assignment (byte 0 of code point n is
    n % 256, byte 1 is n // 256 % 256, byte 2 is n // 65536), which is
    several times faster than converting a range of integers.
    """
    data = bytearray(4 * CODE_POINTS)
    data[0::4] = bytes(range(256)) * (CODE_POINTS >> 8)
    data[1::4] = b"".join(bytes([b]) * 256 for b in range(256)) * (CODE_POINTS >> 16)
    data[2::4] = b"".join(bytes([b]) * 65536 for b in range(CODE_POINTS >> 16))
    return data.decode("utf-32-le", "surrogatepass")


def _runs(pattern: re.Pattern[str]) -> Intervals:
    return tuple(m.span() for m in pattern.finditer(_every_code_point()))


_node_sets: dict[tuple[str, int], Intervals] = {}
#: Distinct single-character tests kept (a full test is one scan of every code point, a few ms).
NODE_CACHE_SIZE = 8192
_SMALL_OPS = frozenset({_c.LITERAL, _c.RANGE})
_IGNORECASE = int(re.IGNORECASE)  # a plain integer: an operation on `re.RegexFlag` runs Python code of `enum`
#: The flags that change what a single-character test matches (the others, such as MULTILINE, do not).
TABLED_FLAGS = int(re.IGNORECASE | re.DOTALL | re.ASCII | re.UNICODE | re.LOCALE)
#: Literal code points of IGNORECASE tests above which their candidates are found by a scan, not the table.
CASE_TABLE_LIMIT = 4096


def scan_node(node: Any, flags: int) -> Intervals:
    """The code points one single-character parse node matches under `flags`, by a scan of every code point."""
    return _runs(_compile_nodes([node], flags))


def _table() -> Any:
    """The shipped class table when it was made from this interpreter's Unicode database, else None.

    Imported here, not at the top: only a run that builds automata reads it.
    """
    from fuzzroute.engine.automata import class_table

    return class_table if unicodedata.unidata_version == class_table.UNIDATA_VERSION else None


@lru_cache(maxsize=1)
def _case_class_of() -> dict[int, tuple[int, ...]] | None:
    """Each code point IGNORECASE folds with others, to its class, when the shipped table is this database's."""
    table = _table()
    if table is None or not table.CASE_CLASSES:
        return None
    classes = [tuple(int(code, 16) for code in members.split(",")) for members in table.CASE_CLASSES.split()]
    return {code: members for members in classes for code in members}


@lru_cache(maxsize=64)
def _decoded_set(position: int) -> Intervals:
    table = _table()
    assert table is not None
    return tuple(
        (int(lo, 16), int(hi, 16)) for lo, hi in (pair.split("-") for pair in table.SETS[position].split())
    )


def _big_class(node: Any, flags: int) -> Intervals | None:
    """The shipped code points of a big class (`.`, `\\s`, `\\d`, `\\w`, negations) for this database, if kept."""
    table = _table()
    if table is None:
        return None
    position = table.BIG_CLASSES.get((repr(node), flags & TABLED_FLAGS))
    return None if position is None else _decoded_set(position)


def _case_candidates(nodes: Iterable[Any]) -> list[int] | None:
    """Every code point the IGNORECASE literal tests `nodes` could match: their literals and those folded with them.

    None when the table is not this database's or the literals are too many;
    the caller then scans every code point.  A superset is enough: the
    tests themselves are run over the candidates.
    """
    classes = _case_class_of()
    if classes is None:
        return None
    literal: set[int] = set()
    for lo, hi in _literal_intervals(_as_class(nodes)):
        if len(literal) + hi - lo > CASE_TABLE_LIMIT:
            return None
        literal.update(range(lo, hi))
    found = set(literal)
    for code in literal:
        found.update(classes.get(code, ()))
    return sorted(found)


def compile_node(node: Any, flags: int) -> re.Pattern[str]:
    """One single-character parse node as a pattern (`fullmatch` tests one character as `re` would)."""
    return _compile_nodes([node], flags)


def _compile_nodes(nodes: Sequence[Any], flags: int) -> re.Pattern[str]:
    """`(?:n1|n2|...)+` compiled from parse nodes, under `flags`."""
    state = _parser.State()
    state.flags = flags
    branch = (_c.BRANCH, (None, [_parser.SubPattern(state, [n]) for n in nodes]))
    item = branch if len(nodes) > 1 else nodes[0]
    repeat = (_c.MAX_REPEAT, (1, _c.MAXREPEAT, _parser.SubPattern(state, [item])))
    return _compiler.compile(_parser.SubPattern(state, [repeat]), 0)  # type: ignore[no-any-return]


def _is_small(node: Any) -> bool:
    """A literal, or a class made only of literals and ranges: few code points, worth a shared scan."""
    op, av = node
    if op is _c.LITERAL:
        return True
    return bool(op is _c.IN and all(item_op in _SMALL_OPS for item_op, _a in av))


def _as_class(nodes: Iterable[Any]) -> Any:
    """One class holding every literal and range of `nodes`: the union of what they match."""
    items: list[Any] = []
    for op, av in nodes:
        items.extend([(op, av)] if op is _c.LITERAL else av)
    return (_c.IN, items)


def _spans_to_intervals(spans: Sequence[tuple[int, int]], codes: Sequence[int]) -> Intervals:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        for position in range(start, end):
            code = codes[position]
            if out and out[-1][1] == code:
                out[-1] = (out[-1][0], code + 1)
            else:
                out.append((code, code + 1))
    return tuple(out)


def resolve_nodes(requests: Sequence[tuple[Any, int]]) -> list[Intervals]:
    """The code points each (single-character parse node, flags) matches, as `re` decides.

    Big tests (`\\w`, `.`, negated classes) are each run over every code
    point.  Literals and literal classes are first run together, as one
    class holding all their literals and ranges, over every code point; each
    is then run only over the code points that class matched.  A class
    matches what any of its items matches, so a code point outside it
    matches none of them and the result is exact either way.
    """
    pending: dict[int, list[tuple[str, Any]]] = {}
    for node, flags in requests:
        key = (repr(node), flags)
        if key in _node_sets:
            continue
        if _is_small(node) and not flags & _IGNORECASE:
            # Without case folding `re` compares code points: a literal is itself, a range its span.
            _remember(key, _literal_intervals(node))
        elif _is_small(node):
            pending.setdefault(flags, []).append((key[0], node))
        else:
            tabled = _big_class(node, flags)
            _remember(key, scan_node(node, flags) if tabled is None else tabled)
    for flags, nodes in pending.items():
        unique = dict(nodes)
        union = _compile_nodes([_as_class(unique.values())], flags)
        candidates_known = _case_candidates(unique.values())
        if candidates_known is None:
            codes = [code for lo, hi in _runs(union) for code in range(lo, hi)]
        else:
            among = "".join(map(chr, candidates_known))
            codes = [candidates_known[position] for m in union.finditer(among) for position in range(*m.span())]
        candidates = "".join(map(chr, codes))
        for text, node in unique.items():
            spans = [m.span() for m in _compile_nodes([node], flags).finditer(candidates)]
            _remember((text, flags), _spans_to_intervals(spans, codes))
    return [_node_sets[(repr(node), flags)] for node, flags in requests]


def _literal_intervals(node: Any) -> Intervals:
    """The code points of a literal or a class of literals and ranges, read off the node."""
    op, av = node
    items = [(op, av)] if op is _c.LITERAL else list(av)
    spans = sorted((a, a + 1) if item is _c.LITERAL else (a[0], a[1] + 1) for item, a in items)
    merged: list[tuple[int, int]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return tuple(merged)


def _remember(key: tuple[str, int], intervals: Intervals) -> None:
    if len(_node_sets) >= NODE_CACHE_SIZE:
        _node_sets.clear()
    _node_sets[key] = intervals


@lru_cache(maxsize=64)
def pattern_set(source: str, flags: int = 0) -> Intervals:
    """The code points a single-character pattern matches."""
    return scan_pattern(source, flags)


def scan_pattern(source: str, flags: int = 0) -> Intervals:
    """The code points a single-character pattern matches, found by running it over every code point."""
    return _runs(re.compile(f"(?:{source})+", flags))


def newline_set() -> Intervals:
    return ((10, 11),)


def unicode_word_set() -> Intervals:
    """Python's `\\w` on str patterns; `\\b` uses the same test.

    Read from the class table when the interpreter's Unicode database is the
    one the table was made from (a scan of every code point otherwise).
    """
    tree = _parser.parse(r"\w", 0)
    tabled = _big_class(tree[0], tree.state.flags)
    return pattern_set(r"\w") if tabled is None else tabled


#: `[A-Za-z0-9_]` compared case-sensitively: four ASCII ranges, as `re` compares code points.
ASCII_WORD: Intervals = ((48, 58), (65, 91), (95, 96), (97, 123))


def ascii_word_set() -> Intervals:
    """`[A-Za-z0-9_]` matched case-sensitively: the keyword edge test and `\\b` under re.ASCII."""
    return ASCII_WORD


def contains(intervals: Intervals, code: int) -> bool:
    position = bisect.bisect_right(intervals, (code, CODE_POINTS + 1)) - 1
    return position >= 0 and intervals[position][0] <= code < intervals[position][1]


def rank(ch: str) -> tuple[int, int]:
    """Readable characters first, then printable ones, then the rest by code point."""
    if ch in _RANK:
        return (_RANK[ch], 0)
    return (len(_RANK) + (0 if ch.isprintable() else 1), ord(ch))


@dataclass(frozen=True)
class Cell:
    """Code points that pass exactly the same tests (`atoms`: the indexes of those tests)."""

    atoms: frozenset[int]
    intervals: Intervals
    representative: str


def _representative(intervals: Intervals) -> str:
    best: str | None = None
    for ch in READABLE:
        if contains(intervals, ord(ch)):
            return ch
    scanned = 0
    for lo, hi in intervals:
        for code in range(lo, min(hi, lo + 256)):
            ch = chr(code)
            if best is None or rank(ch) < rank(best):
                best = ch
            scanned += 1
        if scanned > 2048:
            break
    assert best is not None
    return best


def partition(atoms: Sequence[Intervals]) -> list[Cell]:
    """The cells: maximal sets of code points on which every atom agrees (the empty cell is dropped)."""
    events: dict[int, list[tuple[int, int]]] = {0: [], CODE_POINTS: []}
    for index, intervals in enumerate(atoms):
        for lo, hi in intervals:
            events.setdefault(lo, []).append((index, 1))
            events.setdefault(hi, []).append((index, -1))
    inside: dict[int, int] = {}
    by_signature: dict[frozenset[int], list[tuple[int, int]]] = {}
    points = sorted(events)
    for start, end in zip(points, points[1:], strict=False):
        for index, delta in events[start]:
            inside[index] = inside.get(index, 0) + delta
        signature = frozenset(i for i, n in inside.items() if n > 0)
        runs = by_signature.setdefault(signature, [])
        if runs and runs[-1][1] == start:
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    cells = [Cell(sig, tuple(runs), _representative(tuple(runs))) for sig, runs in by_signature.items()]
    cells.sort(key=lambda cell: rank(cell.representative))
    return cells


class CellFinder:
    """Which cell a character falls in (for running automata on real text, e.g. in tests)."""

    def __init__(self, cells: Sequence[Cell]) -> None:
        runs = sorted((lo, hi, number) for number, cell in enumerate(cells) for lo, hi in cell.intervals)
        self._starts = [lo for lo, _hi, _n in runs]
        self._runs = runs

    def cell(self, ch: str) -> int:
        position = bisect.bisect_right(self._starts, ord(ch)) - 1
        lo, hi, number = self._runs[position]
        assert lo <= ord(ch) < hi
        return number
