"""`fuzzroute check` decides by default, and `--fail-on decided` fails a build on what an author acts on.

Driven through the CLI as a user would, on the bundled graphs with planted
bugs (banking.json: `lost-card` and `credit-line` never win after `cards`;
devops.py: `deploy` takes "roll back deploy", rollback's own words, and
`incident` takes the `down` of "scale down") and on small graphs written
here.  Each failing case is shown passing again after the fix or after an
acceptance; co-occurrence, wildcard-only shared text and undecided rules
never fail.  `report` applies the same policy (one verdict module), and
`report --fail-on new` counts decided findings new against a baseline or
the `--db` memory.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.decided import BOUNDARY, decide
from fuzzroute.decided.verdict import judge
from fuzzroute.report.assembly.build import build_report
from fuzzroute.report.assembly.pipeline import empty_exploration
from fuzzroute.report.persistence.ledger import ledger_path
from fuzzroute.report.render.decided_text import SHORT_BOUNDARY
from fuzzroute.results.message_table import full_form

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

#: A finding `fuzzroute fix` has an edit for says so at the end of its line (it is not proven here).
FIX = "; try `fuzzroute fix`"
LOST_CARD = f"examples/banking.json:6: decided-never-wins [lost-card] 'lost card' -> cards  (never wins{FIX})"
CREDIT_LINE = f"examples/banking.json:7: decided-never-wins [credit-line] 'credit line' -> cards  (never wins{FIX})"
ROLLBACK = (
    f"examples/devops.py:21: decided-overlap [rollback] 'roll back deploy' -> deploy  (shared text, fixed-words{FIX})"
)
SCALE = f"examples/devops.py:27: decided-overlap [scale] 'scale down' -> incident  (shared text, fixed-words{FIX})"


def untimed(text: str) -> str:
    return re.sub(r"\(\d+(\.\d+)? s\)", "(time)", text)


@pytest.fixture()
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the project root, so the bundled graphs are named `examples/...` as a user types them."""
    monkeypatch.chdir(ROOT)


def banking_fixed(folder: Path) -> Path:
    """banking.json with `lost-card` and `credit-line` moved before `cards`: the fix of both never-wins."""
    graph = json.loads((EXAMPLES / "banking.json").read_text(encoding="utf-8"))
    entries = graph["entries"]
    graph["entries"] = [entries[0], entries[2], entries[3], entries[1], *entries[4:]]
    target = folder / "banking.json"
    target.write_text(json.dumps(graph, indent=1), encoding="utf-8")
    return target


def accept(graph: Path, earlier: str, later: str, reason: str = "on purpose") -> None:
    code, out, err = code_out_err(invoke("accept", str(graph), earlier, later, "--reason", reason))
    assert code == 0, out + err


def test_plain_check_prints_the_never_wins_and_shared_text_lines(at_root: None) -> None:
    code, out, _ = code_out_err(invoke("check", "examples/banking.json"))
    assert code == 1  # --fail-on decided is the default: banking has no proven error, two decided findings
    assert LOST_CARD in out and CREDIT_LINE in out
    assert re.search(r"\d+ decided finding\(s\), 2 to act on \(--fail-on decided fails on them\)", out), out
    assert invoke("check", "examples/banking.json", "--fail-on", "proven").exit_code == 0
    assert invoke("check", "examples/banking.json", "--no-decide").exit_code == 0  # --no-decide: proven
    code, out, _ = code_out_err(invoke("check", "examples/devops.py"))
    assert code == 1
    assert ROLLBACK in out and SCALE in out
    # `--decide` is still accepted (a no-op now) and prints the same, but for the time taken
    code, again, _ = code_out_err(invoke("check", "examples/devops.py", "--decide"))
    assert code == 1 and untimed(again) == untimed(out)
    code, out, _ = code_out_err(invoke("check", "examples/devops.py", "--no-decide"))
    assert code == 0 and "Decided for all messages" not in out and "decided-overlap" not in out


