"""Raw findings, grouped by (kind, rule pair), counted, with the best few witnesses kept.

A run can produce thousands of findings about one pair of rules.  A group
keeps its count of distinct witnesses and only the most natural few
(`witness_key`), so a report shows "where is my order", not "wHERE IS mY
ORDER?!", and "revert to the previous deploy", not "revert deploy":

* oddities first: odd casing, control or non-ASCII characters, doubled
  spaces, a typo or a spacing edit, punctuation glued between words
  ("deploy: outage"; `glued_marks`);
* then whether the phrase was built from a declared example (a rewording with
  the rule's own words, or a small edit): an author's own sentence reads like
  a message, a phrase assembled from triggers does not;
* then shorter, then alphabetical.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import Claims
from fuzzroute.engine.text import phrase_key
from fuzzroute.generate.naturalness import from_example, naturalness_penalty
from fuzzroute.generate.relation import SHARED_TEXT, Meeting
from fuzzroute.results.record import OMIT, Omitted, omit_none, or_none
from fuzzroute.results.suggestions import Witness

WITNESSES_PER_GROUP = 3

_MIXED_CASE = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
_SHOUTED = re.compile(r"\b[A-Z]{3,}\b")
#: Edits that make a phrase read less like a message than the others do.
_ODD_EDITS = {"typo": 2, "spacing": 2, "splice": 1}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_BEYOND_ASCII_PRINTABLE = re.compile(r"[^\x00-\x7e]")
_TITLE_WORDS = re.compile(r"^(?:[A-Z][a-z]+\s+)+[A-Z][a-z]+[.!?]*$")
def penalty_floor(generator: str) -> int:
    """The least `witness_key` penalty a phrase of this generator can have (its edit and its source).

    A near miss of a rule's own literal words (a keyword, `variant/<kind>/literal`) is a fragment: a
    declared sentence's variant reads more like a message and is shown first.
    """
    if generator.endswith("/literal"):
        return 1
    edit = generator.rpartition("/")[2]
    return _ODD_EDITS.get(edit, 0) + (0 if from_example(generator) else 1)


@functools.lru_cache(maxsize=4096)
def readability_penalty(phrase: str) -> int:
    """How unlike a typed message a phrase looks: odd casing, control or non-ASCII characters.

    Cached: a witness is ranked in its group and again among its rule's samples.
    """
    penalty = len(_MIXED_CASE.findall(phrase)) + len(_SHOUTED.findall(phrase))
    penalty += 3 * len(_CONTROL.findall(phrase))
    if not phrase.isascii() or "\x7f" in phrase:
        penalty += len(_BEYOND_ASCII_PRINTABLE.findall(phrase))
    penalty += 2 * phrase.count("  ")
    if phrase != phrase.strip():
        penalty += 1
    if _TITLE_WORDS.match(phrase.strip()):
        penalty += 1  # "How Much Money": every word capitalised is a heading, not a message
    return penalty


def witness_key(witness: Witness) -> tuple[int, int, str, str]:
    """Most natural first: fewest oddities (odd edits and glued punctuation included), built from a
    declared example before assembled from triggers, then shortest, then alphabetical."""
    context = "" if isinstance(witness.context, Omitted) else json.dumps(witness.context, sort_keys=True)
    phrase = witness.phrase
    penalty = readability_penalty(phrase) + naturalness_penalty(phrase) + penalty_floor(witness.generator)
    return (penalty, len(phrase) + len(context), phrase, context)


def cannot_beat(witness: Witness, worst: tuple[int, int, str, str]) -> bool:
    """True when `witness` cannot rank before `worst` (a cheap bound, no penalty computed).

    A witness's key starts with a penalty of at least its edit's and its
    source's (`penalty_floor`) and its length; if the worst kept key already
    has no more penalty than that and is no longer, the witness cannot displace it.
    """
    if not isinstance(witness.context, Omitted):
        return False
    return worst[0] <= penalty_floor(witness.generator) and worst[1] < len(witness.phrase)


def make_witness(
    phrase: str,
    claims: Claims,
    generator: str,
    context: dict[str, Any] | None = None,
    mutation: str | None = None,
    meeting: Meeting | None = None,
) -> Witness:
    cold, cascade = claims.cold_walk, claims.cascade
    return Witness(
        phrase=phrase,
        cold_walk=None if cold is None else cold.id,
        cascade=None if cascade is None else cascade.id,
        cold_walk_index=None if cold is None else cold.index,
        cascade_index=None if cascade is None else cascade.index,
        generator=generator,
        context=omit_none(context),
        mutation=omit_none(mutation),
        relation=OMIT if meeting is None else meeting.relation,
        shared_in=OMIT if meeting is None else omit_none(meeting.shared_in),
    )


#: Near misses an author acts on first: the kinds of change people type (respellings before inflections),
#: then the slips listed on request.
_EDIT_ORDER = ("case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection", "plural",
               "punctuation")


def edit_rank(witness: Witness) -> int:
    """How much a near miss's edit says about the rule (0: its own word in the plural, a multi-word
    trigger's first); 0 for a witness that is no edit of a declared example."""
    if isinstance(witness.mutation, Omitted):
        return 0
    kind, _, detail = witness.mutation.partition(":")
    kind = kind.strip()
    position = _EDIT_ORDER.index(kind) if kind in _EDIT_ORDER else len(_EDIT_ORDER)
    multi_word = kind == "plural" and " " in detail.partition("->")[0].strip()
    return 2 * position + (0 if multi_word or kind != "plural" else 1)


