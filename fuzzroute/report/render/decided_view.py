"""What the "Decided for all messages" section of the HTML needs, derived from the document alone."""

from __future__ import annotations

from typing import Any

from fuzzroute.results.document import Report
from fuzzroute.results.finding_kinds import DECIDED

#: Rows of a long table shown before the rest folds away, and rows rendered at most per kind.
SHOWN = 12
RENDERED = 100

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
    """Items grouped by kind (in the catalogue's reading order, each under its section heading), with short
    labels; empty groups are left out."""
    decision = doc.decision
    items = doc.decided
    groups = []
    for kind, row in DECIDED.items():
        shown = [
            {
                "d": item,
                "rule": _label(item.rule_index, item.rule),
                "other": _label(item.other_rule_index, item.other_rule) if item.other_rule else None,
                "finding": row.finding,
                "containing": ", ".join(_label(r.rule_index, r.rule) for r in item.containing_rules),
            }
            for item in sorted(
                (i for i in items if i.kind == kind), key=lambda i: 1 if i.shared_in == "wildcard" else 0
            )
        ]
        if shown:
            groups.append(
                {
                    "kind": kind,
                    "title": row.section,
                    "rows": shown[:SHOWN],
                    "more": shown[SHOWN:RENDERED],
                    "hidden": max(0, len(shown) - RENDERED),
                    "count": len(shown),
                    # Problems are shown open; facts of health, overlaps and limits fold away.
                    "open": row.broken,
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
