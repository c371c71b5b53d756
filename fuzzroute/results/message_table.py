"""Each distinct wording of a message written once: the report document's `message_templates`.

A decided item's or a suggestion's `message` is long (who takes what, why,
what to do) and, across a graph of thousands of rules, the same sentence
again and again with other rules in it.  The document writes each wording
once, in `message_templates`, with the item's own facts as placeholders, and
the item's `message` as the position of its template:

* `{rule}`, `{other}`, `{from}`, `{to}`, `{c0}`, `{c1}`, ... (the rules that
  contain a never-winning rule), `{d0}`, ... (the rules a default hides): the
  rule named by that field of the item (`rule_index`, `other_rule_index`,
  `from_index`, `to_index`, `containing_rules`, `dead_rules`), written as
  `"id" (rule #N, `caption`)` from `graph.rules`; `{rule.id}` is `"id"` and
  `{rule.caption}` is `` `caption` `` alone;
* `{witness}`: the item's witness (a suggestion's first witness phrase) in
  double quotes;
* `{{` and `}}`: a brace of the text itself.

Every template is checked when it is made: a message whose template does
not give it back exactly is kept as its own template, with no placeholder.
The messages themselves stay the decided tier's and the generators' own
words; this module only stores them, and `expanded` gives every reader
(merge, baselines, a user's script) the very text the writers showed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from fuzzroute.results.document import Report
from fuzzroute.results.record import from_json, to_json
from fuzzroute.results.rule_names import with_names, without_names

#: Top-level key of the wordings in the report document.
TEMPLATES = "message_templates"
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([a-z][a-z0-9]*)(?:\.(id|caption))?\}")

JsonObject = dict[str, Any]
#: A role (`rule`, `other`, `c0`, ...) and what it stands for: a rule of `graph.rules`, or the witness text.
Roles = dict[str, JsonObject | str]


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _reference(rule: JsonObject) -> str:
    return f'"{rule["id"]}" (rule #{rule["index"] + 1}, `{rule["caption"]}`)'


def _tokens(roles: Roles) -> dict[str, str]:
    """Each literal a placeholder stands for (escaped as in a template), first role first."""
    tokens: dict[str, str] = {}
    for role, value in roles.items():
        if isinstance(value, str):
            tokens.setdefault(_escaped(f'"{value}"'), f"{{{role}}}")
            continue
        tokens.setdefault(_escaped(_reference(value)), f"{{{role}}}")
        tokens.setdefault(_escaped(f"`{value['caption']}`"), f"{{{role}.caption}}")
        tokens.setdefault(_escaped(f'"{value["id"]}"'), f"{{{role}.id}}")
    return tokens


def template_of(message: str, roles: Roles) -> str:
    """`message` with the literals of `roles` as placeholders; the escaped message itself if that loses text.

    Longer literals go first (a rule's whole reference before its id), each
    replaced by a marker no literal holds, so a later literal never matches
    inside an earlier placeholder; then the markers become the placeholders.
    Plain `str.replace`, no regex to compile per message: thousands of items
    cost milliseconds.
    """
    escaped = _escaped(message)
    tokens = _tokens(roles)
    if not tokens or "\x00" in escaped or any("\x00" in token for token in tokens):
        return escaped
    template = escaped
    placeholders = []
    for number, token in enumerate(sorted(tokens, key=len, reverse=True)):
        if token in template:
            marker = f"\x00{number}\x00"
            template = template.replace(token, marker)
            placeholders.append((marker, tokens[token]))
    for marker, placeholder in placeholders:
        template = template.replace(marker, placeholder)
    return template if expanded(template, roles) == message else escaped


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


def with_templates(document: JsonObject) -> JsonObject:
    """The report document (`to_json` of a `Report`) as written: each message as the position of its template.

    A new dict; `document` is left as it is.  The templates follow the
    document's order of first use, so the same report gives the same text.
    """
    rules = document["graph"]["rules"]
    positions: dict[str, int] = {}
    packed: JsonObject = {}
    for key, value in document.items():
        if key in dict(_SECTIONS):
            value = [dict(item) for item in value]
        packed[key] = value
    for item, roles in _items(packed):
        template = template_of(item["message"], roles(item, rules))
        item["message"] = positions.setdefault(template, len(positions))
    packed[TEMPLATES] = list(positions)
    return packed


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
    """The JSON document `--json` writes for `report`: its JSON form with each message as its template's
    position, and rules named once, in `graph.rules` (`fuzzroute.results.rule_names`)."""
    return with_templates(without_names(to_json(report)))


def full_form(document: JsonObject) -> JsonObject:
    """A written document (schema version 5) as `to_json` gives it: names, locations and messages back.

    Raises `KeyError`, `IndexError` or `TypeError` for a document whose
    positions or templates do not fit its items (edited by hand).
    """
    return with_messages(with_names(document))


def read_report(document: JsonObject) -> Report:
    """A written report document (schema version 5) read back as a `Report`, messages and all.

    Raises `ShapeError` (a field of the wrong shape) or `KeyError`,
    `IndexError`, `TypeError` (positions or templates that do not fit the items).
    """
    return from_json(Report, full_form(document))
