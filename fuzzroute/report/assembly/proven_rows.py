"""The proven checkup read row by row: one row per declared example and per never-route phrase.

The checkup lists problems, not rows: a declared phrase that passes leaves
no trace in it.  Tools that show one test per declared phrase (a JUnit file,
a pytest item, a diff of two versions) need every row, passing or not, with
the problems that belong to it.  This module rebuilds the rows from the
graph's declarations (a report document's `graph.rules[].examples` and
`graph.never_routes`, or a graph and its checkup) and hands each row its
problems.

How problems find their row: the checkup judges rows in declaration order
(every example of rule 1, then rule 2, ...; then the never-route rows) and
gives each example row at most one `example-misses-own-rule` followed by at
most one other example problem, each naming the rule's id, the phrase and
the rule's location.  Rows are therefore walked in that order, each taking
the problems at the head of the list that carry its rule, phrase and
location, in that shape.  A never-route phrase is unique (declarations
refuse a repeat), so its at most one problem is found by the phrase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import EXAMPLE_MISSES_OWN_RULE, Checkup
from fuzzroute.results.record import to_json
from fuzzroute.results.rows import EXAMPLE, NEVER_ROUTE, NEVER_ROUTES_LABEL, ProvenRow, RowKind

#: The row type lives in the findings model; it is named here too for the readers that build rows.
__all__ = [
    "EXAMPLE", "NEVER_ROUTE", "NEVER_ROUTES_LABEL", "ProvenRow", "RowKind", "rows_from_checkup", "rows_from_document",
]


def rows_from_document(document: dict[str, Any]) -> list[ProvenRow]:
    """Every row of a report document (`graph.rules`, `graph.never_routes`, `proven.problems`)."""
    graph = document["graph"]
    problems = list(document["proven"]["problems"])
    rules = [
        (int(rule["index"]), str(rule["id"]), list(rule.get("examples") or []), rule.get("location"))
        for rule in graph.get("rules") or []
    ]
    return _rows(rules, list(graph.get("never_routes") or []), problems, {})


def rows_from_checkup(graph: Graph, checkup: Checkup | None = None) -> list[ProvenRow]:
    """Every row of `graph` with its problems (the checkup is run when not given) and its claims."""
    found = checkup if checkup is not None else graph.checkup()
    rules = [
        (e.index, e.id, list(e.examples or ()), None if e.location is None else to_json(e.location))
        for e in graph.entries
    ]
    phrases = {p for _i, _id, examples, _l in rules for p in examples} | set(graph.never_route_phrases)
    claims = {phrase: to_json(graph.claims(phrase)) for phrase in sorted(phrases)}
    return _rows(rules, list(graph.never_route_phrases), to_json(list(found.problems)), claims)


def _rows(
    rules: Sequence[tuple[int, str, list[str], dict[str, Any] | None]],
    never_routes: Sequence[str],
    problems: list[dict[str, Any]],
    claims: dict[str, dict[str, Any]],
) -> list[ProvenRow]:
    example_problems = [p for p in problems if not str(p.get("code", "")).startswith("never-routes-")]
    never_problems = [p for p in problems if str(p.get("code", "")).startswith("never-routes-")]
    rows: list[ProvenRow] = []
    position = 0
    for index, rule_id, examples, location in rules:
        seen: dict[str, int] = {}
        for phrase in examples:
            seen[phrase] = seen.get(phrase, 0) + 1
            taken, position = _take(example_problems, position, rule_id, phrase, location)
            known = claims.get(phrase) or _claims_in(taken)
            rows.append(ProvenRow(EXAMPLE, phrase, index, rule_id, seen[phrase], tuple(taken), location, known))
    by_phrase: dict[str, list[dict[str, Any]]] = {}
    for problem in never_problems:
        by_phrase.setdefault(str(problem.get("example")), []).append(problem)
    for phrase in never_routes:
        taken = by_phrase.get(phrase, [])[:1]
        location = taken[0].get("location") if taken else None
        known = claims.get(phrase) or _claims_in(taken)
        rows.append(ProvenRow(NEVER_ROUTE, phrase, None, None, 1, tuple(taken), location, known))
    return rows


def _claims_in(problems: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The claims a report document stores on a row's problems (a passing row has none)."""
    for problem in problems:
        if isinstance(problem.get("claims"), dict):
            return dict(problem["claims"])
    return None


def _take(
    problems: list[dict[str, Any]], position: int, rule_id: str, phrase: str, location: dict[str, Any] | None
) -> tuple[list[dict[str, Any]], int]:
    """The problems of one example row at `position`: an optional misses-own-rule, then one other."""

    def mine(at: int) -> bool:
        if at >= len(problems):
            return False
        p = problems[at]
        same_place = location is None or p.get("location") in (None, location)
        return p.get("skill") == rule_id and p.get("example") == phrase and same_place

    taken: list[dict[str, Any]] = []
    if mine(position) and problems[position].get("code") == EXAMPLE_MISSES_OWN_RULE:
        taken.append(problems[position])
        position += 1
    if mine(position) and problems[position].get("code") != EXAMPLE_MISSES_OWN_RULE:
        taken.append(problems[position])
        position += 1
    return taken, position
