"""The naturalness gate's rules one by one, on a small graph of its own.

Each case is a phrase a generator can make from the author's sentences and
what a person would say of it; the labelled list (`test_natural_labelled`)
measures the gate as a whole.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from fuzzroute import Graph, all_of, keywords
from fuzzroute.generate.natural_gate import Gate
from fuzzroute.strategies.word_frequencies import names_a_person


@cache
def gate() -> Gate:
    graph = (
        Graph("library")
        .entry("greeting", match=re.compile(r"^(hi|hello)\b", re.I), examples=["hello"])
        .entry("card", match=keywords("library card", "library pass", "lost my card"),
               examples=["I lost my card", "my library pass has expired", "is my library card still valid"])
        .entry("fine", match=keywords("library fine"), examples=["how do I pay my library fine"])
        .entry("booking", match=keywords("room booking"), examples=["when is my room booking"])
        .entry("account", match=keywords("account locked"), examples=["is my account locked",
                                                                     "merge my accounts"])
        .entry("librarian", match=keywords("talk to the librarian"),
               examples=["I need to talk to the librarian", "can I bring a friend to the reading room"])
        .entry("plants", match=keywords("water the plant"), examples=["water the plant on the balcony"])
        .entry("orders", match=re.compile(r"\border\b"), examples=["where is my order"])
        .entry("bags", match=keywords("checked bag"), examples=["how much does a checked bag cost"])
        .entry("guests", match=keywords("bring a friend", "become a member"), examples=["can I bring a friend"])
        .entry("desk")
    )
    return Gate(graph)


def why(phrase: str, rule: str) -> str | None:
    found = gate()
    return found.why(phrase, next(e.index for e in found.entries if e.id == rule), glue=True)


@pytest.mark.parametrize(("phrase", "rule"), [
    ("my library passes have expired", "card"),  # the writer's one pass, verb made to agree
    ("library fines", "fine"),  # every sentence of the rule says "my library fine"
    ("lost my cards", "card"),  # a keyword that is a piece of a sentence keeps its noun's number
    ("I lost my cards", "card"),
    ("I need to talk to the librarians", "librarian"),  # "the librarian" is the one asked for
    ("can I bring friend to the reading room", "librarian"),  # no article before a person
    ("become members", "guests"),  # "become a member": a person made several
    ("I library card", "card"),  # a pronoun before a noun, no verb between
    ("how much does checked bags cost", "bags"),  # "a bag" made plural, the verb left singular
])
def test_what_nobody_types_is_withheld(phrase: str, rule: str) -> None:
    assert why(phrase, rule) is not None


@pytest.mark.parametrize(("phrase", "rule"), [
    ("library cards", "card"),  # a compound noun the rule names, made plural
    ("I lost my card", "card"),
    ("is my library card still valid", "card"),
    ("when are my room bookings", "booking"),  # an activity recurs: "my bookings" reads
    ("are my accounts locked", "account"),  # the graph writes "my accounts" itself
    ("are my library cards still valid", "card"),  # people often have several cards (plural about as common)
    ("Is my library card still valid", "card"),
    ("water the plants on the balcony", "plants"),  # "the plant" may be several; "my card" is the writer's one
    ("where are my orders", "orders"),  # a bare "my order": people have several
    ("how much do checked bags cost", "bags"),  # "does a" made "do": the verb agrees, the article goes
])
def test_what_people_type_passes(phrase: str, rule: str) -> None:
    assert why(phrase, rule) is None


def test_the_owned_rule_says_why() -> None:
    assert why("my library passes have expired", "card") == (
        "'my ... pass' is the writer's one pass: 'passes' is not what a person with one types")


def test_a_person_noun_is_read_from_the_shipped_table() -> None:
    assert names_a_person("librarian") and names_a_person("friends")
    assert not names_a_person("card") and not names_a_person("ticket")


@cache
def clinic_gate() -> Gate:
    """Rules whose words nest ("pay" inside "pay monthly") and an all-of rule whose words stand apart."""
    graph = (
        Graph("clinic")
        .entry("billing", match=re.compile(r"\b(invoice|bill|pay)\b", re.I), examples=["can I pay online"])
        .entry("lost-pet", match=all_of(keywords("lost", "missing"), keywords("dog", "cat")),
               examples=["I lost my cat", "my dog is missing"])
        .entry("microchip", match=keywords("microchip"), examples=["update microchip details"])
        .entry("pay-plan", match=keywords("payment plan", "pay monthly"), examples=["can I pay monthly"])
        .entry("neutering", match=keywords("neuter", "castration"), examples=["cost of castration"])
        .entry("desk")
    )
    return Gate(graph)


@pytest.mark.parametrize(("phrase", "rule", "glued"), [
    ("neuter pay monthly", "neutering", True),  # "pay" is inside "pay monthly": still two topics side by side
    ("microchip I lost my cat", "microchip", True),  # an all-of rule's words ("lost" ... "cat") beside another's
    ("castration my dog is missing", "neutering", True),
    ("can I pay monthly", "pay-plan", False),  # one topic: billing's "pay" is pay-plan's own words
    ("I lost my cat", "lost-pet", False),
])
def test_two_topics_are_told_from_one_whose_words_nest_or_stand_apart(phrase: str, rule: str, glued: bool) -> None:
    found = clinic_gate()
    reason = found.why(phrase, next(e.index for e in found.entries if e.id == rule), glue=True)
    assert (reason == "two rules' words glued together") is glued, reason
