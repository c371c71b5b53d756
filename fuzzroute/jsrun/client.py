"""This process's JavaScript sandbox: a helper process (`host.py`) started on first use, asked one line at a time.

Each process that runs JavaScript predicates has a helper of its own:
a process forked after its parent started one (a worker of `report
--workers`) starts its own on its first call and never touches its parent's
pipes, and no V8 is ever loaded here, so forking stays safe.  The helper is
a fresh interpreter (`python -P host.py`: no folder of the user's put on
its import path) and ends when this process closes its pipe.

A call is bounded twice: V8 stops the predicate at the time limit, and the
answer is awaited `ANSWER_SLACK_SECONDS` longer; a helper that has not
answered by then (stuck outside JavaScript), or that died (V8 ends the
process when it cannot allocate), is ended and the call fails with the
reason; the next call starts a new helper.  A predicate that ended the
helper once is not run again in this process: it would end the next one too.
Anything that interrupts a call half way (Ctrl-C, an outer time limit) ends
the helper too, so no answer is ever read for the wrong question.

Answers are remembered per (predicate, context): a predicate in the sandbox
keeps no state between calls (its constants are made anew each call, the
built-ins are frozen), so asking again would give the same answer.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import json
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from fuzzroute.engine.time_limit import TimedOut
from fuzzroute.jsrun.host import HEAP_BYTES

#: How long a new helper may take to start V8 and set up the sandbox.
STARTUP_SECONDS = 60.0
#: How long past a call's time limit its answer may take before the helper is ended (V8 stops it at the limit).
ANSWER_SLACK_SECONDS = 1.0
#: Answers remembered per process (then the memory starts again).
ANSWERS_KEPT = 50_000
#: The package that embeds V8, and what to install where it is missing.
V8_PACKAGE = "py_mini_racer"
INSTALL_HINT = "pip install 'fuzzroute[js]'"

HOST_SCRIPT = Path(__file__).with_name("host.py")


class SandboxUnavailable(Exception):
    """The sandbox cannot run here (V8 is not installed, or the helper did not start); the message says why."""


class ScriptFailed(Exception):
    """A predicate threw, ran out of memory or ended the helper: no claim, as for a Python predicate that raised."""


def missing_v8() -> str | None:
    """Why V8 cannot run here (None when the package is installed), read without loading it."""
    if importlib.util.find_spec(V8_PACKAGE) is None:
        return f"V8 (the mini-racer package) is not installed: {INSTALL_HINT} runs TypeScript and JavaScript predicates"
    return None


class _Helper:
    """One running helper process and what was defined in it."""

    def __init__(self) -> None:
        self.owner = os.getpid()
        self.defined: set[str] = set()
        self.errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - kept open as long as the helper runs
        self.buffer = bytearray()
        self.process = subprocess.Popen(
            [sys.executable, "-P", str(HOST_SCRIPT)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, close_fds=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.writer = self.process.stdin
        self.reader = self.process.stdout.fileno()

    def ready(self) -> str:
        answer = self.read(time.monotonic() + STARTUP_SECONDS)
        if answer is None:
            raise SandboxUnavailable(self.gone("did not start within " f"{STARTUP_SECONDS:g} s"))
        if "ready" not in answer:
            raise SandboxUnavailable(f"the JavaScript sandbox could not start ({answer.get('error', answer)})")
        return str(answer["ready"])

    def ask(self, message: dict[str, Any], deadline: float | None) -> dict[str, Any] | None:
        """The answer to `message`, or None when the helper died or did not answer by `deadline`."""
        try:
            self.writer.write((json.dumps(message) + "\n").encode("utf-8", "surrogatepass"))
            self.writer.flush()
        except OSError:
            return None
        return self.read(deadline)

    def read(self, deadline: float | None) -> dict[str, Any] | None:
        while b"\n" not in self.buffer:
            if deadline is not None and os.name != "nt":
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.reader], [], [], left)[0]:
                    return None
            try:
                chunk = os.read(self.reader, 65536)
            except OSError:
                return None
            if not chunk:
                return None
            self.buffer.extend(chunk)
        line, _, rest = bytes(self.buffer).partition(b"\n")
        self.buffer = bytearray(rest)
        answer: dict[str, Any] = json.loads(line)
        return answer

    def gone(self, what: str) -> str:
        """Why the helper is gone, for a message: its exit and the last line it wrote to stderr."""
        self.end()
        code = self.process.returncode
        said = ""
        with contextlib.suppress(OSError):
            self.errors.seek(0)
            lines = [x for x in self.errors.read()[-4000:].decode("utf-8", "replace").splitlines() if x.strip()]
            said = f": {lines[-1].strip()[:200]}" if lines else ""
        ended = f"exit status {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
        return f"the JavaScript sandbox {what} ({ended}{said})"

    def end(self) -> None:
        with contextlib.suppress(OSError):
            self.writer.close()
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            self.process.wait(5)
        with contextlib.suppress(OSError):
            self.process.stdout.close()  # type: ignore[union-attr]
        with contextlib.suppress(OSError):
            self.errors.close()


_helper: _Helper | None = None
#: Predicates (by key) that ended a helper: each call of theirs fails at once with the same reason.
_fatal: dict[str, str] = {}
_answers: dict[tuple[str, str], bool | str] = {}


def _forget_after_fork() -> None:
    """A forked child neither uses nor ends its parent's helper: it starts its own when it needs one."""
    global _helper
    _helper = None
    _answers.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def _current() -> _Helper | None:
    """This process's helper, if it has one that is still running."""
    global _helper
    if _helper is None or _helper.owner != os.getpid():
        return None
    if _helper.process.poll() is not None:  # it ended itself after a call V8 could not stop
        _helper.end()
        _helper = None
    return _helper


