"""What the generated half produces: suggestions, never proofs.

These value types are the contract between the generation engine (which
fills them) and the reporters (which render them).  Every witness carries its
claimant under both laws, so a reader can re-run it with `Graph.claims` and
see exactly what the suggestion states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fuzzroute.results.jsonform import json_field

# Suggestion kinds (stable codes, documented in the README).
SHADOWED_BY_EARLIER_RULE = "generated-shadowed-by-earlier"
LAWS_DISAGREE = "generated-laws-disagree"
NEAR_MISS_UNCLAIMED = "near-miss-unclaimed"
NEAR_MISS_CLAIMED_ELSEWHERE = "near-miss-claimed-elsewhere"
RULES_OVERLAP = "rules-overlap"
RULE_NEVER_WINS = "rule-never-wins"
WHEN_CLAIMS_WARM = "when-claims-warm"
SLOW_MATCHER = "slow-matcher"

SUGGESTION_KINDS: dict[str, str] = {
    SHADOWED_BY_EARLIER_RULE: "a phrase generated from a later rule is claimed by an earlier rule",
    LAWS_DISAGREE: "the cold walk and the cascade start different entries (a default claims it)",
    NEAR_MISS_UNCLAIMED: "a small edit of a declared example that no rule claims",
    NEAR_MISS_CLAIMED_ELSEWHERE: "a small edit of a declared example that another rule claims",
    RULES_OVERLAP: "two rules both match a generated phrase; declaration order decides",
    RULE_NEVER_WINS: "a rule wins none of the phrases generated from it",
    WHEN_CLAIMS_WARM: "a `when` rule declines the phrase cold but claims it on a later turn",
    SLOW_MATCHER: "a matcher is pathologically slow on a generated phrase",
}

GENERATED_BOUNDARY = (
    "Generated phrases are samples drawn from the rules, not proof. A suggestion shows one "
    "phrase that behaves as described; finding nothing in the samples proves nothing about "
    "coverage, and a phrase nobody generated was not checked."
)


#: Generators of near misses listed only on request (`--typos`): letter typos, word swaps, spacing slips.
SLIP_GENERATORS = frozenset({"mutation/typo", "mutation/swap", "mutation/spacing"})

@dataclass(frozen=True)
class Witness:
    """One phrase (and the context it was judged on) with its claimants under both laws.

    `mutation` is set on a near miss: which edit of the declared example made
    the phrase ("inflection: order -> orders", "typo: swapped letters (...)").
    """

    phrase: str
    cold_walk: str | None
    cascade: str | None
    cold_walk_index: int | None = None
    cascade_index: int | None = None
    generator: str = ""
    context: dict[str, Any] | None = json_field(omit_none=True)
    mutation: str | None = json_field(omit_none=True)
    #: How the two rules of an overlap or shadowing meet on this phrase (see `Suggestion.relation`).
    relation: str | None = json_field(omit_none=True)
    shared_in: str | None = json_field(omit_none=True)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "phrase": self.phrase,
            "cold_walk": self.cold_walk,
            "cascade": self.cascade,
            "cold_walk_index": self.cold_walk_index,
            "cascade_index": self.cascade_index,
            "generator": self.generator,
        }
        if self.context is not None:
            data["context"] = self.context
        if self.mutation is not None:
            data["mutation"] = self.mutation
        if self.relation is not None:
            data["relation"] = self.relation
        if self.shared_in is not None:
            data["shared_in"] = self.shared_in
        return data


@dataclass(frozen=True)
class Suggestion:
    """A grouped generated finding: one kind, one rule pair, its count and best witnesses.

    `rule` is the rule the suggestion is about (whose phrasing is at stake);
    `from_` and `to` name the pair where one takes from the other.  A near
    miss says in `mutation` which edit of the example made its best witness.
    """

    kind: str
    rule: str | None
    rule_index: int | None
    from_: str | None
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
    relation: str | None = None
    shared_in: str | None = None
    #: Witnesses (distinct phrases) on which the rules share text.
    shared_count: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "rule_index": self.rule_index,
            "from": self.from_,
            "from_index": self.from_index,
            "to": self.to,
            "to_index": self.to_index,
            "count": self.count,
            "message": self.message,
            "paste": self.paste,
            "paste_json": self.paste_json,
            "mutation": self.mutation,
            "relation": self.relation,
            "shared_in": self.shared_in,
            "shared_count": self.shared_count,
            "witnesses": [w.to_dict() for w in self.witnesses],
        }


@dataclass(frozen=True)
class RuleStats:
    """Per-rule figures of one exploration: what was generated and who won it."""

    index: int
    id: str
    caption: str
    examples: int
    generated: int
    won: int
    rejected: int
    lost_to: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "id": self.id,
            "caption": self.caption,
            "examples": self.examples,
            "generated": self.generated,
            "won": self.won,
            "rejected": self.rejected,
            "lost_to": dict(self.lost_to),
        }


@dataclass(frozen=True)
class Exploration:
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
    generator_counts: dict[str, int] = field(default_factory=dict)
    ended_by: str = "phrase-budget"
    intersection: dict[str, Any] = field(default_factory=dict)
    withheld: tuple[Suggestion, ...] = ()
    units_ended: dict[str, int] = field(default_factory=dict)
    shard: tuple[int, int] | None = None
    workers: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "budget_phrases": self.budget_phrases,
            "budget_seconds": self.budget_seconds,
            "phrases_generated": self.phrases_generated,
            "phrases_judged": self.phrases_judged,
            "elapsed_seconds": self.elapsed_seconds,
            "partial": self.partial,
            "ended_by": self.ended_by,
            "generator_counts": dict(self.generator_counts),
            "intersection": dict(self.intersection),
            "suggestions": [s.to_dict() for s in self.suggestions],
            "rules": [r.to_dict() for r in self.rules],
            "steals": [list(cell) for cell in self.steals],
            "withheld": [s.to_dict() for s in self.withheld],
            "units_ended": dict(self.units_ended),
            "shard": None if self.shard is None else list(self.shard),
        }
