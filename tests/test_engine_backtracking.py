"""Which regexes Python's `re` can backtrack on without bound, and matching them in linear time anyway.

Three claims, each checked independently of the code that makes it:

1. The automaton matcher used for risky regexes gives `re.search`'s verdict
   (random regexes, including nested and overlapping repeats, on random
   strings of an alphabet with a newline, a non-ASCII letter and the Kelvin
   sign).
2. The structural analysis calls the textbook catastrophic regexes
   exponential or polynomial, with the right degree, and the pumped text it
   gives really is read in several ways (`re` slows down on it).
3. A regex built WITHOUT nested or overlapping repeats (a generator written
   here, which knows nothing of the analysis) is never called risky.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from helpers.regex_shapes import unambiguous_regexes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph
from fuzzroute.engine.automata.alphabet import partition
from fuzzroute.engine.automata.ambiguity import EXPONENTIAL, LINEAR, POLYNOMIAL, analyse
from fuzzroute.engine.automata.lazy import LazySearch
from fuzzroute.engine.automata.nfa import Atoms, Undecidable, pattern_nfa
from fuzzroute.engine.automata.plan import AUTOMATON, GUARDED, PLAIN, linear_at_a_glance, plan_for
from fuzzroute.engine.regex_syntax import parse
from fuzzroute.engine.time_limit import call_with_time_limit

ALPHABET = "ab k\n!é\u212a1_"


def _analysis(pattern: str) -> object:
    compiled = re.compile(pattern)
    atoms = Atoms()
    nfa = pattern_nfa(compiled, atoms)
    return analyse(nfa, partition(atoms.resolve()))


# -- 1. the linear-time matcher ------------------------------------------------------------

PIECES = ["a", "b", "k", r"\w", r"\s", ".", "[ab]", "[^a]", "!", r"\d", "é"]
ANCHORS = ["^", "$", r"\b", r"\B", r"\A", r"\Z"]


@st.composite
def any_regex(draw: st.DrawFn, depth: int = 2) -> str:
    items = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 5))
        if kind == 0:
            items.append(draw(st.sampled_from(ANCHORS)))
            continue
        if kind == 1 and depth > 0:
            inner = [draw(any_regex(depth - 1)) for _ in range(draw(st.integers(1, 2)))]
            atom = "(?:" + "|".join(inner) + ")"
        else:
            atom = draw(st.sampled_from(PIECES))
        items.append(atom + draw(st.sampled_from(["", "", "*", "+", "?", "{1,3}", "*?", "+?"])))
    return "".join(items)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_regex(), st.sampled_from(["", "(?i)", "(?m)", "(?s)", "(?a)"]), st.lists(st.text(ALPHABET, max_size=9),
                                                                                          min_size=30, max_size=30))
def test_the_automaton_matcher_gives_the_verdict_of_re_search(body: str, flags: str, texts: list[str]) -> None:
    pattern = re.compile(flags + body)
    atoms = Atoms()
    try:
        nfa = pattern_nfa(pattern, atoms)
    except Undecidable:
        return
    search = LazySearch(nfa, partition(atoms.resolve()))
    for text in texts:
        assert search(text) == (pattern.search(text) is not None), (pattern.pattern, text)


def test_catastrophic_regexes_run_as_automata_and_match_long_messages_at_once() -> None:
    graph = (
        Graph("g")
        .entry("names", match=re.compile(r"^(\w+\s?)*$"))
        .entry("pumped", match=re.compile(r"(a+)+$"))
        .entry("digits", match=re.compile(r"\d+\d+\d+!"))
        .entry("order", match=re.compile(r"\border\b"))
    )
    modes = [e.data_matcher.plan.mode for e in graph.entries]  # type: ignore[union-attr]
    assert modes == [AUTOMATON, AUTOMATON, AUTOMATON, PLAIN]
    long_words = "this is a long declared example that goes on and on with many words to read " * 50 + "!"
    # Each of these takes `re` longer than the age of the universe; a 10 s guard turns a hang into a failure.
    assert call_with_time_limit(10, lambda: graph.claims(long_words).ids()) == (None, None)
    assert call_with_time_limit(10, lambda: graph.claims("a" * 5000 + "!").ids()) == (None, None)
    assert call_with_time_limit(10, lambda: graph.claims("1" * 5000 + " !").ids()) == (None, None)
    assert graph.claims("where is my order?").ids() == ("order", "order")
    assert graph.claims("just some words").ids() == ("names", "names")
    assert graph.entries[0].data_matcher.witness("just some words") == "just some words"  # type: ignore[union-attr]


# -- 2. the structural verdicts ------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "verdict", "degree"),
    [
        (r"^(\w+\s?)*$", EXPONENTIAL, 0),
        (r"(a+)+$", EXPONENTIAL, 0),
        (r"(a|aa)+$", EXPONENTIAL, 0),
        (r"(a*)*$", EXPONENTIAL, 0),
        (r"(x+x+)+y", EXPONENTIAL, 0),
        (r"(\s*,\s*)+$", EXPONENTIAL, 0),
        (r"\d+\d+!", POLYNOMIAL, 1),
        (r"a*a*b", POLYNOMIAL, 1),
        (r"^(a+){1,5}$", POLYNOMIAL, 4),
        (r"\w+!", LINEAR, 0),
        (r"\b(\w+)\b.*\b(\w+)\b", LINEAR, 0),
        (r"(ab|a)+c", LINEAR, 0),
        (r"^(\w+\b)+$", LINEAR, 0),
        (r"^([a-z0-9]+([-.][a-z0-9]+)*)$", LINEAR, 0),
        (r"(\w+\b\s?)+$", LINEAR, 0),
    ],
)
def test_the_analysis_names_the_growth(pattern: str, verdict: str, degree: int) -> None:
    found = _analysis(pattern)
    assert (found.verdict, found.degree) == (verdict, degree)  # type: ignore[attr-defined]


def _timed(pattern: re.Pattern[str], text: str) -> float:
    start = time.perf_counter()
    pattern.search(text)
    return time.perf_counter() - start


def test_the_pumped_text_is_what_makes_re_slow() -> None:
    """The analysis' own prefix and pump (with a failing ending) blow `re` up; a linear regex stays flat."""
    pattern = re.compile(r"^(\w+\s?)*$")
    found: Any = _analysis(pattern.pattern)

    def attack(k: int) -> str:
        return str(found.prefix + found.pump * k + "!")

    small, large = _timed(pattern, attack(6)), _timed(pattern, attack(11))
    assert large > 20 * max(small, 1e-6)  # 2^10 more paths; a generous margin for timing noise


# -- 3. no nested or overlapping repeats, no risk ------------------------------------------

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unambiguous_regexes())
def test_a_regex_without_nested_or_overlapping_repeats_is_never_called_risky(pattern: str) -> None:
    found = _analysis(pattern)
    assert found.verdict == LINEAR, (pattern, found)  # type: ignore[attr-defined]
    assert plan_for(re.compile(pattern)).mode == PLAIN


def test_linear_at_a_glance_needs_no_automaton() -> None:
    assert linear_at_a_glance(list(parse(r"where is my (order|package)\b.*")))
    assert linear_at_a_glance(list(parse(r"(a|b)+")))  # re's parser makes it one class: [ab]+
    assert not linear_at_a_glance(list(parse(r"(ab|a)+")))
    assert not linear_at_a_glance(list(parse(r"\w+ \w+")))
    assert not linear_at_a_glance(list(parse(r"(\w)\1")))
    assert plan_for(re.compile(r"(?=a)(a+)+$")).mode == GUARDED
