"""The `fuzzroute` command: a thin layer over the Python API.

Exit codes are a public contract: 0 no proven error, 1 at least one proven
error, 2 bad input (the message is one paragraph on stderr, never a
traceback).  Generated suggestions never change the exit code.
"""

from __future__ import annotations

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
from .errors import FuzzrouteError
from .explain import PhraseClaims, explain_claims
from .loader import load_graph
from .problems import Checkup
from .progress import progress_bar

EXIT_OK = 0
EXIT_PROVEN_ERROR = 1
EXIT_BAD_INPUT = 2

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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fuzzroute")
def main() -> None:
    """Find routing bugs in the start rules of an agent's skill graph.

    GRAPH is a .json graph document, a .py file with one module-level
    fuzzroute.Graph, or file.py:name.
    """


FORMAT = click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True
)


def render_checkup_text(checkup: Checkup, graph_name: str) -> str:
    """The human form of a checkup: errors and warnings, then the notes."""
    lines = [f"fuzzroute check: graph {graph_name!r}"]
    for problem in checkup.problems:
        lines.append(f"  [{problem.kind}] {problem.code}: {problem.message}")
    for note in checkup.notes:
        lines.append(f"  [note] {note.text}")
    errors, warnings = len(checkup.errors), len(checkup.warnings)
    lines.append(f"{errors} error(s), {warnings} warning(s) in declared examples and never-route rows.")
    if not checkup.problems and not checkup.notes:
        lines.append(
            "No examples or never-route rows are declared, so nothing was proven. Declare "
            "`examples=[...]` on rules and `never_routes(...)` on the graph."
        )
    return "\n".join(lines)


@main.command()
@click.argument("graph_spec", metavar="GRAPH")
@FORMAT
@click.option(
    "--decide", is_flag=True, help="Also decide, for all messages, which rules overlap or never win (automata)."
)
@reports_bad_input
def check(graph_spec: str, output_format: str, decide: bool) -> None:
    """Run the proven checks of declared examples and never-route rows."""
    loaded = load_graph(graph_spec)
    checkup = loaded.graph.checkup()
    decisions = None
    if decide:
        from .decided import decide as decide_graph

        decisions = decide_graph(loaded.graph)
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
        click.echo(render_checkup_text(checkup, loaded.graph.name))
        if decisions is not None:
            from .decided.render import decided_text

            click.echo(decided_text(decisions))
    sys.exit(EXIT_OK if checkup.ok else EXIT_PROVEN_ERROR)


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


@main.command()
@click.argument("graph_spec", metavar="GRAPH")
@click.option(
    "-o", "--output", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="HTML file to write [default: reports/<graph-name>.html].",
)
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Also write the findings as a versioned JSON document.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the phrase generators.")
@click.option(
    "--budget", default=None, metavar="N|30s|2m",
    help="How much to generate: a phrase count (5000) or a time limit (30s, 2m) [default: 2000 phrases].",
)
@click.option(
    "--baseline", "baseline_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="An earlier --json report: mark findings new or still, and list the resolved ones.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the HTML report in a browser.")
@click.option("--no-decide", "no_decide", is_flag=True, help="Leave out the decided tier (automata).")
@reports_bad_input
def report(
    graph_spec: str, html_path: Path | None, json_path: Path | None, seed: int, budget: str | None,
    baseline_path: Path | None, open_browser: bool, no_decide: bool,
) -> None:
    """Run the proven checks and the phrase generators; write an HTML report.

    Proven findings and generated suggestions are kept in separate sections.
    The exit code depends on proven errors only. Ctrl-C stops generation and
    still writes a report, marked partial.
    """
    keep_hypothesis_cache_out_of_the_project()
    from .report import (
        default_html_path,
        load_baseline,
        parse_budget,
        stop_on_interrupt,
        summary_text,
        write_report,
    )

    phrases, seconds = parse_budget(budget) if budget is not None else (None, None)
    baseline = load_baseline(baseline_path) if baseline_path is not None else None
    loaded = load_graph(graph_spec)
    target = html_path or default_html_path(loaded.graph.name)
    with stop_on_interrupt() as should_stop, progress_bar() as progress:
        result = write_report(
            loaded.graph, html_path=target, json_path=json_path, seed=seed, budget_phrases=phrases,
            budget_seconds=seconds, should_stop=should_stop, source_path=graph_spec,
            graph_format=loaded.format, progress=progress, baseline=baseline,
            baseline_source=str(baseline_path), decide=not no_decide,
        )
    click.echo(summary_text(
        result.document, html_path=str(result.html_path),
        json_path=None if result.json_path is None else str(result.json_path),
    ))
    if open_browser:
        webbrowser.open(result.html_path.resolve().as_uri())
    sys.exit(result.exit_status)


def keep_hypothesis_cache_out_of_the_project() -> None:
    """Point hypothesis' cache at the user cache, not `./.hypothesis` in the author's repo.

    Hypothesis reads this variable on first use, so it must be set before any
    draw; an explicit setting by the user wins.
    """
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "fuzzroute" / "hypothesis"
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(cache))


if __name__ == "__main__":  # pragma: no cover
    main()
