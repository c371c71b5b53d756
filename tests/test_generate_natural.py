"""Natural witnesses: inflections that fit their sentence, examples reworded with the rule's own words,
no near miss made of another rule's trigger, and the most natural witness of a group shown first.

The phrases below are the ones a first look at two realistic graphs
(examples/devops.py, examples/banking.json) produced before: each "never"
phrase was shown to an author as a near miss or a witness, and none is a
message a person types.
"""

from __future__ import annotations

import re

import pytest

from fuzzroute import Graph, all_of, keywords
from fuzzroute.engine.matchers import Regex
from fuzzroute.generate import explore
from fuzzroute.generate.findings import witness_key
from fuzzroute.generate.naturalness import glued_marks, naturalness_penalty
from fuzzroute.results.suggestions import NEAR_MISS_CLAIMED_ELSEWHERE, NEAR_MISS_UNCLAIMED, Witness
from fuzzroute.strategies.agreement import MASS_NOUNS
from fuzzroute.strategies.mutations import labelled_mutations
from fuzzroute.strategies.rewording import completed, reworded
from fuzzroute.strategies.roles import bare, fits, fitting_forms

INFLECTIONS = {
    # example: the inflections that fit it (every other one a dictionary offers does not)
    "the site is down": set(),
    "why is the api slow": {"why is the api slower"},
    "what is my balance": set(),
    "dispute this payment": set(),
    "apply for a mortgage": set(),
    "add a read replica": set(),
    "my card was declined": set(),
    "deploy the api to prod": set(),
    "hello there": set(),
    "why was i charged a fee": set(),
    "where is my order": set(),
    "open the latency dashboard": {"open the latency dashboards"},
    "activate my new card": {"activate my new cards"},
    "show me my order": {"show me my orders"},
    "I want to dispute this payment": {"I wanted to dispute this payment"},
    "track my parcels": {"track my parcel"},
    "send 50 dollars to alex": set(),
}
NEVER = (
    "the site is downs", "why is the api slows", "what is my balanced", "disputed this payment",
    "apply for a mortgaged", "add a read replicas", "my cards was declined", "deploys the api to prod",
    "hellos there", "why was i charged a feed",
)


def _fitting(example: str) -> set[str]:
    """The example with one word in each form that fits its role there (`roles.fitting_forms`)."""
    words = example.split()
    lowered = [bare(w) for w in words]
    return {" ".join([*words[:i], form, *words[i + 1:]]) for i in range(len(words))
            for form in fitting_forms(lowered, i) if lowered[i] not in MASS_NOUNS}


@pytest.mark.parametrize(("example", "expected"), sorted(INFLECTIONS.items()))
def test_an_example_is_inflected_only_where_the_form_fits_its_sentence(example: str, expected: set[str]) -> None:
    found = _fitting(example)
    assert found == expected
    assert not found & set(NEVER)
    # A near miss goes further: only the rule's own word, and only where the sentence agrees with it.
    near = {m.phrase for m in labelled_mutations(example, example.split()[-1]) if m.kind == "inflection"}
    assert not near & set(NEVER)


def test_no_near_miss_puts_another_rules_trigger_into_the_example() -> None:
    graph = (
        Graph("g")
        .entry("access", match=re.compile(r"\b(grant|revoke) access\b"), examples=["grant access to bob"])
        .entry("database", match=keywords("database", "replica"))
        .entry("polite", match=keywords("please"))
    )
    run = explore(graph, seed=0, budget_phrases=400)
    near = [w for s in run.suggestions if s.kind in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE)
            for w in s.witnesses]
    assert near  # "grant the access to bob", "Grant access to bob", ... still are near misses
    for witness in near:
        assert not (witness.mutation or "").startswith("splice")
        assert "database" not in witness.phrase and "replica" not in witness.phrase
    # An inserted filler word that is another rule's trigger says nothing about the example.
    claimed = [s for s in run.suggestions if s.kind == NEAR_MISS_CLAIMED_ELSEWHERE and s.from_ == "polite"]
    assert claimed == []


def test_a_regex_example_is_reworded_with_the_rules_own_alternatives() -> None:
    rollback = Regex(re.compile(r"\b(roll ?back|revert)\b.*\b(deploy|release|version)\b", re.I))
    assert set(reworded("revert to the previous version", rollback)) == {
        "roll back to the previous version", "rollback to the previous version",
        "revert to the previous deploy", "revert to the previous release",
    }
    scale = Regex(re.compile(r"\bscale (up|down|out|in)\b", re.I))
    assert "scale down the workers" in reworded("scale out the workers", scale)


def test_a_keyword_replaces_another_only_where_it_fits_the_role() -> None:
    assert set(reworded("my card was declined", keywords("card", "credit", "debit"))) == {
        "my credit was declined", "my debit was declined",
    }
    assert reworded("deploy the api to prod", keywords("deploy", "release", "rollout")) == ["release the api to prod"]
    assert reworded("the site is down", keywords("outage", "down", "incident")) == []
    assert reworded("what is my balance", keywords("balance", "how much money")) == []
    # "a" becomes "an" before a vowel.
    assert reworded("why was i charged a fee", keywords("fee", "overdraft")) == ["why was i charged an overdraft"]
    words = ["my", "card", "was", "declined"]
    assert fits(words, 3, "stolen") and not fits(words, 3, "card") and not fits(words, 1, "cards")


def test_an_all_of_rule_completes_an_example_that_already_has_some_of_its_parts() -> None:
    lost_card = all_of(keywords("lost", "stolen"), keywords("card"))
    assert set(completed("my card was declined", lost_card)) == {"my card was lost", "my card was stolen"}
    assert completed("what is my balance", lost_card) == []  # none of its parts: nothing to complete


def _witness(phrase: str, generator: str) -> Witness:
    return Witness(phrase, None, None, generator=generator)


def test_the_most_natural_witness_ranks_first() -> None:
    reworded_example = _witness("revert to the previous deploy", "example/reworded")
    assembled = _witness("revert deploy", "regex/intersection")
    glued = _witness("deploy: outage", "splice")
    assert sorted([glued, assembled, reworded_example], key=witness_key) == [reworded_example, assembled, glued]
    assert glued_marks("deploy: outage") == 1 and glued_marks("cancel, subscription order") == 1
    assert glued_marks("hi, where is my order?") == 0 and glued_marks("who is on-call tonight") == 0
    assert naturalness_penalty("hey Dispute now") == 1 and naturalness_penalty("refund a") == 1


def test_shared_text_defects_get_witnesses_built_from_the_authors_sentences() -> None:
    graph = (
        Graph("devops")
        .entry("deploy", match=keywords("deploy", "release", "ship"), examples=["deploy the api to prod"])
        .entry("rollback", match=re.compile(r"\b(roll ?back|revert)\b.*\b(deploy|release|version)\b", re.I),
               examples=["revert to the previous version"])
        .entry("incident", match=keywords("outage", "down"), examples=["the site is down"])
        .entry("scale", match=re.compile(r"\bscale (up|down|out|in)\b", re.I), examples=["scale out the workers"])
    )
    run = explore(graph, seed=0, budget_phrases=400)
    best = {(s.rule, s.from_): s.witnesses[0].phrase for s in run.suggestions
            if s.kind == "generated-shadowed-by-earlier" and s.relation == "shared-text"}
    assert best[("rollback", "deploy")] in ("revert to the previous deploy", "revert to the previous release")
    assert best[("scale", "incident")] == "scale down the workers"
