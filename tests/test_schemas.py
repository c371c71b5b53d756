"""The shipped JSON Schema is generated from the findings records, and a stale copy fails here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import msgspec
import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.results import schemas
from fuzzroute.results.document import Report
from fuzzroute.results.jsonform import compact_text
from fuzzroute.results.ledger_records import Ledger
from fuzzroute.results.record import OMIT, ShapeError, from_json, to_json


@pytest.mark.parametrize("path", sorted(schemas.shipped()), ids=lambda p: p.name)
def test_the_shipped_schema_is_what_the_records_generate(path: Path) -> None:
    assert path.read_text("utf-8") == schemas.shipped()[path], (
        f"{path.name} is stale: run `python -m fuzzroute.results.schemas` and commit the result"
    )


def test_the_check_command_names_a_stale_file_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schemas, "SCHEMA_FOLDER", tmp_path)
    assert schemas.main(["--check"]) == 1  # nothing written yet: every file is stale
    assert schemas.main([]) == 0
    assert schemas.main(["--check"]) == 0
    written = tmp_path / "report.schema.json"
    written.write_text(written.read_text("utf-8").replace('"minimum": 1', '"minimum": 0', 1), "utf-8")
    assert schemas.main(["--check"]) == 1


def test_the_module_entry_point_checks_the_shipped_files() -> None:
    done = subprocess.run([sys.executable, "-m", "fuzzroute.results.schemas", "--check"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_every_key_a_record_always_writes_is_required_and_no_other_key_is_allowed() -> None:
    schema = json.loads(schemas.text_of(schemas.schema_of(Report, schemas.REPORT_HEAD)))
    run = schema["$defs"]["RunFacts"]
    assert "seed" in run["required"] and "run_id" not in run["required"] and "run_id" in run["properties"]
    assert all(definition["additionalProperties"] is False for definition in schema["$defs"].values()
               if definition.get("type") == "object" and "properties" in definition)
    assert schema["additionalProperties"] is False and "history" not in schema["required"]
    problem = schema["$defs"]["Problem"]
    assert problem["properties"]["kind"] == {"enum": ["error", "warning"]}
    assert "from" in problem["required"] and "from_" not in problem["properties"]


def test_a_document_of_the_wrong_shape_is_refused_with_its_path() -> None:
    with pytest.raises(ShapeError, match=r"^\$\.schema_version: "):
        from_json(Report, {"schema_version": "4"})
    with pytest.raises(ShapeError, match="missing required field `generated_at`"):
        from_json(Report, {"schema_version": 6})
    assert isinstance(msgspec.json.schema(Report), dict)


def test_a_ledger_a_db_run_writes_reads_as_the_model_and_writes_back_to_the_same_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    graph = Path(__file__).resolve().parent.parent / "examples" / "banking.json"
    for _run in range(2):  # the second run replays the first run's ledger and writes it again
        code, _out, err = code_out_err(invoke("report", str(graph), "-o", "r.html", "--db", "db", "--budget", "60"))
        assert code == 1, err  # banking's two rules that never win
    (written,) = (tmp_path / "db" / "witnesses").iterdir()
    text = written.read_text("utf-8")
    ledger = from_json(Ledger, json.loads(text))
    assert ledger.suggestions and all(s.status is OMIT and s.memory is OMIT for s in ledger.suggestions)
    assert compact_text(to_json(ledger)) == text
    with pytest.raises(ShapeError, match=r"^\$\.version: "):
        from_json(Ledger, {**json.loads(text), "version": 1})


ROOT = Path(__file__).resolve().parent.parent
#: Graphs whose `check --format json` shows each part of the document: decided items with ReDoS and accepted
#: overlaps, phrases not checked (a TypeScript `when`), a graph with nothing decided.
CHECKED = [ROOT / "examples" / name for name in ("support.py", "banking.json", "planted_defects.py", "support.ts",
                                                 "nightly_shop.json")]


@pytest.fixture(scope="module")
def check_schema_validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((schemas.SCHEMA_FOLDER / "check.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("args", [[str(CHECKED[1])], [str(g) for g in CHECKED], ["--no-decide", str(CHECKED[0])]],
                         ids=["one", "several", "no-decide"])
def test_check_json_is_what_the_shipped_check_schema_describes(
    args: list[str], check_schema_validator: jsonschema.Draft202012Validator,
) -> None:
    code, out, err = code_out_err(invoke("check", "--format", "json", *args))
    assert code in (0, 1), err
    document = json.loads(out)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in check_schema_validator.iter_errors(document)]
    assert errors == []
    one = document if isinstance(document, dict) else document[0]
    assert set(one) >= {"problems", "notes"}
    assert ("decided" in one) == ("--no-decide" not in args)


def test_the_check_schema_refuses_a_document_of_another_shape(
    check_schema_validator: jsonschema.Draft202012Validator,
) -> None:
    code, out, _err = code_out_err(invoke("check", "--format", "json", str(CHECKED[1])))
    document = json.loads(out)
    assert check_schema_validator.is_valid(document)
    assert not check_schema_validator.is_valid({**document, "surprise": 1})
    wrong = {**document, "decided": [{**document["decided"][0], "fails": "yes"}]}
    assert not check_schema_validator.is_valid(wrong)
    assert not check_schema_validator.is_valid([document])  # a list names two graphs or more
