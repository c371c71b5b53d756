"""The decided tier in the report document, and what it takes over from the generated half.

`attach_decisions` adds the `decided` array, the `decision` block (figures,
boundary, tool defects, superseded suggestions, the pairs counted rather
than listed) and the summary counts.  A sampled suggestion that a decision
answers for every message (a `rule-never-wins` of a rule decided dead, a
`rules-overlap` of a pair decided to share text or to co-occur) is taken out
of `suggestions` and listed under `decision.superseded` with a pointer to
the decided item (or to the co-occurrence count): the generated half stops
repeating, as a sample, what is now decided.  A sampled overlap of a pair
decided disjoint would contradict the decision: it is kept as a suggestion
and reported as a tool defect.  How each sampled pair was decided is kept in
`decision.pairs` (only the pairs sampled: sparse), so a shard merge can
apply the same rule.
"""

from __future__ import annotations

from typing import Any

NOT_RUN_REASON = "The decided tier did not run for this report."

NEVER_WINS_KINDS = ("decided-never-wins", "decided-never-matches")
#: Where a superseded co-occurring pair points: the co-occurrence count (`decision.counts`; an anchor of the page).
CO_OCCURRENCE_POINTER = "decided-co-occurrence"


def empty_decision(reason: str = NOT_RUN_REASON) -> dict[str, Any]:
    return {
        "ran": False, "reason": reason, "stats": {}, "defects": [], "superseded": [], "counts": None, "pairs": [],
        "not_reached": [],
    }


def sampled_pairs(document: dict[str, Any], decisions: Any) -> list[dict[str, Any]]:
    """How the decided tier decided each pair a `rules-overlap` suggestion (listed or withheld) samples."""
    seen: dict[tuple[int, int], None] = {}
    for suggestion in [*document["suggestions"], *document.get("merge", {}).get("withheld", [])]:
        if suggestion["kind"] == "rules-overlap" and suggestion["from_index"] is not None:
            seen.setdefault((suggestion["from_index"], suggestion["to_index"]), None)
    return [
        {"from_index": a, "to_index": b, "relation": decisions.relation(a, b)}
        for a, b in sorted(seen)
        if decisions.relation(a, b) is not None
    ]


def attach_decisions(document: dict[str, Any], decisions: Any | None) -> dict[str, Any]:
    """Add the decided tier to `document` (in place; also returned).  `decisions` is a `Decisions` or None."""
    from fuzzroute.decided import BOUNDARY

    document["boundary"]["decided"] = BOUNDARY
    document["run"]["decide_seconds"] = None
    if decisions is None:
        document["decided"] = []
        document["decision"] = empty_decision()
        count_decided(document)
        return document
    items = decisions.to_dicts()
    for number, item in enumerate(items):
        item["id"] = f"decided-{number + 1}"
    document["decided"] = items
    stats = dict(decisions.stats)
    # The time goes with the run's other timings: the rest of the document is deterministic.
    document["run"]["decide_seconds"] = stats.pop("elapsed_seconds", None)
    document["decision"] = {
        "ran": True,
        "reason": None,
        "stats": stats,
        "defects": [d.to_dict() for d in decisions.defects],
        "superseded": [],
        "counts": decisions.aggregates(),
        "pairs": sampled_pairs(document, decisions),
        "not_reached": [{"rule": e.id, "rule_index": e.index} for e in decisions.not_reached],
    }
    supersede_suggestions(document)
    count_decided(document)
    return document


def reapply_decisions(document: dict[str, Any], decisions: Any | None = None) -> None:
    """Supersede again after suggestions were added (a `--db` replay carries stored ones back in)."""
    if document.get("decision", {}).get("ran"):
        if decisions is not None:
            document["decision"]["pairs"] = sampled_pairs(document, decisions)
        supersede_suggestions(document)
        count_decided(document)


