"""The findings `fix` works on, read from the tiers that need no sampling, and which of them `--select` keeps.

`fix` reads the decided tier (an earlier rule taking a later rule's fixed
words, a rule that never wins, a `[M-m]` range) and the deterministic
near-miss variants of the declared examples (a case, apostrophe,
contraction, US/UK spelling, compound, function word or inflection the rule
misses); nothing is sampled, so every run gives the same findings.  Each is
a `Gap`: the finding's code, the rule it is about, the rules that take its
messages, and for a near miss the declared example it comes from and the
variant's kind.  Findings of kinds no fix exists for are kept too, so the
listing says why they stay (and why the exit code may still be 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from fuzzroute.decided.decisions import CASE_RANGE, NEVER_WINS, OVERLAP, DecidedItem, Decisions
from fuzzroute.decided.verdict import judge
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.results.fix_kinds import FIXABLE_CODES, VARIANT_KINDS

NEAR_MISS_UNCLAIMED: Final = "near-miss-unclaimed"
NEAR_MISS_CLAIMED_ELSEWHERE: Final = "near-miss-claimed-elsewhere"


@dataclass(frozen=True)
class Gap:
    """One finding `fix` looks for an edit for."""

    code: str
    #: The rule the finding is about: the later rule of a pair, the rule a near miss misses, the rule with a range.
    rule: Entry
    #: The rules that take its messages (the earlier rule of a pair, the rules containing a never-winning rule).
    takers: tuple[Entry, ...] = ()
    #: The finding's witness, or the near miss itself.
    phrase: str | None = None
    #: A near miss's variant kind (`case`, `inflection`, ...) and the declared example it is a variant of.
    variant_kind: str | None = None
    source: str | None = None
    #: Where a near miss's source comes from: `example` (a declared example) or `literal` (the rule's own words).
    source_kind: str | None = None
    #: A near miss's changed word as the example spells it (empty for an added word) ...
    word: str | None = None
    #: ... and as the variant spells it, then as the other variants of its class do (the rule misses each):
    #: the forms a fix covers ("cannot", "can not" for "can't").
    forms: tuple[str, ...] = ()
    item: DecidedItem | None = None
    message: str = ""

    @property
    def key(self) -> tuple[object, ...]:
        """The finding by rule ids (stable when a fix moves rules), so each is tried once per run."""
        return (self.code, self.rule.id, tuple(t.id for t in self.takers), self.phrase, self.variant_kind)


def decided_gaps(graph: Graph, decisions: Decisions) -> list[Gap]:
    """The decided findings to act on (as `--fail-on decided` judges them, acceptances kept) and `[M-m]` ranges."""
    out: list[Gap] = []
    for item in judge(decisions, graph.acceptances).failing:
        takers = (item.other,) if item.other is not None else tuple(item.containing)
        out.append(Gap(item.kind, item.entry, takers, item.witness, item=item, message=item.message))
    out.extend(
        Gap(item.kind, item.entry, (), item.witness, item=item, message=item.message)
        for item in decisions.of_kind(CASE_RANGE)
    )
    return out


def known_codes() -> tuple[str, ...]:
    """Every code `--select` accepts: finding codes with a fix kind, then the near-miss variant kinds."""
    return (*FIXABLE_CODES, *VARIANT_KINDS)


def selection(codes: Iterable[str]) -> frozenset[str] | None:
    """`--select` as a set (None: everything); an unknown code is bad input naming the codes there are."""
    chosen: list[str] = []
    for value in codes:
        chosen.extend(part.strip() for part in value.split(",") if part.strip())
    if not chosen:
        return None
    unknown = [c for c in chosen if c not in known_codes()]
    if unknown:
        raise InputError(
            f"--select {', '.join(unknown)}: not a finding code `fuzzroute fix` has a fix for. Pick among the "
            f"finding codes {', '.join(FIXABLE_CODES)} and the near-miss variant kinds {', '.join(VARIANT_KINDS)} "
            "(comma-separated or repeated)."
        )
    return frozenset(chosen)


def selected(gap: Gap, chosen: frozenset[str] | None) -> bool:
    """Whether `--select` keeps the gap: its code or its variant kind is chosen (or nothing is)."""
    if chosen is None:
        return True
    if gap.variant_kind is not None and gap.variant_kind in chosen:
        return True
    only_kinds = chosen <= frozenset(VARIANT_KINDS)
    return gap.code in chosen and not (only_kinds and gap.variant_kind is None)


def pair_kinds() -> tuple[str, ...]:
    return (OVERLAP, NEVER_WINS)


#: Within a rule, near misses whose fix rewrites whole words come first, single characters last: once
#: `can't` is `(?:can't|cannot|can not)`, the apostrophe's fix still finds `can't` written out.
_KIND_ORDER = ("contraction", "us-uk", "compound", "function-word", "inflection", "case", "apostrophe")


def ordered(gaps: Sequence[Gap]) -> list[Gap]:
    """Pairs and ranges first (in rule order), then near misses (in rule order): a reorder can settle a near miss."""
    def key(gap: Gap) -> tuple[bool, int, int]:
        kind = gap.variant_kind
        return kind is not None, gap.rule.index, _KIND_ORDER.index(kind) if kind in _KIND_ORDER else 0

    return sorted(gaps, key=key)
