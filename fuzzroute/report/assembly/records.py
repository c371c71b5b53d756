"""Turn what the engine, the automata and the generators found into report records, for one graph.

Each record is made here and nowhere else: a proven problem gets its rule's
location and both laws' claimants, a suggestion its rule's location and the
line an author pastes to turn its witness into a declared example, a decided
item its id.  The `--db` memory hands its carried suggestions through the
same `Records.suggestion`, so a carried suggestion gets the same paste line a
fresh one would.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from msgspec.structs import replace

from fuzzroute.decided import Decisions
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Note, Problem
from fuzzroute.engine.text import is_blank
from fuzzroute.engine.unread import NotChecked
from fuzzroute.results.document import (
    RULE_KINDS,
    DecidedCounts,
    DecidedRecord,
    Location,
    NotCheckedRecord,
    NoteRecord,
    PasteMode,
    ProblemRecord,
    RuleFigures,
    RuleInfo,
    SuggestionRecord,
)
from fuzzroute.results.record import Omitted, omit_none, one_of
from fuzzroute.results.suggestions import SLOW_MATCHER, RuleStats, Suggestion

# Kinds whose witnesses make no sense as declared examples of the rule: a slow
# phrase is a performance fact, not a routing one.
NO_EXAMPLES_KINDS = frozenset({SLOW_MATCHER})


def location(where: Location | None) -> Location | None:
    """A rule's declared location, as the engine recorded it (the engine's location is the record)."""
    return where


def rule_kind(entry: Entry) -> str:
    if entry.match is not None:
        return entry.match.kind
    return "when" if entry.when is not None else "default"


def rule_info(entry: Entry) -> RuleInfo:
    return RuleInfo(
        entry.index, entry.id, one_of(rule_kind(entry), RULE_KINDS), entry.caption, list(entry.examples or ()),
        location(entry.location),
    )


def note_record(note: Note) -> NoteRecord:
    return NoteRecord(note.name, note.text)


def not_checked_record(unread: NotChecked) -> NotCheckedRecord:
    return unread.record()


def json_safe(value: Any) -> Any:
    """A JSON round-trip of a witness context; anything exotic becomes its repr."""
    return json.loads(json.dumps(value, default=repr))


def paste_lines(entry: Entry, phrase: str) -> tuple[str, str]:
    """The rule's whole `examples` list with `phrase` added, as Python and as JSON.

    The line carries the existing examples, so pasting it over the old list
    loses nothing; only one phrase is added, because each declared example is
    a promise the author has to agree with.  Examples are compared exactly, as
    the checkup reads them: a phrase that differs only in case is a new
    example (and a matcher may well treat it differently).
    """
    merged = [*(entry.examples or ()), phrase]
    python = "examples=[" + ", ".join(repr(p) for p in merged) + "]"
    as_json = '"examples": ' + json.dumps(merged, ensure_ascii=False)
    return python, as_json


def rule_figures(stats: RuleStats) -> RuleFigures:
    """A rule's figures with the derived counts (also applied to the sums of merged shards)."""
    return figures(stats.index, stats.id, stats.caption, stats.examples, stats.generated, stats.won, stats.rejected,
                   dict(stats.lost_to))


def figures(
    index: int, ident: str, caption: str, examples: int, generated: int, won: int, rejected: int,
    lost_to: dict[str, int],
) -> RuleFigures:
    lost = sum(lost_to.values())
    accepted = won + lost
    return RuleFigures(
        index=index, id=ident, caption=caption, examples=examples, generated=generated, won=won, rejected=rejected,
        lost_to=dict(sorted(lost_to.items(), key=lambda item: (-item[1], item[0]))),
        accepted=accepted, phrases=accepted + rejected, lost=lost,
        share_won=_share(won, accepted), share_lost=_share(lost, accepted),
    )


def _share(part: int, whole: int) -> float | None:
    return None if whole <= 0 else round(part / whole, 4)


def decided_records(decisions: Decisions) -> list[DecidedRecord]:
    """The decided items in their order, numbered `decided-1`, `decided-2`, ... (the tier builds them)."""
    return decisions.records()


def decided_counts(decisions: Decisions) -> DecidedCounts:
    """The pairs the decided tier counted rather than listed."""
    return decisions.counted()


class Records:
    """Record makers bound to one graph (locations, claims and paste lines all read the graph)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.entries = graph.entries

    def problem(self, problem: Problem) -> ProblemRecord:
        """The checkup's problem with both laws' claimants of its phrase (the report shows them)."""
        return replace(problem, claims=None if problem.example is None else self.graph.claims(problem.example))

    def rule_location(self, index: int | None) -> Location | None:
        """Where the rule a suggestion is about is declared, if known."""
        if index is None or not 0 <= index < len(self.entries):
            return None
        return location(self.entries[index].location)

    def example_target(self, suggestion: Suggestion) -> Entry | None:
        """The rule whose `examples` the suggestion's best witness can join, if any.

        Declaring a witness as an example is how a suggestion becomes a proof:
        the next checkup runs it through the rules and reports what it finds.
        None when the kind is not about routing (a slow matcher) or the rule
        cannot take examples (an intent, a default); the engine's own line is
        kept then.
        """
        index = suggestion.rule_index
        if suggestion.kind in NO_EXAMPLES_KINDS or index is None or not suggestion.witnesses:
            return None
        if not 0 <= index < len(self.entries):
            return None
        entry = self.entries[index]
        if entry.is_intent or entry.is_unconditional or is_blank(suggestion.witnesses[0].phrase):
            return None
        return entry

    def suggestion(self, suggestion: Suggestion, memory: Literal["replayed"] | None = None) -> SuggestionRecord:
        """The reported form of a suggestion: located, with its paste line and paste mode."""
        paste, paste_json = suggestion.paste, suggestion.paste_json
        mode: PasteMode | None
        target = self.example_target(suggestion)
        if target is not None:
            best = suggestion.witnesses[0].phrase
            if best in (target.examples or ()):
                paste, paste_json, mode = None, None, "already_declared"
            else:
                paste, paste_json = paste_lines(target, best)
                mode = "examples"
        elif paste is not None or paste_json is not None:
            mode = "as_given"
        else:
            mode = None
        witnesses = [
            w if isinstance(w.context, Omitted) else replace(w, context=json_safe(w.context))
            for w in suggestion.witnesses
        ]
        return SuggestionRecord(
            kind=suggestion.kind, rule=suggestion.rule, rule_index=suggestion.rule_index, from_=suggestion.from_,
            from_index=suggestion.from_index, to=suggestion.to, to_index=suggestion.to_index, count=suggestion.count,
            message=suggestion.message, paste=paste, paste_json=paste_json, mutation=suggestion.mutation,
            relation=suggestion.relation, shared_in=suggestion.shared_in, shared_count=suggestion.shared_count,
            witnesses=witnesses, location=self.rule_location(suggestion.rule_index), variant=suggestion.variant,
            fix=suggestion.fix, paste_mode=mode, memory=omit_none(memory),
        )

