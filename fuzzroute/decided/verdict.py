"""Which decided findings fail a build (`--fail-on decided`), and which acceptances keep one from failing.

A decided finding fails a build when it names a rule an author has to
change, for every message, with a witness re-verified through the real
claim laws:

- a rule that never matches, never wins (earlier data rules take all it
  matches), or is dead under the cold walk (an earlier default claims it all);
- shared text in the later rule's fixed words: an earlier rule matches inside
  the very words the later rule is written for ("revert deploy" goes to
  `deploy`), not only inside what a wildcard of the later rule absorbs;
- ReDoS with an attack found on the rule's automaton (the attack is decided,
  the timed evidence is not used, so every machine fails alike).

Co-occurrence (texts that meet only glued together: first-match order
working as designed), shared text only a wildcard absorbs, undecided
questions and overlaps the author accepted never fail.  An acceptance
(`accept_overlap`, `accepted` in a JSON graph, the `.accepted.json` file
beside a graph) covers an overlap of its pair, and a rule that never wins
when every rule taking its messages is accepted; a rule that never matches,
a dead rule or a ReDoS is fixed, not accepted.

This module sits with the automata and imports nothing of reporting, so
`fuzzroute check`, the report, the JUnit writer and the pytest plugin all
ask the same question here and cannot disagree.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from fuzzroute.decided.decisions import (
    CO_OCCURRENCE,
    COLD_WALK_DEAD,
    FIXED_WORDS,
    NEVER_WINS,
    NOT_REACHED,
    OVERLAP,
    UNDECIDED,
    DecidedItem,
    Decisions,
)
from fuzzroute.engine.acceptance import Acceptance
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.results.decided_records import Redos
from fuzzroute.results.finding_kinds import decided_row

#: How `Decisions.relation` names a pair the automata could not decide.
UNDECIDED_RELATION = "undecided"

def fails_build(kind: str, *, relation: str | None, shared_in: str | None, redos: Redos | None) -> bool:
    """Whether a decided finding of this shape fails `--fail-on decided` (acceptances aside).

    The kind's row of the catalogue (`results.finding_kinds`) says which of its findings fail.
    """
    policy = decided_row(kind).fails
    match policy:
        case "always":
            return True
        case "fixed-words":
            return relation != CO_OCCURRENCE and shared_in == FIXED_WORDS
        case "attack":
            return redos is not None  # a redos finding always carries its attack
        case "never":
            return False
        case _:
            assert_never(policy)


def item_fails_build(item: DecidedItem) -> bool:
    return fails_build(item.kind, relation=item.relation, shared_in=item.shared_in, redos=item.redos)


def covering(
    kind: str, rule: str, other_rule: str | None, relation: str | None, taking: Iterable[str],
    accepted: Collection[tuple[str, str]],
) -> list[tuple[str, str]]:
    """The accepted (earlier, later) pairs that cover a decided finding; empty when none does.

    An overlap is covered by the acceptance of its pair; a rule that never
    wins only when every rule taking its messages is accepted over it.
    """
    if kind == OVERLAP and other_rule is not None and relation != CO_OCCURRENCE:
        key = (other_rule, rule)
        return [key] if key in accepted else []
    if kind == NEVER_WINS:
        keys = [(taker, rule) for taker in taking]
        return keys if keys and all(k in accepted for k in keys) else []
    return []


def taking_rules(item: DecidedItem) -> list[str]:
    """The rules that take the messages of the item's rule: the earlier rule of a pair, or all that contain it."""
    if item.other is not None:
        return [item.other.id]
    return [entry.id for entry in item.containing]


def item_covering(item: DecidedItem, accepted: Collection[tuple[str, str]]) -> list[tuple[str, str]]:
    return covering(item.kind, item.entry.id, None if item.other is None else item.other.id, item.relation,
                    [e.id for e in item.containing], accepted)


@dataclass(frozen=True)
class Judged:
    """The decided findings of a graph split by what a build does with them."""

    #: Findings that fail `--fail-on decided`, in the tier's order.
    failing: tuple[DecidedItem, ...]
    #: Findings that would fail but are accepted, each with the acceptances' reason(s).
    accepted: tuple[tuple[DecidedItem, str], ...]


