"""The report document as typed values: what every tier found, counted once, in the order it is shown.

One `Report` is built per run (`fuzzroute.report.assembly.build`), and every writer
(JSON, HTML, SARIF, the terminal) lays out the same objects; none of them
recomputes a count, an order or an exit status.  Field order is the key
order of the JSON form (`jsonform.to_json`), which is the versioned public
contract described by `fuzzroute/schema/report.schema.json`.

The three tiers stay in separate fields: `proven` (declared phrases),
`decided` and `decision` (automata), `suggestions` (generated samples).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.results.jsonform import json_field
from fuzzroute.results.suggestions import Witness

SCHEMA_VERSION = 4
#: Report versions this fuzzroute reads as a baseline: the previous one and this one.
BASELINE_VERSIONS = (3, 4)

JsonObject = dict[str, Any]


@dataclass(frozen=True)
class Location:
    """Where a rule is declared: a file and a 1-based line."""

    file: str
    line: int


@dataclass(frozen=True)
class ToolFacts:
    name: str
    versions: dict[str, str]


@dataclass(frozen=True)
class RuleInfo:
    """One rule of the graph as declared (`graph.rules`)."""

    index: int
    id: str
    kind: str
    caption: str
    examples: list[str]
    location: Location | None


@dataclass(frozen=True)
class GraphFacts:
    name: str
    mount: str
    mount_description: str
    order_decides: bool
    law: str
    source: str | None
    format: str
    rule_count: int
    declared_examples: int
    never_routes: list[str]
    rules: list[RuleInfo]


@dataclass(frozen=True)
class ShardRef:
    index: int
    count: int


@dataclass(frozen=True)
class RunFacts:
    """How the run went: seed, budgets, counts, how it ended, and its timings (volatile)."""

    seed: int
    budget_phrases: int | None
    budget_seconds: float | None
    budget: str
    phrases_generated: int
    phrases_judged: int
    elapsed_seconds: float
    ended_by: str
    intersection: JsonObject
    generator_counts: dict[str, int]
    units_ended: dict[str, int]
    shard: ShardRef | None
    judged_per_second: float
    workers: JsonObject
    decide_seconds: float | None
    #: Names this run's files as one generation (the HTML, JSON, SARIF and ledger it wrote together).
    run_id: str | None = json_field(omit_none=True)
    #: Seconds spent per phase (proven, decided, generation), in the order they ran; timing, not a finding.
    phase_seconds: dict[str, float] | None = json_field(omit_none=True)
    #: Which generator drew the `when` contexts: "hypothesis-jsonschema", or "fuzzroute" (its own, where
    #: hypothesis-jsonschema does not run with the installed hypothesis); absent when no rule has a `when`.
    context_generator: str | None = json_field(omit_none=True)


@dataclass(frozen=True)
class ClaimantRef:
    index: int
    id: str
    unconditional: bool


@dataclass(frozen=True)
class ClaimsRef:
    """Who a law starts on a phrase (`None`: no entry)."""

    cold_walk: ClaimantRef | None
    cascade: ClaimantRef | None


@dataclass(frozen=True)
class ProblemRecord:
    """A proven problem, as the checkup defines it, with its rule's location and both laws' claimants."""

    kind: str
    code: str
    skill: str | None
    example: str | None
    from_: str | None = json_field("from")
    to: str | None = None
    message: str = ""
    location: Location | None = None
    claims: ClaimsRef | None = None
    status: str | None = json_field(omit_none=True)


@dataclass(frozen=True)
class NoteRecord:
    name: str
    text: str


@dataclass(frozen=True)
class RuleAt:
    """A rule by id and position, with where it is declared."""

    id: str
    index: int
    location: Location | None


@dataclass(frozen=True)
class NotCheckedRecord:
    """A declared phrase whose verdict depends on a `when` a static read could not run: neither passed nor failed."""

    check: str
    phrase: str
    skill: str | None
    depends_on: RuleAt
    message: str
    location: Location | None


@dataclass(frozen=True)
class ProvenSection:
    ok: bool
    problems: list[ProblemRecord]
    notes: list[NoteRecord]
    #: Only for a graph read statically (TypeScript, JavaScript) with `when` rules; absent when empty.
    not_checked: list[NotCheckedRecord] | None = json_field(omit_none=True)


@dataclass(frozen=True)
class SuggestionRecord:
    """A generated suggestion as reported: the engine's finding plus where its rule is and what to paste.

    `relation` says how the two rules of an overlap or a shadowing meet:
    `shared-text` (the earlier rule matches inside the later rule's own text,
    `shared_in` its fixed words or only its wildcards, on `shared_count`
    witnesses) or `co-occurrence` (only on glued texts); None for other kinds.
    `paste_mode` says what `paste` is: `examples` (the rule's examples list
    with the witness added), `already_declared`, `as_given` (the engine's own
    line, e.g. a slow phrase as an expression) or None.  `memory` is
    `replayed` for a suggestion a `--db` run carried over from its ledger;
    `status` is `new` or `still` against a baseline.
    """

    kind: str
    rule: str | None
    rule_index: int | None
    from_: str | None = json_field("from")
    from_index: int | None = None
    to: str | None = None
    to_index: int | None = None
    count: int = 0
    message: str = ""
    paste: str | None = None
    paste_json: str | None = None
    mutation: str | None = None
    relation: str | None = None
    shared_in: str | None = None
    shared_count: int = 0
    witnesses: list[Witness] = field(default_factory=list)
    location: Location | None = None
    paste_mode: str | None = None
    memory: str | None = json_field(omit_none=True)
    status: str | None = json_field(omit_none=True)
    #: Position in the findings' order, strongest first (see `report.overview`); absent for glued pairs.
    rank: int | None = json_field(omit_none=True)


@dataclass(frozen=True)
class RuleRef:
    rule: str
    rule_index: int


@dataclass(frozen=True)
class DecidedRecord:
    """One decided (or explicitly undecided) fact about the rules, for every message."""

    kind: str
    question: str
    rule: str
    rule_index: int
    message: str
    witness: str | None
    location: Location | None
    other_rule: str | None
    other_rule_index: int | None
    containing_rules: list[RuleRef]
    dead_rules: list[RuleRef]
    reason: str | None
    law: str | None
    claims: ClaimsRef | None
    id: str
    #: For an overlap: how the two rules meet (as `SuggestionRecord.relation`), decided for every message.
    relation: str | None = None
    shared_in: str | None = None
    #: A `decided-redos` item's growth, degree, attack, fix and timed evidence (absent for other kinds).
    redos: JsonObject | None = json_field(omit_none=True)
    status: str | None = json_field(omit_none=True)
    #: Position in the findings' order, strongest first (see `report.overview`); absent for glued pairs.
    rank: int | None = json_field(omit_none=True)


@dataclass(frozen=True)
class DefectRecord:
    """A decided witness the real matchers contradict: a defect of fuzzroute, not of the rules."""

    kind: str
    rule: str
    rule_index: int
    other_rule: str | None
    witness: str | None
    problem: str


@dataclass(frozen=True)
class SupersededRef:
    """A sampled suggestion the decided tier answers for every message, and the decided item that does."""

    kind: str
    rule: str | None
    from_: str | None = json_field("from")
    to: str | None = None
    count: int = 0
    decided: str = ""
    decided_kind: str = ""


@dataclass(frozen=True)
class PairRelation:
    """How the decided tier found a sampled pair to meet: `shared-text`, `co-occurrence`, `disjoint`, `undecided`."""

    from_index: int
    to_index: int
    relation: str


@dataclass(frozen=True)
class PairExample:
    """One pair of a counted kind: the later rule, the earlier one, and a message both match (if any)."""

    rule: str
    rule_index: int
    other_rule: str
    other_rule_index: int
    witness: str | None


@dataclass(frozen=True)
class CountedPairs:
    """Pairs counted rather than listed, with the first few as examples."""

    count: int
    examples: list[PairExample]


@dataclass(frozen=True)
class DecidedCounts:
    """What the decided tier counts instead of listing, so no graph lists one item per pair.

    `co_occurrence`: pairs that only meet on glued texts (expected first-match
    behaviour); `disjoint`: pairs no message starts both of; the two
    `_unlisted` entries: findings past what is listed; `can_win`: rules with
    a message no earlier data rule takes.
    """

    co_occurrence: CountedPairs
    disjoint: CountedPairs
    shared_text_unlisted: CountedPairs
    undecided_unlisted: CountedPairs
    can_win: int


@dataclass(frozen=True)
class DecisionFacts:
    """How the decided tier ran: whether, why not, its figures, tool defects and what it took over.

    `counts` holds the pairs counted rather than listed; `pairs` how each
    pair a sampled overlap or shadowing was about was decided (sparse: only those pairs),
    so a shard merge supersedes as a single run does; `not_reached` the rules
    a stopped tier never asked about.
    """

    ran: bool
    reason: str | None
    stats: JsonObject
    defects: list[DefectRecord]
    superseded: list[SupersededRef]
    counts: DecidedCounts | None = None
    pairs: list[PairRelation] = field(default_factory=list)
    not_reached: list[RuleRef] = field(default_factory=list)


@dataclass(frozen=True)
class RuleFigures:
    """A rule's generated phrases: how many, how many it kept, and who took the rest.

    Every phrase the rule's own condition accepts is won by it or lost to an
    earlier entry (`accepted = won + lost`); `phrases` adds the generator's
    rejects.
    """

    index: int
    id: str
    caption: str
    examples: int
    generated: int
    won: int
    rejected: int
    lost_to: dict[str, int]
    accepted: int
    phrases: int
    lost: int
    share_won: float | None
    share_lost: float | None


@dataclass(frozen=True)
class Steals:
    """Who claims whose generated phrases under `law`, sparse.

    `cells` holds `[taker, source, count]` (entry indexes) for every non-zero
    cell: `count` phrases generated from rule `source` that rule `taker`
    claims; `[j, j, n]` is what rule j keeps.  `axis` lists the rules phrases
    were generated from; `stolen` counts the phrases off the diagonal.
    """

    law: str
    axis: list[int]
    cells: list[list[int]]
    stolen: int

    def count(self, taker: int, source: int) -> int:
        return next((n for i, j, n in self.cells if i == taker and j == source), 0)


@dataclass(frozen=True)
class Summary:
    proven_errors: int
    proven_warnings: int
    notes: int
    suggestions: int
    suggestions_by_kind: dict[str, int]
    witnesses: int
    phrases_generated: int
    phrases_stolen: int
    exit_status: int
    decided: int
    decided_by_kind: dict[str, int]
    decided_defects: int
    fail_on: str


@dataclass(frozen=True)
class Boundary:
    """What each tier does not prove, in its own words."""

    proven: str
    generated: str
    decided: str


@dataclass(frozen=True)
class MergeFacts:
    """What `fuzzroute merge` needs to combine shard reports: the graph's hash and what this shard set aside."""

    graph_hash: str
    withheld: list[SuggestionRecord]
    superseded: list[SuggestionRecord]
    decision_defects: list[DefectRecord]


