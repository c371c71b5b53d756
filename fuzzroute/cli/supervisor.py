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
  process, signalled or stopped it, or the system killed it), says so and
  which call was running (exit 2);
- tells the child which SIGINT, SIGTERM and SIGHUP are the user's, so the
  graph's own signals are never read as an interruption
  (`engine.signal_origin`); a run the user's signal ended exits 128 + the
  signal, as any program does;
- otherwise ends with the child's own exit code (the child ends with
  `os._exit` once its output is delivered: exit handlers never run there).

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

from fuzzroute.engine import signal_origin, supervision
from fuzzroute.engine.supervision import Beacon

#: How often the parent looks at the child's deadline when it cannot wait on the child directly.
POLL_SECONDS = 0.05
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

_stderr_fd: int | None = None
_stdout_fd: int | None = None
#: What descriptor 2 was when the command started (device, inode): graph code may close or replace it.
_stderr_identity: tuple[int, int] | None = None


def prepare() -> None:
    """Fork (once) just before the first graph code of this command runs; a no-op without `os.fork`."""
    global _stderr_fd, _stderr_identity, _stdout_fd
    if not hasattr(os, "fork"):
        return
    with contextlib.suppress(OSError):
        _stderr_fd = os.dup(2)  # the real stderr, even if a capture window has moved fd 2 by then
    with contextlib.suppress(OSError):
        _stdout_fd = os.dup(1)  # the real stdout, before any capture window moves fd 1
    _stderr_identity = _identity(2)
    supervision.on_graph_code(_fork)


#: Bytes of a closing message the child can hand its watcher (one paragraph).
MESSAGE_BYTES = 4096


def _fork() -> None:
    beacon = Beacon(1, MESSAGE_BYTES)
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    parent = os.getpid()
    # The watcher's signals are blocked before the fork: the child may signal it (a question, or the graph's
    # code) at once, before the parent could block them itself.
    watched = [*_caught(), signal.SIGCHLD, supervision.QUESTION_SIGNAL] if _exact() else []
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, watched) if watched else None
    child = os.fork()
    if child == 0:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        supervision.attach(beacon, 0, watcher=parent)
        signal_origin.arbitrate(supervision.ask_watcher)
        from fuzzroute.cli.terminal import move_stdout_aside

        move_stdout_aside(_stdout_fd)  # a thread the graph's code leaves behind can write to descriptor 1 any time
        return
    _watch(child, beacon)


def _caught() -> list[int]:
    return [signal.SIGINT, *_STOPS]


def _exact() -> bool:
    """Whether the watcher can tell who sent a signal (`sigtimedwait`, Linux)."""
    return hasattr(signal, "sigtimedwait") and hasattr(signal, "pthread_sigmask") and bool(supervision.QUESTION_SIGNAL)


def _watch(child: int, beacon: Beacon) -> NoReturn:
    with contextlib.suppress(OSError, ValueError):
        signal.setitimer(signal.ITIMER_REAL, 0)  # a limit armed before the fork belongs to the child
    signals = _Signals(child, beacon)
    ending = supervision.watch(child, beacon, signals.wait, signals.given_up)
    if signals.stopped is not None:
        os._exit(128 + signals.stopped)  # the user asked fuzzroute to stop (SIGTERM, SIGHUP): it stops like any program
    if signals.given_up():
        _say("interrupted (Ctrl-C twice); the run was ended where it was and nothing was written.")
        os._exit(EXIT_INTERRUPTED)
    if ending.code is not None:
        if ending.code != 0 and beacon.message():
            _say(beacon.message())  # the child could not print it: graph code took its standard error
        os._exit(ending.code)
    number = ending.signal_number()
    if number is not None and not os.WIFSTOPPED(ending.status or 0) and beacon.user_signals(number) > 0:
        os._exit(128 + number)  # the user's own signal ended the run: it stops like any program
    _say(f"{ending.describe()}; nothing was written. {ending.fix()}")
    os._exit(EXIT_BAD_INPUT)


