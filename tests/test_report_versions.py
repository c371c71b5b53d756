"""Documents earlier releases wrote (schema_version 4 and 5) are still read: as `merge` inputs and as baselines.

The files in `tests/data/v4/` were written by the release before the compact
form (seed 1), those in `tests/data/v5/` by the release of the compact form
(messages as positions in `message_templates`, rules by position only; seed
0): each two shards and the whole run of `examples/planted_defects.py`
(budget 300, one worker), from the folder holding that graph.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from fuzzroute.cli import main
from fuzzroute.report import schema_errors
from fuzzroute.report.persistence.upgrade import upgraded
from fuzzroute.results.message_table import full_form

HERE = Path(__file__).resolve().parent
V4 = HERE / "data" / "v4"
V5 = HERE / "data" / "v5"
EXAMPLES = HERE.parent / "examples"


def _v4(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((V4 / name).read_text(encoding="utf-8"))
    assert document["schema_version"] == 4 and "superseded" in document["merge"]
    return document


def test_shards_the_previous_release_wrote_merge_into_the_report_of_the_whole_run(tmp_path: Path) -> None:
    shards = [str(V4 / f"planted.shard{i}-of-2.v4.json") for i in (2, 1)]
    result = CliRunner().invoke(main, ["merge", *shards, "-o", str(tmp_path / "m.html"), "--json",
                                       str(tmp_path / "m.json")])
    whole = upgraded(_v4("planted.whole.v4.json"))
    assert result.exit_code == whole["summary"]["exit_status"], result.output
    written = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert written["schema_version"] == 6 and "superseded" not in written["merge"]
    assert schema_errors(written) == []
    merged = full_form(written)  # version 6 writes each message as its text, as version 4 did
    for key in ("suggestions", "decided", "summary", "rules", "steals", "overview"):
        assert merged[key] == whole[key], key
    assert merged["merge"]["withheld"] == whole["merge"]["withheld"]
    assert merged["decision"]["superseded"] == whole["decision"]["superseded"] != []
    assert merged["decision"]["pairs"] == whole["decision"]["pairs"]


def test_a_previous_release_shard_that_was_edited_is_refused_by_its_own_schema(tmp_path: Path) -> None:
    shard = _v4("planted.shard1-of-2.v4.json")
    shard["merge"]["superseded"] = [{"kind": "rules-overlap"}]
    (tmp_path / "edited.json").write_text(json.dumps(shard), encoding="utf-8")
    result = CliRunner().invoke(main, ["merge", str(tmp_path / "edited.json"),
                                       str(V4 / "planted.shard2-of-2.v4.json"), "-o", str(tmp_path / "m.html")])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"fuzzroute: error: {tmp_path / 'edited.json'}: the report does not match ")
    assert "$.merge.superseded[0]" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "m.html").exists()


def test_a_report_the_previous_release_wrote_is_read_as_a_baseline(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "planted_defects.py", tmp_path / "planted_defects.py")
    result = CliRunner().invoke(main, [
        "report", str(tmp_path / "planted_defects.py"), "-o", str(tmp_path / "now.html"), "--json",
        str(tmp_path / "now.json"), "--baseline", str(V4 / "planted.whole.v4.json"), "--budget", "300",
        "--seed", "1", "--workers", "1", "--fail-on", "never",
    ])
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "now.json").read_text(encoding="utf-8"))
    assert document["schema_version"] == 6 and schema_errors(document) == []
    history = document["history"]
    assert history["baseline"] == str(V4 / "planted.whole.v4.json")
    assert all(p["status"] == "still" for p in document["proven"]["problems"])
    assert history["proven"]["new"] == 0 and history["proven"]["resolved"] == []


def _v5(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((V5 / name).read_text(encoding="utf-8"))
    assert document["schema_version"] == 5 and "message_templates" in document
    return document


def test_a_version_5_document_is_upgraded_in_full_with_its_rules_named() -> None:
    whole = upgraded(_v5("planted.whole.v5.json"))
    assert whole["schema_version"] == 6 and "message_templates" not in whole and schema_errors(whole) == []
    rules = whole["graph"]["rules"]
    assert whole["decision"]["pairs"] and all(
        p["from"] == rules[p["from_index"]]["id"] and p["to"] == rules[p["to_index"]]["id"]
        for p in whole["decision"]["pairs"])
    assert all(isinstance(s["message"], str) and s["rule"] == rules[s["rule_index"]]["id"]
               for s in whole["suggestions"] if s["rule_index"] is not None)


def test_a_report_of_version_5_is_read_as_a_baseline_and_an_edited_one_refused(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "planted_defects.py", tmp_path / "planted_defects.py")
    run = ["report", str(tmp_path / "planted_defects.py"), "-o", str(tmp_path / "now.html"), "--json",
           str(tmp_path / "now.json"), "--budget", "300", "--seed", "0", "--workers", "1", "--fail-on", "never"]
    result = CliRunner().invoke(main, [*run, "--baseline", str(V5 / "planted.whole.v5.json")])
    assert result.exit_code == 0, result.output
    history = json.loads((tmp_path / "now.json").read_text(encoding="utf-8"))["history"]
    assert history["proven"]["new"] == 0 and history["proven"]["resolved"] == []  # (suggestions changed kind)
    edited = _v5("planted.whole.v5.json")
    edited["suggestions"][0]["message"] = len(edited["message_templates"])  # valid by its schema, one too far
    (tmp_path / "edited.json").write_text(json.dumps(edited), encoding="utf-8")
    result = CliRunner().invoke(main, [*run, "--baseline", str(tmp_path / "edited.json")])
    assert result.exit_code == 2 and "do not fit" in result.stderr and result.stderr.count("\n") == 1


def test_a_shard_whose_rule_positions_were_edited_is_refused_in_one_paragraph(tmp_path: Path) -> None:
    shard = _v5("planted.shard1-of-2.v5.json")
    shard["suggestions"][0]["rule_index"] = 999  # valid by the schema, a rule the graph does not have
    (tmp_path / "s1.json").write_text(json.dumps(shard), encoding="utf-8")
    result = CliRunner().invoke(main, ["merge", str(tmp_path / "s1.json"), str(V5 / "planted.shard2-of-2.v5.json"),
                                       "-o", str(tmp_path / "m.html")])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"fuzzroute: error: {tmp_path / 's1.json'} is not a report this fuzzroute "
                                    "wrote: its rule positions or message templates do not fit its findings")
    assert "unedited" in result.stderr and "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "m.html").exists()


V5 = HERE / "data" / "v5"


def test_shards_and_a_baseline_of_version_5_still_read(tmp_path: Path) -> None:
    """Version 5 documents (the release before near misses had kinds; `tests/data/v5`: planted_defects.py,
    seed 0, budget 300, one worker) merge, and serve as a baseline, in this version's form."""
    whole: dict[str, Any] = json.loads((V5 / "planted.whole.v5.json").read_text(encoding="utf-8"))
    assert whole["schema_version"] == 5
    shards = [str(V5 / f"planted.shard{i}-of-2.v5.json") for i in (1, 2)]
    merged = CliRunner().invoke(main, ["merge", *shards, "-o", str(tmp_path / "m.html"), "--json",
                                       str(tmp_path / "m.json")])
    assert merged.exit_code == whole["summary"]["exit_status"], merged.output
    written = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert written["schema_version"] == 6 and schema_errors(written) == []
    upgraded_whole = upgraded(full_form(whole))
    for mine, theirs in zip(full_form(written)["suggestions"], upgraded_whole["suggestions"], strict=True):
        assert {k: v for k, v in mine.items() if v != theirs.get(k)} == {}, theirs
    shutil.copy(EXAMPLES / "planted_defects.py", tmp_path / "planted_defects.py")
    result = CliRunner().invoke(main, [
        "report", str(tmp_path / "planted_defects.py"), "-o", str(tmp_path / "now.html"), "--json",
        str(tmp_path / "now.json"), "--baseline", str(V5 / "planted.whole.v5.json"), "--budget", "300",
        "--workers", "1", "--fail-on", "never",
    ])
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "now.json").read_text(encoding="utf-8"))
    assert document["history"]["proven"]["new"] == 0 and document["history"]["proven"]["resolved"] == []
