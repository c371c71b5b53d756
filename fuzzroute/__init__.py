r"""fuzzroute: find routing bugs in the start rules of an LLM agent's skill graph.

From the command line, on a graph file (a .py file declaring a
`fuzzroute.Graph`, a .json graph document, or a TypeScript or JavaScript
file using the reference library, which is read without running it):

    fuzzroute check GRAPH     # proven checks and decided findings; exit 1 on one to act on
    fuzzroute report GRAPH    # everything, as one HTML page (plus --json, --sarif, --junit)
    fuzzroute suggest GRAPH   # examples worth declaring; --write adds them to the graph's source

`fuzzroute COMMAND --help` lists each command's options and exit codes, and
`[tool.fuzzroute]` in pyproject.toml sets their defaults. From Python:

    import re
    import fuzzroute

    graph = (
        fuzzroute.Graph("support")
        .entry("orders", match=re.compile(r"\border\b", re.I), examples=["order status please"])
        .entry("tracking", match=re.compile(r"where is my order", re.I), examples=["where is my order"])
        .entry("concierge")  # unconditional default
    )
    graph.checkup().problems                          # proven: the declared examples, as the reference judges
    fuzzroute.decide(graph).items                     # decided: for every message, by automata
    fuzzroute.explore(graph, budget_phrases=500)      # suggested: generated phrases, samples, not proof

The names below are the public API, each with its own `help()`; they are
loaded on first use, so `import fuzzroute` is cheap. How the code is
organised, layer by layer, is written once, as the rules
`tests/test_architecture.py` enforces; the contributor documentation
(docs/contributing/code-organisation.md) shows them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Public name -> module that defines it (imported on first access).
_PUBLIC: dict[str, str] = {
    "AllOf": "fuzzroute.engine.matchers",
    "Checkup": "fuzzroute.engine.problems",
    "ClaimLaws": "fuzzroute.engine.laws",
    "Claimant": "fuzzroute.engine.laws",
    "Claims": "fuzzroute.engine.laws",
    "ConditionTimeLimit": "fuzzroute.engine.errors",
    "DeclarationError": "fuzzroute.engine.errors",
    "Entry": "fuzzroute.engine.entries",
    "FuzzrouteError": "fuzzroute.engine.errors",
    "Graph": "fuzzroute.engine.graph",
    "InputError": "fuzzroute.engine.errors",
    "Intent": "fuzzroute.engine.matchers",
    "Keywords": "fuzzroute.engine.matchers",
    "MOUNTS": "fuzzroute.engine.graph",
    "Note": "fuzzroute.engine.problems",
    "Outcome": "fuzzroute.engine.laws",
    "Problem": "fuzzroute.engine.problems",
    "Regex": "fuzzroute.engine.matchers",
    "RoutingContext": "fuzzroute.engine.context",
    "SourceLocation": "fuzzroute.engine.source_location",
    "all_of": "fuzzroute.engine.matchers",
    "cold_context": "fuzzroute.engine.context",
    "decide": "fuzzroute.decided",
    "explore": "fuzzroute.generate",
    "intent": "fuzzroute.engine.matchers",
    "js_regex": "fuzzroute.engine.matchers",
    "keywords": "fuzzroute.engine.matchers",
    "load_graph": "fuzzroute.graphfiles.loader",
    "runs_on": "fuzzroute.engine.laws",
    "time_limits": "fuzzroute.engine.limits",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from fuzzroute.decided import decide
    from fuzzroute.engine.context import RoutingContext, cold_context
    from fuzzroute.engine.entries import Entry
    from fuzzroute.engine.errors import ConditionTimeLimit, DeclarationError, FuzzrouteError, InputError
    from fuzzroute.engine.graph import MOUNTS, Graph
    from fuzzroute.engine.laws import Claimant, ClaimLaws, Claims, Outcome, runs_on
    from fuzzroute.engine.limits import time_limits
    from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Regex, all_of, intent, js_regex, keywords
    from fuzzroute.engine.problems import Checkup, Note, Problem
    from fuzzroute.engine.source_location import SourceLocation
    from fuzzroute.generate import explore
    from fuzzroute.graphfiles.loader import load_graph


def __getattr__(name: str) -> Any:
    """Load a public name from its module the first time it is asked for."""
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'fuzzroute' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])


__all__ = [  # the same names as _PUBLIC
    "AllOf",
    "Checkup",
    "ClaimLaws",
    "Claimant",
    "Claims",
    "ConditionTimeLimit",
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
    "SourceLocation",
    "all_of",
    "cold_context",
    "decide",
    "explore",
    "intent",
    "js_regex",
    "keywords",
    "load_graph",
    "runs_on",
    "time_limits",
]
