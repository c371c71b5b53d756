"""`fuzzroute check` in the terminal: the proven checkup of each graph, then its decided tier.

Laid out from the typed listings `report.assembly.check_run` builds; the
decided half is `decided_text`'s.
"""

from __future__ import annotations

from fuzzroute.engine.text import shortened
from fuzzroute.report.render.decided_text import decided_text
from fuzzroute.report.render.lines import finding_line, place
from fuzzroute.results.check_listing import DecidedListing, ProvenListing

#: The notes in one line each (the full text with -v).
SHORT_NOTES = {
    "examples-boundary": "declared examples prove facts about the phrases written, and nothing about others",
    "examples-order-not-checked": "a scorer or a model picks the entry here, so only self-match was checked",
    "never-routes-boundary": "a never-route row proves no start rule claims it, not that the turn routes nowhere",
    "when-not-run": "verdicts that depend on a `when` fuzzroute did not run are listed as not checked, with why",
}


def checkup_text(listing: ProvenListing, level: int = 0) -> str:
    """The human form of a checkup.

    `level` -1 prints only the count line; 0 one short line per problem, as
    linters print them (`file:line: code [rule] 'phrase' -> who wins`), and
    each note in a line; 1 each problem's whole message, who claims its
    phrase under both laws and the notes in full.
    """
    count_line = f"{listing.errors} error(s), {listing.warnings} warning(s) in declared examples and never-route rows."
    if listing.not_checked:
        count_line += f" {len(listing.not_checked)} phrase(s) not checked (they depend on a `when` not run)."
    if level < 0:
        return count_line
    lines = [f"fuzzroute check: graph {shortened(listing.graph_name)!r}"]
    for problem in listing.problems:
        at = place(problem.location)
        if level > 0:
            lines.append(f"  {at}[{problem.kind}] {problem.code}: {problem.message}")
            if problem.claims is not None:
                cold, cascade = problem.claims
                lines.append(f"      claims: cold walk -> {cold or 'no entry'}, cascade -> {cascade or 'no entry'}")
        else:
            winner = problem.from_ or ("no rule" if problem.code == "example-unclaimed" else None)
            lines.append("  " + at + finding_line(None, problem.code, problem.skill, problem.example, winner,
                                                  problem.kind))
    for where, message in listing.not_checked:
        lines.append(f"  {place(where)}{message}")
    for note in listing.notes:
        short = SHORT_NOTES.get(note.name)
        lines.append(f"  [note] {note.text}" if level > 0 or short is None else f"  note [{note.name}]: {short}")
    lines.append(count_line + ("" if level > 0 or not listing.problems else " -v explains each."))
    if not listing.problems and not listing.notes:
        lines.append(
            "No examples or never-route rows are declared, so nothing was proven. Declare "
            "`examples=[...]` on rules and `never_routes(...)` on the graph."
        )
    return "\n".join(lines)


def check_text(graphs: list[tuple[str, ProvenListing, DecidedListing | None]], level: int = 0) -> str:
    """Every graph's checkup (and decided tier): `(spec, proven, decided or None)` each.

    With `level` -1, one summary line per graph (named when there are several).
    """
    texts = []
    for spec, proven, decided in graphs:
        text = checkup_text(proven, level)
        shown = None if decided is None else decided_text(decided, level)
        if level < 0:  # one summary line per graph: the proven counts, then the decided ones
            text = text if shown is None else f"{text} {shown}"
            texts.append(f"{spec}: {text}" if len(graphs) > 1 else text)
        else:
            texts.extend([text] if shown is None else [text, shown])
    return "\n".join(texts)
