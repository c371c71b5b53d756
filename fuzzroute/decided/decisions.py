"""What a decision run returns: decided items, tool defects, figures, and the boundary text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.results.claims import Claims
from fuzzroute.results.record import to_json

NEVER_WINS = "decided-never-wins"
CAN_WIN = "decided-can-win"
OVERLAP = "decided-overlap"
DISJOINT = "decided-disjoint"
NEVER_MATCHES = "decided-never-matches"
COLD_WALK_DEAD = "decided-dead-under-cold-walk"
#: Python's `re` can backtrack super-linearly on the rule's regex (a denial of service); see `redos`.
REDOS = "decided-redos"
#: A regex class range from a capital to a small letter (`[M-m]`): almost surely a mistake; see `ranges`.
CASE_RANGE = "decided-case-range"
UNDECIDED = "undecided"

#: Kinds in the order a reader meets them.
DECIDED_KINDS = (NEVER_MATCHES, NEVER_WINS, COLD_WALK_DEAD, REDOS, CASE_RANGE, OVERLAP, DISJOINT, CAN_WIN, UNDECIDED)

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


def location_of(entry: Entry) -> dict[str, Any] | None:
    """`Entry.location` as JSON (`{"file", "line"}`), when the engine records one."""
    found = getattr(entry, "location", None)
    if found is None:
        return None
    return {"file": str(found.file), "line": int(found.line)}


def rule_ref(entry: Entry) -> dict[str, Any]:
    return {"rule": entry.id, "rule_index": entry.index}


@dataclass
class DecidedItem:
    """One decided (or explicitly undecided) fact about the rules."""

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
    redos: dict[str, Any] | None = None
    relation: str | None = None
    shared_in: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "question": self.question,
            "rule": self.entry.id,
            "rule_index": self.entry.index,
            "message": self.message,
            "witness": self.witness,
            "location": location_of(self.entry),
            "other_rule": None if self.other is None else self.other.id,
            "other_rule_index": None if self.other is None else self.other.index,
            "containing_rules": [rule_ref(e) for e in self.containing],
            "dead_rules": [rule_ref(e) for e in self.dead],
            "reason": self.reason,
            "law": self.law,
            "claims": None if self.claims is None else to_json(self.claims),
            "relation": self.relation,
            "shared_in": self.shared_in,
        }
        if self.redos is not None:
            data["redos"] = self.redos
        return data


@dataclass
class Pairs:
    """Pairs of rules counted rather than listed, with the first few as examples (earlier, later, witness)."""

    count: int = 0
    examples: list[tuple[Entry, Entry, str | None]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "examples": [
                {"rule": b.id, "rule_index": b.index, "other_rule": a.id, "other_rule_index": a.index, "witness": w}
                for a, b, w in self.examples
            ],
        }


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
class Defect:
    """A decided witness that the real matchers or `graph.claims` contradict: a bug in fuzzroute."""

    kind: str
    entry: Entry
    witness: str | None
    problem: str
    other: Entry | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.entry.id,
            "rule_index": self.entry.index,
            "other_rule": None if self.other is None else self.other.id,
            "witness": self.witness,
            "problem": self.problem,
        }


@dataclass
class Decisions:
    """The decided tier of one graph."""

    items: list[DecidedItem] = field(default_factory=list)
    defects: list[Defect] = field(default_factory=list)
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

    def aggregates(self) -> dict[str, Any]:
        """The counted pairs, as JSON."""
        return {
            "co_occurrence": self.co_occurrence.to_dict(),
            "disjoint": self.disjoint.to_dict(),
            "shared_text_unlisted": self.shared_unlisted.to_dict(),
            "undecided_unlisted": self.undecided_unlisted.to_dict(),
            "can_win": self.can_win,
        }

    def of_kind(self, kind: str) -> list[DecidedItem]:
        return [item for item in self.items if item.kind == kind]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + 1
        return out

    def to_dicts(self) -> list[dict[str, Any]]:
        return [item.to_dict() for item in self.items]
