"""`fuzzroute claim`: who claims a phrase under each law, and the condition that matched."""

from __future__ import annotations

import json

import click

from fuzzroute.cli.app import reports_bad_input
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import CLAIM_EPILOG, FORMAT, quiet_verbose, verbosity
from fuzzroute.cli.terminal import show_graph_output
from fuzzroute.engine.claim_details import PhraseClaims, explain_claims
from fuzzroute.engine.unread import not_run_reason
from fuzzroute.graphfiles.capture import GraphOutput
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.results.jsonform import inert_json
from fuzzroute.results.record import to_json


def shown_id(rule_id: str) -> str:
    """A rule id as written when it is plain, else as a JSON string (`"a\\u001b[31mb"`), so two ids never print alike.

    An id holding a control character and an id holding the backslash text
    that escapes it would otherwise both print as `a\\u001b[31mb`.
    """
    if rule_id.isprintable() and "\\" not in rule_id and '"' not in rule_id and rule_id.strip() == rule_id and rule_id:
        return rule_id
    return json.dumps(rule_id, ensure_ascii=False)


def render_claims_text(result: PhraseClaims) -> str:
    lines = [f"{result.phrase!r}"]
    for law, detail, unknown in (
        ("cold walk", result.cold_walk, result.cold_walk_depends_on),
        ("cascade  ", result.cascade, result.cascade_depends_on),
    ):
        if unknown is not None:
            lines.append(
                f"  {law}: not known: it reaches rule #{unknown.index + 1} ({shown_id(unknown.id)}), whose `when` "
                f"fuzzroute does not run: {not_run_reason(unknown)}"
            )
        elif detail is None:
            lines.append(f"  {law}: no entry claims it")
        else:
            matched = f", matched {detail.witness!r}" if detail.witness is not None else ""
            lines.append(f"  {law}: {shown_id(detail.id)} (rule #{detail.index + 1}, {detail.condition}{matched})")
    return "\n".join(lines)


@click.command(epilog=CLAIM_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@click.argument("phrases", nargs=-1, required=True)
@FORMAT
@quiet_verbose(
    quiet_help="Say less: one line per phrase, the rule each law starts (text format), and no note on what the "
    "graph's own code printed.",
    verbose_help="Also show what the graph's own code printed while it was loaded and run (on stderr).",
)
@reports_bad_input
@limit_options
def claim(
    graph_spec: str, phrases: tuple[str, ...], output_format: str, verbose: bool, quiet: bool = False,
) -> None:
    """Show which entry claims each PHRASE under the cold walk and the cascade.

    Exit 0, 2 on bad input, 130 on Ctrl-C.
    """
    level = verbosity(quiet, verbose)
    graph_output = GraphOutput()
    with graph_output.window():  # the graph's import and predicates print into the capture, not stdout
        graph = load_graph(graph_spec).graph
        results = [explain_claims(graph, phrase) for phrase in phrases]
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if output_format == "json":
        click.echo(inert_json(json.dumps(to_json([r.record() for r in results]), indent=2, ensure_ascii=False)))
    elif level < 0:
        click.echo("\n".join(claims_line(r) for r in results))
    else:
        click.echo("\n".join(render_claims_text(r) for r in results))


def claims_line(result: PhraseClaims) -> str:
    """`'phrase': cold walk ID, cascade ID` (`-q`): who starts the turn under each law, in one line."""
    def who(detail: object, unknown: object) -> str:
        if unknown is not None:
            return "not known"
        return "no entry" if detail is None else shown_id(detail.id)  # type: ignore[attr-defined]

    return (f"{result.phrase!r}: cold walk {who(result.cold_walk, result.cold_walk_depends_on)}, "
            f"cascade {who(result.cascade, result.cascade_depends_on)}")


