"""The report: one typed document built once, written as JSON and rendered as HTML, SARIF and text.

`build_report` runs the one pipeline from the tiers' findings to the typed
`Report`; `render_html`, `sarif_text` and `summary_text` lay it out;
`write_report` runs the checkup, the decided tier and the generation engine
and writes every file atomically; `checked_graph`, `check_document` and
`check_outputs` are `fuzzroute check`'s one build, its one document and its
outputs (`CHECK_OUTPUTS` lists them), `merge_shards` is `fuzzroute merge`'s.
The proven findings and the generated suggestions are kept apart at every
step, so no reader can take a sample for a proof.

The package has three parts, importing one way (`tests/test_architecture.py`
holds the rules): `assembly` builds the findings model, `persistence` keeps
it on disk, `render` lays it out and reads nothing but the model.  This
module is the door the command line goes through.

The names below are loaded on first use: `check` and the pytest plugin read
a few modules of this package (output paths, proven rows, the check's
listings) and must not pay for the generation engine and the HTML templates
that `write_report` needs.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from fuzzroute.generate.budget_spec import BudgetError, describe_budget, parse_budget
    from fuzzroute.report.assembly.build import PROVEN_BOUNDARY, build_report
    from fuzzroute.report.assembly.check_run import (
        CheckedGraph,
        CheckOutputs,
        check_document,
        check_outputs,
        checked_graph,
    )
    from fuzzroute.report.assembly.fail_on_findings import check_fail_on
    from fuzzroute.report.assembly.merge import merge_shards
    from fuzzroute.report.assembly.pipeline import (
        ReportOptions,
        ReportResult,
        default_html_path,
        empty_exploration,
        stop_on_interrupt,
        write_report,
    )
    from fuzzroute.report.assembly.proven_rows import rows_from_checkup
    from fuzzroute.report.assembly.tool_versions import tool_versions
    from fuzzroute.report.persistence.atomic import write_atomically
    from fuzzroute.report.persistence.history import load_baseline
    from fuzzroute.report.persistence.schema import report_schema, schema_errors
    from fuzzroute.report.render.check_outputs import CHECK_OUTPUTS
    from fuzzroute.report.render.decided_text import item_line
    from fuzzroute.report.render.diff_json import diff_json_text
    from fuzzroute.report.render.diff_markdown import MARKER, diff_markdown
    from fuzzroute.report.render.diff_sarif import diff_sarif_log, diff_sarif_text
    from fuzzroute.report.render.diff_text import diff_text
    from fuzzroute.report.render.html import render_html
    from fuzzroute.report.render.junit import problem_line, row_problems_text
    from fuzzroute.report.render.sarif import sarif_text
    from fuzzroute.report.render.summary import summary_text
    from fuzzroute.results.document import SCHEMA_VERSION, Report
    from fuzzroute.results.message_table import read_report, written_document
    from fuzzroute.results.record import to_json
    from fuzzroute.results.suggestions import GENERATED_BOUNDARY


def _budget_spec() -> ModuleType:
    from fuzzroute.generate import budget_spec

    return budget_spec


def _atomic() -> ModuleType:
    from fuzzroute.report.persistence import atomic
    return atomic


def _build() -> ModuleType:
    from fuzzroute.report.assembly import build
    return build


def _check_run() -> ModuleType:
    from fuzzroute.report.assembly import check_run

    return check_run


def _fail_on_findings() -> ModuleType:
    from fuzzroute.report.assembly import fail_on_findings

    return fail_on_findings


def _history() -> ModuleType:
    from fuzzroute.report.persistence import history
    return history


def _merge() -> ModuleType:
    from fuzzroute.report.assembly import merge

    return merge


def _pipeline() -> ModuleType:
    from fuzzroute.report.assembly import pipeline
    return pipeline


def _check_outputs() -> ModuleType:
    from fuzzroute.report.render import check_outputs

    return check_outputs


def _decided_text() -> ModuleType:
    from fuzzroute.report.render import decided_text

    return decided_text


def _proven_rows() -> ModuleType:
    from fuzzroute.report.assembly import proven_rows

    return proven_rows


def _tool_versions() -> ModuleType:
    from fuzzroute.report.assembly import tool_versions

    return tool_versions


def _diff_json() -> ModuleType:
    from fuzzroute.report.render import diff_json

    return diff_json


def _diff_markdown() -> ModuleType:
    from fuzzroute.report.render import diff_markdown

    return diff_markdown


def _diff_sarif() -> ModuleType:
    from fuzzroute.report.render import diff_sarif

    return diff_sarif


def _diff_text() -> ModuleType:
    from fuzzroute.report.render import diff_text

    return diff_text


def _html() -> ModuleType:
    from fuzzroute.report.render import html

    return html


def _junit() -> ModuleType:
    from fuzzroute.report.render import junit

    return junit


def _sarif() -> ModuleType:
    from fuzzroute.report.render import sarif

    return sarif


def _summary() -> ModuleType:
    from fuzzroute.report.render import summary

    return summary


def _schema() -> ModuleType:
    from fuzzroute.report.persistence import schema
    return schema


def _document() -> ModuleType:
    from fuzzroute.results import document

    return document


def _message_table() -> ModuleType:
    from fuzzroute.results import message_table

    return message_table


def _record() -> ModuleType:
    from fuzzroute.results import record

    return record


def _suggestions() -> ModuleType:
    from fuzzroute.results import suggestions

    return suggestions


#: Public name -> the module that defines it, imported on first access.
_PUBLIC: dict[str, Callable[[], ModuleType]] = {
    "BudgetError": _budget_spec,
    "CHECK_OUTPUTS": _check_outputs,
    "CheckOutputs": _check_run,
    "CheckedGraph": _check_run,
    "GENERATED_BOUNDARY": _suggestions,
    "MARKER": _diff_markdown,
    "PROVEN_BOUNDARY": _build,
    "Report": _document,
    "ReportOptions": _pipeline,
    "ReportResult": _pipeline,
    "SCHEMA_VERSION": _document,
    "build_report": _build,
    "check_document": _check_run,
    "check_fail_on": _fail_on_findings,
    "check_outputs": _check_run,
    "checked_graph": _check_run,
    "default_html_path": _pipeline,
    "describe_budget": _budget_spec,
    "diff_json_text": _diff_json,
    "diff_markdown": _diff_markdown,
    "diff_sarif_log": _diff_sarif,
    "diff_sarif_text": _diff_sarif,
    "diff_text": _diff_text,
    "empty_exploration": _pipeline,
    "item_line": _decided_text,
    "load_baseline": _history,
    "merge_shards": _merge,
    "parse_budget": _budget_spec,
    "problem_line": _junit,
    "read_report": _message_table,
    "render_html": _html,
    "report_schema": _schema,
    "row_problems_text": _junit,
    "rows_from_checkup": _proven_rows,
    "sarif_text": _sarif,
    "schema_errors": _schema,
    "stop_on_interrupt": _pipeline,
    "summary_text": _summary,
    "to_json": _record,
    "tool_versions": _tool_versions,
    "written_document": _message_table,
    "write_atomically": _atomic,
    "write_report": _pipeline,
}


def __getattr__(name: str) -> Any:
    """Load a public name from its module the first time it is asked for."""
    loader = _PUBLIC.get(name)
    if loader is None:
        raise AttributeError(f"module 'fuzzroute.report' has no attribute {name!r}")
    value = getattr(loader(), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])


__all__ = [
    "BudgetError",
    "CHECK_OUTPUTS",
    "CheckOutputs",
    "CheckedGraph",
    "GENERATED_BOUNDARY",
    "MARKER",
    "PROVEN_BOUNDARY",
    "Report",
    "ReportOptions",
    "ReportResult",
    "SCHEMA_VERSION",
    "build_report",
    "check_document",
    "check_fail_on",
    "check_outputs",
    "checked_graph",
    "default_html_path",
    "describe_budget",
    "diff_json_text",
    "diff_markdown",
    "diff_sarif_log",
    "diff_sarif_text",
    "diff_text",
    "empty_exploration",
    "item_line",
    "load_baseline",
    "merge_shards",
    "parse_budget",
    "problem_line",
    "read_report",
    "render_html",
    "report_schema",
    "row_problems_text",
    "rows_from_checkup",
    "sarif_text",
    "schema_errors",
    "stop_on_interrupt",
    "summary_text",
    "to_json",
    "tool_versions",
    "write_atomically",
    "write_report",
    "written_document",
]
