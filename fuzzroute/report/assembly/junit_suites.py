"""What `report --junit` lays out: the suite of the report's proven rows, with the other tiers' text beside it.

The suite's rows are the checkup's own (`Checkup.rows`, as `check --junit`
builds its suites in `check_run`), the other tiers' text comes from the
report document; the writer (`report.render.junit`) turns suites into XML
and reads nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fuzzroute.graphfiles.loader import split_spec
from fuzzroute.report.render.junit import Suite, decided_lines, junit_xml, suggestion_lines
from fuzzroute.results.rows import ProvenRow


def report_junit(document: dict[str, Any], rows: Sequence[ProvenRow]) -> str:
    """The JUnit file of a report: its proven `rows`, and the document's (`report --json`'s) other tiers."""
    graph = document["graph"]
    source = str(split_spec(graph["source"])[0]) if graph.get("source") else None
    suite = Suite(str(graph["name"]), list(rows), source, document.get("generated_at"))
    suite.outputs.append(("suggestions", suggestion_lines(document)))
    if document.get("decided"):
        boundary = (document.get("boundary") or {}).get("decided")
        items = ((str(d.get("kind")), d.get("rule"), d.get("message")) for d in document["decided"])
        suite.outputs.append(("decided", decided_lines(items, boundary)))
    return junit_xml([suite])
