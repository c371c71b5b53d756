"""Rules by position: a version 5 report document named each rule once, in `graph.rules`.

A decided item or a suggestion refers to its rules by position
(`rule_index`, `other_rule_index`, `from_index`, `to_index`, a witness's
`cold_walk_index`, a claimant's `index`) and, in the records, by name too.
The written document leaves a name out wherever it is the name of the rule
at that position, and a `location` out wherever it is the declaration of the
item's own rule (`graph.rules[rule_index].location`); `with_names` puts both
back, so every reader gets the records as the writers saw them.  A name or
location that differs from its rule's is written as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

JsonObject = dict[str, Any]

#: Name keys and the position keys they are derived from, per kind of item.
_DECIDED = (("rule", "rule_index"), ("other_rule", "other_rule_index"))
_SUGGESTION = (("rule", "rule_index"), ("from", "from_index"), ("to", "to_index"))
_WITNESS = (("cold_walk", "cold_walk_index"), ("cascade", "cascade_index"))
_REF = (("rule", "rule_index"),)
_CLAIMANT = (("id", "index"),)
#: The fields (in the records and in the schema) a written document may leave out, by record name.
DERIVED = {
    "DecidedRecord": ("rule", "other_rule", "location"),
    "SuggestionRecord": ("rule", "from", "to", "location"),
    "Witness": ("cold_walk", "cascade"),
    "RuleRef": ("rule",),
    "Claimant": ("id",),
}


def _named(document: JsonObject) -> Iterator[tuple[JsonObject, tuple[tuple[str, str], ...]]]:
    """Every object of the decided items and suggestions that names rules, with its name and position keys."""
    for item in document.get("decided") or []:
        yield item, _DECIDED
        for key in ("containing_rules", "dead_rules"):
            for ref in item.get(key) or []:
                yield ref, _REF
        claims = item.get("claims")
        if isinstance(claims, dict):
            for law in ("cold_walk", "cascade"):
                if isinstance(claims.get(law), dict):
                    yield claims[law], _CLAIMANT
    for item in document.get("suggestions") or []:
        yield item, _SUGGESTION
        for witness in item.get("witnesses") or []:
            yield witness, _WITNESS


def _copied(document: JsonObject) -> JsonObject:
    """`document` with the objects `_named` yields (and the items) copied, so they can be changed in place."""
    copied = dict(document)
    decided = []
    for item in copied.get("decided") or []:
        item = dict(item)
        for key in ("containing_rules", "dead_rules"):
            if isinstance(item.get(key), list):
                item[key] = [dict(ref) for ref in item[key]]
        claims = item.get("claims")
        if isinstance(claims, dict):
            item["claims"] = {law: dict(who) if isinstance(who, dict) else who for law, who in claims.items()}
        decided.append(item)
    suggestions = []
    for item in copied.get("suggestions") or []:
        item = dict(item)
        if isinstance(item.get("witnesses"), list):
            item["witnesses"] = [dict(w) for w in item["witnesses"]]
        suggestions.append(item)
    if "decided" in copied:
        copied["decided"] = decided
    if "suggestions" in copied:
        copied["suggestions"] = suggestions
    return copied


def with_names(document: JsonObject) -> JsonObject:
    """A written document with every left-out name and location back (a new dict).

    Raises `IndexError`, `KeyError` or `TypeError` for positions that name no
    rule (a document edited by hand): readers turn those into bad input.
    """
    rules = document["graph"]["rules"]
    full = _copied(document)
    for node, keys in _named(full):
        for name, position in keys:
            index = node.get(position)
            if name not in node and isinstance(index, int):
                node[name] = rules[index]["id"]
    for item in [*full.get("decided", []), *full.get("suggestions", [])]:
        if "location" not in item:
            item["location"] = rules[item["rule_index"]]["location"]
    return full
