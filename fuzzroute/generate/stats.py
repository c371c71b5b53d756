"""Per-rule figures: generated, won, rejected, who took the rest, and the steals matrix."""

from __future__ import annotations

from collections import Counter

from fuzzroute.entries import Entry
from fuzzroute.laws import Claimant, Claims
from fuzzroute.suggestions import RuleStats, Witness

from .findings import WITNESSES_PER_GROUP, make_witness, witness_key


class Stats:
    """Counts for `Exploration.rules` and `Exploration.steals` (indexed by entry position)."""

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries
        n = len(entries)
        self.generated = [0] * n
        self.won = [0] * n
        self.rejected = [0] * n
        self.lost_to: list[Counter[int]] = [Counter() for _ in range(n)]
        self.steals = [[0] * n for _ in range(n)]
        self.samples: list[list[Witness]] = [[] for _ in range(n)]
        self._counted: set[tuple[str, int]] = set()
        ids = Counter(e.id for e in entries)
        self._label = [e.id if ids[e.id] == 1 else f"{e.id}#{e.index + 1}" for e in entries]

    def label(self, index: int) -> str:
        """How `lost_to` names an entry: its id, or `id#position` when the id repeats."""
        return self._label[index]

    def reject(self, source: int) -> None:
        self.rejected[source] += 1

    def accept(self, phrase: str, source: int, claims: Claims, winner: Claimant | None, generator: str) -> None:
        """A phrase `source` accepts, won by `winner` under the mount's law (counted once per rule)."""
        key = (phrase, source)
        if key in self._counted:
            return
        self._counted.add(key)
        self.generated[source] += 1
        if winner is not None:
            self.steals[winner.index][source] += 1
        if winner is not None and winner.index == source:
            self.won[source] += 1
        elif winner is not None:
            self.lost_to[source][winner.index] += 1
        kept = self.samples[source]
        kept.append(make_witness(phrase, claims, generator))
        kept.sort(key=witness_key)
        del kept[WITNESSES_PER_GROUP:]

    def rule_stats(self) -> tuple[RuleStats, ...]:
        return tuple(
            RuleStats(
                index=e.index,
                id=e.id,
                caption=e.caption,
                examples=len(e.examples or ()),
                generated=self.generated[e.index],
                won=self.won[e.index],
                rejected=self.rejected[e.index],
                lost_to={self.label(k): v for k, v in sorted(self.lost_to[e.index].items())},
            )
            for e in self.entries
        )

    def steals_matrix(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(row) for row in self.steals)

    def top_taker(self, source: int) -> int | None:
        counts = self.lost_to[source]
        if not counts:
            return None
        return min(counts, key=lambda k: (-counts[k], k))
