"""Make a shortest witness easier to read: a space where two rules' texts were glued together.

The search returns the shortest phrase, which glues texts ("v2?refund",
"cancelwhere is my order").  A space is added at a junction when the phrase
stays a witness of the same fact, as judged by the compiled matchers
themselves; the result is one or two characters longer and reads as words.
"""

from __future__ import annotations

from collections.abc import Callable


def spaced(phrase: str, still_a_witness: Callable[[str], bool]) -> str:
    """`phrase` with a space added at each glued junction where it stays a witness (left to right)."""
    out = phrase
    position = 1
    while position < len(out):
        before, after = out[position - 1], out[position]
        if not before.isspace() and not after.isspace():
            candidate = out[:position] + " " + out[position:]
            if still_a_witness(candidate):
                out = candidate
                position += 1
        position += 1
    return out
