"""What the generated half produces: suggestions, never proofs.

These value types are the contract between the generation engine (which
fills them) and the reporters (which render them).  Every witness carries its
claimant under both laws, so a reader can re-run it with `Graph.claims` and
see exactly what the suggestion states.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, get_args

from msgspec import Meta, field

from fuzzroute.results.decided_records import RELATIONS as RELATIONS
from fuzzroute.results.decided_records import SHARED_INS as SHARED_INS
from fuzzroute.results.decided_records import Relation as Relation
from fuzzroute.results.decided_records import SharedIn as SharedIn
from fuzzroute.results.finding_kinds import SUGGESTIONS, SuggestionKind
from fuzzroute.results.record import OMIT, Omitted, Record

#: What a witness's context holds (the routing context it was judged on), for the published schemas; the
#: value stays a plain mapping because the generators and the laws pass it on as keyword arguments.
CONTEXT_SCHEMA = {
    "properties": {
        "iteration": {"type": "integer", "minimum": 0},
        "history": {"type": "array"},
        "activated_injection_ids": {"type": "array", "items": {"type": "string"}},
    },
}

# Suggestion kinds (stable codes; each one's row in `finding_kinds.SUGGESTIONS` says what the outputs show).
SHADOWED_BY_EARLIER_RULE: Final[SuggestionKind] = "generated-shadowed-by-earlier"
LAWS_DISAGREE: Final[SuggestionKind] = "generated-laws-disagree"
NEAR_MISS_UNCLAIMED: Final[SuggestionKind] = "near-miss-unclaimed"
NEAR_MISS_CLAIMED_ELSEWHERE: Final[SuggestionKind] = "near-miss-claimed-elsewhere"
RULES_OVERLAP: Final[SuggestionKind] = "rules-overlap"
RULE_NEVER_WINS: Final[SuggestionKind] = "rule-never-wins"
WHEN_CLAIMS_WARM: Final[SuggestionKind] = "when-claims-warm"
SLOW_MATCHER: Final[SuggestionKind] = "slow-matcher"

#: Each suggestion kind and one line on what it means, in the order the report lists them.
SUGGESTION_KINDS: dict[str, str] = {kind: row.summary for kind, row in SUGGESTIONS.items()}

GENERATED_BOUNDARY = (
    "Generated phrases are samples drawn from the rules, not proof. A suggestion shows one "
    "phrase that behaves as described; finding nothing in the samples proves nothing about "
    "coverage, and a phrase nobody generated was not checked."
)


#: The kinds of near miss people type (`fuzzroute.strategies.variants.VariantKind`, the same codes in the same
#: order): a near-miss suggestion is about one rule and one of these.
NearMissVariant = Literal["case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection"]
NEAR_MISS_VARIANTS: tuple[NearMissVariant, ...] = get_args(NearMissVariant)
#: Each kind in words, for the overview and the terminal ("a contraction written the other way").
VARIANT_WORDS: dict[str, str] = {
    "case": "the same words in other capitals",
    "apostrophe": "the other apostrophe",
    "contraction": "a contraction written the other way",
    "us-uk": "the other national spelling",
    "compound": "a compound closed, hyphenated or spaced",
    "function-word": "a small word dropped or added",
    "inflection": "the rule's own word in another form",
}
#: The edit codes of earlier reports, read as the kind they are now (`plural` and `inflection` are inflections).
LEGACY_EDITS: dict[str, NearMissVariant] = {
    "plural": "inflection", "inflection": "inflection", "case": "case", "drop": "function-word",
    "insertion": "function-word",
}


def legacy_variant(mutation: str | None) -> NearMissVariant | None:
    """The kind of a near miss an earlier report labelled by its edit ("plural: bag -> bags" is an inflection)."""
    edit = (mutation or "").partition(":")[0].strip()
    if edit in NEAR_MISS_VARIANTS:
        return edit  # type: ignore[return-value]  # checked just above
    return LEGACY_EDITS.get(edit)


#: Generators of near misses listed only on request (`--typos`): letter typos, word swaps, spacing slips.
SLIP_GENERATORS = frozenset({"mutation/typo", "mutation/swap", "mutation/spacing"})


class Witness(Record, frozen=True):
    """One phrase (and the context it was judged on) with its claimants under both laws.

    `mutation` is set on a near miss: which edit of the declared example made
    the phrase ("inflection: order -> orders", "typo: swapped letters (...)").
    """

    phrase: str
    cold_walk: str | None
    cascade: str | None
    cold_walk_index: Annotated[int, Meta(ge=0)] | None = None
    cascade_index: Annotated[int, Meta(ge=0)] | None = None
    generator: str = ""
    context: Annotated[dict[str, Any], Meta(extra_json_schema=CONTEXT_SCHEMA)] | Omitted = OMIT
    mutation: str | Omitted = OMIT
    #: How the two rules of an overlap or shadowing meet on this phrase (see `Suggestion.relation`).
    relation: Relation | Omitted = OMIT
    shared_in: SharedIn | Omitted = OMIT


class Suggestion(Record, frozen=True):
    """A grouped generated finding: one kind, one rule pair, its count and best witnesses.

    `rule` is the rule the suggestion is about (whose phrasing is at stake);
    `from_` and `to` name the pair where one takes from the other.  A near
    miss says in `mutation` which edit of the example made its best witness.
    """

    kind: str
    rule: str | None
    rule_index: int | None
    from_: str | None = field(name="from")
    from_index: int | None
    to: str | None
    to_index: int | None
    count: int
    witnesses: tuple[Witness, ...]
    message: str
    paste: str | None = None
    paste_json: str | None = None
    mutation: str | None = None
    #: For an overlap or a shadowing: `shared-text` when the earlier rule's match sits in the later
    #: rule's own text on some witness (`shared_in` says whether in its fixed words or only in its
    #: wildcards), `co-occurrence` when the two only meet on glued texts; None for other kinds.
    relation: Relation | None = None
    shared_in: SharedIn | None = None
    #: Witnesses (distinct phrases) on which the rules share text.
    shared_count: int = 0
    #: A near miss's kind (`NEAR_MISS_VARIANTS`); None for other kinds and for slips (`--typos`).
    variant: NearMissVariant | None = None
    #: What to change in the rule so it accepts the near miss ("the regex has no i flag: add it").
    fix: str | None = None


class RuleStats(Record, frozen=True):
    """Per-rule figures of one exploration: what was generated and who won it."""

    index: int
    id: str
    caption: str
    examples: int
    generated: int
    won: int
    rejected: int
    lost_to: dict[str, int] = {}


class PairDisagreement(Record, frozen=True):
    """Witnesses of a pair the automata accepted and Python `re` refused (a fuzzroute bug if any)."""

    earlier: str
    later: str
    count: int


class RefusedRule(Record, frozen=True):
    """A rule the automata cannot read, and why."""

    rule: str
    reason: str


class IntersectionFacts(Record, frozen=True):
    """What the overlap-witness phase did: a diagnostic of the run, not a finding."""

    available: bool
    pair_limit: int
    pairs_tried: int
    pairs_pruned: int
    pairs_skipped: int
    searches: int
    states: int
    witnesses: int
    disagreements: list[PairDisagreement]
    refused: list[RefusedRule]


class Exploration(Record, frozen=True):
    """The result of `fuzzroute.explore`: suggestions plus the figures behind them.

    `steals` holds `(i, j, n)` for every non-zero cell, sorted: n phrases
    generated from entry j (accepted by j's own condition) that entry i
    claims under the mount's law (the cascade for a classifier mount, the
    cold walk otherwise); `(j, j, n)` is what a rule keeps.  Sparse, because
    a graph of thousands of rules has millions of empty cells.  `partial` is
    true only when the run was interrupted (Ctrl-C, a stop request);
    `ended_by` says why generation ended: ``phrase-budget``,
    ``time-budget``, ``exhausted`` (the generators had nothing new left) or
    ``interrupted``.  `intersection` is a diagnostic of the overlap-witness
    phase: pairs tried, pruned and skipped, searches and automaton states,
    witnesses, and per pair how many witnesses Python `re` refused although
    the automata accepted them (a fuzzroute bug if ever non-zero).
    """

    seed: int
    budget_phrases: int | None
    budget_seconds: float | None
    phrases_generated: int
    phrases_judged: int
    elapsed_seconds: float
    suggestions: tuple[Suggestion, ...]
    rules: tuple[RuleStats, ...]
    steals: tuple[tuple[int, int, int], ...]
    partial: bool = False
    generator_counts: dict[str, int] = {}
    ended_by: str = "phrase-budget"
    #: None when the phase did not run (an empty exploration).
    intersection: IntersectionFacts | None = None
    withheld: tuple[Suggestion, ...] = ()
    units_ended: dict[str, int] = {}
    shard: tuple[int, int] | None = None
    workers: dict[str, Any] = {}
    #: Witnesses the naturalness gate kept out of the suggestions (`generate.natural_gate`).
    unnatural_withheld: int = 0

