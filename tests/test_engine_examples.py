"""The declared-example check (routing-semantics.md 5.2) and the cold context (section 3).

Every functional case of routing-semantics.md section 10 A, G and H that involves
rule-level examples, with the exact problem list
`(kind, code, skill, example, from, to)` in order.  Message content is tested
in `test_engine_messages.py`.

Ported from routing-semantics.md section 10 (file in brackets when not this one):
  A  1-7 [declarations], 8-30, 31 and 32 (notes), 33, 35 [declarations], 36-37 (as
     check-time claims only), 38-39 (through the JSON format), 40 (checkup and claims)
  B  41-46 [declarations], 47-56, 58-62, 63 (claims), 64 (without a timing) [never_routes]
  C  65-69 [matchers], 70 (an intent is refused unless the mount is a classifier)
     [declarations], 71 (as: one mount per graph, a bad mount refused) [declarations]
  E  89-92, 93 and 96 (captions), 94-95, 110 [matchers, declarations]
  F  113-114 (the never-route rows only) [never_routes]
  G  116 (problems 1-3 and the notes)
  H  117-129, 130 [never_routes]
  Section 11: 1-4, 6 (stateful predicates, call order), 7-12, 16, 17; 5 as routing-semantics.md
  section 8 has it (user regexes run with Python `re` semantics, no JS translation).
Skipped, because fuzzroute does not implement the check or the mechanism:
  A 31 and B 59 (formatCheckup rendering), A 34 (intentCandidates), A 36 and 40
  (agent events, mermaid, compiled skills), B 57 and C 72 (decision trees), C 73-79
  (config routing, entrySelection, run-time verdict consumption), C 80-81 and D 84-88
  (duplicate intent examples, checkupIntents, intent scoring), C 82-83, E 97-109 and
  111 (compareMatchers: rules-shadowed-by-order, overlapping-rules, multi-entry-fanout),
  E 91 "sets neither" (a config-form rule; here an entry with no condition is a
  default), E 102 (rule-id-exists: there is no skill registry), E 93 mermaid escaping,
  F 112 and 115 (entry-evidence rows), G 116 problem 4 (one-way-entries).
  Section 11: 13 (a wording ambiguity in the reference's messages), 14 (a hand-built
  entry whose `when` disagrees with its `match`: `Graph.entry` refuses both, and
  `runs_on` reads the data matcher), 15 (JavaScript-only inputs: BigInt, `when: null`).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fuzzroute import Checkup, Entry, Graph, RoutingContext, all_of, intent, keywords
from fuzzroute.engine.check_examples import check_examples
from fuzzroute.graphfiles.jsonformat import graph_from_json
from fuzzroute.report.assembly.check_run import checkup_findings
from fuzzroute.results.record import to_json

Rows = Callable[[Checkup], list[tuple[Any, ...]]]
Notes = Callable[[Checkup], list[str]]

MISSES = "example-misses-own-rule"
UNCLAIMED = "example-unclaimed"
EARLIER = "example-shadowed-by-earlier"
DEFAULT = "example-shadowed-by-default"


def ri(source: str) -> re.Pattern[str]:
    """A case-insensitive regex, the reference tests' `/.../i`."""
    return re.compile(source, re.IGNORECASE)


def raises(ctx: RoutingContext) -> bool:
    raise RuntimeError("predicate blew up")


def misses(skill: str, example: str, kind: str = "error") -> tuple[Any, ...]:
    return (kind, MISSES, skill, example, None, None)


def unclaimed(skill: str, example: str) -> tuple[Any, ...]:
    return ("warning", UNCLAIMED, skill, example, None, None)


def earlier(skill: str, example: str, from_: str) -> tuple[Any, ...]:
    return ("error", EARLIER, skill, example, from_, skill)


def by_default(skill: str, example: str, from_: str) -> tuple[Any, ...]:
    return ("warning", DEFAULT, skill, example, from_, skill)


# -- A: unit-level behaviour (8-11) ---------------------------------------------------------------


def test_a8_no_examples_no_problems_no_notes(rows: Rows, notes: Notes) -> None:
    checkup = Graph("g").entry("a", when=lambda ctx: True).checkup()
    assert rows(checkup) == [] and notes(checkup) == []


def test_a9_a_when_that_raises_misses_its_example_as_an_error(rows: Rows) -> None:
    checkup = Graph("g").entry("a", when=raises, examples=["hello"]).checkup()
    assert rows(checkup) == [misses("a", "hello"), unclaimed("a", "hello")]


