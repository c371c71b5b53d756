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
from fuzzroute.results.claims import Claims
from fuzzroute.results.proven_records import Location, Problem
from fuzzroute.results.record import Omitted, from_json
from fuzzroute.results.rows import EXAMPLE, NEVER_ROUTE, NEVER_ROUTES_LABEL, ProvenRow, RowKind

#: The row type lives in the findings model; it is named here too for the readers that build rows.
__all__ = [
    "EXAMPLE", "NEVER_ROUTE", "NEVER_ROUTES_LABEL", "ProvenRow", "RowKind", "rows_from_checkup", "rows_from_document",
]

#: A rule as the rows need it: its position, id, declared examples and location.
DeclaredRule = tuple[int, str, list[str], Location | None]


def rows_from_document(document: dict[str, Any]) -> list[ProvenRow]:
    """Every row of a report document in its JSON form (`graph.rules`, `graph.never_routes`, `proven.problems`).

    The problems and locations are read (and checked) into the model's records here, once.
    """
    graph = document["graph"]
    problems = [from_json(Problem, p) for p in document["proven"]["problems"]]
    rules: list[DeclaredRule] = [
        (
            int(rule["index"]), str(rule["id"]), list(rule.get("examples") or []),
            None if rule.get("location") is None else from_json(Location, rule["location"]),
        )
        for rule in graph.get("rules") or []
    ]
    return _rows(rules, list(graph.get("never_routes") or []), problems, {})


def rows_from_checkup(graph: Graph, checkup: Checkup | None = None) -> list[ProvenRow]:
    """Every row of `graph` with its problems (the checkup is run when not given) and its claims."""
    found = checkup if checkup is not None else graph.checkup()
    rules: list[DeclaredRule] = [(e.index, e.id, list(e.examples or ()), e.location) for e in graph.entries]
    phrases = {p for _i, _id, examples, _l in rules for p in examples} | set(graph.never_route_phrases)
    claims = {phrase: graph.claims(phrase) for phrase in sorted(phrases)}
    return _rows(rules, list(graph.never_route_phrases), list(found.problems), claims)


def _rows(
    rules: Sequence[DeclaredRule],
    never_routes: Sequence[str],
    problems: list[Problem],
    claims: dict[str, Claims],
) -> list[ProvenRow]:
    example_problems = [p for p in problems if not p.code.startswith("never-routes-")]
    never_problems = [p for p in problems if p.code.startswith("never-routes-")]
    rows: list[ProvenRow] = []
    position = 0
    for index, rule_id, examples, location in rules:
        seen: dict[str, int] = {}
        for phrase in examples:
            seen[phrase] = seen.get(phrase, 0) + 1
            taken, position = _take(example_problems, position, rule_id, phrase, location)
            known = claims.get(phrase) or _claims_in(taken)
            rows.append(ProvenRow(EXAMPLE, phrase, index, rule_id, seen[phrase], tuple(taken), location, known))
    by_phrase: dict[str, list[Problem]] = {}
    for problem in never_problems:
        by_phrase.setdefault(str(problem.example), []).append(problem)
    for phrase in never_routes:
        taken = by_phrase.get(phrase, [])[:1]
        where = taken[0].location if taken else None
        known = claims.get(phrase) or _claims_in(taken)
        rows.append(ProvenRow(NEVER_ROUTE, phrase, None, None, 1, tuple(taken), where, known))
    return rows


def _claims_in(problems: Sequence[Problem]) -> Claims | None:
    """The claims a report document stores on a row's problems (a passing row has none)."""
    for problem in problems:
        if problem.claims is not None and not isinstance(problem.claims, Omitted):
            return problem.claims
    return None


def _take(
    problems: list[Problem], position: int, rule_id: str, phrase: str, location: Location | None
) -> tuple[list[Problem], int]:
    """The problems of one example row at `position`: an optional misses-own-rule, then one other."""

    def mine(at: int) -> bool:
        if at >= len(problems):
            return False
        p = problems[at]
        same_place = location is None or p.location is None or p.location == location
        return p.skill == rule_id and p.example == phrase and same_place

    taken: list[Problem] = []
    if mine(position) and problems[position].code == EXAMPLE_MISSES_OWN_RULE:
        taken.append(problems[position])
        position += 1
    if mine(position) and problems[position].code != EXAMPLE_MISSES_OWN_RULE:
        taken.append(problems[position])
        position += 1
    return taken, position
