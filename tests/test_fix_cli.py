"""`fuzzroute fix` as a user runs it, and where authors meet it: the report's rows and `suggest --with-gaps`.

The command: --diff prints a patch that applies, --write edits atomically,
--select keeps the codes asked for, the listing says "safe: moves only ..."
or "unsafe: also ...", --format json validates against the shipped schema
(which is what the model generates), bad input is exit 2 with one
paragraph.  The report proposes a proven edit on its first decided rows;
`suggest --with-gaps` writes the rule fix beside each gap example.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.fix.fix_schema import SCHEMA_FILE, fix_schema_text
from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = resources.files("fuzzroute").joinpath("schema/fix.schema.json")
DEVOPS = (
    "import re\n\nfrom fuzzroute import Graph, keywords\n\n"
    "graph = (Graph('devops')\n"
    "    .entry('incident', match=keywords('outage', 'down'), examples=['the site is down'])\n"
    "    .entry('scale', match=re.compile(r'\\bscale (up|down)\\b', re.I), examples=['scale down the workers'])\n"
    "    .entry('dashboards', match=keywords('latency dashboard'), examples=['open the latency dashboard'])\n"
    "    .entry('helpdesk'))\n"
)


@pytest.fixture()
def devops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "devops.py"
    path.write_text(DEVOPS, encoding="utf-8")
    return path


def test_the_shipped_schema_is_the_one_the_model_generates() -> None:
    assert SCHEMA_FILE == ROOT / "fuzzroute" / "schema" / "fix.schema.json"
    assert SHIPPED.read_text(encoding="utf-8") == fix_schema_text(), (
        "fuzzroute/schema/fix.schema.json is stale: run `python -m fuzzroute.fix.fix_schema`"
    )


def test_the_listing_says_what_each_fix_moves_and_diff_prints_a_patch_that_applies(devops: Path) -> None:
    code, out, _ = code_out_err(invoke("fix", "devops.py"))
    assert code == 0
    assert "devops.py:7: decided-overlap [scale] 'scale down the workers' -> incident" in out
    assert 'fix: move "scale" (rule #2) above "incident" (rule #1)' in out
    assert "safe: moves only messages both" in out and "from \"incident\" to \"scale\"" in out
    assert "safe: moves only \"dashboards\" (rule #3)'s messages with 'dashboard' written 'dashboards'" in out
    assert devops.read_text("utf-8") == DEVOPS  # listing writes nothing
    code, patch, err = code_out_err(invoke("fix", "devops.py", "--diff"))
    assert code == 0 and patch.startswith("--- a/devops.py\n+++ b/devops.py\n") and "fix: move" in err
    subprocess.run(["patch", "-s", "-p1"], input=patch, text=True, check=True, cwd=devops.parent)
    ids = [e.id for e in load_graph(str(devops)).graph.entries]
    assert ids == ["scale", "incident", "dashboards", "helpdesk"]


def test_write_and_select(devops: Path) -> None:
    code, out, _ = code_out_err(invoke("fix", "devops.py", "--write", "--select", "inflection"))
    # scale's example stays shadowed by incident (the pair was not selected): --fail-on decided still fails
    assert code == 1 and "Wrote 1 fix(es) into devops.py" in out
    graph = load_graph(str(devops)).graph
    assert [e.id for e in graph.entries][:2] == ["incident", "scale"]
    assert graph.claims("latency dashboards").ids() == ("dashboards", "dashboards")
    code, out, _ = code_out_err(invoke("fix", "devops.py", "--select", "decided-overlap", "--format", "json"))
    document = json.loads(out)
    jsonschema.Draft202012Validator(json.loads(SHIPPED.read_text("utf-8"))).validate(document)
    assert [f["finding"]["code"] for f in document["fixes"]] == ["decided-overlap"]
    (record,) = document["fixes"]
    assert record["status"] == "safe" and record["fix"]["edits"] == [{"op": "move-rule", "rule_index": 1, "above": 0}]
    assert record["fix"]["also_moves"] == [] and record["fix"]["moves"][0]["witness"] == "scale down the workers"


def test_exit_1_when_the_policy_still_fails_after_the_safe_fixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(ROOT / "fuzzroute" / "examples" / "support.json", "support.json")
    code, out, _ = code_out_err(invoke("fix", "support.json", "--fail-on", "decided", "--select", "decided-overlap"))
    assert code == 1
    assert "unsafe: the declared example 'where is my order' (order-status#2) would example-shadowed-by-earlier" \
        in out
    assert "not made (--unsafe makes it)" in out and "After the fixes, --fail-on decided still fails." in out
    assert invoke("fix", "support.json", "--fail-on", "never", "--select", "decided-overlap").exit_code == 0


def test_the_settings_table_gives_the_graphs_and_the_defaults(devops: Path) -> None:
    """As every command: [tool.fuzzroute] gives `graphs` and each option's default; the command line wins."""
    code, _, err = code_out_err(invoke("fix"))
    assert code == 2 and "no GRAPH given" in err
    shutil.copyfile(ROOT / "fuzzroute" / "examples" / "support.json", "support.json")
    Path("pyproject.toml").write_text(
        '[tool.fuzzroute]\ngraphs = ["support.json", "devops.py"]\nfail-on = "never"\n\n'
        '[tool.fuzzroute.fix]\nselect = ["decided-overlap"]\n', encoding="utf-8",
    )
    code, out, _ = code_out_err(invoke("fix", "--write", "-q"))
    # support.json's overlap has no safe fix (unsafe, not made); devops.py's has one; the inflection is not selected
    assert code == 0, out
    assert out.splitlines() == [
        "Nothing to write: support.json is unchanged.",
        "Wrote 1 fix(es) into devops.py. Run `fuzzroute check devops.py --fail-on never` to prove them.",
    ]
    assert [e.id for e in load_graph("devops.py").graph.entries][:2] == ["scale", "incident"]
    code, out, _ = code_out_err(invoke("fix", "support.json", "--fail-on", "decided"))
    assert code == 1 and "After the fixes, --fail-on decided still fails." in out
    code, out, _ = code_out_err(invoke("--isolated", "fix", "devops.py"))
    assert code == 0 and "inflection" in out  # no table: every kind, decided policy


