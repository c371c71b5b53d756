"""Does a stored witness still show its finding on the current graph?

A witness reproduces its suggestion when `graph.claims(phrase, context)`
names the same entries under both laws as when it was found, the rules the
suggestion is about still exist (by id), and the kind's own condition still
holds: for a shadowing, a laws disagreement or a never-wins the rule's own
condition still accepts the phrase; for an overlap both rules do; for an
unclaimed near-miss the rule still declines it; for a warm claim the rule
still declines it cold; for a slow matcher one search of the rule's regex
still takes longer than the threshold (the only timing-based replay, as the
kind itself is).  Anything else (a renamed or removed rule, a different
claimant) means the finding is no longer shown by this witness.
"""

from __future__ import annotations

import time

from msgspec.structs import replace

from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant, Outcome, runs_on
from fuzzroute.engine.limits import condition_seconds
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
from fuzzroute.results.document import SuggestionRecord
from fuzzroute.results.record import or_none
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    WHEN_CLAIMS_WARM,
    Witness,
)

#: Kinds whose rule must still accept the witness itself.
RULE_ACCEPTS = frozenset({SHADOWED_BY_EARLIER_RULE, LAWS_DISAGREE, RULE_NEVER_WINS, RULES_OVERLAP})
#: Kinds whose rule must still decline the witness on a cold start.
RULE_DECLINES = frozenset({NEAR_MISS_UNCLAIMED, WHEN_CLAIMS_WARM})


def find_entry(graph: Graph, rule_id: str | None, index: int | None) -> Entry | None:
    """The entry with this id: at its old position if it is still there, else the first with the id."""
    if rule_id is None:
        return None
    entries = graph.entries
    if isinstance(index, int) and 0 <= index < len(entries) and entries[index].id == rule_id:
        return entries[index]
    return next((e for e in entries if e.id == rule_id), None)


def _context(witness: Witness, phrase: str) -> RoutingContext | None:
    stored = or_none(witness.context)
    if not isinstance(stored, dict):
        return None
    return RoutingContext(
        iteration=int(stored.get("iteration", 1)),
        user_message=phrase,
        history=list(stored.get("history") or []),
        activated_injection_ids=list(stored.get("activated_injection_ids") or []),
    )


def _id(claimant: Claimant | None) -> str | None:
    return None if claimant is None else claimant.id


def _index(claimant: Claimant | None) -> int | None:
    return None if claimant is None else claimant.index


def _accepts(entry: Entry, phrase: str) -> bool:
    return runs_on(entry, phrase) is Outcome.MATCH


def _still_slow(entry: Entry, phrase: str) -> bool:
    # The generation engine's own threshold and notion of a rule's regexes
    # (imported here: only a replayed slow-matcher needs the generator package).
    from fuzzroute.generate.messages import SLOW_SECONDS
    from fuzzroute.generate.slow import regexes_of

    if entry.when is not None:
        return runs_on(entry, phrase) is Outcome.TIMED_OUT
    for regex in regexes_of(entry):
        start = time.perf_counter()
        try:
            call_with_time_limit(condition_seconds(), lambda regex=regex: regex.pattern.search(phrase))  # type: ignore[misc]
        except TimedOut:
            return True
        if time.perf_counter() - start > SLOW_SECONDS:
            return True
    return False


def replay_witness(graph: Graph, suggestion: SuggestionRecord, witness: Witness) -> Witness | None:
    """The witness with its current claimants if it still shows the suggestion, else None."""
    phrase = witness.phrase
    kind = suggestion.kind
    rule = find_entry(graph, suggestion.rule, suggestion.rule_index)
    if suggestion.rule is not None and rule is None:
        return None
    try:
        claims = graph.claims(phrase, _context(witness, phrase))
    except ConditionTimeLimit:
        # A regex the automata cannot read ran past the time limit on the witness: it is slow still, and
        # nothing else can be said about it.
        still = kind == SLOW_MATCHER and rule is not None
        return witness if still else None
    if (_id(claims.cold_walk), _id(claims.cascade)) != (witness.cold_walk, witness.cascade):
        return None
    if rule is not None:
        if kind in RULE_ACCEPTS and not _accepts(rule, phrase):
            return None
        if kind in RULE_DECLINES and _accepts(rule, phrase):
            return None
        if kind == SLOW_MATCHER and not _still_slow(rule, phrase):
            return None
    if kind == RULES_OVERLAP:
        other = find_entry(graph, suggestion.to, suggestion.to_index)
        if other is None or not _accepts(other, phrase):
            return None
    return replace(witness, cold_walk_index=_index(claims.cold_walk), cascade_index=_index(claims.cascade))
