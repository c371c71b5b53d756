"""The report document as typed values: what every tier found, counted once, in the order it is shown.

One `Report` is built per run (`fuzzroute.report.assembly.build`), and every writer
(JSON, HTML, SARIF, the terminal) lays out the same objects; none of them
recomputes a count, an order or an exit status.  Field order is the key
order of the JSON form (`record.to_json`), which is the versioned public
contract described by `fuzzroute/schema/report.schema.json`, generated from
these declarations (`python -m fuzzroute.results.schemas`).

The three tiers stay in separate fields: `proven` (declared phrases),
`decided` and `decision` (automata), `suggestions` (generated samples).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, get_args

from msgspec import Meta, field

from fuzzroute.results.decided_records import DECIDED_KINDS as DECIDED_KINDS
from fuzzroute.results.decided_records import DECIDED_LAWS as DECIDED_LAWS
from fuzzroute.results.decided_records import QUESTIONS as QUESTIONS
from fuzzroute.results.decided_records import Count as Count
from fuzzroute.results.decided_records import CountedPairs as CountedPairs
from fuzzroute.results.decided_records import DecidedCounts as DecidedCounts
from fuzzroute.results.decided_records import DecidedKind as DecidedKind
from fuzzroute.results.decided_records import DecidedLaw as DecidedLaw
from fuzzroute.results.decided_records import DecidedRecord as DecidedRecord
from fuzzroute.results.decided_records import DefectRecord as DefectRecord
from fuzzroute.results.decided_records import PairExample as PairExample
from fuzzroute.results.decided_records import Position as Position
from fuzzroute.results.decided_records import Question as Question
from fuzzroute.results.decided_records import Rank
from fuzzroute.results.decided_records import Redos as Redos
from fuzzroute.results.decided_records import RedosAttack as RedosAttack
from fuzzroute.results.decided_records import RedosEvidence as RedosEvidence
from fuzzroute.results.decided_records import RuleRef as RuleRef
from fuzzroute.results.proven_records import LOCATION_DESCRIPTION, Note, Problem
from fuzzroute.results.proven_records import Location as Location
from fuzzroute.results.proven_records import NotCheckedRecord as NotCheckedRecord
from fuzzroute.results.proven_records import RuleAt as RuleAt
from fuzzroute.results.proven_records import Severity as Severity
from fuzzroute.results.proven_records import Status as Status
from fuzzroute.results.record import OMIT, Omitted, Record
from fuzzroute.results.suggestions import SUGGESTION_KINDS, NearMissVariant, Relation, SharedIn, Witness

SCHEMA_VERSION: Final = 6

#: The names the report modules use for the proven tier's records (the same classes the checkup builds).
ProblemRecord = Problem
NoteRecord = Note
#: Report versions this fuzzroute reads as a baseline: the three before this one, and this one.
BASELINE_VERSIONS = (3, 4, 5, 6)

JsonObject = dict[str, Any]

#: A share of a rule's accepted phrases, rounded to four places.
Share = Annotated[float, Meta(ge=0)]
#: Seconds of wall time: timing, varies between runs.
Seconds = Annotated[float, Meta(ge=0)]
#: The two claim laws: the first-match walk over a cold turn, and the classifier cascade.
Law = Literal["cold_walk", "cascade"]
#: Which generator drew the `when` contexts of a run (`run.context_generator`).
ContextGenerator = Literal["hypothesis-jsonschema", "fuzzroute"]
CONTEXT_GENERATORS: tuple[ContextGenerator, ...] = get_args(ContextGenerator)
#: How the two rules of a pair met, as the decided tier found (a sampled pair's `decision.pairs` entry).
PairVerdict = Literal["shared-text", "co-occurrence", "disjoint", "undecided"]
#: The evidence tiers, always kept apart.
Tier = Literal["proven", "decided", "suggested"]
#: The tiers below proven (a row's `also`, an accepted finding).
LowerTier = Literal["decided", "suggested"]
#: Why generation ended.
EndedBy = Literal["phrase-budget", "time-budget", "exhausted", "interrupted"]
#: The --fail-on policies.
FailOn = Literal["proven", "decided", "new", "never"]
#: The formats a graph is read from.
GraphFormat = Literal["python", "json", "typescript", "javascript"]
#: How a graph's rules are mounted.
Mount = Literal["rules", "classifier", "scorer", "read"]
#: The kinds of rule.
RuleKind = Literal["regex", "keywords", "all", "intent", "when", "default"]

#: The values of each literal type above, for `record.one_of`.
LAWS: tuple[Law, ...] = get_args(Law)
PAIR_VERDICTS: tuple[PairVerdict, ...] = get_args(PairVerdict)
LOWER_TIERS: tuple[LowerTier, ...] = get_args(LowerTier)
ENDINGS: tuple[EndedBy, ...] = get_args(EndedBy)
FAIL_ON: tuple[FailOn, ...] = get_args(FailOn)
RULE_KINDS: tuple[RuleKind, ...] = get_args(RuleKind)
PasteMode = Literal["examples", "already_declared", "as_given"]

class ToolFacts(Record, frozen=True):
    name: Literal["fuzzroute"]
    versions: dict[str, str]


class RuleInfo(Record, frozen=True):
    """One rule of the graph as declared (`graph.rules`)."""

    index: Position
    id: str
    kind: RuleKind
    caption: str
    examples: list[str]
    location: Location | None


class GraphFacts(Record, frozen=True):
    name: Annotated[str, Meta(min_length=1)]
    mount: Mount
    mount_description: str
    order_decides: bool
    law: Law
    source: str | None
    format: GraphFormat
    rule_count: Count
    declared_examples: Count
    never_routes: list[str]
    rules: list[RuleInfo]


class ShardRef(Record, frozen=True):
    index: Annotated[int, Meta(ge=1)]
    count: Annotated[int, Meta(ge=1)]


class RunFacts(Record, frozen=True):
    """How the run went: seed, budgets, counts, how it ended, and its timings (volatile)."""

    seed: int
    budget_phrases: Count | None
    budget_seconds: Seconds | None
    budget: str
    phrases_generated: Count
    phrases_judged: Count
    elapsed_seconds: Seconds
    ended_by: Annotated[
        EndedBy,
        Meta(
            description=(
                "Why generation ended: phrase budget spent, time budget used, generators had nothing new left, or"
                " interrupted."
            ),
        ),
    ]
    intersection: Annotated[
        JsonObject,
        Meta(
            description=(
                "Diagnostics of the overlap-witness phase (the decided tier's automata): pairs tried, pruned and "
                "skipped, searches and automaton states, witnesses, disagreements with Python re (a fuzzroute bug"
                " if any), rules the automata cannot read."
            ),
        ),
    ]
    generator_counts: dict[str, Count]
    units_ended: Annotated[
        dict[str, Count],
        Meta(
            description=(
                "Work units (one per rule phrases are generated from) by how they ended; `ended_by` is derived "
                "from it."
            ),
        ),
    ]
    shard: Annotated[
        ShardRef | None,
        Meta(
            description=(
                "For `report --shard I/N`: which slice this report is; null for a whole run (and a merged one)."
            ),
        ),
    ]
    judged_per_second: Annotated[
        Seconds,
        Meta(
            description=(
                "Timing: phrases_judged / elapsed_seconds, the headline speed figure. Varies between runs of one "
                "seed and budget."
            ),
        ),
    ]
    workers: Annotated[
        JsonObject,
        Meta(
            description=(
                "Timing only, varies between runs: processes used, phrases judged per worker, generation seconds "
                "(for a merged report, one such object per shard under `shards`). Everything else in the document"
                " is the same for any number of workers."
            ),
        ),
    ]
    decide_seconds: Annotated[
        Seconds | None,
        Meta(
            description=(
                "Time the decided tier took (null when it did not run)."
            ),
        ),
    ]
    #: Names this run's files as one generation (the HTML, JSON, SARIF and ledger it wrote together).
    run_id: Annotated[
        str,
        Meta(
            description=(
                "Volatile, like the timing fields: the id of the run that wrote this document, also in the HTML "
                "(meta fuzzroute-run-id), the SARIF log (automationDetails.guid) and the --db ledger written with"
                " it."
            ), pattern='^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        ),
    ] | Omitted = OMIT
    #: Seconds spent per phase (proven, decided, generation), in the order they ran; timing, not a finding.
    phase_seconds: Annotated[
        dict[str, Seconds],
        Meta(
            description=(
                "Timing: seconds per phase that ran (proven, decided, generation, and report: building and "
                "rendering the outputs), in the order they ran; for a merged report the longest shard's."
            ),
        ),
    ] | Omitted = OMIT
    context_generator: Annotated[
        ContextGenerator,
        Meta(
            description=(
                "Which generator drew the `when` contexts: hypothesis-jsonschema, or fuzzroute's own where "
                "hypothesis-jsonschema does not run with the installed hypothesis; absent when no rule has a `when`."
            ),
        ),
    ] | Omitted = OMIT
    unnatural_withheld: Annotated[
        Count,
        Meta(
            description=(
                "Generated phrases the naturalness gate kept out of every list and every written example (a "
                "doubled or repeated word, a word that is no word, a word swapped for one of another role, an "
                "inflection nobody types); a decided finding is never withheld."
            ),
        ),
    ] = 0


class ProvenSection(Record, frozen=True):
    ok: bool
    problems: list[ProblemRecord]
    notes: list[NoteRecord]
    #: Only for a TypeScript or JavaScript graph with a `when` fuzzroute does not run; absent when empty.
    not_checked: Annotated[
        list[NotCheckedRecord],
        Meta(
            description=(
                "Declared phrases whose verdict depends on a `when` predicate of a TypeScript/JavaScript "
                "graph that fuzzroute does not run (its message says why); present only when there are some."
            ),
        ),
    ] | Omitted = OMIT


class SuggestionRecord(Record, frozen=True):
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

    kind: Annotated[str, Meta(extra_json_schema={"enum": list(SUGGESTION_KINDS)})]
    rule: str | None
    rule_index: Position | None
    from_: str | None = field(name="from")
    from_index: Position | None = None
    to: str | None = None
    to_index: Position | None = None
    count: Count = 0
    message: str = ""
    paste: str | None = None
    paste_json: str | None = None
    mutation: Annotated[
        str | None,
        Meta(
            description=(
                "Near misses only: which edit of the declared example made the best witness, e.g. 'inflection: "
                "order -> orders' or 'typo: swapped letters (order -> odrer)'; null for every other kind"
            ),
        ),
    ] = None
    relation: Annotated[
        Relation | None,
        Meta(
            description=(
                "Overlaps and shadowings: shared-text when the earlier rule matches inside the later rule's own "
                "text on some witness, co-occurrence when they only meet on glued texts; null for other kinds"
            ),
        ),
    ] = None
    shared_in: Annotated[
        SharedIn | None,
        Meta(
            description=(
                "For shared text: fixed-words when the earlier rule's match covers a literal of the later rule, "
                "wildcard when it only sits in the later rule's wildcards"
            ),
        ),
    ] = None
    shared_count: Count = 0
    witnesses: list[Witness] = []
    location: Annotated[Location | None, Meta(description=LOCATION_DESCRIPTION)] = None
    variant: Annotated[
        NearMissVariant | None,
        Meta(
            description=(
                "Near misses only: the kind of change people type that the rule misses (case, apostrophe, "
                "contraction, us-uk, compound, function-word, inflection); one suggestion per rule and kind. Null for "
                "other kinds and for slips listed with --typos (their edit is in `mutation`)."
            ),
        ),
    ] = None
    fix: Annotated[
        str | None,
        Meta(
            description=(
                "Near misses only: the change to the rule that makes it accept the witness, in words (\"the regex "
                "has no i flag: add it\", \"add \\\"can't log in\\\" to the keywords\")."
            ),
        ),
    ] = None
    paste_mode: Annotated[
        PasteMode | None,
        Meta(
            description=(
                "examples: the lines are the rule's whole examples list with the best witness added; "
                "already_declared: that witness is already one of the rule's examples, so the checkup covers it; "
                "as_given: the engine's own lines; null: nothing to paste"
            ),
        ),
    ] = None
    memory: Annotated[
        Literal["replayed"],
        Meta(
            description=(
                "Only with --db: carried from the ledger because a stored witness still reproduces, although this"
                " run did not draw it."
            ),
        ),
    ] | Omitted = OMIT
    status: Status | Omitted = OMIT
    #: Position in the findings' order, strongest first (see `report.overview`); absent for glued pairs.
    rank: Rank | Omitted = OMIT


class SuggestionKey(Record, frozen=True):
    """A sampled suggestion set aside: its kind, its rules (by position in `graph.rules` and by id) and its count.

    No text and no witness: a merge of shards needs only which suggestion it
    was to settle the shards' suggestions again
    (`fuzzroute.results.ordering.settle`), and its text is the same in every
    shard.  The ids stand beside the positions so a script reads which rules
    it was about without looking them up (ids need not be unique; positions are).
    """

    kind: Annotated[str, Meta(extra_json_schema={"enum": list(SUGGESTION_KINDS)})]
    rule_index: Position | None
    from_index: Position | None
    to_index: Position | None
    count: Count
    rule: str | None = None
    from_: str | None = field(name="from", default=None)
    to: str | None = None


class SupersededRef(Record, frozen=True):
    """A sampled suggestion the decided tier answers for every message, and the decided item that does.

    The suggestion's kind, its rules (positions in `graph.rules`, or null,
    and their ids), its count, the id of the decided item
    (`decided-co-occurrence` for a pair counted as co-occurring) and that
    item's kind.
    """

    kind: Annotated[str, Meta(extra_json_schema={"enum": list(SUGGESTION_KINDS)})]
    rule_index: Position | None
    from_index: Position | None
    to_index: Position | None
    count: Count
    decided: str
    decided_kind: str
    rule: str | None = None
    from_: str | None = field(name="from", default=None)
    to: str | None = None


class PairRelation(Record, frozen=True):
    """How the decided tier found a sampled pair to meet: the earlier (`from`) and later (`to`) rule, by
    position in `graph.rules` and by id, and the relation (`shared-text`, `co-occurrence`, `disjoint`,
    `undecided`)."""

    from_index: Position
    to_index: Position
    relation: PairVerdict
    from_: str = field(name="from", default="")
    to: str = ""


class DecisionFacts(Record, frozen=True):
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
    counts: Annotated[
        DecidedCounts | None,
        Meta(
            description=(
                "Pairs counted rather than listed (never one item per pair): co-occurring pairs, disjoint pairs, "
                "shared text and undecided questions past what is listed, each with its count and the first few "
                "examples; and how many rules can start a turn. Null when the tier did not run."
            ),
        ),
    ] = None
    pairs: Annotated[
        list[PairRelation],
        Meta(
            description=(
                "How the decided tier decided each pair a rules-overlap suggestion samples (sparse; a shard merge"
                " applies it again)."
            ),
        ),
    ] = []
    not_reached: Annotated[
        list[RuleRef],
        Meta(
            description=(
                "Data rules whose questions the decided tier did not reach (stopped by a time budget or a stop "
                "request)."
            ),
        ),
    ] = []


class RuleFigures(Record, frozen=True, array_like=True):
    """A rule's generated phrases: how many, how many it kept, and who took the rest.

    Every phrase the rule's own condition accepts is won by it or lost to an
    earlier entry (`accepted = won + lost`); `phrases` adds the generator's
    rejects.  Written as one array per rule, in this order: `[index, id,
    caption, examples, generated, won, rejected, lost_to, accepted, phrases,
    lost, share_won, share_lost]`, so the figures of 5,000 rules do not
    repeat 13 key names 5,000 times.
    """

    index: Position
    id: str
    caption: str
    examples: Count
    generated: Count
    won: Count
    rejected: Count
    lost_to: dict[str, Count]
    accepted: Count
    phrases: Count
    lost: Count
    share_won: Share | None
    share_lost: Share | None


class Steals(Record, frozen=True):
    """Who claims whose generated phrases under `law`, sparse.

    `cells` holds `[taker, source, count]` (entry indexes) for every non-zero
    cell: `count` phrases generated from rule `source` that rule `taker`
    claims; `[j, j, n]` is what rule j keeps.  `axis` lists the rules phrases
    were generated from; `stolen` counts the phrases off the diagonal.
    """

    law: Law
    axis: list[Position]
    cells: list[Annotated[list[Count], Meta(min_length=3, max_length=3)]]
    stolen: Count

    def count(self, taker: int, source: int) -> int:
        return next((n for i, j, n in self.cells if i == taker and j == source), 0)


class Summary(Record, frozen=True):
    proven_errors: Count
    proven_warnings: Count
    notes: Count
    suggestions: Count
    suggestions_by_kind: dict[str, Annotated[int, Meta(ge=1)]]
    witnesses: Count
    phrases_generated: Count
    phrases_stolen: Count
    exit_status: Annotated[Literal[0, 1], Meta(description="The exit code under `fail_on`.")]
    decided: Count
    decided_by_kind: dict[str, Annotated[int, Meta(ge=1)]]
    decided_defects: Count
    fail_on: Annotated[FailOn, Meta(description="The --fail-on policy that set exit_status.")]


class Boundary(Record, frozen=True):
    """What each tier does not prove, in its own words."""

    proven: Annotated[str, Meta(min_length=1)]
    generated: Annotated[str, Meta(min_length=1)]
    decided: Annotated[str, Meta(min_length=1)]


class MergeFacts(Record, frozen=True):
    """What `fuzzroute merge` needs to combine shard reports: the graph's hash and what this shard set aside."""

    graph_hash: Annotated[
        str,
        Meta(
            description=(
                "Fingerprint of the graph definition (entries, matchers, when code, examples, never-routes, "
                "mount); reports of different graphs are never merged."
            ), pattern='^sha256:[0-9a-f]{64}$',
        ),
    ]
    withheld: Annotated[
        list[SuggestionKey],
        Meta(
            description=(
                "rules-overlap suggestions not listed because the same pair is reported as shadowed, each as "
                "[kind, rule, from, to, count] (positions in graph.rules); a merge re-applies that rule over all "
                "shards. The suggestions the decided tier took out are `decision.superseded`."
            ),
        ),
    ]
    decision_defects: Annotated[
        list[DefectRecord],
        Meta(
            description=(
                "The decided tier's own tool defects, before any suggestion was compared with it."
            ),
        ),
    ]


