"""Phrases from a keyword rule: natural frames, case and punctuation, inflections.

A keyword matches case-insensitively between ASCII word edges, so the
interesting phrases sit right at that edge: "Refund?" (accepted), "refunds"
and "refunded" (rejected: a letter follows), "refund_2" (rejected: `_` is a
word character).  `variants` lists those probes; `KeywordPhrases.sample`
draws framed phrases, optionally with another word next to the keyword.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.vocabulary import frame, vocabulary

PUNCTUATION_VARIANTS = ("{}?", "{}!", "{},", "{}.", "'{}'", '"{}"', "({})", "#{}", "{}'s", "{}:", "-{}-")
BOUNDARY_PROBES = ("{}_2", "{}2", "x{}", "_{}")


def inflections(word: str) -> list[str]:
    """English-ish inflections of the last word of `word` ("refund" -> "refunds", "refunded", ...).

    Not linguistics: just the endings users type, which is what a word edge
    turns away.
    """
    head, _, last = word.rpartition(" ")
    prefix = head + " " if head else ""
    if not last or not last[-1].isalpha():
        return []
    forms: list[str] = []
    if last.endswith(("s", "x", "ch", "sh")):
        forms.append(last + "es")
    else:
        forms.append(last + "s")
    if last.endswith("e"):
        forms += [last + "d", last[:-1] + "ing", last + "r"]
    else:
        forms += [last + "ed", last + "ing", last + "er"]
    if last.endswith("s") and len(last) > 3:
        forms.append(last[:-1])
    return [prefix + form for form in dict.fromkeys(forms) if form != last]


def case_variants(word: str) -> list[str]:
    return list(dict.fromkeys([word.lower(), word.capitalize(), word.title(), word.upper()]))


def spacing_variants(word: str) -> list[str]:
    """For a multi-word keyword: doubled, removed and hyphenated spaces (literal inner spaces)."""
    if " " not in word:
        return []
    return [word.replace(" ", "  ", 1), word.replace(" ", "", 1), word.replace(" ", "-", 1)]


def variants(keyword: str) -> list[str]:
    """Every edge probe of one keyword, most natural first."""
    out = case_variants(keyword)
    out += [frame(p, keyword) for p in PUNCTUATION_VARIANTS]
    out += inflections(keyword)
    out += spacing_variants(keyword)
    out += [frame(p, keyword) for p in BOUNDARY_PROBES]
    return list(dict.fromkeys(v for v in out if v))


class KeywordPhrases:
    """Framed phrases around one rule's keywords; `fillers` may stand next to a keyword."""

    def __init__(self, keywords: Sequence[str], fillers: Sequence[str] = ()) -> None:
        self.keywords = tuple(keywords)
        self.fillers = tuple(fillers) or vocabulary().words

    def fragment(self, chooser: Chooser) -> str:
        """A keyword, sometimes in another case (for use inside a bigger phrase)."""
        keyword = pick(chooser, self.keywords)
        if chooser.chance(20):
            return pick(chooser, case_variants(keyword))
        return keyword

    def sample(self, chooser: Chooser) -> str:
        """A keyword in a frame, sometimes with a neighbouring word or an edge variant."""
        text = self.fragment(chooser)
        if chooser.chance(25):
            word = pick(chooser, self.fillers)
            text = f"{text} {word}" if chooser.chance(50) else f"{word} {text}"
        elif chooser.chance(20):
            text = pick(chooser, variants(text))
        return frame(pick(chooser, vocabulary().frames), text)

    def strategy(self) -> st.SearchStrategy[str]:
        return as_strategy(self.sample)

    def probes(self) -> list[str]:
        """Every keyword's edge variants, keyword by keyword (a finite list)."""
        return [v for k in self.keywords for v in variants(k)]
