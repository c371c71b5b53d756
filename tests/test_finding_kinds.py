"""One catalogue per kind of finding: each covers its `Literal` exactly, and every output reads it.

A new decided kind, suggestion kind or problem code is its `Literal` member
and its catalogue row (`fuzzroute.results.finding_kinds`); these tests fail
until both exist and agree, and no writer may keep a table of kinds of its
own (a writer that names a kind string would be a second place to edit).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import get_args

import pytest

import fuzzroute
from fuzzroute.decided import decisions
from fuzzroute.engine import problems as engine_problems
from fuzzroute.results import finding_kinds as catalogue
from fuzzroute.results import proven_records, schemas, suggestions
from fuzzroute.results.decided_records import DecidedRecord

PACKAGE = Path(fuzzroute.__file__).parent


def test_each_catalogue_covers_its_literal_exactly_in_order() -> None:
    assert tuple(catalogue.DECIDED) == get_args(catalogue.DecidedKind)
    assert tuple(catalogue.SUGGESTIONS) == get_args(catalogue.SuggestionKind)
    assert tuple(catalogue.PROBLEMS) == get_args(catalogue.ProblemCode)
    assert tuple(catalogue.NOTES) == get_args(catalogue.NoteName)


def test_the_records_and_the_tiers_use_the_catalogues_kinds() -> None:
    assert DecidedRecord.__annotations__["kind"] == "DecidedKind"
    assert decisions.DECIDED_KINDS == catalogue.DECIDED_KINDS
    named = {value for name, value in vars(decisions).items() if name.isupper() and isinstance(value, str)
             and (value.startswith("decided-") or value == "undecided")}
    assert named == set(catalogue.DECIDED_KINDS)
    assert list(suggestions.SUGGESTION_KINDS) == list(catalogue.SUGGESTIONS)
    kinds = {value for name, value in vars(suggestions).items()
             if name.isupper() and isinstance(value, str) and value in catalogue.SUGGESTIONS}
    assert kinds == set(catalogue.SUGGESTIONS)
    codes = {value for name, value in vars(proven_records).items() if name.isupper() and isinstance(value, str)
             and (value.startswith("example-") or value.startswith("never-routes-"))}
    assert codes == set(catalogue.PROBLEMS)
    notes = {value.name for value in vars(engine_problems).values() if isinstance(value, engine_problems.Note)}
    assert notes == set(catalogue.NOTES)
    report = json.loads(schemas.shipped()[schemas.SCHEMA_FOLDER / "report.schema.json"])
    assert report["$defs"]["SuggestionRecord"]["properties"]["kind"]["enum"] == list(catalogue.SUGGESTIONS)
    assert sorted(report["$defs"]["DecidedRecord"]["properties"]["kind"]["enum"]) == sorted(catalogue.DECIDED)


def test_the_sarif_rules_are_numbered_once_and_only_findings_are_results() -> None:
    positions = sorted(rule.position for _kind, rule in catalogue.sarif_decided_kinds())
    assert positions == list(range(len(positions)))
    for kind, row in catalogue.DECIDED.items():
        assert (row.sarif is None) == (not row.finding), kind
        assert not (row.broken and not row.finding), kind
    assert tuple(k for k in catalogue.DECIDED_KINDS if catalogue.DECIDED[k].broken) == catalogue.BROKEN_KINDS


def test_a_kind_the_catalogue_does_not_know_is_a_defect_or_a_neutral_row() -> None:
    with pytest.raises(ValueError, match="no decided kind"):
        catalogue.decided_row("decided-unheard-of")
    assert catalogue.suggestion_row("unheard-of") is None
    assert catalogue.problem_row("unheard-of") is None
    assert catalogue.short_note("unheard-of") is None


#: The modules that lay findings out: they read the catalogue and name no kind themselves.
WRITERS = sorted([*PACKAGE.glob("report/render/*.py"), *PACKAGE.glob("integrations/*.py")])
ALL_KINDS = {*catalogue.DECIDED, *catalogue.SUGGESTIONS, *catalogue.PROBLEMS, *catalogue.NOTES}


def kind_strings(source: str) -> list[str]:
    """The string constants of a module's code (docstrings aside) that are a kind of the catalogues."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ALL_KINDS:
            found.append(node.value)
    return found


@pytest.mark.parametrize("path", WRITERS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_writer_keeps_a_table_of_kinds(path: Path) -> None:
    assert kind_strings(path.read_text("utf-8")) == [], f"{path.name}: read the kind's row of its catalogue"


def test_the_writer_scan_sees_a_kind_table() -> None:
    assert kind_strings('TITLES = {"decided-never-wins": "never wins"}\n') == ["decided-never-wins"]
    assert kind_strings('"""Mentions decided-never-wins in prose."""\n') == []
