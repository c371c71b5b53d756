"""What a decision run returns: decided items, tool defects, figures, and the boundary text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from fuzzroute.engine.entries import Entry
from fuzzroute.results.claims import Claims
from fuzzroute.results.decided_records import (
    DECIDED_KINDS as DECIDED_KINDS_DECLARED,
)
from fuzzroute.results.decided_records import (
    DECIDED_LAWS,
    QUESTIONS,
    RELATIONS,
    SHARED_INS,
    CountedPairs,
    DecidedCounts,
    DecidedKind,
    DecidedRecord,
    DefectRecord,
    PairExample,
    Redos,
    RuleRef,
)
from fuzzroute.results.record import OMIT, one_of

NEVER_WINS: Final[DecidedKind] = "decided-never-wins"
CAN_WIN: Final[DecidedKind] = "decided-can-win"
OVERLAP: Final[DecidedKind] = "decided-overlap"
DISJOINT: Final[DecidedKind] = "decided-disjoint"
NEVER_MATCHES: Final[DecidedKind] = "decided-never-matches"
COLD_WALK_DEAD: Final[DecidedKind] = "decided-dead-under-cold-walk"
#: Python's `re` can backtrack super-linearly on the rule's regex (a denial of service); see `redos`.
REDOS: Final[DecidedKind] = "decided-redos"
#: A regex class range from a capital to a small letter (`[M-m]`): almost surely a mistake; see `ranges`.
CASE_RANGE: Final[DecidedKind] = "decided-case-range"
UNDECIDED: Final[DecidedKind] = "undecided"

#: Kinds in the order a reader meets them (the catalogue's, `results.finding_kinds`).
DECIDED_KINDS = DECIDED_KINDS_DECLARED

# Questions an item answers (`question`).
MATCHER = "matcher"
PAIR = "overlap"
CONTAINMENT = "never-wins"
DEFAULT = "cold-walk"
REDOS_QUESTION = "backtracking"
#: The tier was stopped before it reached a rule's questions (one `undecided` item lists them all).
NOT_REACHED = "not-reached"

# How an earlier rule A and a later rule B meet (`relation`), and where A's words fall in B's text (`shared_in`).
#: A matches inside B's own text: messages that are nothing but what B is about start A.
SHARED_TEXT = "shared-text"
#: A and B only meet when separate texts are glued together (or B's text sits inside a longer text of
#: A's): the expected first-match behaviour, counted, not listed.
CO_OCCURRENCE = "co-occurrence"
#: A's match overlaps B's fixed words (its literal characters) ...
FIXED_WORDS = "fixed-words"
#: ... or only B's wildcards (classes, `.`) absorb A's words, as `send .* to` absorbs "money".
WILDCARD = "wildcard"


def _ref(entry: Entry) -> RuleRef:
    return RuleRef(entry.id, entry.index)


@dataclass
class DecidedItem:
    """One decided (or explicitly undecided) fact about the rules, as the tier works with it.

    The tier keeps the rules themselves (verification, verdicts and listings
    read them); `record` is its one reported form, the `DecidedRecord` every
    JSON output and writer reads, so its shape is declared in one place.
    """

    kind: str
    question: str
    entry: Entry
    message: str
    witness: str | None = None
    other: Entry | None = None
    containing: tuple[Entry, ...] = ()
    dead: tuple[Entry, ...] = ()
    reason: str | None = None
    law: str | None = None
    claims: Claims | None = None
    #: A `decided-redos` item's growth, degree, attack, fix and timed evidence (None for other kinds).
    redos: Redos | None = None
    relation: str | None = None
    shared_in: str | None = None
    #: A shared-text item's text as its message quotes it, kept so the message is written only when the item
    #: is listed (most are counted); not reported.
    said: str | None = None

    def record(self, ident: str) -> DecidedRecord:
        """The reported form of the item, known in documents as `ident` (`decided-1`, ...)."""
        return DecidedRecord(
            kind=one_of(self.kind, DECIDED_KINDS_DECLARED), question=one_of(self.question, QUESTIONS),
            rule=self.entry.id, rule_index=self.entry.index, message=self.message, witness=self.witness,
            location=self.entry.location,
            other_rule=None if self.other is None else self.other.id,
            other_rule_index=None if self.other is None else self.other.index,
            containing_rules=[_ref(e) for e in self.containing], dead_rules=[_ref(e) for e in self.dead],
            reason=self.reason, law=None if self.law is None else one_of(self.law, DECIDED_LAWS),
            claims=self.claims, id=ident,
            relation=None if self.relation is None else one_of(self.relation, RELATIONS),
            shared_in=None if self.shared_in is None else one_of(self.shared_in, SHARED_INS),
            redos=OMIT if self.redos is None else self.redos,
        )


#: A decided witness that the real matchers or `graph.claims` contradict: a bug in fuzzroute.  The tier
#: builds the reported record itself (the rules named by id and position), so it crosses processes as is.
Defect = DefectRecord


def defect(kind: str, entry: Entry, witness: str | None, problem: str, other: Entry | None = None) -> DefectRecord:
    """The defect of a witness of `entry` (against `other`, for a pair)."""
    return DefectRecord(kind, entry.id, entry.index, None if other is None else other.id, witness, problem)


@dataclass
class Pairs:
    """Pairs of rules counted rather than listed, with the first few as examples (later rule, earlier, witness)."""

    count: int = 0
    examples: list[PairExample] = field(default_factory=list)

    def add_example(self, earlier: Entry, later: Entry, witness: str | None) -> None:
        self.examples.append(PairExample(later.id, later.index, earlier.id, earlier.index, witness))

    def record(self) -> CountedPairs:
        return CountedPairs(self.count, list(self.examples))


class Relations:
    """How every decided pair meets, one bit per earlier rule per later rule (sparse, small)."""

    def __init__(self) -> None:
        self._masks: dict[str, dict[int, int]] = {}

    def add(self, relation: str, later: int, mask: int) -> None:
        if mask:
            by_rule = self._masks.setdefault(relation, {})
            by_rule[later] = by_rule.get(later, 0) | mask

    def of(self, earlier: int, later: int) -> str | None:
        """`shared-text`, `co-occurrence`, `disjoint`, `undecided`, or None (not asked)."""
        for relation, by_rule in self._masks.items():
            if by_rule.get(later, 0) >> earlier & 1:
                return relation
        return None


@dataclass
class Decisions:
    """The decided tier of one graph."""

    items: list[DecidedItem] = field(default_factory=list)
    defects: list[DefectRecord] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    boundary: str = ""
    #: Data rules whose questions were not reached (the tier was stopped first), and why.
    not_reached: tuple[Entry, ...] = ()
    not_reached_reason: str | None = None
    #: Pairs counted, not listed: glued co-occurrences, disjoint pairs, shared text in wildcards and
    #: undecided questions past what is listed.
    co_occurrence: Pairs = field(default_factory=Pairs)
    disjoint: Pairs = field(default_factory=Pairs)
    shared_unlisted: Pairs = field(default_factory=Pairs)
    undecided_unlisted: Pairs = field(default_factory=Pairs)
    #: Rules that can start a turn, by entry position: the verified item with its witness (a message
    #: the rule matches and no earlier data rule does).  Counted in the JSON, not listed.
    winning: dict[int, DecidedItem] = field(default_factory=dict)
    relations: Relations = field(default_factory=Relations)

    @property
    def can_win(self) -> int:
        return len(self.winning)

    def relation(self, earlier: int, later: int) -> str | None:
        """How the rules at positions `earlier` and `later` meet (see `Relations.of`)."""
        return self.relations.of(earlier, later)

    def counted(self) -> DecidedCounts:
        """The pairs counted rather than listed, and how many rules can start a turn."""
        return DecidedCounts(
            co_occurrence=self.co_occurrence.record(),
            disjoint=self.disjoint.record(),
            shared_text_unlisted=self.shared_unlisted.record(),
            undecided_unlisted=self.undecided_unlisted.record(),
            can_win=self.can_win,
        )

    def of_kind(self, kind: str) -> list[DecidedItem]:
        return [item for item in self.items if item.kind == kind]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + 1
        return out

    def records(self) -> list[DecidedRecord]:
        """The items' reported forms in their order, numbered `decided-1`, `decided-2`, ..."""
        return [item.record(f"decided-{number}") for number, item in enumerate(self.items, start=1)]
