"""The short terminal summary printed after a report is written.

It repeats the two halves' counts from the document, keeping the same split
as the page: proven first, then the generated half labelled as samples.
"""

from __future__ import annotations

from fuzzroute.engine.text import shortened
from fuzzroute.report.render.lines import overview_line, place, plural
from fuzzroute.report.render.tallies import co_occurring_pairs, decided_counts, folded_decided_counts
from fuzzroute.results.document import Memory, Report, RunFacts, SuggestionRecord
from fuzzroute.results.record import Omitted


def speed_line(run: RunFacts) -> str:
    """The headline speed figure: phrases judged per second, and on how many processes."""
    processes = run.workers.get("processes")
    on = ""
    if isinstance(processes, int):
        on = f" on {processes} process{'' if processes == 1 else 'es'}"
    shard = run.shard
    part = f", shard {shard.index}/{shard.count}" if shard else ""
    return (
        f"  speed:     {run.judged_per_second:,.0f} phrases judged per second "
        f"({run.phrases_judged:,} in {run.elapsed_seconds:.1f} s{on}{part})"
    )


def time_line(phases: dict[str, float]) -> str:
    """The run's time in all and per phase, in the order the phases ran."""
    parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases.items())
    return f"  time:      {sum(phases.values()):.1f} s in all ({parts})"


def phrase_counts(run: RunFacts) -> str:
    """"2401 phrases generated, 2000 distinct judged": a phrase budget counts the distinct ones.

    Generators repeat themselves; only a phrase not judged before costs budget,
    so more phrases are generated than the budget names.
    """
    return f"{plural(run.phrases_generated, 'phrase')} generated, {run.phrases_judged} distinct judged"


def _suggestion_line(suggestion: SuggestionRecord) -> str:
    who = suggestion.rule or suggestion.to or "graph"
    if suggestion.from_ and suggestion.from_ != who:
        who = f"{who} <- {suggestion.from_}"
    witnesses = suggestion.witnesses
    phrase = f" {witnesses[0].phrase!r}" if witnesses else ""
    edit = f" ({suggestion.mutation})" if suggestion.mutation else ""
    return f"    {suggestion.kind} [{who}]{phrase}{edit} x{suggestion.count}"


def _counted(count: int, kind: str) -> str:
    """`1 overlap`, `2 overlaps`; a kind already ending in s (`never-wins`) stays as it is."""
    return plural(count, kind, kind if kind.endswith("s") else None)


def _folded_text(by_kind: dict[str, int]) -> str:
    """"1 overlap, shown with its proven row": decided findings the overview folds into proven rows."""
    if not by_kind:
        return ""
    total = sum(by_kind.values())
    kinds = ", ".join(_counted(count, kind.removeprefix("decided-")) for kind, count in sorted(by_kind.items()))
    return f"{kinds}, shown with {'its proven row' if total == 1 else 'their proven rows'}"


def decided_lines(report: Report) -> list[str]:
    """The line for the decided tier (empty when it did not run)."""
    if not report.decision.ran:
        return []
    by_kind = decided_counts(report)
    shown = ", ".join(f"{count} {kind.removeprefix('decided-')}" for kind, count in sorted(by_kind.items()))
    folded = _folded_text(folded_decided_counts(report))
    shown = "; ".join(part for part in (shown, folded) if part)
    glued = co_occurring_pairs(report)
    also = f"; {plural(glued, 'co-occurring pair')} counted, not findings" if glued else ""
    found = report.summary.decided  # one count for every output: each decided finding once, folded or not
    head = f"{plural(found, 'decided finding')} ({shown})" if found and shown else (shown or "nothing")
    lines = [f"  decided:   {head}{also} - for all messages, by automata"]
    if report.decision.not_reached:
        lines.append(f"    {len(report.decision.not_reached)} data rule(s) not reached: the tier was stopped first")
    if report.decision.defects:
        lines.append(
            f"    {len(report.decision.defects)} tool defect(s): a decided witness disagreed with the matchers"
        )
    return lines


