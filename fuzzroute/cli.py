"""The `fuzzroute` command: a thin layer over the Python API.

Exit codes are a public contract: 0 no proven error, 1 at least one proven
error, 2 bad input (the message is one paragraph on stderr, never a
traceback).  Generated suggestions never change the exit code, unless
`--fail-on new` asks to fail on new ones (see `report.failon`).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import webbrowser
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__
from .authoring.command import suggest as suggest_command
from .cli_help import EXIT_CODES_EPILOG, ReadableGroup, generation_options, verbosity, verbosity_options
from .errors import FuzzrouteError, InputError
from .explain import PhraseClaims, explain_claims
from .loader import load_graph
from .problems import Checkup
from .progress import progress_bar

EXIT_OK = 0
EXIT_PROVEN_ERROR = 1
EXIT_BAD_INPUT = 2
#: Where `--db` keeps its memory when given without a folder.
DEFAULT_DB = ".fuzzroute"

F = TypeVar("F", bound=Callable[..., Any])


def reports_bad_input(command: F) -> F:
    """Turn every deliberate fuzzroute error into one paragraph on stderr and exit 2."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FuzzrouteError as exc:
            click.echo(f"fuzzroute: error: {' '.join(str(exc).split())}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper  # type: ignore[return-value]


@click.group(cls=ReadableGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fuzzroute")
def main() -> None:
    """Find routing bugs in the start rules of an agent's skill graph.

    GRAPH is a .json graph document, a .py file with one module-level
    fuzzroute.Graph, or file.py:name.
    """


FORMAT = click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True
)
SARIF = click.option(
    "--sarif", "sarif_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Also write the findings as SARIF 2.1.0 (for code scanning).",
)


def fail_on_option(choices: str, default_help: str) -> Callable[[F], F]:
    # A plain string, checked by `report.failon`, so an unknown value gets the
    # same one-paragraph bad-input message as every other mistake.
    return click.option("--fail-on", "fail_on", default="proven", metavar=choices, show_default=True,
                        help=default_help)


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


@main.command(epilog=EXIT_CODES_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@FORMAT
@click.option(
    "--decide", is_flag=True, help="Also decide, for all messages, which rules overlap or never win (automata)."
)
@SARIF
@fail_on_option("proven|never", "Exit 1 on proven errors (proven) or only on bad input (never).")
@verbosity_options
@reports_bad_input
def check(
    graph_spec: str, output_format: str, decide: bool, sarif_path: Path | None, fail_on: str, quiet: bool,
    verbose: bool,
) -> None:
    """Run the proven checks of declared examples and never-route rows."""
    from .report.checksarif import write_check_sarif
    from .report.failon import check_fail_on

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
        from .decided import decide as decide_graph

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
            from .decided.render import decided_json

            document.update(decided_json(decisions))
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        click.echo(render_checkup_text(checkup, loaded.graph.name, level, loaded.graph))
        if decisions is not None:
            from .decided.render import decided_text

            click.echo(decided_text(decisions, level))
    sys.exit(EXIT_OK if checkup.ok or fail_on == "never" else EXIT_PROVEN_ERROR)


def render_claims_text(result: PhraseClaims) -> str:
    lines = [f"{result.phrase!r}"]
    for law, detail in (("cold walk", result.cold_walk), ("cascade  ", result.cascade)):
        if detail is None:
            lines.append(f"  {law}: no entry claims it")
        else:
            matched = f", matched {detail.witness!r}" if detail.witness is not None else ""
            lines.append(f"  {law}: {detail.id} (rule #{detail.index + 1}, {detail.condition}{matched})")
    return "\n".join(lines)


@main.command()
@click.argument("graph_spec", metavar="GRAPH")
@click.argument("phrases", nargs=-1, required=True)
@FORMAT
@reports_bad_input
def claim(graph_spec: str, phrases: tuple[str, ...], output_format: str) -> None:
    """Show which entry claims each PHRASE under the cold walk and the cascade."""
    graph = load_graph(graph_spec).graph
    results = [explain_claims(graph, phrase) for phrase in phrases]
    if output_format == "json":
        click.echo(json.dumps([r.to_dict() for r in results], indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(render_claims_text(r) for r in results))


@main.command(epilog=EXIT_CODES_EPILOG)
@click.argument("graph_spec", metavar="GRAPH")
@click.option(
    "-o", "--output", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="HTML file to write [default: reports/<graph-name>.html].",
)
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Also write the findings as a versioned JSON document.",
)
@generation_options
@click.option(
    "--baseline", "baseline_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="An earlier --json report: mark findings new or still, and list the resolved ones.",
)
@SARIF
@fail_on_option(
    "proven|new|never",
    "Exit 1 on proven errors (proven), on new proven errors or suggestions against --baseline or --db "
    "(new), or only on bad input (never).",
)
@click.option(
    "--db", "db", is_flag=False, flag_value=DEFAULT_DB, default=None, metavar="[DIR]",
    type=click.Path(path_type=Path),
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
@click.option("--no-decide", "no_decide", is_flag=True, help="Leave out the decided tier (automata).")
@verbosity_options
@reports_bad_input
def report(
    graph_spec: str, html_path: Path | None, json_path: Path | None, seed: int, budget: str | None,
    baseline_path: Path | None, sarif_path: Path | None, fail_on: str, db: Path | None, open_browser: bool,
    workers: int | None, shard_spec: str | None, no_decide: bool, quiet: bool, verbose: bool,
) -> None:
    """Run the proven checks and the phrase generators; write an HTML report.

    Proven findings and generated suggestions are kept in separate sections.
    The exit code depends on proven errors only, unless --fail-on says
    otherwise. Ctrl-C stops generation and still writes a report, marked
    partial.
    """
    from .report.failon import check_fail_on

    level = verbosity(quiet, verbose)
    check_fail_on(fail_on, has_history=baseline_path is not None or db is not None)
    if db is not None:
        keep_hypothesis_cache_in(db)
    keep_hypothesis_cache_out_of_the_project()
    from .cli_merge import parse_shard
    from .report import (
        default_html_path,
        load_baseline,
        parse_budget,
        stop_on_interrupt,
        summary_text,
        write_report,
    )

    shard = parse_shard(shard_spec) if shard_spec is not None else None
    phrases, seconds = parse_budget(budget) if budget is not None else (None, None)
    baseline = load_baseline(baseline_path) if baseline_path is not None else None
    loaded = load_graph(graph_spec)
    target = html_path or default_html_path(loaded.graph.name)
    bar = contextlib.nullcontext(None) if level < 0 else progress_bar()
    with stop_on_interrupt() as should_stop, bar as progress:
        result = write_report(
            loaded.graph, html_path=target, json_path=json_path, seed=seed, budget_phrases=phrases,
            budget_seconds=seconds, should_stop=should_stop, source_path=graph_spec,
            graph_format=loaded.format, progress=progress, baseline=baseline,
            baseline_source=str(baseline_path), sarif_path=sarif_path, fail_on=fail_on, db=db,
            workers=workers or os.cpu_count() or 1, shard=shard, decide=not no_decide,
        )
    click.echo(summary_text(
        result.document, html_path=str(result.html_path),
        json_path=None if result.json_path is None else str(result.json_path), verbosity=level,
    ))
    if sarif_path is not None:
        click.echo(f"  sarif: {sarif_path}")
    if open_browser:
        webbrowser.open(result.html_path.resolve().as_uri())
    sys.exit(result.exit_status)


def keep_hypothesis_cache_in(db: Path) -> None:
    """With --db, hypothesis' storage directory lives in the db folder the nightly job caches."""
    from .report.ledger import hypothesis_directory

    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(hypothesis_directory(db))


def keep_hypothesis_cache_out_of_the_project() -> None:
    """Point hypothesis' cache at the user cache, not `./.hypothesis` in the author's repo.

    Hypothesis reads this variable on first use, so it must be set before any
    draw; an explicit setting by the user wins.
    """
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "fuzzroute" / "hypothesis"
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(cache))


suggest_command.callback = reports_bad_input(suggest_command.callback)  # type: ignore[arg-type,type-var]
main.add_command(suggest_command, "suggest")

from .cli_merge import merge  # noqa: E402 - registered after `main` exists

merge.callback = reports_bad_input(merge.callback)  # type: ignore[arg-type,type-var]
main.add_command(merge)

if __name__ == "__main__":  # pragma: no cover
    main()
