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
    return inert_json(json.dumps(data, ensure_ascii=False, separators=(",", ":"))) + "\n"


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
