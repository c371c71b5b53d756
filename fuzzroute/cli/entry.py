"""The `fuzzroute` process: the exit-code contract kept around the command, whatever happens in it.

`run` is the console script and `python -m fuzzroute`.  Around the click
group (`app.main`, which tests drive in-process) it keeps what only the
whole process can keep:

- standard output or error closed before the start (`>&-`) is bad
  environment: exit 2 with a message, before anything is opened (a file
  opened then would take the closed descriptor and receive the output);
- output that cannot be delivered (`/dev/full`, a closed descriptor) is
  exit 2 with a message on stderr; a reader that stops early (`| head`) is
  not an error: the rest of the output is dropped and the exit code is the
  run's own;
- any exception fuzzroute did not mean to raise is exit 3, one paragraph
  saying it is a fuzzroute bug (`app.internal_error`), unless the graph's
  code caused it or the environment failed (`app.failure_code`: exit 2);
- threads the graph's code started and left running never keep the process
  alive once the results are out: it ends with its exit code;
- before a `.py` graph's code runs, the command moves into a watched child
  process (`supervisor`), so graph code stuck in C code, or ending the
  process itself, gives exit 2 with a message instead of a hang or a code
  the graph chose; that child ends with `os._exit` once its output is
  delivered, so no exit handler (the graph's, registered around fuzzroute's
  recorder) can print after the results or keep the process alive.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import NoReturn

from fuzzroute.cli import supervisor
from fuzzroute.cli.app import EXIT_BAD_INPUT, failure_code, main
from fuzzroute.cli.terminal import OutputUnwritable, install
from fuzzroute.engine import graph_code, supervision
from fuzzroute.engine.signal_origin import GraphSignalled


def run(argv: list[str] | None = None) -> NoReturn:
    """Run one `fuzzroute` command line and end the process with its exit code."""
    _refuse_closed_standard_streams()
    install()
    supervisor.prepare()
    code = _invoke(argv)
    code = _deliver(code)
    supervision.finish(code)
    _leave(code)


def _refuse_closed_standard_streams() -> None:
    closed = [name for fd, name in ((1, "standard output"), (2, "standard error")) if not _open(fd)]
    if not closed:
        return
    if _open(2):
        os.write(2, (f"fuzzroute: error: {closed[0]} is closed (`>&-`), so fuzzroute could not print its "
                     "results. Send it to a file or to /dev/null instead of closing it.\n").encode())
    os._exit(EXIT_BAD_INPUT)


def _open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _invoke(argv: list[str] | None) -> int:
    try:
        main.main(args=argv, prog_name="fuzzroute", standalone_mode=True)
    except SystemExit as exc:
        return _code(exc.code)
    except OutputUnwritable as exc:
        _say(str(exc))
        return EXIT_BAD_INPUT
    except GraphSignalled as exc:  # the graph's code signalled the process outside any call of it
        _say(str(graph_code.blame(exc) or exc))
        return EXIT_BAD_INPUT
    except Exception as exc:  # an error of fuzzroute's own: exit 3, never a traceback to read as findings
        return failure_code(exc)
    return 0


def _code(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    _say(str(value))  # sys.exit("text"): Python prints it and exits 1; fuzzroute never does this on purpose
    return EXIT_BAD_INPUT


def _deliver(code: int) -> int:
    """Flush standard output; an output that cannot take it is exit 2 (a reader that left is not)."""
    try:
        sys.stdout.flush()
    except OutputUnwritable as exc:
        _say(str(exc))
        return EXIT_BAD_INPUT
    except OSError as exc:
        _say(str(OutputUnwritable.of(exc)))
        return EXIT_BAD_INPUT
    return code


def _say(text: str) -> None:
    with contextlib.suppress(Exception):
        print(f"fuzzroute: error: {' '.join(text.split())}", file=sys.stderr, flush=True)


def _leave(code: int) -> NoReturn:
    """Exit with `code`; if graph code left threads running, do not wait for them.

    In the watched child (graph code ran here) the exit is `os._exit`: exit
    handlers the graph's code registered behind fuzzroute's back would run
    after the results are out.
    """
    lingering = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if lingering or (supervision.watched() and graph_code.ran()):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)
