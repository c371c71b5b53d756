"""The graph document's JSON Schema, generated from the format's TypedDicts: run as a module to write it.

The format is declared once, as the TypedDicts of `engine.graph_document`;
`fuzzroute/schema/graph.schema.json` is written from them here, so what
the reader and the writer type and what the schema accepts cannot drift
apart.  A TypedDict becomes an object that refuses unknown keys (its
required keys are the TypedDict's), a field's `Annotated` `JsonSchema` adds
its keywords, a `Literal` becomes an `enum`, the matcher union a `oneOf`.
The one rule no type says is written here as data: the flags a regex may
carry depend on the document's `regex_dialect` (Python's `re` letters, or
JavaScript's), for the regexes of all-of members too.

`scripts/make_graph_validator.py` writes the schema and compiles it into
the validator loading uses; the tests fail while either shipped file
differs from what the TypedDicts generate.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

from fuzzroute.engine import graph_document
from fuzzroute.engine.graph_document import (
    AllOfJson,
    EntryJson,
    GraphDocument,
    IntentJson,
    JsonSchema,
    KeywordsJson,
    MatcherJson,
    RegexJson,
)
from fuzzroute.engine.matchers import FLAG_LETTERS
from fuzzroute.jsregex.syntax import JS_FLAGS

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schema" / "graph.schema.json"
SCHEMA_ID = "https://fuzzroute.invalid/schema/graph.schema.json"
PYTHON_LETTERS = "".join(letter for letter, _flag in FLAG_LETTERS)

#: The shapes written under `$defs` (by name), in the order they are written; every other TypedDict is inline.
DEFINITIONS: dict[str, object] = {
    "entry": EntryJson, "matcher": MatcherJson, "regex": RegexJson, "keywords": KeywordsJson, "all": AllOfJson,
    "intent": IntentJson,
}
#: Each regex dialect: the flag letters it allows, and what its rule adds to saying so.
DIALECTS: dict[str, tuple[str, str, str]] = {
    # dialect: (definition, letters, a note on the letters)
    "python": ("python_flags", PYTHON_LETTERS, ""),
    "javascript": ("javascript_flags", JS_FLAGS, " (each once; not both u and v)"),
}
DIALECT_NAMES = {"python": "Python", "javascript": "JavaScript"}

HEAD = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "fuzzroute routing graph",
    "description": (
        "Start rules of a skill graph, in declaration order, with declared examples and never-route phrases. With "
        "regex_dialect \"python\" (the default) regexes use Python `re` syntax and flags are letters of Python re "
        f"flags ({', '.join(PYTHON_LETTERS)}); with \"javascript\" they are JavaScript regexes (a regex literal's "
        f"body or `RegExp.prototype.source`, flags from {', '.join(JS_FLAGS)}), matched exactly as V8's "
        "`RegExp.prototype.test`."
    ),
}


def _reference(shape: object) -> dict[str, Any] | None:
    for name, defined in DEFINITIONS.items():
        if defined is shape:
            return {"$ref": f"#/$defs/{name}"}
    return None


def _field(hint: object) -> dict[str, Any]:
    """The schema of one field's type (its `JsonSchema` keywords added; a description first)."""
    extra: list[tuple[str, object]] = []
    if get_origin(hint) is NotRequired:
        (hint,) = get_args(hint)
    if get_origin(hint) is typing.Annotated:
        hint, *metadata = get_args(hint)
        for found in metadata:
            if isinstance(found, JsonSchema):
                extra.extend(found.keywords)
    described = [(key, value) for key, value in extra if key == "description"]
    others = [(key, value) for key, value in extra if key != "description"]
    return {**dict(described), **_type(hint), **dict(others)}


def _type(hint: object, *, defining: bool = False) -> dict[str, Any]:
    reference = None if defining else _reference(hint)
    if reference is not None:
        return reference
    if hint is str:
        return {"type": "string"}
    origin = get_origin(hint)
    if origin is list:
        (item,) = get_args(hint)
        return {"type": "array", "items": _field(item)}
    if origin is Literal:
        return {"enum": list(get_args(hint))}
    if origin in (Union, types.UnionType):
        return {"oneOf": [_type(member) for member in get_args(hint)]}
    if is_typeddict(hint):
        return _object(hint)
    raise TypeError(f"the graph format has a field of type {hint!r}, which the schema generator does not know")


def _object(shape: Any) -> dict[str, Any]:
    hints = get_type_hints(shape, include_extras=True)
    # Read from the hints: with postponed annotations `__required_keys__` cannot see `NotRequired`.
    required = [key for key, hint in hints.items() if get_origin(hint) is not NotRequired]
    return {
        "type": "object", "additionalProperties": False, "required": required,
        "properties": {key: _field(hint) for key, hint in hints.items()},
    }


def _dialect_definition(dialect: str) -> dict[str, Any]:
    name, letters, note = DIALECTS[dialect]
    return {
        "description": (
            f"{DIALECT_NAMES[dialect]} dialect: every regex flag (all-of members too) is one of "
            f"{', '.join(letters)}{note}."
        ),
        "properties": {"flags": {"pattern": f"^[{letters}]*$"}, "all": {"items": {"$ref": f"#/$defs/{name}"}}},
    }


def _dialect_rule() -> dict[str, Any]:
    """The flags a document's regexes may carry, by its `regex_dialect` (the default: Python's)."""

    def on_every_match(dialect: str) -> dict[str, Any]:
        match_rule = {"$ref": f"#/$defs/{DIALECTS[dialect][0]}"}
        return {"properties": {"entries": {"items": {"properties": {"match": match_rule}}}}}

    return {
        "if": {"properties": {"regex_dialect": {"const": "javascript"}}, "required": ["regex_dialect"]},
        "then": on_every_match("javascript"),
        "else": on_every_match("python"),
    }


def graph_schema_document() -> dict[str, Any]:
    """The JSON Schema of a graph document, from the TypedDicts of `engine.graph_document`."""
    definitions: dict[str, Any] = {}
    for name, shape in DEFINITIONS.items():
        definitions[name] = _type(shape, defining=True)
        if shape is RegexJson:  # each dialect's flags, beside the regex they constrain
            definitions.update({DIALECTS[d][0]: _dialect_definition(d) for d in DIALECTS})
    return {**HEAD, **_object(GraphDocument), "allOf": [_dialect_rule()], "$defs": definitions}


def graph_schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(graph_schema_document(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the schema (or, with `--check`, say whether the shipped file is stale and exit 1 if it is)."""
    stale = not SCHEMA_PATH.exists() or SCHEMA_PATH.read_text("utf-8") != graph_schema_text()
    if "--check" in argv:
        if stale:
            print(f"{SCHEMA_PATH} is stale: run `python scripts/make_graph_validator.py`", file=sys.stderr)
        return 1 if stale else 0
    SCHEMA_PATH.write_text(graph_schema_text(), "utf-8")
    return 0


__all__ = ["graph_document", "graph_schema_document", "graph_schema_text", "main"]

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
