"""`fuzzroute check --sarif`: the proven half alone, as SARIF.

The checkup's problems go through the same document builder as the report
(with an empty exploration), so a proven problem has the same fields,
location and fingerprint in `check --sarif` as in `report --sarif`, and
code scanning sees one alert, not two.
"""

from __future__ import annotations

import os
from pathlib import Path

from fuzzroute.decided import Decisions
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.report.build import GraphFormat, build_report
from fuzzroute.report.pipeline import empty_exploration
from fuzzroute.report.render.sarif import write_sarif


def write_check_sarif(
    path: str | os.PathLike[str], graph: Graph, checkup: Checkup, *, source_path: str | None,
    graph_format: GraphFormat, decisions: Decisions | None = None,
) -> Path:
    """Write the SARIF log of a checkup (atomically; bad path: InputError).

    The proven half alone, plus the decided tier when `check --decide` ran it.
    """
    document = build_report(
        graph, checkup, empty_exploration(0, None, None, partial=False), source_path=source_path,
        graph_format=graph_format, decisions=decisions,
    )
    tiers = ("proven",) if decisions is None else ("proven", "decided")
    return write_sarif(path, document, tiers=tiers)
