"""Whose signal is this: the user's (an interruption) or the graph's own code's (bad input).

Only a signal the user sends to fuzzroute interrupts it.  A `.py` graph's
code runs inside fuzzroute's process and can signal that process itself
(`os.kill(os.getpid(), signal.SIGINT)`, `signal.raise_signal`, `os.killpg`)
or raise `KeyboardInterrupt` without any signal at all; read as the user's,
either would end the run as "interrupted" (exit 130, or a pytest session
aborted) at a moment the graph chose.

A Python signal handler is not told who sent the signal, so the process
that runs graph code asks one that knows.  A command that loads a `.py`
graph runs it in a watched child (`cli.supervisor`); the parent never runs
graph code, blocks SIGINT, SIGTERM and SIGHUP and takes them with
`sigtimedwait`, which says who sent each: the terminal (a Ctrl-C reaches
every process of the foreground group, both of them), or a process by its
id.  The parent counts the ones that are the user's (the terminal's, and
those sent by any process other than the child or a process the child
started) and passes on to the child those the terminal did not deliver to
it already.

In the child, `arbitrate` puts `_arbiter` in front of SIGINT, SIGTERM and
SIGHUP.  When one arrives it asks the parent (`asker`, a question through
the shared memory of `supervision` and a SIGUSR1): the parent first takes
every signal pending for it, and a Ctrl-C from the terminal is pending for
the parent from the moment the child could see it, so the answer is exact,
not a race.  The user's signal then does what it did before (the handler
fuzzroute set: `KeyboardInterrupt`, or the report's stop request; the
default for SIGTERM and SIGHUP).  Any other raises `GraphSignalled` where
the graph's code is, and is noted (`graph_signals`), so graph code that
swallows the exception is refused all the same.

`user_interrupted` says whether the user interrupted this process: a
`KeyboardInterrupt` that comes out of graph code when the user did not is
the graph's own exception (`graph_code`).  Without a watcher (the Python
API, and the pytest session itself, which probes a graph in a watched child
first), `counting_interrupts` counts the SIGINTs that actually arrive while
graph code runs: a `KeyboardInterrupt` raised with no signal is then the
graph's, and a real SIGINT is taken as the user's.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

#: The signals a user stops a program with; whose each one is, is asked.
ARBITRATED: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)

Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class GraphSignalled(BaseException):
    """A signal the graph's own code sent to fuzzroute's process (not an `Exception`: `except Exception`
    in the graph's code cannot swallow it)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"{signal_name(number)} sent by the graph's own code")
        self.number = number


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


_user_signals: dict[int, int] = {}
_graph_signals: list[int] = []
_asker: Callable[[int], bool] | None = None
_arbiter_pid = 0
_downstream: dict[int, Handler] = {}
_counting = False


def user_interrupted() -> bool:
    """Whether the user has interrupted this process (a SIGINT known to be theirs arrived)."""
    return _user_signals.get(signal.SIGINT, 0) > 0


def note_user_signal(number: int) -> None:
    _user_signals[number] = _user_signals.get(number, 0) + 1


def pending_graph_signals() -> bool:
    return bool(_graph_signals)


def counting() -> bool:
    """Whether a `counting_interrupts` block is open (a call inside it need not open its own)."""
    return _counting


def take_graph_signals() -> list[int]:
    """The signals the graph's code sent since the last call (each reported once)."""
    found = list(_graph_signals)
    _graph_signals.clear()
    return found


def arbitrating(pid: int | None = None) -> bool:
    """Whether this very process (`pid`, if the caller has it at hand) asks a watcher (or treats every signal as
    the graph's)."""
    return _asker is not None and _arbiter_pid == (os.getpid() if pid is None else pid)


def arbitrate(asker: Callable[[int], bool]) -> None:
    """From now on, in this process, ask `asker(number)` whether a SIGINT, SIGTERM or SIGHUP is the user's.

    A signal the process ignores (a background job's SIGINT) is left ignored.
    """
    global _asker, _arbiter_pid
    if threading.current_thread() is not threading.main_thread():
        return
    _asker, _arbiter_pid = asker, os.getpid()
    for number in ARBITRATED:
        current = signal.getsignal(number)
        if current is _arbiter:
            continue
        if current == signal.SIG_IGN:
            continue
        _downstream[number] = current
        signal.signal(number, _arbiter)


def _arbiter(number: int, frame: FrameType | None) -> None:
    if arbitrating():
        assert _asker is not None
        if not _asker(number):
            _graph_signals.append(number)
            raise GraphSignalled(number)
        note_user_signal(number)
    _act(number, frame)


def _act(number: int, frame: FrameType | None) -> None:
    """What the signal did before an arbiter stood in front of it."""
    handler = _downstream.get(number, signal.SIG_DFL)
    if callable(handler):
        handler(number, frame)
        return
    if handler == signal.SIG_IGN:
        return
    if number == signal.SIGINT and handler is None:
        raise KeyboardInterrupt
    signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)  # ends the process as the signal would have


def tampered() -> list[str]:
    """Where the arbiter stands, the signals whose handler something else replaced (it is put back)."""
    if not arbitrating():
        return []
    found = []
    for number in _downstream:
        with contextlib.suppress(ValueError, OSError):
            if signal.getsignal(number) is not _arbiter:
                found.append(f"replaced the handler of {signal_name(number)}")
                signal.signal(number, _arbiter)
    return found


def set_interrupt_handler(handler: Handler) -> Handler:
    """`signal.signal(SIGINT, handler)`, or, where the arbiter stands in front of SIGINT, behind it.

    Returns the handler it replaces (give it back the same way).
    """
    if arbitrating() and signal.getsignal(signal.SIGINT) is _arbiter:
        previous = _downstream.get(signal.SIGINT, signal.default_int_handler)
        _downstream[signal.SIGINT] = handler
        return previous
    return signal.signal(signal.SIGINT, handler)  # type: ignore[arg-type]


@contextlib.contextmanager
def counting_interrupts() -> Iterator[None]:
    """Count the SIGINTs that arrive inside the block, where no watcher can be asked.

    A no-op where the arbiter stands, off the main thread (no signal reaches
    Python code there), inside another such block, and where SIGINT is
    ignored or not Python's (then no `KeyboardInterrupt` can come of one).
    """
    global _counting
    if _counting or arbitrating() or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):
        yield
        return

    def counted(number: int, frame: FrameType | None) -> Any:
        note_user_signal(number)
        return previous(number, frame)

    signal.signal(signal.SIGINT, counted)
    _counting = True
    try:
        yield
    finally:
        _counting = False
        with contextlib.suppress(ValueError, OSError):
            if signal.getsignal(signal.SIGINT) is counted:
                signal.signal(signal.SIGINT, previous)


def _forget_in_child() -> None:
    """A forked process (a worker) counts its own signals, and gets back the handlers the arbiter stood in front of.

    A worker must die of SIGTERM at once, as before, even inside C code
    where no Python handler runs: a pool ends its workers that way.
    """
    global _counting
    _graph_signals.clear()
    _counting = False
    if _asker is None or _arbiter_pid == os.getpid():
        return
    for number, handler in _downstream.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            if signal.getsignal(number) is _arbiter:
                signal.signal(number, handler if handler is not None else signal.SIG_DFL)  # type: ignore[arg-type]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)
