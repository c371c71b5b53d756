"""`fuzzroute example`: the bundled example graphs a first run needs, from a checkout or a wheel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main
from fuzzroute.cli.example import DESCRIPTIONS, EXAMPLES, bundled_examples
from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent


def test_every_bundled_graph_is_listed_and_every_listed_one_is_bundled() -> None:
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.is_file()) == sorted(DESCRIPTIONS)
    result = CliRunner().invoke(main, ["example"])
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.output.splitlines()] == bundled_examples()


def test_each_bundled_graph_is_written_and_loads(tmp_path: Path) -> None:
    for name in bundled_examples():
        result = CliRunner().invoke(main, ["example", name, "--to", str(tmp_path / "graphs")])
        assert result.exit_code == 0, result.output
        written = tmp_path / "graphs" / name
        assert written.read_bytes() == (EXAMPLES / name).read_bytes()
        assert load_graph(str(written)).graph.entries


def test_the_first_report_on_the_bundled_support_graph_finds_its_planted_shadowing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["example", "support.json"]).exit_code == 0
    result = runner.invoke(main, ["check", "support.json", "--format", "json"])
    assert result.exit_code == 1
    codes = {(p["code"], p["skill"], p["example"]) for p in json.loads(result.output)["problems"]}
    assert ("example-shadowed-by-earlier", "tracking", "where is my order") in codes


def test_an_existing_file_is_never_replaced(tmp_path: Path) -> None:
    mine = tmp_path / "support.json"
    mine.write_text("my own graph", encoding="utf-8")
    result = CliRunner().invoke(main, ["example", "support.json", "--to", str(tmp_path)])
    assert result.exit_code == 2
    assert "already exists" in result.output and "nothing was written" in result.output
    assert mine.read_text(encoding="utf-8") == "my own graph"


def test_an_unknown_name_is_bad_input_naming_the_bundled_ones(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["example", "nope.py", "--to", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.startswith("fuzzroute: error: 'nope.py' is not a bundled example graph")
    assert "support.json" in result.output
    assert list(tmp_path.iterdir()) == []