@dataclass(frozen=True)
class ResolvedProblem:
    kind: str
    code: str
    skill: str | None
    example: str | None
    from_: str | None = json_field("from")
    to: str | None = None


@dataclass(frozen=True)
class ResolvedSuggestion:
    kind: str
    rule: str | None
    from_: str | None = json_field("from")
    to: str | None = None
    count: int = 0


@dataclass(frozen=True)
class ProvenHistory:
    new: int
    still: int
    resolved: list[ResolvedProblem]


@dataclass(frozen=True)
class SuggestionHistory:
    new: int
    still: int
    resolved: list[ResolvedSuggestion]


@dataclass(frozen=True)
class History:
    """What changed since the baseline (an earlier report, or the `--db` ledger)."""

    baseline: str
    baseline_generated_at: str | None
    baseline_seed: int | None
    proven: ProvenHistory
    suggestions: SuggestionHistory


@dataclass(frozen=True)
class Memory:
    """What a `--db` run replayed from its ledger and carried into this report."""

    db: str
    ledger: str
    first_run: bool
    previous_run_at: str | None
    replayed_suggestions: int
    replayed_witnesses: int
    reproduced_witnesses: int
    reproduced_suggestions: int
    carried: int


@dataclass(frozen=True)
class AlsoShown:
    """A lower tier's finding about the same pair of rules, folded into a stronger row (linked, not repeated)."""

    tier: str
    anchor: str
    count: int | None = None


