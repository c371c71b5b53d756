"""What graph code is running now, and until when it may run, told to a watching process.

A `when` predicate is stopped at its time limit by a signal (`time_limit`),
but a signal handler only runs between bytecodes: a predicate that spends
its time inside one call of C code (`sum(range(4 * 10**10))`) holds the
interpreter until that call returns, and nothing in its own process can stop
it.  Code of the graph can also end the process outright (`os._exit(0)`, a
crash in an extension), and then nothing of ours runs at all.  Only another
process can notice either, so a process that runs graph code may be watched:
it writes into a `Beacon` (a small block of memory shared with the watcher)
the wall-clock deadline of the graph call it is making and a line saying what
that call is (`the when of rule "x" on 'phrase'`).  The watcher reads it, and
when a deadline has long passed it stops the process and names the call; when
the process ends without saying it finished, it names the last call made.

Two watchers use this: the command-line supervisor (`fuzzroute.cli.supervisor`)
around a command that loads a `.py` graph, and the pool of `report --workers`
around its worker processes (`fuzzroute.generate.workers`).  With no beacon
attached (the Python API, pytest) publishing costs one test of a global.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import signal
import struct
import time
from collections.abc import Callable

#: Bytes of an activity line kept (longer ones are cut at a character boundary).
LABEL_BYTES = 400
#: Each slot: pid and task (a rule number or -1), then the call: deadline (time.monotonic(), 0: none),
#: limit in seconds and label length, then the label.  Written in two parts, so a call writes only its own.
_IDENT = struct.Struct("<qq")
_CALL = struct.Struct("<ddH")
_SLOT_SIZE = _IDENT.size + _CALL.size + LABEL_BYTES
#: The header: finished (0/1) and the exit code the process ended with.
_HEADER = struct.Struct("<qq")
_HEADER_SIZE = 64
#: How long past its deadline a call may still be running before the watcher stops it.  A signal
#: stops Python code within milliseconds; this much slack keeps a loaded machine from being blamed.
GRACE_SECONDS = 2.0


class Activity:
    """What one watched process said it is doing (a plain class: this module loads on every command's path)."""

    __slots__ = ("deadline", "label", "pid", "seconds", "task")

    def __init__(self, pid: int, task: int, deadline: float, seconds: float, label: str) -> None:
        self.pid, self.task, self.deadline, self.seconds, self.label = pid, task, deadline, seconds, label

    def __repr__(self) -> str:
        return f"Activity(pid={self.pid}, task={self.task}, deadline={self.deadline}, label={self.label!r})"

    def overdue(self, now: float | None = None) -> bool:
        """Whether the call has run so far past its limit that a signal could not have stopped it."""
        if self.deadline <= 0:
            return False
        moment = time.monotonic() if now is None else now
        return moment > self.deadline + max(GRACE_SECONDS, self.seconds)


class Beacon:
    """A block of memory shared across `fork`: one slot per watched process, and a "finished" header."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._memory = mmap.mmap(-1, _HEADER_SIZE + slots * _SLOT_SIZE)

    def _offset(self, slot: int) -> int:
        return _HEADER_SIZE + slot * _SLOT_SIZE

    def write_task(self, slot: int, pid: int, task: int) -> None:
        _IDENT.pack_into(self._memory, self._offset(slot), pid, task)

    def write_call(self, slot: int, deadline: float, seconds: float, label: str) -> None:
        offset = self._offset(slot)
        data = label.encode("utf-8", "replace")
        if len(data) > LABEL_BYTES:
            data = data[:LABEL_BYTES].decode("utf-8", "ignore").encode("utf-8")
        if data:
            start = offset + _IDENT.size + _CALL.size
            self._memory[start:start + len(data)] = data
        _CALL.pack_into(self._memory, offset + _IDENT.size, deadline, seconds, len(data))

    def read(self, slot: int) -> Activity:
        offset = self._offset(slot)
        pid, task = _IDENT.unpack_from(self._memory, offset)
        deadline, seconds, length = _CALL.unpack_from(self._memory, offset + _IDENT.size)
        start = offset + _IDENT.size + _CALL.size
        raw = bytes(self._memory[start:start + min(length, LABEL_BYTES)])
        return Activity(pid, task, deadline, seconds, raw.decode("utf-8", "replace"))

    def finish(self, code: int) -> None:
        _HEADER.pack_into(self._memory, 0, 1, code)

    def finished(self) -> int | None:
        """The exit code the watched process said it ends with, or None if it never said."""
        done, code = _HEADER.unpack_from(self._memory, 0)
        return int(code) if done else None


_beacon: Beacon | None = None
_slot = 0
_pid = 0


def attach(beacon: Beacon | None, slot: int = 0) -> None:
    """Publish this process's graph calls into `slot` of `beacon` (None: stop publishing)."""
    global _beacon, _slot, _pid
    _beacon, _slot, _pid = beacon, slot, os.getpid()
    if beacon is not None:
        beacon.write_task(slot, _pid, -1)


def watched() -> bool:
    return _beacon is not None


def publish(deadline: float, seconds: float, label: str) -> None:
    """Say which graph call runs now and its deadline (time.monotonic(); 0 when it has none)."""
    if _beacon is not None:
        _beacon.write_call(_slot, deadline, seconds, label)


def publish_task(task: int) -> None:
    """Say which unit of work (a rule number, -1 for none) this process is on."""
    if _beacon is not None:
        _beacon.write_task(_slot, _pid, task)


def finish(code: int) -> None:
    """Say the process is ending on its own with `code` (anything else is graph code ending it)."""
    if _beacon is not None:
        _beacon.finish(code)


_before_graph_code: list[Callable[[], None]] = []


def on_graph_code(hook: Callable[[], None] | None) -> None:
    """Run `hook` once, just before the first graph code of this process runs (None: forget it)."""
    _before_graph_code.clear()
    if hook is not None:
        _before_graph_code.append(hook)


def before_graph_code() -> None:
    """Called by the loader before it runs a `.py` graph: the supervisor starts watching here."""
    if _before_graph_code:
        _before_graph_code.pop()()


class Ending:
    """How a watched process ended: as it said (`code`), stopped past a limit (`overdue`), or otherwise."""

    __slots__ = ("code", "last", "overdue", "status")

    def __init__(self, code: int | None, overdue: Activity | None, status: int | None, last: Activity) -> None:
        self.code, self.overdue, self.status, self.last = code, overdue, status, last

    def describe(self) -> str:
        """Why the process ended, for a message (empty when it finished as it said)."""
        during = f" while it ran {self.last.label}" if self.last.label else ""
        if self.overdue is not None:
            return (
                f"{self.overdue.label} did not return within its time limit of {self.overdue.seconds:g} s and could "
                "not be stopped there (it was inside C code, which no signal interrupts), so it was ended "
                f"{max(GRACE_SECONDS, self.overdue.seconds):g} s later"
            )
        if self.code is not None or self.status is None:
            return ""
        if os.WIFSIGNALED(self.status):
            number = os.WTERMSIG(self.status)
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = f"signal {number}"
            return (f"the process was killed by {name}{during}, before it finished (the system's out-of-memory "
                    "killer does this)")
        return (f"the graph's own code ended the process (exit status {os.waitstatus_to_exitcode(self.status)})"
                f"{during}, before it finished")

    def fix(self) -> str:
        """What to do about it, in a sentence."""
        if self.overdue is not None:
            return ("Make that code return within its limit (a `when` is called for every phrase; a graph file's "
                    "top level should only declare the graph), or raise --condition-limit / --import-limit.")
        if self.status is not None and os.WIFSIGNALED(self.status):
            return "Check how much memory the graph's code takes, then run again."
        return ("Graph code must not end the process (os._exit, or a crash in C code it calls): remove that exit "
                "from the graph file.")


def watch(child: int, beacon: Beacon, wait: Callable[[float], None] | None = None,
          give_up: Callable[[], bool] | None = None, slot: int = 0) -> Ending:
    """Wait for `child` (a forked process publishing into `slot` of `beacon`) to end, and say how it ended.

    A call still running well past its limit (`Activity.overdue`) is ended
    with SIGKILL, as is the child when `give_up()` says so.  `wait(seconds)`
    waits between looks (a signal-aware wait of the caller's; a sleep by default).
    """
    pause = wait if wait is not None else (lambda seconds: time.sleep(min(seconds, 0.02)))
    while True:
        try:
            done, status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            return Ending(beacon.finished(), None, None, beacon.read(slot))
        if done:
            return Ending(beacon.finished(), None, status, beacon.read(slot))
        activity = beacon.read(slot)
        stop = activity.overdue() or (give_up is not None and give_up())
        if stop:
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(child, 0)
            return Ending(None, activity if activity.overdue() else None, None, activity)
        pause(0.25)
