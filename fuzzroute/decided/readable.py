"""Make a shortest witness easier to read: a space where two rules' texts were glued together.

The search returns the shortest phrase, which glues texts ("v2?refund",
"cancelwhere is my order"), and a wildcard read in the rules' fixed words
picks a character no rule names ("revert.deploy").  A space replaces such a
character, or is added at a junction, when the phrase stays a witness of the
same fact, as judged by the compiled matchers themselves; the result reads
as words.
"""

from __future__ import annotations

import re
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


def worded(phrase: str, still_a_witness: Callable[[str], bool]) -> str:
    """`phrase` with punctuation replaced by spaces and runs of spaces made one, where it stays a witness."""
    out = phrase
    for position, ch in enumerate(phrase):
        if not ch.isalnum() and not ch.isspace():
            candidate = out[:position] + " " + out[position + 1 :]
            if still_a_witness(candidate):
                out = candidate
    single = re.sub(" {2,}", " ", out)
    if single != out and still_a_witness(single):
        out = single
    stripped = single.strip(" ") if single == out else out.strip(" ")
    if stripped and stripped != out and still_a_witness(stripped):
        out = stripped
    return out