@dataclass(frozen=True)
class OverviewPair:
    """A pair of rules an aggregate row stands for: the earlier rule, the later one, how often, a phrase."""

    earlier: str
    later: str
    count: int | None = None
    phrase: str | None = None


@dataclass(frozen=True)
class OverviewMember:
    """One of the findings a row stands for: a rule's near miss of the same edit, a never-route phrase."""

    rule: str | None
    phrase: str | None
    mutation: str | None = None
    count: int | None = None
    location: Location | None = None


@dataclass(frozen=True)
class OverviewRow:
    """One row of the overview: what an author should look at, strongest evidence first.

    The proven rows come first (one per declared phrase); then at most
    `OVERVIEW_LIMIT` rows of the decided and suggested tiers, ranked, with
    the default claiming the graph's own never-route phrases as one row after
    the decided ones; then the aggregate rows (kind `co-occurrence`: rules
    that only meet on glued texts, listed in `pairs`; `more`: findings not
    listed here, in the full list).  `relation` is `shared-text`,
    `co-occurrence` or None.  `rule` is the rule the row is about (None when
    it is about several: `rules` lists every one); `taking_rules` the rules
    that take its messages first (`other_rule` when there is exactly one);
    `members` the findings a grouped row stands for (one near miss per rule,
    one never-route phrase each); `reason` says in words why a row is there
    by design.  `anchor` is the id of the card the page links to; `also` the
    weaker findings about the same two rules that this row stands for.
    """

    tier: str
    kind: str
    relation: str | None
    rule: str | None
    other_rule: str | None
    phrase: str | None
    count: int | None
    shared_in: str | None = None
    severity: str | None = None
    codes: list[str] = field(default_factory=list)
    mutation: str | None = None
    location: Location | None = None
    anchor: str | None = None
    new: bool = False
    also: list[AlsoShown] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    taking_rules: list[str] = field(default_factory=list)
    pairs: list[OverviewPair] = field(default_factory=list)
    members: list[OverviewMember] = field(default_factory=list)
    reason: str | None = None


