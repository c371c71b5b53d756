"""Reports of the previous schema version read as this version's: `merge` accepts shards the last release wrote.

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

PREVIOUS_VERSION = 4

#: The order in which version 5 writes a rule's figures (`RuleFigures`, array-like).
_FIGURES = (
    "index", "id", "caption", "examples", "generated", "won", "rejected", "lost_to", "accepted", "phrases", "lost",
    "share_won", "share_lost",
)


def previous_schema() -> dict[str, Any]:
    """The JSON Schema of version 4 documents, as the previous release shipped it."""
    text = resources.files("fuzzroute").joinpath("schema/report-v4.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def upgraded(document: dict[str, Any]) -> dict[str, Any]:
    """A valid version 4 document in version 5's form (a new dict; `document` is left as it is)."""
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
        "schema_version": PREVIOUS_VERSION + 1,
        "merge": merge,
        "decision": decision,
        "rules": [[figures[key] for key in _FIGURES] for figures in document["rules"]],
    }
