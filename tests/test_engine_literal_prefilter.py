"""The laws' literal prefilter never changes a verdict (property tests against the plain walk)."""

from __future__ import annotations

import dataclasses
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, intent, keywords
from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.literal_prefilter import ENGINES, SPECIAL_FOLDS, Screen, fold, matcher_factors, needle
from fuzzroute.engine.literals import regex_factors
from fuzzroute.engine.unread import UnreadPredicate, walk

ALL_CHARACTERS = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)


def available_engines() -> list[str]:
    names = []
    for name in ENGINES:
        try:
            Screen([[frozenset({"ab"})]], name)
        except ValueError:
            continue
        names.append(name)
    return names


def test_special_folds_are_every_non_ascii_character_ignorecase_equates_with_ascii() -> None:
    equated = set(re.findall(r"(?i)[a-z]", ALL_CHARACTERS))
    assert {c for c in equated if not c.isascii()} == set(SPECIAL_FOLDS)
    for special, letter in SPECIAL_FOLDS.items():
        assert re.fullmatch(f"(?i){letter}", special)
        # ... and the special character, written in a case-insensitive pattern,
        # matches nothing whose fold differs from the letter's.
        assert {fold(c) for c in re.findall(f"(?i){re.escape(special)}", ALL_CHARACTERS)} == {letter}


def test_no_other_character_folds_to_ascii_under_ignorecase() -> None:
    # A pattern character that is not foldable must not match any ASCII character
    # case-insensitively (otherwise a needle could miss an ASCII spelling).
    candidates = [c for c in ALL_CHARACTERS[128:0x20000] if (c.lower() + c.upper() + c.casefold()).isascii() is False
                  and any(x.isascii() for x in c.lower() + c.upper() + c.casefold())]
    for ch in candidates:
        if ch in SPECIAL_FOLDS:
            continue
        assert not re.search(f"(?i){re.escape(ch)}", "".join(map(chr, range(128)))), hex(ord(ch))


def test_needles_keep_only_foldable_runs() -> None:
    assert needle("café au lait") == " au lait"
    assert needle("\u212aelvin") == "kelvin"
    assert needle("日本") is None
    assert matcher_factors(keywords("refund", "Money Back")) == [frozenset({"refund", "money back"})]
    assert matcher_factors(keywords("refund", "日本")) == []


def test_regex_factors() -> None:
    assert frozenset({"order"}) in regex_factors(re.compile(r"\border\b"))
    assert frozenset({"where is my order", "where is my package"}) in regex_factors(
        re.compile(r"where is my (order|package)")
    )
    assert regex_factors(re.compile(r"(array|host)\w*")) == [frozenset({"array", "host"})]
    assert regex_factors(re.compile(r"\w+|refund")) == []
    assert regex_factors(re.compile(r"(refund)?\d+")) == []


# -- the property: fast laws == plain laws ------------------------------------------------

LETTERS = ["a", "b", "k", "s", "i", "K", "S", "I", "\u212a", "\u017f", "\u0130", "\u0131", "é", "É", "ß", " ", "-"]
WORDS = ["ok", "sky", "is", "kiss", "bias", "Ski", "é", "café", "\u212aid", "\u017fit", "\u0130s"]

words = st.sampled_from(WORDS)
atoms = st.one_of(
    words.map(re.escape),
    st.sampled_from([r"\w+", r"\d", ".", "[ks]", "[^a]", r"\b", "^", "$", r"\s"]),
)


def _compose(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(children, min_size=1, max_size=3).map("".join),
        st.lists(children, min_size=2, max_size=3).map(lambda xs: "(" + "|".join(xs) + ")"),
        children.map(lambda x: f"(?:{x})?"),
        children.map(lambda x: f"(?:{x})+"),
        children.map(lambda x: f"(?:{x}){{2}}"),
        children.map(lambda x: f"(?={x})"),
        children.map(lambda x: f"(?<!k){x}"),
        children.map(lambda x: f"(?i:{x})"),
        children.map(lambda x: f"(?>{x})"),
    )


regexes = st.recursive(atoms, _compose, max_leaves=6)
flags = st.sampled_from([0, re.IGNORECASE, re.IGNORECASE | re.ASCII, re.ASCII])


