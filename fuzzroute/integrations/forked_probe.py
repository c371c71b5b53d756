"""Run a `.py` graph's code once in a forked child before pytest runs it in its own process.

Under pytest the graph's code runs inside the test session, so code that
ends the process (`os._exit(0)` at import or in a `when`) would end the
whole session with a code the graph chose, and a `when` stuck in C code
would hang it.  So before a `.py` graph is loaded in the session, the plugin
loads it and runs its proven checkup (every `when` call its items make) in a
forked child, watched as the command line watches its own child
(`engine.supervision`).  A child that ends without finishing, or is stopped
past a limit, turns into one failing item naming the call; the session goes
on.  The probe proves the graph's code ends; since a `when` is meant to be
pure, the same calls then run in the session (a predicate that exits only
on its second call would still end the session: that is not covered).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings


def probe_failure(spec: str) -> str | None:
    """Why the graph's code cannot run in this process (None when the probe finished, or cannot fork)."""
    if not hasattr(os, "fork"):
        return None
    from fuzzroute.engine import supervision

    beacon = supervision.Beacon(1)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # "multi-threaded, fork() may deadlock": the child
        child = os.fork()  # runs only the graph's code and fuzzroute's checkup, then _exits
    if child == 0:  # pragma: no cover - runs in the forked child, which never returns
        _run_in_child(spec, beacon)
    ending = supervision.watch(child, beacon)
    if ending.code is not None:
        return None
    return f"{ending.describe()}. {ending.fix()}"


def _run_in_child(spec: str, beacon: object) -> None:  # pragma: no cover - forked child
    from fuzzroute.engine import supervision

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        assert isinstance(beacon, supervision.Beacon)
        supervision.attach(beacon, 0)
        from fuzzroute.graphfiles.loader import load_graph
        from fuzzroute.report import rows_from_checkup

        rows_from_checkup(load_graph(spec).graph)
    except BaseException:  # the session's own load reports any error; the probe watches for exits
        pass
    finally:
        if isinstance(beacon, supervision.Beacon):
            beacon.finish(0)
        os._exit(0)
