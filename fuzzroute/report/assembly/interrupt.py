"""Ctrl-C during a report: stop within about a second in any phase, keep what is whole, then exit 130.

The phases of a run differ in what an interruption can keep:

* the proven checks and the decided tier are *abortable*: the first Ctrl-C
  raises `RunInterrupted` at once, wherever the code is (a search of the
  decided tier, a long predicate).  Interrupted proven checks leave nothing
  whole to report; an interrupted decided tier is reported as not run.
* generation is *cooperative*: the first Ctrl-C sets the stop flag the
  units poll, so they return what they found and the report marks it
  partial.  Should generation not come back within `GRACE_SECONDS` (a
  generator stuck in a long library call), `RunInterrupted` is raised there
  too.
* writing the report is neither: it finishes (it is fast, and atomic).

A second Ctrl-C raises `Aborted` at once, in any phase: nothing more is
written.  Both are KeyboardInterrupts, so code that catches Ctrl-C catches
them; the CLI exits 130 either way.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from types import FrameType

from fuzzroute.engine.signal_origin import set_interrupt_handler
from fuzzroute.engine.time_limit import Deadline, cancel, schedule

#: After a Ctrl-C in a cooperative phase, how long it may take to stop before it is stopped by force.
GRACE_SECONDS = 1.0

ABORTABLE = "abortable"
COOPERATIVE = "cooperative"
FINISHING = "finishing"


class RunInterrupted(KeyboardInterrupt):
    """The first Ctrl-C, raised in a phase that is left at once."""


class Aborted(KeyboardInterrupt):
    """The second Ctrl-C: stop everything, write nothing more."""


class StopRequest:
    """Callable like any `should_stop` (True once Ctrl-C was pressed), and aware of the phase the run is in."""

    def __init__(self) -> None:
        self.requested = False
        self.mode = FINISHING
        self._grace: Deadline | None = None

    def __call__(self) -> bool:
        return self.requested

    @contextlib.contextmanager
    def phase(self, mode: str) -> Iterator[None]:
        """Run a block in `mode` (ABORTABLE, COOPERATIVE or FINISHING); a pending grace period ends with it."""
        if self.requested and mode == ABORTABLE:
            raise RunInterrupted
        saved, self.mode = self.mode, mode
        try:
            yield
        finally:
            self.mode = saved
            cancel(self._grace)
            self._grace = None

    def interrupt(self) -> None:
        """What one Ctrl-C does (the SIGINT handler calls this)."""
        if self.requested:
            raise Aborted
        self.requested = True
        if self.mode == ABORTABLE:
            raise RunInterrupted
        if self.mode == COOPERATIVE:
            self._grace = schedule(GRACE_SECONDS, lambda deadline: RunInterrupted())


@contextlib.contextmanager
def stop_on_interrupt() -> Iterator[StopRequest]:
    """Handle Ctrl-C as the module docstring says, inside the block; yields the `should_stop` to pass on.

    Outside the main thread signals cannot be handled, so the flag never
    fires and Ctrl-C keeps its usual meaning (which `write_report` still
    catches in generation).
    """
    request = StopRequest()
    if threading.current_thread() is not threading.main_thread():
        yield request
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        request.interrupt()

    previous = set_interrupt_handler(handler)  # behind the arbiter, where one asks whose SIGINT it is
    try:
        yield request
    finally:
        set_interrupt_handler(previous)
