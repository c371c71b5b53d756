"""What a diff of two graph versions says: typed models whose encoding is its JSON document.

Three tiers, as everywhere in fuzzroute, never mixed: `proven` (declared
rows, exact checks), `moves` (decided with automata for every message,
each with a witness both versions' `claims()` reproduce) and `sampled`
(generated phrases for what the automata left undecided: samples, never
proof).  A pair the automata could not decide is listed in `undecided`
with the reason.

It is part of the findings model (`fuzzroute.results`), beside the report
document, so the diff's writers sit beside the others (`report.render`:
`diff_text`, `diff_markdown`, `diff_sarif`, `diff_json`) and read only it.

`DiffDocument` and the frozen `msgspec.Struct`s under it are the only
description of `fuzzroute diff --format json`: the document is their
encoding (field order is key order, a field's JSON name is declared on it),
and `fuzzroute/schema/diff.schema.json` is generated from them.  Kinds,
laws, tiers and relations are `Literal`s, so mypy checks every dispatch on
them.  `GraphDiff` is what `diff_versions` returns: the document, plus what
the writers need to locate findings that the document does not carry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Final, Literal

import msgspec

from fuzzroute.results.claims import Claims
from fuzzroute.results.proven_records import Location

DIFF_VERSION: Final = 1

Law = Literal["cold_walk", "cascade"]
#: How much of an old rule's messages a decided move takes (see `Move`).
Extent = Literal["total", "partial", "undecided"]
#: How the two rules of a move meet on its witness (see `Move.relation`).
Relation = Literal["shared-text", "co-occurrence"]
StartKind = Literal["now-starts-turns", "no-longer-starts-turns"]
RuleChangeKind = Literal["added", "removed", "renamed", "reordered", "matcher-changed", "examples-changed"]
ProvenChangeKind = Literal[
    "new-error", "error-fixed", "verdict-changed", "claimant-changed", "row-added", "row-removed"
]
RowKind = Literal["example", "never-route"]
ProblemKind = Literal["error", "warning"]
FailOn = Literal["proven", "moved", "never"]

COLD_WALK: Final = "cold_walk"
CASCADE: Final = "cascade"
LAWS: tuple[Law, ...] = (COLD_WALK, CASCADE)
LAW_NAMES: dict[Law, str] = {COLD_WALK: "cold walk", CASCADE: "cascade"}

# How a rule changed between the versions (`RuleChange.kind`).
ADDED: Final = "added"
REMOVED: Final = "removed"
RENAMED: Final = "renamed"
REORDERED: Final = "reordered"
MATCHER_CHANGED: Final = "matcher-changed"
EXAMPLES_CHANGED: Final = "examples-changed"
# How a declared row's verdict changed (`ProvenChange.kind`).
NEW_ERROR: Final = "new-error"
FIXED: Final = "error-fixed"
VERDICT_CHANGED: Final = "verdict-changed"
CLAIMANT_CHANGED: Final = "claimant-changed"
ROW_ADDED: Final = "row-added"
ROW_REMOVED: Final = "row-removed"

TOTAL: Final = "total"
PARTIAL: Final = "partial"
UNKNOWN_EXTENT: Final = "undecided"
SHARED_TEXT: Final = "shared-text"
CO_OCCURRENCE: Final = "co-occurrence"
#: A rule that could start no turn in the old version and can now (a never-wins resolved), and the reverse.
NOW_WINS: Final = "now-starts-turns"
NO_LONGER_WINS: Final = "no-longer-starts-turns"


def described(text: str) -> msgspec.Meta:
    """A field's description in the generated JSON Schema (and the docs' field tables)."""
    return msgspec.Meta(description=text)


BOUNDARY = (
    "Moves are decided for every possible message for rules the automata can read (regexes without "
    "lookbehinds or backreferences, keywords, all-of): each has a witness both versions' claims() "
    "reproduce, and a pair that is not listed has no message at all, unless it is listed as undecided. "
    "`when` predicates are opaque: they are judged only on the cold context (iteration 1, empty history) "
    "and taken to be pure. Proven rows are the declared examples and never-route rows, checked exactly. "
    "Sampled moves come from generated phrases: samples, not proof; finding none proves nothing."
)


class RuleRef(msgspec.Struct, frozen=True, kw_only=True):
    """A rule of one version: its position (0-based `index`), id, condition caption and declaration."""

    index: int
    id: str
    caption: str
    location: Location | None

    @property
    def name(self) -> str:
        """`"tracking" (#2)`."""
        return f'"{self.id}" (#{self.index + 1})'


def ref_name(ref: RuleRef | None) -> str:
    return "no rule" if ref is None else ref.name


class MoveClaims(msgspec.Struct, frozen=True, kw_only=True):
    """Both versions' claimants of a move's witness, under each law (what `claims()` returned)."""

    base: Claims
    head: Claims


class _MoveFields(msgspec.Struct, frozen=True, kw_only=True):
    """The fields every move has, in their JSON order; `Move` and `SampledMove` add their own."""

    law: Law
    tier: Literal["decided", "sampled"]
    old: Annotated[
        RuleRef | None, described("The rule that started the messages in the old version (null: no rule did).")
    ] = msgspec.field(name="from")
    new: Annotated[
        RuleRef | None, described("The rule that starts them in the new version (null: no rule does).")
    ] = msgspec.field(name="to")
    witness: Annotated[str, described("A message that moves, re-run through both versions' claims().")]
    relation: Annotated[Relation | None, described(
        "How the two rules meet on the witness: shared-text (one rule's match lies in the other's own text), "
        "co-occurrence (their texts only sit side by side), or null when one side is no rule."
    )] = None
    claims: MoveClaims

    @property
    def base_claims(self) -> Claims:
        return self.claims.base

    @property
    def head_claims(self) -> Claims:
        return self.claims.head


class Move(_MoveFields, frozen=True, kw_only=True):
    """Messages that started `from` in the old version start `to` now, under `law`, decided for every message.

    `extent`: `total` when every message `from` started now starts `to`,
    `partial` when some start another rule (or stay), and `undecided` when
    a pair that would tell is undecided.
    """

    tier: Literal["decided"] = "decided"
    extent: Annotated[Extent, described(
        "total: every message the old rule started now starts the new one; partial: some start another rule "
        "(or stay); undecided: a pair that would tell is undecided."
    )]


class SampledMove(_MoveFields, frozen=True, kw_only=True):
    """Generated phrases that started `from` in the old version start `to` now: a sample, never proof.

    `count` phrases were seen moving; `witnesses` are the first of them (the first is `witness`).
    """

    tier: Literal["sampled"] = "sampled"
    count: Annotated[int, described("Generated phrases seen moving this way.")]
    witnesses: Annotated[tuple[str, ...], described("The first of them; the first is `witness`.")]

    @property
    def more_witnesses(self) -> tuple[str, ...]:
        return self.witnesses[1:]


class StartChange(msgspec.Struct, frozen=True, kw_only=True):
    """A rule whose ability to start a turn under `law` changed, decided for every message, with a witness.

    `now-starts-turns`: in the old version earlier rules took every message
    the rule matched; now it starts the turn on `witness`.
    `no-longer-starts-turns`: the reverse (`witness` started it before).
    """

    law: Law
    kind: StartKind
    old: Annotated[RuleRef, described("The rule in the old version.")] = msgspec.field(name="from")
    new: Annotated[RuleRef, described("The same rule in the new version.")] = msgspec.field(name="to")
    witness: Annotated[str | None, described("A message it starts now (or started before).")]


class UndecidedPair(msgspec.Struct, frozen=True, kw_only=True):
    """A pair that could move messages, which the automata could not decide (and why)."""

    law: Law
    old: RuleRef | None = msgspec.field(name="from")
    new: RuleRef | None = msgspec.field(name="to")
    reason: str


class RuleChange(msgspec.Struct, frozen=True, kw_only=True):
    """A rule of the old version (`base`), the new one (`head`) or both, and how it changed."""

    changes: tuple[RuleChangeKind, ...]
    old: Annotated[RuleRef | None, described("The rule in the old version (null: added).")] = msgspec.field(
        name="base"
    )
    new: Annotated[RuleRef | None, described("The rule in the new version (null: removed).")] = msgspec.field(
        name="head"
    )
    condition: Annotated[str | None, described(
        "How the condition changed (keywords added: ..., or old -> new), when it did; graph text in backticks."
    )] = None


#: A changed condition as (is graph text, text) pieces, so a writer can escape the graph's text alone.
ConditionParts = tuple[tuple[bool, str], ...]


class RowProblem(msgspec.Struct, frozen=True, kw_only=True):
    """A proven problem of a declared row, as the checkup words it."""

    kind: ProblemKind
    code: str
    skill: str | None
    example: str | None
    from_: str | None = msgspec.field(name="from")
    to: str | None
    message: str
    location: Location | None


class RowVerdict(msgspec.Struct, frozen=True, kw_only=True):
    """A declared row in one version: its label there, its problems and its claimant under each law."""

    row: str
    problems: tuple[RowProblem, ...]
    claims: Claims | None

    @property
    def errors(self) -> tuple[RowProblem, ...]:
        return tuple(p for p in self.problems if p.kind == "error")


class ProvenChange(msgspec.Struct, frozen=True, kw_only=True):
    """A declared example or never-route row whose proven verdict or claimant changes."""

    kind: RowKind
    phrase: str
    label: Annotated[str, described(
        "The row's label, rule#position::'phrase', in the new version (the old one for a removed row)."
    )] = msgspec.field(name="row")
    changes: tuple[ProvenChangeKind, ...]
    moved_under: Annotated[tuple[Law, ...], described("The laws under which the row's claimant is another rule now.")]
    base: Annotated[RowVerdict | None, described("The row in the old version (null: added).")]
    head: Annotated[RowVerdict | None, described("The row in the new version (null: removed).")]
    new_errors: Annotated[
        tuple[RowProblem, ...], described("Errors of the new version that the old version's row did not have.")
    ]
    location: Location | None


class Side(msgspec.Struct, frozen=True, kw_only=True):
    """How one version was named (`spec`, a file or git:REV:path) and what it is."""

    spec: str
    path: str
    name: str
    mount: str
    order_decides: bool
    revision: str | None
    rules: int


class MovedByLaw(msgspec.Struct, frozen=True, kw_only=True):
    """Decided moved pairs under each law."""

    cold_walk: int
    cascade: int


class DiffSummary(msgspec.Struct, frozen=True, kw_only=True):
    """The counts a CI job reads first, and the exit status they gave under `fail_on`."""

    rule_changes: int
    moved_pairs: int
    start_changes: int
    moved_pairs_by_law: MovedByLaw
    undecided_pairs: int
    proven_changes: int
    proven_new_errors: int
    proven_moves: int
    sampled_pairs: int
    defects: int
    fail_on: FailOn
    exit_status: int


class Sampling(msgspec.Struct, frozen=True, kw_only=True):
    """The generated phrases judged for the undecided pairs (`ran` false: there were none to judge)."""

    ran: bool
    seed: int
    budget: Annotated[int, described("Phrases the run could judge (--budget).")]
    phrases: Annotated[int, described("Phrases generated and judged.")]
    rules: Annotated[tuple[str, ...], described("The ids of the rules whose phrases were generated.")]
    moves: tuple[SampledMove, ...]


class DiffStats(msgspec.Struct, frozen=True, kw_only=True):
    """The automata's work: questions asked and states visited, against their bounds."""

    searches: int
    states: int
    max_states: int
    total_states: int


