"""What one `fuzzroute check` run found, typed once: the document every output of `check` reads.

`report.assembly.check_run` builds a `CheckDocument` once per run from each
graph's checkup and decided tier, every decided item judged once against
the graph's acceptances.  The terminal text, `--format json`, SARIF, JUnit
and the pytest plugin are laid out from it and from nothing else, so a new
output of `check` is a writer of this document and one entry in the table
of `check`'s outputs (`report.render.check_outputs`).

Each graph's findings are a `CheckFindings` record: its JSON form is what
`check --format json` writes (`fuzzroute/schema/check.schema.json` is
generated from it).  Beside it the document keeps what the other outputs
lay out and the JSON never held: the decided tier's figures, the declared
rows (JUnit, the plugin's items), each data rule's verdict under
`--fail-on decided`, and the report's model for SARIF (whose results share
their fingerprints with `report --sarif`).  Those are built only when an
output asked for them reads them (`CheckParts`).

This module is light on purpose (records and dataclasses): `check` and the
pytest plugin run on every commit and pay for every import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal, get_args

from msgspec import Meta

from fuzzroute.results.claims import Claims
from fuzzroute.results.decided_records import (
    DecidedCounts,
    DecidedKind,
    DecidedLaw,
    DefectRecord,
    PairRelation,
    Position,
    Question,
    RedosDetails,
    RuleRef,
    SharedText,
)
from fuzzroute.results.proven_records import LOCATION_DESCRIPTION, Location, NotCheckedRecord, Note, Problem
from fuzzroute.results.record import OMIT, Omitted, Record
from fuzzroute.results.rows import ProvenRow

if TYPE_CHECKING:  # the report's model is loaded only when SARIF is asked for
    from fuzzroute.results.document import Report

#: A rule's decided item under `--fail-on decided`: failed, skipped (undecided, nothing failing) or passed.
Outcome = Literal["failed", "skipped", "passed"]
OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)
#: The parts of the document beside the JSON findings, built only for an output that reads them.
CheckPart = Literal["rows", "verdicts", "report"]


class CheckedItem(Record, frozen=True, kw_only=True):
    """One decided item as `check` writes it: the decided record (without the report's numbering), the rules
    that take its rule's messages, and what the build policy says of it."""

    kind: DecidedKind
    question: Question
    rule: str
    rule_index: Position
    message: Annotated[str, Meta(min_length=1)]
    witness: str | None
    location: Annotated[Location | None, Meta(description=LOCATION_DESCRIPTION)]
    other_rule: str | None
    other_rule_index: Position | None
    containing_rules: list[RuleRef]
    dead_rules: list[RuleRef]
    reason: str | None
    law: DecidedLaw | None
    claims: Claims | None
    relation: PairRelation = None
    shared_in: SharedText = None
    redos: RedosDetails | Omitted = OMIT
    taking_rules: Annotated[
        list[RuleRef],
        Meta(description="The rules that take the rule's messages: the other rule of a pair, else the rules "
                         "containing it."),
    ]
    fails: Annotated[bool, Meta(description="Whether `--fail-on decided` fails on it (acceptances considered).")]
    accepted: Annotated[
        str | None, Meta(description="The acceptance's reason, when one keeps the finding from failing."),
    ]

    @property
    def taking_ids(self) -> tuple[str, ...]:
        return tuple(ref.rule for ref in self.taking_rules)


class CheckFindings(Record, frozen=True, kw_only=True):
    """One graph's findings as `check --format json` writes them: the proven problems and notes, and (unless
    `--no-decide`) the decided items, counts and tool defects."""

    graph: Annotated[
        str | Omitted, Meta(description="The graph as given on the command line (only when several were)."),
    ] = OMIT
    problems: list[Problem]
    notes: list[Note]
    not_checked: Annotated[
        list[NotCheckedRecord] | Omitted,
        Meta(description="Declared phrases whose verdict depends on a `when` not run (absent when none)."),
    ] = OMIT
    decided: list[CheckedItem] | Omitted = OMIT
    decided_counts: DecidedCounts | Omitted = OMIT
    decided_failing: Annotated[
        Annotated[int, Meta(ge=0)] | Omitted, Meta(description="How many decided items fail `--fail-on decided`."),
    ] = OMIT
    decided_defects: list[DefectRecord] | Omitted = OMIT


class RuleVerdict(Record, frozen=True):
    """What `--fail-on decided` says about one data rule: its JUnit case and its pytest item."""

    #: The item's name: the rule's id (` (2)` for a repeated id), safe inside a test id.
    label: str
    rule: str
    location: Location | None
    outcome: Outcome
    #: The findings that fail the rule, and those an acceptance keeps green (each one's `accepted` says why).
    failing: list[CheckedItem]
    accepted: list[CheckedItem]
    #: Why the automata could not decide about the rule (None when they could).
    undecided: str | None


@dataclass(frozen=True)
class DecidedFigures:
    """How the decided tier ran on a graph: what the terminal says beside the items."""

    data_rules: int
    elapsed_seconds: float
    boundary: str
    #: Positions (in `CheckFindings.decided`) of the overlaps that are part of a never-wins finding of their later
    #: rule: listed and counted once, as never-wins.
    folded: frozenset[int]
    #: How long the real `re` was given per ReDoS evidence measurement (a measurement past it says "stopped").
    evidence_limit_seconds: float


@dataclass(frozen=True)
class GraphCheck:
    """One graph as `check` ran it: its findings and what the outputs lay out beside them."""

    #: The graph as given on the command line, the file it was read from, and its name.
    spec: str
    source: str
    name: str
    findings: CheckFindings
    #: None under `--no-decide`.
    decided: DecidedFigures | None
    #: Who claims each problem's phrase under (cold walk, cascade), by rule id, for `-v` (None when not asked).
    claims: tuple[tuple[str | None, str | None] | None, ...] | None = None
    #: Every declared phrase as a row, with both laws' claimants (built for an output that reads `rows`).
    rows: tuple[ProvenRow, ...] | None = None
    #: One verdict per data rule under `--fail-on decided` (built for an output that reads `verdicts`).
    verdicts: tuple[RuleVerdict, ...] | None = None
    #: The graph's findings as the report's model holds them (built for SARIF, whose results `report --sarif`
    #: shares).
    report: Report | None = None

    @property
    def items(self) -> list[CheckedItem]:
        return [] if isinstance(self.findings.decided, Omitted) else self.findings.decided

    @property
    def errors(self) -> int:
        return sum(1 for p in self.findings.problems if p.kind == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.findings.problems if p.kind == "warning")

    @property
    def ok(self) -> bool:
        """No proven error."""
        return self.errors == 0

    @property
    def failing(self) -> int:
        """Decided findings `--fail-on decided` fails on."""
        return sum(1 for item in self.items if item.fails and item.accepted is None)

    @property
    def accepted(self) -> int:
        """Decided findings an acceptance keeps from failing."""
        return sum(1 for item in self.items if item.accepted is not None)


@dataclass(frozen=True)
class CheckDocument:
    """Everything one `fuzzroute check` run found, graph by graph, and whether it passes its policy."""

    graphs: tuple[GraphCheck, ...]
    #: -1 (`-q`), 0 or 1 (`-v`).
    verbosity: int
    #: `proven`, `decided` or `never`.
    fail_on: str

    @property
    def passed(self) -> bool:
        """Whether the run passes `--fail-on`: no proven error (and, under `decided`, no decided finding to act on)."""
        if self.fail_on == "never":
            return True
        passed = all(graph.ok for graph in self.graphs)
        if self.fail_on == "decided":
            passed = passed and not any(graph.failing for graph in self.graphs)
        return passed
