"""Decided overlaps: interegular finds the phrase sampling misses, and the explorer re-checks it.

Every verdict here is recomputed with Python `re` (`runs_on`, `graph.claims`,
`matcher.matches`), never read off interegular.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, Outcome, all_of, keywords, runs_on
from fuzzroute.engine.matchers import Keywords, Regex
from fuzzroute.generate import explore
from fuzzroute.generate import intersect as phase
from fuzzroute.generate.budget import STOP_POLL_EVERY
from fuzzroute.results.suggestions import RULES_OVERLAP, SHADOWED_BY_EARLIER_RULE, Exploration, Suggestion
from fuzzroute.strategies import intersection
from fuzzroute.strategies.intersection import EARLIER_TEXT, LATER_TEXT, Languages

GENERATOR = "regex/intersection"


def _regex(pattern: str, flags: int = 0) -> Regex:
    return Regex(re.compile(pattern, flags))


def _magic_graph() -> Graph:
    # Sampling fills the later rule's `\w+` with ordinary words, never "shpstrprncl0".
    return (
        Graph("magic")
        .entry("shipping", match=re.compile(r"status of (shpstrprncl\d+) now"))
        .entry("status", match=re.compile(r"status of \w+ now"))
    )


def _groups(run: Exploration, kind: str, rule: str, from_: str) -> list[Suggestion]:
    return [s for s in run.suggestions if s.kind == kind and s.rule == rule and s.from_ == from_]


def _without_time(run: Exploration) -> dict[str, Any]:
    data = run.to_dict()
    data.pop("elapsed_seconds")
    return data


# -- explore -------------------------------------------------------------------------------


def test_a_magic_value_shadowing_is_found_by_the_intersection_and_reproduces() -> None:
    graph = _magic_graph()
    run = explore(graph, seed=0, budget_phrases=60)
    (found,) = _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping")
    decided = [w for w in found.witnesses if w.generator == GENERATOR]
    assert [w.phrase for w in decided] == ["status of shpstrprncl0 now"]
    for witness in decided:
        assert graph.claims(witness.phrase).ids() == ("shipping", "shipping")
        assert runs_on(graph.entries[1], witness.phrase) is Outcome.MATCH
    assert run.intersection["pairs_tried"] == 1 and run.intersection["disagreements"] == []


def test_without_the_intersection_phase_the_same_budget_misses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phase, "pair_limit", lambda budget: 0)
    run = explore(_magic_graph(), seed=0, budget_phrases=60)
    assert _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping") == []
    assert GENERATOR not in run.generator_counts


def test_a_free_slot_meeting_another_rules_word_is_an_overlap_of_the_earlier_rule() -> None:
    graph = (
        Graph("hosts")
        .entry("host-health", match=re.compile(r"what's running on \w+", re.I))
        .entry("inventory", match=re.compile(r"\b(array|host)\w*"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    (found,) = [s for s in run.suggestions if s.kind == RULES_OVERLAP and s.to == "inventory"]
    decided = [w.phrase for w in found.witnesses if w.generator == GENERATOR]
    assert decided == ["what's running on host"]
    for phrase in decided:
        assert graph.claims(phrase).ids() == ("host-health", "host-health")
        assert runs_on(graph.entries[1], phrase) is Outcome.MATCH


def test_keyword_rules_take_part_on_either_side() -> None:
    graph = (
        Graph("refunds")
        .entry("refund", match=keywords("refund"))
        .entry("amount", match=re.compile(r"refund(ed)? (\d+) dollars"))
        .entry("prefix", match=re.compile(r"\bpayb\w*"))
        .entry("payback", match=keywords("payback"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    for rule, earlier, phrase in (("amount", "refund", "refund 0 dollars"), ("payback", "prefix", "payback")):
        (found,) = _groups(run, SHADOWED_BY_EARLIER_RULE, rule, earlier)
        assert phrase in [w.phrase for w in found.witnesses if w.generator == GENERATOR]
        assert graph.claims(phrase).ids() == (earlier, earlier)


def test_disjoint_languages_give_no_witness() -> None:
    graph = (
        Graph("disjoint")
        .entry("numbered", match=re.compile(r"^order \d+$"))
        .entry("named", match=re.compile(r"^order [a-z]+$"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    assert run.intersection["pairs_tried"] == 1
    assert run.intersection["witnesses"] == 0
    assert GENERATOR not in run.generator_counts


def test_patterns_interegular_cannot_read_are_skipped_and_the_run_goes_on() -> None:
    graph = (
        Graph("refused")
        .entry("echo", match=re.compile(r"(\w+) \1"))
        .entry("behind", match=re.compile(r"(?<=my )order"))
        .entry("shipping", match=re.compile(r"status of (shpstrprncl\d+) now"))
        .entry("status", match=re.compile(r"status of \w+ now"))
    )
    run = explore(graph, seed=0, budget_phrases=80)
    refused = {row["rule"] for row in run.intersection["refused"]}
    assert refused == {"echo", "behind"}
    assert run.intersection["pairs_skipped"] == 5 and run.intersection["pairs_tried"] == 1
    assert _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping")


def test_two_runs_with_one_seed_are_identical() -> None:
    first = explore(_magic_graph(), seed=3, budget_phrases=60)
    second = explore(_magic_graph(), seed=3, budget_phrases=60)
    assert _without_time(first) == _without_time(second)
    assert first.generator_counts[GENERATOR] == 1


def test_the_pairs_searched_are_capped_by_the_phrase_budget() -> None:
    run = explore(_many(6), seed=0, budget_phrases=12)
    assert run.intersection["pair_limit"] == 12 // phase.PHRASES_PER_PAIR
    assert run.intersection["pairs_tried"] == 3
    assert run.phrases_judged <= 12


def _many(rules: int) -> Graph:
    graph = Graph("many")
    for n in range(rules):
        graph.entry(f"r{n}", match=re.compile(rf"status of \w+ {n}"))
    return graph


def test_a_stop_request_ends_the_phase() -> None:
    graph = _many(8)
    assert explore(graph, seed=0, budget_phrases=400).intersection["pairs_tried"] == 28
    run = explore(graph, seed=0, budget_phrases=400, should_stop=lambda: True)
    assert run.partial
    assert run.intersection["pairs_tried"] <= STOP_POLL_EVERY  # the flag is polled every few checks


def test_pairs_come_later_rule_first_and_keyword_pairs_are_ruled_out_cheaply() -> None:
    graph = (
        Graph("order")
        .entry("a", match=keywords("refund"))
        .entry("b", match=keywords("invoice"))
        .entry("c", match=re.compile(r"refund \w+"))
    )
    assert list(phase.pairs(graph.entries)) == [(0, 1), (0, 2), (1, 2)]
    hopeless = phase.PairFilter(graph.entries).hopeless
    assert hopeless(0, 1)  # "refund" alone is not "invoice", nor the reverse
    assert not hopeless(0, 2) and not hopeless(1, 2)


def test_a_disagreement_with_python_re_is_counted_not_reported() -> None:
    # interegular's `\b` is ASCII: it puts a boundary between "é" and "x"; `re` does not.
    graph = Graph("accents").entry("edge", match=re.compile(r"é\bx")).entry("plain", match=re.compile(r"éx"))
    run = explore(graph, seed=0, budget_phrases=20)
    assert run.intersection["disagreements"] == [{"earlier": "edge", "later": "plain", "count": 1}]
    assert not _groups(run, SHADOWED_BY_EARLIER_RULE, "plain", "edge")


# -- the strategy ----------------------------------------------------------------------------


def test_witnesses_are_short_readable_and_say_whose_text_they_are() -> None:
    languages = Languages(
        [
            _regex(r"status of (shpstrprncl\d+) now"),
            _regex(r"status of \w+ now"),
            Keywords(("cancel",)),
            _regex(r"\bcancel\b.*\bplan\b", re.I),
        ]
    )
    magic = languages.overlap_witnesses(0, 1)
    assert magic is not None and [(o.phrase, o.shape) for o in magic] == [("status of shpstrprncl0 now", LATER_TEXT)]
    spaced = languages.overlap_witnesses(2, 3)
    assert spaced is not None and [(o.phrase, o.shape) for o in spaced] == [("cancel plan", LATER_TEXT)]
    # The later rule's free `.*` holds the earlier rule's whole text, with spaces around it.
    framed = languages.overlap_witnesses(1, 3)
    assert framed is not None and [(o.phrase, o.shape) for o in framed] == [("cancel status of e now plan", LATER_TEXT)]
    unrelated = languages.overlap_witnesses(0, 2)
    assert unrelated == []  # "cancel" alone is not a status line, and the status line has no word slot
    host = Languages([_regex(r"what's running on \w+", re.I), _regex(r"\b(array|host)\w*")]).overlap_witnesses(0, 1)
    assert host is not None and [(o.phrase, o.shape) for o in host] == [("what's running on host", EARLIER_TEXT)]


def test_an_all_of_is_searched_as_the_conjunction_of_its_parts() -> None:
    both = all_of(keywords("cancel"), re.compile(r"\b(subscription|plan)\b"))
    languages = Languages([_regex(r"please cancel (my|the) \w+"), both])
    found = languages.overlap_witnesses(0, 1)
    assert found is not None and [(o.phrase, o.shape) for o in found] == [("please cancel my plan", EARLIER_TEXT)]
    assert both.matches("please cancel my plan")


def test_a_pattern_too_large_for_the_cap_is_refused_quickly() -> None:
    languages = Languages([_regex(r"a[\s\S]{14}b"), _regex("ab")])
    found = languages.overlap_witnesses(0, 1)
    assert "automaton states" in languages.refused[0]  # its search form has 2**14 states
    # Its whole text is small, so the other search still runs.
    assert found is not None and [(o.phrase, o.shape) for o in found] == [("aeeeeeeeeeeeeeab", EARLIER_TEXT)]
    # Outside this module's calls interegular's own crawl runs, uncapped.
    interegular: Any = pytest.importorskip("interegular")
    assert interegular.parse_pattern(r"[\s\S]*a[\s\S]{3}b").to_fsm().accepts("xa123b")


def test_witnesses_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "import re\n"
        "from fuzzroute.engine.matchers import Regex, Keywords\n"
        "from fuzzroute.strategies.intersection import Languages\n"
        "ls = Languages([Regex(re.compile(r'\\b(array|host|node)\\w*')), Keywords(('refund', 'hosting')),"
        " Regex(re.compile(r'(?i)what.s up on \\w+ now'))])\n"
        "print([[o.phrase for o in ls.overlap_witnesses(i, j)] for i, j in ((0, 1), (0, 2), (1, 2))])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], env={"PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1 and "hosting" in outputs.pop()


# -- the translation agrees with `re` on ASCII text -------------------------------------------

PATTERNS = [
    r"\border\b",
    r"\bfoo\b.*\bbar\b",
    r"(?:\bab\b|\bba\b)",
    r"^ab \d+$",
    r"(?m)^ab$",
    r"\Aab\Z",
    r"a\Bb",
    r"(?i)Ab\b",
    r"(?s)a.b",
    r"a.b",
    r"ab(?=c)",
    r"^\s*\b(ab|ba)\b",
]
KEYWORDS = [("ab",), ("a b", "c+"), (".ab", "ba_")]


@pytest.fixture(scope="module")
def machines() -> list[tuple[Any, Any, Any, Any]]:
    built = []
    for pattern in PATTERNS:
        rx = re.compile(pattern)
        search, full = rx.search, rx.fullmatch
        try:
            whole_fsm = intersection.regex_fsm(rx, search=False)
        except intersection.Unsupported:
            whole_fsm = None  # refused on purpose (see the lookahead test below)
        built.append(
            (
                intersection.regex_fsm(rx, search=True),
                whole_fsm,
                lambda s, f=search: f(s) is not None,
                lambda s, f=full: f(s) is not None,
            )
        )
    for words in KEYWORDS:
        matcher = Keywords(words)
        built.append(
            (
                intersection.keywords_fsm(words, search=True),
                intersection.keywords_fsm(words, search=False),
                matcher.matches,
                lambda s, w=words: any(s.lower() == k.lower() for k in w),
            )
        )
    return built


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet="abcforABz _.+\n1", max_size=9))
def test_each_automaton_accepts_exactly_what_re_matches(machines: list[tuple[Any, Any, Any, Any]], text: str) -> None:
    for search_fsm, core_fsm, search, whole in machines:
        assert search_fsm.accepts(text) == search(text)
        if core_fsm is not None:
            assert core_fsm.accepts(text) == whole(text)


def test_a_lookahead_is_refused_when_the_text_is_matched_whole() -> None:
    """interegular would let `ab(?=c)` accept "abc" whole, which `re.fullmatch` refuses."""
    assert re.fullmatch(r"ab(?=c)", "abc") is None
    with pytest.raises(intersection.Unsupported):
        intersection.regex_fsm(re.compile(r"ab(?=c)"), search=False)
    assert intersection.regex_fsm(re.compile(r"ab(?=c)"), search=True).accepts("xabc")
