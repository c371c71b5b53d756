"""`fuzzroute report` driven through the CLI as a user would.

The report's content is tested in test_report_*; here: the command's paths,
exit codes, `--json`, `--open`, budgets, and that bad input writes nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import code_out_err, invoke

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_default_path_json_twin_and_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = code_out_err(invoke(
        "report", str(EXAMPLES / "support.py"), "--json", "support.json", "--budget", "300"))
    assert code == 1  # the example declares phrases that are provably shadowed
    html = tmp_path / "reports" / "support.html"
    assert html.is_file() and html.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html>")
    document = json.loads((tmp_path / "support.json").read_text(encoding="utf-8"))
    assert document["schema_version"] == 6
    assert document["summary"]["exit_status"] == 1
    assert document["run"]["budget_phrases"] == 300 and document["run"]["phrases_judged"] <= 300
    assert "samples, not proof" in out and "reports/support.html" in out
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob(".*.tmp*"))


def test_a_clean_graph_exits_zero_even_with_suggestions(tmp_path: Path) -> None:
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps({
        "name": "clean",
        "entries": [
            {"id": "orders", "match": {"regex": "\\border\\b", "flags": "i"}},
            {"id": "tracking", "match": {"regex": "where is my (order|package)"}, "examples": ["where is my package"]},
        ],
    }))
    target = tmp_path / "out" / "clean.html"
    code, _, _ = code_out_err(invoke("report", str(graph), "-o", str(target), "--json", str(tmp_path / "clean.json")))
    document = json.loads((tmp_path / "clean.json").read_text(encoding="utf-8"))
    assert code == 1  # `orders` takes the fixed word `order` of `tracking` for every message: decided
    assert document["summary"]["proven_errors"] == 0 and document["summary"]["fail_on"] == "decided"
    code, _, _ = code_out_err(invoke("report", str(graph), "-o", str(target), "--fail-on", "proven"))
    assert code == 0  # suggestions never fail a build
    assert any(s["kind"] == "generated-shadowed-by-earlier" for s in document["suggestions"])
    assert target.is_file()


def test_open_hands_the_file_url_to_the_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    def open_url(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr("webbrowser.open", open_url)
    target = tmp_path / "r.html"
    invoke("report", str(EXAMPLES / "mounts" / "scorer.json"), "-o", str(target), "--budget", "100", "--open")
    assert opened == [target.resolve().as_uri()]


def test_time_budget(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    invoke("report", str(EXAMPLES / "support.py"), "-o", str(tmp_path / "r.html"), "--json", str(out),
           "--budget", "1500ms")
    run = json.loads(out.read_text(encoding="utf-8"))["run"]
    assert run["budget_seconds"] == 1.5 and run["budget_phrases"] is None
    assert run["ended_by"] in ("time-budget", "exhausted")


@pytest.mark.parametrize("budget", ["3x", "0", "-5", "s"])
def test_a_bad_budget_is_bad_input_and_writes_nothing(tmp_path: Path, budget: str) -> None:
    target = tmp_path / "r.html"
    code, out, err = code_out_err(invoke("report", str(EXAMPLES / "support.py"), "-o", str(target), "--budget", budget))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("fuzzroute: error: ") and "--budget" in err
    assert not target.exists()


def test_a_bad_graph_is_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    graph = tmp_path / "bad.py"
    graph.write_text("from fuzzroute import Graph\ngraph = Graph('x').entry('a', match='refund')\n")
    target = tmp_path / "r.html"
    code, _, err = code_out_err(invoke("report", str(graph), "-o", str(target), "--json", str(tmp_path / "r.json")))
    assert code == 2 and "bad.py:2" in err and 'entry "a"' in err
    assert list(tmp_path.iterdir()) == [graph]


def test_json_output_is_not_corrupted_by_library_chatter(tmp_path: Path) -> None:
    """exrex prints warnings to stdout for constructs it drops; they must not reach ours."""
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps({
        "name": "atomic",
        "entries": [{"id": "a", "match": {"regex": "(?>ab)+c"}}, {"id": "b", "match": {"keywords": ["c"]}}],
    }))
    done = subprocess.run(
        [sys.executable, "-m", "fuzzroute", "check", str(graph), "--format", "json"],
        capture_output=True, text=True, check=False,
    )
    json.loads(done.stdout)
    done = subprocess.run(
        [sys.executable, "-m", "fuzzroute", "report", str(graph), "-o", str(tmp_path / "r.html"),
         "--budget", "200"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("fuzzroute report: atomic")
    assert "[!]" not in done.stdout and "cannot handle" not in done.stdout


def test_the_installed_console_script(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("fuzzroute")
    assert script.exists() or shutil.which("fuzzroute"), "pip install -e . installs the `fuzzroute` script"
    command = str(script) if script.exists() else "fuzzroute"
    done = subprocess.run(
        [command, "report", str(EXAMPLES / "planted_defects.py"), "-o", str(tmp_path / "p.html"), "--budget", "300"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 1, done.stderr  # no proven error, decided findings to act on
    assert (tmp_path / "p.html").is_file()


def test_progress_bar_draws_on_a_terminal_and_stays_silent_off_one() -> None:
    import io

    from fuzzroute.cli.progress import progress_bar

    with progress_bar(io.StringIO()) as off:
        assert off is None
    screen = io.StringIO()
    with progress_bar(screen, force=True) as update:
        assert update is not None
        update(50, 200)
        update(200, 200)
    drawn = screen.getvalue()
    assert "generating phrases" in drawn and "200/200" in drawn


def test_an_unwritable_output_is_bad_input_and_writes_neither_file(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    twin = tmp_path / "twin.json"
    code, out, err = code_out_err(invoke(
        "report", str(EXAMPLES / "mounts" / "rules.json"), "-o", str(blocker / "x.html"),
                            "--json", str(twin), "--budget", "50"))
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("fuzzroute: error: ") and "cannot write the report" in err and "afile" in err
    assert not twin.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_a_phrase_count_no_run_can_reach_is_refused() -> None:
    code, _, err = code_out_err(invoke("report", str(EXAMPLES / "support.py"), "--budget", "99999999999999999999"))
    assert code == 2 and "time budget" in err and "Traceback" not in err


def test_the_library_accepts_a_huge_phrase_budget_with_a_time_limit() -> None:
    from fuzzroute.generate import explore
    from fuzzroute.graphfiles.loader import load_graph

    run = explore(load_graph(EXAMPLES / "mounts" / "rules.json").graph, budget_phrases=10**20, budget_seconds=1.0)
    assert run.phrases_judged > 0


def test_when_the_json_twin_cannot_be_written_the_html_is_not_written_either(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    html = tmp_path / "r.html"
    html.write_text("old report")
    code, _, err = code_out_err(invoke("report", str(EXAMPLES / "mounts" / "rules.json"), "-o", str(html),
                          "--json", str(blocker / "r.json"), "--budget", "50"))
    assert code == 2 and "cannot write the report" in err
    assert html.read_text() == "old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "r.html"]


def test_a_pipe_as_output_is_refused_and_stays_a_pipe(tmp_path: Path) -> None:
    # A rename would turn a pipe or device (say -o /dev/null) into a plain file.
    pipe = tmp_path / "pipe.html"
    os.mkfifo(pipe)
    twin = tmp_path / "twin.json"
    code, out, err = code_out_err(invoke("report", str(EXAMPLES / "mounts" / "rules.json"), "-o", str(pipe),
                            "--json", str(twin), "--budget", "50"))
    assert code == 2 and out == "" and "Traceback" not in err
    assert "cannot write the report" in err and "not a regular file" in err
    assert stat.S_ISFIFO(pipe.stat().st_mode) and not twin.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.html"]
