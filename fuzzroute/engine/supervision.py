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
#: Then the signal questions (`signal_origin`): questions asked, questions answered, and how many SIGINT,
#: SIGTERM and SIGHUP the watcher knows to be the user's.
_QUESTIONS = struct.Struct("<qqqqq")
_HEADER_SIZE = 64
#: The signal the watched process asks its question with, and how long it waits for the answer.
QUESTION_SIGNAL = getattr(signal, "SIGUSR1", 0)
ANSWER_SECONDS = 5.0
#: How long past its deadline a call may still be running before the watcher stops it.  A signal
#: stops Python code within milliseconds; this much slack keeps a loaded machine from being blamed.
GRACE_SECONDS = 2.0


_COUNTED = tuple(getattr(signal, name, -1 - i) for i, name in enumerate(("SIGINT", "SIGTERM", "SIGHUP")))


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
    """A block of memory shared across `fork`: one slot per watched process, a "finished" header, and room
    for a closing message (`message_bytes`) that needs no file descriptor to reach the watcher."""

    def __init__(self, slots: int, message_bytes: int = 0) -> None:
        self.slots = slots
        self._message_at = _HEADER_SIZE + slots * _SLOT_SIZE
        self._message_bytes = message_bytes
        self._memory = mmap.mmap(-1, self._message_at + (8 + message_bytes if message_bytes else 0))

    def write_message(self, text: str) -> None:
        """Leave a message for the watcher (cut at `message_bytes`, at a character boundary)."""
        if not self._message_bytes:
            return
        data = text.encode("utf-8", "replace")[: self._message_bytes].decode("utf-8", "ignore").encode("utf-8")
        self._memory[self._message_at + 8:self._message_at + 8 + len(data)] = data
        struct.pack_into("<q", self._memory, self._message_at, len(data))

    def message(self) -> str:
        if not self._message_bytes:
            return ""
        (length,) = struct.unpack_from("<q", self._memory, self._message_at)
        length = max(0, min(int(length), self._message_bytes))
        return bytes(self._memory[self._message_at + 8:self._message_at + 8 + length]).decode("utf-8", "replace")

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

    def _questions(self) -> list[int]:
        return list(_QUESTIONS.unpack_from(self._memory, _HEADER.size))

    def ask(self) -> int:
        """Count one more question; returns its number (answered once `answered(number)`)."""
        fields = self._questions()
        fields[0] += 1
        _QUESTIONS.pack_into(self._memory, _HEADER.size, *fields)
        return fields[0]

    def answer(self) -> None:
        """Every question asked so far is answered (the counts below are up to date)."""
        fields = self._questions()
        fields[1] = fields[0]
        _QUESTIONS.pack_into(self._memory, _HEADER.size, *fields)

    def answered(self, number: int) -> bool:
        return self._questions()[1] >= number

    def count_user_signal(self, number: int) -> None:
        """The watcher saw one more of signal `number` from the user."""
        if number in _COUNTED:
            fields = self._questions()
            fields[2 + _COUNTED.index(number)] += 1
            _QUESTIONS.pack_into(self._memory, _HEADER.size, *fields)

    def user_signals(self, number: int) -> int:
        """How many of signal `number` the watcher knows to be the user's."""
        return self._questions()[2 + _COUNTED.index(number)] if number in _COUNTED else 0

    def finished(self) -> int | None:
        """The exit code the watched process said it ends with, or None if it never said."""
        done, code = _HEADER.unpack_from(self._memory, 0)
        return int(code) if done else None


_beacon: Beacon | None = None
_slot = 0
_pid = 0
_watcher = 0
#: Signals of the user's this process has acted on, by number (the watcher's counts run ahead of these).
_acted: dict[int, int] = {}


def attach(beacon: Beacon | None, slot: int = 0, watcher: int = 0) -> None:
    """Publish this process's graph calls into `slot` of `beacon` (None: stop publishing).

    `watcher` is the process id of a watcher that answers signal questions
    (`ask_watcher`); 0 when there is none.
    """
    global _beacon, _slot, _pid, _watcher
    _beacon, _slot, _pid, _watcher = beacon, slot, os.getpid(), watcher
    _acted.clear()
    if beacon is not None:
        beacon.write_task(slot, _pid, -1)


_stand_in = False


def stdout_stands_in() -> None:
    """Descriptor 1 is a stand-in now (/dev/null): fuzzroute writes its results through another one."""
    global _stand_in
    _stand_in = True


def stdout_is_a_stand_in() -> bool:
    return _stand_in


def leave_message(text: str) -> None:
    """Hand the watcher a closing message to print for this process (when graph code took its stderr)."""
    if _beacon is not None and os.getpid() == _pid:
        _beacon.write_message(text)


