"""Rewrite `fuzzroute/engine/automata/word_table.py` for this interpreter's Unicode database.

The table is Python's `\\w` as code point intervals, found by a scan of every
code point; `tests/test_word_table.py` fails when the shipped table and a
scan disagree for the database it names.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from fuzzroute.engine.automata import word_table
from fuzzroute.engine.automata.alphabet import scan_pattern

MODULE = Path(word_table.__file__)


def render(version: str, intervals: tuple[tuple[int, int], ...]) -> str:
    """The module's text: its docstring and import kept, the version and the intervals replaced."""
    source = MODULE.read_text(encoding="utf-8")
    head = source[: source.index("UNIDATA_VERSION =")]
    rows = [", ".join(f"({lo}, {hi})" for lo, hi in intervals[at : at + 6]) for at in range(0, len(intervals), 6)]
    body = "\n".join(f"    {row}," for row in rows)
    return (
        f'{head}UNIDATA_VERSION = "{version}"\n\n'
        "#: Half-open intervals [start, end) of the code points `\\\\w` matches, sorted.\n"
        f"WORD_INTERVALS: tuple[tuple[int, int], ...] = (\n{body}\n)\n"
    )


def main() -> None:
    MODULE.write_text(render(unicodedata.unidata_version, scan_pattern(r"\w")), encoding="utf-8")
    print(f"wrote {MODULE} for Unicode {unicodedata.unidata_version}")


if __name__ == "__main__":
    main()
