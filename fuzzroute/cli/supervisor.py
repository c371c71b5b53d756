"""A watching parent process for commands that run a `.py` graph's code.

A limit on graph code is kept by a signal in the process that runs it
(`engine.time_limit`), which stops any Python code.  Two things escape it:
a call that sits inside C code (`sum(range(4 * 10**10))` in a `when`, a
blocking call of an extension) runs on until it returns, and graph code that
ends the process (`os._exit(0)`, a crash in an extension) ends it with an
exit code the graph chose.  So just before the first graph code runs
(`supervision.before_graph_code`, called by the loader), the command forks:
the child goes on with the command exactly as before, telling the parent
through a shared `Beacon` which graph call it is making and until when; the
parent only waits.  The parent

- stops the child when a call is still running well past its limit
  (`supervision.GRACE_SECONDS`), and says which call it was (exit 2);
- when the child ends without having said it finished (graph code ended the
  process, or the system killed it), says so and which call was running (exit 2);
- otherwise ends with the child's own exit code.

JSON graphs, and TypeScript or JavaScript graphs without a runnable `when`,
run no code of their author's, so no child is made for them.  A `.py` graph,
or a TypeScript graph with a `when` (whose predicates run in a V8 helper
process started by the child, `fuzzroute.jsrun`), costs one `fork` (3 to
12 ms measured) and, per `when` call, two writes into shared memory (about
4.5 us).  The Python API
and the pytest plugin never fork for the command itself: they live in the
caller's process (see `integrations.forked_probe` for what pytest does).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from typing import NoReturn

from fuzzroute.engine import supervision
from fuzzroute.engine.supervision import Beacon

#: How often the parent looks at the child's deadline when it cannot wait on the child directly.
POLL_SECONDS = 0.05
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

_stderr_fd: int | None = None


def prepare() -> None:
    """Fork (once) just before the first graph code of this command runs; a no-op without `os.fork`."""
    global _stderr_fd
    if not hasattr(os, "fork"):
        return
    with contextlib.suppress(OSError):
        _stderr_fd = os.dup(2)  # the real stderr, even if a capture window has moved fd 2 by then
    supervision.on_graph_code(_fork)


def _fork() -> None:
    beacon = Beacon(1)
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    child = os.fork()
    if child == 0:
        supervision.attach(beacon, 0)
        return
    _watch(child, beacon)


def _watch(child: int, beacon: Beacon) -> NoReturn:
    with contextlib.suppress(OSError, ValueError):
        signal.setitimer(signal.ITIMER_REAL, 0)  # a limit armed before the fork belongs to the child
    signals = _Signals(child)
    ending = supervision.watch(child, beacon, signals.wait, signals.given_up)
    if signals.given_up():
        _say("interrupted (Ctrl-C twice); the run was ended where it was and nothing was written.")
        os._exit(EXIT_INTERRUPTED)
    if ending.code is not None:
        os._exit(ending.code)
    status = ending.status
    if status is not None and os.WIFSIGNALED(status) and os.WTERMSIG(status) in _STOP_SIGNALS:
        os._exit(128 + os.WTERMSIG(status))  # someone asked fuzzroute to stop: it stops like any program
    _say(f"{ending.describe()}; nothing was written. {ending.fix()}")
    os._exit(EXIT_BAD_INPUT)


_STOP_SIGNALS = (signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM))


#: `si_code` of a signal the kernel sent (a terminal's Ctrl-C), as opposed to one a process sent with kill().
_SI_KERNEL = 0x80
#: After a second Ctrl-C, how long the child may take to stop by itself before it is ended.
_SECOND_PRESS_SECONDS = 2.0


class _Signals:
    """The parent's signals: passed on to the child unless the child got them itself.

    A terminal's Ctrl-C reaches every process of the foreground group, the
    child included, so it is not passed on (the child would see two, and a
    second Ctrl-C aborts a report); a SIGINT, SIGTERM or SIGHUP sent to the
    parent alone (`kill`) is.  Telling them apart needs `sigtimedwait`
    (Linux); without it, SIGTERM and SIGHUP are passed on and SIGINT is not.
    """

    def __init__(self, child: int) -> None:
        self.child = child
        self.presses = 0
        self.second_press_at: float | None = None
        self.caught = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
        self.exact = hasattr(signal, "sigtimedwait") and hasattr(signal, "pthread_sigmask")
        if self.exact:
            signal.pthread_sigmask(signal.SIG_BLOCK, [*self.caught, signal.SIGCHLD])
        else:
            signal.signal(signal.SIGINT, lambda signum, frame: self._on(signum, from_terminal=True))
            for number in self.caught[1:]:
                signal.signal(number, lambda signum, frame: self._on(signum, from_terminal=False))

    def wait(self, seconds: float) -> None:
        if not self.exact:
            time.sleep(min(seconds, POLL_SECONDS))
            return
        info = signal.sigtimedwait([*self.caught, signal.SIGCHLD], seconds)
        if info is not None and info.si_signo != signal.SIGCHLD:
            self._on(info.si_signo, from_terminal=info.si_code == _SI_KERNEL)

    def _on(self, number: int, from_terminal: bool) -> None:
        if not from_terminal:
            with contextlib.suppress(OSError):
                os.kill(self.child, number)
        if number == signal.SIGINT:
            self.presses += 1
            if self.presses == 2:
                self.second_press_at = time.monotonic()

    def given_up(self) -> bool:
        """A second Ctrl-C the child did not answer in time: it is ended from here."""
        return self.second_press_at is not None and time.monotonic() - self.second_press_at > _SECOND_PRESS_SECONDS


def _say(text: str) -> None:
    from fuzzroute.cli.terminal import terminal_text

    data = f"fuzzroute: error: {terminal_text(' '.join(text.split()))}\n".encode("utf-8", "backslashreplace")
    fd = _stderr_fd if _stderr_fd is not None else 2
    with contextlib.suppress(OSError):
        os.write(fd, data)