def strength(witness: Witness) -> int:
    """How strongly a witness shows two rules meeting (0: shared fixed words ... 3: not an overlap)."""
    if isinstance(witness.relation, Omitted):
        return 3
    return Meeting(witness.relation, or_none(witness.shared_in)).strength


#: (kind, rule, from, to, variant): a near miss is grouped by the kind of change too (None for every other kind).
GroupKey = tuple[str, "int | None", "int | None", "int | None", "str | None"]


@dataclass
class Group:
    """One (kind, rule, from, to) group: a count and the best witnesses so far.

    Memory is bounded: only the best `WITNESSES_PER_GROUP` witnesses are kept,
    with their edit details.  Distinct phrases are counted through `seen`
    (64-bit digests) only when the caller cannot promise they are distinct;
    a unit's rule phrases are deduplicated before they get here (`fresh`).
    """

    kind: str
    rule: int | None
    from_: int | None
    to: int | None
    count: int = 0
    #: A near miss's kind of change (`strategies.variants`), None for other kinds and slips.
    variant: str | None = None
    #: A near miss's fix to the rule (made once per group, from its first witness).
    fix: str | None = None
    seen: set[int] = field(default_factory=set)
    best: list[Witness] = field(default_factory=list)
    details: dict[str, str] = field(default_factory=dict)
    declared: frozenset[str] = frozenset()
    ranks: list[tuple[int, int, bool, tuple[int, int, str, str]]] = field(default_factory=list)
    #: Witnesses on which the two rules share text (see `relation`).
    shared: int = 0
    #: The strongest meeting seen (`relation.Meeting.strength`; 3 when the kind has no relation).
    strongest: int = 3

    def __getstate__(self) -> dict[str, object]:
        # The declared phrases are the run's, not the group's: a unit's groups travel back to the
        # explorer without them (thousands of units would each send every example), and it sets its own.
        return {**self.__dict__, "declared": frozenset()}

    def rank(self, witness: Witness) -> tuple[int, int, bool, tuple[int, int, str, str]]:
        """The strongest meeting first, then the edit an author acts on first (`edit_rank`); phrases the
        author already declared go last (the proven half covers them)."""
        return (strength(witness), edit_rank(witness), phrase_key(witness.phrase) in self.declared,
                witness_key(witness))

    def add(self, witness: Witness, detail: str | None = None, *, fresh: bool = False) -> None:
        if not fresh:
            context = "" if isinstance(witness.context, Omitted) else json.dumps(witness.context, sort_keys=True)
            key = _digest(witness.phrase + "\x1e" + context)
            if key in self.seen:
                return
            self.seen.add(key)
        self.count += 1
        self._meet(witness, 1 if witness.relation == SHARED_TEXT else 0)
        self.offer(witness, detail)

    def _meet(self, witness: Witness, shared: int) -> None:
        self.shared += shared
        self.strongest = min(self.strongest, strength(witness))

    def offer(self, witness: Witness, detail: str | None = None) -> None:
        """Keep `witness` if it ranks among the best few (without counting it)."""
        worst = self.ranks[-1] if len(self.ranks) >= WITNESSES_PER_GROUP else None
        if (worst is not None and not worst[2] and worst[0] <= strength(witness) and worst[1] <= edit_rank(witness)
                and cannot_beat(witness, worst[3])):
            return
        rank = self.rank(witness)
        if len(self.ranks) >= WITNESSES_PER_GROUP and rank >= self.ranks[-1]:
            return
        if any(w.phrase == witness.phrase and w.context == witness.context for w in self.best):
            return
        position = bisect.bisect_right(self.ranks, rank)
        self.ranks.insert(position, rank)
        self.best.insert(position, witness)
        if detail is not None:
            self.details[witness.phrase] = detail
        for dropped in self.best[WITNESSES_PER_GROUP:]:
            if all(w.phrase != dropped.phrase for w in self.best[:WITNESSES_PER_GROUP]):
                self.details.pop(dropped.phrase, None)
        del self.best[WITNESSES_PER_GROUP:]
        del self.ranks[WITNESSES_PER_GROUP:]

    def absorb(self, other: Group) -> None:
        """Merge another unit's group of the same key (counts add; the best witnesses compete)."""
        self.count += other.count
        self.shared += other.shared
        self.strongest = min(self.strongest, other.strongest)
        for witness in other.best:
            self.offer(witness, other.details.get(witness.phrase))

    def witnesses(self) -> tuple[Witness, ...]:
        """The kept witnesses: new phrases first, then the most readable (a typo or a splice
        after a real-word edit), then shortest, lower case before capitals."""
        return tuple(
            sorted(
                self.best,
                key=lambda w: (
                    strength(w),
                    edit_rank(w),
                    self.rank(w)[2],
                    witness_key(w)[0],
                    len(w.phrase),
                    w.phrase != w.phrase.lower(),
                    w.phrase,
                    witness_key(w),
                ),
            )
        )


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


def declared_keys(entries: Iterable[Entry]) -> frozenset[str]:
    """The `phrase_key` of every declared example: a group ranks the phrases an author declared last."""
    return frozenset(phrase_key(x) for e in entries for x in e.examples or ())


class Findings:
    """All groups of one run, in first-seen order (sorted when the run ends)."""

    def __init__(self, declared: frozenset[str] = frozenset()) -> None:
        self.groups: dict[GroupKey, Group] = {}
        self.declared = declared

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "declared": frozenset()}  # see `Group.__getstate__`

    def add(
        self,
        kind: str,
        rule: int | None,
        from_: int | None,
        to: int | None,
        witness: Witness,
        detail: str | None = None,
        *,
        fresh: bool = False,
        variant: str | None = None,
        fix: str | None = None,
    ) -> None:
        """Count `witness` in its group; `fresh` promises the phrase is new to the group.

        `variant` (near misses) is part of the group's key; `fix` is kept from the group's first witness.
        """
        key: GroupKey = (kind, rule, from_, to, variant)
        group = self.groups.get(key)
        if group is None:
            group = Group(kind, rule, from_, to, variant=variant, fix=fix, declared=self.declared)
            self.groups[key] = group
        group.add(witness, detail, fresh=fresh)