class DiffDocument(msgspec.Struct, frozen=True, kw_only=True):
    """Which messages change the rule that starts the turn between two versions of a graph (`fuzzroute diff`)."""

    diff_version: Literal[1] = DIFF_VERSION
    base: Annotated[Side, described("The old version.")]
    head: Annotated[Side, described("The new version.")]
    live_law: Annotated[Law, described(
        "The law the new version's mount follows live: cold_walk, or cascade with a classifier."
    )]
    summary: DiffSummary
    rules: tuple[RuleChange, ...]
    moves: tuple[Move, ...]
    starts: tuple[StartChange, ...]
    undecided: tuple[UndecidedPair, ...]
    proven: tuple[ProvenChange, ...]
    sampling: Annotated[
        Sampling, described("Generated phrases for the undecided pairs: samples, never proof.")
    ] = msgspec.field(name="sampled")
    defects: Annotated[
        tuple[str, ...], described("Bugs of fuzzroute itself met on the way (never a finding about the graph).")
    ]
    stats: DiffStats
    notes: tuple[str, ...]
    boundary: Annotated[str, described("What the diff proves and what it does not.")] = BOUNDARY


def new_error_count(proven: tuple[ProvenChange, ...]) -> int:
    return sum(len(c.new_errors) for c in proven)