class ResolvedProblem(Record, frozen=True):
    kind: str
    code: str
    skill: str | None
    example: str | None
    from_: str | None = field(name="from")
    to: str | None = None


class ResolvedSuggestion(Record, frozen=True):
    kind: str
    rule: str | None
    from_: str | None = field(name="from")
    to: str | None = None
    count: Count = 0


class ProvenHistory(Record, frozen=True):
    new: Count
    still: Count
    resolved: list[ResolvedProblem]


class SuggestionHistory(Record, frozen=True):
    new: Count
    still: Count
    resolved: list[ResolvedSuggestion]


class History(Record, frozen=True):
    """What changed since the baseline (an earlier report, or the `--db` ledger)."""

    baseline: str
    baseline_generated_at: str | None
    baseline_seed: int | None
    proven: ProvenHistory
    suggestions: SuggestionHistory


class Memory(Record, frozen=True):
    """What a `--db` run replayed from its ledger and carried into this report."""

    db: str
    ledger: str
    first_run: bool
    previous_run_at: str | None
    replayed_suggestions: Count
    replayed_witnesses: Count
    reproduced_witnesses: Count
    reproduced_suggestions: Count
    carried: Annotated[
        int,
        Meta(
            description=(
                "Stored suggestions this run's exploration did not draw but whose witnesses still reproduce; kept"
                " in `suggestions` with memory = replayed."
            ), ge=0,
        ),
    ]


