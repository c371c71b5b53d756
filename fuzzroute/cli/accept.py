"""`fuzzroute accept`: record that an overlap between two rules is intended (a thin layer over `authoring.accept`)."""

from __future__ import annotations

import json

import click

from fuzzroute.cli.app import reports_bad_input
from fuzzroute.cli.options import ACCEPT_EPILOG, quiet_verbose, verbosity, working_directory_kept
from fuzzroute.cli.terminal import show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.capture import GraphOutput


@click.command(epilog=ACCEPT_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@click.argument("earlier")
@click.argument("later")
@click.option("--reason", required=True, help="Why the overlap is intended (shown with every accepted finding).")
@quiet_verbose(
    quiet_help="Print nothing when the acceptance is recorded (errors still go to stderr).",
    verbose_help="Also print the acceptance as it is written (the JSON object).",
)
@reports_bad_input
def accept(
    graph_spec: str, earlier: str, later: str, reason: str, quiet: bool = False, verbose: bool = False,
) -> None:
    """Accept that rule EARLIER takes phrases rule LATER matches, on purpose.

    Its overlap and shadowing findings (decided or sampled) are then listed
    as accepted, not as findings; a proven problem never is. A JSON graph
    gets it in its `accepted` array; any other graph in GRAPH.accepted.json
    beside it. Exit 0, or 2 on bad input (nothing is written).
    """
    from fuzzroute.authoring.accept import acceptance_edit
    from fuzzroute.authoring.suggest import write_source
    from fuzzroute.graphfiles.loader import load_graph
    from fuzzroute.report.persistence.atomic import write_atomically

    level = verbosity(quiet, verbose)
    graph_output = GraphOutput()
    with working_directory_kept(), graph_output.window():  # a `.py` graph's prints never reach stdout
        loaded = load_graph(graph_spec)
        edit = acceptance_edit(loaded, earlier, later, reason)
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if edit.path == loaded.path:
        write_source(
            edit.path, edit.new, by="accept", expected=edit.old,
            instead="add the acceptance to its `accepted` array by hand: "
            + json.dumps({"earlier": earlier, "later": later, "reason": reason}, ensure_ascii=True),
        )
    else:
        try:
            write_atomically(edit.path, edit.new)
        except OSError as exc:
            raise InputError(f"{edit.path}: cannot be written ({exc}); nothing was written.") from None
    if level >= 0:
        click.echo(f"Accepted: {earlier!r} taking phrases of {later!r} ({reason}); written to {edit.path}.")
    if level > 0:
        click.echo(json.dumps({"earlier": earlier, "later": later, "reason": reason}, ensure_ascii=False))
