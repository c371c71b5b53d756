"""Cheap witnesses first: short texts each rule wins with, tried alone and joined, checked by the real laws.

A product search over every rule of both versions finds a witness for a
pair, but its breadth-first frontier grows with the number of rules that
overlap (in a real graph nearly all do: any two texts can be written in one
message).  Most moves, though, are shown by a text a person would try
first: the text the new rule wins with, the text the old rule wins with,
what a changed rule gained (a keyword added) or lost (a regex narrowed),
or two of these joined by a space.  Each such text is found by a small
search over one rule's own text, and a candidate counts only when both
graphs' `claims()` route it the pair's way, so a candidate can show that a
pair moves but never that it does not (that still takes the full search).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.diff.automata import FOUND, NONE, Automata
from fuzzroute.diff.matching import RuleMatching, condition_key
from fuzzroute.diff.winners import claimant
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant

#: States a search for one rule's own readable text may visit (it only picks a witness).
READABLE_STATES = 400


@dataclass(frozen=True)
class Winning:
    """Whether a rule can win under a law (False only when proven), and a text it wins with, when found."""

    possible: bool
    text: str | None = None


class Texts:
    """Texts per rule, computed once per diff: what it wins with, and what its change gained or lost."""

    def __init__(self, automata: Automata, base: Graph, head: Graph, matching: RuleMatching) -> None:
        self.automata = automata
        self.graphs = {"base": base, "head": head}
        self.entries = {"base": base.entries, "head": head.entries}
        self.matching = matching
        self._winning: dict[tuple[str, str, int | None], Winning] = {}
        self._changed: dict[tuple[str, int], str | None] = {}
        self._own: dict[int, str | None] = {}

    def own(self, key: int) -> str | None:
        """The rule's words as written, else its shortest, most readable own text (its regex matched whole, one
        of its keywords)."""
        if key not in self._own:
            written = self.automata.written(key)
            if written is not None:
                self._own[key] = written
            else:
                answer = self.automata.ask([key], [], own_text=key, cap=READABLE_STATES)
                self._own[key] = answer.phrase if answer.verdict == FOUND else None
        return self._own[key]

    def winning(self, law: str, side: str, index: int | None, must: Sequence[int], must_not: Sequence[int],
                own_text: int | None) -> Winning:
        """Whether the rule can start a turn under `law` (must / must_not as `moves` builds them).

        The rule's own text (or the empty message, for "no rule" and a
        default) is tried first through the graph's own laws: when the rule
        wins it, no search over the other rules is needed.
        """
        key = (law, side, index)
        if key not in self._winning:
            quick = self.own(own_text) if own_text is not None else ("" if not must else None)
            if quick is not None and _index(claimant(self.graphs[side].claims(quick), law)) == index:
                self._winning[key] = Winning(True, quick)
                return self._winning[key]
            found = None
            if own_text is not None:
                readable = self.automata.ask(must, must_not, own_text=own_text, cap=READABLE_STATES)
                found = readable.phrase if readable.verdict == FOUND else None
            if found is not None:
                self._winning[key] = Winning(True, found)
            else:
                plain = self.automata.ask(must, must_not)
                self._winning[key] = Winning(plain.verdict != NONE, plain.phrase if plain.verdict == FOUND else None)
        return self._winning[key]

    def changed(self, side: str, index: int) -> str | None:
        """For a rule whose condition changed: a text it matches and its other version does not."""
        key = (side, index)
        if key not in self._changed:
            self._changed[key] = None
            other_side = "head" if side == "base" else "base"
            mapping = self.matching.head_of if side == "base" else self.matching.base_of
            other = mapping.get(index)
            if other is not None:
                entry, twin = self.entries[side][index], self.entries[other_side][other]
                mine, theirs = self.automata.key(side, entry), self.automata.key(other_side, twin)
                if mine is not None and condition_key(entry) != condition_key(twin):
                    excluded = [] if theirs is None else [theirs]
                    answer = self.automata.ask([mine], excluded, own_text=mine, cap=READABLE_STATES)
                    if answer.verdict != FOUND:
                        answer = self.automata.ask([mine], excluded, cap=READABLE_STATES * 5)
                    self._changed[key] = answer.phrase if answer.verdict == FOUND else None
        return self._changed[key]


def _index(found: Claimant | None) -> int | None:
    return None if found is None else found.index


def candidates(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The texts to try for a pair, shortest kinds first: each alone, then each old text joined with each new one."""
    singles = [*new, *old]
    joined = [f"{a} {b}" for a in old for b in new] + [f"{b} {a}" for a in old for b in new]
    return [text for text in dict.fromkeys(singles + joined) if text]
