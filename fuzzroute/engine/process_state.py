"""What fuzzroute's process must still look like after a graph's code ran in it, and putting it back.

A `.py` graph runs in fuzzroute's own process, so its code can change what
fuzzroute itself runs on: replace `sys.exit` (the run's exit code then
comes from the graph), `builtins.open` or `sorted` (results computed with
them would be the graph's choice), install a signal handler that raises
into fuzzroute's code, block a signal, lower the recursion limit, or close a
file descriptor fuzzroute holds.  None of that is an exception fuzzroute
could catch: it shows only later, as wrong results or as a crash that would
read as a bug of fuzzroute's.

So the state fuzzroute depends on is compared before and after graph code
runs (`graph_code`):

* `Essentials`, cheap enough for every `when` call (a tuple of identities
  and one dictionary comparison done in C): `sys.exit`, `os._exit`, the
  process primitives fuzzroute calls, and every name of `builtins`;
* `Snapshot`, the whole picture, taken where graph code starts and compared
  where it ends (after an import, when the capture window closes, before
  anything is written, and before fuzzroute calls a failure its own bug):
  the essentials, the functions of `sys`, `os`, `signal`, `time`, `atexit`
  and `gc` by identity, the recursion limit and integer-digits limit, trace
  and profile functions, the handlers of signals fuzzroute does not own
  itself and the signal mask; and the file descriptors fuzzroute holds at
  the time of the comparison (`keep_descriptor`).

`differences` says in words what changed (`replaced sys.exit`), and
`restore` puts back what can be put back.  Names the graph's code only
added (`gettext.install()` adds `builtins._`) are not differences: they
change nothing fuzzroute runs on.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import gc
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: Functions fuzzroute itself runs on, compared after every graph call (module, attribute).
_ESSENTIAL = (
    (sys, "exit"), (os, "_exit"), (os, "kill"), (os, "fork"), (os, "getpid"), (os, "write"), (os, "dup2"),
    (os, "close"), (os, "waitpid"), (os, "replace"), (signal, "signal"), (signal, "setitimer"),
    (signal, "pthread_sigmask"), (time, "monotonic"), (time, "perf_counter"),
)
#: Modules whose functions are compared by identity at the ends of graph code (names added are ignored).
_WATCHED_MODULES: tuple[ModuleType, ...] = (os, signal, time, atexit, gc)
#: Attributes of `sys` compared by identity (the rest of `sys` changes as fuzzroute runs: streams, paths).
_SYS_ATTRIBUTES = ("exit", "excepthook", "displayhook", "getrecursionlimit", "setrecursionlimit", "settrace",
                   "setprofile", "getsizeof", "intern")
#: Signals whose handlers fuzzroute sets itself (time limits, interruptions, the watcher's questions).
OWNED_SIGNALS = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGALRM", "SIGUSR1") if hasattr(signal, name)
)
_UNCATCHABLE = frozenset(getattr(signal, name) for name in ("SIGKILL", "SIGSTOP") if hasattr(signal, name))


def _catchable_signals() -> tuple[int, ...]:
    if not hasattr(signal, "valid_signals"):
        return ()
    found = []
    for number in sorted(int(s) for s in signal.valid_signals()):
        if number in _UNCATCHABLE or number in OWNED_SIGNALS:
            continue
        if hasattr(signal, "SIGRTMIN") and number >= signal.SIGRTMIN:
            continue  # real-time signals: no Python code installs them by accident, and there are 32
        found.append(number)
    return tuple(found)


_OTHER_SIGNALS = _catchable_signals()


def _module_name(module: ModuleType) -> str:
    return "builtins" if module is builtins else module.__name__


# -- the cheap comparison, made after every graph call ----------------------------------------------------------


@dataclass
class Essentials:
    """The identities of `_ESSENTIAL` and a copy of `builtins`' namespace (and of its values, in order)."""

    functions: list[object]
    builtin_names: dict[str, object]
    builtin_values: list[object]

    def unchanged(self) -> bool:
        """Whether nothing fuzzroute runs on was replaced (one C-level pass over `builtins`).

        Equality compares identities first; an object of the graph's whose
        `__eq__` raises counts as a change, and one whose `__eq__` lies is
        still found by `Snapshot`, which compares identities only.
        """
        names = builtins.__dict__
        try:  # a replaced value changes the list of values (in insertion order), an added or removed name its length
            return bool(len(names) == len(self.builtin_values) and list(names.values()) == self.builtin_values
                        and _essential_functions() == self.functions)
        except KeyboardInterrupt:
            raise
        except BaseException:  # a graph object's __eq__ ran: something was replaced
            return False


