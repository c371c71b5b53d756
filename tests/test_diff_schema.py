"""The diff document's JSON Schema: generated from the model, shipped fresh, and what `diff --json` writes.

`fuzzroute/schema/diff.schema.json` is derived from `DiffDocument` (see
`fuzzroute.diff.document_schema`); a model change without a regenerated
file fails here, and every document the command writes must validate.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
from helpers.cli import invoke
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.diff import DiffDocument, diff_graphs, diff_json_text
from fuzzroute.diff.document_schema import SCHEMA_FILE, diff_schema_text

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden" / "diff"
SHIPPED = resources.files("fuzzroute").joinpath("schema/diff.schema.json")
SCHEMA_VALIDATOR = jsonschema.Draft202012Validator(json.loads(SHIPPED.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(SCHEMA_VALIDATOR.schema)
    return SCHEMA_VALIDATOR


def test_the_shipped_schema_is_the_one_the_model_generates() -> None:
    assert SCHEMA_FILE == ROOT / "fuzzroute" / "schema" / "diff.schema.json"
    assert SHIPPED.read_text(encoding="utf-8") == diff_schema_text(), (
        "fuzzroute/schema/diff.schema.json is stale: run `python -m fuzzroute.diff.document_schema`"
    )


def test_the_schema_names_every_key_the_document_writes(validator: jsonschema.Draft202012Validator) -> None:
    schema = validator.schema
    document = json.loads((GOLDEN / "helpdesk.diff.json").read_text("utf-8"))
    assert list(schema["properties"]) == list(document) == schema["required"]
    move = schema["$defs"]["Move"]["properties"]
    assert list(move) == list(document["moves"][0])
    assert move["extent"]["enum"] == ["partial", "total", "undecided"]
    assert list(schema["$defs"]["SampledMove"]["properties"]) == list(document["sampled"]["moves"][0])


def test_what_diff_json_writes_validates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, validator: jsonschema.Draft202012Validator
) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "diff.json"
    result = invoke("diff", "tests/data/diff/base.py", "tests/data/diff/head.py", "--json", out, "-q")
    assert result.exit_code == 1, result.output
    document = json.loads(out.read_text("utf-8"))
    assert document["sampled"]["moves"] and document["starts"] and document["proven"]
    assert list(validator.iter_errors(document)) == []


@pytest.mark.parametrize("name", ["support", "mounts", "helpdesk"])
def test_every_pinned_document_validates(name: str, validator: jsonschema.Draft202012Validator) -> None:
    document = json.loads((GOLDEN / f"{name}.diff.json").read_text("utf-8"))
    assert list(validator.iter_errors(document)) == []


def _broken(document: dict[str, Any], how: str) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    if how == "extent":
        broken["moves"][0]["extent"] = "sideways"
    elif how == "law":
        broken["starts"][0]["law"] = "first-match"
    elif how == "tier":
        broken["sampled"]["moves"][0]["tier"] = "decided"
    elif how == "missing":
        del broken["proven"][0]["new_errors"]
    elif how == "claims":
        broken["moves"][0]["claims"]["base"]["cold_walk"] = {"index": "1", "id": "x", "unconditional": False}
    return broken


@pytest.mark.parametrize("how", ["extent", "law", "tier", "missing", "claims"])
def test_a_document_with_a_wrong_field_does_not_validate(how: str, validator: jsonschema.Draft202012Validator) -> None:
    document = json.loads((GOLDEN / "helpdesk.diff.json").read_text("utf-8"))
    assert list(validator.iter_errors(_broken(document, how))) != []


WORDS = ["order", "refund", "help", "order status", "refund order", "hi"]


def _has_refund(ctx: object) -> bool:
    """A pure `when` the automata cannot read, so pairs stay undecided and get sampled."""
    return "refund" in str(getattr(ctx, "user_message", ""))


@st.composite
def graph_pairs(draw: st.DrawFn) -> tuple[Graph, Graph]:
    """Two versions of a small graph: keyword rules with declared examples, maybe a `when` rule, reordered."""
    rules = []
    for n in range(draw(st.integers(1, 4))):
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=2, unique=True))
        examples = draw(st.lists(st.sampled_from(WORDS), max_size=2, unique=True))
        rules.append((f"r{n}", tuple(words), examples))
    with_when = draw(st.booleans())
    order = draw(st.permutations(range(len(rules))))
    dropped = draw(st.integers(-1, len(rules) - 1))

    def build(indexes: list[int]) -> Graph:
        graph = Graph("g")
        if with_when:
            graph.entry("refunds", when=_has_refund, examples=["refund please"])
        for i in indexes:
            rule_id, words, examples = rules[i]
            graph.entry(rule_id, match=keywords(*words), examples=examples or None)
        return graph

    return build(list(range(len(rules)))), build([i for i in order if i != dropped] or [0])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph_pairs(), st.sampled_from(["proven", "moved", "never"]))
def test_every_diff_document_validates_adds_up_and_reads_back_as_its_model(
    pair: tuple[Graph, Graph], fail_on: str
) -> None:
    diff = diff_graphs(*pair, budget=40, fail_on=fail_on)
    data = json.loads(diff_json_text(diff))
    assert list(SCHEMA_VALIDATOR.iter_errors(data)) == []
    assert msgspec.convert(data, DiffDocument) == diff.document  # nothing written that the model does not hold
    summary = data["summary"]
    assert summary["moved_pairs"] == len(data["moves"]) == sum(summary["moved_pairs_by_law"].values())
    assert summary["sampled_pairs"] == len(data["sampled"]["moves"])
    assert summary["proven_new_errors"] == sum(len(p["new_errors"]) for p in data["proven"])
    failing = summary["proven_new_errors"] > 0 or (fail_on == "moved" and (
        data["moves"] or any(p["moved_under"] for p in data["proven"])
    ))
    assert summary["exit_status"] == (1 if failing and fail_on != "never" else 0)
