"""What the decided tier takes over from the generated half.

A sampled suggestion that a decided item answers for every message (a
`rule-never-wins` of a rule decided dead, a `rules-overlap` of a pair decided
overlapping) is taken out of the suggestions and listed under
`decision.superseded` with a pointer to the decided item: the generated half
stops repeating, as a sample, what is now decided.  A sampled overlap of a
pair decided disjoint would contradict the decision: it is kept as a
suggestion and reported as a tool defect.  A single run and a merge of
shards both call `supersede`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.results.document import DecidedRecord, DefectRecord, SuggestionRecord, SupersededRef
from fuzzroute.results.suggestions import RULE_NEVER_WINS, RULES_OVERLAP

NOT_RUN_REASON = "The decided tier did not run for this report."

NEVER_WINS_KINDS = ("decided-never-wins", "decided-never-matches")


@dataclass(frozen=True)
class Takeover:
    """The suggestions kept, the ones a decision answers (as references and in full), and new tool defects."""

    kept: list[SuggestionRecord]
    references: list[SupersededRef]
    taken: list[SuggestionRecord]
    defects: list[DefectRecord]


def supersede(suggestions: Sequence[SuggestionRecord], decided: Sequence[DecidedRecord], law: str) -> Takeover:
    """Split `suggestions` into those kept and those a decided item answers (see the module docstring)."""
    dead: dict[int, DecidedRecord] = {}
    for item in decided:
        if item.kind in NEVER_WINS_KINDS:
            dead.setdefault(item.rule_index, item)
    if law == "cold_walk":
        for item in decided:
            if item.kind == "decided-dead-under-cold-walk":
                for ref in item.dead_rules:
                    dead.setdefault(ref.rule_index, item)
    pairs: dict[tuple[int | None, int | None], DecidedRecord] = {
        (i.other_rule_index, i.rule_index): i for i in decided if i.kind == "decided-overlap"
    }
    disjoint: dict[tuple[int | None, int | None], DecidedRecord] = {
        (i.other_rule_index, i.rule_index): i for i in decided if i.kind == "decided-disjoint"
    }
    kept: list[SuggestionRecord] = []
    references: list[SupersededRef] = []
    taken: list[SuggestionRecord] = []
    defects: list[DefectRecord] = []
    for suggestion in suggestions:
        found = None
        if suggestion.kind == RULE_NEVER_WINS and suggestion.rule_index is not None:
            found = dead.get(suggestion.rule_index)
        elif suggestion.kind == RULES_OVERLAP:
            key = (suggestion.from_index, suggestion.to_index)
            found = pairs.get(key)
            contradicted = disjoint.get(key)
            if contradicted is not None:
                defect = DefectRecord(
                    contradicted.kind, contradicted.rule, contradicted.rule_index, contradicted.other_rule,
                    suggestion.witnesses[0].phrase if suggestion.witnesses else None,
                    "a generated phrase matches both rules of a pair decided disjoint",
                )
                if defect not in defects:
                    defects.append(defect)
        if found is None:
            kept.append(suggestion)
            continue
        taken.append(suggestion)
        references.append(
            SupersededRef(suggestion.kind, suggestion.rule, suggestion.from_, suggestion.to, suggestion.count,
                          found.id, found.kind)
        )
    return Takeover(kept, references, taken, defects)
