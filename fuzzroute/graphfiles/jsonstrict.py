"""Read a JSON graph document strictly: no repeated keys, no nesting deeper than a graph needs.

`json.loads` keeps the last of two `examples` keys without a word, so an
author who wrote two lists would see one silently ignored (and `suggest
--write` would then edit the one that counts, perhaps not the one they
read).  It also recurses once per nesting level, as do the schema check and
the span reader after it, so a document of 100,000 `[` or an `all` nested a
hundred deep would end in a RecursionError.  Both are refused here, before
anything else reads the document, with the file, the JSON path, the line and
the fix.
"""

from __future__ import annotations

import json
from pathlib import Path

from fuzzroute.engine.errors import InputError
from fuzzroute.engine.jsonnumbers import long_number_at
from fuzzroute.graphfiles.jsonspans import Node, line_of, parse_spans

#: Deepest nesting a graph document may have: root, entries, entry, match, then two per `all` level.
MAX_DEPTH = 40


class _Repeated(dict[str, object]):
    """A JSON object that had a key twice (its `repeated` names the first such key)."""

    repeated: str


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """The `object_pairs_hook`: values are whatever JSON holds (`object`), the schema checks them later."""
    seen: dict[str, object] = {}
    for key, value in pairs:
        if key in seen:
            found = _Repeated(pairs)
            found.repeated = key
            return found
        seen[key] = value
    return seen


def load_graph_document(path: Path, text: str) -> object:
    """The parsed document, or InputError for invalid JSON, a repeated key or too deep a nesting.

    Untyped (`object`) until `jsonformat.checked_document` has checked it against the schema.
    """
    try:
        document: object = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}. Fix the syntax at that "
            "position (a missing comma or quote is the usual cause)."
        ) from None
    except ValueError:  # an integer past Python's digit limit (JSONDecodeError was caught above)
        line, column, what = long_number_at(text)
        raise InputError(
            f"{path}:{line}:{column}: {what}. No graph field needs such a number: remove it or write it "
            "as a string."
        ) from None
    except RecursionError:
        raise InputError(
            f"{path}: the JSON is nested far too deeply to be a graph (deeper than the JSON reader goes). "
            f"A graph document nests at most {MAX_DEPTH} levels; check for a runaway `[` or `{{`."
        ) from None
    _refuse_deep(path, document)
    _refuse_repeated_keys(path, text, document)
    return document


def _entry_name(document: object, where: list[str | int]) -> str:
    """`entry "billing" ($.entries[1]...)` when `where` is inside an entry, else the JSON path alone."""
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where)
    if len(where) >= 2 and where[0] == "entries" and isinstance(where[1], int) and isinstance(document, dict):
        entries = document.get("entries")
        if isinstance(entries, list) and where[1] < len(entries) and isinstance(entries[where[1]], dict):
            ident = entries[where[1]].get("id")
            if isinstance(ident, str):
                return f"entry {json.dumps(ident)} ({path})"
    return path


def _refuse_deep(path: Path, document: object) -> None:
    stack: list[tuple[object, list[str | int]]] = [(document, [])]
    while stack:
        value, where = stack.pop()
        if len(where) >= MAX_DEPTH:
            raise InputError(
                f"{path}: {_entry_name(document, where[:4])} nests deeper than the {MAX_DEPTH} levels a graph "
                "document may have (an `all` takes two per level). Flatten it: an `all` inside an `all` "
                "is the same as one `all` listing every part."
            )
        if isinstance(value, dict):
            stack.extend((child, [*where, key]) for key, child in value.items())
        elif isinstance(value, list):
            stack.extend((child, [*where, i]) for i, child in enumerate(value))


def _refuse_repeated_keys(path: Path, text: str, document: object) -> None:
    if not _has_repeated(document):
        return
    root = parse_spans(text)
    found = None if root is None else _first_repeated(root, [])
    if found is None:  # the span reader disagrees with json; still refuse, without a line
        raise InputError(
            f"{path}: an object has the same key twice; JSON keeps only the last one. Keep one of them."
        )
    where, key, offset = found
    raise InputError(
        f"{path}:{line_of(text, offset)}: {_entry_name(document, where)} has the key {json.dumps(key)} "
        "twice. JSON keeps only the last one, so the first would be silently ignored; keep one "
        f"{json.dumps(key)} (merge the two if both are meant)."
    )


def _has_repeated(document: object) -> bool:
    stack: list[object] = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, _Repeated):
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _first_repeated(node: Node, where: list[str | int]) -> tuple[list[str | int], str, int] | None:
    """The JSON path, key and text offset of the first repeated key, in text order."""
    if node.kind == "object":
        seen: set[str] = set()
        for key, key_start, _ in node.members:
            if key in seen:
                return where, key, key_start
            seen.add(key)
        for key, _, child in node.members:
            found = _first_repeated(child, [*where, key])
            if found is not None:
                return found
    elif node.kind == "array":
        for index, child in enumerate(node.items):
            found = _first_repeated(child, [*where, index])
            if found is not None:
                return found
    return None
