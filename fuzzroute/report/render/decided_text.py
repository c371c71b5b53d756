"""The decided tier in the terminal (`fuzzroute check --decide`) and in its JSON output."""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.decided.model import DECIDED_KINDS, DecidedItem, Decisions
from fuzzroute.decided.redos import evidence_words
from fuzzroute.report.render.lines import finding_line

TITLES = {
    "decided-never-matches": "never matches",
    "decided-never-wins": "never wins",
    "decided-dead-under-cold-walk": "dead under the cold walk",
    "decided-redos": "ReDoS risk",
    "decided-case-range": "likely range mistake",
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
    return sorted(items, key=lambda item: 1 if item.shared_in == "wildcard" else 0)


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
ALWAYS_LISTED = frozenset(
    {"decided-never-matches", "decided-never-wins", "decided-dead-under-cold-walk", "decided-redos",
     "decided-case-range"}
)


def item_line(item: DecidedItem) -> str:
    """`file:line: kind [rule] 'witness' -> who takes it  (what it is)`, as the proven findings print."""
    where = item.entry.location
    takers = [item.other.id] if item.other is not None else [e.id for e in item.containing]
    note = TITLES[item.kind] + ("" if item.shared_in is None else f", {item.shared_in}")
    if item.kind == "decided-dead-under-cold-walk":
        note += f": {len(item.dead)} later rule(s) never reached"
    elif item.kind in ("undecided", "decided-case-range") and item.reason:
        note += f": {item.reason}"
    elif item.redos is not None:
        note += f", {item.redos.get('growth')}"
    return finding_line(where, item.kind, item.entry.id, item.witness, ", ".join(takers) or None, note)


def decided_text(decisions: Decisions, verbosity: int = 0) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    One line per item, as the proven findings print (the explanation under
    each with `verbosity` > 0).  Problems are always listed; overlaps,
    disjoint pairs, rules that can win and undecided questions are cut at
    `LISTED_PER_KIND` each (all with `verbosity` > 0, none with `verbosity` < 0).
    """
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    # An overlap of a pair whose later rule never wins is part of that finding: listed once, as never-wins.
    behind = {
        (taker.index, item.entry.index) for item in decisions.of_kind("decided-never-wins") for taker in item.containing
    }
    for kind in DECIDED_KINDS:
        items = [
            item for item in ranked(decisions.of_kind(kind))
            if item.other is None or (item.other.index, item.entry.index) not in behind
        ]
        limit = len(items) if kind in ALWAYS_LISTED or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        for item in items[:limit]:
            lines.append("  " + item_line(item))
            if verbosity > 0:
                lines.append(f"      {item.message}")
            if item.redos is not None and verbosity > 0:
                lines.append(f"      re took (timing): {evidence_words(item.redos['evidence'])}")
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