def supersede_suggestions(document: dict[str, Any]) -> None:
    """Move each sampled suggestion a decision answers to `decision.superseded` (also run by a shard merge)."""
    items = document["decided"]
    dead: dict[int, dict[str, Any]] = {}
    for item in items:
        if item["kind"] in NEVER_WINS_KINDS:
            dead.setdefault(item["rule_index"], item)
    if document["graph"]["law"] == "cold_walk":
        for item in items:
            if item["kind"] == "decided-dead-under-cold-walk":
                for ref in item["dead_rules"]:
                    dead.setdefault(ref["rule_index"], item)
    pairs = {
        (item["other_rule_index"], item["rule_index"]): item for item in items if item["kind"] == "decided-overlap"
    }
    relations = {(p["from_index"], p["to_index"]): p["relation"] for p in document["decision"].get("pairs", [])}
    kept: list[dict[str, Any]] = []
    superseded = document["decision"]["superseded"]
    for suggestion in document["suggestions"]:
        found = None
        if suggestion["kind"] == "rule-never-wins":
            found = dead.get(suggestion["rule_index"])
        elif suggestion["kind"] == "rules-overlap":
            key = (suggestion["from_index"], suggestion["to_index"])
            relation = relations.get(key)
            found = pairs.get(key)
            if found is None and relation == "co-occurrence":
                found = {"id": CO_OCCURRENCE_POINTER, "kind": "decided-overlap"}
            if relation == "disjoint":
                _add_defect(
                    document,
                    {
                        "kind": "decided-disjoint",
                        "rule": suggestion["to"],
                        "rule_index": suggestion["to_index"],
                        "other_rule": suggestion["from"],
                        "witness": suggestion["witnesses"][0]["phrase"] if suggestion["witnesses"] else None,
                        "problem": "a generated phrase matches both rules of a pair decided disjoint",
                    },
                )
        if found is None:
            kept.append(suggestion)
            continue
        superseded.append(
            {
                "kind": suggestion["kind"],
                "rule": suggestion["rule"],
                "from": suggestion["from"],
                "to": suggestion["to"],
                "count": suggestion["count"],
                "decided": found["id"],
                "decided_kind": found["kind"],
            }
        )
    document["suggestions"] = kept


def _add_defect(document: dict[str, Any], defect: dict[str, Any]) -> None:
    defects = document["decision"]["defects"]
    if defect not in defects:
        defects.append(defect)


def count_decided(document: dict[str, Any]) -> None:
    """Recount the summary's decided and suggestion figures after the tier moved suggestions."""
    summary = document["summary"]
    by_kind: dict[str, int] = {}
    for item in document["decided"]:
        by_kind[item["kind"]] = by_kind.get(item["kind"], 0) + 1
    summary["decided"] = len(document["decided"])
    summary["decided_by_kind"] = by_kind
    summary["decided_defects"] = len(document["decision"]["defects"])
    suggestions = document["suggestions"]
    kinds: dict[str, int] = {}
    for s in suggestions:
        kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    summary["suggestions"] = len(suggestions)
    summary["suggestions_by_kind"] = kinds
    summary["witnesses"] = sum(len(s["witnesses"]) for s in suggestions)


def decided_summary_lines(document: dict[str, Any]) -> list[str]:
    """The terminal summary's line for the decided tier (empty when it did not run)."""
    decision = document.get("decision")
    if not decision or not decision.get("ran"):
        return []
    by_kind = document["summary"].get("decided_by_kind", {})
    shown = ", ".join(f"{count} {kind.removeprefix('decided-')}" for kind, count in sorted(by_kind.items()))
    co = (decision.get("counts") or {}).get("co_occurrence") or {}
    glued = f"; {co['count']} co-occurring pairs counted, not findings" if co.get("count") else ""
    lines = [f"  decided:   {shown or 'nothing'}{glued} - for all messages, by automata"]
    if decision["defects"]:
        lines.append(f"    {len(decision['defects'])} tool defect(s): a decided witness disagreed with the matchers")
    return lines

