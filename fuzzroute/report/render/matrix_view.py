"""What the HTML page shows of the generated phrases' traffic: the steal matrix and the per-rule table, typed.

The page's template reads plain dicts (Jinja), so these are TypedDicts: the
same objects at run time, with every key and value type checked where the
view builds them.
"""

from __future__ import annotations

from typing import TypedDict

from fuzzroute.results.document import Location, RuleFigures


class MatrixCell(TypedDict):
    """How many phrases generated from the column's rule the row's rule claims."""

    count: int
    #: The rule keeps its own phrases.
    diag: bool
    #: The heat level (0 for none) the cell is coloured with.
    level: int
    title: str


class MatrixRow(TypedDict):
    label: str
    index: int
    cells: list[MatrixCell]


class MatrixColumn(TypedDict):
    short: str
    label: str
    index: int


class Matrix(TypedDict):
    columns: list[MatrixColumn]
    rows: list[MatrixRow]
    size: int


class Steal(TypedDict):
    """One of the pairs where a rule takes the largest share of another rule's phrases."""

    taker: str
    source: str
    count: int
    total: int
    share: float


class MatrixSection(TypedDict):
    size: int
    top: list[Steal]
    pairs: int
    legend: list[str]
    involved: int
    busiest: bool
    primary: Matrix | None
    full: Matrix | None
    compact: bool
    levels: list[int]
    stolen: int


class LostTo(TypedDict):
    """A rule that took some of this rule's phrases, and the share of its accepted phrases."""

    id: str
    count: int
    share: float | None


class RuleRow(TypedDict):
    r: RuleFigures
    lost_to: list[LostTo]
    location: Location | None


class RuleTable(TypedDict):
    rule_rows: list[RuleRow]
    rule_rows_hidden: int
