"""`write_report`: run the checkup and the generation engine, then write HTML and JSON.

The proven checkup runs first and always completes, so an interrupted
generation still yields a report whose proven half is whole; only the
generated half is marked partial.  Both files are rendered in memory before
either is written, and each is written atomically.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import FrameType
from typing import Any

from fuzzroute.decided import Decisions, decide
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.generate import explore as explore_graph
from fuzzroute.report.atomic import unwritable, write_all_atomically
from fuzzroute.report.build import GraphFormat, build_document
from fuzzroute.report.decided import reapply_decisions
from fuzzroute.report.failon import DEFAULT_FAIL_ON, exit_code
from fuzzroute.report.history import compare_with_baseline
from fuzzroute.report.ledger import check_db, ledger_path, ledger_text, read_ledger
from fuzzroute.report.memory import apply_memory
from fuzzroute.report.render.html import render_html
from fuzzroute.report.render.sarif import sarif_text
from fuzzroute.results.suggestions import Exploration

Explorer = Callable[..., Exploration]
StopFlag = Callable[[], bool]

INTERRUPTED_REASON = "Generation was stopped (Ctrl-C or a stop request) before it finished."
INTERRUPTED_EARLY_REASON = (
    "Generation was interrupted (Ctrl-C) before it returned any result, so no generated phrases are reported."
)


@dataclass(frozen=True)
class ReportResult:
    """What a report run produced: the document, where it went, and the exit status."""

    document: dict[str, Any]
    exit_status: int
    html_path: Path
    json_path: Path | None
    partial: bool
    interrupted: bool


def default_html_path(graph_name: str, directory: str | Path = "reports") -> Path:
    """`reports/<graph-name>.html`, with the name reduced to characters safe in a file name."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", graph_name).strip(".-") or "graph"
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
#: listed as not reached; every decision it made stands).
DECIDE_SHARE = 0.5


def run_decisions(
    graph: Graph,
    *,
    workers: int = 1,
    should_stop: StopFlag | None = None,
    budget_seconds: float | None = None,
) -> Decisions:
    """The decided tier of `graph`, stopped by a stop request or by its share of a time budget."""
    stop = should_stop
    if budget_seconds is not None:
        deadline = time.monotonic() + budget_seconds * DECIDE_SHARE

        def stop() -> bool:
            return (should_stop is not None and should_stop()) or time.monotonic() > deadline

    return decide(graph, workers=workers, should_stop=stop)


def write_report(
    graph: Graph,
    *,
    html_path: str | Path | None = None,
    json_path: str | Path | None = None,
    seed: int = 0,
    budget_phrases: int | None = None,
    budget_seconds: float | None = None,
    progress: Callable[..., Any] | None = None,
    should_stop: StopFlag | None = None,
    source_path: str | None = None,
    graph_format: GraphFormat = "python",
    explore: Explorer | None = None,
    now: datetime | None = None,
    baseline: dict[str, Any] | None = None,
    baseline_source: str = "baseline",
    sarif_path: str | Path | None = None,
    fail_on: str = DEFAULT_FAIL_ON,
    db: str | Path | None = None,
    decide: bool = True,
    workers: int = 1,
    shard: tuple[int, int] | None = None,
) -> ReportResult:
    """Run checkup + exploration and write the report; see the module docstring.

    A KeyboardInterrupt raised inside the exploration is caught and turned
    into a partial report; one raised while rendering or writing propagates
    and leaves any existing report untouched.  `should_stop` returning true
    after the exploration also marks the report as interrupted.  With a
    `baseline` (an earlier document, see `history.load_baseline`) every
    finding is marked new or still and the resolved ones are listed.  With
    `db` (a folder) the stored witnesses are replayed and the ledger plays
    the baseline's part (see `memory`); it is rewritten with the report.
    `sarif_path` adds a SARIF file to the same all-or-nothing write, and
    `fail_on` (see `failon`) decides the exit status.
    `decide=False` leaves out the decided tier (the document says it did not run).
    """
    if db is not None and baseline is not None:
        raise InputError(
            "--db and --baseline both say what a finding is new against; pass one. --db keeps its own "
            "baseline (the last run's witnesses, replayed)."
        )
    if db is not None:
        check_db(db)
    ledger_file = None if db is None else ledger_path(db, graph.name)
    ledger = None if ledger_file is None else read_ledger(ledger_file)
    target = Path(html_path) if html_path is not None else default_html_path(graph.name)
    checkup = graph.checkup()
    decisions = (
        run_decisions(graph, workers=workers, should_stop=should_stop, budget_seconds=budget_seconds)
        if decide
        else None
    )
    explorer = explore if explore is not None else explore_graph
    reason: str | None = None
    scale: dict[str, Any] = {}
    if workers != 1:
        scale["workers"] = workers
    if shard is not None:
        scale["shard"] = shard
    try:
        exploration = explorer(
            graph,
            seed=seed,
            budget_phrases=budget_phrases,
            budget_seconds=budget_seconds,
            progress=progress,
            should_stop=should_stop,
            **scale,
        )
    except KeyboardInterrupt:
        exploration = empty_exploration(seed, budget_phrases, budget_seconds, partial=True)
        reason = INTERRUPTED_EARLY_REASON
    interrupted = reason is not None or (should_stop is not None and bool(should_stop()))
    if interrupted and reason is None:
        reason = INTERRUPTED_REASON
    document = build_document(
        graph, checkup, exploration, source_path=source_path, graph_format=graph_format,
        partial_reason=reason, now=now, decisions=decisions,
    )
    if baseline is not None:
        compare_with_baseline(document, baseline, baseline_source)
    if db is not None and ledger_file is not None:
        apply_memory(document, graph, ledger, db=db, ledger_file=ledger_file)
        reapply_decisions(document, decisions)
    status = exit_code(document, fail_on)
    document["summary"]["exit_status"] = status
    document["summary"]["fail_on"] = fail_on
    html = render_html(document)
    as_json = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    files: list[tuple[str | Path, str]] = [(target, html)]
    if json_path is not None:
        files.append((json_path, as_json))
    if sarif_path is not None:
        files.append((sarif_path, sarif_text(document)))
    if ledger_file is not None:
        files.append((ledger_file, ledger_text(document)))
    try:
        write_all_atomically(files)
    except OSError as exc:
        raise unwritable(
            exc, target, "the report",
            "choose a writable path with -o/--json/--sarif (or --db), or create its folder.",
        ) from None
    return ReportResult(
        document=document,
        exit_status=status,
        html_path=target,
        json_path=None if json_path is None else Path(json_path),
        partial=bool(document["partial"]),
        interrupted=interrupted,
    )


@contextlib.contextmanager
def stop_on_interrupt() -> Iterator[StopFlag]:
    """Turn the first Ctrl-C into a stop request; a second one interrupts at once.

    Yields the `should_stop` callable to hand to `write_report`.  Outside the
    main thread signals cannot be handled, so the flag simply never fires and
    Ctrl-C keeps its usual meaning (which `write_report` still catches).
    """
    event = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield event.is_set
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if event.is_set():
            raise KeyboardInterrupt
        event.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield event.is_set
    finally:
        signal.signal(signal.SIGINT, previous)