def folded_pairs(decisions: Decisions) -> set[tuple[int, int]]:
    """(earlier, later) positions of overlaps that are part of a never-wins finding of the later rule.

    When `cards` takes everything `lost-card` matches, their shared text is
    the same bug as `lost-card` never winning: listed and counted once, as never-wins.
    """
    return {
        (taker.index, item.entry.index) for item in decisions.items if item.kind == NEVER_WINS
        for taker in item.containing
    }


def judge(decisions: Decisions, acceptances: Sequence[Acceptance]) -> Judged:
    """Which decided findings fail a build, and which an acceptance keeps from failing (see the module docstring).

    An overlap folded into a never-wins finding (`folded_pairs`) is judged with that finding, not again.
    """
    reasons = {(a.earlier, a.later): a.reason for a in acceptances}
    folded = folded_pairs(decisions)
    failing: list[DecidedItem] = []
    accepted: list[tuple[DecidedItem, str]] = []
    for item in decisions.items:
        if not item_fails_build(item):
            continue
        if item.other is not None and (item.other.index, item.entry.index) in folded:
            continue
        covered = item_covering(item, reasons.keys())
        if covered:
            accepted.append((item, "; ".join(dict.fromkeys(reasons[key] for key in covered))))
        else:
            failing.append(item)
    return Judged(tuple(failing), tuple(accepted))


@dataclass(frozen=True)
class RuleVerdict:
    """What `--fail-on decided` says about one data rule: the pytest plugin's and JUnit's item for it.

    `failing` holds the findings that fail the rule (it never matches, never
    wins, is dead under the cold walk, an earlier rule takes its fixed words,
    ReDoS); `accepted` those an acceptance keeps green; `undecided` says why
    the automata could not decide about the rule (None when they could).
    """

    entry: Entry
    failing: tuple[DecidedItem, ...]
    accepted: tuple[tuple[DecidedItem, str], ...]
    undecided: str | None

    @property
    def outcome(self) -> str:
        """`failed`, `skipped` (undecided, nothing failing) or `passed`."""
        if self.failing:
            return "failed"
        return "skipped" if self.undecided is not None else "passed"


def rules_about(item: DecidedItem) -> tuple[Entry, ...]:
    """The rules a finding fails: the rule itself, or, for a default under the cold walk, the rules it hides."""
    return item.dead if item.kind == COLD_WALK_DEAD else (item.entry,)


def rule_verdicts(graph: Graph, decisions: Decisions) -> list[RuleVerdict]:
    """One verdict per data rule of `graph`, in rule order (its position is the stable part of its name)."""
    judged = judge(decisions, graph.acceptances)
    failing: dict[int, list[DecidedItem]] = {}
    for item in judged.failing:
        for entry in rules_about(item):
            failing.setdefault(entry.index, []).append(item)
    accepted: dict[int, list[tuple[DecidedItem, str]]] = {}
    for item, reason in judged.accepted:
        for entry in rules_about(item):
            accepted.setdefault(entry.index, []).append((item, reason))
    undecided: dict[int, str] = {}
    for item in decisions.items:
        if item.kind == UNDECIDED and item.question != NOT_REACHED:
            undecided.setdefault(item.entry.index, item.reason or item.message)
    for entry in decisions.not_reached:
        undecided.setdefault(entry.index, decisions.not_reached_reason or "the decided tier stopped before this rule")
    data = [e for e in graph.entries if e.data_matcher is not None]
    for later in data:
        if later.index in undecided:
            continue
        for earlier in data:
            if earlier.index >= later.index:
                break
            if decisions.relation(earlier.index, later.index) == UNDECIDED_RELATION:
                undecided[later.index] = (
                    f"whether {earlier.id!r} (rule #{earlier.index}) can take its messages is undecided"
                )
                break
    return [
        RuleVerdict(e, tuple(failing.get(e.index, ())), tuple(accepted.get(e.index, ())), undecided.get(e.index))
        for e in data
    ]


def verdict_labels(verdicts: Sequence[RuleVerdict]) -> list[str]:
    """The name of each rule's decided item: its id (` (2)` for a repeated id), safe inside a test id.

    The id, not the position: fixing a never-wins or shared-text bug usually
    means moving the rule, and the item that failed must be the one that
    passes afterwards.  The pytest plugin and JUnit name items alike.
    """
    seen: dict[str, int] = {}
    labels = []
    for verdict in verdicts:
        shown = str(verdict.entry.id).replace("::", ":\\:")
        seen[shown] = seen.get(shown, 0) + 1
        labels.append(shown if seen[shown] == 1 else f"{shown} ({seen[shown]})")
    return labels
