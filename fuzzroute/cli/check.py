"""`fuzzroute check`: the proven checkup of declared examples and never-route rows, and the decided tier.

The decided tier runs by default (`--no-decide` leaves it out): it is
exact, fast and the tier an author acts on.  `--fail-on decided` (the
default, as for `report`, the pre-commit hook, the Action and the pytest
plugin) fails on proven errors and on the decided findings
`decided.verdict` names: they hold for every message, so they are proofs,
not samples.  `--fail-on proven` keeps the exit code about proven errors
only, and is the default under `--no-decide`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from fuzzroute.cli.app import EXIT_OK, EXIT_PROVEN_ERROR, reports_bad_input
from fuzzroute.cli.configured import graphs_or_configured
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import (
    CHECK_EPILOG,
    FilePath,
    color_option,
    fail_on_option,
    resolved_fail_on,
    verbosity,
    verbosity_options,
)
from fuzzroute.cli.progress import status_line
from fuzzroute.cli.terminal import echo_lines, show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.capture import GraphOutput
from fuzzroute.graphfiles.loader import load_graph, split_spec
from fuzzroute.report import CHECK_OUTPUTS
from fuzzroute.report.persistence.paths import NamedPath, refuse_collisions

F = TypeVar("F", bound=Callable[..., Any])
#: `check`'s outputs printed (`--format`) and written to a file (`--NAME FILE`), from the table of its outputs.
PRINTED = [name for name, output in CHECK_OUTPUTS.items() if output.to == "stdout"]
FILES = [name for name, output in CHECK_OUTPUTS.items() if output.to == "file"]


def format_option(command: F) -> F:
    """`--format`: one of the outputs `check` prints."""
    return click.option(
        "--format", "output_format", type=click.Choice(PRINTED), default=PRINTED[0], show_default=True,
    )(command)


def file_options(command: F) -> F:
    """`--NAME FILE` for each output `check` writes to a file; the command receives them as `NAME_path`."""
    for name in reversed(FILES):
        command = click.option(
            f"--{name}", f"{name}_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
            help=CHECK_OUTPUTS[name].help,
        )(command)
    return command


@click.command(epilog=CHECK_EPILOG)
@click.argument("graph_specs", metavar="[GRAPH]...", nargs=-1)
@format_option
@click.option(
    "--decide/--no-decide", "decide", default=True, show_default=True,
    help="Decide, for all messages, which rules never win, never match or take a later rule's words (automata); "
    "--no-decide runs the proven checks only.",
)
@file_options
@fail_on_option(
    "proven|decided|never",
    "Exit 1 on proven errors (proven), on proven errors or decided findings an author acts on (decided: a rule "
    "that never wins, never matches or is dead, an earlier rule taking a later rule's fixed words, a ReDoS), or "
    "only on bad input (never).",
    default=None,
)
@verbosity_options
@color_option
@reports_bad_input
@limit_options
def check(
    graph_specs: tuple[str, ...], output_format: str, decide: bool, fail_on: str | None, quiet: bool,
    verbose: bool, **file_paths: Path | None,
) -> None:
    """Run the proven checks of declared examples and never-route rows, and decide the rules for all messages.

    Several GRAPH files can be checked at once (as a pre-commit hook passes
    them); without GRAPH, the graphs listed in pyproject.toml's
    [tool.fuzzroute] `graphs` are checked. The exit code is 1 when any of
    them has a proven error or a decided finding to act on (--fail-on
    proven: proven errors only). Each decided finding is one line,
    `file:line: code [rule] 'witness' -> taking rule(s)`.
    """
    from fuzzroute.report import check_fail_on, check_outputs, checked_graph
    from fuzzroute.report.persistence.atomic import unwritable, write_all_atomically

    level = verbosity(quiet, verbose)
    graph_specs = tuple(graphs_or_configured(click.get_current_context(), graph_specs, "check GRAPH..."))
    if fail_on == "new":
        raise InputError(
            "--fail-on new compares with an earlier run, which `fuzzroute check` does not have. Use "
            "`fuzzroute report --fail-on new --db DIR` (or --baseline), or --fail-on proven|decided|never here."
        )
    fail_on = resolved_fail_on(fail_on, decide)
    check_fail_on(fail_on, has_history=False)
    paths = {name: file_paths[f"{name}_path"] for name in FILES}
    refuse_collisions(
        [NamedPath(f"graph {spec}", split_spec(spec)[0]) for spec in graph_specs],
        [NamedPath(f"--{name}", path) for name, path in paths.items() if path is not None],
    )
    start = Path.cwd()  # outputs are written against it, whatever directory graph code moves to
    files = {name: start / path for name, path in paths.items() if path is not None}  # see `anchored`
    graph_output = GraphOutput()
    # The status line takes stderr before the window (which holds graph code's prints) opens.
    with status_line("fuzzroute check", quiet=level < 0) as line, graph_output.window():
        results = []
        for spec in graph_specs:
            if line is not None:
                line.about(spec)
            results.append(checked_graph(
                spec, load_graph(spec if Path.cwd() == start else str(start / spec)), decide=decide,
                phases=None if line is None else line.phase,
            ))
        outputs = check_outputs(results, output_format=output_format, files=files, level=level, fail_on=fail_on)
    written = outputs.files
    if written:
        try:
            write_all_atomically(written)
        except OSError as exc:
            options = "/".join(f"--{name}" for name in FILES)
            raise unwritable(exc, written[0][0], "the check results", f"choose writable paths for {options}.") \
                from None
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if output_format == "json":
        click.echo(outputs.shown)
    else:
        echo_lines(outputs.shown)
    sys.exit(EXIT_OK if outputs.passed else EXIT_PROVEN_ERROR)
