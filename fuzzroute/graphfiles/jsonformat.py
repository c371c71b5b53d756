"""The JSON graph format: read a document into a `Graph`, write a `Graph` back.

The shape is checked against the published JSON Schema first (so errors name
a JSON path); then every entry goes through the same declaration API as a
Python graph, so both formats are refused for exactly the same reasons.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from fuzzroute.engine.errors import DeclarationError, InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.location import SourceLocation
from fuzzroute.engine.matchers import (
    AllOf,
    Matcher,
    Regex,
    compile_regex,
    compiled_js_regex,
    flatten_all,
    letters_to_flags,
    validated_intent,
    validated_keywords,
)
from fuzzroute.engine.regex_depth import too_deep, with_room


@lru_cache(maxsize=1)
def graph_schema() -> dict[str, Any]:
    """The published JSON Schema of a graph document."""
    text = resources.files("fuzzroute").joinpath("schema/graph.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _json_path(path: Any) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def validate_document(document: Any, source: str) -> None:
    """Raise InputError naming the JSON path of the first schema violation."""
    validator = jsonschema.Draft202012Validator(graph_schema())
    best = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if best is None:
        return
    where = _json_path(best.absolute_path)
    raise InputError(
        f"{source}: the graph document is invalid at {where}: {best.message}. "
        "See fuzzroute/schema/graph.schema.json for the format: {\"name\", \"mount\", "
        "\"entries\": [{\"id\", \"match\": {\"regex\"|\"keywords\"|\"all\"|\"intent\"}, "
        "\"examples\"}], \"never_routes\", \"regex_dialect\"}."
    )


def matcher_from_json(data: dict[str, Any], where: str, dialect: str = "python") -> Matcher:
    """Build a matcher from its JSON form (already schema-valid); `dialect` says how regexes are read."""
    if "regex" in data and dialect == "javascript":
        return compiled_js_regex(data["regex"], data.get("flags", ""), where)
    if "regex" in data:
        flags = letters_to_flags(data.get("flags", ""), where)
        deep = too_deep(data["regex"])
        if deep is not None:
            raise DeclarationError(f"{where}: the regex cannot be used: {deep}.")
        try:
            pattern = with_room(lambda: re.compile(data["regex"], flags))
        except (re.error, ValueError, OverflowError, RecursionError) as exc:
            # `re` reports some mistakes as ValueError ("ASCII and UNICODE flags are incompatible")
            # or OverflowError ("the repetition number is too large"), not re.error.
            raise DeclarationError(
                f"{where}: the regex {data['regex']!r} does not compile ({type(exc).__name__}: {exc}). Fix the "
                "pattern; it is read with Python `re` syntax."
            ) from None
        return compile_regex(pattern, where)
    if "keywords" in data:
        return validated_keywords(list(data["keywords"]), f"{where}: keywords")
    if "all" in data:
        members: list[object] = [
            matcher_from_json(member, f"{where}, `all` member {i}", dialect) for i, member in enumerate(data["all"], 1)
        ]
        return flatten_all(members, where)
    return validated_intent(data["intent"], list(data["examples"]), where)


def graph_from_json(document: Any, source: str = "<json>", entry_lines: Sequence[int] | None = None) -> Graph:
    """Validate and declare a graph from a parsed JSON document.

    `entry_lines` (the line of each entry object in the file `source`, see
    `jsonspans.entry_lines`) becomes each entry's location; without it the
    entries have none, since a parsed document no longer knows its lines.
    """
    validate_document(document, source)
    graph = Graph(document["name"], mount=document.get("mount", "rules"))
    dialect = document.get("regex_dialect", "python")
    for position, entry in enumerate(document["entries"]):
        located = entry_lines is not None and len(entry_lines) == len(document["entries"])
        line = f"line {entry_lines[position]}, " if located and entry_lines else ""
        where = f'entry "{entry["id"]}" ({line}$.entries[{position}].match)'
        match = matcher_from_json(entry["match"], where, dialect) if "match" in entry else None
        location = SourceLocation(source, entry_lines[position]) if located and entry_lines else None
        try:
            graph.entry(entry["id"], match=match, examples=entry.get("examples"), location=location)
        except DeclarationError as exc:
            raise DeclarationError(f"$.entries[{position}]: {exc}") from None
    if "never_routes" in document:
        try:
            graph.never_routes(list(document["never_routes"]))
        except DeclarationError as exc:
            raise DeclarationError(f"$.never_routes: {exc}") from None
    for position, item in enumerate(document.get("accepted", [])):
        try:
            graph.accept_overlap(item["earlier"], item["later"], reason=item["reason"],
                                 location=SourceLocation(source, 1) if entry_lines is not None else None)
        except DeclarationError as exc:
            raise DeclarationError(f"$.accepted[{position}]: {exc}") from None
    return graph


def regex_dialect(graph: Graph) -> str:
    """`javascript` when the graph's regexes are JavaScript ones, else `python` (refuses a mix)."""
    dialects: set[str] = set()
    for entry in graph.entries:
        matcher = entry.data_matcher
        parts = matcher.parts if isinstance(matcher, AllOf) else (matcher,)
        dialects.update(part.dialect for part in parts if isinstance(part, Regex))
    if len(dialects) > 1:
        raise InputError(
            f"graph {graph.name!r} mixes Python and JavaScript regexes, which one JSON document cannot carry "
            "(`regex_dialect` is one value for the whole graph). Declare every regex in one dialect."
        )
    return dialects.pop() if dialects else "python"


def graph_to_json(graph: Graph) -> dict[str, Any]:
    """The JSON form of a data-only graph (a `when` predicate cannot be written)."""
    dialect = regex_dialect(graph)
    entries: list[dict[str, Any]] = []
    for entry in graph.entries:
        if entry.when is not None:
            raise InputError(
                f'entry "{entry.id}" has a `when` predicate, which the JSON format cannot carry. '
                "Keep this graph in Python, or replace the predicate with a data matcher."
            )
        item: dict[str, Any] = {"id": entry.id}
        if entry.match is not None:
            item["match"] = entry.match.to_json()
        if entry.examples is not None:
            item["examples"] = list(entry.examples)
        entries.append(item)
    out: dict[str, Any] = {"name": graph.name, "mount": graph.mount, "entries": entries}
    if dialect != "python":
        out["regex_dialect"] = dialect
    if graph.never_route_phrases:
        out["never_routes"] = list(graph.never_route_phrases)
    if graph.acceptances:
        out["accepted"] = [a.to_json() for a in graph.acceptances]
    return out
