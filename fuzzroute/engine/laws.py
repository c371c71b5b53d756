"""The two claim laws, and `runs_on`, the single place a condition is evaluated.

* cold walk: the first non-intent entry, in declaration order, whose condition
  matches; an unconditional entry matches everything from its position on.
* cascade tier 1: the first *conditional* non-intent entry that matches;
  unconditional entries never claim.

`ClaimLaws.under_cold_walk` / `under_cascade` evaluate lazily and stop at
the first match, as the reference does (an impure predicate sees the same
call order).  `ClaimLaws.both` answers both laws in one pass; it is what
generation uses on every phrase.  On the cold context it first asks a
one-pass literal prefilter (`literal_prefilter`) which data matchers cannot match the
phrase, skips those, and runs the exact check on the rest in declaration
order.  Data matchers read only the message and have no side effects, so
skipping one that cannot match changes nothing; a `when` predicate is never
skipped, and is called exactly when the plain walk would call it.
`ClaimLaws.plain` is the walk without the prefilter, kept as the reference
the prefilter is tested and benchmarked against.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import assert_never

from fuzzroute.engine import graph_code
from fuzzroute.engine.automata.plan import RegexTimedOut, prepare_plans
from fuzzroute.engine.context import RoutingContext, cold_context
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph_code import GraphCodeError
from fuzzroute.engine.limits import ConditionTimeout, condition_seconds, known_slow, record_timeout
from fuzzroute.engine.literal_prefilter import Screen, screen_for
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Regex, regexes
from fuzzroute.engine.script_when import ScriptWhen
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
from fuzzroute.results.claims import Claimant as Claimant  # re-exported: the laws' answer is a findings record
from fuzzroute.results.claims import Claims as Claims


class Outcome(enum.Enum):
    """The result of running one entry's condition on one context."""

    MATCH = "match"
    NO_MATCH = "no-match"
    THREW = "threw"
    #: A `when` predicate that ran past the condition time limit: reported like one that raised.
    TIMED_OUT = "timed-out"


def runs_on(entry: Entry, phrase: str, context: RoutingContext | None = None) -> Outcome:
    """Run an entry's condition on a phrase (on the cold context unless one is given).

    A data matcher reads only the user message.  A `when` result is read for
    truthiness, and a `when` that raises counts as THREW (never a match): any
    exception, even SystemExit, GeneratorExit or a KeyboardInterrupt it raised
    itself (`graph_code.RaisedInterrupt`), so graph code can neither end the
    process nor choose its exit code.  What it does to the process instead
    (a signal, a fork, a replaced builtin: `graph_code`) is bad input naming
    the call, and a Ctrl-C of the user's passes through.  A `when` that runs
    past the condition time limit (`limits`) is stopped and counts as
    TIMED_OUT, which every check treats like THREW.
    """
    matcher = entry.data_matcher
    if matcher is not None:
        message = phrase if context is None else context.user_message
        return Outcome.MATCH if _data_matches(entry, matcher, message) else Outcome.NO_MATCH
    when = entry.when
    if when is None:
        return Outcome.MATCH
    if known_slow(when, phrase if context is None else None):
        return Outcome.TIMED_OUT
    ctx = cold_context(phrase) if context is None else context
    seconds = condition_seconds()
    activity = partial(_activity, entry, phrase)
    try:
        if isinstance(when, ScriptWhen):  # run in its own process (no graph code here), under the limit it keeps
            verdict = when.run_limited(ctx, seconds, activity)
        else:
            verdict = call_with_time_limit(seconds, lambda: graph_code.call(lambda: bool(when(ctx)), activity, when),
                                           activity)
        return Outcome.MATCH if verdict else Outcome.NO_MATCH
    except TimedOut:
        record_timeout(ConditionTimeout(entry.index, phrase, seconds or 0.0, "when"), when, cold=context is None)
        return Outcome.TIMED_OUT
    except (KeyboardInterrupt, GraphCodeError):
        raise  # the user's Ctrl-C, or what the code did to the process: not the predicate's verdict
    except BaseException:  # any exception, SystemExit included, is a `threw` verdict by contract
        return Outcome.THREW


def _activity(entry: Entry, phrase: str) -> str:
    """The line a watching process shows if this call never returns (see `supervision`)."""
    shown = phrase if len(phrase) <= 80 else phrase[:77] + "..."
    return f"{_rule_words(entry)}, called on {shown!r}"