_ESSENTIAL_ITEMS = [(module.__dict__, name) for module, name in _ESSENTIAL]


def _essential_functions() -> list[object]:
    return [namespace.get(name) for namespace, name in _ESSENTIAL_ITEMS]


def essentials() -> Essentials:
    return Essentials(_essential_functions(), dict(builtins.__dict__), list(builtins.__dict__.values()))


# -- the whole picture ----------------------------------------------------------------------------------------------


@dataclass
class Snapshot:
    """The state of the process graph code may not change (see the module docstring)."""

    modules: dict[str, dict[str, object]]
    sys_attributes: dict[str, object]
    values: dict[str, object]
    handlers: dict[int, object]
    mask: frozenset[int] | None


#: File descriptors fuzzroute holds while graph code runs: fd -> (device, inode, what it is for).
_descriptors: dict[int, tuple[int, int, str]] = {}


def keep_descriptor(fd: int, purpose: str) -> None:
    """Note that fuzzroute holds `fd` (for `purpose`) while graph code runs: closing it is the graph's doing."""
    with contextlib.suppress(OSError):
        status = os.fstat(fd)
        _descriptors[fd] = (status.st_dev, status.st_ino, purpose)


def release_descriptor(fd: int) -> None:
    _descriptors.pop(fd, None)


def kept_descriptors() -> frozenset[int]:
    return frozenset(_descriptors)


def keep_open_descriptors(purpose: str) -> None:
    """Note every descriptor open now (a test session's files, in the forked probe) as one fuzzroute holds."""
    try:
        numbers = [int(name) for name in os.listdir("/proc/self/fd")]
    except (OSError, ValueError):
        numbers = list(range(256))
    for fd in numbers:
        if fd not in _descriptors:
            keep_descriptor(fd, purpose)


def _values() -> dict[str, object]:
    values: dict[str, object] = {
        "the recursion limit": sys.getrecursionlimit(),
        "the trace function (sys.settrace)": sys.gettrace(),
        "the profile function (sys.setprofile)": sys.getprofile(),
        "whether the garbage collector runs (gc.disable)": gc.isenabled(),
    }
    if hasattr(sys, "get_int_max_str_digits"):
        values["the integer digit limit (sys.set_int_max_str_digits)"] = sys.get_int_max_str_digits()
    return values


def _handlers() -> dict[int, object]:
    handlers: dict[int, object] = {}
    for number in _OTHER_SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            handlers[number] = signal.getsignal(number)
    return handlers


def _mask() -> frozenset[int] | None:
    if not hasattr(signal, "pthread_sigmask"):
        return None
    try:
        return frozenset(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, []))
    except (OSError, ValueError):
        return None


def snapshot() -> Snapshot:
    """The state now (taken before graph code runs)."""
    modules = {_module_name(m): dict(m.__dict__) for m in (builtins, *_WATCHED_MODULES)}
    attributes = {name: getattr(sys, name, None) for name in _SYS_ATTRIBUTES}
    return Snapshot(modules, attributes, _values(), _handlers(), _mask())


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _namespaces(before: Snapshot) -> Iterator[tuple[str, dict[str, object], dict[str, Any]]]:
    """Each watched module's name, its namespace as it was in `before`, and its namespace now."""
    for name, saved in before.modules.items():
        module = builtins if name == "builtins" else sys.modules.get(name)
        if module is not None:
            yield name, saved, module.__dict__