def test_fail_on_decided_fails_on_never_wins_and_passes_after_the_fix_or_an_acceptance(
    at_root: None, tmp_path: Path
) -> None:
    code, out, _ = code_out_err(invoke("check", "examples/banking.json", "--fail-on", "decided"))
    assert code == 1 and LOST_CARD in out
    fixed = banking_fixed(tmp_path)
    code, out, _ = code_out_err(invoke("check", str(fixed), "--fail-on", "decided"))
    # only wildcard shared text (transfer's `.*`, atm's `.*`) and co-occurrence are left: they never fail
    assert code == 0, out
    assert "(shared text, wildcard)" in out and "[co-occurrence]" in out
    assert re.search(r"\d+ decided finding\(s\), 0 to act on", out), out
    accepted = tmp_path / "accepted" / "banking.json"
    accepted.parent.mkdir()
    shutil.copy(EXAMPLES / "banking.json", accepted)
    accept(accepted, "cards", "lost-card", "cards answers every card question")
    code, out, _ = code_out_err(invoke("check", str(accepted), "--fail-on", "decided"))
    assert code == 1  # credit-line is still taken by cards, and not accepted
    accept(accepted, "cards", "credit-line", "cards answers every card question")
    code, out, _ = code_out_err(invoke("check", str(accepted), "--fail-on", "decided"))
    assert code == 0, out
    assert "decided-never-wins [lost-card] 'lost card' -> cards  (never wins; accepted: cards answers" in out
    acted = r"\d+ decided finding\(s\), 0 to act on \(--fail-on decided fails on them\), 2 accepted as intended\."
    assert re.search(acted, out), out


def test_fail_on_decided_fails_on_shared_fixed_words_and_passes_after_an_acceptance(
    at_root: None, tmp_path: Path
) -> None:
    code, out, _ = code_out_err(invoke("check", "examples/devops.py", "--fail-on", "decided"))
    assert code == 1 and ROLLBACK in out and SCALE in out
    graph = tmp_path / "devops.py"
    shutil.copy(EXAMPLES / "devops.py", graph)
    accept(graph, "deploy", "rollback")
    code, out, _ = code_out_err(invoke("check", str(graph), "--fail-on", "decided"))
    assert code == 1  # `scale down` still goes to incident
    accept(graph, "incident", "scale")
    code, out, _ = code_out_err(invoke("check", str(graph), "--fail-on", "decided"))
    assert code == 0, out
    # the fix instead: `down` out of incident's keywords
    fixed = tmp_path / "fixed" / "devops.py"
    fixed.parent.mkdir()
    source = (EXAMPLES / "devops.py").read_text(encoding="utf-8")
    fixed.write_text(source.replace('keywords("outage", "down", "incident", "sev1")',
                                    'keywords("outage", "incident", "sev1")'), encoding="utf-8")
    code, out, _ = code_out_err(invoke("check", str(fixed), "--fail-on", "decided"))
    assert code == 1 and "decided-overlap [rollback]" in out and "[scale]" not in out


def write_graph(folder: Path, name: str, entries: list[dict[str, Any]]) -> Path:
    target = folder / f"{name}.json"
    target.write_text(json.dumps({"name": name, "entries": [*entries, {"id": "agent"}]}, indent=1), encoding="utf-8")
    return target


def test_never_matches_redos_and_a_dead_rule_fail_co_occurrence_and_undecided_do_not(tmp_path: Path) -> None:
    glued = write_graph(tmp_path, "glued", [
        {"id": "balance", "match": {"keywords": ["balance"]}},
        {"id": "cards", "match": {"keywords": ["card"]}},
    ])
    code, out, _ = code_out_err(invoke("check", str(glued), "--fail-on", "decided"))
    assert code == 0 and "[co-occurrence] 1 pairs" in out
    undecided = write_graph(tmp_path, "undecided", [
        {"id": "refunds", "match": {"keywords": ["refund"]}},
        {"id": "orders", "match": {"regex": "\\border(?! status)\\b"}},
    ])
    code, out, _ = code_out_err(invoke("check", str(undecided), "--fail-on", "decided"))
    assert code == 0 and "undecided [orders]" in out
    never = write_graph(tmp_path, "never", [
        {"id": "refunds", "match": {"keywords": ["refund"]}},
        {"id": "nothing", "match": {"regex": "a\\bb"}},
    ])
    code, out, _ = code_out_err(invoke("check", str(never), "--fail-on", "decided"))
    assert code == 1 and "decided-never-matches [nothing]" in out
    slow = write_graph(tmp_path, "slow", [{"id": "slow", "match": {"regex": "^(a+)+$"}}])
    code, out, _ = code_out_err(invoke("check", str(slow), "--fail-on", "decided"))
    assert code == 1 and "decided-redos [slow]" in out
    dead = tmp_path / "dead.py"
    dead.write_text(
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('dead').entry('agent').entry('billing', match=keywords('refund'))\n", encoding="utf-8",
    )
    code, out, _ = code_out_err(invoke("check", str(dead), "--fail-on", "decided"))
    assert code == 1 and "decided-dead-under-cold-walk [agent]" in out
    assert invoke("check", str(dead)).exit_code == 1  # decided is the default policy
    assert invoke("check", str(dead), "--fail-on", "proven").exit_code == 0


