"""The decided tier in the terminal (`fuzzroute check`) and in its JSON output."""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.decided.decisions import DECIDED_KINDS, DecidedItem, Decisions
from fuzzroute.decided.redos import evidence_words
from fuzzroute.decided.verdict import Judged, folded_pairs, item_fails_build, taking_rules
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


#: The short form of the decided tier's boundary (the full text with -v).
SHORT_BOUNDARY = (
    "decided for every message by automata, each witness re-run through the real matchers; `when` rules, "
    "intents and scorer order are not decided (-v says more)"
)


def decided_json(decisions: Decisions, judged: Judged | None = None) -> dict[str, Any]:
    """The keys `check --format json` adds: `decided`, `decided_counts`, `decided_failing` and `decided_defects`.

    Each `decided` item carries `taking_rules` (the rules that take its
    rule's messages), `fails` (whether `--fail-on decided` fails on it) and
    `accepted` (the acceptance's reason, when one keeps it from failing).
    """
    failing = {id(item) for item in judged.failing} if judged is not None else set()
    accepted = {id(item): reason for item, reason in judged.accepted} if judged is not None else {}
    items = []
    for item in decisions.items:
        data = item.to_dict()
        data["taking_rules"] = (
            [{"rule": item.other.id, "rule_index": item.other.index}] if item.other is not None
            else [{"rule": e.id, "rule_index": e.index} for e in item.containing]
        )
        data["fails"] = id(item) in failing if judged is not None else item_fails_build(item)
        data["accepted"] = accepted.get(id(item))
        items.append(data)
    return {
        "decided": items,
        "decided_counts": decisions.aggregates(),
        "decided_failing": sum(1 for data in items if data["fails"]),
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


def item_line(item: DecidedItem, accepted: str | None = None) -> str:
    """`file:line: kind [rule] 'witness' -> who takes it  (what it is)`, as the proven findings print.

    `accepted` is the reason of the acceptance that keeps the finding from failing a build.
    """
    where = item.entry.location
    takers = taking_rules(item)
    note = TITLES[item.kind] + ("" if item.shared_in is None else f", {item.shared_in}")
    if accepted is not None:
        note += f"; accepted: {accepted}"
    if item.kind == "decided-dead-under-cold-walk":
        note += f": {len(item.dead)} later rule(s) never reached"
    elif item.kind in ("undecided", "decided-case-range") and item.reason:
        note += f": {item.reason}"
    elif item.redos is not None:
        note += f", {item.redos.get('growth')}"
    return finding_line(where, item.kind, item.entry.id, item.witness, ", ".join(takers) or None, note)


def decided_text(decisions: Decisions, verbosity: int = 0, judged: Judged | None = None) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    One line per item, as the proven findings print (the explanation under
    each with `verbosity` > 0).  Problems are always listed; overlaps,
    disjoint pairs, rules that can win and undecided questions are cut at
    `LISTED_PER_KIND` each (all with `verbosity` > 0, none with `verbosity` < 0).
    With `judged`, the findings `--fail-on decided` fails on are always
    listed, accepted ones say so, and a line counts both.  The boundary is
    one short line (its full text with `verbosity` > 0).
    """
    failing = set() if judged is None else {id(item) for item in judged.failing}
    accepted = {} if judged is None else {id(item): reason for item, reason in judged.accepted}
    counts = decisions.counts()
    shown = ", ".join(f"{counts[k]} {TITLES[k]}" for k in DECIDED_KINDS if k in counts) or "no items"
    if verbosity < 0:
        line = f"Decided: {shown}"
        if judged is not None:
            line += f"; {len(judged.failing)} to act on" + (
                f", {len(judged.accepted)} accepted" if judged.accepted else "")
        return line + "."
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    # An overlap of a pair whose later rule never wins is part of that finding: listed once, as never-wins.
    behind = folded_pairs(decisions)
    for kind in DECIDED_KINDS:
        items = [
            item for item in ranked(decisions.of_kind(kind))
            if item.other is None or (item.other.index, item.entry.index) not in behind
        ]
        if verbosity <= 0 and kind not in ALWAYS_LISTED:  # what fails a build is never cut off
            items = [i for i in items if id(i) in failing] + [i for i in items if id(i) not in failing]
        limit = len(items) if kind in ALWAYS_LISTED or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        if verbosity >= 0:
            limit = max(limit, sum(1 for i in items if id(i) in failing))
        for item in items[:limit]:
            lines.append("  " + item_line(item, accepted.get(id(item))))
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
    # The time only under -v: the default text is the same on every run, so it can be compared and quoted.
    took = f" ({decisions.stats.get('elapsed_seconds', 0)} s)" if verbosity > 0 else ""
    lines.append(f"{shown}{took}.")
    if judged is not None:
        lines.append(acted_on_line(judged))
    if verbosity > 0:
        lines.append(f"  [boundary] {decisions.boundary}")
    elif verbosity == 0:
        lines.append(f"  [boundary] {SHORT_BOUNDARY}")
    if decisions.defects:
        lines.append("Tool defects (a decided witness the real matchers contradict; not findings about the rules):")
        for defect in decisions.defects:
            lines.append(f"  [defect] {defect.kind} {defect.entry.id} {defect.witness!r}: {defect.problem}")
    return "\n".join(lines)


def acted_on_line(judged: Judged) -> str:
    """How many decided findings fail `--fail-on decided`, and how many acceptances keep green."""
    line = f"{len(judged.failing)} decided finding(s) to act on (--fail-on decided fails on them)"
    if judged.accepted:
        line += f", {len(judged.accepted)} accepted as intended"
    if judged.failing:
        line += "; an intended overlap is accepted with `fuzzroute accept GRAPH EARLIER LATER --reason ...`"
    return line + "."
