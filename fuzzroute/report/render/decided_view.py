"""What the "Decided for all messages" section of the HTML needs, derived from the document alone."""

from __future__ import annotations

from typing import Any

from fuzzroute.report.render.overview_cards import DECIDED_NOT_FINDINGS
from fuzzroute.results.document import Report

#: Rows of a long table shown before the rest folds away, and rows rendered at most per kind.
SHOWN = 12
RENDERED = 100

SECTIONS = (
    ("decided-never-matches", "Rules that match no message at all"),
    ("decided-never-wins", "Rules that never start a turn: earlier data rules take every message they match"),
    ("decided-dead-under-cold-walk", "Rules a default hides under the cold walk"),
    ("decided-redos", "Regexes Python's re can backtrack on without bound (ReDoS): one message stalls routing"),
    ("decided-case-range", "Regex ranges from a capital to a small letter (`[M-m]`): almost surely meant as letters"),
    ("decided-overlap", "Shared text: an earlier rule matches inside a later rule's own text (fixed words first)"),
    ("decided-disjoint", "Pairs of rules that never match the same message"),
    ("decided-can-win", "Rules that can start a turn: a message no earlier data rule matches"),
    ("undecided", "Undecided: outside the exact subset, or over a limit"),
)


OPEN_KINDS = frozenset(
    {"decided-never-matches", "decided-never-wins", "decided-dead-under-cold-walk", "decided-redos",
     "decided-case-range"}
)


def _label(index: int | None, name: str | None) -> str:
    if index is None:
        return name or ""
    return f"#{index + 1} {name}"


def _superseded(doc: Report) -> list[dict[str, str | None]]:
    """The sampled suggestions a decision answers, with their rules named (the document keeps positions)."""
    rules = doc.graph.rules

    def name(index: int | None) -> str | None:
        return None if index is None else rules[index].id

    return [
        {"kind": x.kind, "rule": name(x.rule_index), "from_": name(x.from_index), "to": name(x.to_index),
         "decided": x.decided, "decided_kind": x.decided_kind}
        for x in doc.decision.superseded
    ]


def decided_view(doc: Report) -> dict[str, Any]:
    """Items grouped by kind (in reading order), with short labels; empty groups are left out."""
    decision = doc.decision
    items = doc.decided
    groups = []
    for kind, title in SECTIONS:
        rows = [
            {
                "d": item,
                "rule": _label(item.rule_index, item.rule),
                "other": _label(item.other_rule_index, item.other_rule) if item.other_rule else None,
                "finding": item.kind not in DECIDED_NOT_FINDINGS,
                "containing": ", ".join(_label(r.rule_index, r.rule) for r in item.containing_rules),
            }
            for item in sorted(
                (i for i in items if i.kind == kind), key=lambda i: 1 if i.shared_in == "wildcard" else 0
            )
        ]
        if rows:
            groups.append(
                {
                    "kind": kind,
                    "title": title,
                    "rows": rows[:SHOWN],
                    "more": rows[SHOWN:RENDERED],
                    "hidden": max(0, len(rows) - RENDERED),
                    "count": len(rows),
                    # Problems are shown open; facts of health, overlaps and limits fold away.
                    "open": kind in OPEN_KINDS,
                }
            )
    return {
        "ran": decision.ran,
        "reason": decision.reason,
        "groups": groups,
        "defects": decision.defects,
        "superseded": _superseded(doc),
        "stats": decision.stats,
        "count": len(items),
        "counts": decision.counts,
        "not_reached": decision.not_reached,
    }
