"""Make rule edits in a graph file's own source, and prove the edit by loading it again.

Dispatches to the editor of the file's form (`python_rules`, `json_rules`,
`ts_rules`), each of which keeps comments, layout and line endings, then
loads the new text in memory and requires that it declares exactly the
graph the same edits give in memory (`rule_edits.edited_graph`).  A file
that changed since it was read, a graph built dynamically (a rule in a loop,
a matcher in a variable) or an edit the reload contradicts is refused with
one paragraph, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.authoring import json_rules, python_rules, ts_rules
from fuzzroute.authoring.rule_edits import RuleEdit, edited_graph, same_rules
from fuzzroute.authoring.suggest import read_source, refuse_changed
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.graphfiles.acceptance_sidecar import add_sidecar_acceptances
from fuzzroute.graphfiles.loader import LoadedGraph, load_graph_text


def edited_text(loaded: LoadedGraph, text: str, edits: Sequence[RuleEdit]) -> str:
    """`text` (the graph file's source) with `edits` made, in the form's own syntax; not yet proved."""
    entries = loaded.graph.entries
    if loaded.format == "python":
        return python_rules.edit_rules(loaded.path, text, entries, edits)
    if loaded.format in ("typescript", "javascript"):
        return ts_rules.edit_rules(loaded.path, text, loaded.attribute, entries, edits)
    return json_rules.edit_rules(loaded.path, text, [e.id for e in entries], edits)


def reloaded(loaded: LoadedGraph, text: str) -> LoadedGraph:
    """The graph an edited text declares, loaded as the file would be (acceptances beside it included)."""
    try:
        graph = load_graph_text(loaded, text)
    except InputError as exc:
        raise InputError(
            f"{loaded.path}: the edited graph does not load ({exc}); the file was left untouched."
        ) from None
    add_sidecar_acceptances(graph, loaded.path)
    return LoadedGraph(graph, loaded.path, loaded.format, loaded.attribute)


def proved_edit(loaded: LoadedGraph, text: str, edits: Sequence[RuleEdit]) -> tuple[str, LoadedGraph]:
    """The edited text and the graph it declares, which must be the graph the edits give in memory."""
    new = edited_text(loaded, text, edits)
    result = reloaded(loaded, new)
    expected: Graph = edited_graph(loaded.graph, edits)
    if not same_rules(result.graph, expected):
        raise InputError(
            f"{loaded.path}: after the edit the graph does not declare exactly the rules the fix gives (the graph "
            "may be built dynamically); the file was left untouched. Make the change by hand."
        )
    return new, result


def rule_edit_source(loaded: LoadedGraph, edits: Sequence[RuleEdit], original: str | None = None) -> tuple[str, str]:
    """`(old, new)` text of the graph file with `edits` made; `original`: the text when the graph was loaded."""
    old = read_source(loaded.path)
    refuse_changed(loaded.path, original, old)
    new, _ = proved_edit(loaded, old, edits)
    return old, new