@lru_cache(maxsize=1024)
def _rule_words(entry: Entry) -> str:
    where = f", {entry.location}" if entry.location is not None else ""
    return f"the `when` of rule {entry.id!r} (rule #{entry.index + 1}{where})"


def _data_matches(entry: Entry, matcher: DataMatcher, message: str) -> bool:
    """`matcher.matches(message)`, naming the rule if a guarded regex ran past its time limit."""
    try:
        return matcher.matches(message)
    except RegexTimedOut as exc:
        raise condition_time_limit(entry, message, exc) from None


def condition_time_limit(entry: Entry, phrase: str, exc: RegexTimedOut) -> ConditionTimeLimit:
    """The error for a regex of `entry` that `re` could not finish on `phrase` within the limit."""
    record_timeout(ConditionTimeout(entry.index, phrase, exc.seconds, "regex"))
    shown = phrase if len(phrase) <= 80 else phrase[:77] + "..."
    return ConditionTimeLimit(
        f'Entry "{entry.id}" (rule #{entry.index + 1}): Python\'s re ran for more than {exc.seconds:g} s on the '
        f"phrase {shown!r} ({len(phrase)} characters) with `/{exc.pattern}/` and was stopped, so whether the rule "
        f"matches it is unknown. fuzzroute cannot run this regex as an automaton ({exc.reason}), so it runs `re` "
        "under the condition time limit. The regex backtracks catastrophically: remove nested or overlapping "
        "repeats, or raise --condition-limit.",
        entry.index,
        phrase,
    )


def _claimant(entry: Entry) -> Claimant:
    return Claimant(entry.index, entry.id, entry.is_unconditional)



