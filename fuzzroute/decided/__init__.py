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

from fuzzroute.decided.decide import ANY, SHORTEST, decide
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
from fuzzroute.decided.questions import MAX_STATES, RULE_STATES
from fuzzroute.decided.wording import BOUNDARY

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