def test_a10_the_cold_context_is_exactly_the_first_iteration_of_a_turn() -> None:
    seen: list[RoutingContext] = []

    def record(ctx: RoutingContext) -> bool:
        seen.append(ctx)
        return True

    Graph("g").entry("a", when=record, examples=["what is my refund", "  raw  "]).checkup()
    # Each phrase is judged twice (self-match, then the cold walk), always untrimmed.
    assert [dataclasses.asdict(ctx) for ctx in seen] == [
        {"iteration": 1, "user_message": phrase, "history": [], "activated_injection_ids": []}
        for phrase in ["what is my refund", "what is my refund", "  raw  ", "  raw  "]
    ]


def test_a10_every_predicate_call_gets_a_fresh_context() -> None:
    seen: list[RoutingContext] = []

    def polluting(ctx: RoutingContext) -> bool:
        seen.append(ctx)
        ctx.history.append("leak")
        return False

    Graph("g").entry("a", when=polluting, examples=["x"]).checkup()
    assert len(seen) == 2  # self-match, then the cold walk
    assert seen[0] is not seen[1]
    assert seen[1].history == ["leak"]  # its own append only: nothing leaked from the first call


@pytest.mark.parametrize("mount", ["scorer", "read"])
def test_a11_without_order_only_self_match_runs(mount: str, rows: Rows, notes: Notes) -> None:
    checkup = Graph("g", mount=mount).entry("a", when=lambda ctx: False, examples=["nope"]).checkup()
    assert rows(checkup) == [misses("a", "nope", "warning")]
    assert notes(checkup) == ["examples-order-not-checked", "examples-boundary"]


# -- A: functional (12-30) ------------------------------------------------------------------------


def test_a12_a15_data_matcher_missing_its_example(rows: Rows) -> None:
    checkup = Graph("g").entry("billing", match=ri(r"\brefunds\b"), examples=["refund my order"]).checkup()
    assert rows(checkup) == [misses("billing", "refund my order"), unclaimed("billing", "refund my order")]
    assert not checkup.ok


def test_a13_a_matching_example_is_silent(rows: Rows, notes: Notes) -> None:
    checkup = Graph("g").entry("billing", match=ri(r"\brefunds?\b"), examples=["refund my order"]).checkup()
    assert rows(checkup) == [] and checkup.ok
    assert notes(checkup) == ["examples-boundary"]


def test_a14_an_opaque_when_missing_its_example_is_a_warning(rows: Rows) -> None:
    graph = Graph("g").entry("billing", when=lambda ctx: "invoice" in ctx.user_message, examples=["refund my order"])
    checkup = graph.checkup()
    assert rows(checkup) == [
        misses("billing", "refund my order", "warning"),
        unclaimed("billing", "refund my order"),
    ]
    assert checkup.ok


def followup_graph() -> Graph:
    return (
        Graph("g")
        .entry(
            "followup-refund",
            when=lambda ctx: len(ctx.history) > 0 and re.search("refund", ctx.user_message, re.I) is not None,
            examples=["refund my order"],
        )
        .entry("smalltalk", match=ri(r"\bhello\b"))
    )


def test_a16_history_gated_when_is_a_warning_on_the_cold_context(rows: Rows) -> None:
    checkup = followup_graph().checkup()
    assert rows(checkup) == [
        misses("followup-refund", "refund my order", "warning"),
        unclaimed("followup-refund", "refund my order"),
    ]
    assert checkup.ok


def test_a16_the_same_rule_claims_once_the_conversation_has_history() -> None:
    warm = RoutingContext(
        iteration=1, user_message="refund my order", history=[("user", "hello there"), ("assistant", "hi")]
    )
    graph = followup_graph()
    assert graph.claims("refund my order", warm).ids() == ("followup-refund", "followup-refund")
    assert graph.claims("refund my order").ids() == (None, None)


POWERSTORE = ri(r"\bpowerstore\b")


def test_a17_an_earlier_rule_shadows_an_example(rows: Rows) -> None:
    phrase = "list every array and powerstore volume"
    checkup = (
        Graph("g")
        .entry("powerstore-health", match=POWERSTORE, examples=["is powerstore healthy"])
        .entry("array-inventory", match=ri(r"\b(array|powerstore|volume)\b"), examples=[phrase])
        .checkup()
    )
    assert rows(checkup) == [earlier("array-inventory", phrase, "powerstore-health")]


