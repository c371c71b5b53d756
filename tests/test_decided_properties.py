"""The decided tier against brute force: 0 wrong decisions on random small rules.

Two checks, over every string up to `LENGTH` characters of a small alphabet
that mixes ASCII letters, a space, a newline, a non-ASCII word character and
the Kelvin sign (which `re.IGNORECASE` folds to k):

1. Each rule's automaton accepts exactly the strings the compiled matcher
   matches.  This checks the translation itself, the only part of the
   decision procedure that is not textbook.
2. Every decision agrees with enumeration: a disjoint pair has no common
   string, a never-wins rule has no string outside the earlier rules, a
   rule that never matches has no string at all, and every witness is
   verified by `verify` (a defect would show up in `decisions.defects`).

Why a finite enumeration is a fair check of "for all messages": the
decisions come from a complete breadth-first search over the automata, so
they are exact as soon as the automata are; check 1 tests the automata on
every short string, where a translation error in any construct shows up
(every construct of these rules is exercised within `LENGTH` characters:
the rules have at most three atoms under one repeat), and check 2 would
catch a decision contradicted by a string of that length.  "Undecided" is
always allowed; a wrong decision never is.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import (
    CO_OCCURRENCE,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    SHARED_TEXT,
    UNDECIDED,
    WILDCARD,
    decide,
)
from fuzzroute.decided.languages import Languages, build_languages, languages_for
from fuzzroute.decided.product import accepts, search
from fuzzroute.engine.automata.alphabet import CellFinder, _every_code_point
from fuzzroute.engine.automata.dfa import SEARCH, build_part
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.matchers import AllOf, Keywords, Regex

ALPHABET = ["a", "k", " ", "é", "\n", "\u212a"]
LENGTH = 5
STRINGS = ["".join(t) for n in range(LENGTH + 1) for t in itertools.product(ALPHABET, repeat=n)]

ATOMS = ["a", "k", "K", " ", "é", ".", r"\w", r"\W", r"\s", r"\S", "[ak]", "[^a]", "[a-k]", "\\n"]
ANCHORS = ["^", "$", r"\A", r"\Z", r"\b", r"\B"]
#: Outside the exact subset: such a rule must come out undecided, and decisions about the others stay right.
REFUSED = ["(?=a)", "(?<!k)"]
FLAGS = ["", "i", "m", "s", "a", "im", "is"]


@st.composite
def regexes(draw: st.DrawFn) -> str:
    pieces = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.integers(0, 3)) == 0:
            pieces.append(draw(st.sampled_from(ANCHORS if draw(st.integers(0, 5)) else REFUSED)))
            continue
        atom = draw(st.sampled_from(ATOMS))
        if draw(st.booleans()):
            atom = f"(?:{atom}|{draw(st.sampled_from(ATOMS + ANCHORS))})"
        pieces.append(atom + draw(st.sampled_from(["", "", "*", "+", "?", "{1,2}"])))
    return "".join(pieces)


@st.composite
def matchers(draw: st.DrawFn) -> object:
    choice = draw(st.integers(0, 4))
    if choice == 0:
        choices = ["a", "ak", "k a", " a", "a ", "é", "aé", "K", "\u212a"]
        words = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=2))
        return keywords(*words)
    flags = draw(st.sampled_from(FLAGS))
    pattern = re.compile(draw(regexes()), sum(dict(i=re.I, m=re.M, s=re.S, a=re.A)[f] for f in flags))
    if choice == 1:
        return all_of(pattern, keywords(draw(st.sampled_from(["a", "k", "é"]))))
    return pattern


def _graph(found: list[object]) -> Graph:
    graph = Graph("random")
    for number, matcher in enumerate(found):
        graph.entry(f"r{number}", match=matcher)
    return graph


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=1, max_size=3))
def test_automata_accept_exactly_what_the_matchers_match(found: list[object]) -> None:
    graph = _graph(found)
    languages = build_languages(graph.entries)
    finder = CellFinder(languages.cells)
    for entry in graph.entries:
        try:
            rule = languages.search(entry.index)
        except Undecidable:
            continue
        matcher = entry.data_matcher
        assert matcher is not None
        # Walk every string once, extending the automata states character by character.
        stack: list[tuple[str, tuple[int, ...]]] = [("", tuple(0 for _ in rule.parts))]
        while stack:
            text, states = stack.pop()
            verdict = all(part.accepts[state] for part, state in zip(rule.parts, states, strict=True))
            assert verdict == matcher.matches(text), (entry.caption, text)
            if len(text) < LENGTH:
                for ch in ALPHABET:
                    cell = finder.cell(ch)
                    pairs = zip(rule.parts, states, strict=True)
                    following = tuple(part.moves[state][part.column_of_cell[cell]] for part, state in pairs)
                    stack.append((text + ch, following))
        assert accepts(rule, [finder.cell(ch) for ch in "ak é"]) == matcher.matches("ak é")


def _whole_match(matcher: object, text: str) -> bool:
    """The rule's own text matched whole, as `re` reads it: the regex fullmatched, or one keyword exactly."""
    if isinstance(matcher, Keywords):
        return any(re.fullmatch(re.escape(k), text, re.IGNORECASE) for k in matcher.keywords)
    assert isinstance(matcher, Regex)
    return matcher.pattern.fullmatch(text) is not None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=1, max_size=3))
