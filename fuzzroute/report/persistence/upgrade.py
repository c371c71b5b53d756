"""Reports of earlier schema versions read as this version's: `merge` accepts shards the last releases wrote.

Version 6 adds, to near-miss suggestions, the kind of change people type
(`variant`, read from an earlier near miss's `mutation` label: "plural: bag
-> bags" is an inflection) and the rule's fix (absent in earlier documents),
and counts the phrases the naturalness gate withheld (0 in earlier ones).
A version 5 document is checked against the version 5 schema
(`fuzzroute/schema/report-v5.schema.json`) and read as version 6.

Version 5 writes what version 4 wrote as records as arrays of rule
positions (`merge.withheld`, `decision.superseded`, `decision.pairs`,
`rules`), and drops `merge.superseded` (a merge needs only the keys
`decision.superseded` holds).  A version 4 document is checked against the
version 4 schema, kept as `fuzzroute/schema/report-v4.schema.json`, then
rewritten in this version's form; everything else in it is the same.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

PREVIOUS_VERSION = 5
#: The versions `upgraded` reads (each checked by its own schema first).
EARLIER_VERSIONS = (4, 5)

#: The order in which version 5 writes a rule's figures (`RuleFigures`, array-like).
_FIGURES = (
    "index", "id", "caption", "examples", "generated", "won", "rejected", "lost_to", "accepted", "phrases", "lost",
    "share_won", "share_lost",
)


def previous_schema(version: int = PREVIOUS_VERSION) -> dict[str, Any]:
    """The JSON Schema of documents of an earlier `version` (4 or 5), as the release that wrote them shipped it."""
    text = resources.files("fuzzroute").joinpath(f"schema/report-v{version}.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def upgraded(document: dict[str, Any]) -> dict[str, Any]:
    """A valid version 4 or 5 document in this version's form (a new dict; `document` is left as it is)."""
    if document.get("schema_version") == 4:
        document = _five_from_four(document)
    return _six_from_five(document)


def _six_from_five(document: dict[str, Any]) -> dict[str, Any]:
    """Version 5 in version 6's form: each near miss's kind read from its edit label (see the module docstring)."""
    from fuzzroute.results.suggestions import NEAR_MISS_CLAIMED_ELSEWHERE, NEAR_MISS_UNCLAIMED, legacy_variant

    def suggestion(item: dict[str, Any]) -> dict[str, Any]:
        near = item.get("kind") in (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE)
        return {**item, "variant": legacy_variant(item.get("mutation")) if near else None, "fix": None}

    def row(item: dict[str, Any]) -> dict[str, Any]:
        members = [{**m, "fix": None} for m in item.get("members", [])]
        return {**item, "members": members, "variant": None, "fix": None}

    return {
        **document, "schema_version": 6, "suggestions": [suggestion(s) for s in document["suggestions"]],
        "overview": [row(r) for r in document.get("overview", [])],
        "run": {**document["run"], "unnatural_withheld": 0},
    }


def _five_from_four(document: dict[str, Any]) -> dict[str, Any]:
    """A valid version 4 document in version 5's form."""
    positions = {rule["id"]: rule["index"] for rule in document["graph"]["rules"]}

    def at(name: str | None) -> int | None:
        return None if name is None else positions[name]

    merge = {key: value for key, value in document["merge"].items() if key != "superseded"}
    merge["withheld"] = [
        [s["kind"], s["rule_index"], s["from_index"], s["to_index"], s["count"]] for s in merge["withheld"]
    ]
    decision = dict(document["decision"])
    decision["superseded"] = [
        [x["kind"], at(x["rule"]), at(x.get("from")), at(x.get("to")), x.get("count", 0), x.get("decided", ""),
         x.get("decided_kind", "")]
        for x in decision["superseded"]
    ]
    decision["pairs"] = [[p["from_index"], p["to_index"], p["relation"]] for p in decision.get("pairs", [])]
    return {
        **document,
        "schema_version": 5,
        "merge": merge,
        "decision": decision,
        "rules": [[figures[key] for key in _FIGURES] for figures in document["rules"]],
    }