def test_a18_disjoint_rules_are_silent(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("powerstore-health", match=POWERSTORE, examples=["is powerstore healthy"])
        .entry("array-inventory", match=ri(r"\b(array|volume)\b"), examples=["list every array"])
        .checkup()
    )
    assert rows(checkup) == []


def test_a19_a_later_claimant_is_only_a_self_miss(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("array-inventory", match=ri(r"\barray\b"), examples=["is powerstore healthy"])
        .entry("powerstore-health", match=POWERSTORE)
        .checkup()
    )
    assert rows(checkup) == [misses("array-inventory", "is powerstore healthy")]


BILLING_DECLARATION = '        .entry("billing", match=ri(r"\\brefund\\b"), examples=["refund my order"])'


def concierge_graph(mount: str = "rules") -> Graph:
    return (
        Graph("g", mount=mount)
        .entry("concierge")
        .entry("billing", match=ri(r"\brefund\b"), examples=["refund my order"])
    )


def test_a20_a22_an_earlier_default_is_a_warning_not_a_shadow(rows: Rows) -> None:
    checkup = concierge_graph().checkup()
    assert rows(checkup) == [by_default("billing", "refund my order", "concierge")]
    assert checkup.ok


def test_a21_earlier_under_both_laws_is_an_error_from_the_default(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("concierge")
        .entry("triage", match=ri(r"\brefund\b"))
        .entry("billing", match=ri(r"\brefund\b"), examples=["refund my order"])
        .checkup()
    )
    assert rows(checkup) == [earlier("billing", "refund my order", "concierge")]


def test_a24_a_default_then_a_missing_rule(rows: Rows) -> None:
    checkup = (
        Graph("g").entry("concierge").entry("billing", match=ri(r"\brefunds\b"), examples=["refund my order"]).checkup()
    )
    assert rows(checkup) == [
        misses("billing", "refund my order"),
        by_default("billing", "refund my order", "concierge"),
    ]


def test_a25_under_a_classifier_the_default_never_claims(rows: Rows, notes: Notes) -> None:
    graph = concierge_graph("classifier").entry(
        "shipping", match=intent("customer asks where a delivery is", ["track my parcel"])
    )
    checkup = graph.checkup()
    assert rows(checkup) == []
    assert notes(checkup) == ["examples-boundary"]


def test_a26_an_example_no_rule_claims(rows: Rows) -> None:
    checkup = Graph("g").entry("billing", match=keywords("refund"), examples=["where is my money"]).checkup()
    assert rows(checkup) == [misses("billing", "where is my money"), unclaimed("billing", "where is my money")]


def test_a27_keyword_rules_claiming_their_own_examples(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("billing", match=keywords("money"), examples=["where is my money"])
        .entry("shipping", match=keywords("parcel"), examples=["track my parcel"])
        .checkup()
    )
    assert rows(checkup) == []


def test_a28_unclaimed_under_a_classifier(rows: Rows) -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("billing", match=keywords("refund"), examples=["where is my money"])
        .entry("shipping", match=intent("customer asks where a delivery is", ["track my parcel"]))
        .checkup()
    )
    assert rows(checkup) == [misses("billing", "where is my money"), unclaimed("billing", "where is my money")]


def test_a29_field_regression_product_regex_swallows_inventory_phrase(rows: Rows) -> None:
    phrase = "what's running on shpstrprncl101"
    checkup = (
        Graph("g")
        .entry("powerstore-health", match=ri(r"\bpowerstore\b|\bshpstr[a-z]*\d+\b"), examples=["is powerstore healthy"])
        .entry("array-inventory", match=ri(r"\b(array|volume|pool|shpstrprncl\d+)\b"), examples=[phrase])
        .checkup()
    )
    assert rows(checkup) == [earlier("array-inventory", phrase, "powerstore-health")]


def test_a30_field_regression_phrase_claimed_by_nothing(rows: Rows) -> None:
    phrase = "what's running on shpstrprncl101"
    checkup = (
        Graph("g")
        .entry("host-health", match=ri(r"\bhost\b"), examples=["is the host up"])
        .entry("array-inventory", match=ri(r"\b(array|volume|pool)\b"), examples=[phrase])
        .checkup()
    )
    assert rows(checkup) == [misses("array-inventory", phrase), unclaimed("array-inventory", phrase)]


# -- A: notes and intents (31-33) -------------------------------------------------------------------


def test_a31_notes_carry_the_examples_boundary_even_without_problems(notes: Notes) -> None:
    checkup = Graph("g").entry("billing", match=ri(r"\brefund\b"), examples=["refund my order"]).checkup()
    assert checkup.problems == ()
    assert notes(checkup) == ["examples-boundary"]
    assert "not proof" in checkup.notes[0].text


