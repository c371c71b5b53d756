"""What every problem message must name (routing-semantics.md, introduction and 5.2, 6.2).

For each code: the phrase, the rule ids involved, the condition that matched
or failed (its caption), the context it was judged on (the cold start), and a
fix.  Wording is the project's own, so these tests look for facts, plus the
specific points routing-semantics.md section 10 says each message conveys.
"""

from __future__ import annotations

import re

import pytest

from fuzzroute import Graph, Problem, RoutingContext, intent, keywords

FIX = re.compile(r"\b(fix|narrow|widen|declare|reorder|drop|give|move|add)\b", re.IGNORECASE)


def only(graph: Graph, code: str) -> Problem:
    found = [p for p in graph.checkup().problems if p.code == code]
    assert len(found) == 1, [p.code for p in graph.checkup().problems]
    return found[0]


def names_cold_context(message: str) -> bool:
    return "cold-start context" in message and "iteration 1" in message and "empty history" in message


def assert_names(message: str, *facts: str) -> None:
    for fact in facts:
        assert fact in message, (fact, message)


def raises(ctx: RoutingContext) -> bool:
    raise RuntimeError("no")


# -- example-misses-own-rule: three variants ---------------------------------------------------------


def test_misses_own_rule_data_matcher() -> None:
    graph = Graph("g").entry("billing", match=re.compile(r"\brefunds\b", re.I), examples=["refund my order"])
    problem = only(graph, "example-misses-own-rule")
    message = problem.message
    assert_names(message, "refund my order", '"billing"', r"/\brefunds\b/i")
    assert names_cold_context(message)
    assert "reads only the user message" in message  # why no conversation state can help
    assert "Fix the matcher" in message
    assert FIX.search(message)


def test_misses_own_rule_when_predicate() -> None:
    graph = Graph("g").entry("followup", when=lambda ctx: len(ctx.history) > 0, examples=["refund my order"])
    problem = only(graph, "example-misses-own-rule")
    message = problem.message
    assert problem.kind == "warning"
    assert_names(message, "refund my order", '"followup"', "`when` predicate")
    assert names_cold_context(message)
    assert "conversation state" in message and "warning" in message and "error" in message
    assert FIX.search(message)


def test_misses_own_rule_raising_predicate() -> None:
    problem = only(Graph("g").entry("a", when=raises, examples=["hello"]), "example-misses-own-rule")
    message = problem.message
    assert problem.kind == "error"
    assert_names(message, "hello", '"a"', "`when` predicate", "raised", "pure and total")
    assert names_cold_context(message)
    assert FIX.search(message)


# -- example-unclaimed ------------------------------------------------------------------------------


def test_unclaimed_without_a_classifier() -> None:
    graph = Graph("g").entry("billing", match=keywords("refund", "money back"), examples=["where is my money"])
    message = only(graph, "example-unclaimed").message
    assert_names(message, "where is my money", '"billing"', "refund, money back")
    assert names_cold_context(message)
    assert "model tier" in message
    assert "nobody wrote" in message
    assert "Widen the entry's matcher" in message


def test_unclaimed_under_a_classifier() -> None:
    graph = (
        Graph("g", mount="classifier")
        .entry("billing", when=lambda ctx: False, examples=["where is my money"])
        .entry("shipping", match=intent("where is my parcel", ["track my parcel"]))
    )
    message = only(graph, "example-unclaimed").message
    assert_names(message, "where is my money", '"billing"', "`when` predicate", "classifier")
    assert "tier 1" in message
    assert names_cold_context(message)
    assert "Widen the entry's predicate" in message


# -- example-shadowed-by-earlier: by a rule, and under both laws ------------------------------------------


def test_shadowed_by_an_earlier_rule() -> None:
    phrase = "list every array and powerstore volume"
    graph = (
        Graph("g")
        .entry("powerstore-health", match=re.compile(r"\bpowerstore\b", re.I))
        .entry("array-inventory", match=re.compile(r"\b(array|volume)\b", re.I), examples=[phrase])
    )
    message = only(graph, "example-shadowed-by-earlier").message
    assert_names(message, phrase, '"powerstore-health"', '"array-inventory"', r"/\bpowerstore\b/i")
    assert names_cold_context(message)
    assert "first matching rule in declaration order wins" in message
    assert "no regex intersection was decided" in message
    assert 'Declare "array-inventory" first' in message and "narrow" in message


