"""Phrases from an all-of rule: one fragment per part, in shuffled order, in a frame.

Every part must match, so a phrase carries a fragment of each; the parts'
order and the connecting words vary, because a regex part may only match at
the start, or only next to another part's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.vocabulary import frame, vocabulary

Fragment = Callable[[Chooser], str]
CONNECTORS = (" ", " and ", ", ", " - ", " with ")


class AllOfPhrases:
    """Combine one fragment generator per part into whole phrases."""

    def __init__(self, parts: Sequence[Fragment]) -> None:
        self.parts = tuple(parts)

    def combine(self, chooser: Chooser) -> str:
        fragments = [part(chooser) for part in self.parts]
        order = list(range(len(fragments)))
        # A Fisher-Yates shuffle driven by the chooser (shrinks to declaration order).
        for i in range(len(order) - 1, 0, -1):
            j = i - chooser.integer(0, i)
            order[i], order[j] = order[j], order[i]
        text = fragments[order[0]]
        for k in order[1:]:
            text += pick(chooser, CONNECTORS) + fragments[k]
        return text

    def sample(self, chooser: Chooser) -> str:
        text = self.combine(chooser)
        if chooser.chance(33):
            return text
        return frame(pick(chooser, vocabulary().frames), text)

    def strategy(self) -> st.SearchStrategy[str]:
        return as_strategy(self.sample)