def differences(before: Snapshot) -> list[str]:
    """What the graph's code changed since `before`, in words (empty: nothing)."""
    found: list[str] = []
    for name, saved, now in _namespaces(before):
        for key, value in saved.items():
            if key not in now:
                found.append(f"removed {name}.{key}")
            elif now[key] is not value:
                found.append(f"replaced {name}.{key}")
    for key, value in before.sys_attributes.items():
        if getattr(sys, key, None) is not value:
            found.append(f"replaced sys.{key}")
    for what, value in _values().items():
        if before.values.get(what) != value:
            found.append(f"changed {what}")
    for number, handler in _handlers().items():
        if number in before.handlers and before.handlers[number] is not handler:
            found.append(f"changed the handler of {_signal_name(number)}")
    mask = _mask()
    if before.mask is not None and mask is not None:
        found.extend(f"blocked {_signal_name(n)}" for n in sorted(mask - before.mask))
        found.extend(f"unblocked {_signal_name(n)}" for n in sorted(before.mask - mask))
    return found + descriptor_changes()


def descriptor_changes() -> list[str]:
    """The descriptors fuzzroute holds now (`keep_descriptor`) that were closed or replaced, in words."""
    found = []
    for fd, (device, inode, purpose) in list(_descriptors.items()):
        try:
            status = os.fstat(fd)
        except OSError:
            found.append(f"closed file descriptor {fd} ({purpose})")
            continue
        if (status.st_dev, status.st_ino) != (device, inode):
            found.append(f"replaced file descriptor {fd} ({purpose})")
    return found


def restore(before: Snapshot) -> None:
    """Put back what `differences` reports, as far as it can be put back (a closed descriptor cannot)."""
    for _name, saved, now in _namespaces(before):
        for key, value in saved.items():
            if now.get(key, _MISSING) is not value:
                now[key] = value
    for key, value in before.sys_attributes.items():
        if value is not None and getattr(sys, key, None) is not value:
            setattr(sys, key, value)
    _restore_values(before.values)
    for number, handler in before.handlers.items():
        if handler is not None:
            with contextlib.suppress(OSError, ValueError, TypeError):
                if signal.getsignal(number) is not handler:
                    signal.signal(number, handler)  # type: ignore[arg-type]
    if before.mask is not None and hasattr(signal, "pthread_sigmask"):
        with contextlib.suppress(OSError, ValueError):
            signal.pthread_sigmask(signal.SIG_SETMASK, before.mask)


_MISSING = object()


def _restore_values(values: dict[str, object]) -> None:
    with contextlib.suppress(Exception):
        limit = values.get("the recursion limit")
        if isinstance(limit, int):
            sys.setrecursionlimit(limit)
    with contextlib.suppress(Exception):
        sys.settrace(values.get("the trace function (sys.settrace)"))  # type: ignore[arg-type]
    with contextlib.suppress(Exception):
        sys.setprofile(values.get("the profile function (sys.setprofile)"))  # type: ignore[arg-type]
    if values.get("whether the garbage collector runs (gc.disable)"):
        gc.enable()
    digits = values.get("the integer digit limit (sys.set_int_max_str_digits)")
    if isinstance(digits, int) and hasattr(sys, "set_int_max_str_digits"):
        with contextlib.suppress(Exception):
            sys.set_int_max_str_digits(digits)


def restore_essentials(saved: Essentials) -> list[str]:
    """Put back the essentials; returns what had been replaced, in words."""
    found = []
    for (module, name), value in zip(_ESSENTIAL, saved.functions, strict=True):
        if module.__dict__.get(name) is not value:
            found.append(f"replaced {_module_name(module)}.{name}")
            module.__dict__[name] = value
    now = builtins.__dict__
    for key, value in saved.builtin_names.items():
        if key not in now:
            found.append(f"removed builtins.{key}")
            now[key] = value
        elif now[key] is not value:
            found.append(f"replaced builtins.{key}")
            now[key] = value
    return found


def listed(changes: Iterable[str], limit: int = 4) -> str:
    """`replaced sys.exit and builtins.open` for a message (at most `limit` named, then a count)."""
    items = list(dict.fromkeys(changes))
    if len(items) > limit:
        items = [*items[:limit], f"{len(items) - limit} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
