"""The decided tier's name for the complete part automata (built in `engine.automata.dfa`)."""

from __future__ import annotations

from fuzzroute.engine.automata.dfa import EDGE, MAX_PART_STATES, SEARCH, WHOLE, Part, Side, Thread, build_part

__all__ = ["EDGE", "MAX_PART_STATES", "SEARCH", "WHOLE", "Part", "Side", "Thread", "build_part"]
