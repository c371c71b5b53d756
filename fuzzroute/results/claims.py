"""Who each claim law starts a turn on: the engine's answer, and the `claims` of every reported finding.

The claim laws (`fuzzroute.engine.laws`) build these values for every phrase
they judge; a proven problem and a decided item carry the same value into the
report, so what a reader sees is exactly what the laws returned.
"""

from __future__ import annotations

from fuzzroute.results.record import OMIT, Omitted, Record


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


class ClaimDetail(Record, frozen=True):
    """One law's claimant, with the condition that made it claim and the text it matched (`fuzzroute claim`)."""

    id: str
    index: int
    condition: str
    witness: str | None


class RuleRef(Record, frozen=True):
    """A rule by id and position."""

    id: str
    index: int


class ClaimAnswer(Record, frozen=True):
    """What `fuzzroute claim --format json` writes for one phrase.

    A law that reaches a `when` fuzzroute does not run has no known
    claimant: its `*_depends_on` names that rule instead (absent otherwise).
    """

    phrase: str
    cold_walk: str | None
    cascade: str | None
    cold_walk_detail: ClaimDetail | None
    cascade_detail: ClaimDetail | None
    cold_walk_depends_on: RuleRef | Omitted = OMIT
    cascade_depends_on: RuleRef | Omitted = OMIT
