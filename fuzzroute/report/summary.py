"""The short terminal summary printed after a report is written.

It repeats the two halves' counts from the document, keeping the same split
as the page: proven first, then the generated half labelled as samples.
"""

from __future__ import annotations

from typing import Any

from .decided import decided_summary_lines
from .explain import explain_problem

MAX_LISTED = 5


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_text(document: dict[str, Any], *, html_path: str | None = None, json_path: str | None = None) -> str:
    """A few plain lines (no colour codes) for the terminal."""
    graph = document["graph"]
    summary = document["summary"]
    run = document["run"]
    lines = [
        f"fuzzroute report: {graph['name']} ({graph['mount']} mount, {_plural(graph['rule_count'], 'rule')})",
        f"  proven:    {_plural(summary['proven_errors'], 'error')}, {_plural(summary['proven_warnings'], 'warning')}"
        f" (from {_plural(graph['declared_examples'], 'declared example')} and "
        f"{_plural(len(graph['never_routes']), 'never-route row')})",
    ]
    errors = [p for p in document["proven"]["problems"] if p["kind"] == "error"]
    for problem in errors[:MAX_LISTED]:
        where = f" [{problem['skill']}]" if problem["skill"] else ""
        phrase = f" {problem['example']!r}" if problem["example"] is not None else ""
        lines.append(f"    error {problem['code']}{where}{phrase}: {explain_problem(problem['code']).title}")
    if len(errors) > MAX_LISTED:
        lines.append(f"    ... and {len(errors) - MAX_LISTED} more errors in the report")
    lines.append(
        f"  generated: {_plural(summary['suggestions'], 'suggestion')} from "
        f"{_plural(run['phrases_generated'], 'phrase')} (seed {run['seed']}, budget {run['budget']})"
        " - samples, not proof"
    )
    for kind, count in sorted(summary["suggestions_by_kind"].items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"    {count} x {kind}")
    lines.extend(decided_summary_lines(document))
    history = document.get("history")
    if history is not None:
        proven, generated = history["proven"], history["suggestions"]
        lines.append(
            f"  since {history['baseline']}: proven {proven['new']} new, {len(proven['resolved'])} resolved; "
            f"suggestions {generated['new']} new, {len(generated['resolved'])} resolved"
        )
    if document["partial"]:
        lines.append(f"  PARTIAL: {document['partial_reason']} Suggestions cover only the phrases generated so far.")
    if html_path is not None:
        lines.append(f"  html: {html_path}")
    if json_path is not None:
        lines.append(f"  json: {json_path}")
    return "\n".join(lines)