def test_whole_text_automata_accept_exactly_the_rules_own_texts(found: list[object]) -> None:
    """The WHOLE reading (a rule's own text, which the overlap witnesses of generation are made of)."""
    graph = _graph(found)
    languages = build_languages(graph.entries)
    finder = CellFinder(languages.cells)
    for entry in graph.entries:
        try:
            rule = languages.whole(entry.index)
        except Undecidable:
            continue
        if rule is None:
            continue
        (part,) = rule.parts
        stack: list[tuple[str, int]] = [("", 0)]
        while stack:
            text, state = stack.pop()
            assert part.accepts[state] == _whole_match(entry.data_matcher, text), (entry.caption, text)
            if len(text) < LENGTH:
                for ch in ALPHABET:
                    stack.append((text + ch, part.moves[state][part.column_of_cell[finder.cell(ch)]]))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=1, max_size=3))
def test_a_rules_own_text_finds_what_the_rule_finds(found: list[object]) -> None:
    """Taking redundant wildcards off a pattern's ends changes no search verdict (so its own text is B's text)."""
    graph = _graph(found)
    languages = build_languages(graph.entries)
    finder = CellFinder(languages.cells)
    for index, automata in languages.rules.items():
        if not automata.decidable:
            continue
        for leaf, nfa in zip(automata.leaves, automata.own_nfas, strict=True):
            try:
                part = build_part(nfa, SEARCH, languages.cells)
            except Undecidable:
                continue
            stack: list[tuple[str, int]] = [("", 0)]
            while stack:
                text, state = stack.pop()
                assert part.accepts[state] == leaf.matches(text), (graph.entries[index].caption, text)
                if len(text) < LENGTH:
                    for ch in ALPHABET:
                        stack.append((text + ch, part.moves[state][part.column_of_cell[finder.cell(ch)]]))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=2, max_size=3))
def test_decisions_agree_with_enumeration(found: list[object]) -> None:
    graph = _graph(found)
    decisions = decide(graph)
    assert decisions.defects == []
    entries = graph.entries
    matched = {
        e.index: {s for s in STRINGS if e.data_matcher is not None and e.data_matcher.matches(s)} for e in entries
    }
    languages = languages_for(graph)
    finder = CellFinder(languages.cells)
    for item in decisions.items:
        later = item.entry.index
        if item.kind == NEVER_WINS:
            earlier = set().union(*(matched[a.index] for a in item.containing))
            assert matched[later] <= earlier, item.message
        elif item.kind == NEVER_MATCHES:
            assert not matched[later], item.message
        elif item.kind == UNDECIDED:
            assert item.reason
        else:
            assert item.witness is not None
        if item.relation == SHARED_TEXT and item.kind == OVERLAP and item.other is not None:
            # The witness shows the shared text; the strength is what the fixed reading allows.
            assert item.witness is not None
            assert own_texts(languages, later, finder, "own", [item.witness]) or item.entry.data_matcher is not None
    for a in entries:
        for b in entries:
            relation = decisions.relation(a.index, b.index)
            if relation == "disjoint":
                assert not matched[b.index] & matched[a.index]
            if relation in ("disjoint", CO_OCCURRENCE) and not isinstance(b.data_matcher, AllOf):
                # "A matches inside no own text of B", checked on every short own text of B (an all-of's part
                # text counts only within a message of the whole all-of, which enumeration cannot list).
                assert not [t for t in own_texts(languages, b.index, finder, "own", STRINGS) if matched_by(a, t)]
            if relation == SHARED_TEXT and any(
                i.other is a and i.entry is b and i.shared_in == WILDCARD for i in decisions.items
            ):
                assert not [t for t in own_texts(languages, b.index, finder, "fixed", STRINGS) if matched_by(a, t)]


