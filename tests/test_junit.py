"""JUnit XML (`check --junit`, `report --junit`): the shape CI readers take, counts that add up.

GitHub's and GitLab's test summaries, Jenkins and Azure read `testsuites` /
`testsuite` / `testcase` / `failure`, with `tests`, `failures`, `errors` and
`skipped` on each suite.  The checks: one case per declared example and
never-route row, a failure exactly on the rows with a proven error (listing
all of that phrase's problems), warnings as output, suggestions in a suite
of their own with no case, and a file that parses even when a phrase holds a
character XML cannot.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute import Graph, keywords
from fuzzroute.cli import main
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report.assembly.proven_rows import rows_from_checkup
from fuzzroute.report.render.junit import Suite, junit_xml, xml_text
from fuzzroute.results.message_table import full_form

ROOT = Path(__file__).resolve().parent.parent
SUPPORT = str(ROOT / "examples" / "support.py")
AUTHORING = str(ROOT / "examples" / "authoring.py")
#: Graphs with declared examples and never-route rows, failing and passing, in every file form.
BUNDLED_GRAPHS = [
    str(ROOT / "examples" / name) for name in (
        "support.py", "authoring.py", "planted_defects.py", "keyword_boundaries.json", "nightly_shop.json",
        "helpdesk.py", "travel.json", "smarthome.ts", "mounts/classifier.json", "defaults.py:default_first",
    )
]


def assert_counts_add_up(root: ET.Element) -> None:
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    for suite in suites:
        cases = suite.findall("testcase")
        assert int(suite.get("tests", "-1")) == len(cases)
        assert int(suite.get("failures", "-1")) == sum(1 for c in cases if c.find("failure") is not None)
        assert suite.get("errors") == "0" and suite.get("skipped") == "0"
    for key in ("tests", "failures"):
        assert int(root.get(key, "-1")) == sum(int(s.get(key, "0")) for s in suites)


def expected_failures(graph: Graph) -> set[tuple[str, str]]:
    """(class suffix, phrase literal) of every row with an error, from the checkup itself."""
    errors = [p for p in graph.checkup().problems if p.kind == "error"]
    found = set()
    for problem in errors:
        if problem.code.startswith("never-routes-"):
            found.add(("never-routes", repr(problem.example)))
        else:
            entry = next(e for e in graph.entries if e.id == problem.skill and problem.example in (e.examples or ()))
            found.add((f"{entry.id}#{entry.index + 1}", repr(problem.example)))
    return found


def test_check_junit_has_one_case_per_row_and_fails_exactly_the_errors(tmp_path: Path) -> None:
    target = tmp_path / "check.xml"
    result = CliRunner().invoke(
        main, ["check", SUPPORT, AUTHORING, "--junit", str(target), "-q", "--fail-on", "proven"])
    assert result.exit_code == 1
    root = ET.parse(target).getroot()
    assert_counts_add_up(root)
    suites = root.findall("testsuite")
    # check decides by default; under --fail-on proven its findings are text, never test cases.
    assert [s.get("name") for s in suites] == [
        "fuzzroute.proven.support", "fuzzroute.decided.support",
        "fuzzroute.proven.authoring", "fuzzroute.decided.authoring",
    ]
    decided_suites = [s for s in suites if ".decided." in s.get("name", "")]
    assert all(s.findall("testcase") == [] and s.get("tests") == "0" for s in decided_suites)
    support = load_graph(SUPPORT).graph
    rows = sum(len(e.examples or ()) for e in support.entries) + len(support.never_route_phrases)
    cases = suites[0].findall("testcase")
    assert len(cases) == rows == 11
    failed = {
        (c.get("classname", "").split(".", 1)[1], c.get("name")) for c in cases if c.find("failure") is not None
    }
    assert failed == expected_failures(support)
    charged = next(c for c in cases if c.get("name") == "'I was charged twice'")
    text = charged.findtext("failure") or ""
    assert "example-misses-own-rule" in text and "example-unclaimed" in text  # all of the phrase's problems
    assert "claims: cold walk -> no rule, cascade -> no rule" in text
    assert charged.get("file", "").endswith("examples/support.py") and charged.get("line") == "23"
    warned = next(c for c in cases if c.get("name") == "'try that again'")
    assert warned.find("failure") is None and "[warning]" in (warned.findtext("system-out") or "")


def test_report_junit_keeps_suggestions_out_of_the_test_cases(tmp_path: Path) -> None:
    junit, as_json = tmp_path / "r.xml", tmp_path / "r.json"
    result = CliRunner().invoke(main, [
        "report", SUPPORT, "--budget", "200", "-q", "-o", str(tmp_path / "r.html"), "--json", str(as_json),
        "--junit", str(junit),
    ])
    assert result.exit_code == 1, result.output
    root = ET.parse(junit).getroot()
    assert_counts_add_up(root)
    by_name = {s.get("name"): s for s in root.findall("testsuite")}
    suggestions = by_name["fuzzroute.suggestions.support"]
    assert suggestions.findall("testcase") == [] and suggestions.get("tests") == "0"
    document = full_form(json.loads(as_json.read_text(encoding="utf-8")))
    assert document["suggestions"]
    output = suggestions.findtext("system-out") or ""
    assert all(f"[{s['kind']}] {s['rule']}" in output for s in document["suggestions"])
    assert "fuzzroute.decided.support" in by_name
    proven = by_name["fuzzroute.proven.support"]
    failing = sum(1 for row in rows_from_checkup(load_graph(SUPPORT).graph) if row.errors)
    assert proven.get("failures") == str(failing) == "3"


@pytest.mark.parametrize("spec", BUNDLED_GRAPHS)
def test_the_rows_partition_the_checkups_problems_in_order(spec: str) -> None:
    graph = load_graph(spec).graph
    checkup = graph.checkup()
    rows = checkup.rows
    # Every problem belongs to exactly one row, in the checkup's order; every declared phrase is one row.
    assert [p for row in rows for p in row.problems] == list(checkup.problems)
    declared = [(e.index, phrase) for e in graph.entries for phrase in e.examples or ()]
    assert [(r.rule_index, r.phrase) for r in rows if r.kind == "example"] == declared
    assert [r.phrase for r in rows if r.kind == "never-route"] == list(graph.never_route_phrases)
    for row in rows:
        for problem in row.problems:
            assert problem.example == row.phrase  # a row's problems are about its own phrase
            if row.kind == "example":
                assert (problem.skill, problem.location) == (row.rule_id, row.location)
            else:
                assert problem.code.startswith("never-routes-")


def test_repeated_rows_get_their_own_problems_and_ids() -> None:
    graph = (
        Graph("repeats")
        .entry("a", match=keywords("x"), examples=["x", "x", "y"])
        .entry("a", match=keywords("y"), examples=["y"])
        .entry("b", match=keywords("x"), examples=["x"])
    )
    rows = rows_from_checkup(graph)
    assert [r.label for r in rows] == ["a#1::'x'", "a#1::'x' (2)", "a#1::'y'", "a#2::'y'", "b#3::'x'"]
    assert [[p.code for p in r.problems] for r in rows] == [
        [], [], ["example-misses-own-rule"], [], ["example-shadowed-by-earlier"],
    ]
    assert sum(len(r.problems) for r in rows) == len(graph.checkup().problems)


def test_a_phrase_xml_cannot_hold_is_escaped_and_the_file_still_parses() -> None:
    graph = Graph("odd").entry("a", match=keywords("bell"), examples=["ring the \x07 bell", "nope \x01"])
    graph.never_routes(["a <tag> & \"quotes\""])
    text = junit_xml([Suite("odd", rows_from_checkup(graph, graph.checkup()), "odd.py")])
    root = ET.fromstring(text.encode("utf-8"))
    assert_counts_add_up(root)
    names = [c.get("name") for c in root.iter("testcase")]
    assert "'ring the \\x07 bell'" in names  # the phrase as a Python literal: control characters escaped
    assert "'a <tag> & \"quotes\"'" in names
    assert int(root.get("failures", "0")) == 1  # 'nope \x01' misses its own rule
    assert xml_text("a\x01b\ud800") == "a\\u0001b\\ud800"  # what XML 1.0 cannot hold, spelled out
