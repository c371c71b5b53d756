"""The terminal progress display of `fuzzroute report` (rich, on stderr): one line per phase.

Only drawn when stderr is a terminal, so CI logs and `--json` pipelines stay
clean; it disappears when the run ends, leaving only the summary.  Each
phase gets its own line and count as it starts: the proven checks (declared
examples and never-route rows judged), the decided tier (questions
answered) and generation (distinct phrases judged), each with its time.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from fuzzroute.cli.terminal import unescaped

#: What each phase's line says it counts.
PHASE_LABELS = {
    "proven": "proven checks: phrases judged",
    "decided": "decided tier: questions answered",
    "generation": "generating phrases: distinct judged",
}


class PhaseBar:
    """`bar.phase(name, done, total)` per phase; `bar(done, total)` is the generation phase (explore's callback)."""

    def __init__(self, progress: Any) -> None:
        self._progress = progress
        self._tasks: dict[str, Any] = {}

    def phase(self, name: str, done: int, total: int | None) -> None:
        task = self._tasks.get(name)
        if task is None:
            task = self._tasks[name] = self._progress.add_task(PHASE_LABELS.get(name, name), total=total)
        self._progress.update(task, completed=done, total=total)

    def __call__(self, done: int, total: int | None) -> None:
        self.phase("generation", done, total)


@contextlib.contextmanager
def progress_bar(stream: TextIO | None = None, *, force: bool = False) -> Iterator[PhaseBar | None]:
    """Yield a `PhaseBar` drawing on `stream` (stderr), or None off a terminal."""
    target = unescaped(sys.stderr) if stream is None else stream  # the bar's own escapes must reach the terminal
    if not force and not target.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=target, force_terminal=force or None)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=not force) as bar:
        yield PhaseBar(bar)
