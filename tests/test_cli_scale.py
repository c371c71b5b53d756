"""`report --workers N`, `report --shard I/N` and `fuzzroute merge`, driven as a user would.

For a phrase budget and a seed the report is the same for any number of
worker processes, and N shard reports merged give the report of one run of
the whole budget, except for the documented timing fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.examples import assert_exit_agrees, default_exit_code

from fuzzroute.cli import main
from fuzzroute.report.assembly.merge import TIMING_FIELDS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SUPPORT = str(EXAMPLES / "support.py")
PLANTED = str(EXAMPLES / "planted_defects.py:graph")


def _report(tmp_path: Path, name: str, *options: str, graph: str = SUPPORT) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    result = CliRunner().invoke(
        main, ["report", graph, "-o", str(tmp_path / f"{name}.html"), "--json", str(out), *options]
    )
    assert result.exit_code == default_exit_code(graph), result.output
    document: dict[str, Any] = json.loads(out.read_text())
    assert_exit_agrees(result.exit_code, document)
    return document


def _findings(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what measures time (documented as varying from run to run)."""
    data: dict[str, Any] = json.loads(json.dumps(document))
    data.pop("generated_at")
    for field in TIMING_FIELDS:
        data["run"].pop(field)
    return data


@pytest.mark.parametrize("graph", [SUPPORT, PLANTED])
def test_one_worker_and_three_workers_write_the_same_report(tmp_path: Path, graph: str) -> None:
    one = _report(tmp_path, "one", "--budget", "600", "--seed", "3", "--workers", "1", graph=graph)
    three = _report(tmp_path, "three", "--budget", "600", "--seed", "3", "--workers", "3", graph=graph)
    assert one["run"]["workers"]["processes"] == 1
    assert three["run"]["workers"]["processes"] == 3
    assert sum(three["run"]["workers"]["judged_per_worker"]) == three["run"]["phrases_judged"]
    assert one["suggestions"], "the comparison is between two runs that found something"
    assert _findings(one) == _findings(three)


def test_three_merged_shards_equal_one_run(tmp_path: Path) -> None:
    whole = _report(tmp_path, "whole", "--budget", "900", "--seed", "1", "--workers", "2", graph=PLANTED)
    shards = [
        _report(tmp_path, f"s{i}", "--budget", "900", "--seed", "1", "--shard", f"{i}/3", "--workers", "1",
                graph=PLANTED)
        for i in (1, 2, 3)
    ]
    assert [s["run"]["shard"] for s in shards] == [{"index": i, "count": 3} for i in (1, 2, 3)]
    assert all(s["suggestions"] != whole["suggestions"] for s in shards)  # each shard alone sees less
    # Merge in a shuffled order: the merged report does not depend on it.
    paths = [str(tmp_path / f"s{i}.json") for i in (3, 1, 2)]
    result = CliRunner().invoke(main, ["merge", *paths, "-o", str(tmp_path / "m.html"), "--json",
                                       str(tmp_path / "m.json")])
    assert result.exit_code == whole["summary"]["exit_status"], result.output
    assert "speed:" in result.output
    merged = json.loads((tmp_path / "m.json").read_text())
    assert (tmp_path / "m.html").read_text().startswith("<!DOCTYPE html>")
    assert _findings(merged) == _findings(whole)
    assert len(merged["run"]["workers"]["shards"]) == 3


def test_merge_refuses_reports_of_other_runs(tmp_path: Path) -> None:
    base = ("--budget", "200", "--workers", "1")
    first = _report(tmp_path, "a1", *base, "--shard", "1/2")
    assert first["run"]["shard"] == {"index": 1, "count": 2}
    _report(tmp_path, "a2", *base, "--shard", "2/2")
    _report(tmp_path, "seed", *base, "--shard", "2/2", "--seed", "9")
    _report(tmp_path, "budget", "--budget", "300", "--workers", "1", "--shard", "2/2")
    _report(tmp_path, "graph", *base, "--shard", "2/2", graph=PLANTED)
    _report(tmp_path, "three", *base, "--shard", "2/3")
    _report(tmp_path, "whole", *base)
    versioned = json.loads((tmp_path / "a2.json").read_text())
    versioned["tool"]["versions"]["fuzzroute"] = "0.0.1"
    (tmp_path / "version.json").write_text(json.dumps(versioned))
    (tmp_path / "broken.json").write_text("{")

    cases = {
        "seed": "different seeds",
        "budget": "different budgets",
        "graph": "different graphs",
        "version": "different fuzzroute versions",
        "three": "different splits",
        "whole": "not a shard report",
        "a1": "given twice",
        "broken": "not valid JSON",
        "missing": "no such report",
    }
    for name, expected in cases.items():
        html = tmp_path / f"merged-{name}.html"
        result = CliRunner().invoke(
            main, ["merge", str(tmp_path / "a1.json"), str(tmp_path / f"{name}.json"), "-o", str(html)]
        )
        assert result.exit_code == 2, (name, result.output)
        assert expected in result.output, (name, result.output)
        assert "Traceback" not in result.output
        assert not html.exists()

    # An unwritable target is bad input too, and neither file is written.
    (tmp_path / "afile").write_text("")
    blocked = tmp_path / "afile" / "merged.html"
    json_out = tmp_path / "merged-blocked.json"
    result = CliRunner().invoke(
        main,
        ["merge", str(tmp_path / "a1.json"), str(tmp_path / "a2.json"), "-o", str(blocked), "--json", str(json_out)],
    )
    assert result.exit_code == 2 and "cannot write the merged report" in result.output, result.output
    assert "Traceback" not in result.output and not json_out.exists()
    alone = CliRunner().invoke(main, ["merge", str(tmp_path / "a1.json"), "-o", str(tmp_path / "x.html")])
    assert alone.exit_code == 2 and "shard 2/2 is missing" in alone.output


@pytest.mark.parametrize("spec", ["0/3", "4/3", "2", "a/b", "1/0"])
def test_a_bad_shard_is_bad_input(tmp_path: Path, spec: str) -> None:
    result = CliRunner().invoke(main, ["report", SUPPORT, "-o", str(tmp_path / "r.html"), "--shard", spec])
    assert result.exit_code == 2
    assert "--shard" in result.output and "I/N" in result.output
    assert not (tmp_path / "r.html").exists()
