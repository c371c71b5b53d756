"""The terminal progress bar of `fuzzroute report` (rich, on stderr).

Only drawn when stderr is a terminal, so CI logs and `--json` pipelines stay
clean; it disappears when the run ends, leaving only the summary.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from fuzzroute.cli.terminal import unescaped

ProgressCallback = Callable[[int, "int | None"], None]


@contextlib.contextmanager
def progress_bar(stream: TextIO | None = None, *, force: bool = False) -> Iterator[ProgressCallback | None]:
    """Yield a `progress(done, total)` callback drawing a bar, or None off a terminal."""
    target = unescaped(sys.stderr) if stream is None else stream  # the bar's own escapes must reach the terminal
    if not force and not target.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=target, force_terminal=force or None)
    columns = (TextColumn("generating phrases"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=not force) as bar:
        task = bar.add_task("generate", total=None)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        yield update
