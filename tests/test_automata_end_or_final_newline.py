"""`$` without MULTILINE followed by what may read the final newline, against `re` itself.

`$` holds at the end of the text and before a newline that is the last
character.  When a repeat follows it (`$\\n*`, `a$\\s*`), the repeat's loop
node is the final node of the automaton and also reads that newline: the
text "\\n" is matched whole by `$\\n*`.  Each pattern is read whole and by
search, by the complete automata and by the lazy search, on the texts where
the final newline matters, and compared with `re.fullmatch` and `re.search`.
"""

from __future__ import annotations

import re

import pytest

from fuzzroute import Graph
from fuzzroute.decided.languages import Languages, build_languages
from fuzzroute.decided.product import Rule
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.lazy import LazySearch

PATTERNS = [
    r"$\W*",
    r"$(?:\n)*",
    r"$(?:a|\W)*",
    r"$\W*?",
    r"$\n?",
    r"$\n+",
    r"$\n",
    r"$\W",
    r"$\n*$",
    r"$\n*\Z",
    r"$$\S*[a\n]*",
    r"a$\n*",
    r"a$\s*",
    r"\w$\s*",
    r"(?:a$)+\n*",
    r"(?m)$\n*",
    r"\Z\n*",
]
TEXTS = ["", "\n", "a", "a\n", "\n\n", "a\n\n", " \n", "\na", "aa\n"]


def _accepts(rule: Rule, finder: CellFinder, text: str) -> bool:
    (part,) = rule.parts
    state = 0
    for ch in text:
        state = part.moves[state][part.column_of_cell[finder.cell(ch)]]
    return part.accepts[state]


@pytest.fixture(scope="module")
def built() -> dict[str, tuple[Languages, CellFinder]]:
    languages: dict[str, tuple[Languages, CellFinder]] = {}
    for pattern in PATTERNS:
        graph = Graph("g").entry("r", match=re.compile(pattern)).entry("d")
        built = build_languages(graph.entries)
        languages[pattern] = (built, CellFinder(built.cells))
    return languages


@pytest.mark.parametrize("pattern", PATTERNS)
def test_whole_reading_is_re_fullmatch(built: dict[str, tuple[Languages, CellFinder]], pattern: str) -> None:
    languages, finder = built[pattern]
    rule = languages.whole(0)
    assert rule is not None
    found = {text: _accepts(rule, finder, text) for text in TEXTS}
    assert found == {text: re.fullmatch(pattern, text) is not None for text in TEXTS}


@pytest.mark.parametrize("pattern", PATTERNS)
def test_search_reading_is_re_search(built: dict[str, tuple[Languages, CellFinder]], pattern: str) -> None:
    languages, finder = built[pattern]
    rule = languages.search(0)
    expected = {text: re.search(pattern, text) is not None for text in TEXTS}
    assert {text: _accepts(rule, finder, text) for text in TEXTS} == expected
    lazy = LazySearch(languages.rules[0].nfas[0], languages.cells)
    assert {text: lazy(text) for text in TEXTS} == expected

