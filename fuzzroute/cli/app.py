"""The `fuzzroute` command group and what every command shares: bad input as exit 2, the environment.

Exit codes are a public contract: 0 no proven error, 1 at least one proven
error, 2 bad input or environment (the message is one paragraph on stderr,
never a traceback), 3 an internal error (a bug of fuzzroute's: one paragraph
saying what to report; the traceback only with FUZZROUTE_DEBUG=1), 130
interrupted.  Graph code cannot choose one: its `sys.exit` or
`KeyboardInterrupt` at import is bad input, inside a predicate it is a
throw, and a signal it sends, a fork, an exit handler or a replaced builtin
is bad input (`engine.graph_code`).  An exception is exit 3 only after
`graph_code.blame` found the process as fuzzroute left it and it is no
failure of the environment (`errors.environment_problem`).
Generated suggestions never change the exit code, unless `--fail-on new`
asks to fail on new ones (see `report.fail_on_findings`).  Each command lives in a
module of its own and is a thin layer over the Python API.  Every command
writes through `terminal.install`'s escaping streams, so text from a graph
never steers the terminal.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from fuzzroute import __version__
from fuzzroute.cli import supervisor
from fuzzroute.cli.options import FilePath, ReadableGroup
from fuzzroute.cli.terminal import install as install_terminal_guard
from fuzzroute.engine import graph_code, signal_origin
from fuzzroute.engine.errors import FuzzrouteError, environment_problem
from fuzzroute.engine.signal_origin import GraphSignalled

EXIT_OK = 0
EXIT_PROVEN_ERROR = 1
EXIT_BAD_INPUT = 2
#: A bug of fuzzroute's own (never the graph's or the user's): one paragraph saying what to report.
EXIT_INTERNAL_ERROR = 3
#: Ctrl-C: an interrupted run is neither a pass nor a proven failure (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130

F = TypeVar("F", bound=Callable[..., Any])


def reports_bad_input(command: F) -> F:
    """Turn every deliberate fuzzroute error into one paragraph on stderr and exit 2; Ctrl-C into exit 130.

    Without this click would print "Aborted!" and exit 1 on Ctrl-C, which a
    build would read as a proven failure.
    """

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FuzzrouteError as exc:
            from fuzzroute.cli.configured import origin_note

            bad_input(origin_note(click.get_current_context(silent=True), " ".join(str(exc).split())))
        except GraphSignalled as exc:
            bad_input(str(graph_code.blame(exc) or exc))
        except KeyboardInterrupt as exc:
            if not users_interrupt(exc):
                bad_input(f"the graph's code raised {type(exc).__name__} itself; no Ctrl-C was pressed, so this is "
                          f"not an interruption (found after {graph_code.last_call()}). Remove the raise from the "
                          "graph's code.")
            click.echo("fuzzroute: interrupted (Ctrl-C); nothing was written.", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as exc:  # a bug of fuzzroute's: exit 3, never read as findings
            sys.exit(failure_code(exc))

    return wrapper  # type: ignore[return-value]


def bad_input(text: str) -> NoReturn:
    """One paragraph on stderr, exit 2."""
    _say_error(text)
    sys.exit(EXIT_BAD_INPUT)


def users_interrupt(exc: KeyboardInterrupt) -> bool:
    """Whether a `KeyboardInterrupt` that reached the command is the user's Ctrl-C.

    Where the arbiter stands (a `.py` graph's watched child) every SIGINT of
    the process is accounted for, so one that is not the user's was raised by
    the graph's code (in a `__del__`, a `__eq__` fuzzroute called, ...).
    Everywhere else a `KeyboardInterrupt` is the user's.
    """
    return not (signal_origin.arbitrating() and graph_code.ran() and not signal_origin.user_interrupted())


def failure_code(exc: Exception) -> int:
    """The exit code and paragraph for an exception no layer meant to raise.

    Exit 3 only for fuzzroute's own defects: a failure that follows from what
    the graph's code did to the process (`graph_code.blame`) is bad input, and
    one of the environment (a file or memory limit, permissions) is exit 2
    naming the resource and the fix.
    """
    blamed = graph_code.blame(exc)
    if blamed is not None:
        _say_error(str(blamed))
        return EXIT_BAD_INPUT
    problem = environment_problem(exc)
    if problem is not None:
        _say_error(problem)
        return EXIT_BAD_INPUT
    return internal_error(exc)


def _say_error(text: str) -> None:
    with contextlib.suppress(Exception):
        click.echo(f"fuzzroute: error: {' '.join(text.split())}", err=True)
    supervisor.deliver(text)  # graph code may have taken descriptor 2


def debugging() -> bool:
    """Whether `FUZZROUTE_DEBUG` asks for tracebacks of internal errors (any value but empty or 0)."""
    return os.environ.get("FUZZROUTE_DEBUG", "").strip() not in ("", "0")


def internal_error(exc: BaseException) -> int:
    """Say on stderr, in one paragraph, that fuzzroute itself failed; the traceback only under FUZZROUTE_DEBUG."""
    import traceback

    what = " ".join(f"{type(exc).__name__}: {exc}".split())
    if len(what) > 300:
        what = what[:300] + "..."
    with contextlib.suppress(Exception):
        if debugging():
            traceback.print_exception(exc, file=sys.stderr)
        click.echo(
            f"fuzzroute: internal error: {what}. This is a bug in fuzzroute, not a finding about your graph and "
            f"not a mistake in your input. Please report it to the fuzzroute maintainers with the command you ran, "
            f"the output of `fuzzroute --version` ({__version__}), the graph if you can share it, and the traceback "
            "that FUZZROUTE_DEBUG=1 prints.",
            err=True,
        )
    return EXIT_INTERNAL_ERROR


@click.group(cls=ReadableGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="fuzzroute")
@click.option(
    "--config", "config_path", type=FilePath(dir_okay=False, path_type=Path), default=None, metavar="FILE",
    help="Read the settings from FILE (a pyproject.toml's [tool.fuzzroute] table, or a TOML file holding that "
    "table's keys) instead of the nearest pyproject.toml with a [tool.fuzzroute] table.",
)
@click.option(
    "--isolated", is_flag=True, help="Read no settings file: only the command line and the built-in defaults."
)
def main(config_path: Path | None = None, isolated: bool = False) -> None:
    """Find routing bugs in the start rules of an agent's skill graph.

    GRAPH is a .json graph document, a .py file with one module-level
    fuzzroute.Graph, or file.py:name, or a TypeScript or JavaScript file
    (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs) declaring a skillGraph
    (file.ts:name or file.ts:LINE picks one). A .py graph is run as code
    with your rights; a .json graph is data; of a TypeScript or JavaScript
    graph only the `when` predicates run, each in a V8 sandbox in a helper
    process (ECMAScript built-ins and literal constants only, no modules,
    network, files or timers, a heap cap, --condition-limit per call; V8
    comes with pip install 'fuzzroute[js]').

    \b
    Settings: the [tool.fuzzroute] table of the nearest pyproject.toml (or
    --config FILE) gives every option's default under its long name (fail-on,
    budget, workers, ...), at its top for every command and in a command's
    table ([tool.fuzzroute.report]) for that command; graphs = [...] lists the
    graphs check, fix and report use when given none. The command line wins over
    the file, the file over the built-in defaults; --isolated reads no file.

    \b
    Exit codes: 0 no proven error, 1 proven errors (or --fail-on), 2 bad
    input or environment, 3 internal error (a fuzzroute bug; FUZZROUTE_DEBUG=1
    shows its traceback), 130 interrupted. Each command's --help lists its own.
    """
    install_terminal_guard()
    context = click.get_current_context()
    # click.echo would strip ANSI sequences from text written to a pipe, so a rule id holding one would be
    # printed as another id; the escaping streams show every control character visibly instead.
    context.color = True
    try:
        read_settings(context, config_path, isolated)
    except FuzzrouteError as exc:
        click.echo(f"fuzzroute: error: {' '.join(str(exc).split())}", err=True)
        sys.exit(EXIT_BAD_INPUT)


def read_settings(context: click.Context, config_path: Path | None, isolated: bool) -> None:
    """Make the settings file's table the commands' option defaults (see `configured`); bad settings are exit 2."""
    from fuzzroute.graphfiles.project_config import project_config

    settings = project_config(Path.cwd(), config_path, isolated)
    if settings is None:
        return
    from fuzzroute.cli.configured import CONFIG_META, ORIGINS_META, default_map

    group = context.command
    assert isinstance(group, ReadableGroup)
    group.load_every_command()
    context.meta[CONFIG_META] = settings
    context.default_map, context.meta[ORIGINS_META] = default_map(settings, group.commands)


def keep_hypothesis_storage_out_of_the_project(db: Path | None = None) -> None:
    """Point hypothesis' storage (Unicode tables, scraped constants) away from `./.hypothesis` in the author's repo.

    With --db it lives in the db folder the nightly job caches, else in the
    user cache.  The process environment is left alone (graph code and child
    processes see the user's own); hypothesis is told through
    `hypothesis.configuration.set_hypothesis_home_dir`, which is in effect
    until the command ends.  A `HYPOTHESIS_STORAGE_DIRECTORY` the user set wins.
    """
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    if db is not None:
        from fuzzroute.report.persistence.ledger import hypothesis_directory

        folder = hypothesis_directory(db)
    else:
        folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "fuzzroute" / "hypothesis"
    try:
        # Not in hypothesis' internal package, and long-standing (CPython's and NumPy's test suites call it), but not on
        # hypothesis' documentation pages; a release without it costs only this: the cache goes back to
        # `./.hypothesis`, and the run still works.
        from hypothesis.configuration import set_hypothesis_home_dir
    except ImportError:
        return
    set_hypothesis_home_dir(folder)
    context = click.get_current_context(silent=True)
    if context is not None:
        context.call_on_close(lambda: set_hypothesis_home_dir(None))