@dataclass(frozen=True)
class AcceptedFinding:
    """A finding about two rules the author accepted as intended: listed here, not among the findings."""

    tier: str
    kind: str
    earlier: str
    later: str
    reason: str
    count: int | None
    phrase: str | None


@dataclass(frozen=True)
class StaleAcceptance:
    """An acceptance that matched no finding of this run: the overlap may be fixed, or a rule renamed."""

    earlier: str
    later: str
    reason: str
    why: str
    location: Location | None


@dataclass(frozen=True)
class AcceptedSection:
    findings: list[AcceptedFinding] = field(default_factory=list)
    stale: list[StaleAcceptance] = field(default_factory=list)


@dataclass(frozen=True)
class Report:
    """The whole report of one run (or of merged shards)."""

    schema_version: int
    generated_at: str
    tool: ToolFacts
    graph: GraphFacts
    run: RunFacts
    merge: MergeFacts
    partial: bool
    partial_reason: str | None
    summary: Summary
    boundary: Boundary
    proven: ProvenSection
    suggestions: list[SuggestionRecord]
    rules: list[RuleFigures]
    steals: Steals
    decided: list[DecidedRecord]
    decision: DecisionFacts
    overview: list[OverviewRow] = field(default_factory=list)
    accepted: AcceptedSection = field(default_factory=AcceptedSection)
    history: History | None = json_field(omit_none=True)
    memory: Memory | None = json_field(omit_none=True)
