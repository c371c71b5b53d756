"""Near misses people type: the rule's own word in the plural, with the sentence agreeing.

A keyword `payslip` misses "where are my payslips", `checked bag` misses
"how much do checked bags cost": the plural of the trigger's last word, and
the words that agree with it (the verb, "a"/"this"), changed together.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.generate.relation import CO_OCCURRENCE, SHARED_TEXT, meeting
from fuzzroute.strategies.agreement import plural_of_trigger
from fuzzroute.strategies.mutations import labelled_mutations


@pytest.mark.parametrize(("example", "trigger", "typed"), [
    ("where is my payslip", "payslip", "where are my payslips"),
    ("how much does a checked bag cost", "checked bag", "how much do checked bags cost"),
    ("water the plant on the balcony", "water the plant", "water the plants on the balcony"),
    ("I cannot find my pay stub", "pay stub", "I cannot find my pay stubs"),
    ("my bag is lost", "bag", "my bags are lost"),
    ("Where is my payslip?", "payslip", "Where are my payslips?"),
    ("is this bag too big", "bag", "are these bags too big"),
    ("was there a gate change at Heathrow", "gate change", "were there gate changes at Heathrow"),
])
def test_the_trigger_goes_plural_and_the_sentence_agrees(example: str, trigger: str, typed: str) -> None:
    (mutation,) = plural_of_trigger(example.split(), trigger)
    assert mutation.phrase == typed
    assert mutation.label.startswith(f"plural: {trigger} -> ")


@pytest.mark.parametrize(("example", "trigger"), [
    ("hello", "hello"),  # the whole message: "hellos" is no message
    ("dispute this payment", "dispute"),  # a verb here
    ("do you sell travel insurance", "travel insurance"),  # a mass noun
    ("every bag is checked", "bag"),  # "every bags" reads wrong
    ("close the blinds", "blinds"),  # already plural
    ("the payslip history is empty", "payslip"),  # it modifies the next word
    ("update microchip details", "microchip"),  # a command's object modifying the next word: no verb follows it
    ("can I get my money back", "money back"),  # a particle ends the trigger: "money backs" is no plural
    ("I cannot log in", "log in"),
    ("please sign me up", "sign me up"),
])
def test_no_plural_where_a_person_would_not_type_one(example: str, trigger: str) -> None:
    assert plural_of_trigger(example.split(), trigger) == []


def test_the_plural_is_among_the_default_mutations_and_slips_are_not() -> None:
    found = {m.phrase: m.kind for m in labelled_mutations("how much does a checked bag cost", "checked bag")}
    assert found["how much do checked bags cost"] == "inflection"
    assert not {"typo", "swap", "spacing"} & set(found.values())


@given(st.lists(st.sampled_from(["my", "the", "card", "order", "is", "where", "a", "bag", "please", "cancel"]),
                min_size=1, max_size=6))
def test_no_default_mutation_doubles_a_word(words: list[str]) -> None:
    """A word a default mutation adds ("please", "the") never lands beside itself, whatever the example.

    Every default mutation is a `phrase_variants` variant, made from the words alone (no seed, no
    randomness, no state kept between calls), so the property holds for every hypothesis seed.
    """
    assume(all(a != b for a, b in zip(words, words[1:], strict=False)))
    example = " ".join(words)
    added = [m for m in labelled_mutations(example, words[-1]) if m.kind == "function-word" and "added" in m.label]
    for mutation in added:
        tokens = mutation.phrase.lower().split()
        assert all(a != b for a, b in zip(tokens, tokens[1:], strict=False)), mutation
    assert labelled_mutations(example, words[-1]) == labelled_mutations(example, words[-1])


def test_please_is_added_to_a_request_and_never_doubled() -> None:
    found = {m.phrase for m in labelled_mutations("cancel my order", "order") if m.kind == "function-word"}
    assert {"please cancel my order", "cancel my order please"} <= found
    assert not any("please please" in m.phrase for m in labelled_mutations("please cancel my order", "order"))


def test_a_witness_that_only_glues_two_triggers_is_co_occurrence() -> None:
    graph = (Graph("trips").entry("trip", match=keywords("trip"))
             .entry("insurance", match=keywords("trip protection")))
    earlier, later = graph.entries
    glued = meeting(earlier, later, "cancel my trip trip protection")
    assert glued is not None and glued.relation == CO_OCCURRENCE
    shared = meeting(earlier, later, "what does trip protection cover")
    assert shared is not None and shared.relation == SHARED_TEXT
