"""Run a `.py` graph's code once in a forked child before pytest runs it in its own process.

Under pytest the graph's code runs inside the test session, so code that
ends the process (`os._exit(0)` at import or in a `when`) would end the
whole session with a code the graph chose, a `when` stuck in C code would
hang it, and a signal or `KeyboardInterrupt` of the graph's would abort it
as if the user pressed Ctrl-C.  So before a `.py` graph is loaded in the
session, the plugin loads it and runs its proven checkup (every `when` call
its items make) in a forked child, watched as the command line watches its
own child (`engine.supervision`).  In the child every SIGINT, SIGTERM and
SIGHUP is the graph's (`signal_origin.arbitrate` with an answer of "no"):
a Ctrl-C of the user's reaches the session too, and stops it there.  A child
that ends without finishing, is stopped past a limit, or finds the graph
bad input (a signal, a fork, an exit handler, a `KeyboardInterrupt` raised
at import: `engine.graph_code`) turns into one failing item naming the
call, whose message comes back through the shared memory; the session goes on and
never runs that graph's code.  The probe proves the graph's code ends;
since a `when` is meant to be pure, the same calls then run in the session
(a predicate that misbehaves only on its second call is not covered).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings

#: Bytes of the child's message kept (one paragraph).
MESSAGE_BYTES = 8192


def probe_failure(spec: str) -> str | None:
    """Why the graph's code cannot run in this process (None when the probe finished, or cannot fork)."""
    if not hasattr(os, "fork"):
        return None
    from fuzzroute.engine import supervision

    beacon = supervision.Beacon(1, MESSAGE_BYTES)  # shared memory: no descriptor the graph's code could close
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # "multi-threaded, fork() may deadlock": the child
        child = os.fork()  # runs only the graph's code and fuzzroute's checkup, then _exits
    if child == 0:  # pragma: no cover - runs in the forked child, which never returns
        _run_in_child(spec, beacon)
    ending = supervision.watch(child, beacon)
    if ending.code is None:
        return f"{ending.describe()}. {ending.fix()}"
    return " ".join(beacon.message().split()) or None


def _run_in_child(spec: str, beacon: object) -> None:  # pragma: no cover - forked child
    from fuzzroute.engine import signal_origin, supervision

    message = ""
    try:
        # A process group of its own: a signal the graph's code sends its group (os.killpg(0, ...)) must not
        # reach the test session.  No terminal either: stdin, stdout and stderr are /dev/null.
        os.setpgid(0, 0)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(null, 2)
        assert isinstance(beacon, supervision.Beacon)
        supervision.attach(beacon, 0)
        signal_origin.arbitrate(lambda number: False)
        from fuzzroute.engine import graph_code, process_state
        from fuzzroute.engine.errors import FuzzrouteError
        from fuzzroute.graphfiles.loader import load_graph
        from fuzzroute.report import rows_from_checkup

        # The session's own files (its output capture, xdist's channel): the graph's code may close none of them.
        process_state.keep_open_descriptors("a file the test session holds")
        try:
            with graph_code.watched_block():
                rows_from_checkup(load_graph(spec).graph)
        except FuzzrouteError as error:
            message = str(error)
    except BaseException:  # the session's own load reports any other error; the probe watches for exits
        pass
    finally:
        if isinstance(beacon, supervision.Beacon):
            beacon.write_message(message)
            beacon.finish(0)
        os._exit(0)
