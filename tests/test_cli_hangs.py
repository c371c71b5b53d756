"""Inputs that used to hang a command forever: each command now ends, names the rule or file, and exits as documented.

Run as a user runs them: the installed `fuzzroute` command in a subprocess,
killed (and failed) if it is not done within `BOUND` seconds, a generous
bound for a machine under load (each finishes in seconds).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fuzzroute.results.message_table import full_form

HANGS = Path(__file__).resolve().parent / "data" / "hangs"
BOUND = 60
LONG_EXAMPLE = "this is a long declared example that goes on and on with many words to read!"


def fuzzroute(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "fuzzroute", *args], capture_output=True, text=True, timeout=BOUND, cwd=cwd,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`fuzzroute {' '.join(args)}` did not end within {BOUND} s")


def test_check_with_a_catastrophic_regex_and_a_long_example() -> None:
    done = fuzzroute("check", str(HANGS / "words.py"))
    assert done.returncode == 1, done.stderr
    assert "example-misses-own-rule [names]" in done.stdout and LONG_EXAMPLE in done.stdout


def test_claim_of_the_long_example() -> None:
    done = fuzzroute("claim", str(HANGS / "words.py"), LONG_EXAMPLE, "just some words", "--format", "json")
    assert done.returncode == 0, done.stderr
    first, second = json.loads(done.stdout)
    assert (first["cold_walk"], first["cascade"]) == (None, None)
    assert (second["cold_walk"], second["cascade"]) == ("names", "names")
    assert second["cold_walk_detail"]["witness"] == "just some words"


def test_report_with_a_never_route_row_that_pumps_the_regex(tmp_path: Path) -> None:
    done = fuzzroute("report", str(HANGS / "pumped.py"), "--budget", "2s", "-o", str(tmp_path / "r.html"),
                     "--json", str(tmp_path / "r.json"))
    assert done.returncode == 1, done.stderr  # the decided ReDoS fails the default policy
    document = json.loads((tmp_path / "r.json").read_text())
    assert document["proven"]["problems"] == []  # the row is not claimed: `$` needs the a's at the end
    (redos,) = [i for i in document["decided"] if i["kind"] == "decided-redos"]
    assert document["graph"]["rules"][redos["rule_index"]]["id"] == "pumped" and redos["redos"]["attack"]["pump"]


def test_report_of_a_regex_whose_one_text_has_a_hundred_million_characters(tmp_path: Path) -> None:
    done = fuzzroute("report", str(HANGS / "huge_repeat.py"), "--budget", "5s", "-o", str(tmp_path / "r.html"),
                     "--json", str(tmp_path / "r.json"))
    assert done.returncode == 0, done.stderr
    document = full_form(json.loads((tmp_path / "r.json").read_text()))
    undecided = [i for i in document["decided"] if i["kind"] == "undecided"]
    assert [i["rule"] for i in undecided] == ["huge"] and "states" in undecided[0]["reason"]
    assert document["run"]["phrases_generated"] == 0


def test_report_with_a_predicate_that_sleeps(tmp_path: Path) -> None:
    done = fuzzroute("report", str(HANGS / "sleepy.py"), "--budget", "3s", "-o", str(tmp_path / "r.html"),
                     "--json", str(tmp_path / "r.json"), "-v")
    assert done.returncode == 0, done.stderr
    document = full_form(json.loads((tmp_path / "r.json").read_text()))
    slow = [s for s in document["suggestions"] if s["kind"] == "slow-matcher"]
    assert [s["rule"] for s in slow] == ["sleepy"] and "time limit" in slow[0]["message"]
    assert "slow-matcher [sleepy]" in done.stdout
    assert "time:" in done.stdout and "proven" in done.stdout.split("time:")[1]


def test_check_and_report_with_a_predicate_that_never_returns(tmp_path: Path) -> None:
    done = fuzzroute("check", str(HANGS / "endless.py"))
    assert done.returncode == 1, done.stderr
    assert "example-misses-own-rule [endless]" in done.stdout
    report = fuzzroute("report", str(HANGS / "endless.py"), "--budget", "2s", "-o", str(tmp_path / "r.html"),
                       "--json", str(tmp_path / "r.json"), "--condition-limit", "300ms")
    assert report.returncode == 1, report.stderr
    problems = json.loads((tmp_path / "r.json").read_text())["proven"]["problems"]
    assert ("error", "example-misses-own-rule", "endless", "hello there") in [
        (p["kind"], p["code"], p["skill"], p["example"]) for p in problems
    ]


@pytest.mark.parametrize("command", ["check", "claim", "report", "suggest"])
def test_a_graph_file_whose_import_never_returns(command: str, tmp_path: Path) -> None:
    args = [command, str(HANGS / "never_imports.py"), "--import-limit", "1s"]
    if command == "claim":
        args.append("hello")
    done = fuzzroute(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("fuzzroute: error: ") and "never_imports.py:7" in done.stderr
    assert "import time limit" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
