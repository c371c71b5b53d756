"""The routing context a `when` predicate receives.

The proven checks run every predicate on one *cold* context: the first
iteration of a turn, the phrase as the user message, no history and no
activated injections.  The generated half also builds warmer contexts (later
iterations, a history) to find `when` rules that only claim on a later turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class RoutingContext:
    """What a start rule may look at when it decides whether to claim a turn."""

    iteration: int
    user_message: str
    history: list[Any] = field(default_factory=list)
    activated_injection_ids: list[str] = field(default_factory=list)


COLD_CONTEXT_DESCRIPTION = (
    "the cold-start context (iteration 1, the phrase as the user message, "
    "an empty history, no cursor, no activated injections)"
)


def cold_context(phrase: str) -> RoutingContext:
    """A fresh cold context for one phrase; a new object on every call, as at run time."""
    return RoutingContext(iteration=1, user_message=phrase, history=[], activated_injection_ids=[])
