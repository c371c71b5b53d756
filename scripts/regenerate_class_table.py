"""Rewrite `fuzzroute/engine/automata/class_table.py` for this interpreter's Unicode database.

Two things every automaton alphabet otherwise finds by running `re` over all
1,114,112 code points (a few tens of milliseconds each, on every run):

* the code points of the common big classes (`.`, `\\s`, `\\d`, `\\w`, which
  `\\b` reads too, and their negations) under the flags that change them;
* which code points `re` folds together under IGNORECASE, so a literal's
  matches are looked for among a few candidates instead of every code point.

Both are found here by scanning with `re` itself, and every case class is
checked against a scan of its first member.  `tests/test_class_table.py`
fails when the shipped table and a scan disagree for the database it names.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.automata import class_table
from fuzzroute.engine.automata.alphabet import CODE_POINTS, TABLED_FLAGS, scan_node

MODULE = Path(class_table.__file__)
#: The big single-character tests the table holds, as written in a pattern.
SOURCES = (".", r"\s", r"\S", r"\d", r"\D", r"\w", r"\W")
#: Flag sets that change what those tests match (IGNORECASE, DOTALL, ASCII; UNICODE is the default for str).
FLAG_SETS = (re.UNICODE, re.UNICODE | re.IGNORECASE, re.UNICODE | re.DOTALL,
             re.UNICODE | re.IGNORECASE | re.DOTALL, re.ASCII, re.ASCII | re.IGNORECASE, re.ASCII | re.DOTALL,
             re.ASCII | re.IGNORECASE | re.DOTALL)


def big_classes() -> dict[tuple[str, int], tuple[tuple[int, int], ...]]:
    found = {}
    for flags in FLAG_SETS:
        for source in SOURCES:
            tree = regex_syntax.parser.parse(source, int(flags))
            node, used = tree[0], tree.state.flags & TABLED_FLAGS
            found[(repr(node), used)] = scan_node(node, tree.state.flags)
    return found


def _folded_with(code: int) -> set[int]:
    """Every code point `re` matches for the literal `code` under IGNORECASE, by a scan of every code point."""
    node = (regex_syntax.constants.LITERAL, code)
    return {c for lo, hi in scan_node(node, int(re.UNICODE | re.IGNORECASE)) for c in range(lo, hi)}


def case_classes() -> list[tuple[int, ...]]:
    """Code points `re` matches for one another under IGNORECASE, each class checked member by member.

    Every code point that has a case (its lower, upper or folded form
    differs) is scanned unless an earlier scan already placed it; a code
    point without one matches only itself unless a cased one folds to it,
    which that one's scan finds.
    """
    classes: dict[int, frozenset[int]] = {}
    alone: set[int] = set()
    for code in range(CODE_POINTS):
        if 0xD800 <= code < 0xE000 or code in classes or code in alone:
            continue
        probe = chr(code)
        if probe.lower() == probe and probe.upper() == probe and probe.casefold() == probe:
            continue
        scanned = frozenset(_folded_with(code))
        if len(scanned) == 1:
            alone.add(code)
            continue
        for member in scanned:
            classes[member] = scanned
    unique = sorted({tuple(sorted(members)) for members in classes.values()})
    for folded in unique:
        for code in folded:
            assert _folded_with(code) == set(folded), (hex(code), folded)
    return unique


def _encoded(intervals: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{lo:x}-{hi:x}" for lo, hi in intervals)


def _wrapped(text: str, indent: str) -> list[str]:
    """A long string literal as adjacent literals of at most about 100 characters."""
    pieces = [text[at:at + 96] for at in range(0, len(text), 96)] or [""]
    return [f"{indent}{piece!r}" for piece in pieces]


def render(version: str) -> str:
    """The module's text: its docstring and import kept, the version and the data replaced."""
    source = MODULE.read_text(encoding="utf-8")
    head = source[: source.index("UNIDATA_VERSION =")]
    found = big_classes()
    distinct = list(dict.fromkeys(_encoded(v) for v in found.values()))
    lines = [f'UNIDATA_VERSION = "{version}"', "",
             "#: Distinct code point sets, each as `lo-hi` half-open intervals in hexadecimal, space-separated.",
             "SETS: tuple[str, ...] = ("]
    for text in distinct:
        pieces = _wrapped(text, "    ")
        lines += [*pieces[:-1], pieces[-1] + ","]
    lines += [")", "", "#: (repr of the parse node, flags & TABLED_FLAGS) -> the position of its set in SETS.",
              "BIG_CLASSES: dict[tuple[str, int], int] = {"]
    lines += [f"    {key!r}: {distinct.index(_encoded(v))}," for key, v in found.items()]
    lines += ["}", "",
              "#: Code points IGNORECASE matches for one another: classes (of two or more) separated by spaces,",
              "#: members by commas, in hexadecimal.",
              "CASE_CLASSES: str = ("]
    lines += _wrapped(" ".join(",".join(f"{c:x}" for c in members) for members in case_classes()), "    ")
    lines.append(")")
    return head + "\n".join(lines) + "\n"


def main() -> None:
    MODULE.write_text(render(unicodedata.unidata_version), encoding="utf-8")
    print(f"wrote {MODULE} for Unicode {unicodedata.unidata_version}")


if __name__ == "__main__":
    main()
