"""The report: one typed document built once, written as JSON and rendered as HTML, SARIF and text.

`build_report` runs the one pipeline from the tiers' findings to the typed
`Report`; `render_html`, `sarif_text` and `summary_text` lay it out;
`write_report` runs the checkup, the decided tier and the generation engine
and writes every file atomically.  The proven findings and the generated
suggestions are kept apart at every step, so no reader can take a sample for
a proof.

The names below are loaded on first use: `check` and the pytest plugin read
single modules of this package (output paths, proven rows, the JUnit
writer) and must not pay for the generation engine and the HTML templates
that `write_report` needs.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
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
    from fuzzroute.results.record import to_json
    from fuzzroute.results.suggestions import GENERATED_BOUNDARY


def _budget_spec() -> ModuleType:
    from fuzzroute.generate import budget_spec

    return budget_spec


def _atomic() -> ModuleType:
    from fuzzroute.report import atomic

    return atomic


def _build() -> ModuleType:
    from fuzzroute.report import build

    return build


def _history() -> ModuleType:
    from fuzzroute.report import history

    return history


def _pipeline() -> ModuleType:
    from fuzzroute.report import pipeline

    return pipeline


def _html() -> ModuleType:
    from fuzzroute.report.render import html

    return html


def _sarif() -> ModuleType:
    from fuzzroute.report.render import sarif

    return sarif


def _summary() -> ModuleType:
    from fuzzroute.report.render import summary

    return summary


def _schema() -> ModuleType:
    from fuzzroute.report import schema

    return schema


def _document() -> ModuleType:
    from fuzzroute.results import document

    return document


def _record() -> ModuleType:
    from fuzzroute.results import record

    return record


def _suggestions() -> ModuleType:
    from fuzzroute.results import suggestions

    return suggestions


#: Public name -> the module that defines it, imported on first access.
_PUBLIC: dict[str, Callable[[], ModuleType]] = {
    "BudgetError": _budget_spec,
    "GENERATED_BOUNDARY": _suggestions,
    "PROVEN_BOUNDARY": _build,
    "Report": _document,
    "ReportResult": _pipeline,
    "SCHEMA_VERSION": _document,
    "build_report": _build,
    "default_html_path": _pipeline,
    "describe_budget": _budget_spec,
    "empty_exploration": _pipeline,
    "load_baseline": _history,
    "parse_budget": _budget_spec,
    "render_html": _html,
    "report_schema": _schema,
    "sarif_text": _sarif,
    "schema_errors": _schema,
    "stop_on_interrupt": _pipeline,
    "summary_text": _summary,
    "to_json": _record,
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