def test_a32_no_examples_no_notes() -> None:
    assert Graph("g").entry("billing", match=ri(r"\brefund\b")).checkup().notes == ()


def test_a33_intent_examples_are_not_rule_examples() -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("billing", match=intent("customer wants a refund", ["charged twice"]))
        .entry("shipping", match=intent("customer asks where a delivery is", ["track my parcel"]))
        .checkup()
    )
    assert checkup.problems == () and checkup.notes == ()


# -- A: integration, as check-time facts (36-40) ----------------------------------------------------


def test_a36_a37_the_two_laws_on_a_default_before_a_rule() -> None:
    graph = concierge_graph()
    # The default mount starts on the default; the cascade (classifier or
    # conversation continuity) starts on the rule.
    assert graph.claims("refund my order").ids() == ("concierge", "billing")
    assert graph.checkup().errors == ()


def test_a38_json_graph_with_an_example_its_rule_misses(rows: Rows) -> None:
    doc = {
        "name": "support",
        "entries": [
            {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["track my parcel"]},
            {"id": "shipping", "match": {"keywords": ["parcel"]}},
        ],
    }
    assert rows(graph_from_json(doc).checkup()) == [misses("billing", "track my parcel")]


def test_a39_json_graph_with_an_empty_examples_list_is_refused() -> None:
    doc = {"name": "support", "entries": [{"id": "billing", "match": {"keywords": ["refund"]}, "examples": []}]}
    with pytest.raises(Exception) as raised:
        graph_from_json(doc)
    assert 'entry "billing"' in str(raised.value)
    assert "`examples`" in str(raised.value)


def test_a40_examples_change_nothing_but_the_checkup() -> None:
    plain = Graph("g").entry("billing", match=keywords("refund")).entry("shipping", match=keywords("parcel"))
    with_examples = (
        Graph("g")
        .entry("billing", match=keywords("refund"), examples=["refund my order"])
        .entry("shipping", match=keywords("parcel"), examples=["track my parcel"])
    )
    assert plain.checkup().problems == () and plain.checkup().notes == ()
    assert with_examples.checkup().problems == ()
    for phrase in ["refund my order", "track my parcel", "refund the parcel", "hello"]:
        assert plain.claims(phrase) == with_examples.claims(phrase)


# -- G: the example script (116) ---------------------------------------------------------------------


def test_g116_start_rule_examples_script(rows: Rows, notes: Notes) -> None:
    inventory_phrase = "what's running on shpstrprncl101"
    checkup = (
        Graph("g")
        .entry("powerstore-health", match=ri(r"\bpowerstore\b|\bshpstr[a-z]*\d+\b"), examples=["is powerstore healthy"])
        .entry("array-inventory", match=ri(r"\b(array|volume|pool|shpstrprncl\d+)\b"), examples=[inventory_phrase])
        .entry("capacity-report", match=ri(r"\bcapcity\b"), examples=["how full is the estate"])
        .checkup()
    )
    assert rows(checkup) == [
        earlier("array-inventory", inventory_phrase, "powerstore-health"),
        misses("capacity-report", "how full is the estate"),
        unclaimed("capacity-report", "how full is the estate"),
    ]
    assert notes(checkup) == ["examples-boundary"]
    assert not checkup.ok


# -- H: extra cases observed from the reference engine (117-129) ------------------------------------


def test_h117_a_rule_shadowed_by_an_earlier_rule_of_its_own_skill(rows: Rows) -> None:
    checkup = (
        Graph("g").entry("a", match=re.compile("x")).entry("a", match=re.compile("x|y"), examples=["x y"]).checkup()
    )
    assert rows(checkup) == [earlier("a", "x y", "a")]
    assert checkup.problems[0].from_ == checkup.problems[0].to == "a"


def test_h118_a_duplicate_example_is_judged_twice(rows: Rows) -> None:
    checkup = Graph("g").entry("a", match=re.compile("x"), examples=["q", "q"]).checkup()
    assert rows(checkup) == [misses("a", "q"), unclaimed("a", "q")] * 2


def test_h119_the_same_example_on_two_later_rules(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("billing", match=re.compile("refund"))
        .entry("triage", match=re.compile("refund"), examples=["refund"])
        .entry("x", match=re.compile("refund"), examples=["refund"])
        .checkup()
    )
    assert rows(checkup) == [earlier("triage", "refund", "billing"), earlier("x", "refund", "billing")]


