"""The decided tier in the terminal (`fuzzroute check --decide`) and in its JSON output."""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.decided.model import DECIDED_KINDS, Decisions

TITLES = {
    "decided-never-matches": "never matches",
    "decided-never-wins": "never wins",
    "decided-dead-under-cold-walk": "dead under the cold walk",
    "decided-overlap": "shared text",
    "decided-disjoint": "disjoint",
    "decided-can-win": "can win",
    "undecided": "undecided",
}


def decided_json(decisions: Decisions) -> dict[str, Any]:
    """The keys `check --decide --format json` adds: `decided`, `decided_counts` and `decided_defects`."""
    return {
        "decided": decisions.to_dicts(),
        "decided_counts": decisions.aggregates(),
        "decided_defects": [d.to_dict() for d in decisions.defects],
    }


def ranked(items: list[Any]) -> list[Any]:
    """Shared text in fixed words before shared text only wildcards absorb (a stable sort)."""
    return sorted(items, key=lambda item: 1 if item.strength == "wildcard" else 0)


def counted_lines(decisions: Decisions) -> list[str]:
    """The pairs counted rather than listed, one line each (co-occurrence first: the line an author skims)."""
    lines = []
    co = decisions.co_occurrence
    if co.count:
        shown = "; ".join(
            f"{a.id} + {b.id}" + ("" if w is None else f" {json.dumps(w, ensure_ascii=False)}")
            for a, b, w in co.examples[:3]
        )
        lines.append(
            f"  [co-occurrence] {co.count} pairs meet only when their texts are glued together (expected "
            f"first-match behaviour, not a finding), e.g. {shown}"
        )
    if decisions.shared_unlisted.count:
        more = decisions.shared_unlisted.count
        lines.append(f"  [shared text] {more} more pairs share text (counted, not listed)")
    if decisions.undecided_unlisted.count:
        lines.append(f"  [undecided] {decisions.undecided_unlisted.count} more undecided pairs (counted, not listed)")
    if decisions.disjoint.count:
        lines.append(f"  [disjoint] {decisions.disjoint.count} pairs never match the same message")
    lines.append(f"  [can win] {decisions.can_win} rules can start a turn (a message no earlier data rule matches)")
    return lines


#: Items listed per kind in the terminal unless -v asks for all (the JSON output always has all).
LISTED_PER_KIND = 8
#: Kinds listed in full at every verbosity: each is a problem worth reading.
ALWAYS_LISTED = frozenset({"decided-never-matches", "decided-never-wins", "decided-dead-under-cold-walk"})


def decided_text(decisions: Decisions, verbosity: int = 0) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    Problems are always listed; overlaps, disjoint pairs, rules that can win
    and undecided questions are cut at `LISTED_PER_KIND` each (all with
    `verbosity` > 0, none with `verbosity` < 0).
    """
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    for kind in DECIDED_KINDS:
        items = ranked(decisions.of_kind(kind))
        limit = len(items) if kind in ALWAYS_LISTED or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        for item in items[:limit]:
            witness = "" if item.witness is None else f" [witness {json.dumps(item.witness, ensure_ascii=False)}]"
            strength = "" if item.strength is None else f", {item.strength}"
            lines.append(f"  [{TITLES[kind]}{strength}] {item.message}{witness}")
        if len(items) > limit:
            lines.append(f"  ... and {len(items) - limit} more {TITLES[kind]} (-v lists them, --format json has all)")
    if decisions.stats.get("data_rules", 0) == 0:
        lines.append("  nothing to decide: the graph has no data rules.")
    else:
        lines.extend(counted_lines(decisions))
    counts = decisions.counts()
    shown = ", ".join(f"{counts[k]} {TITLES[k]}" for k in DECIDED_KINDS if k in counts) or "no items"
    lines.append(f"{shown} ({decisions.stats.get('elapsed_seconds', 0)} s).")
    if verbosity >= 0:
        lines.append(f"  [boundary] {decisions.boundary}")
    if decisions.defects:
        lines.append("Tool defects (a decided witness the real matchers contradict; not findings about the rules):")
        for defect in decisions.defects:
            lines.append(f"  [defect] {defect.kind} {defect.entry.id} {defect.witness!r}: {defect.problem}")
    return "\n".join(lines)
