"""Where a start rule is declared: a file and a line an author can jump to.

Every proven finding and every suggestion is about some rule; naming the
line of its declaration (`.entry(` in a Python graph, the entry object in a
JSON graph) saves the author a search, and lets editors and code-scanning
views link straight to it.  A location is a hint for humans and tools, never
part of a verdict: entries compare by position, not by where they were typed.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from fuzzroute.results.proven_records import Location

_PACKAGE_DIR = Path(__file__).resolve().parent


#: The engine's name for a rule's declared location: the findings record itself.
SourceLocation = Location


def location_dict(location: Location | None) -> dict[str, str | int] | None:
    """The JSON form: `{"file", "line"}`, or None when the declaration could not be located."""
    return None if location is None else {"file": location.file, "line": location.line}


@lru_cache(maxsize=256)
def _inside_package(filename: str) -> bool:
    """Whether a code file is part of fuzzroute itself (cached: a graph declares many entries)."""
    try:
        return Path(filename).resolve().is_relative_to(_PACKAGE_DIR)
    except (OSError, ValueError):
        return False


def caller_location(depth: int = 2) -> SourceLocation | None:
    """The line of the call `depth` frames up, skipping fuzzroute's own frames.

    From Python 3.11 on, the line of a frame running a method call is the
    line of the method name, so `Graph(...)\\n.entry(...)\\n.entry(...)` gives
    each entry the line of its own `.entry`, not the line the chain starts on.
    Frames without a real file (`<stdin>`, `<string>`) give None.
    """
    try:
        frame = sys._getframe(depth)
    except ValueError:
        return None
    while frame is not None and _inside_package(frame.f_code.co_filename):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    filename = frame.f_code.co_filename
    if not filename or filename.startswith("<"):
        return None
    line = frame.f_lineno
    if line is None or line < 1:
        return None
    return SourceLocation(filename, line)
