"""JSON text as fuzzroute writes it: compact on disk, and inert for every viewer.

The JSON form itself comes from the findings records (`fuzzroute.results.record.to_json`);
this module only turns parsed JSON into text, so the lean `check` path can use it without
loading the model.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from typing import Any


def compact_text(data: Any) -> str:
    """A JSON document as written to disk: compact (a 1000-rule report is a third of its indented size)."""
    return inert_json(_dumped(data)) + "\n"


def _dumped(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


#: Items of a list dumped at once by `compact_bytes`.
_ITEMS_PER_PIECE = 256


def compact_bytes(data: Any) -> bytes:
    """`compact_text(data)` as the UTF-8 a file holds (the same bytes), made piece by piece.

    A 5,000-rule report is a 16 MB document: `json.dumps` holds its pieces
    and their joined text at once (two bytes a character as soon as one
    character is past Latin-1), and escaping and encoding copy it again.
    Here the outer objects and lists are written item by item, so only one
    piece is text at a time beside the bytes.  A piece ends at a comma, a
    bracket or a quote, so `inert_json` escapes each alike.
    """
    pieces: list[bytes] = []
    _pieces(data, 2, pieces)
    pieces.append(b"\n")
    return b"".join(pieces)


def _encoded(text: str) -> bytes:
    return inert_json(text).encode("utf-8", "backslashreplace")


def _pieces(value: Any, depth: int, pieces: list[bytes]) -> None:
    if depth and type(value) is dict and value and all(type(key) is str for key in value):
        pieces.append(b"{")
        for number, (key, item) in enumerate(value.items()):
            pieces.append(_encoded(("," if number else "") + _dumped(key) + ":"))
            _pieces(item, depth - 1, pieces)
        pieces.append(b"}")
    elif depth and type(value) is list and value:
        pieces.append(b"[")
        for start in range(0, len(value), _ITEMS_PER_PIECE):
            if start:
                pieces.append(b",")
            pieces.append(_encoded(_dumped(value[start : start + _ITEMS_PER_PIECE])[1:-1]))
        pieces.append(b"]")
    else:
        pieces.append(_encoded(_dumped(value)))


#: Characters a JSON output writes as `\uXXXX` escapes: format characters (bidi controls, zero-width
#: characters), line and paragraph separators, surrogates, private-use and unassigned code points.
#: `json.dumps` already escapes the ASCII controls; letters of every script stay readable.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"})
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")


def _escape_run(found: re.Match[str]) -> str:
    run = found.group(0)
    if run.isprintable():  # letters, marks, symbols of any script: nothing to escape (checked in C)
        return run
    return "".join(_escaped(char) for char in run)


@lru_cache(maxsize=1 << 16)
def _escaped(char: str) -> str:
    if unicodedata.category(char) not in _ESCAPED_CATEGORIES:
        return char
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def inert_json(dumped: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) with invisible characters as `\\uXXXX` escapes.

    The text stays exact for every JSON reader (baselines, merge and the
    ledger match on it), while a viewer, a terminal or a CI log never
    receives a raw bidi override or zero-width character from a graph.
    Such characters can only stand inside string literals, so the
    substitution cannot touch the document's structure.
    """
    return dumped if dumped.isascii() else _NON_ASCII_RUN.sub(_escape_run, dumped)
