"""`fuzzroute report`: the proven checkup, the decided tier and generation, written as HTML (and JSON, SARIF)."""

from __future__ import annotations

import contextlib
import os
import sys
import webbrowser
from pathlib import Path

import click

from fuzzroute.cli.app import (
    EXIT_INTERRUPTED,
    keep_hypothesis_storage_out_of_the_project,
    reports_bad_input,
)
from fuzzroute.cli.configured import graphs_or_configured
from fuzzroute.cli.limits import limit_options
from fuzzroute.cli.options import (
    JUNIT,
    REPORT_EPILOG,
    SARIF,
    FilePath,
    anchored,
    color_option,
    fail_on_option,
    generation_options,
    resolved_fail_on,
    verbosity,
    verbosity_options,
)
from fuzzroute.cli.progress import progress_bar
from fuzzroute.cli.terminal import echo_lines, show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.capture import GraphOutput
from fuzzroute.graphfiles.loader import load_graph, split_spec

#: Where `--db` keeps its memory when given without a folder.
DEFAULT_DB = ".fuzzroute"


def warn_of_an_unfinished_run(db: Path, graph_name: str) -> None:
    """Say (stderr) when the last --db run was stopped between writing its files: the read-back check."""
    from fuzzroute.report.persistence.ledger import check_db, unfinished_outputs

    check_db(db)
    for output, other in unfinished_outputs(db, graph_name):
        click.echo(f"fuzzroute: note: {output} is from run {other}, not from the run the memory in {db} was "
                   "written with: that run stopped between writing its files. The memory is the last complete "
                   "one; this run writes every file again.", err=True)


@click.command(epilog=REPORT_EPILOG)
@click.argument("graph_spec", metavar="[GRAPH]", required=False)
@click.option(
    "-o", "--output", "html_path", type=FilePath(dir_okay=False, path_type=Path), default=None, metavar="FILE",
    help="HTML file to write [default: reports/{name}.html, {name} the graph's name].",
)
@click.option(
    "--json", "json_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
    help="Also write the findings as a versioned JSON document.",
)
@generation_options
@click.option(
    "--baseline", "baseline_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
    help="An earlier --json report: mark findings new or still, and list the resolved ones.",
)
@SARIF
@JUNIT
@fail_on_option(
    "proven|decided|new|never",
    "Exit 1 on proven errors (proven), on proven errors or decided findings an author acts on (decided), on "
    "new proven errors, suggestions or such decided findings against --baseline or --db (new), or only on bad "
    "input (never).",
    default=None,
)
@click.option(
    "--db", "db", is_flag=False, flag_value=DEFAULT_DB, default=None, metavar="[DIR]",
    type=FilePath(path_type=Path),
    help=f"Remember witnesses between runs in DIR [{DEFAULT_DB} when given bare]: replay them first, "
    "mark findings new, still or resolved.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the HTML report in a browser.")
@click.option(
    "--workers", type=click.IntRange(min=1), default=None, metavar="N",
    help="Processes to explore on [default: the number of cores]; a phrase budget gives the same report for any N.",
)
@click.option(
    "--shard", "shard_spec", default=None, metavar="I/N",
    help="Run only slice I of N of the exploration; combine the N JSON reports with `fuzzroute merge`.",
)
@click.option(
    "--decide/--no-decide", "decide", default=True, show_default=True,
    help="Decide, for all messages, which rules never win, never match or take a later rule's words (automata); "
    "--no-decide leaves the decided tier out.",
)
@verbosity_options
@color_option
@reports_bad_input
@limit_options
def report(
    graph_spec: str | None, html_path: Path | None, json_path: Path | None, seed: int, budget: str | None,
    baseline_path: Path | None, sarif_path: Path | None, fail_on: str | None, db: Path | None, open_browser: bool,
    workers: int | None, shard_spec: str | None, decide: bool, quiet: bool, verbose: bool,
    junit_path: Path | None = None, typos: bool = False,
) -> None:
    """Run the proven checks and the phrase generators; write an HTML report.

    Proven findings and generated suggestions are kept in separate sections.
    Without GRAPH, each graph listed in pyproject.toml's [tool.fuzzroute]
    `graphs` gets its own report; with several, each output path (-o,
    --json, --sarif, --junit, --baseline) must hold {name}, the graph's name.
    The exit code is 1 on a proven error or a decided finding to act on in
    any of them (--fail-on proven: proven errors only); generated
    suggestions never fail a run, unless --fail-on new asks for new ones.
    Ctrl-C stops within about a second, in any phase: during the decided
    tier or generation it still writes a report, marked partial, and exits
    130 whatever --fail-on says (during the proven checks it writes
    nothing); a second Ctrl-C aborts at once.
    """
    from fuzzroute.report import check_fail_on

    level = verbosity(quiet, verbose)
    context = click.get_current_context()
    if graph_spec is None and db is not None and db_took_the_graph(context, db):
        graph_spec, db = str(db), Path(DEFAULT_DB)
    specs = graphs_or_configured(context, () if graph_spec is None else (graph_spec,), "report GRAPH")
    fail_on = resolved_fail_on(fail_on, decide)
    check_fail_on(fail_on, has_history=baseline_path is not None or db is not None)
    paths = {"-o": html_path, "--json": json_path, "--sarif": sarif_path, "--junit": junit_path,
             "--baseline": baseline_path}
    if len(specs) > 1:
        refuse_one_path_for_several_graphs(len(specs), paths)
    keep_hypothesis_storage_out_of_the_project(db)
    status = 0
    for spec in specs:
        status = max(status, report_one(
            spec, level=level, html_path=html_path, json_path=json_path, seed=seed, budget=budget,
            baseline_path=baseline_path, sarif_path=sarif_path, fail_on=fail_on, db=db, open_browser=open_browser,
            workers=workers, shard_spec=shard_spec, decide=decide, junit_path=junit_path, typos=typos,
        ))
    sys.exit(status)


