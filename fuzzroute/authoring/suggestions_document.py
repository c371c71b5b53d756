"""The JSON form of `fuzzroute suggest --format json`: typed models whose encoding is the document.

One object per selected rule, with the examples picked for it, best first,
each saying why it was picked and what `fuzzroute check` will report once it
is declared (`verdict`: the proven problems, empty when it will pass).
`not_checked` is written only when it is true: the verdict then depends on a
`when` predicate that fuzzroute does not run.
"""

from __future__ import annotations

import json
from typing import Literal

import msgspec

from fuzzroute.authoring.choose import Pick
from fuzzroute.authoring.suggest import Suggested
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.results.jsonform import inert_json


class VerdictCode(msgspec.Struct, frozen=True, kw_only=True):
    """One problem `fuzzroute check` will report for the example."""

    kind: Literal["error", "warning"]
    code: str


class SuggestedExample(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A phrase worth declaring as an example of its rule, why, and what check will say of it."""

    phrase: str
    #: A suggestion kind (a defect or gap it witnesses), or `widens-coverage`.
    reason: str
    #: True when the pick names a defect or gap that check reports; False for a widening example.
    defect: bool
    why: str
    verdict: tuple[VerdictCode, ...]
    #: False when the pick is listed but not written (check would fail on it; `--with-gaps` writes it).
    added: bool = True
    not_checked: bool = False
    #: A near miss's kind of change people type (case, apostrophe, ...); absent for other picks.
    variant: str | None = None


class RuleSuggestions(msgspec.Struct, frozen=True, kw_only=True):
    """The examples picked for one rule."""

    rule: str
    rule_index: int
    location: SourceLocation | None
    examples: tuple[SuggestedExample, ...]


class SuggestionsDocument(msgspec.Struct, frozen=True, kw_only=True):
    """What one `suggest` run picked, per rule, and how much it explored."""

    graph: str
    source: str
    seed: int
    phrases_generated: int
    rules: tuple[RuleSuggestions, ...]


def suggestions_document(suggested: Suggested) -> SuggestionsDocument:
    entries = suggested.loaded.graph.entries
    return SuggestionsDocument(
        graph=suggested.loaded.graph.name,
        source=str(suggested.loaded.path),
        seed=suggested.exploration.seed,
        phrases_generated=suggested.exploration.phrases_generated,
        rules=tuple(
            RuleSuggestions(
                rule=entries[i].id, rule_index=i, location=entries[i].location,
                examples=tuple(_example(p, suggested.added(p)) for p in picks),
            )
            for i, picks in suggested.picks.items()
        ),
    )


def _example(pick: Pick, added: bool) -> SuggestedExample:
    return SuggestedExample(
        phrase=pick.phrase, reason=pick.reason, defect=pick.defect, why=pick.why,
        verdict=tuple(VerdictCode(kind=p.kind, code=p.code) for p in pick.verdict.problems), added=added,
        not_checked=pick.verdict.depends_on is not None, variant=pick.variant,
    )


def suggestions_json_text(suggested: Suggested) -> str:
    """The document as `suggest --format json` prints it (indented by two spaces, no trailing newline)."""
    data = msgspec.to_builtins(suggestions_document(suggested))
    return inert_json(json.dumps(data, indent=2, ensure_ascii=False))
