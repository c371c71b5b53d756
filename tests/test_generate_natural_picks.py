"""`unnatural`: the phrases `suggest` must not ask an author to declare, seen on real graphs, and ones it may."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzroute.generate.natural import unnatural

BAD = [
    ("lamp the bedroom lamp", ["switch off the bedroom lamp"], None, "said twice"),
    ("do you sell travel travel cover", ["do you sell travel cover"], None, "doubled"),
    ("notify me when the drops to Tokyo drops", ["notify me when the price to Tokyo drops"], None, "said twice"),
    ("I want to talk to a call me back", ["I want to talk to an agent"], None, "does not fit"),
    ("cheapest way to plane tickets to Rome in May", ["cheapest way to fly to Rome in May"], None, "does not fit"),
    ("turn the heatings down", ["turn the heating down"], "inflection: heating -> heatings", "not counted"),
    ("start the vacua", ["start the vacuum"], "inflection: vacuum -> vacua", "rare plural"),
    ("where is my payslipz", ["where is my payslip"], None, "not a word"),
]
GOOD = [
    ("find me plane tickets to Lisbon", ["find me flights to Lisbon"], None),
    ("scale down the workers", ["scale out the workers"], None),
    ("scale down", ["scale out the workers"], None),
    ("where is my payslips", ["where is my payslip"], "inflection: payslip -> payslips"),
    ("turn on the sprinklers", ["turn on the sprinkler"], "inflection: sprinkler -> sprinklers"),
    ("can I get a second keyboard", ["can I get a second monitor"], None),
    ("bye bye", ["bye bye"], None),  # the author's own example doubles it
]


@pytest.mark.parametrize(("phrase", "examples", "mutation", "why"), BAD)
def test_phrases_seen_on_real_graphs_are_refused(phrase: str, examples: list[str], mutation: str | None,
                                                 why: str) -> None:
    found = unnatural(phrase, examples, (), mutation)
    assert found is not None and why in found, found


@pytest.mark.parametrize(("phrase", "examples", "mutation"), GOOD)
def test_a_word_of_the_same_role_and_form_reads_as_a_message(phrase: str, examples: list[str],
                                                             mutation: str | None) -> None:
    assert unnatural(phrase, examples, ("payslip", "monitor", "keyboard"), mutation) is None


@given(st.lists(st.sampled_from(["order", "refund", "card", "balance", "flight", "ticket"]), min_size=2,
                max_size=5, unique=True), st.data())
def test_a_content_word_said_twice_is_always_refused(words: list[str], data: st.DataObject) -> None:
    again = data.draw(st.sampled_from(words))
    phrase = " ".join([*words, again])
    assert unnatural(phrase, [" ".join(words)]) is not None
