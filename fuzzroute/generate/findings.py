"""Raw findings, grouped by (kind, rule pair), counted, with the best few witnesses kept.

A run can produce thousands of findings about one pair of rules.  A group
keeps its count of distinct witnesses and only the most readable few
(`witness_key`: readable text first, then shorter, then alphabetical), so a
report shows "where is my order", not "wHERE IS mY ORDER?!".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.laws import Claims
from fuzzroute.suggestions import Witness
from fuzzroute.text import phrase_key

WITNESSES_PER_GROUP = 3

_MIXED_CASE = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
_SHOUTED = re.compile(r"\b[A-Z]{3,}\b")
#: Edits that make a phrase read less like a message than the others do.
_ODD_EDITS = {"typo": 2, "spacing": 2, "splice": 1}


def readability_penalty(phrase: str) -> int:
    """How unlike a typed message a phrase looks: odd casing, control or non-ASCII characters."""
    penalty = len(_MIXED_CASE.findall(phrase)) + len(_SHOUTED.findall(phrase))
    penalty += sum(3 for ch in phrase if ord(ch) < 32 or ord(ch) == 127)
    penalty += sum(1 for ch in phrase if ord(ch) > 126)
    penalty += 2 * phrase.count("  ")
    if phrase != phrase.strip():
        penalty += 1
    return penalty


def witness_key(witness: Witness) -> tuple[int, int, str, str]:
    """Most readable first: fewest oddities (including odd edits), then shortest, then alphabetical."""
    context = "" if witness.context is None else json.dumps(witness.context, sort_keys=True)
    edit = witness.generator.rpartition("/")[2]
    penalty = readability_penalty(witness.phrase) + _ODD_EDITS.get(edit, 0)
    return (penalty, len(witness.phrase) + len(context), witness.phrase, context)


def make_witness(
    phrase: str,
    claims: Claims,
    generator: str,
    context: dict[str, Any] | None = None,
    mutation: str | None = None,
) -> Witness:
    cold, cascade = claims.cold_walk, claims.cascade
    return Witness(
        phrase=phrase,
        cold_walk=None if cold is None else cold.id,
        cascade=None if cascade is None else cascade.id,
        cold_walk_index=None if cold is None else cold.index,
        cascade_index=None if cascade is None else cascade.index,
        generator=generator,
        context=context,
        mutation=mutation,
    )


GroupKey = tuple[str, "int | None", "int | None", "int | None"]


@dataclass
class Group:
    """One (kind, rule, from, to) group: a count and the best witnesses so far."""

    kind: str
    rule: int | None
    from_: int | None
    to: int | None
    count: int = 0
    seen: set[str] = field(default_factory=set)
    best: list[Witness] = field(default_factory=list)
    details: dict[str, str] = field(default_factory=dict)
    declared: frozenset[str] = frozenset()

    def rank(self, witness: Witness) -> tuple[bool, tuple[int, int, str, str]]:
        """Phrases the author already declared go last: the proven half covers them."""
        return (phrase_key(witness.phrase) in self.declared, witness_key(witness))

    def add(self, witness: Witness, detail: str | None = None) -> None:
        context = "" if witness.context is None else json.dumps(witness.context, sort_keys=True)
        key = witness.phrase + context
        if key in self.seen:
            return
        self.seen.add(key)
        self.count += 1
        if detail is not None:
            self.details[witness.phrase] = detail
        self.best.append(witness)
        self.best.sort(key=self.rank)
        del self.best[WITNESSES_PER_GROUP:]

    def witnesses(self) -> tuple[Witness, ...]:
        """The kept witnesses: new phrases first, then the most readable (a typo or a splice
        after a real-word edit), then shortest, lower case before capitals."""
        return tuple(
            sorted(
                self.best,
                key=lambda w: (
                    self.rank(w)[0],
                    witness_key(w)[0],
                    len(w.phrase),
                    w.phrase != w.phrase.lower(),
                    w.phrase,
                    witness_key(w),
                ),
            )
        )


class Findings:
    """All groups of one run, in first-seen order (sorted when the run ends)."""

    def __init__(self, declared: frozenset[str] = frozenset()) -> None:
        self.groups: dict[GroupKey, Group] = {}
        self.declared = declared

    def add(
        self,
        kind: str,
        rule: int | None,
        from_: int | None,
        to: int | None,
        witness: Witness,
        detail: str | None = None,
    ) -> None:
        key: GroupKey = (kind, rule, from_, to)
        group = self.groups.get(key)
        if group is None:
            group = Group(kind, rule, from_, to, declared=self.declared)
            self.groups[key] = group
        group.add(witness, detail)

    def has(self, kind: str, rule: int | None, from_: int | None, to: int | None) -> bool:
        return (kind, rule, from_, to) in self.groups

    def drop(self, kind: str, rule: int | None, from_: int | None, to: int | None) -> None:
        self.groups.pop((kind, rule, from_, to), None)
