"""`fuzzroute check --sarif`: the proven half alone, as SARIF.

The checkup's problems go through the same document builder as the report
(with an empty exploration), so a proven problem has the same fields,
location and fingerprint in `check --sarif` as in `report --sarif`, and
code scanning sees one alert, not two.
"""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.decided import Decisions
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.report.assembly.build import GraphFormat, build_report
from fuzzroute.report.assembly.pipeline import empty_exploration
from fuzzroute.report.render.sarif import sarif_log
from fuzzroute.results.jsonform import inert_json


def check_sarif_log(
    graph: Graph, checkup: Checkup, *, source_path: str | None, graph_format: GraphFormat,
    decisions: Decisions | None = None,
) -> dict[str, Any]:
    """The SARIF log of a checkup: the proven half, plus the decided tier when `check --decide` ran it.

    `check` writes it with `combined_sarif_text`, which puts the runs of
    several graphs into one file.
    """
    document = build_report(
        graph, checkup, empty_exploration(0, None, None, partial=False), source_path=source_path,
        graph_format=graph_format, decisions=decisions,
    )
    return sarif_log(document, tiers=("proven",) if decisions is None else ("proven", "decided"))


def combined_sarif_text(logs: list[dict[str, Any]]) -> str:
    """One SARIF file holding the run of every log (one run per graph checked)."""
    combined = {**logs[0], "runs": [run for log in logs for run in log["runs"]]}
    return inert_json(json.dumps(combined, ensure_ascii=False, indent=2)) + "\n"
