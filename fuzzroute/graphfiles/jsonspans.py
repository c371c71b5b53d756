"""Where each value of a JSON document sits in its text.

`json.loads` forgets positions; a JSON graph's findings should still name the
line of the entry they are about, and an editor that adds examples must know
where an `examples` array opens and closes so it can splice text in without
reformatting the file.  This is a small position-keeping reader for text that
`json.loads` already accepted: it records spans, the values themselves still
come from `json`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


@dataclass
class Node:
    """One JSON value: its kind, `text[start:end]`, and its children.

    `members` holds an object's `(key, key_start, value)` in text order (a
    repeated key appears twice, as in the text); `items` holds an array's values.
    """

    kind: str  # "object", "array" or "scalar"
    start: int
    end: int
    members: list[tuple[str, int, Node]] = field(default_factory=list)
    items: list[Node] = field(default_factory=list)

    def member(self, key: str) -> Node | None:
        """The value of `key` (the last one when repeated, as `json.loads` reads it)."""
        found = None
        for name, _, value in self.members:
            if name == key:
                found = value
        return found


def _skip(text: str, position: int) -> int:
    match = _WHITESPACE.match(text, position)
    return position if match is None else match.end()


def _value(text: str, position: int) -> Node:
    position = _skip(text, position)
    opener = text[position]
    if opener == "{":
        node = Node("object", position, position)
        position = _skip(text, position + 1)
        if text[position] == "}":
            node.end = position + 1
            return node
        while True:
            position = _skip(text, position)
            key_start = position
            key, position = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
            position = _skip(text, position)
            if text[position] != ":":
                raise ValueError(f"expected ':' at {position}")
            child = _value(text, position + 1)
            node.members.append((key, key_start, child))
            position = _skip(text, child.end)
            if text[position] == ",":
                position += 1
                continue
            if text[position] != "}":
                raise ValueError(f"expected '}}' at {position}")
            node.end = position + 1
            return node
    if opener == "[":
        node = Node("array", position, position)
        position = _skip(text, position + 1)
        if text[position] == "]":
            node.end = position + 1
            return node
        while True:
            child = _value(text, position)
            node.items.append(child)
            position = _skip(text, child.end)
            if text[position] == ",":
                position += 1
                continue
            if text[position] != "]":
                raise ValueError(f"expected ']' at {position}")
            node.end = position + 1
            return node
    _, end = _DECODER.raw_decode(text, position)
    return Node("scalar", position, end)


def parse_spans(text: str) -> Node | None:
    """The span tree of a JSON text, or None if it is not one JSON value."""
    try:
        root = _value(text, 0)
    except (ValueError, IndexError):
        return None
    if _skip(text, root.end) != len(text):
        return None
    return root


def line_of(text: str, offset: int) -> int:
    """The 1-based line of a character offset."""
    return text.count("\n", 0, offset) + 1


def entry_lines(text: str) -> list[int] | None:
    """The line of each object in the document's `entries` array, in order (None if not found).

    Only the top-level object is walked here; every other value (each entry
    too) is stepped over by `json`'s own scanner, so a graph of thousands of
    rules costs a fraction of building its whole span tree.
    """
    try:
        starts = _entry_starts(text)
    except (ValueError, IndexError):
        return None
    if starts is None:
        return None
    # Entries come in text order: count the newlines between neighbours, not from the start each time
    # (a graph of 100,000 entries would otherwise take time quadratic in its length).
    lines: list[int] = []
    line, offset = 1, 0
    for start in starts:
        line += text.count("\n", offset, start)
        offset = start
        lines.append(line)
    return lines


def _past(text: str, position: int) -> int:
    """Where the JSON value at `position` ends (raises ValueError if there is none)."""
    _, end = _DECODER.raw_decode(text, position)
    return int(end)


def _entry_starts(text: str) -> list[int] | None:
    """Where each item of the top-level object's `entries` array starts (the last `entries`, as `json` reads)."""
    position = _skip(text, 0)
    if text[position] != "{":
        return None
    found: list[int] | None = None
    position = _skip(text, position + 1)
    if text[position] == "}":
        return None
    while True:
        position = _skip(text, position)
        key, position = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
        position = _skip(text, position)
        if text[position] != ":":
            raise ValueError(f"expected ':' at {position}")
        position = _skip(text, position + 1)
        if key == "entries" and text[position] == "[":
            found, position = _item_starts(text, position)
        else:
            if key == "entries":
                found = None
            position = _past(text, position)
        position = _skip(text, position)
        if text[position] == ",":
            position += 1
            continue
        if text[position] != "}":
            raise ValueError(f"expected '}}' at {position}")
        break
    return found if _skip(text, position + 1) == len(text) else None


def _item_starts(text: str, position: int) -> tuple[list[int], int]:
    """The start of each item of the array opening at `position`, and where the array ends."""
    starts: list[int] = []
    position = _skip(text, position + 1)
    if text[position] == "]":
        return starts, position + 1
    while True:
        position = _skip(text, position)
        starts.append(position)
        position = _skip(text, _past(text, position))
        if text[position] == ",":
            position += 1
            continue
        if text[position] != "]":
            raise ValueError(f"expected ']' at {position}")
        return starts, position + 1
