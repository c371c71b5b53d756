"""Re-run every decided witness through the compiled matchers and both claim laws.

The automata are a second implementation of the matchers; if they ever
disagree with the real ones, the disagreement must surface as a defect of
fuzzroute and never as a finding about the user's rules.

An overlap's witness is checked by the compiled matchers of both rules and by
the laws (both start the earlier rule or one before it).  On a graph whose
conditions are all data matchers that always finish (no `when` predicate,
no regex run by `re` under a time limit: `claims_follow_matches`), the
second check follows from the first: the laws run the conditions in
declaration order, skipping only rules that cannot match, and stop at the
first that matches, which is then at or before the earlier rule, under both
laws.  There `verify(..., claims=False)` runs the matchers alone and leaves
the claims to be read for the items that are shown (`with_claims`).
"""

from __future__ import annotations

from typing import assert_never

from fuzzroute.decided.decisions import CAN_WIN, COLD_WALK_DEAD, NEVER_WINS, OVERLAP, REDOS, DecidedItem, Defect, defect
from fuzzroute.engine.automata.plan import GUARDED, RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant
from fuzzroute.engine.matchers import Keywords, Leaf, Regex, regexes


def _matches(entry: Entry, phrase: str) -> bool:
    matcher = entry.data_matcher
    return matcher is not None and matcher.matches(phrase)


def _index(claimant: Claimant | None) -> int | None:
    return None if claimant is None else claimant.index


def problem_with(graph: Graph, item: DecidedItem) -> str | None:
    """What the real matchers and laws contradict in `item`'s witness, or None when they agree.

    A matcher that cannot finish on the witness (a regex re could backtrack
    on, past its time limit) leaves the witness unverified: a defect, never
    a finding.
    """
    try:
        return _problem_with(graph, item)
    except RegexTimedOut as timed_out:
        return f"a matcher could not finish on it ({timed_out})"


def _problem_with(graph: Graph, item: DecidedItem) -> str | None:
    phrase = item.witness
    if phrase is None:
        return None
    claims = graph.claims(phrase)
    item.claims = claims
    cascade, cold = _index(claims.cascade), _index(claims.cold_walk)
    b = item.entry
    if item.kind == OVERLAP:
        assert item.other is not None
        a = item.other
        if not (_matches(a, phrase) and _matches(b, phrase)):
            return "the compiled matchers do not both match it"
        if cascade is None or cascade > a.index or cold is None or cold > a.index:
            return f"the laws do not start rule #{a.index + 1} or an earlier one on it"
    elif item.kind == NEVER_WINS:
        if not _matches(b, phrase) or not any(_matches(a, phrase) for a in item.containing):
            return "the rule or the containing rules do not match it"
        if cascade is None or cascade >= b.index:
            return "the cascade does not start an earlier rule on it"
    elif item.kind == CAN_WIN:
        if not _matches(b, phrase):
            return "the rule does not match it"
        if cascade is None or (cascade != b.index and graph.entries[cascade].when is None):
            return "the cascade does not start the rule (or an earlier `when` rule) on it"
        # The cascade starting the rule itself ran every earlier rule first; after an earlier `when`
        # rule took it, the data rules between are run here.
        between = graph.entries[cascade : b.index] if cascade != b.index else ()
        earlier = [e for e in between if e.data_matcher is not None and _matches(e, phrase)]
        if earlier:
            return f"earlier data rule #{earlier[0].index + 1} matches it"
    elif item.kind == COLD_WALK_DEAD and (cold is None or cold > b.index):
        return "the cold walk does not start the default (or an earlier rule) on it"
    elif item.kind == REDOS and item.redos is not None and _attack_matches(b, item.redos.regex, phrase):
        return "the regex matches the attack, so re would stop at that match instead of trying every way"
    return None


def _attack_matches(entry: Entry, caption: str, phrase: str) -> bool:
    """Whether the regex the item is about matches its attack (run as the laws run it, in linear time)."""
    return any(r.caption == caption and r.matches(phrase) for r in regexes(entry.data_matcher))


def claims_follow_matches(graph: Graph) -> bool:
    """Whether every condition of `graph` is a data matcher that always finishes (see the module docstring).

    Then the laws start a rule that matches a phrase, or an earlier one, on
    it: an overlap whose two rules both match its witness needs no claims to
    be verified.
    """
    for entry in graph.laws.candidates:
        if entry.when is not None:
            return False
        matcher = entry.data_matcher
        if matcher is None:
            continue  # a default: it claims only under the cold walk, before a later rule, which the check allows
        if not all(_always_finishes(leaf) for leaf in matcher.leaves):
            return False
    return True


def _always_finishes(leaf: Leaf) -> bool:
    """Whether a regex or keyword list finishes on every phrase (a regex run under a time limit may not)."""
    match leaf:
        case Regex():
            return leaf.plan.mode != GUARDED
        case Keywords():
            return True
        case _:
            assert_never(leaf)


def _overlap_problem(item: DecidedItem) -> str | None:
    """`_problem_with` for an overlap on a graph where the claims follow the matches: the matchers alone."""
    phrase = item.witness
    if phrase is None:
        return None
    assert item.other is not None
    if not (_matches(item.other, phrase) and _matches(item.entry, phrase)):
        return "the compiled matchers do not both match it"
    return None


def with_claims(graph: Graph, item: DecidedItem) -> DecidedItem:
    """The item with the claims of its witness, read now if `verify(..., claims=False)` left them out."""
    if item.claims is None and item.witness is not None and item.kind == OVERLAP:
        item.claims = graph.claims(item.witness)
    return item


def verify(graph: Graph, item: DecidedItem, *, claims: bool = True) -> Defect | None:
    """None when the witness agrees with the real matchers and laws; else the defect to report.

    `claims=False` (only on a graph where `claims_follow_matches`) checks an
    overlap by the matchers alone and leaves its claims unread.
    """
    problem = _overlap_problem(item) if not claims and item.kind == OVERLAP else problem_with(graph, item)
    if problem is None:
        return None
    return defect(item.kind, item.entry, item.witness, problem, item.other)
