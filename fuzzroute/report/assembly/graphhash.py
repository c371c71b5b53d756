"""A fingerprint of a graph's definition, so shard reports of different graphs are never merged.

It covers everything that can change a finding: the graph's name and mount,
every entry in order (id, matcher as written, the `when` function's code and
constants, examples) and the never-route rows.  A `when` function is hashed
by its bytecode and constants (a JavaScript one by its code's tokens), so
editing its body changes the hash, while moving it in the file does not.
"""

from __future__ import annotations

import hashlib
import json
import types
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.graph_document import matcher_json
from fuzzroute.engine.script_when import ScriptWhen


def _code_fingerprint(code: types.CodeType) -> list[Any]:
    constants = [
        _code_fingerprint(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts
    ]
    return [code.co_code.hex(), constants, list(code.co_names)]


def _when(entry: Entry) -> Any:
    function = entry.when
    if function is None:
        return None
    if isinstance(function, ScriptWhen):  # a JavaScript predicate: its code, types and comments left out
        return {"script": function.fingerprint}
    code = getattr(function, "__code__", None)
    if isinstance(code, types.CodeType):
        return {"qualname": getattr(function, "__qualname__", ""), "code": _code_fingerprint(code)}
    return {"repr": type(function).__qualname__}


def graph_hash(graph: Graph) -> str:
    """`sha256:<hex>` of the canonical JSON of the graph's definition."""
    definition = {
        "name": graph.name,
        "mount": graph.mount,
        "entries": [
            {
                "id": e.id,
                "match": None if e.match is None else matcher_json(e.match),
                "when": _when(e),
                "examples": list(e.examples) if e.examples is not None else None,
            }
            for e in graph.entries
        ],
        "never_routes": list(graph.never_route_phrases),
    }
    if graph.acceptances:  # only when there are some, so the hash of a graph without any stays as it was
        definition["accepted"] = [a.to_json() for a in graph.acceptances]
    text = json.dumps(definition, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
