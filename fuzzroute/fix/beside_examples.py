"""`suggest --with-gaps`: the safe rule fix written beside each gap example it adds.

A gap example is a phrase `check` will fail on once declared: a near miss
the rule misses, a witness an earlier rule takes.  Declared alone it turns
`check` red; with the fix of its finding beside it (the rule widened, the
rule moved or the earlier one narrowed, each proven safe as `fuzzroute fix`
proves it) the checkup proves it from then on.  Only the findings of the
added examples are fixed, and only by safe fixes.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.authoring.choose import Pick
from fuzzroute.engine.graph import Graph
from fuzzroute.fix.fixing import FixRun, fix_graph
from fuzzroute.fix.gaps import Gap, pair_kinds
from fuzzroute.graphfiles.acceptance_sidecar import add_sidecar_acceptances
from fuzzroute.graphfiles.loader import LoadedGraph


def fixes_beside(loaded: LoadedGraph, text: str, graph: Graph, picks: Sequence[Pick]) -> FixRun:
    """The safe fixes of the findings `picks` (gap examples, already in `text`, which declares `graph`) are
    about, made in `text`."""
    add_sidecar_acceptances(graph, loaded.path)
    edited = LoadedGraph(graph, loaded.path, loaded.format, loaded.attribute)
    near = {(p.rule, p.variant) for p in picks if p.variant is not None}
    rules = {p.rule for p in picks}  # a near miss an earlier rule takes is fixed by fixing the pair

    def about(gap: Gap) -> bool:
        if gap.variant_kind is not None:
            return (gap.rule.id, gap.variant_kind) in near
        return gap.code in pair_kinds() and gap.rule.id in rules

    return fix_graph(edited, text=text, only=about)
