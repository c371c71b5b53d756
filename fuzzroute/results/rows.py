"""One declared phrase and the proven problems about it: a row, as JUnit, the pytest plugin and `diff` show it.

The engine's checkup makes one per declared phrase as it judges it
(`Checkup.rows`); every writer that shows one test per declared phrase reads
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from fuzzroute.results.claims import Claims
from fuzzroute.results.proven_records import Location, Problem

RowKind = Literal["example", "never-route"]
EXAMPLE: RowKind = "example"
NEVER_ROUTE: RowKind = "never-route"
NEVER_ROUTES_LABEL = "never-routes"


@dataclass(frozen=True)
class ProvenRow:
    """One declared phrase and the proven problems about it (empty: it passes)."""

    kind: RowKind
    phrase: str
    #: The declaring rule (examples); None for a never-route row.
    rule_index: int | None
    rule_id: str | None
    #: 1 for the first row of this rule (or of the never-route list) with this phrase, 2 for a repeat...
    occurrence: int
    problems: tuple[Problem, ...] = ()
    #: Where the rule is declared: a hint, not part of the verdict (rows compare as their problems do).
    location: Location | None = field(default=None, compare=False)
    #: Both laws' claimants of the phrase, when known.
    claims: Claims | None = field(default=None, compare=False)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.kind == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.kind != "error")

    @property
    def owner(self) -> str:
        """`tracking#2` (the rule's id and 1-based position) or `never-routes`."""
        if self.kind == NEVER_ROUTE or self.rule_index is None:
            return NEVER_ROUTES_LABEL
        return f"{self.rule_id}#{self.rule_index + 1}"

    @property
    def phrase_label(self) -> str:
        """The phrase as a Python literal (plus ` (2)` for a repeated row), safe inside a test id."""
        shown = repr(self.phrase).replace("::", ":\\:")
        return shown if self.occurrence == 1 else f"{shown} ({self.occurrence})"

    @property
    def label(self) -> str:
        """`tracking#2::'where is my order'`: stable across runs and machines."""
        return f"{self.owner}::{self.phrase_label}"