def test_h120_default_first_and_the_cascade_starts_on_a_later_rule(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("def")
        .entry("b", match=re.compile("zzz"), examples=["refund"])
        .entry("c", match=re.compile("refund"))
        .checkup()
    )
    assert rows(checkup) == [misses("b", "refund"), by_default("b", "refund", "def")]
    assert 'starts on "c"' in checkup.problems[1].message


def test_h121_a_default_after_the_rule_claims_the_cold_walk(rows: Rows) -> None:
    checkup = Graph("g").entry("b", match=re.compile("zzz"), examples=["refund"]).entry("def").checkup()
    assert rows(checkup) == [misses("b", "refund")]


def test_h122_under_a_classifier_the_later_default_does_not_claim(rows: Rows) -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("b", match=re.compile("zzz"), examples=["refund"])
        .entry("def")
        .entry("s", match=intent("anything else", ["hello"]))
        .checkup()
    )
    assert rows(checkup) == [misses("b", "refund"), unclaimed("b", "refund")]


def test_h123_an_earlier_raise_is_not_a_claim_and_not_reported_by_others(rows: Rows) -> None:
    checkup = Graph("g").entry("t", when=raises).entry("b", match=re.compile("r"), examples=["r"]).checkup()
    assert rows(checkup) == []


def test_h124_an_earlier_rule_before_a_default(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=re.compile("x"))
        .entry("def")
        .entry("b", match=ri(r"\brefund\b"), examples=["refund x"])
        .checkup()
    )
    assert rows(checkup) == [earlier("b", "refund x", "a")]


def test_h125_a_broad_keyword_shadows_a_narrower_all_of(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=keywords("refund"))
        .entry("b", match=all_of(keywords("refund"), re.compile("order")), examples=["refund my order"])
        .checkup()
    )
    assert rows(checkup) == [earlier("b", "refund my order", "a")]


def test_h126_read_mount_checks_self_match_only(rows: Rows, notes: Notes) -> None:
    checkup = (
        Graph("g", mount="read")
        .entry("a", match=re.compile("x"))
        .entry("b", match=re.compile("x"), examples=["x"])
        .checkup()
    )
    assert rows(checkup) == []
    assert notes(checkup) == ["examples-order-not-checked", "examples-boundary"]


def test_h127_when_results_are_read_for_truthiness(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", when=lambda ctx: "yes", examples=["x"])
        .entry("b", when=lambda ctx: 0, examples=["x"])
        .checkup()
    )
    assert rows(checkup) == [misses("b", "x", "warning"), earlier("b", "x", "a")]


def test_h128_hand_built_unconditional_entry_with_examples_passes_by_construction() -> None:
    # Only reachable by building entries by hand: Graph.entry refuses this declaration.
    problems, found_notes = check_examples((Entry(0, "a", examples=("x",)),), True, False)
    assert problems == []
    assert [n.name for n in found_notes] == ["examples-boundary"]


def test_h129_an_empty_examples_tuple_does_not_count_as_declared() -> None:
    assert check_examples((Entry(0, "a", when=lambda ctx: True, examples=()),), True, False) == ([], [])


# -- the mounts, and defaults before and after rules ----------------------------------------------


def mixed_graph(mount: str) -> Graph:
    return (
        Graph("g", mount=mount)
        .entry("def")
        .entry("b", match=re.compile("refund"), examples=["refund me"])
        .entry("c", match=keywords("parcel"), examples=["zzz"])
        .entry("late-default")
    )


EXPECTED_BY_MOUNT = {
    "rules": (
        [by_default("b", "refund me", "def"), misses("c", "zzz"), by_default("c", "zzz", "def")],
        ["examples-boundary"],
    ),
    "classifier": ([misses("c", "zzz"), unclaimed("c", "zzz")], ["examples-boundary"]),
    "scorer": ([misses("c", "zzz")], ["examples-order-not-checked", "examples-boundary"]),
    "read": ([misses("c", "zzz")], ["examples-order-not-checked", "examples-boundary"]),
}


@pytest.mark.parametrize("mount", sorted(EXPECTED_BY_MOUNT))
def test_every_mount(mount: str, rows: Rows, notes: Notes) -> None:
    checkup = mixed_graph(mount).checkup()
    want_rows, want_notes = EXPECTED_BY_MOUNT[mount]
    assert rows(checkup) == want_rows
    assert notes(checkup) == want_notes