class AlsoShown(Record, frozen=True):
    """A lower tier's finding about the same pair of rules, folded into a stronger row (linked, not repeated)."""

    tier: LowerTier
    anchor: str
    count: Count | None = None


class OverviewPair(Record, frozen=True):
    """A pair of rules an aggregate row stands for: the earlier rule, the later one, how often, a phrase."""

    earlier: str
    later: str
    count: Count | None = None
    phrase: str | None = None


class OverviewMember(Record, frozen=True):
    """One of the findings a row stands for: a rule's near miss of the same edit, a never-route phrase."""

    rule: str | None
    phrase: str | None
    mutation: str | None = None
    count: Count | None = None
    location: Location | None = None
    fix: str | None = None


class OverviewRow(Record, frozen=True):
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

    tier: Tier
    kind: str
    relation: Relation | None
    rule: Annotated[
        str | None,
        Meta(
            description=(
                "The one rule the row is about; null when it is about several (see `rules`) or an aggregate."
            ),
        ),
    ]
    other_rule: Annotated[
        str | None,
        Meta(
            description=(
                "The one rule that takes the row's messages first; null when none or several (see "
                "`taking_rules`)."
            ),
        ),
    ]
    phrase: str | None
    count: Count | None
    shared_in: SharedIn | None = None
    severity: Severity | None = None
    codes: list[str] = []
    mutation: str | None = None
    location: Location | None = None
    anchor: str | None = None
    new: bool = False
    also: Annotated[
        list[AlsoShown],
        Meta(
            description=(
                "Weaker findings about the same two rules that this row stands for (linked, not repeated): a "
                "sampled shadowing of a pair decided to share text, or a decided overlap of a pair a declared "
                "example already proves."
            ),
        ),
    ] = []
    rules: Annotated[
        list[str],
        Meta(
            description=(
                "Every rule the row is about (a near-miss edit that misses in several rules names each)."
            ),
        ),
    ] = []
    taking_rules: Annotated[
        list[str],
        Meta(
            description=(
                "The rules that take the row's messages first: the earlier rule of an overlap or shadowing, every"
                " rule that takes a never-winning rule's messages, the rules claiming a near miss."
            ),
        ),
    ] = []
    pairs: Annotated[
        list[OverviewPair],
        Meta(
            description=(
                "The pairs of rules an aggregate row stands for, most often met first (the co-occurrence row; "
                "shared text only in wildcards)."
            ),
        ),
    ] = []
    members: Annotated[
        list[OverviewMember],
        Meta(
            description=(
                "The findings a grouped row stands for: one near miss per rule for an edit that misses in several"
                " rules, or each never-route phrase the default takes."
            ),
        ),
    ] = []
    reason: Annotated[
        str | None,
        Meta(
            description=(
                "Why a row is listed although it is there by design (the default taking the graph's own "
                "never-route phrases), in words."
            ),
        ),
    ] = None
    variant: Annotated[
        NearMissVariant | None,
        Meta(description="A near-miss row: the kind of change people type that its rule (or each rule) misses."),
    ] = None
    fix: Annotated[
        str | None,
        Meta(description=(
            "A near-miss row about one rule: the change to the rule that makes it accept the phrase. One of the "
            "first decided rows `fuzzroute fix` has an edit kind for: the edit it proposes, proven safe (or why none "
            "is), as `fuzzroute fix` would make it."
        )),
    ] = None


