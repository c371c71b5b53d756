"""How deeply a regex nests its groups, refused past what every reader of a regex can follow.

Python's `re` parses a pattern recursively and gives up near 500 nested
groups (with a RecursionError, not `re.error`); V8 takes thousands.  The
JavaScript reader (`jsregex.syntax`) is recursive too, and every later step
(the automata, the phrase generators) reads the parse tree `re` builds.  So
one bound, `MAX_NESTING`, is checked on the source text before anything
parses it, and a deeper regex is refused with a message saying so, in both
dialects, instead of failing somewhere inside a parser.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

#: Groups (parentheses) a regex may nest; far beyond any hand-written pattern.
MAX_NESTING = 400
#: Extra Python frames allowed while a regex of up to MAX_NESTING groups is parsed and compiled.
_PARSE_FRAMES = 12 * MAX_NESTING

T = TypeVar("T")


def nesting(source: str) -> int:
    """The deepest nesting of parentheses in `source`, skipping escapes and character classes."""
    depth = deepest = 0
    index, in_class = 0, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if source.startswith("]", index + 1) or source.startswith("^]", index + 1):
                index += 2 if source[index + 1] == "]" else 3  # a leading ] is a literal in Python's re
                continue
        elif char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth = max(0, depth - 1)
        index += 1
    return deepest


def too_deep(source: str) -> str | None:
    """Why `source` is refused (None when it nests at most MAX_NESTING groups)."""
    depth = nesting(source)
    if depth <= MAX_NESTING:
        return None
    return (
        f"it nests {depth} groups inside one another; fuzzroute reads regexes nested at most {MAX_NESTING} "
        "deep (Python's re stops near 500). Flatten the pattern: drop groups that only wrap one another"
    )


@contextmanager
def _room_to_recurse() -> Iterator[None]:
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(max(saved, saved + _PARSE_FRAMES))
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)


def with_room(function: Callable[[], T]) -> T:
    """`function()` (a parse or compile of a regex within MAX_NESTING) with room for its recursion."""
    with _room_to_recurse():
        return function()
