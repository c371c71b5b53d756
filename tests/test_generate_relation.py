"""How two rules meet on a phrase: in the later rule's own text (fixed words or wildcards) or only glued."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.generate.relation import (
    CO_OCCURRENCE,
    FIXED_WORDS,
    SHARED_TEXT,
    WILDCARD,
    Meeting,
    meeting,
)

GRAPH = (
    Graph("g")
    .entry("incident", match=keywords("down", "outage"))
    .entry("scale", match=re.compile(r"\bscale (up|down)\b", re.I))
    .entry("card", match=keywords("card", "credit"))
    .entry("credit-line", match=keywords("credit line"))
    .entry("order", match=re.compile(r"\border\b"))
    .entry("where", match=re.compile(r".*where is my order.*"))
    .entry("send", match=re.compile(r"send .* to"))
    .entry("movies", match=re.compile(r"movies today"))
    .entry("trending", match=re.compile(r"trending movies today"))
    .entry("lost", match=all_of(keywords("lost", "stolen"), re.compile(r"\bcards?\b")))
    .entry("follow-up", when=lambda ctx: True)
)
RULE = {e.id: e for e in GRAPH.entries}


@pytest.mark.parametrize(
    ("earlier", "later", "phrase", "expected"),
    [
        ("incident", "scale", "scale down", Meeting(SHARED_TEXT, FIXED_WORDS)),
        ("incident", "scale", "scale up, it is down", Meeting(CO_OCCURRENCE)),
        ("incident", "scale", "outage: scale up", Meeting(CO_OCCURRENCE)),
        ("card", "credit-line", "my credit line please", Meeting(SHARED_TEXT, FIXED_WORDS)),
        # `.*where is my order.*` matches what `where is my order` matches: its own text is that phrase.
        ("order", "where", "hi, where is my order now", Meeting(SHARED_TEXT, FIXED_WORDS)),
        ("card", "send", "send card to bob", Meeting(SHARED_TEXT, WILDCARD)),
        ("card", "send", "send money to bob, card", Meeting(CO_OCCURRENCE)),
        ("movies", "trending", "trending movies today", Meeting(SHARED_TEXT, FIXED_WORDS)),
        # An all-of's own text is each of its parts' texts.
        ("card", "lost", "I lost my card", Meeting(SHARED_TEXT, FIXED_WORDS)),
    ],
)
def test_how_two_rules_meet(earlier: str, later: str, phrase: str, expected: Meeting) -> None:
    assert meeting(RULE[earlier], RULE[later], phrase) == expected


def test_a_rule_without_text_has_no_relation() -> None:
    assert meeting(RULE["card"], RULE["follow-up"], "my card") is None


def test_strength_orders_fixed_words_wildcards_then_glue() -> None:
    assert Meeting(SHARED_TEXT, FIXED_WORDS).strength < Meeting(SHARED_TEXT, WILDCARD).strength
    assert Meeting(SHARED_TEXT, WILDCARD).strength < Meeting(CO_OCCURRENCE).strength


FILLER = st.lists(st.sampled_from(["please", "now", "the", "cluster", "asap", "ok"]), max_size=3).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(FILLER, FILLER, FILLER, st.booleans(), st.sampled_from(["scale up", "SCALE UP", "can you scale up"]))
def test_a_trigger_glued_beside_the_later_rules_text_is_co_occurrence(
    before: str, between: str, after: str, trigger_first: bool, own: str
) -> None:
    """`outage` (the incident rule) glued anywhere beside "scale up" (the scale rule's own text) never shares it."""
    parts = ["outage", between, own] if trigger_first else [own, between, "outage"]
    phrase = " ".join(x for x in [before, *parts, after] if x)
    assert meeting(RULE["incident"], RULE["scale"], phrase) == Meeting(CO_OCCURRENCE)


@settings(max_examples=200, deadline=None)
@given(FILLER, FILLER, st.sampled_from(["scale down", "Scale Down", "please scale down"]))
def test_a_trigger_that_is_one_of_the_later_rules_own_words_is_shared_fixed_text(
    before: str, after: str, own: str
) -> None:
    phrase = " ".join(x for x in [before, own, after] if x)
    assert meeting(RULE["incident"], RULE["scale"], phrase) == Meeting(SHARED_TEXT, FIXED_WORDS)
