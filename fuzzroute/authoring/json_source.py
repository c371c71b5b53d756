"""Add examples to the entries of a JSON graph document, keeping its text as written.

The document is not re-serialised (that would reorder nothing but could
change every line's indentation, escapes and number spelling); new text is
spliced in at positions the span reader found.  Items join an existing
`examples` array in its own layout (one line, or one item per line at the
items' indent); an entry without one gets `"examples"` as its last key, laid
out like the other `examples` arrays of the file.  The caller re-reads the
result and compares it with the expected document, so a splice that went
wrong can never be written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.jsonspans import Node, parse_spans


class JsonEditError(InputError):
    """The JSON graph cannot be edited safely; the message says why."""


def _indent_before(text: str, offset: int) -> str | None:
    """The whitespace from the start of the line to `offset`, if only whitespace precedes it there."""
    start = text.rfind("\n", 0, offset) + 1
    head = text[start:offset]
    return head if head.strip() == "" else None


def _multi_line(text: str, node: Node) -> bool:
    first = node.items[0].start if node.kind == "array" and node.items else None
    if node.kind == "object" and node.members:
        first = node.members[0][1]
    return first is not None and "\n" in text[node.start:first]


def _literal(phrase: str, ascii_only: bool) -> str:
    return json.dumps(phrase, ensure_ascii=ascii_only)


def _array_style(text: str, root: Node) -> tuple[str, str] | None:
    """(item indent relative to the key's line, closing indent relative to it) of a multi-line examples array."""
    entries = root.member("entries")
    for entry in entries.items if entries is not None else []:
        for name, key_start, value in entry.members:
            if name == "examples" and value.kind == "array" and value.items and _multi_line(text, value):
                key_indent = _indent_before(text, key_start)
                item_indent = _indent_before(text, value.items[0].start)
                close_indent = _indent_before(text, value.end - 1)
                if key_indent is None or item_indent is None or close_indent is None:
                    return None
                return item_indent.removeprefix(key_indent), close_indent.removeprefix(key_indent)
    return None


def _separator(text: str, entry: Node) -> str:
    """How the file writes `"key": value` (the text between a key and its value)."""
    for _, key_start, value in entry.members:
        close = text.index('"', key_start + 1)
        while text[close - 1] == "\\":
            close = text.index('"', close + 1)
        return text[close + 1:value.start]
    return ": "


def _gap(text: str, entry: Node) -> str:
    """How the file separates an entry's members on one line (`, ` or `,`)."""
    if len(entry.members) >= 2:
        between = text[entry.members[0][2].end:entry.members[1][1]]
        if "\n" not in between:
            return between
    return ", "


def example_insertion(text: str, root: Node, index: int, phrases: Sequence[str], ascii_only: bool) -> tuple[int, str]:
    entries = root.member("entries")
    assert entries is not None
    entry = entries.items[index]
    examples = entry.member("examples")
    literals = [_literal(p, ascii_only) for p in phrases]
    gap = _gap(text, entry)
    if examples is not None and examples.kind == "array" and examples.items:
        last = examples.items[-1]
        if _multi_line(text, examples):
            indent = _indent_before(text, examples.items[0].start) or ""
            return last.end, "".join(f",\n{indent}{lit}" for lit in literals)
        if len(examples.items) >= 2:
            gap = text[examples.items[0].end:examples.items[1].start]
        return last.end, "".join(f"{gap}{lit}" for lit in literals)
    if examples is not None:
        raise JsonEditError("its `examples` is not a non-empty array")
    if not entry.members:
        raise JsonEditError("the entry object has no members")
    last_value = entry.members[-1][2]
    separator = _separator(text, entry)
    style = _array_style(text, root)
    if _multi_line(text, entry):
        key_indent = _indent_before(text, entry.members[-1][1]) or ""
        if style is not None:
            item, close = style
            body = "".join(f"\n{key_indent}{item}{lit}," for lit in literals).rstrip(",")
            array = f"[{body}\n{key_indent}{close}]"
        else:
            array = "[" + ", ".join(literals) + "]"
        return last_value.end, f',\n{key_indent}"examples"{separator}{array}'
    return last_value.end, f'{gap}"examples"{separator}[' + gap.join(literals) + "]"


def add_examples(path: Path, text: str, additions: Mapping[int, Sequence[str]], ids: Sequence[str]) -> str:
    """The document text with `additions[i]` appended to the examples of entry `i`."""
    root = parse_spans(text)
    entries = None if root is None else root.member("entries")
    if root is None or entries is None or entries.kind != "array":
        raise JsonEditError(f"{path}: the document has no `entries` array the editor can find; it was left untouched.")
    ascii_only = "\\u" in text and not any(ord(ch) > 127 for ch in text)
    splices: list[tuple[int, str]] = []
    for index, phrases in sorted(additions.items()):
        if not phrases:
            continue
        try:
            splices.append(example_insertion(text, root, index, phrases, ascii_only))
        except JsonEditError as exc:
            raise JsonEditError(
                f'{path}: cannot add examples to rule "{ids[index]}" ($.entries[{index}]): {exc}. '
                "Give the entry an `examples` array of strings, or add the phrases by hand."
            ) from None
    newline = "\r\n" if "\r\n" in text else "\n"
    out = text
    for offset, insert in sorted(splices, reverse=True):
        out = out[:offset] + insert.replace("\n", newline) + out[offset:]
    return out