@st.composite
def data_matchers(draw: st.DrawFn) -> object:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return re.compile(draw(regexes), draw(flags))
    if kind == 1:
        return keywords(*draw(st.lists(words, min_size=1, max_size=3)))
    parts = [re.compile(draw(regexes), draw(flags)), keywords(*draw(st.lists(words, min_size=1, max_size=2)))]
    return all_of(*parts)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Graph, list[str]]:
    mount = draw(st.sampled_from(["rules", "classifier"]))
    graph = Graph("g", mount=mount)
    calls: list[str] = []
    for i in range(draw(st.integers(1, 8))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            graph.entry(f"d{i}")
        elif kind == 1:
            text = draw(words)

            def when(ctx: RoutingContext, name: str = f"w{i}", text: str = text) -> bool:
                calls.append(name)
                return text in ctx.user_message

            graph.entry(f"w{i}", when=when)
        elif kind == 2 and mount == "classifier":
            graph.entry(f"n{i}", match=intent("wants something", ["sky"]))
        else:
            graph.entry(f"r{i}", match=draw(data_matchers()))
    return graph, calls


def _variants(text: str) -> st.SearchStrategy[str]:
    return st.sampled_from([text, text.upper(), text.lower(), text.swapcase(), text.casefold()])


phrases = st.lists(
    st.one_of(words.flatmap(_variants), st.sampled_from(LETTERS), st.text(alphabet=LETTERS, max_size=4)),
    max_size=6,
).map(lambda xs: " ".join(xs) if len(xs) % 2 else "".join(xs))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.lists(phrases, min_size=1, max_size=12))
def test_fast_laws_equal_plain_laws(built: tuple[Graph, list[str]], texts: list[str]) -> None:
    graph, calls = built
    laws = graph.laws
    for engine in available_engines():
        laws.use_screen(engine)
        for phrase in texts:
            calls.clear()
            fast = laws.both(phrase)
            fast_calls = list(calls)
            calls.clear()
            plain = laws.plain(phrase)
            assert fast == plain, (engine, phrase)
            assert fast_calls == calls, "a `when` predicate was called differently"
            cold, cascade = laws.under_cold_walk(phrase), laws.under_cascade(phrase)
            assert fast.ids() == (None if cold is None else cold.id, None if cascade is None else cascade.id)
            stop = -1 if fast.cascade is None else fast.cascade.index
            expected = tuple(
                e.index for e in laws.rules if e.index > stop and e.data_matcher is not None
                and e.data_matcher.matches(phrase)
            )
            found = tuple(k for k in laws.later_matches(phrase, stop) if graph.entries[k].data_matcher is not None)
            assert found == expected, (engine, phrase)


@pytest.mark.parametrize("engine", available_engines())
def test_each_engine_finds_the_same_survivors(engine: str) -> None:
    factors = [[frozenset({"order", "parcel"})], [], [frozenset({"kit"}), frozenset({"s"})]]
    screen = Screen(factors, engine)
    assert screen.engine == engine
    assert screen.survivors("Where is my ORDER") == {0}
    assert screen.survivors("a \u212aIT for \u017fam") == {2}
    assert screen.survivors("kit") == set()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.lists(phrases, min_size=1, max_size=12), st.integers(0, 7))
def test_the_proven_walk_over_the_prefilter_equals_the_walk_over_every_rule(
    built: tuple[Graph, list[str]], texts: list[str], unread_at: int
) -> None:
    graph, calls = built
    if unread_at < len(graph.entries) and graph.entries[unread_at].match is None and unread_at % 2:
        # Some graphs get a `when` read statically: the walk must stop there, as the plain walk does.
        entries = list(graph.entries)
        entries[unread_at] = dataclasses.replace(entries[unread_at], when=UnreadPredicate("ctx => ctx.x"))
        graph = Graph("g", mount=graph.mount)
        for entry in entries:
            graph.entry(entry.id, match=entry.match, when=entry.when)
    laws = graph.laws
    for phrase in texts:
        for conditional_only in (False, True):
            calls.clear()
            fast = walk(laws.worth_running(phrase, conditional_only), phrase)
            fast_calls = list(calls)
            calls.clear()
            plain = walk(laws.rules if conditional_only else laws.candidates, phrase)
            assert fast == plain, (phrase, conditional_only)
            assert fast_calls == calls, "a `when` predicate was called differently"
