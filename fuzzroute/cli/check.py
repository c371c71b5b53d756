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
from pathlib import Path

import click

from fuzzroute.cli.app import EXIT_OK, EXIT_PROVEN_ERROR, reports_bad_input
from fuzzroute.cli.configured import graphs_or_configured
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import (
    CHECK_EPILOG,
    FORMAT,
    JUNIT,
    SARIF,
    anchored,
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
from fuzzroute.report.persistence.paths import NamedPath, refuse_collisions


@click.command(epilog=CHECK_EPILOG)
@click.argument("graph_specs", metavar="[GRAPH]...", nargs=-1)
@FORMAT
@click.option(
    "--decide/--no-decide", "decide", default=True, show_default=True,
    help="Decide, for all messages, which rules never win, never match or take a later rule's words (automata); "
    "--no-decide runs the proven checks only.",
)
@SARIF
@JUNIT
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
    graph_specs: tuple[str, ...], output_format: str, decide: bool, sarif_path: Path | None,
    junit_path: Path | None, fail_on: str | None, quiet: bool, verbose: bool,
) -> None:
    """Run the proven checks of declared examples and never-route rows, and decide the rules for all messages.

    Several GRAPH files can be checked at once (as a pre-commit hook passes
    them); without GRAPH, the graphs listed in pyproject.toml's
    [tool.fuzzroute] `graphs` are checked. The exit code is 1 when any of them has a proven error or a
    decided finding to act on (--fail-on proven: proven errors only). Each
    decided finding is one line, `file:line: code [rule] 'witness' -> taking
    rule(s)`.
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
    refuse_collisions(
        [NamedPath(f"graph {spec}", split_spec(spec)[0]) for spec in graph_specs],
        [NamedPath(role, path) for role, path in (("--sarif", sarif_path), ("--junit", junit_path))
         if path is not None],
    )
    start = Path.cwd()  # outputs are written against it, whatever directory graph code moves to
    sarif_path, junit_path = anchored(sarif_path, start), anchored(junit_path, start)
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
        outputs = check_outputs(results, output_format=output_format, level=level, fail_on=fail_on,
                                sarif_path=sarif_path, junit_path=junit_path)
    files = outputs.files
    if files:
        try:
            write_all_atomically(files)
        except OSError as exc:
            raise unwritable(exc, files[0][0], "the check results", "choose writable paths for --sarif/--junit.") \
                from None
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if output_format == "json":
        click.echo(outputs.shown)
    else:
        echo_lines(outputs.shown)
    sys.exit(EXIT_OK if outputs.passed else EXIT_PROVEN_ERROR)
