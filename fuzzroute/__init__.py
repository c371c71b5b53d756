"""fuzzroute: find routing bugs in the start rules of an LLM agent's skill graph.

The engine (graph, matchers, laws, proven checks) lives in this package's
top-level modules and imports nothing of generation or reporting.
"""

from __future__ import annotations

from .context import RoutingContext, cold_context
from .entries import Entry
from .errors import DeclarationError, FuzzrouteError, InputError
from .graph import MOUNTS, Graph
from .laws import Claimant, ClaimLaws, Claims, Outcome, runs_on
from .matchers import AllOf, Intent, Keywords, Regex, all_of, intent, keywords
from .problems import Checkup, Note, Problem

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """`fuzzroute.explore` without making the engine import the generators.

    The generated half (and the decided tier, `fuzzroute.decide`) is loaded
    only when asked for, so `import fuzzroute` (and `fuzzroute check`) stays
    light and the engine stays free of it.
    """
    if name == "explore":
        from .generate import explore

        return explore
    if name == "decide":
        from .decided import decide

        return decide
    raise AttributeError(f"module 'fuzzroute' has no attribute {name!r}")

__all__ = [
    "AllOf",
    "Checkup",
    "ClaimLaws",
    "Claimant",
    "Claims",
    "DeclarationError",
    "Entry",
    "FuzzrouteError",
    "Graph",
    "InputError",
    "Intent",
    "Keywords",
    "MOUNTS",
    "Note",
    "Outcome",
    "Problem",
    "Regex",
    "RoutingContext",
    "all_of",
    "cold_context",
    "intent",
    "keywords",
    "runs_on",
]
