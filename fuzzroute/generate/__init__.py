"""The generated half: phrases drawn from every rule, judged by the same two laws.

`explore(graph, seed=..., budget_phrases=..., budget_seconds=...)` returns a
`fuzzroute.results.suggestions.Exploration`.  Findings are suggestions, never proofs:
each carries witnesses whose claimants `graph.claims` reproduces, and a
paste-ready example line that turns it into a proven check.
"""

from __future__ import annotations

from fuzzroute.generate.explore import explore

__all__ = ["explore"]
