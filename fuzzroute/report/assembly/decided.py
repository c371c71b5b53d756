"""What the decided tier takes over from the generated half.

A sampled suggestion that a decision answers for every message (a
`rule-never-wins` of a rule decided dead, a `rules-overlap` of a pair decided
to share text or only to co-occur) is taken out of the suggestions and listed
under `decision.superseded` with a pointer to the decided item (or, for a
co-occurring pair, to the co-occurrence count): the generated half stops
repeating, as a sample, what is now decided.  A sampled overlap of a pair
decided disjoint would contradict the decision: it is kept as a suggestion
and reported as a tool defect.  How each sampled pair was decided is kept
in `decision.pairs` (only the pairs sampled), so a merge of shards applies
the same rule; a single run and a merge both call `supersede`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fuzzroute.decided import Decisions
from fuzzroute.results.document import (
    PAIR_VERDICTS,
    DecidedRecord,
    DefectRecord,
    PairRelation,
    RuleInfo,
    SuggestionKey,
    SuggestionRecord,
    SupersededRef,
)
from fuzzroute.results.record import one_of
from fuzzroute.results.suggestions import RULE_NEVER_WINS, RULES_OVERLAP, SHADOWED_BY_EARLIER_RULE

NOT_RUN_REASON = "The decided tier did not run for this report."

NEVER_WINS_KINDS = ("decided-never-wins", "decided-never-matches")
#: Where a superseded co-occurring pair points: the co-occurrence count (`decision.counts`; an anchor of the page).
CO_OCCURRENCE_POINTER = "decided-co-occurrence"


@dataclass(frozen=True)
class Takeover:
    """The suggestions kept, the ones a decision answers (as references), and new tool defects."""

    kept: list[SuggestionRecord]
    references: list[SupersededRef]
    defects: list[DefectRecord]


#: Suggestions about a pair of rules: the decided tier says how each such pair meets.
PAIR_KINDS = (RULES_OVERLAP, SHADOWED_BY_EARLIER_RULE)


def sampled_pairs(suggestions: Iterable[SuggestionRecord], decisions: Decisions) -> list[PairRelation]:
    """How the decided tier decided each pair an overlap or shadowing suggestion samples, in pair order.

    The overview counts a glued pair once: a sampled pair the decided tier
    already counted as co-occurring is not counted again.
    """
    seen = {
        (s.from_index, s.to_index): (s.from_ or "", s.to or "")
        for s in suggestions
        if s.kind in PAIR_KINDS and s.from_index is not None and s.to_index is not None
    }
    found = []
    for (a, b), (earlier, later) in sorted(seen.items()):
        relation = decisions.relation(a, b)
        if relation is not None:
            found.append(PairRelation(a, b, one_of(relation, PAIR_VERDICTS), earlier, later))
    return found


def suggestion_key(suggestion: SuggestionRecord) -> SuggestionKey:
    """A suggestion set aside, as the document keeps it: its kind, the positions of its rules, its count."""
    return SuggestionKey(
        suggestion.kind, suggestion.rule_index, suggestion.from_index, suggestion.to_index, suggestion.count,
        suggestion.rule, suggestion.from_, suggestion.to,
    )


def set_aside_suggestion(key: SuggestionKey | SupersededRef, rules: Sequence[RuleInfo]) -> SuggestionRecord:
    """The suggestion a shard set aside (withheld, or superseded by a decision), rebuilt from its key for a merge.

    It carries no text and no witness: a merge only settles and supersedes
    it again (both read the kind and the rules' positions), and a suggestion
    one shard set aside is set aside in the merge too (the same decisions,
    and the shadowing that withheld it is still there), so it is never listed.
    """

    def name(index: int | None) -> str | None:
        return None if index is None else rules[index].id

    return SuggestionRecord(
        key.kind, name(key.rule_index), key.rule_index, name(key.from_index), key.from_index,
        name(key.to_index), key.to_index, key.count,
    )


def supersede(
    suggestions: Sequence[SuggestionRecord],
    decided: Sequence[DecidedRecord],
    law: str,
    pairs: Sequence[PairRelation] = (),
) -> Takeover:
    """Split `suggestions` into those kept and those a decision answers (see the module docstring)."""
    dead: dict[int, DecidedRecord] = {}
    for item in decided:
        if item.kind in NEVER_WINS_KINDS:
            dead.setdefault(item.rule_index, item)
    if law == "cold_walk":
        for item in decided:
            if item.kind == "decided-dead-under-cold-walk":
                for ref in item.dead_rules:
                    dead.setdefault(ref.rule_index, item)
    overlaps: dict[tuple[int | None, int | None], DecidedRecord] = {
        (i.other_rule_index, i.rule_index): i for i in decided if i.kind == "decided-overlap"
    }
    relations: dict[tuple[int | None, int | None], str] = {(p.from_index, p.to_index): p.relation for p in pairs}
    for item in decided:
        if item.kind == "decided-disjoint":  # a report from before pairs were counted lists them
            relations.setdefault((item.other_rule_index, item.rule_index), "disjoint")
    kept: list[SuggestionRecord] = []
    references: list[SupersededRef] = []
    defects: list[DefectRecord] = []
    for suggestion in suggestions:
        pointer: tuple[str, str] | None = None
        if suggestion.kind == RULE_NEVER_WINS and suggestion.rule_index is not None:
            found = dead.get(suggestion.rule_index)
            pointer = None if found is None else (found.id, found.kind)
        elif suggestion.kind == RULES_OVERLAP:
            key = (suggestion.from_index, suggestion.to_index)
            relation = relations.get(key)
            found = overlaps.get(key)
            if found is not None:
                pointer = (found.id, found.kind)
            elif relation == "co-occurrence":
                pointer = (CO_OCCURRENCE_POINTER, "decided-overlap")
            if relation == "disjoint":
                defect = DefectRecord(
                    "decided-disjoint", suggestion.to or "", suggestion.to_index or 0, suggestion.from_,
                    suggestion.witnesses[0].phrase if suggestion.witnesses else None,
                    "a generated phrase matches both rules of a pair decided disjoint",
                )
                if defect not in defects:
                    defects.append(defect)
        if pointer is None:
            kept.append(suggestion)
            continue
        references.append(SupersededRef(
            suggestion.kind, suggestion.rule_index, suggestion.from_index, suggestion.to_index, suggestion.count,
            *pointer, suggestion.rule, suggestion.from_, suggestion.to,
        ))
    return Takeover(kept, references, defects)
