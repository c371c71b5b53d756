"""The terminal progress displays: `report`'s bars (rich, on stderr), one line per phase; `check`'s status line.

Only drawn when stderr is a terminal, so CI logs and `--json` pipelines stay
clean; it disappears when the run ends, leaving only the summary.  Each
phase gets its own line and count as it starts: the proven checks (declared
examples and never-route rows judged), the decided tier (questions
answered) and generation (distinct phrases judged), each with its time.
`check`, meant to be fast, draws nothing until it has run for a second,
then one plain status line (`StatusLine`), erased at the end.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from fuzzroute.cli.terminal import terminal_text, unescaped

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

    from fuzzroute.cli.terminal import use_colour

    console = Console(file=target, force_terminal=force or None, no_color=not use_colour(target))
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=not force) as bar:
        yield PhaseBar(bar)


#: How long `check` runs silently before its status line appears (a fast check prints nothing extra).
STATUS_AFTER_SECONDS = 1.0
#: How often the status line is redrawn, at most.
STATUS_EVERY_SECONDS = 0.1


class StatusLine:
    """One line on a terminal, redrawn in place, that says what a long `check` is doing.

    Nothing is drawn for the first `after` seconds, so a check that is fast
    stays as quiet as it was; the line is erased when the run ends, leaving
    only the results.  `clock` is injectable so tests need not wait.
    """

    def __init__(self, stream: TextIO, *, clock: Callable[[], float], label: str,
                 after: float = STATUS_AFTER_SECONDS) -> None:
        self.stream, self.clock, self.label, self.after = stream, clock, label, after
        self.start = clock()
        self.drawn_at: float | None = None
        self.subject = ""

    def about(self, subject: str) -> None:
        """Name what the next phases are about (the graph being checked)."""
        self.subject = subject

    def phase(self, name: str, done: int, total: int | None) -> None:
        now = self.clock()
        if now - self.start < self.after:
            return
        if self.drawn_at is not None and now - self.drawn_at < STATUS_EVERY_SECONDS and done != total:
            return
        count = f"{done}/{total}" if total is not None else str(done)
        subject = f" {self.subject}:" if self.subject else ""
        text = f"{self.label}:{subject} {PHASE_LABELS.get(name, name)} {count} ({now - self.start:.0f} s)"
        self.stream.write("\r" + terminal_text(text) + "\x1b[K")
        self.stream.flush()
        self.drawn_at = now

    def close(self) -> None:
        if self.drawn_at is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def now() -> float:
    """The status line's clock (a module function, so a test can replace it without touching `time`)."""
    return time.monotonic()


@contextlib.contextmanager
def status_line(
    label: str, *, stream: TextIO | None = None, clock: Callable[[], float] | None = None, quiet: bool = False,
) -> Iterator[StatusLine | None]:
    """A `StatusLine` on stderr when it is a terminal (never on a pipe or a file, so logs stay clean), else None."""
    target = unescaped(sys.stderr) if stream is None else stream
    if quiet or not target.isatty():
        yield None
        return
    line = StatusLine(target, clock=clock or now, label=label)
    try:
        yield line
    finally:
        line.close()
