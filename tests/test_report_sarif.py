"""`--sarif` on `report` and `check`: SARIF 2.1.0 for code scanning, driven through the CLI.

The log is validated against the official SARIF 2.1.0 JSON Schema (OASIS,
errata 01), bundled as `tests/data/sarif-schema-2.1.0.json`.
"""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers.cli import code_out_err, invoke
from helpers.examples import default_exit_code
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.report import build_report, empty_exploration, to_json
from fuzzroute.report.render.sarif import FINGERPRINT_KEY, GENERATED_PREFIX
from fuzzroute.report.render.sarif import sarif_log as sarif_of_report
from fuzzroute.report.render.sarif_objects import sarif_json
from fuzzroute.results.document import Report
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import from_json

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
SCHEMA = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)

#: The question each decided kind answers, as the decided tier writes it.
QUESTIONS = {"decided-never-wins": "never-wins", "decided-disjoint": "overlap", "decided-overlap": "overlap",
             "decided-never-matches": "matcher", "decided-redos": "backtracking", "undecided": "overlap"}


def sarif_log(document: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The SARIF log of a report given in its JSON form with messages in full (`to_json`, or `--json`'s document
    through `full_form`), possibly edited by a test."""
    log: dict[str, Any] = json.loads(sarif_json(sarif_of_report(from_json(Report, document), **options)))
    return log


def assert_valid(log: dict[str, Any]) -> None:
    errors = [f"{list(e.path)}: {e.message}" for e in VALIDATOR.iter_errors(log)]
    assert errors == []


SKIPPED = ("decided-can-win", "decided-disjoint", "undecided")


def ranked_findings(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The decided problems and the suggestions that are not glued pairs, in the report's rank order."""
    items = [d for d in document["decided"] if d["kind"] not in SKIPPED]
    items += [s for s in document["suggestions"] if s.get("relation") != "co-occurrence"]
    order = {id(item): position for position, item in enumerate(items)}
    return sorted(items, key=lambda item: (item.get("rank") is None, item.get("rank") or 0, order[id(item)]))


def without_aggregate(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in results if r["ruleId"] != "co-occurrence"]


def result_of(results: list[dict[str, Any]], suggestion: dict[str, Any]) -> dict[str, Any]:
    (found,) = [
        r for r in results
        if r["properties"]["tier"] == "suggested" and r["ruleId"] == suggestion["kind"]
        and (r["properties"]["rule"], r["properties"]["from"], r["properties"]["to"])
        == (suggestion["rule"], suggestion["from"], suggestion["to"])
    ]
    return found


def report_sarif(tmp_path: Path, name: str, *extra: str, graph: Path = EXAMPLES / "support.py") -> tuple[
    dict[str, Any], dict[str, Any]
]:
    sarif, doc = tmp_path / f"{name}.sarif", tmp_path / f"{name}.json"
    code, _, err = code_out_err(invoke("report", str(graph), "-o", str(tmp_path / f"{name}.html"), "--json", str(doc),
                          "--sarif", str(sarif), "--budget", "300", *extra))
    assert code == default_exit_code(graph), err
    # The document as a script reads it: names, locations and messages back (`fuzzroute.report.read_report`).
    return json.loads(sarif.read_text(encoding="utf-8")), full_form(json.loads(doc.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def support(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """One report of the support example (seed 3), shared by the tests that only read it."""
    return report_sarif(tmp_path_factory.mktemp("support"), "support", "--seed", "3")


def test_the_schema_is_the_official_one_and_rejects_a_broken_log() -> None:
    assert SCHEMA["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    assert SCHEMA["id"].endswith("/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    assert list(VALIDATOR.iter_errors({"version": "2.1.0", "runs": [{"results": []}]}))  # a run needs its tool


def test_report_sarif_validates_and_keeps_the_tiers_apart(support: tuple[dict[str, Any], dict[str, Any]]) -> None:
    log, document = support
    assert_valid(log)
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "fuzzroute" and driver["version"] == document["tool"]["versions"]["fuzzroute"]
    assert "informationUri" not in driver
    description = driver["fullDescription"]["text"]
    assert document["boundary"]["proven"] in description and document["boundary"]["generated"] in description
    assert "not coverage proof" in description
    results = run["results"]
    proven = [r for r in results if r["properties"]["tier"] == "proven"]
    ranked = without_aggregate(results)[len(proven):]
    suggested = [r for r in ranked if r["properties"]["tier"] == "suggested"]
    decided = [r for r in ranked if r["properties"]["tier"] == "decided"]
    assert len(proven) == len(document["proven"]["problems"])
    # Proven problems first, then the decided problems (not a rule that can win, a disjoint pair or an
    # undecided question) and the suggestions, strongest first, in the report's order.
    expected = ranked_findings(document)
    assert [r["ruleId"] for r in ranked] == [item["kind"] for item in expected]
    assert decided and len(suggested) == sum(1 for s in expected if "witnesses" in s)
    # Every pair that only meets on glued texts is one note at the end, never one result per pair.
    (glued,) = [r for r in results if r["ruleId"] == "co-occurrence"]
    assert results[-1] is glued and glued["level"] == "note"
    counted = document["decision"]["counts"]["co_occurrence"]["count"]
    assert glued["properties"]["pairs"] >= counted > 0 and f"{glued['properties']['pairs']} pairs" in glued[
        "message"]["text"]
    assert document["boundary"]["decided"] in description
    assert len(results) == len(proven) + len(decided) + len(suggested) + 1
    levels = {(p["kind"], r["level"]) for p, r in zip(document["proven"]["problems"], proven, strict=True)}
    assert levels == {("error", "error"), ("warning", "warning")}
    assert {r["level"] for r in suggested} == {"note"}
    assert all(r["message"]["text"].startswith(GENERATED_PREFIX) for r in suggested)
    assert not any(r["message"]["text"].startswith(GENERATED_PREFIX) for r in proven)
    rules = driver["rules"]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri.endswith("examples/support.py")
    fingerprints = [r["partialFingerprints"][FINGERPRINT_KEY] for r in results]
    assert len(set(fingerprints)) == len(fingerprints)


def test_fingerprints_are_equal_across_two_runs_with_the_same_seed(
    tmp_path: Path, support: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    first = support[0]
    second, _ = report_sarif(tmp_path, "second", "--seed", "3")

    def prints(log: dict[str, Any]) -> list[tuple[str, str]]:
        return [(r["ruleId"], r["partialFingerprints"][FINGERPRINT_KEY]) for r in log["runs"][0]["results"]]

    assert prints(first) == prints(second) and len(prints(first)) > 6

    def without_run_id(log: dict[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(json.dumps(log))
        data["runs"][0]["automationDetails"].pop("guid")
        return data

    # Only the run id (shared with the run's HTML and JSON) differs; nothing depends on the clock.
    assert first["runs"][0]["automationDetails"]["guid"] != second["runs"][0]["automationDetails"]["guid"]
    assert without_run_id(first) == without_run_id(second)


def test_a_fingerprint_ignores_counts_witnesses_and_messages_but_not_identity(
    support: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    document = copy.deepcopy(support[1])
    base = sarif_log(document)["runs"][0]["results"]
    changed = copy.deepcopy(document)
    suggestion = changed["suggestions"][0]
    suggestion["count"] += 7
    suggestion["witnesses"].reverse()
    suggestion["message"] = "reworded"
    changed["proven"]["problems"][0]["message"] = "reworded"
    again = sarif_log(changed)["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in again] == [r["partialFingerprints"] for r in base]
    listed = next(s for s in changed["suggestions"] if s.get("relation") != "co-occurrence")
    before = result_of(base, listed)["partialFingerprints"]
    listed["to"] = "someone-else"
    assert result_of(sarif_log(changed)["runs"][0]["results"], listed)["partialFingerprints"] != before


def test_locations_from_the_document_with_a_fallback_to_the_graph_file(
    support: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    document = copy.deepcopy(support[1])
    located = copy.deepcopy(document)
    located["proven"]["problems"][0]["location"] = {"file": "examples/support.py", "line": 17}
    suggestion = next(s for s in located["suggestions"] if s.get("relation") != "co-occurrence")
    suggestion["location"] = None
    for position, rule in enumerate(located["graph"]["rules"]):
        rule["location"] = {"file": "examples/support.py", "line": 12 + 4 * position}
    results = sarif_log(located, base=HERE.parent)["runs"][0]["results"]
    first = results[0]["locations"][0]["physicalLocation"]
    assert first == {"artifactLocation": {"uri": "examples/support.py"}, "region": {"startLine": 17}}
    rule_line = 12 + 4 * suggestion["rule_index"]
    at = result_of(results, suggestion)["locations"][0]["physicalLocation"]
    assert at["region"] == {"startLine": rule_line}  # no own location: the rule's declaration
    unknown = copy.deepcopy(document)
    for item in [*unknown["proven"]["problems"], *unknown["suggestions"], *unknown["graph"]["rules"]]:
        item["location"] = None
    bare = sarif_log(unknown, base=HERE.parent)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert bare == {"artifactLocation": {"uri": "examples/support.py"}}  # no line known: no region
    assert_valid(sarif_log(located, base=HERE.parent))


def test_the_reports_own_locations_become_regions(support: tuple[dict[str, Any], dict[str, Any]]) -> None:
    log, document = support
    results = without_aggregate(log["runs"][0]["results"])
    items = [*document["proven"]["problems"], *ranked_findings(document)]
    assert len(results) == len(items)
    for result, item in zip(results, items, strict=True):
        physical = result["locations"][0]["physicalLocation"]
        assert physical["artifactLocation"]["uri"].endswith("examples/support.py")
        assert item["location"] is not None and physical["region"] == {"startLine": item["location"]["line"]}


def decided_item(kind: str, rule: str, index: int, message: str, witness: str | None,
                 location: dict[str, Any] | None, number: int) -> dict[str, Any]:
    return {"kind": kind, "question": QUESTIONS[kind], "rule": rule, "rule_index": index, "message": message,
            "witness": witness, "location": location, "other_rule": None, "other_rule_index": None,
            "containing_rules": [], "dead_rules": [], "reason": None, "law": None, "claims": None,
            "id": f"decided-{number}"}


def test_decided_items_are_rendered_by_kind(support: tuple[dict[str, Any], dict[str, Any]]) -> None:
    document = copy.deepcopy(support[1])
    document["decided"] = [
        decided_item("decided-never-wins", "tracking", 1, "never wins", "where is my order",
                     {"file": "examples/support.py", "line": 18}, 1),
        decided_item("decided-overlap", "billing", 2, "overlaps", "refund my order", None, 2),
        decided_item("decided-disjoint", "cancel", 3, "disjoint", None, None, 3),
        decided_item("undecided", "smalltalk", 5, "?", None, None, 4),
    ]
    log = sarif_log(document)
    assert_valid(log)
    decided = [r for r in without_aggregate(log["runs"][0]["results"]) if r["properties"]["tier"] == "decided"]
    assert [(r["ruleId"], r["level"]) for r in decided] == [("decided-never-wins", "warning"),
                                                            ("decided-overlap", "note")]
    assert decided[0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 18}


def test_check_sarif_is_proven_and_decided_and_shares_fingerprints_with_report(
    tmp_path: Path, support: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    log = support[0]
    target = tmp_path / "check.sarif"

    def fingerprints(results: list[dict[str, Any]], tier: str) -> list[Any]:
        return [r["partialFingerprints"] for r in results if r["properties"]["tier"] == tier]

    from_report = log["runs"][0]["results"]
    code, out, _ = code_out_err(invoke("check", str(EXAMPLES / "support.py"), "--sarif", str(target), "--no-decide"))
    assert code == 1 and "error(s)" in out
    checked = json.loads(target.read_text(encoding="utf-8"))
    assert_valid(checked)
    results = checked["runs"][0]["results"]
    assert results and {r["properties"]["tier"] for r in results} == {"proven"}
    description = checked["runs"][0]["tool"]["driver"]["fullDescription"]["text"]
    assert "Proven findings come from" in description and "Generated phrases" not in description
    assert [r["partialFingerprints"] for r in results] == fingerprints(from_report, "proven")
    # by default check decides: the decided results are the report's, one alert each in code scanning
    code, _, _ = code_out_err(invoke("check", str(EXAMPLES / "support.py"), "--sarif", str(target)))
    decided = json.loads(target.read_text(encoding="utf-8"))
    assert_valid(decided)
    results = decided["runs"][0]["results"]
    assert code == 1 and {r["properties"]["tier"] for r in results} == {"proven", "decided"}
    assert fingerprints(results, "proven") == fingerprints(from_report, "proven")
    assert fingerprints(results, "decided") == fingerprints(from_report, "decided")


def test_check_sarif_on_a_clean_graph_has_no_results(tmp_path: Path) -> None:
    graph = tmp_path / "clean.json"
    graph.write_text(json.dumps({"name": "clean", "entries": [
        {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund my order"]},
    ]}))
    target = tmp_path / "c.sarif"
    code, _, _ = code_out_err(invoke("check", str(graph), "--sarif", str(target)))
    log = json.loads(target.read_text(encoding="utf-8"))
    assert_valid(log)
    assert code == 0 and log["runs"][0]["results"] == []


@pytest.mark.parametrize("command", ["check", "report"])
def test_an_unwritable_sarif_path_is_bad_input_and_writes_nothing(tmp_path: Path, command: str) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    args = [command, str(EXAMPLES / "support.py"), "--sarif", str(blocker / "out.sarif")]
    if command == "report":
        args += ["-o", str(tmp_path / "r.html"), "--json", str(tmp_path / "r.json"), "--budget", "50"]
    code, _, err = code_out_err(invoke(*args))
    assert code == 2 and "Traceback" not in err and err.startswith("fuzzroute: error: ")
    assert "afile" in err and "Nothing was written" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


# -- properties over generated documents -------------------------------------

NAMES = st.sampled_from(["orders", "tracking", "billing", "smalltalk"])
MAYBE = st.none() | NAMES
PHRASES = st.none() | st.text(alphabet="ab ?é", max_size=6)
LOCATIONS = st.none() | st.builds(
    lambda file, line: {"file": file, "line": line},
    st.sampled_from(["g.py", "sub dir/g.json", "/elsewhere/g.py"]), st.integers(1, 500),
)
PROBLEMS = st.fixed_dictionaries({
    "kind": st.sampled_from(["error", "warning"]),
    "code": st.sampled_from(["example-shadowed-by-earlier", "example-unclaimed", "never-routes-claimed"]),
    "skill": MAYBE, "example": PHRASES, "from": MAYBE, "to": MAYBE,
    "message": st.text(max_size=20), "location": LOCATIONS,
})
SUGGESTIONS = st.fixed_dictionaries({
    "kind": st.sampled_from(["generated-shadowed-by-earlier", "rules-overlap", "near-miss-unclaimed", "new-kind"]),
    "rule": MAYBE, "rule_index": st.none() | st.integers(0, 3), "from": MAYBE, "to": MAYBE,
    "count": st.integers(0, 99), "message": st.text(max_size=20), "location": LOCATIONS,
    "witnesses": st.lists(
        st.fixed_dictionaries({"phrase": st.text(max_size=8), "cold_walk": st.none(), "cascade": st.none()}),
        max_size=3,
    ),
    "status": st.sampled_from(["new", "still"]),
})


def generated_document(problems: list[dict[str, Any]], suggestions: list[dict[str, Any]]) -> dict[str, Any]:
    """A whole report document of a graph `g` (from `g.py`, rules unknown) carrying these findings."""
    graph = Graph("g").entry("a", match=keywords("a"))
    document: dict[str, Any] = to_json(build_report(
        graph, graph.checkup(), empty_exploration(0, 10, None, partial=False), source_path="g.py"
    ))
    document["graph"]["rules"] = []
    document["proven"]["problems"] = problems
    document["suggestions"] = suggestions
    return document


@settings(max_examples=40, deadline=None)
@given(st.lists(PROBLEMS, max_size=4), st.lists(SUGGESTIONS, max_size=4))
def test_fingerprints_match_exactly_when_identities_match(
    problems: list[dict[str, Any]], suggestions: list[dict[str, Any]]
) -> None:
    log = sarif_log(generated_document(problems, suggestions), base="/work")
    assert_valid(log)
    results = log["runs"][0]["results"]
    identities: list[tuple[Any, ...]] = [
        ("proven", p["code"], p["skill"], p["example"], p["from"], p["to"]) for p in problems
    ]
    identities += [("suggested", s["kind"], s["rule"], s["from"], s["to"]) for s in suggestions]
    assert len(results) == len(identities)
    prints = [r["partialFingerprints"][FINGERPRINT_KEY] for r in results]
    for i, j in itertools.combinations(range(len(results)), 2):
        assert (prints[i] == prints[j]) == (identities[i] == identities[j])
    for result, item in zip(results, [*problems, *suggestions], strict=True):
        physical = result["locations"][0]["physicalLocation"]
        expected_line = (item["location"] or {}).get("line")
        assert physical.get("region") == (None if expected_line is None else {"startLine": expected_line})
