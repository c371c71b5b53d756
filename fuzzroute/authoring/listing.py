"""The readable list `fuzzroute suggest` prints: per rule, each phrase, why, and what check will say."""

from __future__ import annotations

from fuzzroute.authoring.choose import WIDENING, Pick
from fuzzroute.authoring.suggest import Suggested
from fuzzroute.engine.text import shortened
from fuzzroute.results.suggestions import GENERATED_BOUNDARY

#: How each pick is stated: a real defect (check reports an error for it) or a widening example (it passes); a
#: near miss is a gap, named by its kind (`gap_title`).
REASON_TITLES = {
    "generated-shadowed-by-earlier": "real defect, shared text",
    "generated-laws-disagree": "real defect, a default starts first",
    "rule-never-wins": "real defect, never wins",
    WIDENING: "widens coverage",
}


def title(pick: Pick) -> str:
    """A pick's reason in words: a gap only for a listed near miss, with its kind ("gap, contraction: ...")."""
    if pick.variant is not None:
        return f"real gap, {pick.variant}"
    return REASON_TITLES.get(pick.reason, pick.reason)


def render_text(suggested: Suggested) -> str:
    """One block per rule; rules with nothing worth adding are listed at the end."""
    graph = suggested.loaded.graph
    run = suggested.exploration
    lines = [
        f"fuzzroute suggest: graph {shortened(graph.name)!r} ({suggested.loaded.path}), "
        f"{suggested.count} example(s) to add, {suggested.held_back} gap(s) and defect(s) listed, from "
        f"{run.phrases_generated} generated phrases "
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
            held = "" if suggested.added(pick) else "  (not added: check would fail on it until the rule is fixed)"
            lines.append(f"  {number}. {pick.phrase!r}{held}")
            lines.append(f"     why: {title(pick)} ({pick.reason}): {pick.why}")
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
    if suggested.held_back:
        lines.append("")
        lines.append(
            f"{suggested.held_back} gap(s) and defect(s) above are listed, not added: declared, each makes `fuzzroute "
            "check` fail until its rule is fixed. Fix the rule, or add them with --with-gaps to keep the checkup "
            "failing until it is."
        )
    return "\n".join(lines)
