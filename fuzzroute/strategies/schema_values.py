"""Hypothesis strategies for the JSON Schema subset a routing context uses, written here.

hypothesis-jsonschema is the first choice for `when` contexts, but a release
of it can stop working with a newer hypothesis (0.23.1 raises on object
schemas from hypothesis 6.170.10 on).  fuzzroute does not pin the user's
hypothesis to keep it working: `contexts.context_values` falls back to this
generator instead, which covers what the bundled context schema and its
per-graph narrowing use: `type` (one or a list), `properties`, `required`,
`additionalProperties: false`, `enum`, `const`, `minimum`/`maximum` (and the
exclusive forms), `minLength`/`maxLength`, `pattern`, `items`,
`minItems`/`maxItems`, `uniqueItems`.  Anything else raises
`UnsupportedSchema`, so a schema it cannot honour is refused, never guessed.

Free strings are spelled from a small readable alphabet by choosing one
character at a time, so every draw is a choice among few options: hypothesis
never offers them the literal constants it collects from local modules (see
`fuzzroute.generate.seeded`).
"""

from __future__ import annotations

import json
import string
from typing import Any

from hypothesis import strategies as st

#: Characters of free strings: lower-case letters, digits and a space (readable, and fewer than 100).
ALPHABET = string.ascii_lowercase + string.digits + " "
#: Bounds of integers and lengths a schema leaves open.
OPEN_INTEGER_SPAN = 50
OPEN_LENGTH = 12
OPEN_ITEMS = 3

KNOWN_KEYWORDS = frozenset({
    "$schema", "$id", "title", "description", "type", "properties", "required", "additionalProperties",
    "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
    "pattern", "items", "minItems", "maxItems", "uniqueItems",
})


class UnsupportedSchema(ValueError):
    """A schema keyword or shape outside the subset this generator honours."""


def from_context_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A strategy whose every value is valid against `schema` (a schema within the subset above)."""
    unknown = sorted(set(schema) - KNOWN_KEYWORDS)
    if unknown:
        raise UnsupportedSchema(f"schema keywords outside the supported subset: {', '.join(unknown)}")
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(list(schema["enum"]))
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_context_schema({**schema, "type": one}) for one in kind])
    if kind == "object":
        return _objects(schema)
    if kind == "array":
        return _arrays(schema)
    if kind == "string":
        return _strings(schema)
    if kind == "integer":
        return _integers(schema)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    raise UnsupportedSchema(f"schema type {json.dumps(kind)} is outside the supported subset")


def _objects(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    if schema.get("additionalProperties", True) is not False:
        raise UnsupportedSchema("object schemas need additionalProperties: false (no invented keys)")
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    missing = required - set(properties)
    if missing:
        raise UnsupportedSchema(f"required properties without a schema: {', '.join(sorted(missing))}")
    return st.fixed_dictionaries(
        {name: from_context_schema(sub) for name, sub in properties.items() if name in required},
        optional={name: from_context_schema(sub) for name, sub in properties.items() if name not in required},
    )


def _arrays(schema: dict[str, Any]) -> st.SearchStrategy[list[Any]]:
    low = int(schema.get("minItems", 0))
    high = int(schema.get("maxItems", low + OPEN_ITEMS))
    items = from_context_schema(schema.get("items", {"type": "integer"}))
    if schema.get("uniqueItems"):
        return st.lists(items, min_size=low, max_size=high, unique_by=lambda v: json.dumps(v, sort_keys=True))
    return st.lists(items, min_size=low, max_size=high)


def _strings(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    low = int(schema.get("minLength", 0))
    high = int(schema.get("maxLength", low + OPEN_LENGTH))
    if "pattern" in schema:
        return st.from_regex(schema["pattern"]).filter(lambda text: low <= len(text) <= high)
    return st.lists(st.sampled_from(ALPHABET), min_size=low, max_size=high).map("".join)


def _integers(schema: dict[str, Any]) -> st.SearchStrategy[int]:
    lows = [int(schema["minimum"])] if "minimum" in schema else []
    highs = [int(schema["maximum"])] if "maximum" in schema else []
    if "exclusiveMinimum" in schema:
        lows.append(int(schema["exclusiveMinimum"]) + 1)
    if "exclusiveMaximum" in schema:
        highs.append(int(schema["exclusiveMaximum"]) - 1)
    low = max(lows) if lows else None
    high = min(highs) if highs else None
    if low is None:
        low = 0 if high is None else high - OPEN_INTEGER_SPAN
    if high is None:
        high = low + OPEN_INTEGER_SPAN
    return st.integers(low, high)
