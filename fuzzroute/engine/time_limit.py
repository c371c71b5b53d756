"""Wall-clock limits that interrupt the main thread, for code that may never return on its own.

A `when` predicate is the user's code: it may sleep, loop forever or wait on
the network.  A regex the automata cannot read runs in Python's `re`, which
backtracks and may take exponential time.  Neither can be stopped from
another thread (the running code holds the GIL), but both can be stopped by
a signal: Python runs a signal handler between bytecodes, and CPython's
regex engine checks for pending signals every few thousand steps of a match
(measured: `re.search(r"(a+)+$", "a" * 40 + "b")` stops 0.2 s after a
0.2 s alarm).  So every limit here is a `SIGALRM` interval timer whose
handler raises an exception in the main thread.

Limits nest (an import that runs a predicate; the grace period after a
Ctrl-C around a predicate call): one timer is kept armed for the earliest
pending deadline, and the handler raises the error of the deadline that
passed.  A deadline that fired keeps firing every `REFIRE_SECONDS` until
it is cancelled, so code that swallows the first exception (`except
BaseException: pass` in a loop) is stopped by the next one.

Where signals cannot be used (not the main thread, or a platform without
`SIGALRM`) a limit is not enforced and the code simply runs: `enforced()`
says which.

A signal handler runs wherever the interpreter is, and that can be code
that cannot pass an exception on: a garbage-collection callback (hypothesis
keeps one), a `__del__`, a weakref callback.  Python then prints "Exception
ignored in ..." with the traceback to stderr, which while graph code runs is
the capture of the graph's own output: fuzzroute's alarm would be counted
and shown as lines the graph printed.  So the exceptions the alarm raises
are remembered, and `sys.unraisablehook` drops exactly those (the deadline
fires again `REFIRE_SECONDS` later, where it can take effect); every other
unraisable exception is reported as before.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # pragma: no cover - types only
    from sys import UnraisableHookArgs

from fuzzroute.engine import supervision

T = TypeVar("T")

#: A deadline that fired is fired again this often until it is cancelled.
REFIRE_SECONDS = 0.25
#: The shortest interval the timer is armed for (setitimer treats 0 as "off").
_MIN_INTERVAL = 1e-4


class TimeLimitExceeded(BaseException):
    """Raised in the main thread when a `Deadline` passes.

    A BaseException, like KeyboardInterrupt, so that the user's `except
    Exception` in a predicate cannot swallow it.  `deadline` says whose it is.
    """

    def __init__(self, deadline: Deadline) -> None:
        super().__init__(f"time limit of {deadline.seconds:g} s passed")
        self.deadline = deadline


class TimedOut(Exception):  # reads as what happened: the call timed out
    """What `call_with_time_limit` raises when its own limit passed (an ordinary exception)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not finish within {seconds:g} s")
        self.seconds = seconds


@dataclass(eq=False)
class Deadline:
    """One pending limit: when it passes, the handler raises `error(self)`."""

    seconds: float
    at: float
    error: Callable[[Deadline], BaseException]
    done: bool = field(default=False)


_pending: list[Deadline] = []
_installed = False


def enforced() -> bool:
    """Whether limits are enforced here: the main thread of a platform with `SIGALRM`."""
    return hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()


def _arm() -> None:
    live = [d.at for d in _pending if not d.done]
    if not live:
        signal.setitimer(signal.ITIMER_REAL, 0)
        return
    signal.setitimer(signal.ITIMER_REAL, max(min(live) - time.monotonic(), _MIN_INTERVAL))


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    now = time.monotonic()
    due = [d for d in _pending if not d.done and d.at <= now]
    if not due:
        _arm()
        return
    deadline = min(due, key=lambda d: d.at)
    deadline.at = now + REFIRE_SECONDS
    _arm()
    error = deadline.error(deadline)
    _remember(error)
    raise error


#: The exceptions the alarm raised lately (by identity): an "Exception ignored" report of one is not printed.
_raised: list[weakref.ref[BaseException] | BaseException] = []
_RAISED_KEPT = 16


def _remember(error: BaseException) -> None:
    try:
        _raised.append(weakref.ref(error))
    except TypeError:
        _raised.append(error)
    del _raised[:-_RAISED_KEPT]


def raised_by_alarm(error: BaseException | None) -> bool:
    """Whether `error` is an exception a deadline's alarm raised (fuzzroute's own, never the graph's)."""
    if error is None:
        return False
    for kept in _raised:
        found = kept() if isinstance(kept, weakref.ref) else kept
        if found is error:
            return True
    return False


def _unraisable(previous: Callable[[UnraisableHookArgs], object]) -> Callable[[UnraisableHookArgs], object]:
    def hook(unraisable: UnraisableHookArgs) -> object:
        if raised_by_alarm(getattr(unraisable, "exc_value", None)):
            return None  # the deadline fires again where it can take effect
        return previous(unraisable)

    hook._fuzzroute_alarm_filter = True  # type: ignore[attr-defined]
    return hook


def tampered() -> list[str]:
    """Whether something replaced the time limits' alarm handler or timer since they were set (both are put back)."""
    if not _installed or not enforced():
        return []
    found = []
    if signal.getsignal(signal.SIGALRM) is not _on_alarm:
        found.append("replaced the handler of SIGALRM (fuzzroute's time limits)")
        signal.signal(signal.SIGALRM, _on_alarm)
    if any(not d.done for d in _pending) and signal.getitimer(signal.ITIMER_REAL)[0] == 0:
        found.append("stopped the timer of fuzzroute's time limits (signal.setitimer)")
        _arm()
    return found


def _install() -> None:
    global _installed
    if not _installed:
        signal.signal(signal.SIGALRM, _on_alarm)
        _installed = True
    if not getattr(sys.unraisablehook, "_fuzzroute_alarm_filter", False):  # a test runner may have set its own
        sys.unraisablehook = _unraisable(sys.unraisablehook)


def _forget_in_child() -> None:
    """A forked child starts with no timer; it must not inherit its parent's pending deadlines."""
    global _installed
    _pending.clear()
    _installed = False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def schedule(seconds: float, error: Callable[[Deadline], BaseException] = TimeLimitExceeded) -> Deadline | None:
    """Raise `error(deadline)` in the main thread once `seconds` have passed, until `cancel`led.

    Returns None (and schedules nothing) where limits are not enforced.
    """
    if not enforced():
        return None
    _install()
    deadline = Deadline(seconds, time.monotonic() + seconds, error)
    _pending.append(deadline)
    _arm()
    return deadline


def cancel(deadline: Deadline | None) -> None:
    """Stop a scheduled deadline (harmless for None or one already cancelled)."""
    if deadline is None or deadline.done:
        return
    deadline.done = True
    if deadline in _pending:
        _pending.remove(deadline)
    if enforced():
        _arm()


def call_with_time_limit(
    seconds: float | None, function: Callable[[], T], activity: Callable[[], str] | None = None,
    *, alarm: bool = True,
) -> T:
    """`function()`, or `TimedOut` if it runs longer than `seconds` (None or 0: no limit).

    Any other exception, and a deadline of someone else (an outer limit, a
    Ctrl-C), passes through unchanged.  `activity` says in a line what the
    call is; a watching process (`supervision`) is told it with the deadline,
    so it can name the call if the call cannot be stopped here (C code) or
    ends the process.  `alarm=False` only tells the watcher: the call keeps
    the limit itself (a predicate run in another process, see `script_when`).
    """
    here = seconds if alarm else None
    if not supervision.watched():
        return _call(here, function)
    label = activity() if activity is not None else "graph code"
    limit = seconds if seconds and seconds > 0 else 0.0
    outer = _published[-1] if _published else (0.0, 0.0, "")
    mine = ((time.monotonic() + limit) if limit else 0.0, limit, label)
    _published.append(mine)
    supervision.publish(*mine)
    try:
        return _call(here, function)
    finally:
        _published.pop()
        supervision.publish(*outer)


#: What this process told its watcher, innermost call last (an import may run a predicate).
_published: list[tuple[float, float, str]] = []


def _call(seconds: float | None, function: Callable[[], T]) -> T:
    if not seconds or seconds <= 0:
        return function()
    deadline = schedule(seconds)
    if deadline is None:
        return function()
    try:
        try:
            return function()
        finally:
            cancel(deadline)
    except BaseException as exc:
        # A signal may land inside `cancel` itself: cancel again, so no deadline outlives its call.
        cancel(deadline)
        if isinstance(exc, TimeLimitExceeded) and exc.deadline is deadline:
            raise TimedOut(seconds) from None
        raise
