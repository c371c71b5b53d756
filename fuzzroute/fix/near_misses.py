"""Near misses as findings `fix` works on (filled from the deterministic near-miss variants)."""

from __future__ import annotations

from fuzzroute.decided.decisions import Decisions
from fuzzroute.engine.graph import Graph
from fuzzroute.fix.gaps import Gap


def near_miss_gaps(graph: Graph, decisions: Decisions) -> list[Gap]:
    """Not wired yet: the near-miss variants come with the merge of the variants module."""
    return []