def test_shadowed_under_both_laws() -> None:
    graph = (
        Graph("g")
        .entry("concierge")
        .entry("triage", match=re.compile(r"\brefund\b", re.I))
        .entry("billing", match=re.compile(r"\brefund\b", re.I), examples=["refund my order"])
    )
    message = only(graph, "example-shadowed-by-earlier").message
    assert_names(message, "refund my order", '"concierge"', '"triage"', '"billing"', r"/\brefund\b/i", "BOTH")
    assert_names(message, "continuity: 'turn'", "continuity: 'conversation'")
    assert names_cold_context(message)
    assert FIX.search(message)


# -- example-shadowed-by-default: the cascade starts on the owner, a later rule, or nothing -------------------


@pytest.mark.parametrize(
    ("billing", "later", "cascade_says"),
    [
        (re.compile(r"\brefund\b", re.I), None, 'starts on "billing"'),
        (re.compile("zzz"), re.compile("refund"), 'starts on "c"'),
        (re.compile(r"\brefunds\b", re.I), None, "no entry at all"),
    ],
)
def test_shadowed_by_default(billing: re.Pattern[str], later: re.Pattern[str] | None, cascade_says: str) -> None:
    graph = Graph("g").entry("concierge").entry("billing", match=billing, examples=["refund my order"])
    if later is not None:
        graph.entry("c", match=later)
    message = only(graph, "example-shadowed-by-default").message
    assert_names(message, "refund my order", '"concierge"', '"billing"', cascade_says)
    assert "no `match` and no `when`" in message  # the default's (absent) condition
    assert names_cold_context(message)
    assert_names(message, "continuity: 'turn'", "continuity: 'conversation'")
    assert "declares none, so the cold walk stops there by construction" in message
    # It never invents a predicate for the default, never asks to narrow it, and does
    # not claim two compiled matchers were compared.
    assert "`when` predicate" not in message
    assert 'narrow "concierge"' not in message.lower()
    assert "BOTH compiled matchers" not in message
    assert "declare it last" in message and "condition" in message


# -- never-routes ------------------------------------------------------------------------------------------


def test_never_routes_claimed_by_a_data_rule() -> None:
    graph = Graph("g").entry("billing", match=re.compile("refund|charge", re.I)).never_routes("charge my card twice")
    message = only(graph, "never-routes-claimed").message
    assert_names(message, "charge my card twice", '"billing"', "/refund|charge/i", 'START on "billing"')
    assert names_cold_context(message)
    assert "Narrow its matcher" in message and "drop the row" in message
    assert "no regex intersection was decided" in message


def test_never_routes_claimed_by_a_predicate() -> None:
    graph = Graph("g").entry("vip", when=lambda ctx: "vip" in ctx.user_message).never_routes("vip lounge")
    message = only(graph, "never-routes-claimed").message
    assert_names(message, "vip lounge", '"vip"', "`when` predicate")
    assert names_cold_context(message)
    assert "Narrow its predicate" in message


def test_never_routes_by_default() -> None:
    graph = Graph("g").entry("triage").entry("billing", match=re.compile("refund")).never_routes("what is the weather")
    message = only(graph, "never-routes-by-default").message
    assert_names(message, "what is the weather", '"triage"', "no `match` and no `when`")
    assert_names(message, "continuity: 'turn'", "CONDITIONAL rules only")
    assert names_cold_context(message)
    assert "give it a condition" in message


def test_never_routes_contradicts_example() -> None:
    graph = (
        Graph("g").entry("billing", match=re.compile("refund", re.I), examples=["Refund me"]).never_routes(" refund ME")
    )
    message = only(graph, "never-routes-contradicts-example").message
    assert_names(message, " refund ME", '"billing"', "/refund/i", "contradict", "trimmed and lower-cased")
    # Decided from the declarations alone: the message says no rule ran on any context.
    assert "before any rule runs" in message
    assert "Drop one of them" in message


def test_every_code_is_covered_here() -> None:
    from fuzzroute.engine import problems

    codes = {value for name, value in vars(problems).items() if name.isupper() and isinstance(value, str)}
    assert codes == {
        "example-misses-own-rule",
        "example-unclaimed",
        "example-shadowed-by-earlier",
        "example-shadowed-by-default",
        "never-routes-contradicts-example",
        "never-routes-claimed",
        "never-routes-by-default",
    }
