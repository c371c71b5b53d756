"""Move rules in a graph's source by permuting the text of their declarations, keeping the layout.

Each rule's declaration is one span of the file: an `.entry(...)` call of a
chain (from its dot), an element of a rule array (a JSON entry, a
TypeScript `start.rules` object).  A span starts with the comment lines
written directly above the declaration (they describe it, so they move with
it) and ends with a comment that closes its last line.  Moving a rule is a
permutation of the span texts over the same slots: the text between two
slots (commas, line breaks, indentation) stays where it is, so the file
keeps its layout and only the moved declarations change places.
"""

from __future__ import annotations

from collections.abc import Sequence


def with_comments(text: str, start: int, end: int, comment: str) -> tuple[int, int]:
    """`(start, end)` widened over the comment lines right above `start` and a comment closing `end`'s line.

    Only when the declaration begins its line (nothing but indentation
    before it): a declaration sharing its line with another keeps its own
    text only.  A blank line ends the comment block above.
    """
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip():
        return start, end
    first = start
    cursor = line_start
    while cursor > 0:
        previous_start = text.rfind("\n", 0, cursor - 1) + 1
        line = text[previous_start:cursor - 1].rstrip("\r")
        stripped = line.strip()
        if not stripped.startswith(comment):
            break
        first = previous_start + (len(line) - len(line.lstrip()))
        cursor = previous_start
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    rest = text[end:line_end].rstrip("\r")
    if rest.strip().startswith(comment) and not rest.strip().startswith(comment + "!"):
        end = end + len(rest.rstrip())
    return first, end


def permuted(text: str, spans: Sequence[tuple[int, int]], order: Sequence[int]) -> str:
    """`text` with slot `k` (of `spans`, in text order) holding the text that span `order[k]` held."""
    assert len(order) == len(spans) and sorted(order) == list(range(len(spans)))
    pieces: list[str] = []
    cursor = 0
    for slot, (start, end) in enumerate(spans):
        pieces.append(text[cursor:start])
        source_start, source_end = spans[order[slot]]
        pieces.append(text[source_start:source_end])
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
