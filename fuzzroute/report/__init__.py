"""The report: one document, rendered as self-contained HTML and written as JSON.

`build_document` computes every number once; `render_html` lays the document
out; `write_report` runs the checkup and the generation engine and writes both
files atomically.  The proven findings and the generated suggestions are kept
apart at every step, so no reader can take a sample for a proof.
"""

from __future__ import annotations

from fuzzroute.generate.budget_spec import BudgetError, describe_budget, parse_budget
from fuzzroute.report.atomic import write_atomically
from fuzzroute.report.build import PROVEN_BOUNDARY, SCHEMA_VERSION, build_document, exit_status
from fuzzroute.report.history import compare_with_baseline, load_baseline
from fuzzroute.report.pipeline import (
    ReportResult,
    default_html_path,
    empty_exploration,
    stop_on_interrupt,
    write_report,
)
from fuzzroute.report.render.html import render_html
from fuzzroute.report.render.summary import summary_text
from fuzzroute.report.schema import report_schema, schema_errors
from fuzzroute.results.suggestions import GENERATED_BOUNDARY

__all__ = [
    "BudgetError",
    "GENERATED_BOUNDARY",
    "PROVEN_BOUNDARY",
    "ReportResult",
    "SCHEMA_VERSION",
    "build_document",
    "compare_with_baseline",
    "default_html_path",
    "describe_budget",
    "empty_exploration",
    "exit_status",
    "load_baseline",
    "parse_budget",
    "render_html",
    "report_schema",
    "schema_errors",
    "stop_on_interrupt",
    "summary_text",
    "write_atomically",
    "write_report",
]
