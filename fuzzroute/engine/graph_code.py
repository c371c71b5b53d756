"""Every call into a graph's own code, and what that code may not do to the process that runs it.

A `.py` graph's code (its import, each `when` call, the text of an object
it raised) runs inside fuzzroute's process.  Its exceptions are its own
(a `when` that raises is a predicate that throws, an import that raises is
bad input), but it can also reach past them at the process: signal it,
raise `KeyboardInterrupt` as if the user pressed Ctrl-C, replace `sys.exit`
or a builtin, register an exit handler, fork a copy of the whole run, close
a file descriptor fuzzroute holds.  `call` runs one piece of graph code and
tells each of these apart from fuzzroute's own doing:

* a signal: `signal_origin` finds out whether the user sent it; one the
  graph's code sent raises `GraphSignalled` inside that code, and is refused
  here even when the code swallowed it;
* `KeyboardInterrupt`: the user's only when the user did interrupt this
  process (`signal_origin.user_interrupted`); otherwise the graph raised it
  itself and it comes out of `call` as `RaisedInterrupt`, an ordinary
  exception of the graph's (a `when` that raises it throws; an import that
  raises it is bad input);
* replaced essentials (`process_state`: `sys.exit`, `os._exit`, the process
  primitives, every builtin): compared after the import, after the first
  call of each predicate and every `ESSENTIALS_EVERY`-th call, and put back
  at once, so the run goes no further on the graph's `sys.exit`;
* an exit handler: `atexit.register` is fuzzroute's recorder while graph
  code runs, so the handler is never registered (it would run after the
  results, printing into them or keeping the process from ending); one
  registered around the recorder is found by the count of handlers;
* `fork`: a hook that runs in every forked child ends a copy the graph's
  code made before it returns to any code of fuzzroute's (a copy made with
  a raw system call is caught when it returns here: its process id is not
  the run's);
* everything else of the process (`process_state.Snapshot`): compared where
  graph code ends (the end of an import, the capture window, before any
  output is written) and before fuzzroute calls a failure its own bug.

Each of these is a `GraphCodeError`, bad input (exit 2) naming the call:
the import of the file, or the `when` of a rule on a phrase.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from fuzzroute.engine import process_state, signal_origin, time_limit
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.signal_origin import GraphSignalled

T = TypeVar("T")


class GraphCodeError(InputError):
    """The graph's code did something to fuzzroute's process; the message names the call (exit 2)."""


class RaisedInterrupt(Exception):
    """A `KeyboardInterrupt` the graph's code raised without the user interrupting: the graph's own exception."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(f"{type(original).__name__} raised by the graph's own code (no Ctrl-C was pressed)")
        self.original = original


#: Exit code of a copy of the run that the graph's code forked (it is ended before it does anything).
FORKED_COPY_EXIT = 70
#: The essentials are compared after every this many calls (and after the first call of each predicate).
ESSENTIALS_EVERY = 64
_calls = 0
_compared: set[object] = set()

_depth = 0
_graph_thread: int | None = None
_ran = False
_forks: list[str] = []
_exit_handlers: list[tuple[str, bool]] = []
_essentials: process_state.Essentials | None = None
_last_label: Callable[[], str] | None = None
#: The process state before the first graph call (what `blame` compares with).
_first: process_state.Snapshot | None = None


def ran() -> bool:
    """Whether graph code has run in this process (only then can a stray `KeyboardInterrupt` be the graph's)."""
    return _ran


def last_call() -> str:
    """The graph call made last, for a message about something found after it returned."""
    if _last_label is None:
        return "the graph's code"
    try:
        return _last_label()
    except Exception:  # a label is fuzzroute's text; this only guards the message against the impossible
        return "the graph's code"


# -- the copy a fork makes, and exit handlers -------------------------------------------------------------------


def _after_fork_in_child() -> None:
    """In every forked child: a copy made by the graph's code ends here, before anything of fuzzroute's runs."""
    if _depth > 0 and _graph_thread == threading.get_ident():
        os._exit(FORKED_COPY_EXIT)


def _after_fork_in_parent() -> None:
    if _depth > 0 and _graph_thread == threading.get_ident():
        _forks.append("os.fork")


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child, after_in_parent=_after_fork_in_parent)


@functools.lru_cache(maxsize=1)
def _library_folders() -> tuple[str, ...]:
    """Where the standard library and installed packages live (read once, when a handler is first recorded)."""
    import sysconfig

    return tuple(
        str(Path(folder).resolve()) + os.sep
        for key in ("stdlib", "platstdlib", "purelib", "platlib")
        if (folder := sysconfig.get_paths().get(key))
    )