def ask_watcher(number: int) -> bool:
    """Whether the signal `number` this process just received is the user's, as its watcher knows.

    The watcher takes every signal pending for it before it answers (see
    `signal_origin`), so a Ctrl-C that reached both processes is counted
    before the answer.  With no watcher, or none that answers within
    `ANSWER_SECONDS`, the signal is taken as the user's: stopping is the
    safe reading.
    """
    beacon = _beacon
    if beacon is None or _watcher <= 0 or os.getpid() != _pid:
        return True
    if _user_signal_unacted(beacon, number):
        return True
    question = beacon.ask()
    blocked = _block_alarm()
    try:
        try:
            os.kill(_watcher, QUESTION_SIGNAL)
        except OSError:
            return True
        give_up = time.monotonic() + ANSWER_SECONDS
        while not beacon.answered(question):
            if time.monotonic() > give_up:
                return True
            time.sleep(0.0005)
    finally:
        _unblock(blocked)
    return _user_signal_unacted(beacon, number)


def _user_signal_unacted(beacon: Beacon, number: int) -> bool:
    count = beacon.user_signals(number)
    if count > _acted.get(number, 0):
        _acted[number] = count
        return True
    return False


def _block_alarm() -> bool:
    """Hold back the time limits' alarm while the answer is awaited (it would raise inside the wait)."""
    if not hasattr(signal, "pthread_sigmask") or not hasattr(signal, "SIGALRM"):
        return False
    try:
        return signal.SIGALRM not in signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
    except (OSError, ValueError):
        return False


def _unblock(blocked: bool) -> None:
    if blocked:
        with contextlib.suppress(OSError, ValueError):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])


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

    def signal_number(self) -> int | None:
        """The signal that ended (or stopped) the process, if a signal did."""
        if self.code is not None or self.status is None:
            return None
        if os.WIFSIGNALED(self.status):
            return os.WTERMSIG(self.status)
        if os.WIFSTOPPED(self.status):
            return os.WSTOPSIG(self.status)
        return None

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
        number = self.signal_number()
        if number is not None and os.WIFSTOPPED(self.status):
            return (f"the graph's own code stopped its process with {_name(number)}{during} (nobody sent fuzzroute "
                    "that signal), so fuzzroute ended it")
        if number is not None and number == getattr(signal, "SIGKILL", -1):
            return (f"the process was killed by SIGKILL{during}, before it finished (the system's out-of-memory "
                    "killer does this, and so does graph code that kills its own process)")
        if number is not None:
            return (f"the process was ended by {_name(number)}{during}, before it finished; nobody sent fuzzroute "
                    "that signal, so the graph's own code (or a program it started) sent it")
        return (f"the graph's own code ended the process (exit status {os.waitstatus_to_exitcode(self.status)})"
                f"{during}, before it finished")

    def fix(self) -> str:
        """What to do about it, in a sentence."""
        if self.overdue is not None:
            return ("Make that code return within its limit (a `when` is called for every phrase; a graph file's "
                    "top level should only declare the graph), or raise --condition-limit / --import-limit.")
        number = self.signal_number()
        if number is not None and number == getattr(signal, "SIGKILL", -1):
            return "Check how much memory the graph's code takes (and that it kills no process), then run again."
        if number is not None:
            return "Graph code must not signal or stop its own process: remove that from the graph file."
        return ("Graph code must not end the process (os._exit, or a crash in C code it calls): remove that exit "
                "from the graph file.")


def _name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


_TERMINAL_STOPS = tuple(getattr(signal, name) for name in ("SIGTTIN", "SIGTTOU") if hasattr(signal, name))


def watch(child: int, beacon: Beacon, wait: Callable[[float], None] | None = None,
          give_up: Callable[[], bool] | None = None, slot: int = 0) -> Ending:
    """Wait for `child` (a forked process publishing into `slot` of `beacon`) to end, and say how it ended.

    A call still running well past its limit (`Activity.overdue`) is ended
    with SIGKILL, as is the child when `give_up()` says so, or when it is
    stopped (SIGSTOP) while the watcher runs.  `wait(seconds)`
    waits between looks (a signal-aware wait of the caller's; a sleep by default).
    """
    pause = wait if wait is not None else (lambda seconds: time.sleep(min(seconds, 0.02)))
    while True:
        try:
            done, status = os.waitpid(child, os.WNOHANG | os.WUNTRACED)
        except ChildProcessError:
            return Ending(beacon.finished(), None, None, beacon.read(slot))
        if done and os.WIFSTOPPED(status) and os.WSTOPSIG(status) in _TERMINAL_STOPS:
            continue  # reading or writing the terminal from the background: job control, the user's to resume
        if done and os.WIFSTOPPED(status):
            # Stopped while this watcher runs: not by the terminal's Ctrl-Z (that stops the watcher too), so by
            # the graph's own code (SIGSTOP, SIGTSTP); nothing would ever continue it.
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(child, 0)
            return Ending(None, None, status, beacon.read(slot))
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
