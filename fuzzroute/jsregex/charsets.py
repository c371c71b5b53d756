"""Sets of characters with JavaScript's Unicode data: case classes and `\\p{...}` properties.

Translating a JavaScript regex into a Python one exactly means spelling out,
as explicit ranges, every set whose meaning differs between the engines:
what `/i` equates with a character (JavaScript canonicalises with
`toUpperCase` without the `u` flag and with simple case folding with it;
Python folds differently), and what a property escape such as `\\p{Lu}` or
`\\p{Script=Greek}` holds.  Python's `unicodedata` is the wrong source for
both (another Unicode version, no simple case folding, no scripts), so the
sets come from `data/js_unicode.json`, which `scripts/make_js_unicode_tables.py`
reads off V8 itself and a test re-checks against V8.

A set is a `CharSet`: sorted, disjoint, half-open code point ranges.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

#: One past the largest code point, and one past the largest UTF-16 code unit.
CODE_POINTS = 0x110000
CODE_UNITS = 0x10000


@dataclass(frozen=True)
class CharSet:
    """A set of code points as `(lo, hi)` half-open ranges, sorted and disjoint (`bounds` flattened)."""

    bounds: tuple[int, ...] = ()

    @staticmethod
    def of(ranges: Iterable[tuple[int, int]]) -> CharSet:
        """The union of `ranges` (each `(lo, hi)` half-open; any order, may overlap)."""
        merged: list[list[int]] = []
        for lo, hi in sorted(r for r in ranges if r[0] < r[1]):
            if merged and lo <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        return CharSet(tuple(b for pair in merged for b in pair))

    @staticmethod
    def chars(codes: Iterable[int]) -> CharSet:
        return CharSet.of((c, c + 1) for c in codes)

    def ranges(self) -> Iterator[tuple[int, int]]:
        b = self.bounds
        return ((b[i], b[i + 1]) for i in range(0, len(b), 2))

    def __contains__(self, code: int) -> bool:
        return bisect.bisect_right(self.bounds, code) % 2 == 1

    def __or__(self, other: CharSet) -> CharSet:
        return CharSet.of([*self.ranges(), *other.ranges()])

    def __and__(self, other: CharSet) -> CharSet:
        return self - (self - other)

    def __sub__(self, other: CharSet) -> CharSet:
        return _subtract(self, other)

    def __invert__(self) -> CharSet:
        return _subtract(CharSet((0, CODE_POINTS)), self)

    def within(self, limit: int) -> CharSet:
        """The part below `limit` (code units: `CODE_UNITS`)."""
        return _subtract(self, CharSet((limit, CODE_POINTS))) if limit < CODE_POINTS else self

    def overlaps(self, lo: int, hi: int) -> bool:
        """Whether some member lies in `[lo, hi)`."""
        return any(a < hi and lo < b for a, b in self.ranges())

    @property
    def empty(self) -> bool:
        return not self.bounds

    def size(self) -> int:
        return sum(hi - lo for lo, hi in self.ranges())

    def single(self) -> int | None:
        """The one member of a one-character set, else None."""
        if len(self.bounds) == 2 and self.bounds[1] - self.bounds[0] == 1:
            return self.bounds[0]
        return None


def _subtract(left: CharSet, right: CharSet) -> CharSet:
    """`left` minus `right`, by one sweep over both boundary lists."""
    points = sorted({*left.bounds, *right.bounds})
    out: list[tuple[int, int]] = []
    for lo, hi in zip(points, points[1:], strict=False):
        if lo in left and lo not in right:
            out.append((lo, hi))
    return CharSet.of(out)


EMPTY = CharSet()
ALL = CharSet((0, CODE_POINTS))
#: JavaScript's line terminators: what `.` excludes and where `^`/`$` break under `m`.
LINE_TERMINATORS = CharSet.chars([0x0A, 0x0D, 0x2028, 0x2029])
#: `\s`: ECMAScript WhiteSpace and LineTerminator (Unicode's Zs, plus tab, VT, FF, U+FEFF and the terminators).
WHITE_SPACE = CharSet.of(
    [(0x09, 0x0E), (0x20, 0x21), (0xA0, 0xA1), (0x1680, 0x1681), (0x2000, 0x200B), (0x2028, 0x202A),
     (0x202F, 0x2030), (0x205F, 0x2060), (0x3000, 0x3001), (0xFEFF, 0xFF00)]
)
DIGITS = CharSet((0x30, 0x3A))
WORD = CharSet.of([(0x30, 0x3A), (0x41, 0x5B), (0x5F, 0x60), (0x61, 0x7B)])


@lru_cache(maxsize=1)
def _tables() -> dict[str, object]:
    text = resources.files("fuzzroute.jsregex").joinpath("data/js_unicode.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data


@lru_cache(maxsize=2)
def _classes(unicode_mode: bool) -> tuple[tuple[tuple[int, ...], ...], dict[int, tuple[int, ...]]]:
    """The case classes of one mode (members sorted), and each member's class."""
    raw = _tables()["points" if unicode_mode else "units"]
    assert isinstance(raw, list)
    classes = tuple(tuple(sorted(c)) for c in raw)
    return classes, {member: cls for cls in classes for member in cls}


def case_class(code: int, unicode_mode: bool) -> tuple[int, ...]:
    """Every character `/i` (with `u`/`v` when `unicode_mode`) treats as equal to `code`, itself included."""
    return _classes(unicode_mode)[1].get(code, (code,))


@lru_cache(maxsize=4096)
def case_closure(charset: CharSet, unicode_mode: bool) -> CharSet:
    """Every character `/i` matches against some member of `charset`."""
    extra = [
        member for cls in _classes(unicode_mode)[0] if any(m in charset for m in cls) for member in cls
    ]
    return charset | CharSet.chars(extra) if extra else charset


def property_names() -> dict[str, str]:
    names = _tables()["names"]
    assert isinstance(names, dict)
    return names


@lru_cache(maxsize=512)
def property_set(name: str) -> CharSet | None:
    """The code points of `\\p{name}` as V8 reads it (None: a name V8's tables here do not have)."""
    key = property_names().get(name)
    if key is None:
        return None
    deltas = _tables()["properties"][key]  # type: ignore[index]
    bounds: list[int] = []
    for delta in deltas:
        bounds.append(delta + (bounds[-1] if bounds else 0))
    return CharSet(tuple(bounds))


def v8_version() -> str:
    """The V8 version the tables were read from."""
    return str(_tables()["v8"])
