"""How one regex is run so that no message can make it backtrack without bound.

Each compiled pattern gets a plan, once per process:

* `plain`: Python's `re`, unchanged (the fast path).  Chosen when the regex
  provably backtracks at most linearly from each start position: either
  at a glance (at most one repeat, whose body has no alternative and no
  repeat, and no backreference), or because the automaton analysis
  (`ambiguity`) finds no ambiguous loop.
* `automaton`: a lazily determinised automaton (`lazy.LazySearch`), linear
  in the message.  Chosen when the analysis finds an exponential or
  polynomial loop, cannot finish within its work limit, or sees a repeat
  that can match nothing.  The automaton is built from `re`'s own parse
  tree and its verdict is `re.search`'s, so the routing verdict is the same.
* `guarded`: `re` under the condition time limit (`limits`), for a regex
  the automata cannot read (a lookaround, a backreference, an atomic group,
  a possessive repeat, too many states) that is not linear at a glance.
  Past the limit it raises `RegexTimedOut`: the verdict is unknown, and the
  caller says so, naming the rule.

The witness text (`first_match`) is `re`'s own match; for an automaton
plan `re` is asked only after the automaton says there is a match, and under
the time limit (None if it runs out).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.limits import condition_seconds
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit

if TYPE_CHECKING:  # the automata are loaded only for a regex not linear at a glance (most routing regexes are)
    from fuzzroute.engine.automata.alphabet import Cell
    from fuzzroute.engine.automata.ambiguity import Ambiguity
    from fuzzroute.engine.automata.nfa import Atoms, Nfa

_c: Any = regex_syntax.constants

PLAIN = "plain"
AUTOMATON = "automaton"
GUARDED = "guarded"

#: Plans kept per process (keyed by pattern text and flags) before the cache is emptied.
PLAN_CACHE_SIZE = 20_000

_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)})
_REFERENCES = frozenset({_c.GROUPREF, _c.GROUPREF_EXISTS})


class RegexTimedOut(Exception):  # what happened, as the caller reports it
    """A guarded regex ran past the condition time limit on one text; its verdict there is unknown."""

    def __init__(self, pattern: str, seconds: float, reason: str) -> None:
        super().__init__(f"/{pattern}/ ran past {seconds:g} s")
        self.pattern = pattern
        self.seconds = seconds
        self.reason = reason


@dataclass(frozen=True)
class RegexPlan:
    """How a regex is run: `mode`, why (`reason`), and the analysis behind it (when there was one)."""

    pattern: re.Pattern[str]
    mode: str
    reason: str
    ambiguity: Ambiguity | None
    #: The cheapest callable whose truthiness equals `pattern.search(text) is not None`.
    search: Callable[[str], object]

    def first_match(self, text: str) -> re.Match[str] | None:
        """`re`'s own match (for the matched text), computed without risking a hang."""
        if self.mode == PLAIN:
            return self.pattern.search(text)
        if self.mode == GUARDED:
            found = self.search(text)
            return found if isinstance(found, re.Match) else None
        if not self.search(text):
            return None
        try:
            return call_with_time_limit(condition_seconds(), lambda: self.pattern.search(text))
        except TimedOut:
            return None


_plans: dict[tuple[str, int], RegexPlan] = {}


def _key(pattern: re.Pattern[str]) -> tuple[str, int]:
    return (pattern.pattern, pattern.flags)


def plan_for(pattern: re.Pattern[str]) -> RegexPlan:
    """The plan of `pattern` (computed once per pattern text and flags)."""
    found = _plans.get(_key(pattern))
    if found is None:
        prepare_plans([pattern])
        found = _plans[_key(pattern)]
    return found