def test_json_carries_the_decided_findings_structured(at_root: None) -> None:
    code, out, _ = code_out_err(invoke("check", "examples/banking.json", "--format", "json", "--fail-on", "decided"))
    assert code == 1
    document = json.loads(out)
    failing = [item for item in document["decided"] if item["fails"]]
    assert document["decided_failing"] == len(failing) == 2
    lost = failing[0]
    assert (lost["kind"], lost["rule"], lost["rule_index"], lost["witness"]) == (
        "decided-never-wins", "lost-card", 2, "lost card"
    )
    assert lost["taking_rules"] == [{"rule": "cards", "rule_index": 1}] and lost["accepted"] is None
    overlaps = [item for item in document["decided"] if item["kind"] == "decided-overlap"]
    assert overlaps and all(item["relation"] == "shared-text" for item in overlaps)
    assert all(not item["fails"] for item in overlaps if item["shared_in"] == "wildcard")
    code, out, _ = code_out_err(invoke("check", "examples/devops.py", "--format", "json", "--fail-on", "proven"))
    rollback = next(item for item in json.loads(out)["decided"] if item["rule"] == "rollback")
    assert code == 0 and rollback["fails"] and rollback["shared_in"] == "fixed-words"
    assert rollback["taking_rules"] == [{"rule": "deploy", "rule_index": 0}]


def test_junit_marks_decided_findings_failures_only_under_fail_on_decided(at_root: None, tmp_path: Path) -> None:
    target = tmp_path / "check.xml"
    code, _, _ = code_out_err(invoke("check", "examples/banking.json", "--junit", str(target), "--fail-on", "decided"))
    assert code == 1
    root = ET.parse(target).getroot()
    decided = [s for s in root.findall("testsuite") if s.get("name") == "fuzzroute.decided.banking"]
    assert len(decided) == 1
    cases = decided[0].findall("testcase")
    assert len(cases) == 10 and {c.get("name") for c in cases} == {"decided"}  # one per data rule
    failed = {c.get("classname") for c in cases if c.find("failure") is not None}
    assert failed == {"banking.lost-card", "banking.credit-line"}
    assert decided[0].get("failures") == "2" and decided[0].get("tests") == "10"
    assert root.get("failures") == "2" and root.get("tests") == str(10 + 10)  # and the 10 declared rows
    assert root.get("skipped") == decided[0].get("skipped") == "0"
    lost = next(c for c in cases if c.get("classname") == "banking.lost-card")
    assert LOST_CARD in (lost.findtext("failure") or "") and lost.get("line") == "6"
    code, _, _ = code_out_err(invoke("check", "examples/banking.json", "--junit", str(target), "--fail-on", "proven"))
    assert code == 0
    root = ET.parse(target).getroot()
    assert root.get("failures") == "0"
    assert all(not s.findall("testcase") for s in root.findall("testsuite") if ".decided." in str(s.get("name")))


def test_sarif_of_check_carries_the_decided_findings_and_suppresses_accepted_ones(
    at_root: None, tmp_path: Path
) -> None:
    target = tmp_path / "check.sarif"
    code, _, _ = code_out_err(invoke("check", "examples/banking.json", "--sarif", str(target)))
    assert code == 1
    results = json.loads(target.read_text(encoding="utf-8"))["runs"][0]["results"]
    never_wins = [r for r in results if r["properties"].get("kind") == "decided-never-wins"]
    assert {r["properties"]["rule"] for r in never_wins} == {"lost-card", "credit-line"}
    assert all(r["properties"]["tier"] == "decided" for r in never_wins)
    accepted = tmp_path / "banking.json"
    shutil.copy(EXAMPLES / "banking.json", accepted)
    accept(accepted, "cards", "lost-card", "cards answers every card question")
    code, _, _ = code_out_err(invoke("check", str(accepted), "--sarif", str(target)))
    results = json.loads(target.read_text(encoding="utf-8"))["runs"][0]["results"]
    suppressions = {
        r["properties"]["rule"]: r.get("suppressions") for r in results
        if r["properties"].get("kind") == "decided-never-wins"
    }
    # the accepted one is closed by a suppression with the author's reason; the other stays open
    assert suppressions == {
        "lost-card": [{"kind": "inSource", "justification": "cards answers every card question"}],
        "credit-line": None,
    }


def test_the_boundary_is_one_short_line_and_the_full_text_with_v(at_root: None) -> None:
    _, out, _ = code_out_err(invoke("check", "examples/banking.json"))
    assert f"  [boundary] {SHORT_BOUNDARY}" in out and BOUNDARY not in out
    _, verbose, _ = code_out_err(invoke("check", "examples/banking.json", "-v"))
    assert f"  [boundary] {BOUNDARY}" in verbose


