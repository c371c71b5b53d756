"""The report over the real generation engine, on the bundled example graphs.

The other report tests build explorations by hand; these hold the engine's
output to the same contract: schema-valid documents, figures that add up, and
claimants that `Graph.claims` reproduces.  Budgets are small to keep the
suite fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report import read_report, render_html, schema_errors, write_report, written_document
from fuzzroute.report.assembly.fail_on_findings import decided_fails
from fuzzroute.results.message_table import full_form

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SPECS = ["support.py", "mounts/rules.json", "mounts/classifier.json", "mounts/scorer.json", "mounts/read.json",
         "keyword_boundaries.json", "defaults.py:default_first", "defaults.py:raising_when"]



def available(spec: str) -> str:
    path = EXAMPLES / spec.split(":")[0]
    assert path.is_file(), f"bundled example {spec} is not in examples/ (renamed? update SPECS)"
    return str(EXAMPLES / spec)


@pytest.mark.parametrize("spec", SPECS)
def test_engine_output_makes_a_valid_consistent_report(spec: str, tmp_path: Path) -> None:
    loaded = load_graph(available(spec))
    result = write_report(loaded.graph, html_path=tmp_path / "r.html", json_path=tmp_path / "r.json",
                          budget_phrases=150, source_path=spec, graph_format=loaded.format)
    document: dict[str, Any] = json.loads((tmp_path / "r.json").read_text())
    assert schema_errors(document) == []
    assert (tmp_path / "r.html").read_text() == render_html(result.report)
    assert document == result.document == written_document(result.report)
    assert read_report(document) == result.report  # the file reads back as the very report the writers saw
    document = full_form(document)
    # The default policy, decided: a proven error or a decided finding to act on fails the run.
    assert document["summary"]["fail_on"] == "decided"
    acted_on = [d for d in result.report.decided if decided_fails(d)]
    assert result.exit_status == (1 if loaded.graph.checkup().errors or acted_on else 0)
    # Every phrase judged was generated (a declared example judged to gate its mutations counts as one).
    assert document["run"]["phrases_judged"] <= document["run"]["phrases_generated"]
    cells = document["steals"]["cells"]
    for rule in result.report.rules:  # each written as one array (see `test_report_document`)
        j = rule.index
        assert sum(n for _i, source, n in cells if source == j) == rule.accepted
        assert sum(n for i, source, n in cells if i == source == j) == rule.won
    for suggestion in document["suggestions"]:
        for w in suggestion["witnesses"]:
            if w.get("context") is None:
                assert loaded.graph.claims(w["phrase"]).ids() == (w["cold_walk"], w["cascade"])
        if suggestion["paste_mode"] == "examples":
            assert suggestion["paste_json" if loaded.format == "json" else "paste"]


def test_same_seed_same_report(tmp_path: Path) -> None:
    loaded = load_graph(available("support.py"))
    documents = []
    for run in range(2):
        result = write_report(loaded.graph, html_path=tmp_path / f"{run}.html", budget_phrases=150, seed=5)
        doc = dict(result.document)
        for volatile in ("generated_at", "run"):
            doc.pop(volatile)
        documents.append(doc)
    assert documents[0] == documents[1]


def test_no_more_phrases_are_judged_than_generated_on_the_reference_demo(tmp_path: Path) -> None:
    """The reference's start-rule demo once reported 1522 generated, 1525 judged (declared examples uncounted)."""
    demo = Path(__file__).parent / "data" / "real" / "18-start-rule-examples-L61.json"
    run = write_report(load_graph(str(demo)).graph, html_path=tmp_path / "r.html", budget_phrases=2000,
                       decide=False).document["run"]
    assert 0 < run["phrases_judged"] <= run["phrases_generated"]
    assert run["phrases_judged"] >= 1
