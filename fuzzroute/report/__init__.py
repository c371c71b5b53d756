"""The report: one typed document built once, written as JSON and rendered as HTML, SARIF and text.

`build_report` runs the one pipeline from the tiers' findings to the typed
`Report`; `render_html`, `sarif_text` and `summary_text` lay it out;
`write_report` runs the checkup, the decided tier and the generation engine
and writes every file atomically.  The proven findings and the generated
suggestions are kept apart at every step, so no reader can take a sample for
a proof.
"""

from __future__ import annotations

from fuzzroute.generate.budget_spec import BudgetError, describe_budget, parse_budget
from fuzzroute.report.atomic import write_atomically
from fuzzroute.report.build import PROVEN_BOUNDARY, build_report
from fuzzroute.report.history import load_baseline
from fuzzroute.report.pipeline import (
    ReportResult,
    default_html_path,
    empty_exploration,
    stop_on_interrupt,
    write_report,
)
from fuzzroute.report.render.html import render_html
from fuzzroute.report.render.sarif import sarif_text
from fuzzroute.report.render.summary import summary_text
from fuzzroute.report.schema import report_schema, schema_errors
from fuzzroute.results.document import SCHEMA_VERSION, Report
from fuzzroute.results.jsonform import to_json
from fuzzroute.results.suggestions import GENERATED_BOUNDARY

__all__ = [
    "BudgetError",
    "GENERATED_BOUNDARY",
    "PROVEN_BOUNDARY",
    "Report",
    "ReportResult",
    "SCHEMA_VERSION",
    "build_report",
    "default_html_path",
    "describe_budget",
    "empty_exploration",
    "load_baseline",
    "parse_budget",
    "render_html",
    "report_schema",
    "sarif_text",
    "schema_errors",
    "stop_on_interrupt",
    "summary_text",
    "to_json",
    "write_atomically",
    "write_report",
]