def _recording_register(function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Callable[..., Any]:
    """`atexit.register` while graph code runs: the handler is noted, never registered."""
    caller = sys._getframe(1).f_code.co_filename
    try:
        resolved = str(Path(caller).resolve())
    except (OSError, ValueError):
        resolved = caller
    from_library = resolved.startswith(_library_folders())
    name = getattr(function, "__qualname__", None) or type(function).__name__
    _exit_handlers.append((str(name), from_library))
    return function


_ncallbacks: Callable[[], int] = getattr(atexit, "_ncallbacks", lambda: 0)


def _callbacks() -> int:
    """How many exit handlers are registered (CPython's count; a registration around the recorder shows here)."""
    return _ncallbacks()


# -- one call --------------------------------------------------------------------------------------------------


def call(function: Callable[[], T], label: Callable[[], str], key: object = None) -> T:
    """`function()`, a piece of the graph's code; `label()` names it (`the \\`when\\` of rule 'a' ...`).

    Raises `GraphCodeError` for what the code did to the process (see the
    module docstring), `RaisedInterrupt` for a `KeyboardInterrupt` that is
    not the user's; every other exception of the code passes unchanged.

    This runs for every `when` call.  Signals, forks, exit handlers and the
    process id are looked at after every call (they cost nothing until they
    happen); the essentials (`process_state.Essentials`, about two
    microseconds) after every call made without a `key`, after the first
    call of each `key` (a predicate) and after every `ESSENTIALS_EVERY`-th
    call.  A change they miss is found where graph code ends (`check`),
    before anything is printed or written, naming the last call made.
    """
    global _depth, _graph_thread, _ran, _last_label, _essentials, _calls
    if _depth > 0:  # graph code calling graph code (an import that runs a predicate): the outer call watches
        return _classified(function)
    if _first is None:
        before_first_call()
    _ran, _last_label = True, label
    pid = os.getpid()
    arbitrated = signal_origin.arbitrating(pid)
    essentials = _essentials
    _calls += 1
    compare = key is None or _calls % ESSENTIALS_EVERY == 0 or key not in _compared
    if compare and key is not None:
        _compared.add(key)
    # Where fuzzroute owns the process (the watched child, the probe) only its own code runs between two calls;
    # elsewhere (the Python API) the caller may change a builtin in between, which is not the graph's doing.
    if essentials is None or (compare and not arbitrated and not essentials.unchanged()):
        essentials = _essentials = process_state.essentials()
    callbacks = _callbacks()
    _depth, _graph_thread = 1, threading.get_ident()
    register = atexit.register
    atexit.register = _recording_register
    failure: BaseException | None = None
    try:
        if arbitrated or signal_origin.counting():
            return _classified(function)
        with signal_origin.counting_interrupts():
            return _classified(function)
    except BaseException as exc:
        failure = exc
        raise
    finally:
        _depth = 0
        _graph_thread = None
        atexit.register = register
        if os.getpid() != pid:  # a copy the graph's code made with a raw fork: it must not go on
            os._exit(FORKED_COPY_EXIT)
        if _forks or _exit_handlers or signal_origin.pending_graph_signals() or _callbacks() != callbacks \
                or (compare and not essentials.unchanged()):
            problems = _problems(callbacks, label)
            if problems and not isinstance(failure, KeyboardInterrupt):
                raise GraphCodeError(problems) from None


def _classified(function: Callable[[], T]) -> T:
    try:
        return function()
    except GraphSignalled:
        raise
    except KeyboardInterrupt as exc:
        if signal_origin.user_interrupted():
            raise
        raise RaisedInterrupt(exc) from None


def _problems(callbacks: int, label: Callable[[], str]) -> str:
    """What the call just made did to the process, as a message naming the call (empty: nothing)."""
    global _essentials
    sent = signal_origin.take_graph_signals()
    if sent:
        names = " and ".join(dict.fromkeys(signal_origin.signal_name(n) for n in sent))
        return (f"the graph's code sent {names} to fuzzroute's own process (os.kill, os.killpg or "
                f"signal.raise_signal) in {label()}. Only a signal you send to fuzzroute interrupts it, so a "
                "signal from the graph is bad input: remove it from the graph's code.")
    if _forks:
        _forks.clear()
        return (f"the graph's code forked the process (os.fork) in {label()}; fuzzroute ended the copy before it "
                "ran anything of fuzzroute's, because a copy would run the whole command a second time. A graph "
                "must not fork while it is imported or judged: start helper processes only under "
                "`if __name__ == \"__main__\":`.")
    handlers = list(_exit_handlers)
    _exit_handlers.clear()
    own = [name for name, from_library in handlers if not from_library]
    if own or _callbacks() > callbacks:
        shown = ", ".join(f"atexit.register({name})" for name in dict.fromkeys(own)) or "atexit"
        return (f"the graph's code registered an exit handler ({shown}) in {label()}. fuzzroute never runs a "
                "graph's exit handlers: they would run after its results, printing into them or keeping the "
                "process from ending. Remove the registration, or make it only under `if __name__ == \"__main__\":`.")
    assert _essentials is not None
    if not _essentials.unchanged():
        changes = process_state.restore_essentials(_essentials)
        if changes:
            return (f"the graph's code {process_state.listed(changes)} of fuzzroute's own process in {label()}; "
                    "fuzzroute put the originals back and stopped, because results computed with the graph's "
                    "versions would be the graph's choice (an exit code, a verdict). Do not assign to sys, os or "
                    "builtins in a graph file.")
        _essentials = process_state.essentials()  # only names added (gettext.install): nothing was replaced
    return ""


# -- where graph code ends -------------------------------------------------------------------------------------


@contextlib.contextmanager
def watched_block() -> Iterator[None]:
    """Compare the whole process state (`process_state.Snapshot`) at the end of the block with its start.

    Around the stretch of a command where graph code runs (the capture
    window): a change the per-call comparison does not look at (a signal
    handler, a closed descriptor) is bad input naming the last call.  A
    block left by an interruption or by bad input already found is not
    judged again, but what graph code changed is still put back, so the
    error can be said (a lowered recursion limit, a handler that raises).
    """
    before = process_state.snapshot()
    _blocks.append(before)
    failure: BaseException | None = None
    try:
        yield
    except BaseException as exc:
        failure = exc
        raise
    finally:
        _blocks.remove(before)
        if not isinstance(failure, (KeyboardInterrupt, InputError, GraphSignalled)):
            check(before)
        elif _ran:
            with contextlib.suppress(Exception):
                process_state.restore(before)
                _owned_handlers()


#: The snapshots of the `watched_block`s open now, innermost last.
_blocks: list[process_state.Snapshot] = []


def checkpoint() -> None:
    """Inside a `watched_block`: compare the process with its start now (before anything is written)."""
    if _blocks:
        check(_blocks[-1])


def check(before: process_state.Snapshot) -> None:
    """Raise `GraphCodeError` if graph code changed the process since `before` (and put back what it can)."""
    if not _ran:
        return
    changes = process_state.differences(before) + _owned_handlers()
    sent = signal_origin.take_graph_signals()
    if not changes and not sent:
        return
    process_state.restore(before)
    if sent:
        names = " and ".join(dict.fromkeys(signal_origin.signal_name(n) for n in sent))
        raise GraphCodeError(
            f"the graph's code sent {names} to fuzzroute's own process (last graph call: {last_call()}). Only a "
            "signal you send to fuzzroute interrupts it, so a signal from the graph is bad input: remove it from "
            "the graph's code (a thread it started counts as its code)."
        )
    raise GraphCodeError(
        f"the graph's code {process_state.listed(changes)} of fuzzroute's own process (found after {last_call()}). "
        "fuzzroute runs on these, so results computed after such a change would not be its own: a graph may "
        "change only what it created itself. Remove that from the graph's code."
    )


def _owned_handlers() -> list[str]:
    """The handlers fuzzroute set itself that graph code replaced (the arbiter's, the time limits'): put back."""
    return signal_origin.tampered() + time_limit.tampered()


def blame(exc: BaseException) -> GraphCodeError | None:
    """Before an unexpected failure is called a bug of fuzzroute's: the graph's doing, if its code changed the process.

    Compares with the state where graph code first ran; None when graph code
    never ran or left everything as it was.  Only where fuzzroute owns the
    process (the watched child, the probe): in a longer-lived caller's
    process (a test session) others change that state too.
    """
    if not _ran or _first is None or not signal_origin.arbitrating():
        return None
    changes = process_state.differences(_first) + _owned_handlers()
    sent = signal_origin.take_graph_signals()
    if isinstance(exc, GraphSignalled):
        sent.append(exc.number)
    if not changes and not sent:
        return None
    what = (f"sent {' and '.join(dict.fromkeys(signal_origin.signal_name(n) for n in sent))} to fuzzroute's own "
            "process" if sent else f"{process_state.listed(changes)} of fuzzroute's own process")
    return GraphCodeError(
        f"the graph's code {what} (found after {last_call()}), and fuzzroute then failed "
        f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]}). That failure follows from the change, not "
        "from a bug of fuzzroute's: remove it from the graph's code."
    )


def before_first_call() -> None:
    """Note the state of the process before any graph code runs (what `blame` compares with)."""
    global _first
    if _first is None:
        _first = process_state.snapshot()


def _forget_in_child() -> None:
    """A worker forked by fuzzroute judges `when` calls of its own: it starts with no call open."""
    global _depth, _graph_thread
    if _depth == 0:
        _graph_thread = None
    _forks.clear()
    _exit_handlers.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)
