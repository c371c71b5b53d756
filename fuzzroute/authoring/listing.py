"""The readable list `fuzzroute suggest` prints: per rule, each phrase, why, and what check will say."""

from __future__ import annotations

from fuzzroute.authoring.choose import WIDENING
from fuzzroute.authoring.suggest import Suggested
from fuzzroute.engine.text import shortened
from fuzzroute.results.suggestions import GENERATED_BOUNDARY

#: How each pick is stated: a real defect or gap (check reports an error for it) or a widening example (it passes).
REASON_TITLES = {
    "generated-shadowed-by-earlier": "real defect, shared text",
    "generated-laws-disagree": "real defect, a default starts first",
    "rule-never-wins": "real defect, never wins",
    "near-miss-unclaimed": "real gap, an inflection the rule misses",
    "near-miss-claimed-elsewhere": "real gap, an inflection the rule misses",
    WIDENING: "widens coverage",
}


def render_text(suggested: Suggested) -> str:
    """One block per rule; rules with nothing worth adding are listed at the end."""
    graph = suggested.loaded.graph
    run = suggested.exploration
    lines = [
        f"fuzzroute suggest: graph {shortened(graph.name)!r} ({suggested.loaded.path}), "
        f"{suggested.count} example(s) worth adding, from {run.phrases_generated} generated phrases "
        f"(seed {run.seed}).",
        f"Suggested, not proven: {GENERATED_BOUNDARY} Once declared, `fuzzroute check` proves what each "
        "line's \"check will\" says.",
    ]
    empty = []
    for index, picks in suggested.picks.items():
        entry = graph.entries[index]
        if not picks:
            empty.append(entry.id)
            continue
        at = f"  ({entry.location})" if entry.location is not None else ""
        lines.append("")
        lines.append(f"{entry.id}{at}")
        for number, pick in enumerate(picks, 1):
            lines.append(f"  {number}. {pick.phrase!r}")
            lines.append(f"     why: {REASON_TITLES.get(pick.reason, pick.reason)} ({pick.reason}): {pick.why}")
            lines.append(f"     then: {pick.verdict.describe()}")
    if empty:
        lines.append("")
        lines.append("Nothing worth adding found for: " + ", ".join(empty) + " (in these samples only).")
    if suggested.count:
        lines.append("")
        lines.append(
            "Add them: `fuzzroute suggest GRAPH --diff > add.patch && patch -p1 < add.patch`, "
            "or `--write` to edit the file in place."
        )
    return "\n".join(lines)
