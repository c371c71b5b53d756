"""Near-miss variants of one phrase (`strategies.variants`): the kinds people type, one change at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.strategies.variants import (
    INFLECTION_MAX_DROP,
    VARIANT_KINDS,
    Variant,
    inflection_allowed,
    phrase_variants,
)
from fuzzroute.strategies.word_frequencies import other_spelling, zipf


def _of(phrase: str, kind: str, trigger: str | None = None) -> dict[str, Variant]:
    return {v.phrase: v for v in phrase_variants(phrase, trigger=trigger) if v.kind == kind}


def test_the_kind_codes_are_the_agreed_seven_in_listing_order() -> None:
    assert VARIANT_KINDS == ("case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection")


def test_case_variants_capitalise_shout_and_lower() -> None:
    found = _of("book a table for two", "case")
    assert found["Book a table for two"] == Variant("case", "Book a table for two", "book", "Book")
    assert "BOOK A TABLE FOR TWO" in found
    assert "book a table for two" not in found  # the phrase itself is never a variant
    assert "i cannot log in" in _of("I cannot log in", "case")


def test_apostrophes_both_ways_and_left_out() -> None:
    straight = _of("i'd like to order", "apostrophe")
    assert straight["i\u2019d like to order"].before == "i'd"
    assert straight["i\u2019d like to order"].after == "i\u2019d"
    curly = _of("I can\u2019t log in", "apostrophe")
    assert "I can't log in" in curly and "I cant log in" in curly


def test_contractions_both_ways() -> None:
    assert set(_of("I cannot log in", "contraction")) == {"I can't log in", "I can not log in"}
    assert _of("I can't log in", "contraction")["I cannot log in"].before == "can't"
    assert "I would like to order" in _of("I'd like to order", "contraction")
    assert "I'd like to order" in _of("I would like to order", "contraction")
    assert "don't cancel it" in _of("do not cancel it", "contraction")
    assert _of("what is it", "contraction") == {"what's it": Variant("contraction", "what's it", "what is", "what's")}
    assert _of("I know what that is", "contraction") == {}  # never "I know what that's"
    assert _of("I have a question", "contraction") == {}  # never "I've a question"
    assert "I've lost my card" in _of("I have lost my card", "contraction")


def test_us_and_uk_spellings_both_ways() -> None:
    assert other_spelling("enrol") == "enroll" and other_spelling("enroll") == "enrol"
    assert _of("how do I enrol", "us-uk")["how do I enroll"] == Variant("us-uk", "how do I enroll", "enrol", "enroll")
    assert "book counselling" in _of("book counseling", "us-uk")
    assert other_spelling("tire") is None  # also another word ("tired"): on the kept list of ambiguous pairs


def test_compounds_closed_hyphenated_and_spaced() -> None:
    assert set(_of("the wifi is down", "compound")) == {"the wi-fi is down", "the wi fi is down"}
    assert set(_of("enable autoscaling", "compound")) == {"enable auto-scaling", "enable auto scaling"}
    assert set(_of("I cannot log in", "compound")) == {"I cannot login", "I cannot log-in"}
    assert "send an email" in _of("send an e-mail", "compound")
    assert "book a self service slot" in _of("book a self-service slot", "compound")


def test_function_words_dropped_where_people_drop_them_and_please_added() -> None:
    found = _of("restart the service payments", "function-word")
    assert found["restart service payments"] == Variant("function-word", "restart service payments", "the", "")
    assert found["please restart the service payments"].after == "please"
    assert "restart the service payments please" in found
    assert "restart the service payments" in _of("restart service payments", "function-word")
    # Never mid-sentence ("talk to real person"), never a preposition ("who is pager rotation").
    assert not _of("I want to talk to a real person", "function-word").keys() & {"I want to talk to real person"}
    assert not any("pager rotation" in p and " on " not in p for p in _of("who is on pager rotation", "function-word"))


def test_inflections_only_of_the_trigger_with_agreement() -> None:
    assert set(_of("what's the gate number for BA117", "inflection", "gate number")) == {
        "what are the gate numbers for BA117"}
    assert set(_of("where is my payslip", "inflection", "payslip")) == {"where are my payslips"}
    assert set(_of("the printer on floor 3 is jammed", "inflection", "printer")) == {
        "the printers on floor 3 are jammed"}
    assert _of("where is my payslip", "inflection") == {}  # no trigger, no inflection


def test_inflections_never_make_words_nobody_types() -> None:
    for phrase, trigger in (
        ("can't connect to globalprotect from home", "globalprotect"),  # a product name: not a listed word
        ("who is on call this week", "call"),  # a fixed phrase
        ("order more dairy", "dairy"),  # "dairies": far rarer than "dairy"
        ("I want to talk to a real person", "person"),  # "persons": far rarer than "person"
        ("make it warmer in here", "warmer"),  # an adjective
        ("turn the heating down", "heating"),  # a mass noun
        ("book a table for two", "table"),  # "a" says one: "book tables" is not what was meant
    ):
        assert _of(phrase, "inflection", trigger) == {}, phrase


def test_the_inflection_gate_is_a_measured_frequency() -> None:
    assert inflection_allowed("order", "orders") and inflection_allowed("payslip", "payslips")
    assert zipf("dairy") - zipf("dairies") > INFLECTION_MAX_DROP
    assert not inflection_allowed("dairy", "dairies")
    assert not inflection_allowed("information", "informations")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["I", "can't", "cannot", "log", "in", "the", "wifi", "my", "order", "is", "a",
                                 "please", "enrol", "e-mail", "what's", "do", "not"]), min_size=1, max_size=7))
def test_variants_are_one_change_deterministic_and_distinct(words: list[str]) -> None:
    phrase = " ".join(words)
    first = phrase_variants(phrase, trigger=words[-1])
    assert first == phrase_variants(phrase, trigger=words[-1])
    phrases = [v.phrase for v in first]
    assert len(phrases) == len(set(phrases)) and phrase not in phrases
    order = [VARIANT_KINDS.index(v.kind) for v in first]
    assert order == sorted(order)
    for variant in first:
        if variant.kind != "case":
            assert variant.before != variant.after
            assert variant.after in variant.phrase or variant.after == ""
