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
    CHECK_EPILOG,
    FORMAT,
    JUNIT,
    SARIF,
    fail_on_option,
    verbosity,
    verbosity_options,
)
from fuzzroute.cli.terminal import echo_lines, show_graph_output
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.problems import Checkup
from fuzzroute.graphfiles.capture import GraphOutput
from fuzzroute.graphfiles.loader import load_graph, split_spec
from fuzzroute.report.paths import NamedPath, refuse_collisions
from fuzzroute.report.render.lines import finding_line

#: The notes in one line each (the full text with -v).
SHORT_NOTES = {
    "examples-boundary": "declared examples prove facts about the phrases written, and nothing about others",
    "examples-order-not-checked": "a scorer or a model picks the entry here, so only self-match was checked",
    "never-routes-boundary": "a never-route row proves no start rule claims it, not that the turn routes nowhere",
    "when-not-run": "verdicts that depend on a `when` read from the source, not run, are listed as not checked",
}


def render_checkup_text(checkup: Checkup, graph_name: str, level: int = 0, graph: Any = None) -> str:
    """The human form of a checkup.

    `level` -1 prints only the count line; 0 one short line per problem, as
    linters print them (`file:line: code [rule] 'phrase' -> who wins`), and
    each note in a line; 1 each problem's whole message, who claims its
    phrase under both laws (`graph` is needed for that) and the notes in full.
    """
    errors, warnings = len(checkup.errors), len(checkup.warnings)
    count_line = f"{errors} error(s), {warnings} warning(s) in declared examples and never-route rows."
    if checkup.not_checked:
        count_line += f" {len(checkup.not_checked)} phrase(s) not checked (they depend on a `when` not run)."
    if level < 0:
        return count_line
    lines = [f"fuzzroute check: graph {graph_name!r}"]
    for problem in checkup.problems:
        at = f"{problem.location}: " if problem.location is not None else ""
        if level > 0:
            lines.append(f"  {at}[{problem.kind}] {problem.code}: {problem.message}")
            if graph is not None and problem.example is not None:
                cold, cascade = graph.claims(problem.example).ids()
                lines.append(f"      claims: cold walk -> {cold or 'no entry'}, cascade -> {cascade or 'no entry'}")
        else:
            winner = problem.from_ or ("no rule" if problem.code == "example-unclaimed" else None)
            lines.append("  " + at + finding_line(None, problem.code, problem.skill, problem.example, winner,
                                                  problem.kind))
    for item in checkup.not_checked:
        at = f"{item.location}: " if item.location is not None else ""
        lines.append(f"  {at}{item.message}")
    for note in checkup.notes:
        short = SHORT_NOTES.get(note.name)
        lines.append(f"  [note] {note.text}" if level > 0 or short is None else f"  note [{note.name}]: {short}")
    lines.append(count_line + ("" if level > 0 or not checkup.problems else " -v explains each."))
    if not checkup.problems and not checkup.notes:
        lines.append(
            "No examples or never-route rows are declared, so nothing was proven. Declare "
            "`examples=[...]` on rules and `never_routes(...)` on the graph."
        )
    return "\n".join(lines)


@click.command(epilog=CHECK_EPILOG)
@click.argument("graph_specs", metavar="GRAPH...", nargs=-1, required=True)
@FORMAT
@click.option(
    "--decide", is_flag=True, help="Also decide, for all messages, which rules overlap or never win (automata)."
)
@SARIF
@JUNIT
@fail_on_option("proven|never", "Exit 1 on proven errors (proven) or only on bad input (never).")
@verbosity_options
@reports_bad_input
@limit_options
def check(
    graph_specs: tuple[str, ...], output_format: str, decide: bool, sarif_path: Path | None,
    junit_path: Path | None, fail_on: str, quiet: bool, verbose: bool,
) -> None:
    """Run the proven checks of declared examples and never-route rows.

    Several GRAPH files can be checked at once (as a pre-commit hook passes
    them); the exit code is 1 when any of them has a proven error.
    """
    from fuzzroute.report.atomic import unwritable, write_all_atomically
    from fuzzroute.report.failon import check_fail_on
    from fuzzroute.report.render.check_sarif import check_sarif_log, combined_sarif_text
    from fuzzroute.report.render.junit import junit_from_checkups

    level = verbosity(quiet, verbose)
    if fail_on == "new":
        raise InputError(
            "--fail-on new compares with an earlier run, which `fuzzroute check` does not have. Use "
            "`fuzzroute report --fail-on new --db DIR` (or --baseline), or --fail-on proven|never here."
        )
    check_fail_on(fail_on, has_history=False)
    refuse_collisions(
        [NamedPath(f"graph {spec}", split_spec(spec)[0]) for spec in graph_specs],
        [NamedPath(role, path) for role, path in (("--sarif", sarif_path), ("--junit", junit_path))
         if path is not None],
    )
    graph_output = GraphOutput()
    results: list[tuple[str, Any, Checkup, Any]] = []
    with graph_output.window():  # graph code runs in here: its prints never reach stdout
        for spec in graph_specs:
            graph_file = load_graph(spec)
            decisions = None
            if decide:
                from fuzzroute.decided import decide as decide_graph

                decisions = decide_graph(graph_file.graph)
            results.append((spec, graph_file, graph_file.graph.checkup(), decisions))
        files: list[tuple[Path, str]] = []
        if sarif_path is not None:
            logs = [
                check_sarif_log(g.graph, c, source_path=spec, graph_format=g.format, decisions=d)
                for spec, g, c, d in results
            ]
            files.append((sarif_path, combined_sarif_text(logs)))
        if junit_path is not None:
            files.append(
                (junit_path, junit_from_checkups([(str(g.path), g.graph, c, d) for _s, g, c, d in results]))
            )
        if output_format == "json":
            documents = [_json_document(c, d) for _s, _g, c, d in results]
            shown: Any = documents[0] if len(results) == 1 else [
                {"graph": spec, **document} for (spec, *_rest), document in zip(results, documents, strict=True)
            ]
            output = json.dumps(shown, indent=2, ensure_ascii=False)
        else:
            texts = []
            for spec, graph_file, checkup, decisions in results:
                text = render_checkup_text(checkup, graph_file.graph.name, level, graph_file.graph)
                texts.append(f"{spec}: {text}" if level < 0 and len(results) > 1 else text)
                if decisions is not None:
                    from fuzzroute.report.render.decided_text import decided_text

                    texts.append(decided_text(decisions, level))
            output = "\n".join(texts)
    if files:
        try:
            write_all_atomically(files)
        except OSError as exc:
            raise unwritable(exc, files[0][0], "the check results", "choose writable paths for --sarif/--junit.") \
                from None
    show_graph_output(graph_output.lines, verbose=level > 0, quiet=level < 0)
    if output_format == "json":
        click.echo(output)
    else:
        echo_lines(output)
    ok = all(checkup.ok for _s, _g, checkup, _d in results)
    sys.exit(EXIT_OK if ok or fail_on == "never" else EXIT_PROVEN_ERROR)


def _json_document(checkup: Checkup, decisions: Any) -> dict[str, Any]:
    """`check --format json` of one graph: problems and notes (plus the decided tier with --decide)."""
    document: dict[str, Any] = {
        "problems": [p.to_dict() for p in checkup.problems],
        "notes": [n.to_dict() for n in checkup.notes],
    }
    if checkup.not_checked:
        document["not_checked"] = [n.to_dict() for n in checkup.not_checked]
    if decisions is not None:
        from fuzzroute.report.render.decided_text import decided_json

        document.update(decided_json(decisions))
    return document
