"""`fuzzroute suggest`: a thin click layer over `fuzzroute.authoring.suggest`.

The heavy parts (generation, libcst) are imported when the command runs, so
other commands start as fast as before.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from fuzzroute.cli.app import keep_hypothesis_storage_out_of_the_project, reports_bad_input
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import (
    SUGGEST_EPILOG,
    generation_options,
    quiet_verbose,
    verbosity,
    working_directory_kept,
)
from fuzzroute.cli.terminal import echo_verbatim, show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.capture import GraphOutput

if TYPE_CHECKING:
    from fuzzroute.fix import FixRun


@click.command(epilog=SUGGEST_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@click.option(
    "--rule", "rules", multiple=True, metavar="ID", help="Only this rule (repeatable) [default: every rule]."
)
@click.option(
    "--max", "per_rule", type=int, default=3, show_default=True, help="Examples to suggest per rule, at most."
)
@generation_options
@click.option(
    "--diff", "show_diff", is_flag=True, help="Print a unified diff adding the examples (apply with patch -p1)."
)
@click.option("--write", "write", is_flag=True, help="Add the examples to the graph file in place (atomically).")
@click.option(
    "--with-gaps", "with_gaps", is_flag=True,
    help="Also add the gaps and defects found, each with the rule fix `fuzzroute fix` proves safe for it beside "
    "it (a gap with no safe fix makes check fail until the rule is fixed) [default: only examples check passes].",
)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Format of the list (ignored with --diff).")
@quiet_verbose(
    quiet_help="Say less: no progress bar, no note on what the graph's own code printed; with --write, only the "
    "line saying what was written.",
    verbose_help="Also show what the graph's own code printed while it was loaded and run (on stderr).",
)
@reports_bad_input
@limit_options
def suggest(
    graph_spec: str, rules: tuple[str, ...], per_rule: int, seed: int, budget: str | None, show_diff: bool,
    write: bool, output_format: str, verbose: bool, typos: bool = False, with_gaps: bool = False,
    quiet: bool = False,
) -> None:
    """Suggest examples worth declaring, per rule, and add them to the graph's source.

    Ranked: witnesses of a shadowing, law disagreement or never-winning rule
    first, then near misses people type (a gap, named by its kind), then
    phrases that widen what the declared examples cover. Each says why it
    was picked and what `fuzzroute check` will prove once it is declared.
    Only examples check passes are added, unless --with-gaps. Exit 0, 2 on bad input (the graph file
    is then left untouched), or 130 on Ctrl-C (nothing is written).
    """
    from fuzzroute.authoring.listing import render_text
    from fuzzroute.authoring.suggest import (
        diff_root,
        edited_graph_source,
        suggest_examples,
        unified_diff,
        write_source,
    )
    from fuzzroute.authoring.suggestions_document import suggestions_json_text
    from fuzzroute.cli.progress import progress_bar
    from fuzzroute.graphfiles.loader import load_graph
    from fuzzroute.report import parse_budget

    level = verbosity(quiet, verbose)
    if show_diff and write:
        raise InputError("--diff and --write exclude each other: print the change, or apply it, not both.")
    keep_hypothesis_storage_out_of_the_project()
    phrases, seconds = parse_budget(budget) if budget is not None else (None, None)
    graph_output = GraphOutput()
    original = _text_before(graph_spec) if write or show_diff else None
    with graph_output.window(), working_directory_kept():  # graph code's prints never reach stdout
        loaded = load_graph(graph_spec)
    bar = contextlib.nullcontext(None) if level < 0 else progress_bar()
    with bar as progress, graph_output.window(), working_directory_kept():
        suggested = suggest_examples(
            loaded, rules=rules, per_rule=per_rule, seed=seed, budget_phrases=phrases, budget_seconds=seconds,
            progress=progress, typos=typos, with_gaps=with_gaps,
        )
    fixed = None
    try:
        if suggested.count and (show_diff or write):
            with graph_output.window(), working_directory_kept():  # the edited text is loaded once, to prove it
                old, new, edited = edited_graph_source(suggested, original)
                gaps = [p for picks in suggested.picks.values() for p in picks
                        if suggested.added(p) and not p.verdict.passes]
                if with_gaps and gaps:
                    from fuzzroute.fix.beside_examples import fixes_beside

                    fixed = fixes_beside(loaded, new, edited, gaps)  # each gap's safe rule fix, beside its example
                    new = fixed.new
    finally:
        show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if not (show_diff or write):
        if output_format == "json":
            click.echo(suggestions_json_text(suggested))
        else:
            click.echo(render_text(suggested))
        return
    if not suggested.count:
        click.echo(f"fuzzroute suggest: nothing worth adding found for {loaded.path}; the file is unchanged.", err=True)
        return
    if show_diff:
        echo_verbatim(unified_diff(loaded.path, old, new))  # byte-exact into a file, so `patch` applies it
        if fixed is not None:
            click.echo(_fixes_text(fixed), err=True)
        root = diff_root(loaded.path)
        if root != Path.cwd().resolve():
            click.echo(f"fuzzroute suggest: the graph is outside the current directory; apply this diff in {root} "
                       f"(cd {root} && patch -p1 < FILE).", err=True)
        return
    write_source(loaded.path, new, expected=old)
    if level >= 0:
        click.echo(render_text(suggested) + "\n")
        if fixed is not None:
            click.echo(_fixes_text(fixed) + "\n")
    made = "" if fixed is None else f" and {fixed.count('safe', made=True)} rule fix(es) beside the gaps"
    click.echo(
        f"Wrote {suggested.count} example(s){made} into {loaded.path}. "
        f"Run `fuzzroute check {graph_spec}` to prove them."
    )
    sys.stdout.flush()


def _fixes_text(run: FixRun) -> str:
    """The rule fixes `--with-gaps` made (or could not make) beside the gap examples, as `fuzzroute fix` lists them."""
    from fuzzroute.fix import fix_document, fix_text

    document = fix_document(run, fail_on="never", exit_status=0, written=False, diff="")
    lines = fix_text(document, mode="beside").splitlines()
    return "\n".join(["Rule fixes beside the gap examples (proven safe as `fuzzroute fix` proves them):",
                      *lines[1:-2]])


def _text_before(graph_spec: str) -> str | None:
    """The graph file's text before any graph code runs (None when it cannot be read: loading says why)."""
    from fuzzroute.authoring.suggest import read_source
    from fuzzroute.graphfiles.loader import split_spec

    try:
        return read_source(split_spec(graph_spec)[0])
    except InputError:
        return None