def running() -> bool:
    """Whether this process has a helper now (started and not ended since)."""
    return _current() is not None


def start() -> str:
    """Start this process's helper if it has none (waiting until it is ready); returns V8's version."""
    global _helper
    helper = _current()
    if helper is not None:
        return "running"
    reason = missing_v8()
    if reason is not None:
        raise SandboxUnavailable(reason)
    try:
        helper = _Helper()
    except OSError as exc:
        raise SandboxUnavailable(f"the JavaScript sandbox could not start ({exc})") from None
    try:
        version = helper.ready()
    except BaseException:
        helper.end()
        raise
    _helper = helper
    return version


def _drop() -> None:
    global _helper
    helper, _helper = _current(), None
    if helper is not None:
        helper.end()


atexit.register(_drop)


def define(key: str, code: str) -> str | None:
    """Compile one predicate factory in the helper (started if needed); the error text, or None when it compiled."""
    for attempt in range(2):  # a helper that ended since its last answer is replaced once
        start()
        helper = _current()
        assert helper is not None
        if key in helper.defined:
            return None
        try:
            answer = helper.ask({"op": "define", "key": key, "code": code}, time.monotonic() + STARTUP_SECONDS)
        except BaseException:
            _drop()
            raise
        if answer is None:
            _drop()
            if attempt == 0:
                continue
            raise SandboxUnavailable("the JavaScript sandbox stopped while compiling a predicate")
        if "error" in answer:
            return str(answer["error"])
        helper.defined.add(key)
        return None
    raise AssertionError("unreachable")


#: Contexts sent in one batch of `prefetch`.
BATCH = 400


def prefetch(key: str, code: str, contexts: list[str], seconds: float | None) -> None:
    """Answer many contexts in batches, each batch within `seconds` all together, and remember the answers.

    Only for a predicate that queues no jobs.  A batch that does not finish
    within one call's limit is dropped whole, and the calls are then made one
    by one, each under its own limit: a slow call is never blamed on the
    batch, nor a quick one's answer lost.
    """
    wanted = list(dict.fromkeys(c for c in contexts if (key, c) not in _answers))
    if not wanted or key in _fatal or define(key, code) is not None:
        return
    for start_at in range(0, len(wanted), BATCH):
        chunk = wanted[start_at:start_at + BATCH]
        helper = _current()
        assert helper is not None
        deadline = None if not seconds else time.monotonic() + seconds + ANSWER_SLACK_SECONDS
        try:
            answer = helper.ask({"op": "many", "key": key, "contexts": chunk, "seconds": seconds or None}, deadline)
        except BaseException:
            _drop()
            raise
        if answer is None or answer.get("stuck"):
            _drop()
            return
        if "values" not in answer:
            return
        if len(_answers) + len(chunk) >= ANSWERS_KEPT:
            _answers.clear()
        for context, value in zip(chunk, answer["values"], strict=True):
            _answers[(key, context)] = value == "true" if value in ("true", "false") else f"threw {value[6:]}"


def call(key: str, code: str, context: str, seconds: float | None, drain: bool) -> bool:
    """The predicate's verdict on the context (JSON text); raises `TimedOut` or `ScriptFailed` (see the docstring)."""
    known = _answers.get((key, context))
    if known is not None:
        if isinstance(known, str):
            raise ScriptFailed(known)
        return known
    if key in _fatal:
        raise ScriptFailed(_fatal[key])
    error = define(key, code)
    if error is not None:
        raise ScriptFailed(f"V8 refused the code: {error}")
    helper = _current()
    assert helper is not None
    deadline = None if not seconds else time.monotonic() + seconds + ANSWER_SLACK_SECONDS
    message = {"op": "call", "key": key, "context": context, "seconds": seconds or None, "drain": drain}
    try:
        answer = helper.ask(message, deadline)
    except BaseException:  # interrupted half way: the helper may answer later, to a question no one asks
        _drop()
        raise
    if answer is None:
        if deadline is not None and helper.process.poll() is None:
            _drop()
            raise TimedOut(seconds or 0.0)
        reason = helper.gone("ended while the predicate ran")
        _drop()
        _fatal[key] = reason
        raise ScriptFailed(reason)
    if answer.get("stuck"):  # V8 did not stop when told to: the helper ends itself
        _drop()
    if answer.get("timeout"):
        raise TimedOut(seconds or 0.0)
    verdict: bool | str
    if "value" in answer:
        verdict = bool(answer["value"])
    elif answer.get("oom"):
        verdict = f"ran out of memory (the sandbox stops a predicate whose heap passes {HEAP_BYTES // 2**20} MiB)"
    else:
        verdict = f"threw {answer.get('threw', 'an exception')}"
    if len(_answers) >= ANSWERS_KEPT:
        _answers.clear()
    _answers[(key, context)] = verdict
    if isinstance(verdict, str):
        raise ScriptFailed(verdict)
    return verdict
