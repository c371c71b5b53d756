"""`when` rules that decline a phrase cold but claim it on a later turn.

Contexts come from the routing-context JSON Schema through
hypothesis-jsonschema (or fuzzroute's own generator where it does not run
with the installed hypothesis), drawn deterministically from the seed; history
contents and injection ids are the graph's own phrases and ids.  They are
tried least-state first, so the witness shows the smallest context that
makes the rule claim.  A phrase is judged in a context with the engine's
`laws.both(phrase, context)`, which runs every `when` through `runs_on`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claims
from fuzzroute.generate.seeded import draw_examples, stable_seed
from fuzzroute.strategies.contexts import (
    ContextDocument,
    context_generator,
    is_cold,
    routing_contexts,
    simplicity,
    to_routing_context,
    witness_context,
)

CONTEXTS_DRAWN = 32
CONTEXTS_KEPT = 12
PHRASES_PER_RULE = 40


@dataclass(frozen=True)
class WarmClaim:
    entry: Entry
    phrase: str
    context: dict[str, Any]
    claims: Claims


def contexts_drawn_by(graph: Graph) -> str | None:
    """The generator `warm_contexts` draws this graph's contexts with; None when no rule has a `when`."""
    if not any(e.when is not None and not e.is_intent for e in graph.entries):
        return None
    return context_generator()


def warm_contexts(
    graph: Graph, seed: int, texts: Sequence[str], deadline: float | None = None
) -> list[ContextDocument]:
    """Distinct non-cold context documents, least state first (drawn until `deadline`, a time budget's end)."""
    ids = [e.id for e in graph.entries]
    drawn = draw_examples(routing_contexts(texts, ids), CONTEXTS_DRAWN, stable_seed(seed, "contexts"), deadline)
    distinct: dict[str, ContextDocument] = {}
    for document in drawn:
        if not is_cold(document):
            distinct.setdefault(json.dumps(document, sort_keys=True), document)
    return sorted(distinct.values(), key=simplicity)[:CONTEXTS_KEPT]


def find_warm(
    graph: Graph,
    entry: Entry,
    phrases: Sequence[str],
    contexts: Sequence[ContextDocument],
    halted: Callable[[], bool],
) -> list[WarmClaim]:
    """For each phrase the rule declined cold, the first context in which it starts the turn."""
    found: list[WarmClaim] = []
    laws = graph.laws
    laws.prefetch([to_routing_context(d, p) for p in phrases[:PHRASES_PER_RULE] for d in contexts])
    for phrase in phrases[:PHRASES_PER_RULE]:
        if halted():
            break
        for document in contexts:
            try:
                claims = laws.both(phrase, to_routing_context(document, phrase))
            except ConditionTimeLimit:
                break  # a regex the automata cannot read ran past the time limit: this phrase cannot be judged
            if claims.cascade is not None and claims.cascade.index == entry.index:
                found.append(WarmClaim(entry, phrase, witness_context(document, phrase), claims))
                break
    return found
