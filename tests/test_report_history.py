"""`--baseline`: what a nightly job needs to see, new, still there, or resolved.

Driven through the CLI on real graphs: a fix between two runs must show up as
resolved, a regression as new, and the HTML must say the JSON's numbers.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main
from fuzzroute.report import schema_errors
from fuzzroute.report.persistence.history import Baseline, compare_with_baseline
from fuzzroute.results.document import ProblemRecord
from fuzzroute.results.record import from_json


def graph_doc(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "nightly", "entries": entries}


SHADOWED = [
    {"id": "orders", "match": {"regex": "\\border\\b", "flags": "i"}},
    {"id": "tracking", "match": {"regex": "where is my (order|package)"}, "examples": ["where is my order"]},
]
FIXED = [SHADOWED[1], SHADOWED[0]]  # the narrow rule first: the shadowing is gone
REGRESSED = [*FIXED, {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refunds please"]}]


def run_report(tmp_path: Path, entries: list[dict[str, Any]], name: str, baseline: str | None = None) -> Any:
    graph = tmp_path / f"{name}.graph.json"
    graph.write_text(json.dumps(graph_doc(entries)))
    args = ["report", str(graph), "-o", str(tmp_path / f"{name}.html"), "--json", str(tmp_path / f"{name}.json"),
            "--budget", "300"]
    if baseline is not None:
        args += ["--baseline", baseline]
    result = CliRunner().invoke(main, args)
    return result, tmp_path / f"{name}.json", tmp_path / f"{name}.html"


class NewBadges(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.new = 0
        self.cells: dict[str, str] = {}
        self._cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-status") == "new":
            self.new += 1
        self._cell = found.get("data-history")

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self.cells[self._cell] = data.strip()
            self._cell = None


def test_a_fix_shows_as_resolved_and_a_regression_as_new(tmp_path: Path) -> None:
    first, first_json, _ = run_report(tmp_path, SHADOWED, "night1")
    assert first.exit_code == 1
    before = json.loads(first_json.read_text())
    assert [p["code"] for p in before["proven"]["problems"]] == ["example-shadowed-by-earlier"]
    assert "history" not in before

    second, second_json, _ = run_report(tmp_path, FIXED, "night2", baseline=str(first_json))
    assert second.exit_code == 0
    after = json.loads(second_json.read_text())
    assert schema_errors(after) == []
    assert after["history"]["proven"] == {
        "new": 0,
        "still": 0,
        "resolved": [{"kind": "error", "code": "example-shadowed-by-earlier", "skill": "tracking",
                      "example": "where is my order", "from": "orders", "to": "tracking"}],
    }
    assert "proven 0 new, 1 resolved" in second.stdout

    third, third_json, third_html = run_report(tmp_path, REGRESSED, "night3", baseline=str(second_json))
    assert third.exit_code == 1
    latest = json.loads(third_json.read_text())
    statuses = [(p["code"], p["status"]) for p in latest["proven"]["problems"]]
    assert statuses == [("example-misses-own-rule", "new"), ("example-unclaimed", "new")]
    assert all(s["status"] in ("new", "still") for s in latest["suggestions"])
    history = latest["history"]
    assert history["suggestions"]["new"] == sum(s["status"] == "new" for s in latest["suggestions"])
    assert history["suggestions"]["still"] == sum(s["status"] == "still" for s in latest["suggestions"])

    page = NewBadges()
    page.feed(third_html.read_text(encoding="utf-8"))
    assert page.new == history["proven"]["new"] + history["suggestions"]["new"]
    assert page.cells["proven-new"] == "2"
    assert page.cells["suggestions-resolved"] == str(len(history["suggestions"]["resolved"]))


def test_duplicates_are_matched_as_a_multiset() -> None:
    problem = {"kind": "error", "code": "example-misses-own-rule", "skill": "a", "example": "q", "from": None,
               "to": None, "message": "m"}
    current = ProblemRecord("error", "example-misses-own-rule", "a", "q", None, None, "m")
    baseline = from_json(Baseline, {"proven": {"problems": [problem, problem]}, "suggestions": [], "run": {"seed": 3}})
    compared = compare_with_baseline([current], [], baseline, "b.json")
    assert compared.problems[0].status == "still"
    assert len(compared.history.proven.resolved) == 1
    assert compared.history.baseline_seed == 3


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (None, "no such baseline"),
        ("{not json", "not valid JSON"),
        ('{"name": "x"}', "not a fuzzroute report document"),
        ('{"schema_version": 99, "proven": {}, "suggestions": []}', "schema_version 99"),
    ],
)
def test_a_bad_baseline_is_bad_input_and_writes_nothing(tmp_path: Path, text: str | None, fact: str) -> None:
    baseline = tmp_path / "old.json"
    if text is not None:
        baseline.write_text(text)
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps(graph_doc(SHADOWED)))
    out = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["report", str(graph), "-o", str(out), "--baseline", str(baseline)])
    assert result.exit_code == 2
    assert fact in result.stderr and "Traceback" not in result.stderr
    assert re.match(r"fuzzroute: error: .*old\.json", result.stderr)
    assert not out.exists()


@pytest.mark.parametrize("version", [1, 2])
def test_a_baseline_older_than_the_previous_version_is_refused_naming_the_versions_read(
    tmp_path: Path, version: int
) -> None:
    # A real previous-version report relabelled: only its version keeps it from being read.
    earlier = json.loads((Path(__file__).resolve().parent / "data" / "baselines" / "support.py.v3.report.json")
                         .read_text(encoding="utf-8"))
    earlier["schema_version"] = version
    baseline = tmp_path / "old.json"
    baseline.write_text(json.dumps(earlier), encoding="utf-8")
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps(graph_doc(SHADOWED)))
    out = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["report", str(graph), "-o", str(out), "--baseline", str(baseline)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"fuzzroute: error: {baseline} has schema_version {version}; ")
    assert "baselines of schema versions 3, 4, 5 and 6" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_a_report_of_the_previous_version_is_still_read_as_a_baseline(tmp_path: Path) -> None:
    # Version 4 changed the overview's fields; the findings a baseline is compared by did not change.
    old = Path(__file__).resolve().parent / "data" / "baselines" / "support.py.v3.report.json"
    assert json.loads(old.read_text(encoding="utf-8"))["schema_version"] == 3
    examples = Path(__file__).resolve().parent.parent / "examples"
    out = tmp_path / "now.json"
    result = CliRunner().invoke(main, [
        "report", str(examples / "support.py"), "-o", str(tmp_path / "now.html"), "--json", str(out),
        "--baseline", str(old), "--budget", "300", "--workers", "1", "--fail-on", "never",
    ])
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["schema_version"] == 6 and document["history"]["baseline"] == str(old)
    # The proven problems are the same phrases: none of them is new against the old report.
    assert all(p["status"] == "still" for p in document["proven"]["problems"])
