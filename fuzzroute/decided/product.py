"""Breadth-first search over several part automata read in lockstep: the shortest phrase that fits.

Rules take one of two roles.  A rule that *must match* contributes all its
parts (an all-of matches only when every part does); a rule that *must not
match* is tracked too, and a phrase it matches is no witness.  The search
reads one representative character per class of cells that no part can tell
apart, tried most readable first, so the first phrase found is the shortest
and, among the shortest, the most readable.  Finding none after visiting
every reachable state is a proof that no phrase exists (for every message,
by the cell argument of `alphabet`); running into the state or time limit
decides nothing.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from .alphabet import Cell
from .dfa import Part

FOUND = "found"
NONE = "none"
LIMIT = "limit"

DEAD = -1


@dataclass(frozen=True)
class Outcome:
    """`FOUND` with the phrase, `NONE` (proven: no phrase exists), or `LIMIT` with why."""

    verdict: str
    phrase: str | None = None
    reason: str | None = None
    states: int = 0


@dataclass(frozen=True)
class Rule:
    """The parts of one rule, in one reading (search or whole text)."""

    parts: tuple[Part, ...]


def search(
    must: Sequence[Rule],
    must_not: Sequence[Rule],
    cells: Sequence[Cell],
    *,
    max_states: int,
    deadline: float | None,
) -> Outcome:
    """The shortest phrase every `must` rule matches and no `must_not` rule matches."""
    parts: list[Part] = [p for rule in must for p in rule.parts]
    positive = len(parts)
    spans: list[tuple[int, int]] = []
    for rule in must_not:
        spans.append((len(parts), len(parts) + len(rule.parts)))
        parts.extend(rule.parts)
    # One representative cell per combination of columns (cells come most readable first).
    seen: dict[tuple[int, ...], int] = {}
    for number, _cell in enumerate(cells):
        key = tuple(p.column_of_cell[number] for p in parts)
        seen.setdefault(key, number)
    letters = [cells[n].representative for n in seen.values()]
    columns = list(seen)
    moves = [p.moves for p in parts]
    live = [p.live for p in parts]
    accepts = [p.accepts for p in parts]
    sinks = [p.sink for p in parts]

    def settle(state: list[int]) -> tuple[int, ...] | None:
        """Drop states no witness can pass through; forget excluded rules that can no longer match."""
        for k in range(positive):
            if not live[k][state[k]]:
                return None
        for lo, hi in spans:
            if any(state[k] == DEAD or not live[k][state[k]] for k in range(lo, hi)):
                for k in range(lo, hi):
                    state[k] = DEAD
            elif all(sinks[k] is not None and state[k] == sinks[k] for k in range(lo, hi)):
                return None  # the excluded rule already matched, whatever follows
        return tuple(state)

    def goal(state: tuple[int, ...]) -> bool:
        if not all(accepts[k][state[k]] for k in range(positive)):
            return False
        return not any(
            all(state[k] != DEAD and accepts[k][state[k]] for k in range(lo, hi)) for lo, hi in spans
        )

    start = settle([0] * len(parts))
    if start is None:
        return Outcome(NONE, states=1)
    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    queue = deque([start])
    width = range(len(parts))
    checks = 0
    while queue:
        state = queue.popleft()
        checks += 1
        if deadline is not None and checks % 256 == 0 and time.monotonic() > deadline:
            return Outcome(LIMIT, reason="the time limit per question ran out", states=len(parent))
        for letter, key in enumerate(columns):
            following = settle([DEAD if state[k] == DEAD else moves[k][state[k]][key[k]] for k in width])
            if following is None or following in parent:
                continue
            parent[following] = (state, letter)
            if goal(following):
                return Outcome(FOUND, _spell(parent, following, letters), states=len(parent))
            if len(parent) >= max_states:
                return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
            queue.append(following)
    return Outcome(NONE, states=len(parent))


def _spell(
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None], state: tuple[int, ...], letters: list[str]
) -> str:
    out: list[str] = []
    link = parent[state]
    while link is not None:
        state, letter = link
        out.append(letters[letter])
        link = parent[state]
    return "".join(reversed(out))


def accepts(rule: Rule, cells: Sequence[int]) -> bool:
    """Whether `rule` accepts the text whose characters fall in `cells` (all parts must accept)."""
    for part in rule.parts:
        state = 0
        for cell in cells:
            state = part.moves[state][part.column_of_cell[cell]]
        if not part.accepts[state]:
            return False
    return True
