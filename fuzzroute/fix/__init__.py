"""`fuzzroute fix`: every gap the tiers find, with a rule edit proven safe before it is offered.

It sits above authoring (the source editors) and `diff` (two versions of a
graph compared with the automata): each candidate edit is applied to a copy
of the graph in memory, proved by the decided tier on the graph before and
after (`prove`), and only then made in the graph's own source, which is
loaded again and must declare exactly the edited graph.  From Python:

    from fuzzroute.fix import fix_graph
    from fuzzroute.graphfiles.loader import load_graph
    run = fix_graph(load_graph("graph.py"))
    for result in run.results:
        print(result.gap.code, result.status, result.chosen and result.chosen.candidate.said)
    print(run.new)  # the source with the safe fixes made
"""

from __future__ import annotations

from fuzzroute.fix.fix_document import FIX_VERSION, FixDocument, fix_document, fix_json_text
from fuzzroute.fix.fix_text import fix_text, written_line
from fuzzroute.fix.fixing import Attempt, FixResult, FixRun, fix_graph, policy_passes
from fuzzroute.fix.gaps import Gap, selection

__all__ = [
    "FIX_VERSION",
    "Attempt",
    "FixDocument",
    "FixResult",
    "FixRun",
    "Gap",
    "fix_document",
    "fix_graph",
    "fix_json_text",
    "fix_text",
    "policy_passes",
    "selection",
    "written_line",
]
