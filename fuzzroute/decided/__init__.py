"""The decided tier: facts about start rules that hold for every message, found with automata.

`decide(graph)` translates each data rule into an automaton that reads text
exactly as Python's `re` and the keyword rule do, and answers, for all
messages: how each pair of rules meets (an earlier rule matching inside a
later rule's own text is a finding, listed with that text as the witness;
texts that only meet glued together, and disjoint pairs, are counted),
which rules never start a turn because earlier data rules take everything
they match, which rules an earlier default hides from the cold walk, which
regexes Python's `re` can backtrack on without bound (ReDoS, with an attack
string), and which questions stay undecided and why.  Every bound is counted
in work, so every machine decides the same.  It sits beside the engine: the
engine never imports it; generation reads its automata for its overlap
witnesses.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from fuzzroute.decided.decisions import (
    CAN_WIN,
    CASE_RANGE,
    CO_OCCURRENCE,
    COLD_WALK_DEAD,
    DECIDED_KINDS,
    DISJOINT,
    FIXED_WORDS,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    REDOS,
    SHARED_TEXT,
    UNDECIDED,
    WILDCARD,
    DecidedItem,
    Decisions,
    Defect,
)
from fuzzroute.decided.wording import BOUNDARY

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from fuzzroute.decided.questions import MAX_STATES, RULE_STATES
    from fuzzroute.decided.tier import ANY, SHORTEST, decide

def _tier() -> ModuleType:
    from fuzzroute.decided import tier

    return tier


def _questions() -> ModuleType:
    from fuzzroute.decided import questions

    return questions


#: Names loaded on first use: reading the decided tier's findings (`verdict`, `decisions`), as `check
#: --no-decide` does to judge --fail-on, must not import the automata and the questions.
_LAZY: dict[str, Callable[[], ModuleType]] = {
    "ANY": _tier,
    "SHORTEST": _tier,
    "decide": _tier,
    "MAX_STATES": _questions,
    "RULE_STATES": _questions,
}


def __getattr__(name: str) -> Any:
    """Load `decide` and the questions' bounds the first time they are asked for."""
    loader = _LAZY.get(name)
    if loader is None:
        raise AttributeError(f"module 'fuzzroute.decided' has no attribute {name!r}")
    value = getattr(loader(), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "ANY",
    "SHORTEST",
    "BOUNDARY",
    "CAN_WIN",
    "CO_OCCURRENCE",
    "COLD_WALK_DEAD",
    "DECIDED_KINDS",
    "DISJOINT",
    "FIXED_WORDS",
    "DecidedItem",
    "Decisions",
    "Defect",
    "MAX_STATES",
    "NEVER_MATCHES",
    "NEVER_WINS",
    "OVERLAP",
    "CASE_RANGE",
    "REDOS",
    "SHARED_TEXT",
    "RULE_STATES",
    "UNDECIDED",
    "WILDCARD",
    "decide",
]
