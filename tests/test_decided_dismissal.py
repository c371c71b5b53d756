"""What the decided tier settles before any search holds against the exhaustive search, pair by pair.

`decided.pair_sets` settles most pairs of a graph from facts: the word
index keeps out of the "inside B's own text" questions the earlier rules
whose required words (with their edges) cannot occur there, the ends of
anchored rules, the lengths of their messages and the rules that match
nothing are decided disjoint, the
`infix`/`prefix`/`suffix`/`room` facts decide that two rules meet, and a text
of B's as written shows an earlier rule matching inside it.  Each set is
exact in one direction only, and that direction is checked here on random
small graphs against the product search run to the end, for every pair:

* a pair dismissed as disjoint shares no message;
* a pair said to meet shares one;
* an earlier rule that matches inside the later rule's fixed words, or its
  own text, is kept for that question;
* a pair shown to share text does.

The rules are words of a few syllables (some holding the letters case
folding equates with a non-ASCII character: i, k, s) in the shapes routing
graphs use: word edges, alternations, anchors at either end, repeats of a
class next to a word, free gaps, keyword lists, all-ofs, IGNORECASE.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided.languages import languages_for
from fuzzroute.decided.pair_sets import pair_sets
from fuzzroute.decided.product import FOUND, NONE, search
from fuzzroute.decided.questions import MAX_STATES, RULE_STATES, Context
from fuzzroute.decided.tier import build_automata
from fuzzroute.engine.automata.nfa import Undecidable

WORDS = ["baco", "bacoki", "coba", "kiba", "saco", "ba", "Baco", "dik", "cosa"]
FORMS = [
    r"\b{0}\b", "{0}|{1}", r"(?:{0}|{1})\s+{2}", "^{0}", "{0}$", "{0}s?", "where is {0}", "{0}.*{1}", r"{0}\d+",
    "{0} {1}", r"\A{0}\Z", r"{0}\b", "[Bb]{0}", r"\d{0}", r"{0}\s*{1}", "^{0}.*{1}$", r"(?a)\b{0}\b",
    r"\A{0}(?: {1})?\Z", r"\A[a-z]{{2,6}}\Z",
]
#: Searches this large are run to the end on these small rules; a limit leaves the pair unchecked.
EXHAUSTIVE_STATES = 200_000


@st.composite
def regex_leaves(draw: st.DrawFn) -> re.Pattern[str]:
    form = draw(st.sampled_from(FORMS))
    words = [draw(st.sampled_from(WORDS)) for _ in range(3)]
    flags = draw(st.sampled_from([0, 0, re.IGNORECASE]))
    return re.compile(form.format(*words), flags)


@st.composite
def rules(draw: st.DrawFn) -> object:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return keywords(*draw(st.lists(st.sampled_from([*WORDS, "ba co", "k\u212aba"]), min_size=1, max_size=3)))
    if kind == 1:
        second = keywords(draw(st.sampled_from(WORDS))) if draw(st.booleans()) else draw(regex_leaves())
        return all_of(draw(regex_leaves()), second)
    return draw(regex_leaves())


def _found(must: list[object], languages: object) -> bool | None:
    outcome = search(must, [], languages.cells, max_states=EXHAUSTIVE_STATES)  # type: ignore[arg-type, attr-defined]
    return None if outcome.verdict not in (FOUND, NONE) else outcome.verdict == FOUND


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(rules(), min_size=2, max_size=5))
def test_what_the_facts_settle_agrees_with_the_exhaustive_search(found: list[object]) -> None:
    graph = Graph("random")
    for number, matcher in enumerate(found):
        graph.entry(f"r{number}", match=matcher)
    languages = languages_for(graph)
    build_automata(languages)
    context = Context.of(graph, languages, MAX_STATES, RULE_STATES)
    for b in graph.entries:
        if not context.readable(b.index):
            continue
        try:
            lang_b = languages.search(b.index)
        except Undecidable:
            continue
        own, fixed = languages.own(b.index), languages.fixed(b.index)
        earlier = context.data & context.facts.readable & ((1 << b.index) - 1)
        settled = pair_sets(context, b.index, earlier, own, fixed)
        for a in graph.entries[: b.index]:
            if not earlier >> a.index & 1:
                continue
            bit = 1 << a.index
            lang_a = languages.search(a.index)
            shares = _found([lang_a, lang_b], languages)
            pair = (a.data_matcher, b.data_matcher)
            if settled.apart & bit:
                assert shares is not True, ("dismissed as disjoint, but they share a message", pair)
            if settled.meeting & bit:
                assert shares is not False, ("said to meet, but they share no message", pair)
            if own is None or fixed is None:
                continue
            inside_fixed = [_found([reading, lang_a], languages) for reading in fixed]
            inside_own = [_found([reading, lang_a], languages) for reading in own]
            if True in inside_fixed:
                assert settled.fixed_gate & bit, ("matches inside the fixed words, but was kept out", pair)
            if True in inside_own and languages.rules[b.index].wild:
                assert settled.own_gate & bit, ("matches inside the own text, but was kept out", pair)
            if True in inside_own and not languages.rules[b.index].wild:
                assert settled.fixed_gate & bit, ("matches inside the own text, but was kept out", pair)
            if settled.shown & bit:
                assert True in inside_own or None in inside_own, ("shown inside, but it is not", pair)
                if len(own) > 1:
                    assert shares is not False, ("shown inside an all-of, but they share no message", pair)


def _apart(first: str, second: str) -> bool:
    graph = Graph("lengths")
    graph.entry("a", match=re.compile(first))
    graph.entry("b", match=re.compile(second))
    languages = languages_for(graph)
    build_automata(languages)
    context = Context.of(graph, languages, MAX_STATES, RULE_STATES)
    settled = pair_sets(context, 1, 1, languages.own(1), languages.fixed(1))
    return bool(settled.apart & 1)


def test_rules_whose_messages_cannot_be_as_long_are_apart() -> None:
    # Both begin and end with any letter: only the lengths of their messages keep them apart.
    assert _apart(r"\A[a-z]{2,3}\Z", r"\A[a-z]{4,6}\Z")
    assert _apart(r"\A[a-z]{5}\Z", r"\A[a-z]{2,4}\Z")
    assert not _apart(r"\A[a-z]{2,4}\Z", r"\A[a-z]{4,6}\Z")
    # A rule without an end matches longer messages too; B's messages are all longer than the first's.
    assert not _apart(r"\A[a-z]{2,3}", r"\A[a-z]{4,6}\Z")
    assert _apart(r"\A[a-z]{2,3}\Z", r"\A[a-z]{4,6}")
