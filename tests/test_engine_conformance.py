"""Every shared conformance case, one test id per case.

A case's graph is loaded with the JSON loader unless an entry carries a Python
`when` (`{"py": "lambda ctx: ..."}`), which JSON cannot hold; those cases are
declared through the Python API instead, with the JSON matcher forms read by
`matcher_from_json`.  See `tests/data/CONFORMANCE.md`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fuzzroute import Checkup, Graph
from fuzzroute.graphfiles.jsonformat import graph_from_json, matcher_from_json

CASES_FILE = Path(__file__).parent / "data" / "conformance_cases.jsonl"
CASES: list[dict[str, Any]] = [json.loads(line) for line in CASES_FILE.read_text("utf-8").splitlines() if line.strip()]


def _has_python_when(case: dict[str, Any]) -> bool:
    return any("when" in entry for entry in case["graph"]["entries"])


def _case_id(position: int) -> str:
    case = CASES[position]
    via = "py" if _has_python_when(case) else "json"
    return f"case{position:02d}-{case['graph'].get('mount', 'rules')}-{via}"


def build_via_python(doc: dict[str, Any]) -> Graph:
    """Declare a case's graph through the Python API (for cases with a Python `when`)."""
    graph = Graph(doc["name"], mount=doc.get("mount", "rules"))
    for entry in doc["entries"]:
        where = f'entry "{entry["id"]}"'
        match = matcher_from_json(entry["match"], where) if "match" in entry else None
        when = eval(entry["when"]["py"]) if "when" in entry else None  # test data we wrote
        graph.entry(entry["id"], match=match, when=when, examples=entry.get("examples"))
    if "never_routes" in doc:
        graph.never_routes(doc["never_routes"])
    return graph


def build(case: dict[str, Any]) -> Graph:
    if _has_python_when(case):
        return build_via_python(case["graph"])
    return graph_from_json(case["graph"], source="conformance case")


def test_every_case_is_loaded() -> None:
    # Guards against a truncated copy silently shrinking the suite.
    assert len(CASES) == 80
    assert sum(_has_python_when(c) for c in CASES) > 0
    assert sum(not _has_python_when(c) for c in CASES) > 0


@pytest.mark.parametrize("position", range(len(CASES)), ids=_case_id)
def test_conformance_case(
    position: int,
    rows: Callable[[Checkup], list[tuple[Any, ...]]],
    notes: Callable[[Checkup], list[str]],
) -> None:
    case = CASES[position]
    graph = build(case)
    expected = case["expected"]

    checkup = graph.checkup()
    want_problems = [
        (p["kind"], p["code"], p["skill"], p["example"], p["from"], p["to"]) for p in expected["checkup"]["problems"]
    ]
    assert rows(checkup) == want_problems
    assert notes(checkup) == expected["checkup"]["notes"]

    assert [c["phrase"] for c in expected["claims"]] == case["phrases"]
    for claim in expected["claims"]:
        phrase = claim["phrase"]
        want = (claim["cold_walk"], claim["cascade"])
        assert graph.claims(phrase).ids() == want, phrase
        cold = graph.laws.under_cold_walk(phrase)
        cascade = graph.laws.under_cascade(phrase)
        assert (None if cold is None else cold.id, None if cascade is None else cascade.id) == want, phrase
