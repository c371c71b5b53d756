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
import pytest
from helpers.cli import invoke

from fuzzroute.diff.document_schema import SCHEMA_FILE, diff_schema_text

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden" / "diff"
SHIPPED = resources.files("fuzzroute").joinpath("schema/diff.schema.json")


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SHIPPED.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


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