def test_fail_on_decided_needs_the_decided_tier(at_root: None, tmp_path: Path) -> None:
    code, out, err = code_out_err(invoke("check", "examples/banking.json", "--no-decide", "--fail-on", "decided"))
    assert code == 2 and out == "" and err.startswith("fuzzroute: error: ") and err.count("\n") == 1
    assert "--no-decide" in err
    code, out, err = code_out_err(invoke("report", "examples/banking.json", "--no-decide", "--fail-on", "decided",
                         "-o", str(tmp_path / "r.html")))
    assert code == 2 and "--no-decide" in err and not (tmp_path / "r.html").exists()


def test_help_says_how_to_keep_an_intended_overlap_green() -> None:
    for command in ("check", "report"):
        code, out, _ = code_out_err(invoke(command, "--help"))
        assert code == 0 and "fuzzroute accept GRAPH EARLIER LATER" in " ".join(out.split())
        assert "proven|decided|" in out


def without_never_wins(document: dict[str, Any]) -> dict[str, Any]:
    """A report or ledger as if the never-wins findings had not been there the last time."""
    return {**document, "decided": [d for d in document["decided"] if d["kind"] != "decided-never-wins"]}


def test_report_fails_on_decided_and_on_decided_findings_new_against_a_baseline(
    at_root: None, tmp_path: Path
) -> None:
    html = str(tmp_path / "r.html")
    common = ("--budget", "30", "-q", "-o", html)
    assert invoke("report", "examples/banking.json", *common, "--fail-on", "proven").exit_code == 0
    assert invoke("report", "examples/banking.json", *common, "--no-decide").exit_code == 0
    broken = tmp_path / "broken.json"
    code, _, _ = code_out_err(invoke("report", "examples/banking.json", *common, "--json", str(broken)))
    assert code == 1
    document = json.loads(broken.read_text(encoding="utf-8"))
    assert document["summary"]["fail_on"] == "decided" and document["summary"]["exit_status"] == 1
    fixed = banking_fixed(tmp_path)
    assert invoke("report", str(fixed), *common, "--fail-on", "decided").exit_code == 0
    # Same graph, seed and budget: the suggestions are the same as the baseline's, so only a decided
    # finding the baseline lacks can be new.
    assert invoke(
        "report", "examples/banking.json", *common, "--fail-on", "new", "--baseline", str(broken)).exit_code == 0
    earlier = tmp_path / "earlier.json"
    earlier.write_text(json.dumps(without_never_wins(document)), encoding="utf-8")
    again = tmp_path / "again.json"
    code, _, _ = code_out_err(invoke(
        "report", "examples/banking.json", *common, "--fail-on", "new", "--baseline", str(earlier),
                     "--json", str(again)))
    assert code == 1
    marked = full_form(json.loads(again.read_text(encoding="utf-8")))
    statuses = {(d["kind"], d["rule"]): d.get("status") for d in marked["decided"]}
    assert statuses[("decided-never-wins", "lost-card")] == "new"
    assert {s for (kind, _rule), s in statuses.items() if kind != "decided-never-wins"} == {"still"}
    assert {s.get("status") for s in marked["suggestions"]} <= {"still"}


def test_report_fail_on_new_with_db_counts_decided_findings_new_against_the_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    shutil.copy(EXAMPLES / "banking.json", tmp_path / "banking.json")
    common = ("banking.json", "--budget", "30", "-q", "-o", "r.html", "--db", ".fuzzroute", "--fail-on", "new")
    assert invoke("report", *common).exit_code == 1  # the first run: everything is new
    assert invoke("report", *common).exit_code == 0  # remembered: still
    ledger = ledger_path(tmp_path / ".fuzzroute", "banking")
    stored = json.loads(ledger.read_text(encoding="utf-8"))
    assert {(d["kind"], d["rule"], d["other_rule"]) for d in stored["decided"]} >= {
        ("decided-never-wins", "lost-card", None), ("decided-never-wins", "credit-line", None)
    }
    assert all(set(d) == {"kind", "rule", "other_rule"} for d in stored["decided"])
    ledger.write_text(json.dumps(without_never_wins(stored)), encoding="utf-8")  # as if they had just appeared
    assert invoke("report", *common).exit_code == 1
    assert invoke("report", *common).exit_code == 0


GRAPH_WORDS = ("card", "lost card", "credit", "credit line", "balance", "send money", "money")


