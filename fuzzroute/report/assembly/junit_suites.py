"""What `report --junit` lays out: the suite of the report's proven rows, with the other tiers' text beside it.

The suite is built from the report document (`check --junit` builds its
suites from each graph's checkup, in `check_run`); the writer
(`report.render.junit`) turns suites into XML and reads nothing else.
"""

from __future__ import annotations

from typing import Any

from fuzzroute.graphfiles.loader import split_spec
from fuzzroute.report.assembly.proven_rows import rows_from_document
from fuzzroute.report.render.junit import Suite, decided_lines, junit_xml, suggestion_lines


def report_junit(document: dict[str, Any]) -> str:
    """The JUnit file of a report document (the JSON form `fuzzroute report --json` writes)."""
    graph = document["graph"]
    source = str(split_spec(graph["source"])[0]) if graph.get("source") else None
    suite = Suite(str(graph["name"]), rows_from_document(document), source, document.get("generated_at"))
    suite.outputs.append(("suggestions", suggestion_lines(document)))
    if document.get("decided"):
        boundary = (document.get("boundary") or {}).get("decided")
        suite.outputs.append(("decided", decided_lines(document["decided"], boundary)))
    return junit_xml([suite])