def matched_by(entry: object, text: str) -> bool:
    matcher = getattr(entry, "data_matcher", None)
    return matcher is not None and matcher.matches(text)


def own_texts(languages: Languages, index: int, finder: CellFinder, reading: str, texts: list[str]) -> list[str]:
    """Every string of `ALPHABET` up to `LENGTH` that is one of the rule's own texts (`fixed`: fixed-words reading).

    `texts` limits the answer to those strings (the witness check passes one).
    """
    rules = languages.own(index) if reading == "own" else languages.fixed(index)
    wanted = set(texts)
    found: set[str] = set()
    for rule in rules or ():
        (part,) = rule.parts
        stack: list[tuple[str, int]] = [("", 0)]
        while stack:
            text, state = stack.pop()
            if not part.live[state]:
                continue
            if part.accepts[state] and text in wanted:
                found.add(text)
            if len(text) < LENGTH:
                for ch in ALPHABET:
                    stack.append((text + ch, part.moves[state][part.column_of_cell[finder.cell(ch)]]))
    return sorted(found)


def test_the_alphabet_exercises_unicode_folding() -> None:
    """The Kelvin sign is k under IGNORECASE, and é is a word character for \\b but not for a keyword edge."""
    assert re.search("(?i)k", "\u212a")
    assert keywords("caf").matches("café")
    assert not re.search(r"caf\b", "café")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=2, max_size=3), st.booleans())
def test_the_two_part_fast_path_finds_what_the_general_search_finds(found: list[object], whole: bool) -> None:
    """Same verdict, same phrase, same number of states: the fast path is only faster."""
    graph = _graph(found)
    languages = build_languages(graph.entries)
    for a in graph.entries:
        for b in graph.entries:
            try:
                first = languages.whole(a.index) if whole else languages.search(a.index)
                second = languages.search(b.index)
            except Undecidable:
                continue
            if first is None or len(first.parts) + len(second.parts) != 2:
                continue
            outcomes = [
                search([first, second], [], languages.cells, max_states=200, fast_path=fast)
                for fast in (True, False)
            ]
            assert outcomes[0] == outcomes[1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=2, max_size=3), st.booleans())
def test_the_one_excluded_fast_path_finds_what_the_general_search_finds(found: list[object], whole: bool) -> None:
    """One required part, one excluded one-part rule (the cover questions): the same verdict, phrase and states."""
    graph = _graph(found)
    languages = build_languages(graph.entries)
    for a in graph.entries:
        for b in graph.entries:
            try:
                first = languages.whole(a.index) if whole else languages.search(a.index)
                excluded = languages.search(b.index)
            except Undecidable:
                continue
            if first is None or len(first.parts) != 1 or len(excluded.parts) != 1:
                continue
            outcomes = [
                search([first], [excluded], languages.cells, max_states=200, fast_path=fast) for fast in (True, False)
            ]
            assert outcomes[0] == outcomes[1]


def test_every_code_point_appears_once_in_order() -> None:
    text = _every_code_point()
    assert len(text) == 0x110000
    assert all(text[n] == chr(n) for n in (*range(0, 0x110000, 4099), 0xD800, 0xDFFF, 0x10FFFF))
