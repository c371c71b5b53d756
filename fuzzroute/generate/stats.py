"""Per-rule figures: generated, won, rejected, who took the rest, and the steals matrix.

Kept sparse (dictionaries keyed by entry index), because a unit of a
thousand-rule graph only ever touches its own rule's column, and units are
shipped between processes and merged (`absorb`).
"""

from __future__ import annotations

import bisect
import hashlib
from collections import Counter

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import Claimant, Claims
from fuzzroute.generate.findings import WITNESSES_PER_GROUP, make_witness, penalty_floor, witness_key
from fuzzroute.results.suggestions import RuleStats, Witness


def _digest(phrase: str, source: int) -> int:
    data = f"{source}\x1f{phrase}".encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


class Stats:
    """Counts for `Exploration.rules` and `Exploration.steals` (indexed by entry position)."""

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries
        self.generated: Counter[int] = Counter()
        self.won: Counter[int] = Counter()
        self.rejected: Counter[int] = Counter()
        self.lost_to: dict[int, Counter[int]] = {}
        self.steals: Counter[tuple[int, int]] = Counter()
        self.samples: dict[int, list[Witness]] = {}
        self._ranks: dict[int, list[tuple[int, int, str, str]]] = {}
        self._counted: set[int] = set()
        #: Built on first use: a unit's Stats never names entries, and building it per unit is
        #: quadratic in the number of rules (each unit would walk every entry).
        self._label: list[str] | None = None

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_counted"] = set()  # only needed while a unit runs
        state["_ranks"] = {}  # `absorb` ranks the samples again
        state["_label"] = None
        state["entries"] = ()  # `when` predicates need not pickle; the explorer's own Stats has them
        return state

    def label(self, index: int) -> str:
        """How `lost_to` names an entry: its id, or `id#position` when the id repeats."""
        if self._label is None:
            ids = Counter(e.id for e in self.entries)
            self._label = [e.id if ids[e.id] == 1 else f"{e.id}#{e.index + 1}" for e in self.entries]
        return self._label[index]

    def reject(self, source: int) -> None:
        self.rejected[source] += 1

    def accept(self, phrase: str, source: int, claims: Claims, winner: Claimant | None, generator: str) -> None:
        """A phrase `source` accepts, won by `winner` under the mount's law (counted once per rule)."""
        key = _digest(phrase, source)
        if key in self._counted:
            return
        self._counted.add(key)
        self.generated[source] += 1
        if winner is not None:
            self.steals[(winner.index, source)] += 1
        if winner is not None and winner.index == source:
            self.won[source] += 1
        elif winner is not None:
            self.lost_to.setdefault(source, Counter())[winner.index] += 1
        ranks = self._ranks.get(source)
        if (
            ranks is not None and len(ranks) >= WITNESSES_PER_GROUP
            and ranks[-1][0] <= penalty_floor(generator) and ranks[-1][1] < len(phrase)
        ):
            return  # cannot rank among the kept samples (see findings.cannot_beat)
        self._sample(source, make_witness(phrase, claims, generator))

    def _sample(self, source: int, witness: Witness) -> None:
        ranks = self._ranks.setdefault(source, [])
        kept = self.samples.setdefault(source, [])
        rank = witness_key(witness)
        if len(ranks) >= WITNESSES_PER_GROUP and rank >= ranks[-1]:
            return
        position = bisect.bisect_right(ranks, rank)
        ranks.insert(position, rank)
        kept.insert(position, witness)
        del ranks[WITNESSES_PER_GROUP:]
        del kept[WITNESSES_PER_GROUP:]

    def absorb(self, other: Stats) -> None:
        """Add another unit's figures (units own disjoint rules, so nothing is counted twice)."""
        self.generated.update(other.generated)
        self.won.update(other.won)
        self.rejected.update(other.rejected)
        self.steals.update(other.steals)
        for source, counts in other.lost_to.items():
            self.lost_to.setdefault(source, Counter()).update(counts)
        for source, witnesses in other.samples.items():
            for witness in witnesses:
                self._sample(source, witness)

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
                lost_to={self.label(k): v for k, v in sorted(self.lost_to.get(e.index, Counter()).items())},
            )
            for e in self.entries
        )

    def steals_cells(self) -> tuple[tuple[int, int, int], ...]:
        """The non-zero cells `(winner, source, count)`, sorted (see `Exploration.steals`)."""
        return tuple(sorted((winner, source, count) for (winner, source), count in self.steals.items() if count))

    def top_taker(self, source: int) -> int | None:
        counts = self.lost_to.get(source)
        if not counts:
            return None
        return min(counts, key=lambda k: (-counts[k], k))
