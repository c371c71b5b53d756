"""`--db`: a nightly run remembers the last run's witnesses and replays them first.

Exploration samples, so a finding seen last night may simply not be drawn
tonight.  Without memory it would flicker between "resolved" and "new".
With `--db DIR`, every witness stored in the ledger is replayed through the
current graph (`replay.replay_witness`) before the report is finished:

- a stored suggestion with at least one witness that still reproduces is
  kept in tonight's report even if tonight's exploration did not draw it
  (marked `"memory": "replayed"`), so it stays `still`;
- one none of whose witnesses reproduces, and that tonight's exploration did
  not find again, is `resolved`;
- anything else tonight found is `new` unless the ledger had it.

Statuses and the resolved lists come from the same machinery as
`--baseline` (`history.compare_with_baseline`), with the ledger as the
baseline.  The ledger is then rewritten with tonight's findings, carried
ones included, in the same all-or-nothing write as the report files.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.location import location_dict
from fuzzroute.report.build import paste_lines
from fuzzroute.report.history import compare_with_baseline, suggestion_fingerprint
from fuzzroute.report.replay import find_entry, replay_witness
from fuzzroute.results.suggestions import RULES_OVERLAP, SHADOWED_BY_EARLIER_RULE, SUGGESTION_KINDS


def _index_of(graph: Graph, rule_id: str | None, index: int | None) -> int | None:
    entry = find_entry(graph, rule_id, index)
    return None if entry is None else entry.index


def _example_target(graph: Graph, index: int | None) -> Entry | None:
    """The rule whose examples a carried witness can join (as `document.example_target` decides)."""
    if index is None:
        return None
    entry = graph.entries[index]
    return None if entry.is_intent or entry.is_unconditional else entry


def _carried(graph: Graph, stored: dict[str, Any], witnesses: list[dict[str, Any]]) -> dict[str, Any]:
    """A stored suggestion brought into tonight's report with its reproduced witnesses."""
    item = copy.deepcopy(stored)
    item["witnesses"] = witnesses
    item["rule_index"] = _index_of(graph, item.get("rule"), item.get("rule_index"))
    item["from_index"] = _index_of(graph, item.get("from"), item.get("from_index"))
    item["to_index"] = _index_of(graph, item.get("to"), item.get("to_index"))
    item["memory"] = "replayed"
    if "location" in item:  # the rule may have moved since the ledger was written
        index = item["rule_index"]
        item["location"] = None if index is None else location_dict(graph.entries[index].location)
    if item.get("paste_mode") in ("examples", "already_declared"):
        entry = _example_target(graph, item["rule_index"])
        best = witnesses[0]["phrase"]
        if entry is not None and best in (entry.examples or ()):
            item["paste"], item["paste_json"], item["paste_mode"] = None, None, "already_declared"
        elif entry is not None:
            item["paste"], item["paste_json"] = paste_lines(entry, best)
            item["paste_mode"] = "examples"
    return item


def _order(item: dict[str, Any]) -> tuple[int, int, int, int]:
    """The engine's order of suggestions: by kind, then rule, from and to positions."""
    kinds = list(SUGGESTION_KINDS)
    position = kinds.index(item["kind"]) if item["kind"] in kinds else len(kinds)

    def n(value: Any) -> int:
        return value if isinstance(value, int) else -1

    return (position, n(item.get("rule_index")), n(item.get("from_index")), n(item.get("to_index")))


def _once_as_shadowed(suggestions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's rule: an overlapping pair that is also shadowed is reported once, as shadowed.

    A carried shadowing can meet an overlap of the same pair that tonight's
    smaller sample found without the shadowing.
    """
    shadowed = {(s["from"], s["to"]) for s in suggestions if s["kind"] == SHADOWED_BY_EARLIER_RULE}
    return [s for s in suggestions if not (s["kind"] == RULES_OVERLAP and (s["from"], s["to"]) in shadowed)]


def _recount(document: dict[str, Any]) -> None:
    """Keep the summary's suggestion counts equal to the list, carried suggestions included."""
    by_kind: dict[str, int] = {}
    for s in document["suggestions"]:
        by_kind[s["kind"]] = by_kind.get(s["kind"], 0) + 1
    summary = document["summary"]
    summary["suggestions"] = len(document["suggestions"])
    summary["suggestions_by_kind"] = by_kind
    summary["witnesses"] = sum(len(s["witnesses"]) for s in document["suggestions"])


def apply_memory(
    document: dict[str, Any], graph: Graph, ledger: dict[str, Any] | None, *, db: str | Path, ledger_file: str | Path,
) -> dict[str, Any]:
    """Replay the ledger's witnesses, carry what still reproduces, and mark new/still/resolved."""
    stored = [] if ledger is None else ledger["suggestions"]
    found = {suggestion_fingerprint(s) for s in document["suggestions"]}
    replayed_witnesses = reproduced_witnesses = reproduced = carried = 0
    for item in stored:
        witnesses = []
        for witness in item["witnesses"]:
            replayed_witnesses += 1
            again = replay_witness(graph, item, witness)
            if again is not None:
                witnesses.append(again)
        reproduced_witnesses += len(witnesses)
        if not witnesses:
            continue
        reproduced += 1
        key = suggestion_fingerprint(item)
        if key not in found:
            found.add(key)
            document["suggestions"].append(_carried(graph, item, witnesses))
            carried += 1
    if carried:
        document["suggestions"] = _once_as_shadowed(document["suggestions"])
    document["suggestions"].sort(key=_order)
    _recount(document)
    if ledger is not None:
        baseline = {"proven": {"problems": ledger["proven"]}, "suggestions": stored, "generated_at": ledger.get(
            "generated_at"), "run": {"seed": ledger.get("seed")}}
        compare_with_baseline(document, baseline, str(ledger_file))
    else:
        for item in [*document["proven"]["problems"], *document["suggestions"]]:
            item["status"] = "new"
    document["memory"] = {
        "db": str(db),
        "ledger": str(ledger_file),
        "first_run": ledger is None,
        "previous_run_at": None if ledger is None else ledger.get("generated_at"),
        "replayed_suggestions": len(stored),
        "replayed_witnesses": replayed_witnesses,
        "reproduced_witnesses": reproduced_witnesses,
        "reproduced_suggestions": reproduced,
        "carried": carried,
    }
    return document
