"""`fuzzroute check`: the proven checkup of declared examples and never-route rows."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from fuzzroute.cli.app import EXIT_OK, EXIT_PROVEN_ERROR, reports_bad_input
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import (
    EXIT_CODES_EPILOG,
    FORMAT,
    SARIF,
    fail_on_option,
    verbosity,
    verbosity_options,
)
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.problems import Checkup
from fuzzroute.graphfiles.loader import load_graph


def render_checkup_text(checkup: Checkup, graph_name: str, level: int = 0, graph: Any = None) -> str:
    """The human form of a checkup: errors and warnings, then the notes.

    `level` -1 prints only the count line; 1 adds, under each problem, who
    claims its phrase under both laws (`graph` is needed for that).
    """
    errors, warnings = len(checkup.errors), len(checkup.warnings)
    count_line = f"{errors} error(s), {warnings} warning(s) in declared examples and never-route rows."
    if level < 0:
        return count_line
    lines = [f"fuzzroute check: graph {graph_name!r}"]
    for problem in checkup.problems:
        at = f"{problem.location}: " if problem.location is not None else ""
        lines.append(f"  {at}[{problem.kind}] {problem.code}: {problem.message}")
        if level > 0 and graph is not None and problem.example is not None:
            cold, cascade = graph.claims(problem.example).ids()
            lines.append(f"      claims: cold walk -> {cold or 'no entry'}, cascade -> {cascade or 'no entry'}")
    for note in checkup.notes:
        lines.append(f"  [note] {note.text}")
    lines.append(count_line)
    if not checkup.problems and not checkup.notes:
        lines.append(
            "No examples or never-route rows are declared, so nothing was proven. Declare "
            "`examples=[...]` on rules and `never_routes(...)` on the graph."
        )
    return "\n".join(lines)


@click.command(epilog=EXIT_CODES_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@FORMAT
@click.option(
    "--decide", is_flag=True, help="Also decide, for all messages, which rules overlap or never win (automata)."
)
@SARIF
@fail_on_option("proven|never", "Exit 1 on proven errors (proven) or only on bad input (never).")
@verbosity_options
@reports_bad_input
@limit_options
def check(
    graph_spec: str, output_format: str, decide: bool, sarif_path: Path | None, fail_on: str, quiet: bool,
    verbose: bool,
) -> None:
    """Run the proven checks of declared examples and never-route rows."""
    from fuzzroute.report.failon import check_fail_on
    from fuzzroute.report.render.check_sarif import write_check_sarif

    level = verbosity(quiet, verbose)
    if fail_on == "new":
        raise InputError(
            "--fail-on new compares with an earlier run, which `fuzzroute check` does not have. Use "
            "`fuzzroute report --fail-on new --db DIR` (or --baseline), or --fail-on proven|never here."
        )
    check_fail_on(fail_on, has_history=False)
    loaded = load_graph(graph_spec)
    checkup = loaded.graph.checkup()
    decisions = None
    if decide:
        from fuzzroute.decided import decide as decide_graph

        decisions = decide_graph(loaded.graph)
    if sarif_path is not None:
        write_check_sarif(
            sarif_path, loaded.graph, checkup, source_path=graph_spec, graph_format=loaded.format,
            decisions=decisions,
        )
    if output_format == "json":
        document: dict[str, Any] = {
            "problems": [p.to_dict() for p in checkup.problems],
            "notes": [n.to_dict() for n in checkup.notes],
        }
        if decisions is not None:
            from fuzzroute.report.render.decided_text import decided_json

            document.update(decided_json(decisions))
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        click.echo(render_checkup_text(checkup, loaded.graph.name, level, loaded.graph))
        if decisions is not None:
            from fuzzroute.report.render.decided_text import decided_text

            click.echo(decided_text(decisions, level))
    sys.exit(EXIT_OK if checkup.ok or fail_on == "never" else EXIT_PROVEN_ERROR)


