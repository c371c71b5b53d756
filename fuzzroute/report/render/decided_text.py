"""The decided tier in the terminal (`fuzzroute check --decide`) and in its JSON output."""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.decided.model import DECIDED_KINDS, Decisions
from fuzzroute.decided.redos import evidence_words

TITLES = {
    "decided-never-matches": "never matches",
    "decided-never-wins": "never wins",
    "decided-dead-under-cold-walk": "dead under the cold walk",
    "decided-redos": "ReDoS risk",
    "decided-overlap": "overlap",
    "decided-disjoint": "disjoint",
    "decided-can-win": "can win",
    "undecided": "undecided",
}


def decided_json(decisions: Decisions) -> dict[str, Any]:
    """The keys `check --decide --format json` adds: `decided` and `decided_defects`."""
    return {"decided": decisions.to_dicts(), "decided_defects": [d.to_dict() for d in decisions.defects]}


#: Items listed per kind in the terminal unless -v asks for all (the JSON output always has all).
LISTED_PER_KIND = 8
#: Kinds listed in full at every verbosity: each is a problem worth reading.
ALWAYS_LISTED = frozenset(
    {"decided-never-matches", "decided-never-wins", "decided-dead-under-cold-walk", "decided-redos"}
)


def decided_text(decisions: Decisions, verbosity: int = 0) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    Problems are always listed; overlaps, disjoint pairs, rules that can win
    and undecided questions are cut at `LISTED_PER_KIND` each (all with
    `verbosity` > 0, none with `verbosity` < 0).
    """
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    for kind in DECIDED_KINDS:
        items = decisions.of_kind(kind)
        limit = len(items) if kind in ALWAYS_LISTED or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        for item in items[:limit]:
            witness = "" if item.witness is None else f" [witness {json.dumps(item.witness, ensure_ascii=False)}]"
            lines.append(f"  [{TITLES[kind]}] {item.message}{witness}")
            if item.redos is not None:
                lines.append(f"      re took (timing): {evidence_words(item.redos['evidence'])}")
        if len(items) > limit:
            lines.append(f"  ... and {len(items) - limit} more {TITLES[kind]} (-v lists them, --format json has all)")
    if not decisions.items:
        lines.append("  nothing to decide: the graph has no data rules.")
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
