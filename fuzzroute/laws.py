"""The two claim laws, and `runs_on`, the single place a condition is evaluated.

* cold walk: the first non-intent entry, in declaration order, whose condition
  matches; an unconditional entry matches everything from its position on.
* cascade tier 1: the first *conditional* non-intent entry that matches;
  unconditional entries never claim.

`ClaimLaws.first` evaluates lazily and stops at the first match, as the
reference does (an impure predicate sees the same call order).  `ClaimLaws.both`
answers both laws in one pass, evaluating each entry at most once; it is what
generation uses on every phrase.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .context import RoutingContext, cold_context
from .entries import Entry
from .matchers import Keywords, Regex


class Outcome(enum.Enum):
    """The result of running one entry's condition on one context."""

    MATCH = "match"
    NO_MATCH = "no-match"
    THREW = "threw"


def runs_on(entry: Entry, phrase: str, context: RoutingContext | None = None) -> Outcome:
    """Run an entry's condition on a phrase (on the cold context unless one is given).

    A data matcher reads only the user message.  A `when` result is read for
    truthiness, and a `when` that raises counts as THREW (never a match).
    """
    matcher = entry.data_matcher
    if matcher is not None:
        message = phrase if context is None else context.user_message
        return Outcome.MATCH if matcher.matches(message) else Outcome.NO_MATCH
    if entry.when is None:
        return Outcome.MATCH
    ctx = cold_context(phrase) if context is None else context
    try:
        return Outcome.MATCH if entry.when(ctx) else Outcome.NO_MATCH
    except Exception:  # noqa: BLE001 - any exception is a `threw` verdict by contract
        return Outcome.THREW


@dataclass(frozen=True)
class Claimant:
    """The entry a law starts the turn on."""

    index: int
    id: str
    unconditional: bool


@dataclass(frozen=True)
class Claims:
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


def _claimant(entry: Entry) -> Claimant:
    return Claimant(entry.index, entry.id, entry.is_unconditional)



class ClaimLaws:
    """Both laws over one ordered list of entries."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.candidates: tuple[Entry, ...] = tuple(e for e in entries if not e.is_intent)
        self.rules: tuple[Entry, ...] = tuple(e for e in self.candidates if not e.is_unconditional)
        self._claimants = {e.index: _claimant(e) for e in self.candidates}
        # The hot path of generation: one (claimant, test) pair per candidate,
        # where `test` is a bound `search` for regex and keyword matchers (no
        # context object is built for data matchers) and None for a default.
        self._plan: tuple[tuple[Claimant, Callable[[str], object] | None], ...] = tuple(
            (self._claimants[e.index], _cold_test(e)) for e in self.candidates
        )

    def under_cold_walk(self, phrase: str, context: RoutingContext | None = None) -> Entry | None:
        """The cold-walk claimant, evaluating in order and stopping at the first match."""
        for entry in self.candidates:
            if runs_on(entry, phrase, context) is Outcome.MATCH:
                return entry
        return None

    def under_cascade(self, phrase: str, context: RoutingContext | None = None) -> Entry | None:
        """The cascade tier-1 claimant: conditional rules only."""
        for entry in self.rules:
            if runs_on(entry, phrase, context) is Outcome.MATCH:
                return entry
        return None

    def both(self, phrase: str, context: RoutingContext | None = None) -> Claims:
        """Both claimants in one pass; each entry is evaluated at most once.

        The pass stops at the first conditional match: that entry is the
        cascade claimant, and also the cold-walk claimant unless a default came
        before it.  Verdicts equal `under_cold_walk` and `under_cascade`.
        """
        if context is not None:
            return self._both_in_context(phrase, context)
        cold: Claimant | None = None
        for claimant, test in self._plan:
            if test is None:
                if cold is None:
                    cold = claimant
            elif test(phrase):
                return Claims(claimant if cold is None else cold, claimant)
        return Claims(cold, None)

    def _both_in_context(self, phrase: str, context: RoutingContext) -> Claims:
        cold: Claimant | None = None
        for entry in self.candidates:
            claimant = self._claimants[entry.index]
            if claimant.unconditional:
                if cold is None:
                    cold = claimant
            elif runs_on(entry, phrase, context) is Outcome.MATCH:
                return Claims(claimant if cold is None else cold, claimant)
        return Claims(cold, None)


def _cold_test(entry: Entry) -> Callable[[str], object] | None:
    """The cheapest callable whose truthiness equals `runs_on(entry, phrase) is MATCH`."""
    matcher = entry.data_matcher
    if isinstance(matcher, Regex):
        return matcher.pattern.search
    if isinstance(matcher, Keywords):
        return matcher.combined.search
    if matcher is not None:
        return matcher.matches
    if entry.when is None:
        return None
    return lambda phrase: runs_on(entry, phrase) is Outcome.MATCH
