"""The generators: regex rewriting, readable fillers, keyword edges, mutations, contexts."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.engine.context import RoutingContext
from fuzzroute.generate.seeded import draw_examples
from fuzzroute.strategies.adversarial import pumps
from fuzzroute.strategies.choosers import RandomChooser
from fuzzroute.strategies.contexts import base_schema, routing_contexts, to_routing_context
from fuzzroute.strategies.keyword_phrases import KeywordPhrases, inflections, variants
from fuzzroute.strategies.mutations import content_stems, keeps_content, mutations
from fuzzroute.strategies.regex_phrases import RegexPhrases
from fuzzroute.strategies.regex_tree import compile_tree, literal_runs, parse
from fuzzroute.strategies.vocabulary import TokenPool, predicate_constants, vocabulary

CORPUS = [
    r"\border\b",
    r"where is my (order|package)",
    r"(?i)what's running on \w+",
    r"(array|host)\w*",
    r"^refund (\d+)$",
    r"(?=.*refund)(?=.*order).*",
    r"\S+@\S+\.com",
    r"[A-Z]{2,3}-\d{3}",
    r"(?P<w>ab)c(?P=w)",
    r"(?>ab)a++(a)?(?(1)x|y)",
    r"(?i:ab)(?-i:c)d",
    r"[\]\-^\\]x{2,}y{3}z?",
    r"(?x) a \  b  # spaced",
    r"caf\u00e9|na\xefve",
    r"[^\n?]+\?$",
    r"(?s)a.b|\Afoo\Z",
    r"\d*\.\d+",
]
ALPHABET = "abcdefxyorABC123 .-?!\n\\]^éw@_"


@settings(max_examples=150, deadline=None, database=None)
@given(st.sampled_from(CORPUS), st.text(alphabet=ALPHABET, max_size=12))
def test_unparse_writes_back_a_pattern_that_behaves_the_same(source: str, text: str) -> None:
    pattern = re.compile(source)
    rewritten = compile_tree(parse(pattern), pattern.flags)
    original = pattern.search(text)
    again = rewritten.search(text)
    assert (original and original.span()) == (again and again.span())


@pytest.mark.parametrize("source", CORPUS)
def test_the_walker_yields_verified_phrases_for_every_pattern(source: str) -> None:
    pattern = re.compile(source)
    phrases = RegexPhrases(pattern, vocabulary().words)
    chooser = RandomChooser(random.Random(0))
    samples = [phrases.sample(chooser) for _ in range(60)]
    assert any(pattern.search(s) for s in samples), samples[:5]


def test_class_repeats_are_filled_with_words_not_symbols() -> None:
    pattern = re.compile(r"(?i)what's running on \w+")
    phrases = RegexPhrases(pattern, vocabulary().words)
    chooser = RandomChooser(random.Random(1))
    for _ in range(30):
        phrase = phrases.core(chooser)
        slot = phrase.removeprefix("what's running on ")
        assert slot in vocabulary().words, phrase


def test_a_free_slot_takes_another_rules_literal() -> None:
    # Random filling never produces "host"; the token pool offers it directly.
    graph = (
        Graph("pool")
        .entry("status", match=re.compile(r"what's running on \w+"))
        .entry("infra", match=re.compile(r"(array|host)\w*"))
    )
    others = TokenPool(graph.entries).others(0, random.Random(0), 10)
    assert "host" in others and "array" in others
    spliced = RegexPhrases(re.compile(r"what's running on \w+"), others)
    chooser = RandomChooser(random.Random(0))
    assert "what's running on host" in {spliced.core(chooser) for _ in range(60)}


def test_exrex_enumerates_every_alternative_and_never_prints() -> None:
    phrases = RegexPhrases(re.compile(r"where is my (order|package)"), vocabulary().words)
    cores, printed = phrases.enumerate_exrex(random.Random(0))
    assert sorted(cores) == ["where is my order", "where is my package"]
    assert printed == ""


def test_exrex_warnings_are_captured_not_written_to_stdout(capfd: pytest.CaptureFixture[str]) -> None:
    # exrex cannot handle a conditional group and says so with print(), i.e. on stdout.
    phrases = RegexPhrases(re.compile(r"(a)?(?(1)x|y)z"), vocabulary().words)
    cores, printed = phrases.enumerate_exrex(random.Random(0))
    assert "cannot handle" in printed
    assert capfd.readouterr().out == ""
    assert cores  # exrex still enumerates what it can; the walker and verification do the rest


def test_literal_runs_are_the_magic_values() -> None:
    assert literal_runs(parse(re.compile(r"where is my (order|package)"))) == ["where is my ", "order", "package"]


def test_keyword_edges_are_probed() -> None:
    rule = keywords("refund")
    probes = variants("refund")
    assert {"refunds", "refunded", "refunding", "Refund", "REFUND", "refund?"} <= set(probes)
    assert not rule.matches("refunds") and not rule.matches("refunded")
    assert rule.matches("Refund?") and rule.matches("'refund'")
    assert inflections("money back") == ["money backs", "money backed", "money backing", "money backer"]
    assert "money  back" in variants("money back")


def test_keyword_frames_put_words_around_the_keyword() -> None:
    phrases = KeywordPhrases(("refund",))
    chooser = RandomChooser(random.Random(3))
    samples = {phrases.sample(chooser) for _ in range(40)}
    assert any(s != "refund" and "refund" in s.lower() for s in samples)


def test_mutations_make_near_misses_about_the_same_thing() -> None:
    edits = dict((phrase, kind) for kind, phrase in mutations("refund my order"))
    assert "refund my orders" not in edits  # no trigger named: nothing is inflected
    assert "refunds my order" not in edits  # an imperative keeps its form
    assert edits["please refund my order"] == "function-word"
    assert edits["refund order"] == "function-word"  # a function word left out after the opening verb
    assert "refund for my order" not in edits and "my order" not in edits  # slips: only with typos=True
    slips = dict((phrase, kind) for kind, phrase in mutations("refund my order", typos=True))
    assert slips["refund for my order"] == "insertion" and slips["my order"] == "drop"
    # Never another rule's trigger put in: that is two triggers glued together, not a near miss.
    assert {kind for kind, _ in mutations("refund my order", typos=True)} <= {
        "case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection",
        "punctuation", "drop", "swap", "spacing", "insertion", "typo",
    }
    stems = content_stems("refund")
    assert keeps_content("refunds my order", stems)
    assert not keeps_content("my order", stems)


def test_predicate_constants_are_read_from_the_code() -> None:
    def follow_up(ctx: RoutingContext) -> bool:
        return bool(ctx.history) and "again" in ctx.user_message

    assert "again" in predicate_constants(follow_up)


def test_the_hypothesis_strategies_compose_and_shrink() -> None:
    pattern = re.compile(r"where is my (order|package)")
    strategy = RegexPhrases(pattern, vocabulary().words).strategy()
    quiet = settings(database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    smallest = find(strategy, lambda s: pattern.search(s) is not None, settings=quiet)
    assert smallest == "where is my order"
    both = st.tuples(strategy, KeywordPhrases(("refund",)).strategy())
    pair = find(both, lambda p: "refund" in p[1], settings=quiet)
    assert pair[1] == "refund"


def test_seeded_draws_repeat() -> None:
    strategy = st.from_regex(re.compile(r"[a-c]{2,4}"), fullmatch=True)
    assert draw_examples(strategy, 10, 5) == draw_examples(strategy, 10, 5)


def test_generated_contexts_have_only_the_schema_keys() -> None:
    allowed = set(base_schema()["properties"])
    drawn = draw_examples(routing_contexts(["refund my order"], ["billing"]), 20, 3)
    assert drawn
    for document in drawn:
        assert set(document) == allowed
        context = to_routing_context(document, "hi")
        assert isinstance(context, RoutingContext) and context.user_message == "hi"
        assert all(item["content"] == "refund my order" for item in document["history"])
        assert set(document["activated_injection_ids"]) <= {"billing"}


def test_pumps_repeat_the_patterns_own_text() -> None:
    found = pumps(re.compile(r"(a+)+b"))
    assert found and found[0].unit == "a"
    assert eval(found[0].expression(5)) == found[0].phrase(5)  # the expression is the paste line
    assert pumps(re.compile(r"where is my (order|package)")) == []
