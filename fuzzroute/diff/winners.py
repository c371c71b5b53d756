"""Who can start the turn under each claim law, and what must hold for them to (routing-semantics.md section 4).

Under the *cold walk* the first non-intent rule that matches starts the
turn, and a default (no condition) matches everything, so no rule after the
first default can start a turn and "no rule" is possible only in a graph
without a default.  Under the *cascade* defaults never claim: the first
conditional non-intent rule that matches starts the turn, or none does.

A rule starts the turn on a message exactly when it matches the message and
every candidate before it (its `earlier`) declines it.  That is the whole
question the automata are asked, for each version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import Claimant, Claims
from fuzzroute.results.diff_document import CASCADE, COLD_WALK, LAW_NAMES, LAWS

__all__ = ["CASCADE", "COLD_WALK", "LAWS", "LAW_NAMES", "Winner", "claimant", "winners"]


@dataclass(frozen=True)
class Winner:
    """A possible claimant under one law (None: no rule starts the turn) and the rules before it."""

    entry: Entry | None
    earlier: tuple[Entry, ...]

    @property
    def index(self) -> int | None:
        return None if self.entry is None else self.entry.index


def winners(entries: Sequence[Entry], law: str) -> list[Winner]:
    """Every claimant `law` can name in a graph with these rules, in declaration order, then None."""
    candidates = [e for e in entries if not e.is_intent]
    if law == CASCADE:
        candidates = [e for e in candidates if not e.is_unconditional]
    found: list[Winner] = []
    for position, entry in enumerate(candidates):
        found.append(Winner(entry, tuple(candidates[:position])))
        if entry.is_unconditional:
            return found  # a default claims every message from here on: nothing later, never "no rule"
    found.append(Winner(None, tuple(candidates)))
    return found


def claimant(claims: Claims, law: str) -> Claimant | None:
    """The claimant of `law` in a `graph.claims()` answer."""
    return claims.cold_walk if law == COLD_WALK else claims.cascade
