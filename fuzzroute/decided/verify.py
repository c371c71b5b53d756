"""Re-run every decided witness through the compiled matchers and both claim laws.

The automata are a second implementation of the matchers; if they ever
disagree with the real ones, the disagreement must surface as a defect of
fuzzroute and never as a finding about the user's rules.
"""

from __future__ import annotations

from fuzzroute.decided.decisions import CAN_WIN, COLD_WALK_DEAD, NEVER_WINS, OVERLAP, REDOS, DecidedItem, Defect, defect
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant
from fuzzroute.engine.matchers import AllOf, Regex


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
    matcher = entry.data_matcher
    parts = matcher.parts if isinstance(matcher, AllOf) else (matcher,)
    return any(isinstance(p, Regex) and p.caption == caption and p.matches(phrase) for p in parts)


def verify(graph: Graph, item: DecidedItem) -> Defect | None:
    """None when the witness agrees with the real matchers and laws; else the defect to report."""
    problem = problem_with(graph, item)
    if problem is None:
        return None
    return defect(item.kind, item.entry, item.witness, problem, item.other)
