"""The proven checkup row by row, with who claims each phrase: one row per declared example and never-route phrase.

The engine judges each declared phrase once and keeps it as a row
(`Checkup.rows`: the phrase, its rule and the problems found about it, in
declaration order), so tools that show one test per declared phrase (a JUnit
file, a pytest item, a diff of two versions) read the rows as judged; this
module only adds both laws' claimants of each phrase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.results.rows import EXAMPLE, NEVER_ROUTE, NEVER_ROUTES_LABEL, ProvenRow, RowKind

#: The row type lives in the findings model; it is named here too for the readers that build rows.
__all__ = [
    "EXAMPLE", "NEVER_ROUTE", "NEVER_ROUTES_LABEL", "ProvenRow", "RowKind", "rows_as_reported", "rows_from_checkup",
]


def rows_from_checkup(graph: Graph, checkup: Checkup | None = None) -> list[ProvenRow]:
    """Every row of `graph` as its checkup judged it (the checkup is run when not given), with its claims."""
    found = checkup if checkup is not None else graph.checkup()
    return _with_claims(graph, found.rows, passing_too=True)


def rows_as_reported(graph: Graph, checkup: Checkup) -> list[ProvenRow]:
    """The checkup's rows as a report shows them: claims named on the rows that have problems (as the
    report's problems carry them), none on a passing row."""
    return _with_claims(graph, checkup.rows, passing_too=False)


def _with_claims(graph: Graph, rows: Sequence[ProvenRow], *, passing_too: bool) -> list[ProvenRow]:
    """`rows` with both laws' claimants of their phrase (each phrase run once), on passing rows only if asked."""
    named = [row for row in rows if passing_too or row.problems]
    claims = {phrase: graph.claims(phrase) for phrase in sorted({row.phrase for row in named})}
    return [replace(row, claims=claims[row.phrase]) if passing_too or row.problems else row for row in rows]
