"""What a decision run returns: decided items, tool defects, figures, and the boundary text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.entries import Entry

NEVER_WINS = "decided-never-wins"
CAN_WIN = "decided-can-win"
OVERLAP = "decided-overlap"
DISJOINT = "decided-disjoint"
NEVER_MATCHES = "decided-never-matches"
COLD_WALK_DEAD = "decided-dead-under-cold-walk"
UNDECIDED = "undecided"

#: Kinds in the order a reader meets them.
DECIDED_KINDS = (NEVER_MATCHES, NEVER_WINS, COLD_WALK_DEAD, OVERLAP, DISJOINT, CAN_WIN, UNDECIDED)

# Questions an item answers (`question`).
MATCHER = "matcher"
PAIR = "overlap"
CONTAINMENT = "never-wins"
DEFAULT = "cold-walk"
#: The tier was stopped before it reached a rule's questions (one `undecided` item lists them all).
NOT_REACHED = "not-reached"


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
    claims: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
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
            "claims": self.claims,
        }


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

    def of_kind(self, kind: str) -> list[DecidedItem]:
        return [item for item in self.items if item.kind == kind]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + 1
        return out

    def to_dicts(self) -> list[dict[str, Any]]:
        return [item.to_dict() for item in self.items]
