"""A diff as SARIF 2.1.0, every result located on the new version's rules (code scanning of a pull request).

* `route-moved` (note): a decided move, on the rule that starts the
  messages now (the old rule's match when they now start no rule, else the
  graph file);
* `proven-new-error` (error): a declared row with an error the old version
  did not have; `proven-verdict-changed` (note): any other row change;
* `route-moved-sampled` (note): a move seen only in generated phrases; its
  message starts by saying it is a sample.

Undecided pairs are not results (they are facts about what the automata
could not show).  Fingerprints hash identity only (law, rule ids, the row),
so a move found again in the next push is the same alert.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from fuzzroute.diff.graph_diff import BOUNDARY, GraphDiff, Move, ProvenChange, RuleRef, ref_name
from fuzzroute.diff.render_text import PROVEN_WORDS
from fuzzroute.diff.winners import LAW_NAMES
from fuzzroute.report.assembly.tool_versions import tool_versions
from fuzzroute.report.render.sarif import (
    FINGERPRINT_KEY,
    GENERATED_PREFIX,
    SARIF_SCHEMA_URI,
    SARIF_VERSION,
    artifact_uri,
    fingerprint,
)
from fuzzroute.results.jsonform import inert_json

RULES: dict[str, tuple[str, str, str]] = {
    "route-moved": (
        "note",
        "Messages change the rule that starts the turn",
        "For some messages (decided with automata, for every message) the old version started one rule and the "
        "new version starts another. Check that the move is intended; declare the witness as an example of the "
        "rule that should own it so the checkup proves it from now on.",
    ),
    "proven-new-error": (
        "error",
        "A declared example or never-route row fails now",
        "The proven checkup of the new version reports an error for this declared phrase that the old version "
        "did not have.",
    ),
    "proven-verdict-changed": (
        "note",
        "A declared row's verdict or claimant changed",
        "The proven checkup judges this declared phrase differently in the new version.",
    ),
    "route-moved-sampled": (
        "note",
        "Generated phrases change their rule (sample, not proof)",
        "A generated phrase changes the rule that starts the turn between the versions, for a pair the automata "
        "could not decide.",
    ),
}


def diff_sarif_log(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The SARIF log (one run) of `diff`; URIs relative to `base` (the working directory by default)."""
    root = Path(base) if base is not None else Path.cwd()
    results: list[dict[str, Any]] = []
    for change in diff.proven:
        results.append(_proven(diff, change, root))
    for move in diff.moves:
        results.append(_move(diff, move, root, "route-moved"))
    for move in diff.sampled:
        results.append(_move(diff, move, root, "route-moved-sampled"))
    ids = list(RULES)
    for result in results:
        result["ruleIndex"] = ids.index(result["ruleId"])
    run = {
        "tool": {
            "driver": {
                "name": "fuzzroute",
                "version": tool_versions().get("fuzzroute", "unknown"),
                "shortDescription": {"text": "Messages whose start rule changes between two versions of a graph."},
                "fullDescription": {"text": BOUNDARY},
                "rules": [_descriptor(rule_id) for rule_id in ids],
            }
        },
        "automationDetails": {"id": f"fuzzroute-diff/{diff.head.name}/"},
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {"base": diff.base.spec, "head": diff.head.spec, "summary": diff.summary()},
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


def diff_sarif_text(diff: GraphDiff, **options: Any) -> str:
    return inert_json(json.dumps(diff_sarif_log(diff, **options), ensure_ascii=False, indent=2)) + "\n"


def _descriptor(rule_id: str) -> dict[str, Any]:
    level, title, meaning = RULES[rule_id]
    tier = "suggested" if rule_id.endswith("sampled") else ("proven" if rule_id.startswith("proven") else "decided")
    return {
        "id": rule_id,
        "shortDescription": {"text": title},
        "fullDescription": {"text": meaning},
        "defaultConfiguration": {"level": level},
        "properties": {"tier": tier, "tags": ["routing", "diff", tier]},
    }


def _location(diff: GraphDiff, where: dict[str, Any] | None, rule: RuleRef | None, root: Path) -> dict[str, Any]:
    found = where if where and where.get("file") else None
    if found is None and rule is not None and rule.location:
        found = rule.location
    file = str(found["file"]) if found else diff.head.path
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(file, root)}}
    line = found.get("line") if found else None
    if isinstance(line, int) and line >= 1:
        physical["region"] = {"startLine": line}
    location: dict[str, Any] = {"physicalLocation": physical}
    if rule is not None:
        location["logicalLocations"] = [{"name": rule.id, "kind": "member"}]
    return location


def _head_rule(diff: GraphDiff, move: Move) -> RuleRef | None:
    """The rule of the new version a move is about: the new claimant, else the old rule's match."""
    if move.new is not None:
        return move.new
    if move.old is not None:
        return diff.head_match.get(move.old.index)
    return None


def _move(diff: GraphDiff, move: Move, root: Path, rule_id: str) -> dict[str, Any]:
    law = LAW_NAMES[move.law]
    text = (
        f"Under the {law}, messages that started {ref_name(move.old)} in {diff.base.spec} start "
        f"{ref_name(move.new)} in {diff.head.spec}, for example {move.witness!r}"
    )
    if move.tier == "decided":
        text += f" ({move.extent}: " + (
            "every message of the old rule moves)." if move.extent == "total" else "some of its messages move)."
        )
    else:
        text = GENERATED_PREFIX + text + f" ({move.count} generated phrase(s))."
    identity = ("diff", rule_id, move.law, _ident(move.old), _ident(move.new))
    properties = {
        "tier": move.tier, "law": move.law, "from": _ident(move.old), "to": _ident(move.new),
        "witness": move.witness,
    }
    if move.tier == "decided":
        properties["extent"] = move.extent
    return _result(rule_id, text, _location(diff, None, _head_rule(diff, move), root), identity, properties)


def _proven(diff: GraphDiff, change: ProvenChange, root: Path) -> dict[str, Any]:
    rule_id = "proven-new-error" if change.new_errors else "proven-verdict-changed"
    words = ", ".join(PROVEN_WORDS.get(c, c) for c in change.changes)
    messages = " ".join(str(p.get("message", "")) for p in change.new_errors)
    text = f"Declared row {change.label}: {words}." + (f" {messages}" if messages else "")
    identity = ("diff", rule_id, change.kind, change.label)
    properties = {"tier": "proven", "row": change.label, "changes": list(change.changes)}
    where = change.location if change.head is not None else None
    return _result(rule_id, text, _location(diff, where, None, root), identity, properties)


def _ident(ref: RuleRef | None) -> str | None:
    return None if ref is None else ref.id


def _result(
    rule_id: str, text: str, location: dict[str, Any], identity: tuple[Any, ...], properties: dict[str, Any]
) -> dict[str, Any]:
    return {
        "ruleId": rule_id,
        "level": RULES[rule_id][0],
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(*identity)},
        "properties": properties,
    }
