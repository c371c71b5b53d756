"""Routing contexts for `when` predicates, generated from a JSON Schema.

The proven checks run every predicate on the cold context only.  A `when`
that declines cold may claim on a later turn (iteration 3, a history), and
that is invisible to them.  `context_schema` reads the bundled schema
(`data/routing_context.schema.json`, `additionalProperties: false` so no junk
keys) and narrows the free strings to the graph's own phrases and ids (the
magic values a predicate compares against); hypothesis-jsonschema turns it
into a strategy when it runs with the installed hypothesis, else fuzzroute's
own generator over the same schema subset does (`schema_values`), and
`context_generator` names which one.  `user_message` is not in the schema: it
is always the phrase under test.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, Literal, TypedDict, cast

from hypothesis import strategies as st

from fuzzroute.engine.context import RoutingContext

SCHEMA_FILE = "routing_context.schema.json"

ContextGenerator = Literal["hypothesis-jsonschema", "fuzzroute"]


class HistoryTurn(TypedDict):
    """One earlier turn of the conversation, as the context schema allows it."""

    role: Literal["user", "assistant"]
    content: str


class ContextDocument(TypedDict):
    """A drawn routing context (minus `user_message`): the schema requires these keys and refuses any other."""

    iteration: int
    history: list[HistoryTurn]
    activated_injection_ids: list[str]

#: A small object schema of the shape the context schema has (an enum, a bounded integer, an array of an
#: object): hypothesis-jsonschema must draw exactly its valid instances before it is trusted.
#: JSON Schemas stay untyped dicts: a schema is data of any depth and shape, read only by the generators.
PROBE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "n": {"type": "integer", "minimum": 1, "maximum": 1},
        "rows": {"type": "array", "minItems": 1, "maxItems": 1, "items": {
            "type": "object", "properties": {"k": {"enum": ["v"]}}, "required": ["k"], "additionalProperties": False,
        }},
    },
    "required": ["n", "rows"],
    "additionalProperties": False,
}
PROBE_INSTANCE = {"n": 1, "rows": [{"k": "v"}]}


@lru_cache(maxsize=1)
def base_schema() -> dict[str, Any]:
    """The bundled schema of a routing context (minus `user_message`)."""
    text = resources.files(__package__).joinpath("data", SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def context_schema(history_texts: Sequence[str] = (), injection_ids: Sequence[str] = ()) -> dict[str, Any]:
    """The schema with history contents and injection ids drawn from the graph's own values."""
    schema = copy.deepcopy(base_schema())
    props = schema["properties"]
    texts = list(dict.fromkeys(t for t in history_texts if t))[:24]
    if texts:
        props["history"]["items"]["properties"]["content"] = {"enum": texts}
    ids = list(dict.fromkeys(i for i in injection_ids if i))[:12]
    if ids:
        props["activated_injection_ids"]["items"] = {"enum": ids}
    return schema


def routing_contexts(
    history_texts: Sequence[str] = (), injection_ids: Sequence[str] = ()
) -> st.SearchStrategy[ContextDocument]:
    """Context documents (JSON objects) as a hypothesis strategy, from the generator `context_generator` names."""
    schema = context_schema(history_texts, injection_ids)
    documents: st.SearchStrategy[Any]
    if context_generator() == "hypothesis-jsonschema":
        from hypothesis_jsonschema import from_schema

        documents = from_schema(schema)
    else:
        from fuzzroute.strategies.schema_values import from_context_schema

        documents = from_context_schema(schema)
    # Both generators draw only instances of the schema, whose shape `ContextDocument` mirrors (every key
    # required, no other allowed); the filter makes the top-level object a fact of the strategy, the cast tells mypy.
    return cast(st.SearchStrategy[ContextDocument], documents.filter(lambda value: isinstance(value, dict)))


@lru_cache(maxsize=1)
def context_generator() -> ContextGenerator:
    """Which generator draws contexts here: hypothesis-jsonschema if it works with this hypothesis, else ours.

    Decided by trying it, not by version numbers: a probe draw on a small object schema
    (`PROBE_SCHEMA`, whose only instance is known) must give that instance.  hypothesis-jsonschema
    0.23.1 fails it from hypothesis 6.170.10 on (an AttributeError inside its object strategy).
    """
    return "hypothesis-jsonschema" if jsonschema_generator_works() else "fuzzroute"


def jsonschema_generator_works() -> bool:
    """True when hypothesis-jsonschema is installed and draws the probe schema's one valid instance."""
    from hypothesis import HealthCheck, Phase, find, settings

    try:
        from hypothesis_jsonschema import from_schema

        found = find(from_schema(PROBE_SCHEMA), lambda _: True, settings=settings(
            database=None, max_examples=5, phases=[Phase.generate, Phase.shrink], deadline=None,
            suppress_health_check=list(HealthCheck),
        ))
    except Exception:  # not installed, or it breaks with this hypothesis (building or drawing)
        return False
    return bool(found == PROBE_INSTANCE)


def is_cold(document: ContextDocument) -> bool:
    """True for the cold context (iteration 1, nothing in history, no injections)."""
    return (
        document.get("iteration", 1) == 1
        and not document.get("history")
        and not document.get("activated_injection_ids")
    )


def to_routing_context(document: ContextDocument, phrase: str) -> RoutingContext:
    """A fresh `RoutingContext` for one phrase (copies, so a predicate cannot edit the document)."""
    return RoutingContext(
        iteration=int(document.get("iteration", 1)),
        user_message=phrase,
        history=copy.deepcopy(list(document.get("history", []))),
        activated_injection_ids=list(document.get("activated_injection_ids", [])),
    )


def witness_context(document: ContextDocument, phrase: str) -> dict[str, Any]:
    """The context as a witness carries it: `RoutingContext(**witness_context(...))` rebuilds it.

    A plain JSON object, as the findings model's `context` field holds it (its schema checks the keys there).
    """
    return {
        "iteration": int(document.get("iteration", 1)),
        "user_message": phrase,
        "history": copy.deepcopy(list(document.get("history", []))),
        "activated_injection_ids": list(document.get("activated_injection_ids", [])),
    }


def simplicity(document: ContextDocument) -> tuple[int, int, str]:
    """Sort key: the least context first (smallest JSON), so a witness shows the least state."""
    text = json.dumps(document, sort_keys=True)
    return (len(document.get("history", [])) + len(document.get("activated_injection_ids", [])), len(text), text)
