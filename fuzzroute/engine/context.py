"""The routing context a `when` predicate receives.

The proven checks run every predicate on one *cold* context: the first
iteration of a turn, the phrase as the user message, no history and no
activated injections.  The generated half also builds warmer contexts (later
iterations, a history) to find `when` rules that only claim on a later turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.results.proven_records import COLD_CONTEXT_DESCRIPTION as COLD_CONTEXT_DESCRIPTION


@dataclass
class RoutingContext:
    """What a start rule may look at when it decides whether to claim a turn."""

    iteration: int
    user_message: str
    history: list[Any] = field(default_factory=list)
    activated_injection_ids: list[str] = field(default_factory=list)




def cold_context(phrase: str) -> RoutingContext:
    """A fresh cold context for one phrase; a new object on every call, as at run time."""
    return RoutingContext(iteration=1, user_message=phrase, history=[], activated_injection_ids=[])
