"""`fuzzroute diff`: which messages change the rule that starts the turn between two versions of a graph.

It sits above the decided tier and generation (it asks the automata about
both versions at once, and samples what they leave undecided) and below the
command line.  From Python:

    from fuzzroute.diff import diff_versions, load_version
    diff = diff_versions(load_version("git:main:graph.py"), load_version("graph.py"))
    for move in diff.moves:
        print(move.law, move.old, move.new, move.extent, move.witness)

Its writers (text, Markdown, SARIF, JSON) sit beside the report's in
`fuzzroute.report.render` and are named here too.
"""

from __future__ import annotations

from fuzzroute.diff.fail_on_changes import DEFAULT_FAIL_ON, FAIL_ON, diff_exit_status
from fuzzroute.diff.run import DEFAULT_BUDGET, diff_graphs, diff_versions
from fuzzroute.diff.versions import Version, load_version
from fuzzroute.report import MARKER, diff_json_text, diff_markdown, diff_sarif_log, diff_sarif_text, diff_text
from fuzzroute.results.diff_document import (
    BOUNDARY,
    DIFF_VERSION,
    DiffDocument,
    GraphDiff,
    Move,
    ProvenChange,
    RuleChange,
    SampledMove,
    StartChange,
    UndecidedPair,
)

__all__ = [
    "BOUNDARY",
    "DEFAULT_BUDGET",
    "DEFAULT_FAIL_ON",
    "DIFF_VERSION",
    "FAIL_ON",
    "MARKER",
    "DiffDocument",
    "GraphDiff",
    "Move",
    "ProvenChange",
    "RuleChange",
    "SampledMove",
    "StartChange",
    "UndecidedPair",
    "Version",
    "diff_exit_status",
    "diff_graphs",
    "diff_json_text",
    "diff_markdown",
    "diff_sarif_log",
    "diff_sarif_text",
    "diff_text",
    "diff_versions",
    "load_version",
]
