"""The report document as written and read: schema 6 in full, schema 5's `message_templates` read back.

Schema 6 writes every finding as a script reads it (`written_document`):
its rules by id beside their positions, its location and its message text,
so `jq '.decided[] | [.rule, .message]'` needs nothing of fuzzroute.  A
document of schema 5 (the previous release) wrote each message as the
position of its wording in `message_templates`, left out every name and
location its rule's position gives, and wrote the set-aside and superseded
suggestions and the decided pairs as arrays of positions; `full_form`
reads such a document back in schema 6's form, which the merge of shards
and the baselines rely on.

In a version 5 document, each wording was written once, in
`message_templates`, with the item's own facts as placeholders, and the
item's `message` as the position of its template:

* `{rule}`, `{other}`, `{from}`, `{to}`, `{c0}`, `{c1}`, ... (the rules that
  contain a never-winning rule), `{d0}`, ... (the rules a default hides): the
  rule named by that field of the item (`rule_index`, `other_rule_index`,
  `from_index`, `to_index`, `containing_rules`, `dead_rules`), written as
  `"id" (rule #N, `caption`)` from `graph.rules`; `{rule.id}` is `"id"` and
  `{rule.caption}` is `` `caption` `` alone;
* `{witness}`: the item's witness (a suggestion's first witness phrase) in
  double quotes;
* `{{` and `}}`: a brace of the text itself.

A message whose template did not give it back exactly was kept as its own
template, with no placeholder; `expanded` gives the very text the writers
of that release showed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from fuzzroute.results.document import Report
from fuzzroute.results.record import from_json, to_json
from fuzzroute.results.rule_names import with_names

#: Top-level key of the wordings in the report document.
TEMPLATES = "message_templates"
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z][a-z0-9]*)(?:\.(id|caption))?\}")

JsonObject = dict[str, Any]
#: A role (`rule`, `other`, `c0`, ...) and what it stands for: a rule of `graph.rules`, or the witness text.
Roles = dict[str, JsonObject | str]


def _reference(rule: JsonObject) -> str:
    return f'"{rule["id"]}" (rule #{rule["index"] + 1}, `{rule["caption"]}`)'


def expanded(template: str, roles: Roles) -> str:
    """The message a template stands for, with the item's `roles`; raises `KeyError` for an unknown role."""

    def one(found: re.Match[str]) -> str:
        text = found.group(0)
        if text in ("{{", "}}"):
            return text[0]
        value = roles[found.group(1)]
        if isinstance(value, str):
            return f'"{value}"'
        part = found.group(2)
        if part == "id":
            return f'"{value["id"]}"'
        if part == "caption":
            return f"`{value['caption']}`"
        return _reference(value)

    return _PLACEHOLDER.sub(one, template)


def _decided_roles(item: JsonObject, rules: list[JsonObject]) -> Roles:
    roles: Roles = {}
    for role, key in (("rule", "rule_index"), ("other", "other_rule_index")):
        if isinstance(item.get(key), int):
            roles[role] = rules[item[key]]
    for prefix, key in (("c", "containing_rules"), ("d", "dead_rules")):
        for k, ref in enumerate(item.get(key) or []):
            roles[f"{prefix}{k}"] = rules[ref["rule_index"]]
    if isinstance(item.get("witness"), str):
        roles["witness"] = item["witness"]
    return roles


def _suggestion_roles(item: JsonObject, rules: list[JsonObject]) -> Roles:
    roles: Roles = {}
    for role, key in (("rule", "rule_index"), ("from", "from_index"), ("to", "to_index")):
        if isinstance(item.get(key), int):
            roles[role] = rules[item[key]]
    witnesses = item.get("witnesses") or []
    if witnesses:
        roles["witness"] = witnesses[0]["phrase"]
    return roles


#: The lists of the document whose items carry a message, and how to find each item's roles.
_SECTIONS: tuple[tuple[str, Callable[[JsonObject, list[JsonObject]], Roles]], ...] = (
    ("decided", _decided_roles),
    ("suggestions", _suggestion_roles),
)


def _items(document: JsonObject) -> Iterator[tuple[JsonObject, Callable[[JsonObject, list[JsonObject]], Roles]]]:
    for key, roles in _SECTIONS:
        for item in document.get(key) or []:
            yield item, roles


def with_messages(document: JsonObject) -> JsonObject:
    """A written report document with each message's text back (the form `Report` reads); a new dict.

    Raises `KeyError`, `IndexError` or `TypeError` for a document whose
    templates do not fit its items (edited by hand): readers turn those into
    one paragraph of bad input.
    """
    rules = document["graph"]["rules"]
    templates = document[TEMPLATES]
    unpacked = {key: value for key, value in document.items() if key != TEMPLATES}
    for key, _roles in _SECTIONS:
        unpacked[key] = [dict(item) for item in unpacked.get(key) or []]
    for item, roles in _items(unpacked):
        item["message"] = expanded(templates[item["message"]], roles(item, rules))
    return unpacked


def written_document(report: Report) -> JsonObject:
    """The JSON document `--json` writes for `report` (schema 6): its JSON form, every finding and pair naming
    its rules by id beside their positions and carrying its location and message text."""
    document: JsonObject = to_json(report)
    return document


def full_form(document: JsonObject) -> JsonObject:
    """A written document in full: one of schema 6 as it is, one of schema 5 with its names, locations and
    messages back and its set-aside suggestions and decided pairs as named objects (still version 5:
    `report.persistence.upgrade.upgraded` adds what version 6 added).

    Raises `KeyError`, `IndexError` or `TypeError` for a document whose
    positions or templates do not fit its items (edited by hand).
    """
    if document.get("schema_version") != 5 or TEMPLATES not in document:
        return document  # version 6, or a version 5 document already read in full
    return _named_records(with_messages(with_names(document)))


def _named_records(document: JsonObject) -> JsonObject:
    """A version 5 document's arrays of positions (`decision.pairs`, `decision.superseded`, `merge.withheld`)
    as version 6's objects, each rule named beside its position."""
    rules = document["graph"]["rules"]

    def name(index: Any) -> str | None:
        return None if index is None else str(rules[index]["id"])

    def suggestion(kind: str, rule: Any, earlier: Any, later: Any, count: int) -> JsonObject:
        return {"kind": kind, "rule_index": rule, "from_index": earlier, "to_index": later, "count": count,
                "rule": name(rule), "from": name(earlier), "to": name(later)}

    decision = dict(document["decision"])
    decision["pairs"] = [{"from_index": a, "to_index": b, "relation": relation, "from": name(a), "to": name(b)}
                         for a, b, relation in decision.get("pairs", [])]
    decision["superseded"] = [{**suggestion(*ref[:5]), "decided": ref[5], "decided_kind": ref[6]}
                              for ref in decision.get("superseded", [])]
    merge = dict(document["merge"])
    merge["withheld"] = [suggestion(*key) for key in merge.get("withheld", [])]
    return {**document, "decision": decision, "merge": merge}


def read_report(document: JsonObject) -> Report:
    """A written report document (schema version 6) read back as a `Report`, messages and all (earlier
    versions go through `report.persistence.upgrade.upgraded` first).

    Raises `ShapeError` (a field of the wrong shape) or `KeyError`,
    `IndexError`, `TypeError` (positions or templates that do not fit the items).
    """
    return from_json(Report, full_form(document))