def proven_move_count(proven: tuple[ProvenChange, ...]) -> int:
    return sum(1 for c in proven if c.moved_under)


@dataclass(frozen=True)
class GraphDiff:
    """Everything `fuzzroute diff` reports: the JSON `document`, and where its rules sit in the new version.

    The writers read the document; `head_match` (each old rule's match in
    the new version, by old index) lets them name a rule at both positions
    and put a finding about a removed claimant on its successor, and
    `condition_parts` (by position in `rules`) lets the Markdown escape a
    changed condition's graph text alone; `tool_version` is the version of
    fuzzroute SARIF names.  None is part of the JSON.
    """

    document: DiffDocument
    head_match: Mapping[int, RuleRef] = field(default_factory=dict)
    condition_parts: Mapping[int, ConditionParts] = field(default_factory=dict)
    tool_version: str = "unknown"

    @property
    def base(self) -> Side:
        return self.document.base

    @property
    def head(self) -> Side:
        return self.document.head

    @property
    def live_law(self) -> Law:
        return self.document.live_law

    @property
    def summary(self) -> DiffSummary:
        return self.document.summary

    @property
    def rules(self) -> tuple[RuleChange, ...]:
        return self.document.rules

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.document.moves

    @property
    def starts(self) -> tuple[StartChange, ...]:
        return self.document.starts

    @property
    def undecided(self) -> tuple[UndecidedPair, ...]:
        return self.document.undecided

    @property
    def proven(self) -> tuple[ProvenChange, ...]:
        return self.document.proven

    @property
    def sampling(self) -> Sampling:
        return self.document.sampling

    @property
    def sampled(self) -> tuple[SampledMove, ...]:
        return self.document.sampling.moves

    @property
    def defects(self) -> tuple[str, ...]:
        return self.document.defects

    @property
    def stats(self) -> DiffStats:
        return self.document.stats

    @property
    def notes(self) -> tuple[str, ...]:
        return self.document.notes

    @property
    def fail_on(self) -> FailOn:
        return self.document.summary.fail_on

    @property
    def exit_status(self) -> int:
        return self.document.summary.exit_status

    @property
    def new_errors(self) -> int:
        return self.document.summary.proven_new_errors

    @property
    def proven_moves(self) -> int:
        return self.document.summary.proven_moves
