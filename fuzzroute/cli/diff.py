"""`fuzzroute diff BASE HEAD`: which messages change the rule that starts the turn between two versions."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fuzzroute.cli.app import keep_hypothesis_storage_out_of_the_project, reports_bad_input
from fuzzroute.cli.options import DIFF_EPILOG, FilePath, fail_on_option, verbosity, verbosity_options
from fuzzroute.cli.terminal import show_graph_output
from fuzzroute.graphfiles.capture import GraphOutput

PATH = FilePath(dir_okay=False, path_type=Path)


@click.command(epilog=DIFF_EPILOG)
@click.argument("base_spec", metavar="BASE")
@click.argument("head_spec", metavar="HEAD")
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "markdown", "sarif"]), default="text",
    show_default=True, help="What to print: one line per moved pair, the JSON document, a PR comment, or SARIF.",
)
@click.option("--json", "json_path", type=PATH, default=None, help="Also write the JSON document to FILE.")
@click.option("--markdown", "markdown_path", type=PATH, default=None, help="Also write the Markdown comment to FILE.")
@click.option(
    "--sarif", "sarif_path", type=PATH, default=None,
    help="Also write SARIF 2.1.0 to FILE (results on the HEAD version's rules).",
)
@fail_on_option(
    "proven|moved|never",
    "Exit 1 on a proven error HEAD has and BASE had not (proven), also on any decided move (moved), or only on "
    "bad input (never).",
)
@click.option(
    "--budget", type=click.IntRange(min=0), default=None, metavar="N",
    help="Generated phrases judged for the pairs the automata leave undecided [default: 500; 0: none].",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the phrase generators.")
@click.option(
    "--max-states", type=click.IntRange(min=1), default=None, metavar="N",
    help="Automaton states one question may visit [default: 20000].",
)
@click.option(
    "--total-states", type=click.IntRange(min=1), default=None, metavar="N",
    help="Automaton states the whole diff may visit [default: 3000000].",
)
@verbosity_options
@reports_bad_input
def diff(
    base_spec: str, head_spec: str, output_format: str, json_path: Path | None, markdown_path: Path | None,
    sarif_path: Path | None, fail_on: str, budget: int | None, seed: int, max_states: int | None,
    total_states: int | None, quiet: bool, verbose: bool,
) -> None:
    """Show which messages change the rule that starts the turn between two versions of a graph.

    BASE and HEAD are graph files, or git:REV:path for a version in git
    (git:main:examples/support.py). Decided for every message where the
    automata can read the rules, with a witness each; declared examples and
    never-route rows are compared exactly; what stays undecided is listed and
    sampled with generated phrases (not proof).
    """
    from fuzzroute.diff import (
        DEFAULT_BUDGET,
        diff_json_text,
        diff_markdown,
        diff_sarif_text,
        diff_text,
        diff_versions,
        load_version,
    )
    from fuzzroute.diff.automata import MAX_STATES, TOTAL_STATES
    from fuzzroute.diff.fail_on_changes import check_diff_fail_on
    from fuzzroute.report.persistence.atomic import unwritable, write_all_atomically
    from fuzzroute.report.persistence.paths import NamedPath, graph_file_of, refuse_collisions

    level = verbosity(quiet, verbose)
    check_diff_fail_on(fail_on)
    refuse_collisions(  # before anything is read or run: no output may replace BASE, HEAD or another output
        [NamedPath("BASE", graph_file_of(base_spec)), NamedPath("HEAD", graph_file_of(head_spec))],
        [NamedPath(role, path) for role, path in (("--json", json_path), ("--markdown", markdown_path),
                                                  ("--sarif", sarif_path)) if path is not None],
    )
    keep_hypothesis_storage_out_of_the_project()
    start = Path.cwd()  # outputs are written against it, whatever directory graph code moves to
    graph_output = GraphOutput()
    with graph_output.window():  # a `.py` graph's prints (import, `when` samples) never reach stdout
        base = load_version(base_spec, cwd=start)
        head = load_version(head_spec if Path.cwd() == start else _anchored_spec(head_spec, start), cwd=start)
        result = diff_versions(
            base, head, seed=seed, budget=DEFAULT_BUDGET if budget is None else budget, fail_on=fail_on,
            max_states=max_states or MAX_STATES, total_states=total_states or TOTAL_STATES,
        )
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    as_json = diff_json_text(result)
    files: list[tuple[Path, str]] = []
    if json_path is not None:
        files.append((start / json_path, as_json))
    if markdown_path is not None:
        files.append((start / markdown_path, diff_markdown(result)))
    if sarif_path is not None:
        files.append((start / sarif_path, diff_sarif_text(result)))
    if files:
        try:
            write_all_atomically(files)
        except OSError as exc:
            raise unwritable(
                exc, files[0][0], "the diff", "choose writable paths for --json/--markdown/--sarif."
            ) from None
    printed = {
        "json": lambda: as_json.rstrip("\n"),
        "markdown": lambda: diff_markdown(result).rstrip("\n"),
        "sarif": lambda: diff_sarif_text(result).rstrip("\n"),
        "text": lambda: diff_text(result, level),
    }[output_format]()
    click.echo(printed)
    for path in (json_path, markdown_path, sarif_path):
        if path is not None and output_format == "text":
            click.echo(f"  wrote {path}")
    sys.exit(result.exit_status)


def _anchored_spec(spec: str, start: Path) -> str:
    """`spec` read against `start` (the BASE graph's code moved the working directory)."""
    if spec.startswith("git:"):
        return spec  # git reads it in `start` (load_version's cwd)
    return str(start / spec)