def summary_text(
    document: Report,
    *,
    html_path: str | None = None,
    json_path: str | None = None,
    verbosity: int = 0,
) -> str:
    """A few plain lines for the terminal (the CLI colours them on a terminal).

    `verbosity` -1 gives one line plus the paths; 0 the counts and one short
    line per overview row (`file:line: code [rule] 'phrase' -> who wins`, the
    overview's order: strongest evidence first, glued pairs as one line); 1
    every finding with its long explanation.
    """
    graph = document.graph
    summary = document.summary
    run = document.run
    paths = [f"  html: {html_path}"] if html_path is not None else []
    if json_path is not None:
        paths.append(f"  json: {json_path}")
    if verbosity < 0:
        partial = " PARTIAL." if document.partial else ""
        return "\n".join([
            f"fuzzroute report: {shortened(graph.name)}: {plural(summary.proven_errors, 'proven error')}, "
            f"{plural(summary.proven_warnings, 'warning')}; {plural(summary.suggestions, 'suggestion')} "
            f"(not proof) from {phrase_counts(run)}.{partial}",
            *paths,
        ])
    lines = [
        f"fuzzroute report: {shortened(graph.name)} ({graph.mount} mount, {plural(graph.rule_count, 'rule')})",
        f"  proven:    {plural(summary.proven_errors, 'error')}, {plural(summary.proven_warnings, 'warning')}"
        f" (from {plural(graph.declared_examples, 'declared example')} and "
        f"{plural(len(graph.never_routes), 'never-route row')})",
    ]
    unknown = document.proven.not_checked or []
    if unknown:
        lines.append(
            f"             {plural(len(unknown), 'phrase')} not checked: the verdict depends on a `when` "
            "fuzzroute does not run"
        )
    rows = document.overview
    if verbosity > 0:  # every finding, with its long explanation
        for problem in document.proven.problems:
            where = f" [{problem.skill}]" if problem.skill else ""
            phrase = f" {problem.example!r}" if problem.example is not None else ""
            at = place(problem.location)
            lines.append(f"    {at}{problem.kind} {problem.code}{where}{phrase}: {problem.message}")
    else:
        lines.extend("    " + overview_line(row) for row in rows if row.tier == "proven" and row.reason is None)
    lines.extend(decided_lines(document))  # the tiers in order: proven, decided, generated
    if verbosity <= 0:
        lines.extend("    " + overview_line(row) for row in rows if row.tier == "decided")
        # The default taking the graph's own never-route phrases: by design, after what is to fix.
        lines.extend("    " + overview_line(row) for row in rows if row.tier == "proven" and row.reason is not None)
    lines.append(
        f"  generated: {phrase_counts(run)} (seed {run.seed}, budget {run.budget}): "
        f"{plural(summary.suggestions, 'suggestion')} - samples, not proof"
    )
    if verbosity > 0:
        lines.extend(_suggestion_line(s) for s in document.suggestions)
    else:
        lines.extend("    " + overview_line(row) for row in rows if row.tier == "suggested")
    if run.context_generator == "fuzzroute":  # only the unusual case is worth a line; the JSON always says
        lines.append("  contexts:  `when` contexts drawn by fuzzroute's own generator (hypothesis-jsonschema does "
                     "not run with the installed hypothesis)")
    if document.accepted.findings or document.accepted.stale:
        lines.append(accepted_line(document))
    lines.append(speed_line(run))
    if run.phase_seconds:
        lines.append(time_line(run.phase_seconds))
    history = document.history
    if not isinstance(history, Omitted):
        proven, generated = history.proven, history.suggestions
        lines.append(
            f"  since {history.baseline}: proven {proven.new} new, {len(proven.resolved)} resolved; "
            f"suggestions {generated.new} new, {len(generated.resolved)} resolved"
        )
    if not isinstance(document.memory, Omitted):
        lines.append(memory_line(document.memory))
    if document.partial:
        lines.append(f"  PARTIAL: {document.partial_reason} Suggestions cover only the phrases generated so far.")
    lines.extend(paths)
    return "\n".join(lines)


def accepted_line(document: Report) -> str:
    """How many findings were set aside as accepted overlaps, and which acceptances matched nothing."""
    found, stale = document.accepted.findings, document.accepted.stale
    line = f"  accepted:  {plural(len(found), 'finding')} about overlaps the graph accepts as intended"
    if stale:
        names = ", ".join(f"{s.earlier} over {s.later}" for s in stale[:3])
        line += f"; {plural(len(stale), 'stale acceptance')} ({names}): they matched nothing"
    return line


def memory_line(memory: Memory) -> str:
    """What the --db replay did, in one line."""
    if memory.first_run:
        return f"  memory:    first run, every finding is new; witnesses kept in {memory.ledger}"
    carried = f", {memory.carried} kept from memory (not drawn this run)" if memory.carried else ""
    return (
        f"  memory:    replayed {memory.replayed_witnesses} stored witnesses, "
        f"{memory.reproduced_witnesses} still reproduce{carried}"
    )