@pytest.mark.parametrize(("args", "said"), [
    (("--diff", "--write"), "--diff and --write exclude each other"),
    (("--select", "decided-redos"), "--select decided-redos: not a finding code"),
    (("--fail-on", "new"), "--fail-on new compares with an earlier run"),
    (("--fail-on", "sometimes"), "--fail-on 'sometimes' is not a policy"),
])
def test_bad_input_is_exit_2_with_one_paragraph(devops: Path, args: tuple[str, ...], said: str) -> None:
    code, out, err = code_out_err(invoke("fix", "devops.py", *args))
    assert code == 2 and out == "" and said in err and err.count("\n") == 1
    assert devops.read_text("utf-8") == DEVOPS


def test_the_report_shows_the_proposed_edit_on_its_first_decided_rows(devops: Path) -> None:
    code = invoke("report", "devops.py", "--budget", "40", "-q", "-o", "r.html", "--json", "r.json").exit_code
    assert code == 1  # scale's declared example is taken by incident: a proven error, until the fix is made
    # The decided overlap is folded into the proven row of scale's declared example: that row carries it.
    (row,) = [r for r in json.loads(Path("r.json").read_text("utf-8"))["overview"] if r["rule"] == "scale"]
    assert row["tier"] == "proven" and "decided" in [a["tier"] for a in row["also"]]
    assert row["fix"].startswith('move "scale" (rule #2) above "incident" (rule #1) (proven safe: moves only')
    assert "proven safe: moves only messages both" in Path("r.html").read_text("utf-8")


def test_suggest_with_gaps_writes_the_rule_fix_beside_each_gap_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("hr.py").write_text(
        "from fuzzroute import Graph, keywords\n\ngraph = Graph('hr').entry('payroll', match=keywords('payslip'),"
        " examples=['where is my payslip']).entry('agent')\n", encoding="utf-8",
    )
    code, out, _ = code_out_err(invoke("suggest", "hr.py", "--with-gaps", "--write", "--budget", "60"))
    assert code == 0 and "Rule fixes beside the gap examples" in out and "rule fix(es) beside the gaps" in out
    graph = load_graph("hr.py").graph
    assert "payslips" in graph.entries[0].data_matcher.keywords  # type: ignore[union-attr]
    assert invoke("check", "hr.py", "--fail-on", "decided").exit_code == 0
