"""What the command says about itself and its run: whole help sentences, exit codes, -q/-v summaries."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from fuzzroute.cli import main
from fuzzroute.cli.options import summary_line

ROOT = Path(__file__).resolve().parent.parent
SUPPORT = str(ROOT / "examples" / "support.py")


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_the_command_list_shows_whole_sentences() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    listing = squeeze(result.output.split("Commands:", 1)[1])
    assert "..." not in listing
    context = click.Context(main)
    for name in main.list_commands(context):  # type: ignore[attr-defined]
        command = main.get_command(context, name)  # type: ignore[attr-defined]
        assert command is not None, name
        line = summary_line(command)
        assert line.endswith((".", "!", "?")) or command.short_help, (name, line)
        assert squeeze(f"{name} {line}") in listing, name


@pytest.mark.parametrize("command", ["report", "check"])
def test_exit_codes_are_listed_in_the_help(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    codes = result.output.split("Exit codes:", 1)[1]
    for code, words in (("0", "no proven error"), ("1", "at least one proven error"), ("2", "bad input")):
        assert re.search(rf"^\s+{code}\s+{words}", codes, re.M), (code, codes)
    assert "-q, --quiet" in result.output and "-v, --verbose" in result.output


def _report(tmp_path: Path, *flags: str) -> tuple[str, dict[str, object]]:
    html, as_json = tmp_path / "support.html", tmp_path / "support.json"
    result = CliRunner().invoke(
        main, ["report", SUPPORT, "-o", str(html), "--json", str(as_json), "--budget", "300", *flags]
    )
    assert result.exit_code == 1, result.output  # the example has proven errors on purpose
    return result.output, json.loads(as_json.read_text(encoding="utf-8"))


def test_the_summary_counts_generated_and_distinct_phrases(tmp_path: Path) -> None:
    output, document = _report(tmp_path)
    run = document["run"]
    assert isinstance(run, dict)
    counts = f"{run['phrases_generated']} phrases generated, {run['phrases_judged']} distinct judged"
    assert counts in output
    assert "suggestions from" not in output  # the old wording read like a budget overrun
    # One line per overview row; a near miss names the edit that made it.
    near = [line for line in output.splitlines() if " near-miss-" in line]
    edits = "case|apostrophe|contraction|us-uk|compound|function-word|inflection|typo|swap|spacing|punctuation"
    assert near and all(re.search(rf"\(({edits}): ", n) for n in near)


def test_quiet_prints_one_line_and_the_paths(tmp_path: Path) -> None:
    output, document = _report(tmp_path, "-q")
    lines = output.splitlines()
    summary = document["summary"]
    assert isinstance(summary, dict)
    assert len(lines) == 3 and lines[1].startswith("  html: ") and lines[2].startswith("  json: ")
    assert f"{summary['proven_errors']} proven errors" in lines[0] and "not proof" in lines[0]


def test_verbose_lists_every_finding_with_its_edit(tmp_path: Path) -> None:
    output, document = _report(tmp_path, "-v")
    problems = document["proven"]["problems"]  # type: ignore[index]
    suggestions = document["suggestions"]
    assert isinstance(suggestions, list)
    listed = [line for line in output.splitlines() if line.startswith("    ")]
    assert len(listed) == len(problems) + len(suggestions)
    for s in suggestions:
        if s["mutation"]:
            assert any(f"({s['mutation']})" in line for line in listed), s["mutation"]


def test_quiet_and_verbose_together_are_bad_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["report", SUPPORT, "-o", str(tmp_path / "x.html"), "-q", "-v"])
    assert result.exit_code == 2 and "contradict" in result.output
    assert not (tmp_path / "x.html").exists()


def test_check_quiet_and_verbose() -> None:
    quiet = CliRunner().invoke(main, ["check", SUPPORT, "-q"])
    assert quiet.exit_code == 1
    assert quiet.output.strip() == (
        "3 error(s), 3 warning(s) in declared examples and never-route rows. Decided: 1 shared text; 1 to act on."
    )
    proven_only = CliRunner().invoke(main, ["check", SUPPORT, "-q", "--no-decide"])
    assert proven_only.exit_code == 1
    assert proven_only.output.strip() == "3 error(s), 3 warning(s) in declared examples and never-route rows."
    verbose = CliRunner().invoke(main, ["check", SUPPORT, "-v"])
    assert verbose.exit_code == 1
    assert "claims: cold walk -> order-status, cascade -> order-status" in verbose.output