def prepare_plans(patterns: Iterable[re.Pattern[str]]) -> None:
    """Plan many patterns at once: the automata of all of them share one alphabet, cut once.

    Cutting the alphabet means asking `re` which code points each character
    test matches; done per pattern that is most of the cost, done once for a
    graph's patterns it is paid once.
    """
    todo: dict[tuple[str, int], re.Pattern[str]] = {}
    for pattern in patterns:
        if _key(pattern) not in _plans:
            todo.setdefault(_key(pattern), pattern)
    if len(_plans) + len(todo) > PLAN_CACHE_SIZE:
        _plans.clear()
    readable: list[tuple[re.Pattern[str], Nfa]] = []
    atoms: Atoms | None = None  # the shared alphabet's atoms, made for the first pattern that needs them
    for key, pattern in todo.items():
        try:
            tree = regex_syntax.parsed(pattern.pattern, pattern.flags)
        except (re.error, RecursionError):  # pragma: no cover - the pattern compiled once already
            _plans[key] = RegexPlan(pattern, PLAIN, "Python cannot parse it again", None, pattern.search)
            continue
        if linear_at_a_glance(list(tree)):
            _plans[key] = RegexPlan(pattern, PLAIN, "at most one repeat, of a plain body", None, pattern.search)
            continue
        from fuzzroute.engine.automata.nfa import Atoms, Undecidable, pattern_nfa

        if atoms is None:
            atoms = Atoms()
        try:
            readable.append((pattern, pattern_nfa(pattern, atoms)))
        except Undecidable as unreadable:
            reason = f"the automata cannot read it: it uses {unreadable}"
            _plans[key] = RegexPlan(pattern, GUARDED, reason, None, _guarded(pattern, str(unreadable)))
    if not readable or atoms is None:
        return
    from fuzzroute.engine.automata.alphabet import partition

    cells = partition(atoms.resolve())
    for pattern, nfa in readable:
        _plans[_key(pattern)] = _automaton_plan(pattern, nfa, cells)


def _automaton_plan(pattern: re.Pattern[str], nfa: Nfa, cells: list[Cell]) -> RegexPlan:
    from fuzzroute.engine.automata.ambiguity import analyse
    from fuzzroute.engine.automata.lazy import LazySearch
    from fuzzroute.engine.automata.nfa import Undecidable

    try:
        ambiguity = analyse(nfa, cells)
    except Undecidable as too_big:
        return RegexPlan(pattern, AUTOMATON, f"not analysed ({too_big})", None, LazySearch(nfa, cells))
    if ambiguity.super_linear:
        reason = f"{ambiguity.verdict} backtracking"
    elif ambiguity.nullable_loop:
        reason = "a repeat whose body can match the empty text"
    else:
        return RegexPlan(pattern, PLAIN, "no ambiguous loop", ambiguity, pattern.search)
    return RegexPlan(pattern, AUTOMATON, reason, ambiguity, LazySearch(nfa, cells))


def _guarded(pattern: re.Pattern[str], reason: str) -> Callable[[str], object]:
    def search(text: str) -> re.Match[str] | None:
        seconds = condition_seconds()
        try:
            return call_with_time_limit(seconds, lambda: pattern.search(text))
        except TimedOut:
            raise RegexTimedOut(pattern.pattern, seconds or 0.0, reason) from None

    return search


def _children(op: Any, av: Any) -> list[list[Any]]:
    """The sub-sequences of one parse node (where nested nodes live)."""
    if op is _c.BRANCH:
        return [list(alternative) for alternative in av[1]]
    if op is _c.SUBPATTERN:
        return [list(av[3])]
    if op in _REPEATS:
        return [list(av[2])]
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return [list(av[1])]
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return [list(av)]
    if op is _c.GROUPREF_EXISTS:
        return [list(av[1])] + ([list(av[2])] if av[2] is not None else [])
    return []


def _nodes(items: list[Any]) -> list[tuple[Any, Any]]:
    found: list[tuple[Any, Any]] = []
    todo = list(items)
    while todo:
        op, av = todo.pop()
        found.append((op, av))
        for child in _children(op, av):
            todo.extend(child)
    return found


def linear_at_a_glance(items: list[Any]) -> bool:
    """No backreference, and at most one repeat of more than one item, whose body has no choice.

    A single loop over a body without alternatives or repeats reads any text
    in at most one way per start position, so backtracking is linear there;
    this needs no automaton and covers most routing regexes.
    """
    nodes = _nodes(items)
    if any(op in _REFERENCES for op, _av in nodes):
        return False
    loops = [(op, av) for op, av in nodes if op in _REPEATS and av[1] > 1]
    if not loops:
        return True
    if len(loops) > 1:
        return False
    body = _nodes(list(loops[0][1][2]))
    return not any(op is _c.BRANCH or op in _REPEATS for op, _av in body)