#: `si_code` of a signal the kernel sent (a terminal's Ctrl-C), as opposed to one a process sent with kill().
_SI_KERNEL = 0x80
#: After a second Ctrl-C (or a SIGTERM or SIGHUP), how long the child may take to stop before it is ended.
_SECOND_PRESS_SECONDS = 2.0
_STOPS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _Signals:
    """The parent's signals: which are the user's, passed on to the child unless it got them itself.

    A terminal's Ctrl-C reaches every process of the foreground group, the
    child included, so it is not passed on (the child would see two, and a
    second Ctrl-C aborts a report); a SIGINT, SIGTERM or SIGHUP sent to the
    parent alone (`kill`) is.  One sent by the child, or by a process the
    child started, is the graph's code, never the user's: it is neither
    counted nor passed on.  The child asks, with `supervision.QUESTION_SIGNAL`,
    whether a signal it received is the user's (see `engine.signal_origin`):
    the parent takes every signal pending for it, then answers.

    Telling senders apart needs `sigtimedwait` (Linux); without it, every
    SIGINT, SIGTERM and SIGHUP counts as the user's, and SIGTERM and SIGHUP
    are passed on while SIGINT is not.
    """

    def __init__(self, child: int, beacon: Beacon) -> None:
        self.child = child
        self.beacon = beacon
        self.presses = 0
        self.second_press_at: float | None = None
        self.stop_at: float | None = None
        self.stop_number = 0
        self.stopped: int | None = None
        self.caught = _caught()
        self.question = supervision.QUESTION_SIGNAL
        self.exact = _exact()
        if self.exact:
            signal.pthread_sigmask(signal.SIG_BLOCK, [*self.caught, signal.SIGCHLD, self.question])
        else:
            signal.signal(signal.SIGINT, lambda signum, frame: self._on(signum, from_terminal=True))
            for number in self.caught[1:]:
                signal.signal(number, lambda signum, frame: self._on(signum, from_terminal=False))
            if self.question:
                signal.signal(self.question, lambda signum, frame: self.beacon.answer())

    def wait(self, seconds: float) -> None:
        if not self.exact:
            time.sleep(min(seconds, POLL_SECONDS))
            return
        info = signal.sigtimedwait([*self.caught, signal.SIGCHLD, self.question], seconds)
        if info is None or info.si_signo == signal.SIGCHLD:
            return
        if info.si_signo == self.question:
            while (pending := signal.sigtimedwait(self.caught, 0)) is not None:
                self._received(pending)
            self.beacon.answer()
            return
        self._received(info)

    def _received(self, info: signal.struct_siginfo) -> None:
        from_terminal = info.si_code == _SI_KERNEL
        if not from_terminal and _descends_from(info.si_pid, self.child):
            return  # the graph's code signalled fuzzroute's watcher: not the user's, and not passed on
        self._on(info.si_signo, from_terminal=from_terminal)

    def _on(self, number: int, from_terminal: bool) -> None:
        self.beacon.count_user_signal(number)
        if not from_terminal:
            with contextlib.suppress(OSError):
                os.kill(self.child, number)
        if number == signal.SIGINT:
            self.presses += 1
            if self.presses == 2:
                self.second_press_at = time.monotonic()
        elif self.stop_at is None:
            self.stop_at = time.monotonic()
            self.stop_number = number

    def given_up(self) -> bool:
        """A second Ctrl-C, or a SIGTERM or SIGHUP, the child did not answer in time: it is ended from here."""
        now = time.monotonic()
        if self.stop_at is not None and now - self.stop_at > _SECOND_PRESS_SECONDS:
            self.stopped = self.stop_number
            return True
        return self.second_press_at is not None and now - self.second_press_at > _SECOND_PRESS_SECONDS


def _descends_from(pid: int, ancestor: int) -> bool:
    """Whether process `pid` is `ancestor` or was started by it (read from /proc; False where it cannot be)."""
    for _ in range(32):
        if pid == ancestor:
            return True
        if pid <= 1:
            return False
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            pid = int(fields[1])
        except (OSError, IndexError, ValueError):
            return False
    return False


def deliver(text: str) -> None:
    """In the watched child, after an error paragraph went to stderr: make sure it reached the user.

    Graph code may have closed or replaced descriptor 2; then the paragraph
    goes to the standard error kept aside before the fork, or, if that is
    gone too, to the watcher, which prints it.
    """
    if not supervision.watched() or _stderr_identity is None or _identity(2) == _stderr_identity:
        return
    data = f"fuzzroute: error: {' '.join(text.split())}\n".encode("utf-8", "backslashreplace")
    if _stderr_fd is not None and _identity(_stderr_fd) == _stderr_identity:
        with contextlib.suppress(OSError):
            os.write(_stderr_fd, data)
            return
    supervision.leave_message(text)


def _identity(fd: int) -> tuple[int, int] | None:
    try:
        status = os.fstat(fd)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _say(text: str) -> None:
    from fuzzroute.cli.terminal import terminal_text

    data = f"fuzzroute: error: {terminal_text(' '.join(text.split()))}\n".encode("utf-8", "backslashreplace")
    fd = _stderr_fd if _stderr_fd is not None else 2
    with contextlib.suppress(OSError):
        os.write(fd, data)
