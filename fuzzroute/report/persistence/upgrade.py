"""Reports of earlier schema versions read as this version's: `merge` accepts shards earlier releases wrote.

Version 6 writes every finding in full (its rules' ids beside their
positions, its location and its message text), gives near-miss suggestions
the kind of change people type (`variant`, read from an earlier near miss's
`mutation` label: "plural: bag -> bags" is an inflection) and the rule's fix
(absent in earlier documents), and counts the phrases the naturalness gate
withheld (0 in earlier ones).

A version 5 document (each message a position in `message_templates`,
names left out, set-aside suggestions and decided pairs as arrays of
positions) is checked against the version 5 schema, kept as
`fuzzroute/schema/report-v5.schema.json`, and read in full by
`results.message_table.full_form`.  A version 4 document wrote its findings
in full; it differs in `merge.superseded` (dropped: a merge needs only the
keys `decision.superseded` holds) and in each rule's figures, written then
as a record and now as one array.  It is checked against the version 4
schema, kept as `fuzzroute/schema/report-v4.schema.json`.  Both are then
given version 6's fields; everything else in them is the same.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

PREVIOUS_VERSION = 5
#: The versions `upgraded` reads (each checked by its own schema first).
EARLIER_VERSIONS = (4, 5)

#: The order in which versions 5 and 6 write a rule's figures (`RuleFigures`, array-like).
_FIGURES = (
    "index", "id", "caption", "examples", "generated", "won", "rejected", "lost_to", "accepted", "phrases", "lost",
    "share_won", "share_lost",
)


def previous_schema(version: int = PREVIOUS_VERSION) -> dict[str, Any]:
    """The JSON Schema of documents of `version` (4 or 5), as the release that wrote them shipped it."""
    text = resources.files("fuzzroute").joinpath(f"schema/report-v{version}.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def upgraded(document: dict[str, Any]) -> dict[str, Any]:
    """A valid version 4 or 5 document in this version's form (a new dict; `document` is left as it is).

    Raises `KeyError`, `IndexError` or `TypeError` for a version 5 document whose positions or templates do
    not fit its items (edited by hand).
    """
    if document.get("schema_version") == 4:
        return _six_from_five(_in_full_from_four(document))
    from fuzzroute.results.message_table import full_form

    return _six_from_five(full_form(document))


def _six_from_five(document: dict[str, Any]) -> dict[str, Any]:
    """A version 5 document in full in version 6's form: each near miss's kind read from its edit label."""
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


def _in_full_from_four(document: dict[str, Any]) -> dict[str, Any]:
    """A valid version 4 document with version 5's figures and version 6's named records, in full."""
    rules = document["graph"]["rules"]
    positions = {rule["id"]: rule["index"] for rule in rules}

    def at(name: str | None) -> int | None:
        return None if name is None else positions[name]

    def name(index: int | None) -> str | None:
        return None if index is None else str(rules[index]["id"])

    merge = {key: value for key, value in document["merge"].items() if key != "superseded"}
    merge["withheld"] = [
        {"kind": s["kind"], "rule_index": s["rule_index"], "from_index": s["from_index"], "to_index": s["to_index"],
         "count": s["count"], "rule": name(s["rule_index"]), "from": name(s["from_index"]), "to": name(s["to_index"])}
        for s in merge["withheld"]
    ]
    decision = dict(document["decision"])
    decision["superseded"] = [
        {"kind": x["kind"], "rule_index": at(x["rule"]), "from_index": at(x.get("from")),
         "to_index": at(x.get("to")), "count": x.get("count", 0), "decided": x.get("decided", ""),
         "decided_kind": x.get("decided_kind", ""), "rule": x["rule"], "from": x.get("from"), "to": x.get("to")}
        for x in decision["superseded"]
    ]
    decision["pairs"] = [
        {**p, "from": name(p["from_index"]), "to": name(p["to_index"])} for p in decision.get("pairs", [])
    ]
    return {
        **document,
        "schema_version": 5,
        "merge": merge,
        "decision": decision,
        "rules": [[figures[key] for key in _FIGURES] for figures in document["rules"]],
    }