def test_a_default_after_the_owner_never_shadows(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("b", match=re.compile("refund"), examples=["refund me"])
        .entry("def")
        .entry("c", match=re.compile("zzz"), examples=["refund me"])
        .checkup()
    )
    assert rows(checkup) == [misses("c", "refund me"), earlier("c", "refund me", "b")]


def test_only_an_unclaimed_example_without_any_default(rows: Rows) -> None:
    # Without a classifier, unclaimed needs no unconditional entry anywhere.
    with_default = Graph("g").entry("b", match=re.compile("x"), examples=["q"]).entry("d").checkup()
    without = Graph("g").entry("b", match=re.compile("x"), examples=["q"]).checkup()
    assert rows(with_default) == [misses("b", "q")]
    assert rows(without) == [misses("b", "q"), unclaimed("b", "q")]


# -- predicates: raising, truthiness, call order, no memo (routing-semantics.md 5.3, 11.6, 11.7) ------


@pytest.mark.parametrize(
    ("result", "claims"),
    [("yes", True), (1, True), ([0], True), (0, False), ("", False), (None, False), ([], False), ({}, False)],
)
def test_when_results_use_python_truthiness(result: object, claims: bool) -> None:
    graph = Graph("g").entry("a", when=lambda ctx: result)
    assert graph.claims("x").ids() == (("a", "a") if claims else (None, None))


def test_a_raising_when_counts_as_no_match_in_both_laws() -> None:
    graph = Graph("g").entry("t", when=raises).entry("b", match=re.compile("r")).entry("d")
    assert graph.claims("r").ids() == ("b", "b")
    assert graph.claims("q").ids() == ("d", None)


def test_predicate_call_order_of_the_examples_check() -> None:
    calls: list[tuple[str, str]] = []

    def rule(name: str, test: Callable[[str], bool]) -> Callable[[RoutingContext], bool]:
        def when(ctx: RoutingContext) -> bool:
            calls.append((name, ctx.user_message))
            return test(ctx.user_message)

        return when

    graph = (
        Graph("g")
        .entry("a", when=rule("a", lambda m: "y" in m))
        .entry("def")
        .entry("b", when=rule("b", lambda m: "x" in m), examples=["x y", "q"])
        .entry("c", when=rule("c", lambda m: True))
    )
    checkup = graph.checkup()
    assert calls == [("b", "x y"), ("a", "x y"), ("b", "q"), ("a", "q"), ("a", "q"), ("b", "q"), ("c", "q")]
    assert [(p.code, p.example, p.from_) for p in checkup.problems] == [
        (EARLIER, "x y", "a"),
        (MISSES, "q", None),
        (DEFAULT, "q", "def"),
    ]
    assert 'starts on "c"' in checkup.problems[2].message

    calls.clear()
    graph.checkup()  # nothing is memoised: the same calls again
    assert len(calls) == 7


def test_a_stateful_predicate_sees_every_checkup() -> None:
    count = {"n": 0}

    def flips(ctx: RoutingContext) -> bool:
        count["n"] += 1
        return count["n"] % 2 == 1

    graph = Graph("g").entry("a", when=flips, examples=["x"])
    # Self-match is call 1 (true), the cold walk call 2 (false): the verdict follows
    # the documented call order, and each checkup runs the predicate afresh.
    assert [p.code for p in graph.checkup().problems] == [UNCLAIMED]
    assert count["n"] == 2
    assert [p.code for p in graph.checkup().problems] == [UNCLAIMED]
    assert count["n"] == 4


def test_problems_are_ordered_by_entry_then_example(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=re.compile("x"), examples=["p1", "x"])
        .entry("b", match=re.compile("y"), examples=["p2"])
        .checkup()
    )
    assert rows(checkup) == [misses("a", "p1"), unclaimed("a", "p1"), misses("b", "p2"), unclaimed("b", "p2")]


def test_the_checkup_document_names_every_field() -> None:
    checkup = concierge_graph().checkup()
    # What `check --format json` writes for the graph (without the decided tier).
    document = json.loads(json.dumps(to_json(checkup_findings(checkup))))
    assert checkup.ok
    billing_line = 1 + Path(__file__).read_text().splitlines().index(BILLING_DECLARATION)
    assert document["problems"][0] | {"message": None} == {
        "kind": "warning",
        "code": DEFAULT,
        "skill": "billing",
        "example": "refund my order",
        "from": "concierge",
        "to": "billing",
        "message": None,
        "location": {"file": __file__, "line": billing_line},
    }
    assert [n["name"] for n in document["notes"]] == ["examples-boundary"]
