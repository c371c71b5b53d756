"""`fuzzroute check` in the terminal: the proven checkup of each graph, then its decided tier.

Laid out from the `CheckDocument` `report.assembly.check_run` builds; the
decided half is `decided_text`'s.
"""

from __future__ import annotations

from fuzzroute.engine.text import shortened
from fuzzroute.report.render.decided_text import decided_text
from fuzzroute.report.render.lines import finding_line, place
from fuzzroute.results.check_document import CheckDocument, GraphCheck
from fuzzroute.results.finding_kinds import short_note
from fuzzroute.results.proven_records import EXAMPLE_UNCLAIMED, NEVER_ROUTES_BY_DEFAULT
from fuzzroute.results.record import Omitted

#: Proven codes that are warnings by design (the default taking the graph's own never-route phrases).
BY_DESIGN = frozenset({NEVER_ROUTES_BY_DEFAULT})


def checkup_text(graph: GraphCheck, level: int = 0) -> str:
    """The human form of a graph's checkup.

    `level` -1 prints only the count line; 0 one short line per problem, as
    linters print them (`file:line: code [rule] 'phrase' -> who wins`), and
    each note in a line; 1 each problem's whole message, who claims its
    phrase under both laws and the notes in full.
    """
    findings = graph.findings
    not_checked = [] if isinstance(findings.not_checked, Omitted) else findings.not_checked
    by_design = sum(1 for p in findings.problems if p.code in BY_DESIGN)
    design = f" ({by_design} by design: the default answers what no rule claims)" if by_design else ""
    count_line = (
        f"{graph.errors} error(s), {graph.warnings} warning(s){design} in declared examples and never-route rows."
    )
    if not_checked:
        count_line += f" {len(not_checked)} phrase(s) not checked (they depend on a `when` not run)."
    if level < 0:
        return count_line
    lines = [f"fuzzroute check: graph {shortened(graph.name)!r}"]
    claims = graph.claims or (None,) * len(findings.problems)
    for problem, claimed in zip(findings.problems, claims, strict=True):
        at = place(problem.location)
        if level > 0:
            lines.append(f"  {at}[{problem.kind}] {problem.code}: {problem.message}")
            if claimed is not None:
                cold, cascade = claimed
                lines.append(f"      claims: cold walk -> {cold or 'no entry'}, cascade -> {cascade or 'no entry'}")
        else:
            winner = problem.from_ or ("no rule" if problem.code == EXAMPLE_UNCLAIMED else None)
            # The default taking the graph's own never-route phrases is a warning by design, as `report` says.
            severity = f"{problem.kind}, by design" if problem.code in BY_DESIGN else problem.kind
            lines.append("  " + at + finding_line(None, problem.code, problem.skill, problem.example, winner,
                                                  severity))
    for skipped in not_checked:
        lines.append(f"  {place(skipped.location)}{skipped.message}")
    for note in findings.notes:
        short = short_note(note.name)
        lines.append(f"  [note] {note.text}" if level > 0 or short is None else f"  note [{note.name}]: {short}")
    lines.append(count_line + ("" if level > 0 or not findings.problems else " -v explains each."))
    if not findings.problems and not findings.notes:
        lines.append(
            "No examples or never-route rows are declared, so nothing was proven. Declare "
            "`examples=[...]` on rules and `never_routes(...)` on the graph."
        )
    return "\n".join(lines)


def check_text(document: CheckDocument) -> str:
    """Every graph's checkup (and decided tier), at the document's verbosity.

    With verbosity -1, one summary line per graph (named when there are several).
    """
    level = document.verbosity
    texts = []
    for graph in document.graphs:
        text = checkup_text(graph, level)
        shown = None if graph.decided is None else decided_text(graph, graph.decided, level)
        if level < 0:  # one summary line per graph: the proven counts, then the decided ones
            text = text if shown is None else f"{text} {shown}"
            texts.append(f"{graph.spec}: {text}" if len(document.graphs) > 1 else text)
        else:
            texts.extend([text] if shown is None else [text, shown])
    return "\n".join(texts)
