"""`fuzzroute fix`: a thin click layer over `fuzzroute.fix`.

The decided tier, the source editors and libcst are imported when the
command runs, so other commands start as fast as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fuzzroute.cli.app import EXIT_OK, EXIT_PROVEN_ERROR, reports_bad_input
from fuzzroute.cli.configured import graphs_or_configured
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import FIX_EPILOG, fail_on_option, quiet_verbose, verbosity, working_directory_kept
from fuzzroute.cli.terminal import echo_verbatim, show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.capture import GraphOutput


@click.command(epilog=FIX_EPILOG)
@click.argument("graph_specs", metavar="[GRAPH]...", nargs=-1)
@click.option(
    "--diff", "show_diff", is_flag=True, help="Print the safe fixes as a unified diff (apply with patch -p1)."
)
@click.option("--write", "write", is_flag=True, help="Make the safe fixes in the graph file in place (atomically).")
@click.option(
    "--select", "select", multiple=True, metavar="CODES",
    help="Only these finding codes or near-miss variant kinds (comma-separated or repeated), e.g. "
    "decided-never-wins,inflection [default: all].",
)
@click.option(
    "--unsafe", is_flag=True,
    help="Also make, for a finding with no safe fix, its best candidate that moves other messages too.",
)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Format of the listing (--diff prints the diff instead); json takes one GRAPH.")
@fail_on_option(
    "proven|decided|never",
    "Exit 1 when, after the fixes made, `check --fail-on` with this policy would still fail.",
    default="decided",
)
@quiet_verbose(
    quiet_help="Say less: no note on what the graph's own code printed; with --write, only the line saying "
    "what was written.",
    verbose_help="Also show what the graph's own code printed while it was loaded and run (on stderr).",
)
@reports_bad_input
@limit_options
def fix(
    graph_specs: tuple[str, ...], show_diff: bool, write: bool, select: tuple[str, ...], unsafe: bool,
    output_format: str, fail_on: str, quiet: bool, verbose: bool,
) -> None:
    """Fix the findings of the decided tier and the near misses, each with an edit proven safe.

    For each finding (an earlier rule taking a later rule's words, a rule
    that never wins, a `[M-m]` range, a near miss the rule misses: another
    case, apostrophe, contraction, spelling, compound, function word or
    inflection) it proposes the smallest edit of the rule in the graph's own
    syntax, and the decided tier proves, for every message, that the edit
    moves only the messages the finding is about. Nothing is sampled: the
    same graph gives the same fixes on every run. Several GRAPH files can be
    fixed at once (as a pre-commit hook passes them); without GRAPH, the
    graphs listed in pyproject.toml's [tool.fuzzroute] `graphs` are fixed.
    """
    from fuzzroute.fix import selection
    from fuzzroute.report import check_fail_on

    level = verbosity(quiet, verbose)
    graph_specs = tuple(graphs_or_configured(click.get_current_context(), graph_specs, "fix GRAPH..."))
    if show_diff and write:
        raise InputError("--diff and --write exclude each other: print the change, or make it, not both.")
    if fail_on == "new":
        raise InputError(
            "--fail-on new compares with an earlier run, which `fuzzroute fix` does not have. Use --fail-on "
            "proven|decided|never here."
        )
    check_fail_on(fail_on, has_history=False)
    if output_format == "json" and len(graph_specs) > 1 and not show_diff:
        raise InputError(
            f"--format json prints one document for one graph, and {len(graph_specs)} were given. Run "
            "`fuzzroute fix GRAPH --format json` once per graph."
        )
    chosen = selection(select)
    statuses = [
        _fix_one(spec, chosen, show_diff=show_diff, write=write, unsafe=unsafe, output_format=output_format,
                 fail_on=fail_on, level=level)
        for spec in graph_specs
    ]
    sys.stdout.flush()
    sys.exit(max(statuses))


def _fix_one(
    graph_spec: str, chosen: frozenset[str] | None, *, show_diff: bool, write: bool, unsafe: bool,
    output_format: str, fail_on: str, level: int,
) -> int:
    """Fix one graph and say so; its exit status."""
    from fuzzroute.authoring.suggest import diff_root, unified_diff, write_source
    from fuzzroute.fix import fix_document, fix_graph, fix_json_text, fix_text, policy_passes, written_line
    from fuzzroute.graphfiles.loader import load_graph

    graph_output = GraphOutput()
    original = _text_before(graph_spec)
    try:
        with graph_output.window(), working_directory_kept():  # graph code's prints never reach stdout
            loaded = load_graph(graph_spec)
            run = fix_graph(loaded, select=chosen, unsafe=unsafe, original=original)
            passes = policy_passes(run.final, run.final_decisions, fail_on)
    finally:
        show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    exit_status = EXIT_OK if passes else EXIT_PROVEN_ERROR
    diff = unified_diff(loaded.path, run.old, run.new) if run.changed else ""
    written = False
    if write and run.changed:
        write_source(loaded.path, run.new, expected=run.old)
        written = True
    document = fix_document(run, fail_on=fail_on, exit_status=exit_status, written=written, diff=diff)
    if show_diff:
        if diff:
            echo_verbatim(diff)  # byte-exact into a file, so `patch` applies it
        click.echo(fix_text(document, mode="diff"), err=True)
        root = diff_root(loaded.path)
        if diff and root != Path.cwd().resolve():
            click.echo(f"fuzzroute fix: the graph is outside the current directory; apply this diff in {root} "
                       f"(cd {root} && patch -p1 < FILE).", err=True)
    elif output_format == "json":
        click.echo(fix_json_text(document), nl=False)
    elif write and level < 0:
        click.echo(written_line(document))
    else:
        click.echo(fix_text(document, mode="write" if write else "list"))
    return exit_status


def _text_before(graph_spec: str) -> str | None:
    """The graph file's text before any graph code runs (None when it cannot be read: loading says why)."""
    from fuzzroute.authoring.suggest import read_source
    from fuzzroute.graphfiles.loader import split_spec

    try:
        return read_source(split_spec(graph_spec)[0])
    except InputError:
        return None
