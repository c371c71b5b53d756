"""The faster automata decide exactly what the plain constructions decide.

`dfa.build_part` groups a state's closures by the side its assertions
remember, and `product.search` reads rows through C-level caches (with
integer-coded states when no rule is excluded).  Their speed must buy
nothing else: the same automaton (states, numbers, moves, accepting and live
states, sink), the same refusal at the same state cap, and for every search
the same verdict, phrase and number of states, limit included.  The plain
versions live in `helpers.reference_automata`; these tests hold the fast
ones to them on random rules (anchors, flags, all-ofs, keyword lists) and on
the bundled examples.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from helpers.reference_automata import reference_build_part, reference_search
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided.languages import Languages, build_languages
from fuzzroute.decided.product import Outcome, Rule, search
from fuzzroute.engine.automata.dfa import SEARCH, WHOLE, Part, build_part
from fuzzroute.engine.automata.nfa import Nfa, Undecidable
from fuzzroute.engine.regex_syntax import parsed
from fuzzroute.graphfiles.loader import load_graph

PIECES = ["a", "k", "ka", " ", "é", ".", r"\w", r"\W", r"\s", "[ak]", "[^a]", "\\n", "(?:a|k )", "(?:ak)*", "a+"]
ANCHORS = ["^", "$", r"\A", r"\Z", r"\b", r"\B"]
FLAGS = [0, re.I, re.M, re.S, re.A, re.I | re.M]
WORDS = ["a", "ak", "k a", " a", "é", "K", "\u212a", "ka"]
EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.json"))


@st.composite
def regexes(draw: st.DrawFn) -> re.Pattern[str]:
    pieces = [
        draw(st.sampled_from(ANCHORS)) if draw(st.integers(0, 3)) == 0 else draw(st.sampled_from(PIECES))
        for _ in range(draw(st.integers(1, 4)))
    ]
    return re.compile("".join(pieces), draw(st.sampled_from(FLAGS)))


@st.composite
def matchers(draw: st.DrawFn) -> object:
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return keywords(*draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True)))
    if choice == 1:
        return all_of(draw(regexes()), keywords(draw(st.sampled_from(WORDS))))
    return draw(regexes())


def _languages(found: list[object]) -> Languages:
    graph = Graph("random")
    for number, matcher in enumerate(found):
        graph.entry(f"r{number}", match=matcher)
    return build_languages(graph.entries)


def _built(build: object, nfa: Nfa, mode: str, languages: Languages, cap: int, literal: bool) -> object:
    literal_atoms = frozenset(languages.atoms.literal) if literal else None
    try:
        part: Part = build(nfa, mode, languages.cells, cap, literal_atoms)  # type: ignore[operator]
    except Undecidable as refused:
        return str(refused)
    return (part.column_of_cell, part.moves, part.accepts, part.live, part.sink, part.states)


def _same_parts(languages: Languages, caps: tuple[int, ...]) -> int:
    compared = 0
    for rule in languages.rules.values():
        readings = [(n, SEARCH) for n in rule.nfas] + [(n, WHOLE) for n in (*rule.nfas, *rule.own_nfas)]
        for (nfa, mode), cap, literal in itertools.product(readings, caps, (False, True)):
            fast = _built(build_part, nfa, mode, languages, cap, literal)
            assert fast == _built(reference_build_part, nfa, mode, languages, cap, literal)
            compared += 1
    return compared


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=1, max_size=3))
def test_parts_are_the_plain_subset_construction(found: list[object]) -> None:
    """Same states in the same order, same moves, accepting, live and sink states; refused at the same cap."""
    _same_parts(_languages(found), (3, 8, 4000))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_the_examples_parts_are_the_plain_subset_construction(path: Path) -> None:
    assert _same_parts(build_languages(load_graph(str(path)).graph.entries), (5, 4000)) > 0


def _readings(languages: Languages) -> list[Rule]:
    found: list[Rule] = []
    for index in languages.rules:
        try:
            found.append(languages.search(index))
        except Undecidable:
            continue
        own = languages.own(index) or ()
        found.extend(own)
        whole = languages.whole(index)
        if whole is not None:
            found.append(whole)
    return found


def _same_search(must: list[Rule], must_not: list[Rule], languages: Languages, max_states: int) -> Outcome:
    fast = search(must, must_not, languages.cells, max_states=max_states)
    assert fast == reference_search(must, must_not, languages.cells, max_states=max_states)
    return fast


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=2, max_size=4), st.sampled_from([2, 7, 300]))
def test_searches_find_what_the_plain_search_finds(found: list[object], max_states: int) -> None:
    """Same verdict, phrase and states, with one, two or three required parts and up to three excluded rules."""
    languages = _languages(found)
    readings = _readings(languages)
    verdicts = set()
    for must_count in (1, 2):
        for must in itertools.permutations(readings, must_count):
            rest = [r for r in readings if all(r is not m for m in must)]
            for excluded in range(min(3, len(rest)) + 1):
                must_not = rest[:excluded]
                verdicts.add(_same_search(list(must), must_not, languages, max_states).verdict)
    if readings:
        assert verdicts


def test_every_kind_of_search_is_compared() -> None:
    """The comparison meets every verdict and every path: one part, two, three, with and without exclusions."""
    languages = _languages(
        [keywords("ka"), re.compile(r"\bk\w*"), all_of(re.compile("a"), keywords("k")), re.compile(r"^a.$")]
    )
    readings = _readings(languages)
    three = [r for r in readings if len(r.parts) == 2][:1] + readings[:1]
    outcomes = [
        _same_search(must, must_not, languages, cap)
        for must in ([readings[0]], readings[:2], three)
        for must_not in ([], readings[2:3], readings[2:])
        for cap in (2, 300)
    ]
    assert {o.verdict for o in outcomes} == {"found", "none", "limit"}
    assert any(o.phrase for o in outcomes)


def test_building_the_automata_leaves_the_shared_parse_tree_as_it_was() -> None:
    """The translation reads the tree `re` built, cached and shared with the plans and the prefilter."""
    pattern = re.compile(r"(?i)\b(?:ka|é+)\s\w{2}$|^[^a]k")
    before = repr(list(parsed(pattern.pattern, pattern.flags)))
    languages = _languages([pattern, all_of(pattern, keywords("a"))])
    _readings(languages)
    assert repr(list(parsed(pattern.pattern, pattern.flags))) == before