#: In an output path, the graph's name (as `reports/{name}.html`, the default, writes it).
NAME_FIELD = "{name}"


def db_took_the_graph(context: click.Context, db: Path) -> bool:
    """Whether a bare `--db` took the graph as its folder (`report --db support.json`): a word with a graph
    file's suffix, given on the command line where GRAPH is missing, is the graph."""
    from click.core import ParameterSource

    from fuzzroute.graphfiles.suffixes import SCRIPT_SUFFIXES

    if context.get_parameter_source("db") != ParameterSource.COMMANDLINE:
        return False
    file_part = split_spec(str(db))[0]
    return file_part.suffix.lower() in (".py", ".json", *SCRIPT_SUFFIXES)


def refuse_one_path_for_several_graphs(count: int, paths: dict[str, Path | None]) -> None:
    """With several graphs, a path without {name} would be written (or read) by each of them: exit 2."""
    for role, path in paths.items():
        if path is not None and NAME_FIELD not in str(path):
            raise InputError(
                f"{role} {path}: {count} graphs are reported on (pyproject.toml's [tool.fuzzroute] graphs), and "
                f"each would write this one file. Put {NAME_FIELD} in the path, for the graph's name: "
                f"{role} 'reports/{NAME_FIELD}{path.suffix or '.json'}'."
            )


def named(path: Path | None, graph_name: str) -> Path | None:
    """`path` with {name} replaced by the graph's name, made safe for a file name (as the default HTML path is)."""
    if path is None or NAME_FIELD not in str(path):
        return path
    from fuzzroute.report import default_html_path

    return Path(str(path).replace(NAME_FIELD, default_html_path(graph_name).name.removesuffix(".html")))


def report_one(
    graph_spec: str, *, level: int, html_path: Path | None, json_path: Path | None, seed: int, budget: str | None,
    baseline_path: Path | None, sarif_path: Path | None, fail_on: str, db: Path | None, open_browser: bool,
    workers: int | None, shard_spec: str | None, decide: bool, junit_path: Path | None, typos: bool,
) -> int:
    """One graph's report (see `report`): its exit status, 0 or 1; an interrupted run ends the process with 130."""
    from fuzzroute.cli.merge import parse_shard
    from fuzzroute.fix.report_fixes import (
        proposed_fixes,
    )
    from fuzzroute.report import (
        ReportOptions,
        default_html_path,
        load_baseline,
        parse_budget,
        stop_on_interrupt,
        summary_text,
        write_report,
    )

    templated = any(path is not None and NAME_FIELD in str(path)
                    for path in (html_path, json_path, sarif_path, junit_path, baseline_path))
    shard = parse_shard(shard_spec) if shard_spec is not None else None
    phrases, seconds = parse_budget(budget) if budget is not None else (None, None)
    baseline = load_baseline(baseline_path) if baseline_path is not None and not templated else None
    start = Path.cwd()  # every path is read against it, whatever directory graph code moves to
    graph_output = GraphOutput()
    with graph_output.window():  # the graph's own prints are kept out of stdout (see graphfiles.capture)
        loaded = load_graph(graph_spec)
    name = loaded.graph.name
    html_path, json_path, sarif_path, junit_path = (named(p, name) for p in (html_path, json_path, sarif_path,
                                                                            junit_path))
    if templated and baseline_path is not None:
        baseline_path = named(baseline_path, name)
        assert baseline_path is not None
        baseline = load_baseline(start / baseline_path)
    if db is not None:
        warn_of_an_unfinished_run(start / db, name)
    shown_target = html_path or default_html_path(name)
    target = start / shown_target
    bar = contextlib.nullcontext(None) if level < 0 else progress_bar()
    with stop_on_interrupt() as should_stop, bar as progress, graph_output.window():
        result = write_report(loaded.graph, ReportOptions(
            html_path=target, json_path=anchored(json_path, start), seed=seed, budget_phrases=phrases,
            budget_seconds=seconds, should_stop=should_stop, source_path=graph_spec,
            graph_format=loaded.format, phases=None if progress is None else progress.phase, baseline=baseline,
            baseline_source=str(baseline_path), sarif_path=anchored(sarif_path, start), fail_on=fail_on,
            db=anchored(db, start), db_shown=db, workers=workers or os.cpu_count() or 1, shard=shard,
            decide=decide, junit_path=anchored(junit_path, start), typos=typos, fixes=proposed_fixes,
            # write_report checks once, before any work, that no output replaces one of these or another output
            graph_file=start / split_spec(graph_spec)[0], baseline_file=anchored(baseline_path, start),
        ))
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    echo_lines(summary_text(
        result.report, html_path=str(shown_target),
        json_path=None if json_path is None else str(json_path), verbosity=level,
    ))
    if sarif_path is not None:
        click.echo(f"  sarif: {sarif_path}")
    if junit_path is not None:
        click.echo(f"  junit: {junit_path}")
    if result.interrupted or should_stop():  # a Ctrl-C while the report was written: it is whole, still 130
        click.echo(f"  interrupted (Ctrl-C): exit {EXIT_INTERRUPTED}, whatever --fail-on says", err=True)
        sys.exit(EXIT_INTERRUPTED)
    if open_browser:
        webbrowser.open(result.html_path.resolve().as_uri())
    return result.exit_status
