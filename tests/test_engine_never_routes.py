"""The never-route check (routing-semantics.md 6.2): routing-semantics.md section 10 B, F 113-114, H 130, 11.11-12.

Exact problem lists `(kind, code, skill, example, from, to)`, in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from fuzzroute import Checkup, Graph, RoutingContext, intent, keywords
from fuzzroute.engine.check_never_routes import check_never_routes
from fuzzroute.graphfiles.jsonformat import graph_from_json

Rows = Callable[[Checkup], list[tuple[Any, ...]]]
Notes = Callable[[Checkup], list[str]]

CLAIMED = "never-routes-claimed"
BY_DEFAULT = "never-routes-by-default"
CONTRADICTS = "never-routes-contradicts-example"
MOUNTS = ["rules", "classifier", "scorer", "read"]


def ri(source: str) -> re.Pattern[str]:
    return re.compile(source, re.IGNORECASE)


def raises(ctx: RoutingContext) -> bool:
    raise RuntimeError("predicate blew up")


def claimed(skill: str, example: str) -> tuple[Any, ...]:
    return ("error", CLAIMED, skill, example, None, None)


def by_default(skill: str, example: str) -> tuple[Any, ...]:
    return ("warning", BY_DEFAULT, skill, example, None, None)


def contradicts(skill: str, example: str) -> tuple[Any, ...]:
    return ("error", CONTRADICTS, skill, example, None, None)


# -- B: functional (47-52) ----------------------------------------------------------------------


def test_b47_a_rule_claims_the_row(rows: Rows) -> None:
    checkup = Graph("g").entry("billing", match=ri("refund|charge")).never_routes(["charge my card twice"]).checkup()
    assert rows(checkup) == [claimed("billing", "charge my card twice")]


def test_b48_an_unclaimed_row_is_silent_but_noted(rows: Rows, notes: Notes) -> None:
    checkup = (
        Graph("g").entry("billing", match=ri("refund|charge")).never_routes(["what is the weather in berlin"]).checkup()
    )
    assert rows(checkup) == []
    assert notes(checkup) == ["never-routes-boundary"]


def test_b49_only_a_default_claims_the_row(rows: Rows) -> None:
    checkup = (
        Graph("g").entry("triage").entry("billing", match=ri("refund")).never_routes("what is the weather").checkup()
    )
    assert rows(checkup) == [by_default("triage", "what is the weather")]
    assert checkup.ok


def test_b50_a_row_that_is_also_an_example_contradicts_it(rows: Rows) -> None:
    checkup = (
        Graph("g").entry("billing", match=ri("refund"), examples=["Refund me"]).never_routes(["refund me"]).checkup()
    )
    assert rows(checkup) == [contradicts("billing", "refund me")]


def test_b51_a_raising_predicate_is_not_reported_here(rows: Rows, notes: Notes) -> None:
    checkup = Graph("g").entry("broken", when=raises).never_routes(["anything at all"]).checkup()
    assert rows(checkup) == []
    assert notes(checkup) == ["never-routes-boundary"]


def test_b52_intent_entries_are_never_judged(rows: Rows) -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("billing", match=intent("billing", ["refund me"]))
        .never_routes(["refund me"])
        .checkup()
    )
    assert rows(checkup) == []


# -- B: integration (53-58) ---------------------------------------------------------------------


def test_b53_a_keyword_claims_a_row(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("billing", match=keywords("refund", "charge", "card"))
        .entry("weather", match=ri("forecast"))
        .never_routes(["what's my card balance"])
        .checkup()
    )
    assert rows(checkup) == [claimed("billing", "what's my card balance")]
    assert not checkup.ok


def test_b54_rows_no_rule_claims(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("billing", match=keywords("refund", "charge"))
        .never_routes(["what is the weather in berlin", "book me a flight"])
        .checkup()
    )
    assert rows(checkup) == [] and checkup.ok


def test_b55_rows_from_several_calls(notes: Notes) -> None:
    graph = Graph("g").entry("billing", match=keywords("refund"))
    graph.never_routes("what is the weather").never_routes(["book me a flight"])
    assert notes(graph.checkup()) == ["never-routes-boundary"]
    assert graph.never_route_phrases == ("what is the weather", "book me a flight")


def test_b56_json_graph_row_claimed_by_a_keyword(rows: Rows) -> None:
    doc = {
        "name": "support",
        "entries": [{"id": "billing", "match": {"keywords": ["refund", "charge"]}}],
        "never_routes": ["please charge it to the room"],
    }
    assert rows(graph_from_json(doc).checkup()) == [claimed("billing", "please charge it to the room")]


def test_b58_a_rule_claims_a_row_under_a_classifier(rows: Rows) -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("billing", match=keywords("refund", "charge"))
        .entry("weather", match=intent("weather", ["is it raining"]))
        .never_routes(["refund the charge"])
        .checkup()
    )
    assert rows(checkup) == [claimed("billing", "refund the charge")]


# -- B: contract (59-61) -------------------------------------------------------------------------


def test_b59_the_boundary_note_alone(notes: Notes) -> None:
    checkup = Graph("g").entry("billing", match=keywords("refund")).never_routes(["what is the weather"]).checkup()
    assert notes(checkup) == ["never-routes-boundary"]
    text = checkup.notes[0].text
    assert "RULE" in text and "intent" in text and "by name" in text


def test_b60_examples_notes_come_first(notes: Notes) -> None:
    checkup = (
        Graph("g")
        .entry("billing", match=keywords("refund"), examples=["refund me"])
        .never_routes(["what is the weather"])
        .checkup()
    )
    assert notes(checkup) == ["examples-boundary", "never-routes-boundary"]


@pytest.mark.parametrize("mount", ["scorer", "read"])
def test_b60_notes_under_a_mount_where_order_does_not_decide(mount: str, notes: Notes) -> None:
    checkup = (
        Graph("g", mount=mount)
        .entry("billing", match=keywords("refund"), examples=["refund me"])
        .never_routes(["what is the weather"])
        .checkup()
    )
    assert notes(checkup) == ["examples-order-not-checked", "examples-boundary", "never-routes-boundary"]


def test_b61_no_rows_no_note() -> None:
    checkup = Graph("g").entry("billing", match=keywords("refund")).checkup()
    assert checkup.notes == () and checkup.problems == ()


# -- B: property and load (62-64) -----------------------------------------------------------------


def contains(token: str) -> Callable[[RoutingContext], bool]:
    """A `when` that claims any message containing `token` (a substring test)."""
    return lambda ctx: token in ctx.user_message


def token_graph(n: int) -> Graph:
    graph = Graph("g")
    for i in range(n):
        graph.entry(f"s{i}", when=contains(f"token_{i}_end"))
    return graph


@pytest.mark.parametrize("n", range(1, 21))
def test_b62_exactly_the_rule_with_the_token_claims(n: int, rows: Rows) -> None:
    phrase = f"please token_{n - 1}_end now"
    graph = token_graph(n).never_routes([phrase, "nothing here matches"])
    assert rows(graph.checkup()) == [claimed(f"s{n - 1}", phrase)]


def test_b63_a_row_changes_no_claim() -> None:
    plain = Graph("g").entry("billing", match=keywords("refund")).entry("def")
    with_row = Graph("g").entry("billing", match=keywords("refund")).entry("def").never_routes("what is the weather")
    for phrase in ["what is the weather", "refund me"]:
        assert plain.claims(phrase) == with_row.claims(phrase)


def test_b64_many_rules_and_many_unclaimed_rows(rows: Rows, notes: Notes) -> None:
    graph = Graph("g")
    for i in range(50):
        graph.entry(f"r{i}", when=contains(f"token{i}"))
    graph.never_routes([f"phrase number {i} claims nothing" for i in range(200)])
    checkup = graph.checkup()
    assert rows(checkup) == []
    assert notes(checkup) == ["never-routes-boundary"]


# -- F: the keyword trap never-routes exists to catch (113-114) ---------------------------------------


def evidence_graph() -> Graph:
    return (
        Graph("g")
        .entry("zone-audit", match=keywords("zone"))
        .entry("port-triage", match=keywords("port"))
        .entry("vm-backup", match=keywords("backup"))
    )


def test_f113_an_unclaimed_row(rows: Rows) -> None:
    assert rows(evidence_graph().never_routes("what is the weather in Berlin").checkup()) == []


def test_f114_the_zone_trap(rows: Rows) -> None:
    phrase = "find the most recent zone redundancy run"
    assert rows(evidence_graph().never_routes(phrase).checkup()) == [claimed("zone-audit", phrase)]


# -- H 130 -----------------------------------------------------------------------------------------


def test_h130_inner_whitespace_keeps_a_near_duplicate_apart(rows: Rows) -> None:
    checkup = (
        Graph("g").entry("billing", match=ri("refund"), examples=["refund  me"]).never_routes("refund me").checkup()
    )
    assert rows(checkup) == [claimed("billing", "refund me")]


def test_h130_the_first_contradicting_entry_is_named(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=re.compile("zz"), examples=["Hi"])
        .entry("b", match=ri("hi"), examples=["hi"])
        .never_routes("HI")
        .checkup()
    )
    assert rows(checkup) == [("error", "example-misses-own-rule", "a", "Hi", None, None), contradicts("a", "HI")]


@pytest.mark.parametrize("mount", MOUNTS)
def test_h130_claimed_and_by_default_under_every_mount(mount: str, rows: Rows) -> None:
    checkup = Graph("g", mount=mount).entry("def").entry("b", match=re.compile("w")).never_routes(["w", "q"]).checkup()
    assert rows(checkup) == [claimed("b", "w"), by_default("def", "q")]


def test_h130_by_default_even_under_a_classifier(rows: Rows) -> None:
    checkup = (
        Graph("g", mount="classifier")
        .entry("def")
        .entry("billing", match=keywords("refund"))
        .entry("s", match=intent("something else", ["hello"]))
        .never_routes("what is the weather")
        .checkup()
    )
    assert rows(checkup) == [by_default("def", "what is the weather")]


def test_h130_a_raising_rule_then_a_default(rows: Rows) -> None:
    checkup = Graph("g").entry("t", when=raises).entry("def").never_routes("q").checkup()
    assert rows(checkup) == [by_default("def", "q")]


def test_h130_rows_without_entries(rows: Rows, notes: Notes) -> None:
    checkup = Graph("g").never_routes("anything").checkup()
    assert rows(checkup) == []
    assert notes(checkup) == ["never-routes-boundary"]


def test_h130_the_raw_row_is_reported_and_the_examples_check_is_silent(rows: Rows, notes: Notes) -> None:
    checkup = (
        Graph("g").entry("billing", match=ri("refund"), examples=["Refund me"]).never_routes("  refund ME ").checkup()
    )
    assert rows(checkup) == [contradicts("billing", "  refund ME ")]
    assert notes(checkup) == ["examples-boundary", "never-routes-boundary"]


# -- section 11: keys, precedence, ordering, call order ----------------------------------------------


def test_contradiction_key_uses_javascript_trim(rows: Rows) -> None:
    graph = Graph("g").entry("billing", match=keywords("refund"), examples=["refund me"])
    graph.never_routes(["\ufeffrefund me", "\u0085refund me"])
    assert rows(graph.checkup()) == [
        contradicts("billing", "\ufeffrefund me"),  # U+FEFF is trimmed: the same key
        claimed("billing", "\u0085refund me"),  # U+0085 is not: a different row
    ]


def test_contradiction_wins_over_a_claim_and_example_problems_still_count(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=re.compile("zzz"), examples=["refund"])
        .entry("b", match=re.compile("refund"))
        .never_routes("REFUND")
        .checkup()
    )
    assert rows(checkup) == [
        ("error", "example-misses-own-rule", "a", "refund", None, None),
        contradicts("a", "REFUND"),
    ]


def test_examples_problems_come_before_never_route_problems(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("def")
        .entry("b", match=re.compile("x"), examples=["q"])
        .never_routes(["x", "q", "other"])
        .checkup()
    )
    assert rows(checkup) == [
        ("error", "example-misses-own-rule", "b", "q", None, None),
        ("warning", "example-shadowed-by-default", "b", "q", "def", "b"),
        claimed("b", "x"),
        contradicts("b", "q"),
        by_default("def", "other"),
    ]


def test_one_problem_per_row_in_row_order(rows: Rows) -> None:
    checkup = (
        Graph("g")
        .entry("a", match=re.compile("x"))
        .entry("b", match=re.compile("x|y"))
        .never_routes(["y", "x", "xy"])
        .checkup()
    )
    assert rows(checkup) == [claimed("b", "y"), claimed("a", "x"), claimed("a", "xy")]


def test_predicate_call_order_of_the_never_route_check() -> None:
    calls: list[str] = []

    def rule(name: str, answer: bool) -> Callable[[RoutingContext], bool]:
        def when(ctx: RoutingContext) -> bool:
            calls.append(name)
            return answer

        return when

    graph = (
        Graph("g").entry("a", when=rule("a", False)).entry("def").entry("b", when=rule("b", False)).never_routes("q")
    )
    assert [p.code for p in graph.checkup().problems] == [BY_DEFAULT]
    # The cascade prefix (all rules, none matched), then the cold walk from the start,
    # which stops at the default.
    assert calls == ["a", "b", "a"]


def test_a_contradiction_is_decided_before_any_predicate_runs() -> None:
    calls: list[str] = []

    def watched(ctx: RoutingContext) -> bool:
        calls.append(ctx.user_message)
        return True

    graph = Graph("g").entry("a", when=watched, examples=["q"]).never_routes("Q")
    problems, _ = check_never_routes(graph.entries, graph.never_route_phrases)
    assert [p.code for p in problems] == [CONTRADICTS]
    assert calls == []


def test_contradiction_key_lower_cases_fully(rows: Rows) -> None:
    # Full Unicode lower-casing, as JavaScript's toLowerCase: final sigma and dotted capital I.
    graph = Graph("g").entry("a", match=keywords("zzz"), examples=["ΟΔΟΣ", "İstanbul"])
    graph.never_routes(["οδος", "i\u0307stanbul", "istanbul"])
    found = [(code, skill, example) for _, code, skill, example, _, _ in rows(graph.checkup()) if code == CONTRADICTS]
    assert found == [(CONTRADICTS, "a", "οδος"), (CONTRADICTS, "a", "i\u0307stanbul")]
