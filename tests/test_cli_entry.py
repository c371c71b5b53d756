"""How the command is started and what `check` does with several graphs (as a pre-commit hook passes them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute import __version__
from fuzzroute.cli import main

ROOT = Path(__file__).resolve().parent.parent
SUPPORT = str(ROOT / "examples" / "support.py")
AUTHORING = str(ROOT / "examples" / "authoring.py")
SHOP = str(ROOT / "examples" / "nightly_shop.json")


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version_flags(flag: str) -> None:
    result = CliRunner().invoke(main, [flag])
    assert result.exit_code == 0 and result.output == f"fuzzroute, version {__version__}\n"


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_python_dash_m_is_the_same_command(flag: str) -> None:
    done = subprocess.run([sys.executable, "-m", "fuzzroute", flag], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout == f"fuzzroute, version {__version__}\n"
    listed = subprocess.run([sys.executable, "-m", "fuzzroute", "--help"], capture_output=True, text=True, check=False)
    assert listed.returncode == 0 and "diff" in listed.stdout and "Usage: fuzzroute" in listed.stdout


def test_check_takes_several_graphs() -> None:
    clean = CliRunner().invoke(main, ["check", AUTHORING, SHOP, "-q", "--fail-on", "proven"])
    assert clean.exit_code == 0
    assert clean.output.splitlines() == [  # one line per graph: proven counts, then the decided ones
        f"{AUTHORING}: 0 error(s), 0 warning(s) in declared examples and never-route rows. "
        "Decided: 1 shared text; 1 to act on.",
        f"{SHOP}: 0 error(s), 0 warning(s) in declared examples and never-route rows. "
        "Decided: 1 shared text; 1 to act on.",
    ]
    failing = CliRunner().invoke(main, ["check", AUTHORING, SHOP, "-q"])
    assert failing.exit_code == 1  # each has a decided finding to act on, which the default policy fails on
    mixed = CliRunner().invoke(main, ["check", AUTHORING, SUPPORT, "--format", "json", "--fail-on", "proven"])
    assert mixed.exit_code == 1  # one graph has proven errors
    documents = json.loads(mixed.stdout)
    assert [d["graph"] for d in documents] == [AUTHORING, SUPPORT]
    assert documents[0]["problems"] == [] and documents[1]["problems"]
    single = json.loads(CliRunner().invoke(main, ["check", SUPPORT, "--format", "json"]).stdout)
    # one graph: the document as before, with the decided tier's keys
    assert set(single) == {"problems", "notes", "decided", "decided_counts", "decided_failing", "decided_defects"}


def test_check_with_one_bad_graph_writes_nothing(tmp_path: Path) -> None:
    junit, sarif = tmp_path / "c.xml", tmp_path / "c.sarif"
    result = CliRunner().invoke(
        main, ["check", SUPPORT, str(tmp_path / "missing.py"), "--junit", str(junit), "--sarif", str(sarif)]
    )
    assert result.exit_code == 2 and "no such file" in result.stderr
    assert not junit.exists() and not sarif.exists()


def test_check_sarif_holds_one_run_per_graph(tmp_path: Path) -> None:
    sarif = tmp_path / "c.sarif"
    result = CliRunner().invoke(main, ["check", SUPPORT, AUTHORING, "--sarif", str(sarif), "-q", "--no-decide"])
    assert result.exit_code == 1
    runs = json.loads(sarif.read_text(encoding="utf-8"))["runs"]
    assert [r["automationDetails"]["id"] for r in runs] == ["fuzzroute/support/", "fuzzroute/authoring/"]
    assert len(runs[0]["results"]) == 6 and runs[1]["results"] == []
    # deciding by default, each run also carries its graph's decided findings
    result = CliRunner().invoke(main, ["check", SUPPORT, AUTHORING, "--sarif", str(sarif), "-q"])
    decided = [[r for r in run["results"] if r["properties"]["tier"] == "decided"]
               for run in json.loads(sarif.read_text(encoding="utf-8"))["runs"]]
    assert result.exit_code == 1 and all(decided)


def test_diff_help_lists_its_exit_codes() -> None:
    result = CliRunner().invoke(main, ["diff", "--help"])
    assert result.exit_code == 0
    codes = result.output.split("Exit codes:", 1)[1]
    for code in ("0", "1", "2"):
        assert f"  {code}  " in codes
    assert "git:REV:path" in result.output
