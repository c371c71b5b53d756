"""The decided tier's records: what `decide` finds, in the one form every output writes.

The decided tier builds these itself (`fuzzroute.decided.decisions`), so
`check --format json`, the report and every writer read the same record;
`fuzzroute.results.document` re-exports them.  Kept apart from the report
document so a lean `check --decide` loads only what it writes.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from msgspec import Meta

from fuzzroute.results.claims import Claims
from fuzzroute.results.finding_kinds import DECIDED
from fuzzroute.results.finding_kinds import DECIDED_KINDS as DECIDED_KINDS
from fuzzroute.results.finding_kinds import DecidedKind as DecidedKind
from fuzzroute.results.proven_records import LOCATION_DESCRIPTION, Location, Status
from fuzzroute.results.record import OMIT, Omitted, Record

#: A count of things: never negative.
Count = Annotated[int, Meta(ge=0)]
#: A rule's position in the graph (0-based).
Position = Annotated[int, Meta(ge=0)]
#: A finding's place in the findings' order, shared by decided items and suggestions.
Rank = Annotated[
    int,
    Meta(
        description=(
            "Position in the findings' order, strongest first (the order of the overview, SARIF and the "
            "terminal's full list; 0: folded into a proven row). Absent for a pair that only co-occurs."
        ), ge=0,
    ),
]
#: The question a decided item answers.
Question = Literal["matcher", "overlap", "never-wins", "cold-walk", "backtracking", "not-reached", "regex-lint"]


def is_decided_finding(kind: str, relation: str | None) -> bool:
    """The one definition every output counts by: a decided finding is a kind the catalogue calls a finding
    (`finding_kinds.DECIDED`), except an overlap whose rules only meet on glued texts (co-occurrence:
    first-match order, counted apart).  A finding folded into a stronger row (a proven one, a never-wins line)
    is still one finding, counted once."""
    row = DECIDED.get(kind)  # type: ignore[call-overload]  # any text: an unknown kind is no finding
    return row is not None and row.finding and not (kind == "decided-overlap" and relation == "co-occurrence")


QUESTIONS: tuple[Question, ...] = get_args(Question)
DecidedLaw = Literal["cascade", "cold_walk", "both"]
DECIDED_LAWS: tuple[DecidedLaw, ...] = get_args(DecidedLaw)
#: How the two rules of an overlap or a shadowing meet: the earlier rule's match sits in the later rule's own
#: text (`shared-text`), or the two only meet on glued texts (`co-occurrence`).
Relation = Literal["shared-text", "co-occurrence"]
#: Where a shared text sits in the later rule: among its fixed words, or only in its wildcards.
SharedIn = Literal["fixed-words", "wildcard"]
RELATIONS: tuple[Relation, ...] = get_args(Relation)
SHARED_INS: tuple[SharedIn, ...] = get_args(SharedIn)


class RuleRef(Record, frozen=True):
    rule: str
    rule_index: Position


class RedosAttack(Record, frozen=True):
    """The attack string of a backtracking regex: a prefix, a part repeated, a suffix."""

    prefix: str
    pump: Annotated[str, Meta(min_length=1)]
    suffix: str


class RedosEvidence(Record, frozen=True):
    """The real `re`'s time on one pump count (`seconds` is timing; null when stopped at its limit)."""

    pumps: int
    length: int
    seconds: float | None


class Redos(Record, frozen=True):
    """How a regex's backtracking grows, the attack that shows it, the fix, and the timed evidence."""

    growth: Literal["exponential", "polynomial"]
    degree: Annotated[int, Meta(ge=2)] | None
    regex: str
    attack: RedosAttack
    expression: str
    fix: str
    evidence: list[RedosEvidence]


#: How the two rules of an overlap meet, as a decided item declares it.
PairRelation = Annotated[
    Relation | None,
    Meta(
        description=(
            "How the rule and the earlier one meet: shared-text when the earlier rule matches inside this "
            "rule's own text (never-wins is the strongest case); co-occurring pairs are counted in "
            "decision.counts, not listed."
        ),
    ),
]
#: Where shared text lies in the later rule, as a decided item declares it.
SharedText = Annotated[
    SharedIn | None,
    Meta(
        description=(
            "For shared text: whether the earlier rule's match overlaps this rule's fixed words, or only what"
            " its wildcards absorb."
        ),
    ),
]
#: A ReDoS finding's details, as a decided item declares them.
RedosDetails = Annotated[
    Redos,
    Meta(
        description=(
            "Only on decided-redos items: how re's backtracking grows, the attack, the fix, and the real re's"
            " time on three pump counts (`evidence[].seconds` is timing: it varies between runs; null when "
            "the search was stopped at its limit)."
        ),
    ),
]


class DecidedRecord(Record, frozen=True):
    """One decided (or explicitly undecided) fact about the rules, for every message."""

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
    id: str
    #: For an overlap: how the two rules meet (as `SuggestionRecord.relation`), decided for every message.
    relation: PairRelation = None
    shared_in: SharedText = None
    #: A `decided-redos` item's growth, degree, attack, fix and timed evidence (absent for other kinds).
    redos: RedosDetails | Omitted = OMIT
    status: Status | Omitted = OMIT
    #: Position in the findings' order, strongest first (see `report.overview`); absent for glued pairs.
    rank: Rank | Omitted = OMIT


class DefectRecord(Record, frozen=True):
    """A decided witness the real matchers contradict: a defect of fuzzroute, not of the rules."""

    kind: str
    rule: str
    rule_index: Position
    other_rule: str | None
    witness: str | None
    problem: str


class PairExample(Record, frozen=True):
    """One pair of a counted kind: the later rule, the earlier one, and a message both match (if any)."""

    rule: str
    rule_index: Position
    other_rule: str
    other_rule_index: Position
    witness: str | None


class CountedPairs(Record, frozen=True):
    """Pairs counted rather than listed, with the first few as examples."""

    count: Count
    examples: list[PairExample]


class DecidedCounts(Record, frozen=True):
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
    can_win: Count