class ClaimLaws:
    """Both laws over one ordered list of entries."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.candidates: tuple[Entry, ...] = tuple(e for e in entries if not e.is_intent)
        # Decide once, for all regexes together, how each runs (re, or an automaton when re could
        # backtrack without bound): their automata share one alphabet, cut once.
        prepare_plans(leaf.pattern for e in self.candidates for leaf in regexes(e.data_matcher))
        self.rules: tuple[Entry, ...] = tuple(e for e in self.candidates if not e.is_unconditional)
        self._claimants = {e.index: _claimant(e) for e in self.candidates}
        # The hot path of generation: one (claimant, test) pair per candidate,
        # where `test` is a bound `search` for regex and keyword matchers (no
        # context object is built for data matchers) and None for a default.
        self._plan: tuple[tuple[Claimant, Callable[[str], object] | None], ...] = tuple(
            (self._claimants[e.index], _cold_test(e)) for e in self.candidates
        )
        self._screen: Screen | None = None

    def use_screen(self, engine: str | None = None) -> Screen:
        """Build (or rebuild with another engine) the prefilter; returns it."""
        self._screen = screen_for([e.data_matcher for e in self.candidates], engine)
        self._last_phrase: str | None = None
        self._last_order: tuple[int, ...] = ()
        screened = self._screen.screened
        tests = [test for _, test in self._plan]
        conditional = [p for p, (claimant, _) in enumerate(self._plan) if not claimant.unconditional]
        self._always = tuple(p for p in conditional if p not in screened)
        self._defaults = tuple(p for p, (claimant, _) in enumerate(self._plan) if claimant.unconditional)
        self._tests = tuple(tests)
        default: Claimant | None = None
        at: list[Claims] = []
        for claimant, _ in self._plan:
            if claimant.unconditional and default is None:
                default = claimant
            at.append(Claims(claimant if default is None else default, claimant))
        self._claims_at = tuple(at)
        self._unclaimed = Claims(default, None)
        return self._screen

    @property
    def screen(self) -> Screen:
        return self._screen if self._screen is not None else self.use_screen()

    def worth_running(self, phrase: str, conditional_only: bool = False) -> tuple[Entry, ...]:
        """The candidates (or only the conditional rules) in order, less the data matchers the prefilter rules out.

        The proven checks walk the rules one by one (they must stop at a `when`
        fuzzroute does not run).  Data matchers have no side effects, so
        walking this list instead of every candidate keeps their verdicts and
        every `when` call, and makes a check of N examples over N rules near
        linear instead of quadratic.
        """
        if self._screen is None:
            self.use_screen()
        order = self._order(phrase)  # the conditional ones; remembered for the next walk of the same phrase
        if not conditional_only and self._defaults:
            order = tuple(sorted((*order, *self._defaults)))
        return tuple(self.candidates[p] for p in order)

    def prefetch(self, contexts: Sequence[RoutingContext]) -> None:
        """Let every script predicate answer these contexts ahead, in bulk (verdicts and call order unchanged).

        A `when` run in another process costs a round trip per call; asked in
        bulk it costs one.  Python predicates are not called here: they run
        when the laws reach them, as the reference calls them.
        """
        if not contexts:
            return
        seconds = condition_seconds()
        for entry in self.candidates:
            if isinstance(entry.when, ScriptWhen):
                entry.when.prefetch(contexts, seconds)

    def under_cold_walk(self, phrase: str, context: RoutingContext | None = None) -> Entry | None:
        """The cold-walk claimant, evaluating in order and stopping at the first match."""
        for entry in self.candidates:
            if runs_on(entry, phrase, context) is Outcome.MATCH:
                return entry
        return None

    def under_cascade(self, phrase: str, context: RoutingContext | None = None) -> Entry | None:
        """The cascade tier-1 claimant: conditional rules only."""
        for entry in self.rules:
            if runs_on(entry, phrase, context) is Outcome.MATCH:
                return entry
        return None

    def both(self, phrase: str, context: RoutingContext | None = None) -> Claims:
        """Both claimants in one pass; each entry is evaluated at most once.

        The pass stops at the first conditional match: that entry is the
        cascade claimant, and also the cold-walk claimant unless a default came
        before it.  Verdicts equal `under_cold_walk` and `under_cascade`.
        """
        if context is not None:
            return self._both_in_context(phrase, context)
        if self._screen is None:
            self.use_screen()
        tests = self._tests
        position = -1
        try:
            for position in self._order(phrase):
                if tests[position](phrase):  # type: ignore[misc]
                    return self._claims_at[position]
        except RegexTimedOut as exc:
            raise condition_time_limit(self.candidates[position], phrase, exc) from None
        return self._unclaimed

    def later_matches(self, phrase: str, index: int) -> tuple[int, ...]:
        """Entry indexes of the conditional rules declared after entry `index` that match `phrase`.

        Rules the prefilter rules out are not run; the rest are, in order.
        """
        if self._screen is None:
            self.use_screen()
        found = []
        position = -1
        try:
            for position in self._order(phrase):
                claimant, test = self._plan[position]
                if claimant.index > index and test is not None and test(phrase):
                    found.append(claimant.index)
        except RegexTimedOut as exc:
            raise condition_time_limit(self.candidates[position], phrase, exc) from None
        return tuple(found)

    def _order(self, phrase: str) -> tuple[int, ...]:
        """Candidate positions to run exactly, in order: survivors of the screen plus the unscreened.

        The last phrase's answer is remembered: generation asks `both` and
        then `later_matches` about the same phrase.
        """
        if phrase == self._last_phrase:
            return self._last_order
        assert self._screen is not None
        survivors = self._screen.survivors(phrase)
        if self._always:
            survivors.update(self._always)
        order = tuple(sorted(survivors))
        self._last_phrase, self._last_order = phrase, order
        return order

    def plain(self, phrase: str) -> Claims:
        """Both claimants by the plain in-order walk (no prefilter): the reference for `both`."""
        cold: Claimant | None = None
        for position, (claimant, test) in enumerate(self._plan):
            if test is None:
                if cold is None:
                    cold = claimant
                continue
            try:
                hit = test(phrase)
            except RegexTimedOut as exc:
                raise condition_time_limit(self.candidates[position], phrase, exc) from None
            if hit:
                return Claims(claimant if cold is None else cold, claimant)
        return Claims(cold, None)

    def _both_in_context(self, phrase: str, context: RoutingContext) -> Claims:
        cold: Claimant | None = None
        for entry in self.candidates:
            claimant = self._claimants[entry.index]
            if claimant.unconditional:
                if cold is None:
                    cold = claimant
            elif runs_on(entry, phrase, context) is Outcome.MATCH:
                return Claims(claimant if cold is None else cold, claimant)
        return Claims(cold, None)


def _cold_test(entry: Entry) -> Callable[[str], object] | None:
    """The cheapest callable whose truthiness equals `runs_on(entry, phrase) is MATCH`."""
    matcher = entry.data_matcher
    match matcher:
        case Regex():
            return matcher.test
        case Keywords():
            return matcher.combined.search
        case AllOf():
            return matcher.matches
        case None:
            if entry.when is None:
                return None
            return lambda phrase: runs_on(entry, phrase) is Outcome.MATCH
        case _:
            assert_never(matcher)
