"""Knowingly accepted overlaps: their findings move to `accepted`, a fix leaves the acceptance stale, proofs stay."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from fuzzroute import DeclarationError, Graph, keywords
from fuzzroute.cli import main
from fuzzroute.report import build_report, schema_errors
from fuzzroute.report.assembly.pipeline import empty_exploration, run_decisions
from fuzzroute.results.message_table import full_form

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8"))


def banking(tmp_path: Path) -> Path:
    graph = tmp_path / "banking.json"
    shutil.copy(EXAMPLES / "banking.json", graph)
    return graph


def report(graph: Path, tmp_path: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["report", str(graph), "--budget", "600", "-q", "-o", str(tmp_path / "r.html"),
                                       "--json", str(out), "--fail-on", "proven", *extra])
    assert result.exit_code == 0, result.output  # no graph here has a proven error; overlaps are decided
    document: dict[str, Any] = json.loads(out.read_text("utf-8"))
    assert schema_errors(document) == []
    return full_form(document)


def pair_findings(document: dict[str, Any], earlier: str, later: str) -> list[str]:
    """Every listed finding (decided or sampled) in which `earlier` takes phrases of `later`."""
    found = [s["kind"] for s in document["suggestions"] if (s["from"], s["to"]) == (earlier, later)]
    found += [d["kind"] for d in document["decided"]
              if (d["other_rule"], d["rule"]) == (earlier, later)
              or (d["rule"] == later and earlier in {r["rule"] for r in d["containing_rules"]})]
    return found


def test_an_accepted_overlap_moves_every_finding_of_the_pair_to_accepted(tmp_path: Path) -> None:
    graph = banking(tmp_path)
    before = report(graph, tmp_path)
    assert pair_findings(before, "cards", "credit-line")  # the card rule's `credit` takes "credit line"
    proven = before["proven"]
    done = CliRunner().invoke(main, ["accept", str(graph), "cards", "credit-line", "--reason", "cards own credit"])
    assert done.exit_code == 0, done.output
    after = report(graph, tmp_path)
    assert pair_findings(after, "cards", "credit-line") == []
    accepted = after["accepted"]["findings"]
    assert {a["kind"] for a in accepted} >= {"generated-shadowed-by-earlier", "decided-never-wins"}
    assert all((a["earlier"], a["later"], a["reason"]) == ("cards", "credit-line", "cards own credit")
               for a in accepted)
    assert after["accepted"]["stale"] == []
    assert after["proven"] == proven  # the proven tier never changes
    # Other pairs are still reported: the lost-card rule still never wins.
    assert pair_findings(after, "cards", "lost-card")


def test_removing_the_overlap_makes_the_acceptance_stale(tmp_path: Path) -> None:
    graph = banking(tmp_path)
    CliRunner().invoke(main, ["accept", str(graph), "cards", "credit-line", "--reason", "cards own credit"])
    document = json.loads(graph.read_text("utf-8"))
    document["entries"][1]["match"]["keywords"] = ["card", "debit"]  # `credit` no longer a card keyword
    graph.write_text(json.dumps(document, indent=2), encoding="utf-8")
    after = report(graph, tmp_path)
    (stale,) = after["accepted"]["stale"]
    assert (stale["earlier"], stale["later"]) == ("cards", "credit-line")
    assert "fixed" in stale["why"] and after["accepted"]["findings"] == []
    terminal = CliRunner().invoke(main, ["report", str(graph), "--budget", "300", "-o", str(tmp_path / "t.html")])
    assert re.search(r"accepted: .*1 stale acceptance \(cards over credit-line\)", terminal.output)


def test_a_rule_renamed_away_leaves_the_acceptance_stale_naming_it(tmp_path: Path) -> None:
    graph = banking(tmp_path)
    CliRunner().invoke(main, ["accept", str(graph), "cards", "credit-line", "--reason", "r"])
    text = graph.read_text("utf-8").replace('"id": "credit-line"', '"id": "credit-limit"')
    graph.write_text(text, encoding="utf-8")
    (stale,) = report(graph, tmp_path)["accepted"]["stale"]
    assert "no rule is named 'credit-line'" in stale["why"]


def test_python_graphs_accept_in_the_graph_and_in_the_file_beside_it(tmp_path: Path) -> None:
    graph = (
        Graph("shop")
        .entry("cards", match=keywords("card", "credit"))
        .entry("credit-line", match=keywords("credit line"))
        .accept_overlap("cards", "credit-line", reason="cards own credit")
    )
    built = build_report(graph, graph.checkup(), empty_exploration(0, 10, None, partial=False),
                         decisions=run_decisions(graph))
    assert [a.kind for a in built.accepted.findings] == ["decided-overlap", "decided-never-wins"]
    assert not [d for d in built.decided if d.rule == "credit-line" and d.kind != "decided-can-win"]
    source = tmp_path / "shop.py"
    source.write_text(
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('shop').entry('cards', match=keywords('card', 'credit'))"
        ".entry('credit-line', match=keywords('credit line'))\n",
        encoding="utf-8",
    )
    done = CliRunner().invoke(main, ["accept", str(source), "cards", "credit-line", "--reason", "on purpose"])
    assert done.exit_code == 0 and (tmp_path / "shop.py.accepted.json").exists()
    assert report(source, tmp_path)["accepted"]["findings"]


def test_acceptances_are_refused_when_they_cannot_be_meant() -> None:
    graph = Graph("g").entry("a", match=keywords("a")).entry("b", match=keywords("b"))
    with pytest.raises(DeclarationError, match="no reason"):
        graph.accept_overlap("a", "b", reason=" ")
    with pytest.raises(DeclarationError, match="both 'a'"):
        graph.accept_overlap("a", "a", reason="why")


@pytest.mark.parametrize(
    ("earlier", "later", "fact"),
    [("nope", "cards", "no rule is named 'nope'"), ("credit-line", "cards", "declared after every rule")],
)
def test_accept_refuses_what_cannot_be_an_overlap_and_writes_nothing(
    tmp_path: Path, earlier: str, later: str, fact: str
) -> None:
    graph = banking(tmp_path)
    before = graph.read_bytes()
    done = CliRunner().invoke(main, ["accept", str(graph), earlier, later, "--reason", "x"])
    assert done.exit_code == 2 and fact in done.stderr and graph.read_bytes() == before


def test_accepted_findings_are_suppressed_results_in_sarif(tmp_path: Path) -> None:
    graph = banking(tmp_path)
    CliRunner().invoke(main, ["accept", str(graph), "cards", "credit-line", "--reason", "cards own credit"])
    report(graph, tmp_path, "--sarif", str(tmp_path / "r.sarif"))
    log = json.loads((tmp_path / "r.sarif").read_text("utf-8"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    suppressed = [r for r in log["runs"][0]["results"] if r.get("suppressions")]
    assert suppressed and all(r["suppressions"][0]["justification"] == "cards own credit" for r in suppressed)
    assert all(r["properties"]["rule"] == "credit-line" for r in suppressed)
