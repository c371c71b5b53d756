"""`fuzzroute check`: the proven checkup of declared examples and never-route rows, and the decided tier.

The decided tier runs by default (`--no-decide` leaves it out): it is
exact, fast and the tier an author acts on.  `--fail-on proven` (the
default) keeps the exit code about proven errors; `--fail-on decided` also
fails on the decided findings `decided.verdict` names, the policy the
pre-commit hook, the Action and the pytest plugin use.
"""

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
    anchored,
    fail_on_option,
    verbosity,
    verbosity_options,
)
from fuzzroute.cli.terminal import echo_lines, show_graph_output
from fuzzroute.decided.verdict import Judged, judge
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.problems import Checkup
from fuzzroute.engine.text import shortened
from fuzzroute.graphfiles.capture import GraphOutput
from fuzzroute.graphfiles.loader import load_graph, split_spec
from fuzzroute.report.paths import NamedPath, refuse_collisions
from fuzzroute.report.render.lines import finding_line
from fuzzroute.results.jsonform import inert_json
from fuzzroute.results.record import to_json

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
    lines = [f"fuzzroute check: graph {shortened(graph_name)!r}"]
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
    "--decide/--no-decide", "decide", default=True, show_default=True,
    help="Decide, for all messages, which rules never win, never match or take a later rule's words (automata); "
    "--no-decide runs the proven checks only.",
)
@SARIF
@JUNIT
@fail_on_option(
    "proven|decided|never",
    "Exit 1 on proven errors (proven), on proven errors or decided findings an author acts on (decided: a rule "
    "that never wins, never matches or is dead, an earlier rule taking a later rule's fixed words, a ReDoS), or "
    "only on bad input (never).",
)
@verbosity_options
@reports_bad_input
@limit_options
def check(
    graph_specs: tuple[str, ...], output_format: str, decide: bool, sarif_path: Path | None,
    junit_path: Path | None, fail_on: str, quiet: bool, verbose: bool,
) -> None:
    """Run the proven checks of declared examples and never-route rows, and decide the rules for all messages.

    Several GRAPH files can be checked at once (as a pre-commit hook passes
    them); the exit code is 1 when any of them has a proven error (or, with
    --fail-on decided, a decided finding to act on). Each decided finding
    is one line, `file:line: code [rule] 'witness' -> taking rule(s)`.
    """
    from fuzzroute.report.atomic import unwritable, write_all_atomically
    from fuzzroute.report.fail_on_findings import check_fail_on

    level = verbosity(quiet, verbose)
    if fail_on == "new":
        raise InputError(
            "--fail-on new compares with an earlier run, which `fuzzroute check` does not have. Use "
            "`fuzzroute report --fail-on new --db DIR` (or --baseline), or --fail-on proven|decided|never here."
        )
    check_fail_on(fail_on, has_history=False)
    if fail_on == "decided" and not decide:
        raise InputError(
            "--fail-on decided fails on decided findings, and --no-decide leaves the decided tier out. Drop "
            "--no-decide, or use --fail-on proven."
        )
    refuse_collisions(
        [NamedPath(f"graph {spec}", split_spec(spec)[0]) for spec in graph_specs],
        [NamedPath(role, path) for role, path in (("--sarif", sarif_path), ("--junit", junit_path))
         if path is not None],
    )
    start = Path.cwd()  # outputs are written against it, whatever directory graph code moves to
    sarif_path, junit_path = anchored(sarif_path, start), anchored(junit_path, start)
    graph_output = GraphOutput()
    results: list[tuple[str, Any, Checkup, Any]] = []
    judged: list[Judged | None] = []
    with graph_output.window():  # graph code runs in here: its prints never reach stdout
        for spec in graph_specs:
            graph_file = load_graph(spec if Path.cwd() == start else str(start / spec))
            decisions = None
            if decide:
                from fuzzroute.decided import decide as decide_graph

                decisions = decide_graph(graph_file.graph)
            results.append((spec, graph_file, graph_file.graph.checkup(), decisions))
            judged.append(None if decisions is None else judge(decisions, graph_file.graph.acceptances))
        files: list[tuple[Path, str]] = []
        if sarif_path is not None:  # the writers are imported only when asked for: `check` must start fast
            from fuzzroute.report.render.check_sarif import check_sarif_log, combined_sarif_text

            logs = [
                check_sarif_log(g.graph, c, source_path=spec, graph_format=g.format, decisions=d)
                for spec, g, c, d in results
            ]
            files.append((sarif_path, combined_sarif_text(logs)))
        if junit_path is not None:
            from fuzzroute.report.render.junit import junit_from_checkups

            files.append((junit_path, junit_from_checkups(
                [(str(g.path), g.graph, c, d) for _s, g, c, d in results], decided_failures=fail_on == "decided"
            )))
        if output_format == "json":
            documents = [_json_document(c, d, j) for (_s, _g, c, d), j in zip(results, judged, strict=True)]
            shown: Any = documents[0] if len(results) == 1 else [
                {"graph": spec, **document} for (spec, *_rest), document in zip(results, documents, strict=True)
            ]
            output = inert_json(json.dumps(shown, indent=2, ensure_ascii=False))
        else:
            texts = []
            for (spec, graph_file, checkup, decisions), verdicts in zip(results, judged, strict=True):
                text = render_checkup_text(checkup, graph_file.graph.name, level, graph_file.graph)
                decided = None
                if decisions is not None:
                    from fuzzroute.report.render.decided_text import decided_text

                    decided = decided_text(decisions, level, verdicts)
                if level < 0:  # one summary line per graph: the proven counts, then the decided ones
                    text = text if decided is None else f"{text} {decided}"
                    texts.append(f"{spec}: {text}" if len(results) > 1 else text)
                else:
                    texts.extend([text] if decided is None else [text, decided])
            output = "\n".join(texts)
    if files:
        try:
            write_all_atomically(files)
        except OSError as exc:
            raise unwritable(exc, files[0][0], "the check results", "choose writable paths for --sarif/--junit.") \
                from None
    show_graph_output(graph_output.lines, cut_bytes=graph_output.cut_bytes, verbose=level > 0, quiet=level < 0)
    if output_format == "json":
        click.echo(output)
    else:
        echo_lines(output)
    ok = all(checkup.ok for _s, _g, checkup, _d in results)
    if fail_on == "decided":
        ok = ok and not any(verdicts is not None and verdicts.failing for verdicts in judged)
    sys.exit(EXIT_OK if ok or fail_on == "never" else EXIT_PROVEN_ERROR)


def _json_document(checkup: Checkup, decisions: Any, judged: Judged | None = None) -> dict[str, Any]:
    """`check --format json` of one graph: problems and notes, plus the decided tier unless --no-decide."""
    document: dict[str, Any] = {
        "problems": to_json(list(checkup.problems)),
        "notes": to_json(list(checkup.notes)),
    }
    if checkup.not_checked:
        document["not_checked"] = to_json([n.record() for n in checkup.not_checked])
    if decisions is not None:
        from fuzzroute.report.render.decided_text import decided_json

        document.update(decided_json(decisions, judged))
    return document