@st.composite
def keyword_graphs(draw: st.DrawFn) -> Graph:
    rules = draw(st.lists(st.lists(st.sampled_from(GRAPH_WORDS), min_size=1, max_size=2, unique=True),
                          min_size=2, max_size=5))
    graph = Graph("drawn")
    for position, words in enumerate(rules):
        graph.entry(f"r{position}", match=keywords(*words))
    graph.entry("agent")
    pairs = [(a, b) for a in range(len(rules)) for b in range(a + 1, len(rules))]
    for a, b in draw(st.lists(st.sampled_from(pairs), max_size=3, unique=True)):
        graph.accept_overlap(f"r{a}", f"r{b}", reason="drawn")
    return graph


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(keyword_graphs())
def test_check_and_report_agree_on_what_fails_a_build(graph: Graph) -> None:
    """`check` judges decided items, `report` decided records after acceptances: the same verdict either way."""
    decisions = decide(graph)
    judged = judge(decisions, graph.acceptances)
    checkup = graph.checkup()
    report = build_report(graph, checkup, empty_exploration(0, None, None, partial=False), decisions=decisions,
                          fail_on="decided")
    assert report.summary.exit_status == (1 if checkup.errors or judged.failing else 0)
    failing_rules = {item.entry.id for item in judged.failing}
    assert failing_rules <= {d.rule for d in report.decided}


def test_the_decided_verdict_imports_nothing_of_generation() -> None:
    """The verdict sits with the automata: deciding what fails pulls in no generator library."""
    import subprocess

    probe = (
        "import sys, fuzzroute.decided, fuzzroute.decided.verdict; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'hypothesis', 'numpy', 'lemminflect', 'jinja2'}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


#: How the count line names each decided kind (its title in `results.finding_kinds`), by the code its lines start with.
COUNTED = {"decided-never-matches": "never matches", "decided-never-wins": "never wins",
           "decided-dead-under-cold-walk": "dead under the cold walk", "decided-redos": "ReDoS risk",
           "decided-case-range": "likely range mistake", "decided-overlap": "shared text"}


def listed_and_counted(out: str) -> tuple[dict[str, int], dict[str, int]]:
    """The decided lines `check -v` lists, per kind, and what its count line says, per kind."""
    listed: dict[str, int] = {}
    for code in re.findall(r"^  \S*?:?\d*:? ?(decided-[a-z-]+) \[", out, re.M):
        if code in COUNTED:
            listed[COUNTED[code]] = listed.get(COUNTED[code], 0) + 1
    count_line = next(line for line in out.splitlines() if re.match(r"^(\d+ [a-zA-Z ]+(, )?)+( \(.*\))?\.$", line))
    counted = {m[1]: int(m[0]) for m in re.findall(r"(\d+) ([a-zA-Z][a-zA-Z ]*?)(?=,|\.| \()", count_line)}
    return listed, {kind: n for kind, n in counted.items() if kind in COUNTED.values()}


def test_an_overlap_folded_into_a_never_wins_line_is_not_counted_again_as_shared_text() -> None:
    # keyword_boundaries: `billing` takes every message of `spaced`; their shared text is the same bug as
    # `spaced` never winning, so it is listed once, as never-wins, and counted once.
    graph = EXAMPLES / "keyword_boundaries.json"
    code, out, err = code_out_err(invoke("check", graph, "-v"))
    assert code == 1, err  # the graph has proven errors
    assert "decided-never-wins [spaced] 'a refund me' -> billing" in out
    assert "decided-overlap [spaced]" not in out
    assert listed_and_counted(out) == ({"never wins": 1}, {"never wins": 1})
    quiet = invoke("check", graph, "-q")
    assert quiet.stdout.strip().endswith("Decided: 1 never wins; 1 to act on.")
    # The JSON keeps every item the tier decided, the folded overlap too (its array is what it counts).
    document = json.loads(invoke("check", graph, "--format", "json").stdout)
    kinds = sorted(item["kind"] for item in document["decided"])
    assert kinds == ["decided-never-wins", "decided-overlap"]
    overlap = next(item for item in document["decided"] if item["kind"] == "decided-overlap")
    assert (overlap["rule"], overlap["other_rule"], overlap["fails"]) == ("spaced", "billing", False)


@pytest.mark.parametrize("graph", ["banking.json", "travel.json", "devops.py", "keyword_boundaries.json",
                                   "support.py", "planted_defects.py", "helpdesk.py"])
def test_the_decided_count_line_counts_what_is_listed(graph: str) -> None:
    out = invoke("check", EXAMPLES / graph, "-v").stdout
    listed, counted = listed_and_counted(out)
    assert listed == counted, out
