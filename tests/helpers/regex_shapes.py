"""Regexes built without nested or overlapping repeats, for the property tests of the ReDoS analysis.

The generator knows nothing of the analysis: it follows the usual advice
against catastrophic backtracking by construction, so a finding on one of
its regexes would be a false alarm.
"""

from __future__ import annotations

from hypothesis import strategies as st

#: Character classes; a repeated one is always followed by a separator that none of them (nor any word) reads.
CLASSES = ["[a-c]", "[d-f]", "[0-4]", "x", "[gh]", r"\d"]
SEPARATORS = [",", "-", ":", "=", ";", r"\."]
WORDS = ["ab", "cd", "ef", "x0", "g", "hh"]  # distinct first characters


@st.composite
def unambiguous_regexes(draw: st.DrawFn) -> str:
    """A sequence of items, every repeated one followed by a separator no repeated item can read.

    An item is a class, a class with a repeat, a literal word, or a group of
    words with distinct first characters (optionally repeated).  No repeat is
    inside another, and no two repeats can read the same text next to each
    other: a regex with neither (the usual advice against ReDoS).
    """
    used = draw(st.permutations(CLASSES))
    items: list[str] = ["^"] if draw(st.booleans()) else []
    classes = iter(used)
    for position in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 3))
        separator = draw(st.sampled_from(SEPARATORS))
        if kind == 0:
            items.append(next(classes, "x"))
        elif kind == 1:
            cls = next(classes, None)
            if cls is None:
                continue
            items.append(cls + draw(st.sampled_from(["+", "*", "?", "{1,3}", "{2,}", "+?"])) + separator)
        elif kind == 2:
            items.append(draw(st.sampled_from(WORDS)))
        else:
            words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True))
            repeat = draw(st.sampled_from(["", "+", "*", "?"]))
            group = "(?:" + "|".join(words) + ")"
            items.append(group + (repeat + separator if repeat else ""))
        del position
    if draw(st.booleans()):
        items.append("$")
    flags = draw(st.sampled_from(["", "(?i)", "(?m)"]))
    return flags + "".join(items)
