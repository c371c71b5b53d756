"""What a diff of two graph versions says, and its JSON form (`fuzzroute diff --format json`).

Three tiers, as everywhere in fuzzroute, never mixed: `proven` (declared
rows, exact checks), `moves` (decided with automata for every message,
each with a witness both versions' `claims()` reproduce) and `sampled`
(generated phrases for what the automata left undecided: samples, never
proof).  A pair the automata could not decide is listed in `undecided`
with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import Claims
from fuzzroute.results.record import to_json

DIFF_VERSION = 1

TOTAL = "total"
PARTIAL = "partial"
UNKNOWN_EXTENT = "undecided"

BOUNDARY = (
    "Moves are decided for every possible message for rules the automata can read (regexes without "
    "lookbehinds or backreferences, keywords, all-of): each has a witness both versions' claims() "
    "reproduce, and a pair that is not listed has no message at all, unless it is listed as undecided. "
    "`when` predicates are opaque: they are judged only on the cold context (iteration 1, empty history) "
    "and taken to be pure. Proven rows are the declared examples and never-route rows, checked exactly. "
    "Sampled moves come from generated phrases: samples, not proof; finding none proves nothing."
)


@dataclass(frozen=True)
class RuleRef:
    """A rule of one version: position, id, condition caption and declaration."""

    index: int
    id: str
    caption: str
    location: dict[str, Any] | None

    @staticmethod
    def of(entry: Entry) -> RuleRef:
        where = None if entry.location is None else to_json(entry.location)
        return RuleRef(entry.index, entry.id, entry.caption, where)

    @property
    def name(self) -> str:
        """`"tracking" (#2)`."""
        return f'"{self.id}" (#{self.index + 1})'

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "id": self.id, "caption": self.caption, "location": self.location}


def ref_dict(ref: RuleRef | None) -> dict[str, Any] | None:
    return None if ref is None else ref.to_dict()


def ref_name(ref: RuleRef | None) -> str:
    return "no rule" if ref is None else ref.name


@dataclass(frozen=True)
class Move:
    """Messages that started `old` in the old version start `new` now, under `law`.

    `extent` (decided moves): `total` when every message `old` started now
    starts `new`, `partial` when some start another rule (or stay), and
    `undecided` when a pair that would tell is undecided.  `count` is the
    number of sampled phrases (sampled moves only).
    """

    law: str
    old: RuleRef | None
    new: RuleRef | None
    witness: str
    base_claims: Claims
    head_claims: Claims
    tier: str = "decided"
    extent: str = UNKNOWN_EXTENT
    count: int = 1
    more_witnesses: tuple[str, ...] = ()
    #: How the two rules meet on the witness: `shared-text` (one rule's match lies in the other's own text),
    #: `co-occurrence` (their texts only sit side by side), or None when one side is "no rule".
    relation: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "law": self.law,
            "tier": self.tier,
            "from": ref_dict(self.old),
            "to": ref_dict(self.new),
            "witness": self.witness,
            "relation": self.relation,
            "claims": {"base": to_json(self.base_claims), "head": to_json(self.head_claims)},
        }
        if self.tier == "decided":
            data["extent"] = self.extent
        else:
            data["count"] = self.count
            data["witnesses"] = [self.witness, *self.more_witnesses]
        return data


#: A rule that could start no turn in the old version and can now (a never-wins resolved), and the reverse.
NOW_WINS = "now-starts-turns"
NO_LONGER_WINS = "no-longer-starts-turns"


@dataclass(frozen=True)
class StartChange:
    """A rule whose ability to start a turn under `law` changed, decided for every message, with a witness.

    `now-starts-turns`: in the old version earlier rules took every message
    the rule matched; now it starts the turn on `witness`.
    `no-longer-starts-turns`: the reverse (`witness` started it before).
    """

    law: str
    kind: str
    old: RuleRef
    new: RuleRef
    witness: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"law": self.law, "kind": self.kind, "from": self.old.to_dict(), "to": self.new.to_dict(),
                "witness": self.witness}


@dataclass(frozen=True)
class UndecidedPair:
    """A pair that could move messages, which the automata could not decide (and why)."""

    law: str
    old: RuleRef | None
    new: RuleRef | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"law": self.law, "from": ref_dict(self.old), "to": ref_dict(self.new), "reason": self.reason}


@dataclass(frozen=True)
class RuleChange:
    """A rule of the old version, the new one or both, and how it changed (see `matching`)."""

    old: RuleRef | None
    new: RuleRef | None
    changes: tuple[str, ...]
    #: How the condition changed (`keywords added: ...`, or old -> new), when it did.
    condition: str | None = None
    #: The same, as (is graph text, text) pieces, so a renderer can escape the graph's text alone.
    condition_parts: tuple[tuple[bool, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "changes": list(self.changes), "base": ref_dict(self.old), "head": ref_dict(self.new),
            "condition": self.condition,
        }


@dataclass(frozen=True)
class ProvenChange:
    """A declared example or never-route row whose proven verdict or claimant changes."""

    kind: str
    phrase: str
    label: str
    changes: tuple[str, ...]
    moved_under: tuple[str, ...]
    base: dict[str, Any] | None
    head: dict[str, Any] | None
    new_errors: tuple[dict[str, Any], ...]
    location: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "phrase": self.phrase,
            "row": self.label,
            "changes": list(self.changes),
            "moved_under": list(self.moved_under),
            "base": self.base,
            "head": self.head,
            "new_errors": list(self.new_errors),
            "location": self.location,
        }


@dataclass(frozen=True)
class Side:
    """How one version was named and what it is."""

    spec: str
    path: str
    name: str
    mount: str
    order_decides: bool
    revision: str | None
    rules: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec, "path": self.path, "name": self.name, "mount": self.mount,
            "order_decides": self.order_decides, "revision": self.revision, "rules": self.rules,
        }


@dataclass
class GraphDiff:
    """Everything `fuzzroute diff` reports; `to_dict` is its JSON document."""

    base: Side
    head: Side
    rules: list[RuleChange] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    starts: list[StartChange] = field(default_factory=list)
    undecided: list[UndecidedPair] = field(default_factory=list)
    proven: list[ProvenChange] = field(default_factory=list)
    sampled: list[Move] = field(default_factory=list)
    sampling: dict[str, Any] = field(default_factory=dict)
    defects: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: Each old rule's match in the new version (by old index), for locating findings on the new version.
    head_match: dict[int, RuleRef] = field(default_factory=dict)
    #: The rule the live law follows for the new version's mount (`cold_walk` or `cascade`).
    live_law: str = "cold_walk"
    fail_on: str = "proven"
    exit_status: int = 0

    @property
    def new_errors(self) -> int:
        return sum(len(c.new_errors) for c in self.proven)

    @property
    def proven_moves(self) -> int:
        return sum(1 for c in self.proven if c.moved_under)

    def summary(self) -> dict[str, Any]:
        return {
            "rule_changes": len(self.rules),
            "moved_pairs": len(self.moves),
            "start_changes": len(self.starts),
            "moved_pairs_by_law": {
                law: sum(1 for m in self.moves if m.law == law) for law in ("cold_walk", "cascade")
            },
            "undecided_pairs": len(self.undecided),
            "proven_changes": len(self.proven),
            "proven_new_errors": self.new_errors,
            "proven_moves": self.proven_moves,
            "sampled_pairs": len(self.sampled),
            "defects": len(self.defects),
            "fail_on": self.fail_on,
            "exit_status": self.exit_status,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "diff_version": DIFF_VERSION,
            "base": self.base.to_dict(),
            "head": self.head.to_dict(),
            "live_law": self.live_law,
            "summary": self.summary(),
            "rules": [r.to_dict() for r in self.rules],
            "moves": [m.to_dict() for m in self.moves],
            "starts": [s.to_dict() for s in self.starts],
            "undecided": [u.to_dict() for u in self.undecided],
            "proven": [p.to_dict() for p in self.proven],
            "sampled": {**self.sampling, "moves": [m.to_dict() for m in self.sampled]},
            "defects": list(self.defects),
            "stats": dict(self.stats),
            "notes": list(self.notes),
            "boundary": BOUNDARY,
        }
