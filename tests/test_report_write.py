"""Writing the report: atomic files, partial reports on interruption, and `write_report` end to end."""

from __future__ import annotations

import json
import os
import signal
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers.report_fixtures import SUPPORT_NEAR_MISSES, SUPPORT_SAMPLES, fake_explorer, support_graph

from fuzzroute.report import (
    read_report,
    render_html,
    schema_errors,
    stop_on_interrupt,
    summary_text,
    write_atomically,
    write_report,
)
from fuzzroute.report.assembly.pipeline import default_html_path
from fuzzroute.report.render.html import _environment
from fuzzroute.results.suggestions import Exploration

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def files_in(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_write_atomically_creates_parents_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "report.html"
    assert write_atomically(target, "héllo\n") == target
    assert target.read_text("utf-8") == "héllo\n"
    assert files_in(target.parent) == ["report.html"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_write_atomically_replaces_and_keeps_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old")
    os.chmod(target, 0o600)
    write_atomically(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.parametrize("failure", [OSError("disk full"), KeyboardInterrupt()])
def test_a_failed_write_keeps_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    target = tmp_path / "report.html"
    target.write_text("the previous, whole report")

    def broken_fsync(fd: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(type(failure)):
        write_atomically(target, "x" * 100_000)
    assert target.read_text() == "the previous, whole report"
    assert files_in(tmp_path) == ["report.html"]


def run_report(tmp_path: Path, **options: Any) -> Any:
    graph = support_graph()
    explorer = options.pop("explore", fake_explorer(SUPPORT_SAMPLES, SUPPORT_NEAR_MISSES))
    out = tmp_path / "out"
    return write_report(graph, html_path=out / "help-desk.html", json_path=out / "help-desk.json",
                        explore=explorer, now=NOW, source_path="graphs/help_desk.py", **options)


def test_write_report_writes_both_files_from_one_document(tmp_path: Path) -> None:
    result = run_report(tmp_path, seed=3, budget_phrases=200)
    document = json.loads(result.json_path.read_text("utf-8"))
    assert document == result.document and schema_errors(document) == []
    assert result.html_path.read_text("utf-8") == render_html(result.report)
    assert document["run"]["seed"] == 3 and document["run"]["budget_phrases"] == 200
    assert result.exit_status == 1 == document["summary"]["exit_status"]
    assert result.partial is False and result.interrupted is False
    assert files_in(tmp_path / "out") == ["help-desk.html", "help-desk.json"]


def test_the_explorer_receives_every_option(tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def explorer(graph: Any, **options: Any) -> Exploration:
        seen.update(options)
        return fake_explorer({})(graph, **options)

    def progress(*args: Any) -> None:
        pass

    def stop() -> bool:
        return False

    ticks: list[float] = []

    def clock() -> float:
        """A clock that moves a tenth of a second each time it is read, whatever the machine's load."""
        ticks.append(100.0 + 0.1 * len(ticks))
        return ticks[-1]

    result = run_report(tmp_path, explore=explorer, seed=9, budget_seconds=2.5, progress=progress, should_stop=stop,
                        clock=clock, decide=False)
    # Generation gets what the earlier phases left of the time budget (read on the run's clock: started at its
    # first reading, measured at its second); the report names the budget.
    given = seen.pop("budget_seconds")
    assert ticks == [100.0, 100.1] and given == pytest.approx(2.5 - 0.1)
    assert seen == {"seed": 9, "budget_phrases": None, "progress": progress, "should_stop": stop}
    assert result.document["run"]["budget_seconds"] == 2.5


def test_the_decided_tier_and_generation_split_a_time_budget_on_the_runs_clock(tmp_path: Path) -> None:
    """The decided tier stops at its share of the budget, generation gets what is left: on the injected clock."""
    seen: dict[str, Any] = {}

    def explorer(graph: Any, **options: Any) -> Exploration:
        seen.update(options)
        return fake_explorer({})(graph, **options)

    now = [0.0]

    def clock() -> float:
        now[0] += 1.0  # each reading a second later: the decided tier's share (half of 8 s) runs out first
        return now[0]

    result = run_report(tmp_path, explore=explorer, budget_seconds=8.0, clock=clock)
    # Read at 1 (start), 2 (what the tier gets: 7 s, half of it its share, so its deadline is 3 + 3.5), then once
    # per stop poll: the tier stops at the first reading past 6.5, so generation, reading the clock after it, gets
    # at most 8 - (8 - 1) seconds.
    assert result.document["decision"]["not_reached"]  # stopped by its share of the budget, rules not reached
    assert 0.0 <= seen["budget_seconds"] <= 1.0


def test_a_failure_mid_render_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "help-desk.html").write_text("previous report")
    calls = {"n": 0}
    real = _environment().filters["phrase"]

    def fails_on_the_third_phrase(text: str) -> Any:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("renderer broke half way")
        return real(text)

    monkeypatch.setitem(_environment().filters, "phrase", fails_on_the_third_phrase)
    with pytest.raises(RuntimeError, match="half way"):
        run_report(tmp_path)
    assert calls["n"] == 3
    assert files_in(out) == ["help-desk.html"] and (out / "help-desk.html").read_text() == "previous report"


def test_ctrl_c_during_generation_writes_a_partial_report(tmp_path: Path) -> None:
    def interrupted(graph: Any, **options: Any) -> Exploration:
        raise KeyboardInterrupt

    result = run_report(tmp_path, explore=interrupted, seed=4)
    document = json.loads(result.json_path.read_text())
    assert document["partial"] is True and result.partial and result.interrupted
    assert "interrupted" in document["partial_reason"]
    # The proven half is whole: the checkup ran before generation.
    assert document["proven"]["problems"] == result.document["proven"]["problems"] != []
    assert result.exit_status == 1
    html = result.html_path.read_text()
    assert 'id="partial"' in html and html.rstrip().endswith("</html>")


def test_should_stop_marks_the_report_partial(tmp_path: Path) -> None:
    result = run_report(tmp_path, should_stop=lambda: True)
    assert result.interrupted and result.document["partial"] is True
    assert result.document["run"]["phrases_generated"] == sum(1 for v in SUPPORT_SAMPLES.values() if v)


def test_default_path_is_under_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_html_path("help-desk") == Path("reports/help-desk.html")
    assert default_html_path("a/b c:ü") == Path("reports/a-b-c.html")
    assert default_html_path("...") == Path("reports/graph.html")
    monkeypatch.chdir(tmp_path)
    result = write_report(support_graph(), explore=fake_explorer({}), now=NOW)
    assert result.html_path == Path("reports/help-desk.html") and (tmp_path / "reports/help-desk.html").exists()
    assert result.json_path is None and files_in(tmp_path / "reports") == ["help-desk.html"]


def test_stop_on_interrupt_turns_the_first_ctrl_c_into_a_request() -> None:
    before = signal.getsignal(signal.SIGINT)
    with stop_on_interrupt() as should_stop:
        assert should_stop() is False
        signal.raise_signal(signal.SIGINT)
        assert should_stop() is True
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before


def test_summary_text(tmp_path: Path) -> None:
    result = run_report(tmp_path, budget_phrases=100)
    text = summary_text(result.report, html_path=str(result.html_path), json_path=str(result.json_path))
    summary = result.document["summary"]
    assert f"{summary['proven_errors']} errors" in text and f"{summary['proven_warnings']} warning" in text
    assert f"{summary['suggestions']} suggestions" in text and "not proof" in text
    assert str(result.html_path) in text and str(result.json_path) in text
    assert "PARTIAL" not in text
    # One short line per overview row, in the overview's order.
    shown = [row for row in result.report.overview if row.tier != "proven"]
    said = [f"{row.kind} [{row.rule}]" if row.rule else f"{row.kind} in {len(row.rules)} rules"
            for row in shown if row.kind not in ("more", "co-occurrence")]
    positions = [text.index(line) for line in said]
    assert positions == sorted(positions) and positions
    cut = run_report(tmp_path, should_stop=lambda: True)
    assert "PARTIAL" in summary_text(cut.report)
    assert len(text.splitlines()) <= 20


INTERRUPTED_RUN = r"""
import sys
from fuzzroute.generate import explore
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report import stop_on_interrupt, write_report
from fuzzroute.report import read_report

announced = []
def progress(done, total):
    if not announced:
        announced.append(done)
        print("generating", flush=True)

graph = load_graph(sys.argv[1]).graph
with stop_on_interrupt() as should_stop:
    result = write_report(graph, html_path=sys.argv[2], json_path=sys.argv[3], budget_phrases=10**9,
                          progress=progress, should_stop=should_stop)
print("partial" if result.partial else "whole", result.exit_status, flush=True)
"""


def test_a_real_ctrl_c_mid_generation_writes_a_partial_report(tmp_path: Path) -> None:
    import subprocess
    import sys

    example = Path(__file__).resolve().parent.parent / "examples" / "support.py"
    html, as_json = tmp_path / "r.html", tmp_path / "r.json"
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED_RUN, str(example), str(html), str(as_json)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "generating"
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0 and out.split() == ["partial", "1"]
    document = json.loads(as_json.read_text())
    assert document["partial"] is True and schema_errors(document) == []
    assert html.read_text() == render_html(read_report(document))
    assert files_in(tmp_path) == ["r.html", "r.json"]


def test_write_report_takes_one_options_value_with_names_given_on_top_of_it(tmp_path: Path) -> None:
    from fuzzroute.report import ReportOptions

    explorer = fake_explorer(SUPPORT_SAMPLES, SUPPORT_NEAR_MISSES)
    options = ReportOptions(html_path=tmp_path / "a.html", json_path=tmp_path / "a.json", explore=explorer, now=NOW,
                            decide=False, fail_on="never")
    whole = write_report(support_graph(), options)
    named = write_report(support_graph(), options, html_path=tmp_path / "b.html", json_path=tmp_path / "b.json")
    assert (whole.html_path, named.html_path) == (tmp_path / "a.html", tmp_path / "b.html")
    first, second = (json.loads((tmp_path / name).read_text("utf-8")) for name in ("a.json", "b.json"))
    for document in (first, second):
        document["run"].pop("run_id")
        document["run"].pop("phase_seconds")
        document["run"].pop("elapsed_seconds")
        document["run"].pop("judged_per_second")
    assert first == second
    assert first["summary"]["fail_on"] == "never" and first["decision"]["ran"] is False
    assert whole.exit_status == 0  # --fail-on never: the proven errors do not fail the run
    with pytest.raises(TypeError, match="budget"):
        write_report(support_graph(), options, budget="5s")
