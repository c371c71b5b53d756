"""Who each claim law starts a turn on: the engine's answer, and the `claims` of every reported finding.

The claim laws (`fuzzroute.engine.laws`) build these values for every phrase
they judge; a proven problem and a decided item carry the same value into the
report, so what a reader sees is exactly what the laws returned.
"""

from __future__ import annotations

from fuzzroute.results.record import Record


class Claimant(Record, frozen=True):
    """The entry a law starts the turn on."""

    index: int
    id: str
    unconditional: bool


class Claims(Record, frozen=True):
    """The claimant under each law (None when the law starts no entry)."""

    cold_walk: Claimant | None
    cascade: Claimant | None

    @property
    def disagree(self) -> bool:
        """True when the mount decides: the laws name different entries."""
        return self.cold_walk != self.cascade

    def ids(self) -> tuple[str | None, str | None]:
        """The claimant ids as `(cold_walk, cascade)`."""
        return (
            None if self.cold_walk is None else self.cold_walk.id,
            None if self.cascade is None else self.cascade.id,
        )