class AcceptedFinding(Record, frozen=True):
    """A finding about two rules the author accepted as intended: listed here, not among the findings."""

    tier: LowerTier
    kind: str
    earlier: str
    later: str
    reason: str
    count: Count | None
    phrase: str | None


class StaleAcceptance(Record, frozen=True):
    """An acceptance that matched no finding of this run: the overlap may be fixed, or a rule renamed."""

    earlier: str
    later: str
    reason: str
    why: str
    location: Location | None


class AcceptedSection(Record, frozen=True):
    findings: list[AcceptedFinding] = []
    stale: list[StaleAcceptance] = []


class Report(Record, frozen=True):
    """The whole report of one run (or of merged shards)."""

    schema_version: Annotated[
        Literal[6],
        Meta(
            description=(
                "6 made the document readable without fuzzroute: every finding and pair names its rules by id "
                "beside their positions (decided items, suggestions and their witnesses, `decision.pairs`, "
                "`decision.superseded`, `merge.withheld`, `decision.not_reached`), carries its `location` and its "
                "`message` text, and `message_templates` is gone; the set-aside and superseded suggestions and "
                "the decided pairs are objects again; it also gave near misses the kind of change people type "
                "(`variant`: case, apostrophe, contraction, us-uk, compound, function-word, inflection; one "
                "suggestion per rule and kind) and the rule's fix (`fix`), on suggestions and overview rows, and "
                "counts the phrases the naturalness gate withheld (`run.unnatural_withheld`); "
                "5 made the document scale with what it shows: sets aside and superseded suggestions, and the "
                "decided pairs, are written as arrays of rule positions (`merge.withheld`, `decision.superseded`,"
                " `decision.pairs`), `merge.superseded` is gone, and each rule's figures are one array; "
                "4 gave the overview's rows structured fields (`rules`, `taking_rules`, the co-occurrence row's "
                "`pairs`, a grouped row's `members`, `reason`; `rule` and `other_rule` only ever name one rule) "
                "and made the default taking the graph's own never-route phrases one row; 3 added `overview`, the"
                " `relation` of overlaps and shadowings, and the sparse steals; documents of version 3 are still "
                "read as baselines"
            ),
        ),
    ]
    generated_at: Annotated[str, Meta(pattern="^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z$")]
    tool: ToolFacts
    graph: GraphFacts
    run: RunFacts
    merge: Annotated[MergeFacts, Meta(description="What `fuzzroute merge` needs beyond the rest of the document.")]
    partial: bool
    partial_reason: str | None
    summary: Summary
    boundary: Boundary
    proven: ProvenSection
    suggestions: list[SuggestionRecord]
    rules: list[RuleFigures]
    steals: Annotated[
        Steals,
        Meta(
            description=(
                "Who claims whose generated phrases, sparse: [taker, source, count] for every non-zero cell "
                "(entry indexes); [j, j, n] is what rule j keeps."
            ),
        ),
    ]
    decided: Annotated[
        list[DecidedRecord],
        Meta(
            description=(
                "The decided tier: facts that hold for every message, found with automata; every witness "
                "re-verified with the compiled matchers and both laws."
            ),
        ),
    ]
    decision: Annotated[
        DecisionFacts,
        Meta(
            description=(
                "How the decided tier ran: figures and limits, tool defects (never findings), the sampled "
                "suggestions it superseded, the pairs it counted rather than listed, how each sampled pair was "
                "decided, and the rules it did not reach."
            ),
        ),
    ]
    overview: Annotated[
        list[OverviewRow],
        Meta(
            description=(
                "Exactly the rows of the page's overview table, in order: the proven rows (one per declared "
                "phrase), then at most 20 rows of the decided and suggested tiers, strongest first (the default "
                "taking the graph's own never-route phrases is one proven row after the decided ones), then the "
                "aggregate rows (`co-occurrence`: pairs of rules that only meet on glued texts, listed in "
                "`pairs`; `more`: findings only in the full lists)."
            ),
        ),
    ] = []
    accepted: Annotated[
        AcceptedSection,
        Meta(
            description=(
                "Findings about overlaps the author accepted as intended (Graph.accept_overlap, a JSON graph's "
                "`accepted`, or the file beside a graph), and acceptances that matched nothing this run (stale)."
            ),
        ),
    ] = field(default_factory=AcceptedSection)
    history: Annotated[
        History,
        Meta(
            description=(
                "Only with --baseline: counts of new and still findings, and those the baseline had that are "
                "resolved now."
            ),
        ),
    ] | Omitted = OMIT
    memory: Annotated[
        Memory,
        Meta(
            description=(
                "Only with --db: the witness ledger that was replayed before exploring, and what came of it."
            ),
        ),
    ] | Omitted = OMIT
