"""Routing contexts for `when` predicates, generated from a JSON Schema.

The proven checks run every predicate on the cold context only.  A `when`
that declines cold may claim on a later turn (iteration 3, a history), and
that is invisible to them.  `context_schema` reads the bundled schema
(`data/routing_context.schema.json`, `additionalProperties: false` so no junk
keys) and narrows the free strings to the graph's own phrases and ids (the
magic values a predicate compares against); hypothesis-jsonschema turns it
into a strategy.  `user_message` is not in the schema: it is always the
phrase under test.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from hypothesis import strategies as st

from fuzzroute.engine.context import RoutingContext

SCHEMA_FILE = "routing_context.schema.json"


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
) -> st.SearchStrategy[dict[str, Any]]:
    """Context documents (JSON objects) as a hypothesis strategy."""
    from hypothesis_jsonschema import from_schema

    documents: st.SearchStrategy[Any] = from_schema(context_schema(history_texts, injection_ids))
    return documents.filter(lambda value: isinstance(value, dict))


def is_cold(document: dict[str, Any]) -> bool:
    """True for the cold context (iteration 1, nothing in history, no injections)."""
    return (
        document.get("iteration", 1) == 1
        and not document.get("history")
        and not document.get("activated_injection_ids")
    )


def to_routing_context(document: dict[str, Any], phrase: str) -> RoutingContext:
    """A fresh `RoutingContext` for one phrase (copies, so a predicate cannot edit the document)."""
    return RoutingContext(
        iteration=int(document.get("iteration", 1)),
        user_message=phrase,
        history=copy.deepcopy(list(document.get("history", []))),
        activated_injection_ids=list(document.get("activated_injection_ids", [])),
    )


def witness_context(document: dict[str, Any], phrase: str) -> dict[str, Any]:
    """The context as a witness carries it: `RoutingContext(**witness_context(...))` rebuilds it."""
    return {
        "iteration": int(document.get("iteration", 1)),
        "user_message": phrase,
        "history": copy.deepcopy(list(document.get("history", []))),
        "activated_injection_ids": list(document.get("activated_injection_ids", [])),
    }


def simplicity(document: dict[str, Any]) -> tuple[int, int, str]:
    """Sort key: the least context first (smallest JSON), so a witness shows the least state."""
    text = json.dumps(document, sort_keys=True)
    return (len(document.get("history", [])) + len(document.get("activated_injection_ids", [])), len(text), text)
