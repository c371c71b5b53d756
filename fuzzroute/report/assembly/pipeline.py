"""`write_report`: run the checkup and the generation engine, then write HTML and JSON.

The proven checkup runs first and always completes, so an interrupted
generation still yields a report whose proven half is whole; only the
generated half is marked partial.  Both files are rendered in memory before
either is written, and each is written atomically.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from fuzzroute.decided import ANY, Decisions, decide
from fuzzroute.engine import graph_code
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.text import SHOWN_NAME
from fuzzroute.generate import explore as explore_graph
from fuzzroute.graphfiles.loader import split_spec
from fuzzroute.report.assembly.build import GraphFormat, MemoryInput, build_report
from fuzzroute.report.assembly.fail_on_findings import DEFAULT_FAIL_ON
from fuzzroute.report.assembly.interrupt import (
    ABORTABLE,
    COOPERATIVE,
    Aborted,
    RunInterrupted,
    StopRequest,
    stop_on_interrupt,
)
from fuzzroute.report.assembly.junit_suites import report_junit
from fuzzroute.report.assembly.proven_rows import rows_as_reported
from fuzzroute.report.assembly.replay import replay_witness
from fuzzroute.report.persistence.atomic import unwritable, write_all_atomically
from fuzzroute.report.persistence.history import Baseline
from fuzzroute.report.persistence.ledger import check_db, read_memory, write_with_memory
from fuzzroute.report.persistence.paths import NamedPath, refuse_collisions
from fuzzroute.report.persistence.run_id import new_run_id
from fuzzroute.report.render.html import render_html
from fuzzroute.report.render.sarif import sarif_text
from fuzzroute.results.document import DecidedRecord, Report
from fuzzroute.results.jsonform import compact_bytes
from fuzzroute.results.message_table import written_document
from fuzzroute.results.record import Omitted, to_json
from fuzzroute.results.suggestions import Exploration

Explorer = Callable[..., Exploration]
StopFlag = Callable[[], bool]

__all__ = ["ReportResult", "default_html_path", "empty_exploration", "stop_on_interrupt", "write_report"]

INTERRUPTED_REASON = "Generation was stopped (Ctrl-C or a stop request) before it finished."
INTERRUPTED_EARLY_REASON = (
    "Generation was interrupted (Ctrl-C) before it returned any result, so no generated phrases are reported."
)
INTERRUPTED_IN_DECIDED_REASON = (
    "The run was interrupted (Ctrl-C) during the decided tier: every decision it made stands, the rules it did "
    "not reach are listed, and generation did not run; the proven checks are complete."
)
DECIDED_INTERRUPTED = (
    "The decided tier was interrupted (Ctrl-C) and did not stop between two rules within the grace period; "
    "nothing of it is reported."
)
#: `phases(phase, done, total)`: progress of each phase, named "proven", "decided" or "generation".
PhaseProgress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class ReportResult:
    """What a report run produced: the document (its JSON form and typed), where it went, and the exit status."""

    document: dict[str, Any]
    report: Report
    exit_status: int
    html_path: Path
    json_path: Path | None
    partial: bool
    interrupted: bool


def default_html_path(graph_name: str, directory: str | Path = "reports") -> Path:
    """`reports/<graph-name>.html`, with the name reduced to characters safe in a file name (and shortened)."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", graph_name).strip(".-") or "graph"
    if len(safe) > SHOWN_NAME:  # a file name has a length limit (255 bytes); two long names stay apart by hash
        digest = hashlib.sha256(graph_name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
        safe = f"{safe[:SHOWN_NAME - 11].rstrip('.-')}-{digest}"
    return Path(directory) / f"{safe}.html"


def empty_exploration(
    seed: int, budget_phrases: int | None, budget_seconds: float | None, *, partial: bool
) -> Exploration:
    """An exploration with nothing in it, for a generation that never returned."""
    return Exploration(
        seed=seed,
        budget_phrases=budget_phrases,
        budget_seconds=budget_seconds,
        phrases_generated=0,
        phrases_judged=0,
        elapsed_seconds=0.0,
        suggestions=(),
        rules=(),
        steals=(),
        partial=partial,
    )


#: Of a time budget, the share the decided tier may take before it stops (the rules it did not reach are
#: listed as not reached; every decision it made stands).  Generation gets what is left of the budget.
DECIDE_SHARE = 0.5


def run_decisions(
    graph: Graph,
    *,
    workers: int = 1,
    should_stop: StopFlag | None = None,
    budget_seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Decisions:
    """The decided tier of `graph`, stopped by a stop request or by its share of a time budget (on `clock`)."""
    stop = should_stop
    if budget_seconds is not None:
        deadline = clock() + budget_seconds * DECIDE_SHARE

        def stop() -> bool:
            return (should_stop is not None and should_stop()) or clock() > deadline

    return decide(graph, workers=workers, should_stop=stop, progress=progress, winners=ANY)


class _PhaseClock:
    """Seconds spent per phase, in the order the phases ran, and what remains of a time budget on `clock`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds: dict[str, float] = {}
        self.clock = clock
        self.started = clock()

    @contextlib.contextmanager
    def __call__(self, phase: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[phase] = round(time.perf_counter() - start, 6)

    def left_of(self, budget_seconds: float | None) -> float | None:
        """What remains of a time budget that started with the run (never below zero)."""
        if budget_seconds is None:
            return None
        return max(0.0, budget_seconds - (self.clock() - self.started))


def _with_report_phase(report: Report, seconds: float) -> Report:
    """Add the time spent building and rendering the outputs (phase "report") to the run's phase times."""
    if isinstance(report.run.phase_seconds, Omitted):
        return report
    phases = {**report.run.phase_seconds, "report": seconds}
    return replace(report, run=replace(report.run, phase_seconds=phases))


def _reporter(phases: PhaseProgress | None, phase: str) -> Callable[[int, int | None], None] | None:
    if phases is None:
        return None
    return lambda done, total: phases(phase, done, total)


def _in_phase(stop: StopRequest | None, mode: str) -> contextlib.AbstractContextManager[None]:
    return contextlib.nullcontext() if stop is None else stop.phase(mode)


@dataclass(frozen=True)
class ReportOptions:
    """What one report run writes and how it runs: `write_report`'s settings, each with the CLI's default.

    The paths are the files written (the HTML page at `html_path`, or
    `default_html_path` of the graph's name); `seed` and the budgets steer
    generation; `baseline` (or `db`, the `--db` folder) says what a finding
    is new against; `fail_on` decides the exit status.  See `write_report`.
    """

    html_path: str | Path | None = None
    json_path: str | Path | None = None
    seed: int = 0
    budget_phrases: int | None = None
    budget_seconds: float | None = None
    progress: Callable[..., Any] | None = None
    should_stop: StopFlag | None = None
    source_path: str | None = None
    graph_format: GraphFormat = "python"
    explore: Explorer | None = None
    now: datetime | None = None
    baseline: Baseline | None = None
    baseline_source: str = "baseline"
    sarif_path: str | Path | None = None
    junit_path: str | Path | None = None
    fail_on: str = DEFAULT_FAIL_ON
    db: str | Path | None = None
    db_shown: str | Path | None = None
    decide: bool = True
    workers: int = 1
    shard: tuple[int, int] | None = None
    phases: PhaseProgress | None = None
    typos: bool = False
    #: The edits `fuzzroute fix` proposes for the first decided findings (by record id), or None for none:
    #: the command line passes the fix layer's, which this layer does not import.
    fixes: Callable[[Graph, Decisions, list[DecidedRecord]], Mapping[str, str]] | None = None
    #: The files the run reads, for the one check that no output replaces an input: the graph's file (by
    #: default the file of `source_path`) and the baseline's (a `--json` onto it is a rolling baseline).
    graph_file: str | Path | None = None
    baseline_file: str | Path | None = None
    #: The clock a time budget is measured on (seconds, only differences count); tests give their own.
    clock: Callable[[], float] = time.monotonic


def applied_fail_on(settings: ReportOptions) -> str:
    """The policy a run applies: `decided` without the decided tier is `proven` (there is nothing decided to fail on).

    So `ReportOptions(decide=False)` records the policy it really applied, as
    the CLI's `--no-decide` does without an explicit `--fail-on`.
    """
    return "proven" if settings.fail_on == "decided" and not settings.decide else settings.fail_on


def write_report(graph: Graph, options: ReportOptions | None = None, /, **changes: Any) -> ReportResult:
    """Run checkup + exploration and write the report; see the module docstring.

    `options` (`ReportOptions`) says what to write and how to run; `changes`
    are fields of it given by name (`write_report(graph, html_path=...,
    json_path=...)`), applied on top of `options` (an unknown name is a
    TypeError, as for any call).

    A KeyboardInterrupt raised inside the exploration is caught and turned
    into a partial report; one raised while rendering or writing propagates
    and leaves any existing report untouched.  `should_stop` returning true
    after the exploration also marks the report as interrupted.  With a
    `baseline` (an earlier document, see `history.load_baseline`) every
    finding is marked new or still and the resolved ones are listed.  With
    `db` (a folder) the stored witnesses are replayed and the ledger plays
    the baseline's part (see `memory`); it is rewritten with the report.
    `db_shown` is how the document names that folder (the CLI passes `db`
    anchored to an absolute path, and the folder as the user wrote it here).
    `sarif_path` and `junit_path` add a SARIF and a JUnit file to the same all-or-nothing write, and
    `fail_on` (see `fail_on_findings`; `decided` by default, as on the
    command line) decides the exit status.
    `decide=False` leaves out the decided tier (the document says it did not
    run); `decided` is then applied as `proven` (see `applied_fail_on`).
    `typos=True` also generates typo near misses (see `explore`).
    `phases(phase, done, total)` follows each phase ("proven", "decided",
    "generation"); `run.phase_seconds` gives the time of each.  With the
    `should_stop` of `stop_on_interrupt` (see `interrupt`), a Ctrl-C during
    the proven checks propagates (nothing is written), one during the decided
    tier leaves it and generation out of a report that is still written, and
    one during generation stops it as a stop request does.
    """
    settings = dataclasses.replace(options if options is not None else ReportOptions(), **changes)
    if settings.db is not None and settings.baseline is not None:
        raise InputError(
            "--db and --baseline both say what a finding is new against; pass one. --db keeps its own "
            "baseline (the last run's witnesses, replayed)."
        )
    if settings.db is not None:
        check_db(settings.db)
    ledger_file, ledger = read_memory(settings.db, graph.name) if settings.db is not None else (None, None)
    target = Path(settings.html_path) if settings.html_path is not None else default_html_path(graph.name)
    graph_file = settings.graph_file or (split_spec(settings.source_path)[0] if settings.source_path else None)
    refuse_collisions(  # the run's one check, before any work: no output may replace an input or another output
        [NamedPath(role, Path(path)) for role, path in (
            ("the graph", graph_file), ("--baseline", settings.baseline_file),
        ) if path is not None],
        [NamedPath(role, Path(path)) for role, path in (
            ("-o", target), ("--json", settings.json_path), ("--sarif", settings.sarif_path),
            ("--junit", settings.junit_path), ("the --db ledger", ledger_file),
        ) if path is not None],
        allowed={("--json", "--baseline")},  # a rolling baseline: read in full before anything is written
    )
    stop = settings.should_stop if isinstance(settings.should_stop, StopRequest) else None
    clock = _PhaseClock(settings.clock)
    with _in_phase(stop, ABORTABLE), clock("proven"):
        checkup = graph.checkup(progress=_reporter(settings.phases, "proven"))
    decisions: Decisions | None = None
    decided_interrupted = stopped_in_decided = False
    if settings.decide:
        try:
            # Cooperative: a stop request ends the tier between rules (the rules after it are listed as
            # not reached); only a tier that does not stop within the grace period is dropped whole.
            with _in_phase(stop, COOPERATIVE), clock("decided"):
                decisions = run_decisions(
                    graph, workers=settings.workers, should_stop=settings.should_stop,
                    budget_seconds=clock.left_of(settings.budget_seconds),
                    progress=_reporter(settings.phases, "decided"), clock=settings.clock,
                )
        except RunInterrupted:
            decided_interrupted = True
        # A stop request during the tier (not a time budget) also ends the run before generation.
        stopped_in_decided = decided_interrupted or (stop is not None and stop.requested)
    explorer = settings.explore if settings.explore is not None else explore_graph
    reason: str | None = None
    scale: dict[str, Any] = {}
    if settings.workers != 1:
        scale["workers"] = settings.workers
    if settings.shard is not None:
        scale["shard"] = settings.shard
    if settings.typos:
        scale["typos"] = True
    if settings.explore is None:
        # The decided tier ran first: once generation's overlap phase has read its automata, no phase needs them.
        scale["release_automata"] = True
    generation = _reporter(settings.phases, "generation") if settings.progress is None else settings.progress
    nothing_generated = empty_exploration(settings.seed, settings.budget_phrases, settings.budget_seconds, partial=True)
    if stopped_in_decided:
        exploration = nothing_generated
        reason = INTERRUPTED_IN_DECIDED_REASON
    else:
        try:
            with _in_phase(stop, COOPERATIVE), clock("generation"):
                exploration = explorer(
                    graph,
                    seed=settings.seed,
                    budget_phrases=settings.budget_phrases,
                    budget_seconds=clock.left_of(settings.budget_seconds),
                    progress=generation,
                    should_stop=settings.should_stop,
                    **scale,
                )
        except Aborted:
            raise
        except KeyboardInterrupt:
            exploration = nothing_generated
            reason = INTERRUPTED_EARLY_REASON
    # The report names the budget the user gave (generation ran on what the earlier phases left of it).
    exploration = replace(exploration, budget_seconds=settings.budget_seconds)
    interrupted = reason is not None or (settings.should_stop is not None and bool(settings.should_stop()))
    if interrupted and reason is None:
        reason = INTERRUPTED_REASON
    db, shown = settings.db, settings.db_shown
    memory = None if db is None or ledger_file is None else MemoryInput(
        ledger, shown if shown is not None else db,
        ledger_file if shown is None else Path(shown) / Path(ledger_file).relative_to(db), settings.typos,
    )
    started = time.perf_counter()
    report = build_report(
        graph, checkup, exploration, decisions=decisions, source_path=settings.source_path,
        graph_format=settings.graph_format, partial_reason=reason, now=settings.now, baseline=settings.baseline,
        baseline_source=settings.baseline_source, memory=memory,
        fail_on=applied_fail_on(settings), run_id=new_run_id(), phase_seconds=dict(clock.seconds),
        decision_reason=DECIDED_INTERRUPTED if decided_interrupted else None,
        fixes=None if settings.fixes is None or decisions is None or decided_interrupted
        else functools.partial(settings.fixes, graph, decisions),
    )
    html = render_html(report)  # the page shows the phases before it; the JSON and the terminal all of them
    sarif = None if settings.sarif_path is None else sarif_text(report)
    junit = None if settings.junit_path is None else report_junit(to_json(report), rows_as_reported(graph, checkup))
    report = _with_report_phase(report, round(time.perf_counter() - started, 6))
    # The JSON form is made once, from the finished report: the document the file, the ledger and the caller see.
    document = written_document(report)
    files: list[tuple[str | Path, str | bytes]] = [(target, html)]
    if settings.json_path is not None:
        files.append((settings.json_path, compact_bytes(document)))
    if settings.sarif_path is not None and sarif is not None:
        files.append((settings.sarif_path, sarif))
    if settings.junit_path is not None and junit is not None:
        files.append((settings.junit_path, junit))
    graph_code.checkpoint()  # what the graph's code did to the process is refused before anything is written
    try:
        if settings.db is None:
            write_all_atomically(files)
        else:
            write_with_memory(files, report, graph.name, settings.db, replay=functools.partial(replay_witness, graph))
    except OSError as exc:
        raise unwritable(
            exc, target, "the report",
            "choose a writable path with -o/--json/--sarif/--junit (or --db), or create its folder.",
        ) from None
    return ReportResult(
        document=document,
        report=report,
        exit_status=report.summary.exit_status,
        html_path=target,
        json_path=None if settings.json_path is None else Path(settings.json_path),
        partial=report.partial,
        interrupted=interrupted,
    )
