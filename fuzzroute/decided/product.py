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

from fuzzroute.decided.alphabet import Cell
from fuzzroute.decided.dfa import Part

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


DROP = -2  # an excluded rule has surely matched: no phrase through this state is a witness


def search(
    must: Sequence[Rule],
    must_not: Sequence[Rule],
    cells: Sequence[Cell],
    *,
    max_states: int,
    deadline: float | None,
) -> Outcome:
    """The shortest phrase every `must` rule matches and no `must_not` rule matches.

    Each part's moves are rewritten once per visited state into a row over
    the search's own columns, with dead ends folded in: a required part that
    can no longer accept becomes `DEAD` (the state is dropped), an excluded
    one-part rule that can no longer match becomes `DEAD` (it is forgotten)
    and one that has surely matched becomes `DROP` (the state is dropped).
    The successors of a state are then the columns of those rows, zipped.
    """
    parts: list[Part] = [p for rule in must for p in rule.parts]
    positive = len(parts)
    spans: list[tuple[int, int]] = []
    for rule in must_not:
        spans.append((len(parts), len(parts) + len(rule.parts)))
        parts.extend(rule.parts)
    single = {lo for lo, hi in spans if hi - lo == 1}
    multi = [(lo, hi) for lo, hi in spans if hi - lo > 1]
    # One representative cell per combination of columns (cells come most readable first).
    seen: dict[tuple[int, ...], int] = {}
    for number, key in enumerate(zip(*[p.column_of_cell for p in parts], strict=True)):
        if key not in seen:
            seen[key] = number
    letters = [cells[n].representative for n in seen.values()]
    width = len(seen)
    column_keys = [[key[k] for key in seen] for k in range(len(parts))]
    dead_row = (DEAD,) * width
    rows: list[dict[int, tuple[int, ...]]] = [{DEAD: dead_row} for _ in parts]

    def row(k: int, state: int) -> tuple[int, ...]:
        found = rows[k].get(state)
        if found is None:
            part = parts[k]
            moves, live = part.moves[state], part.live
            sink = part.sink if k in single else None
            found = tuple(
                DEAD if not live[t] else DROP if t == sink else t for t in [moves[c] for c in column_keys[k]]
            )
            rows[k][state] = found
        return found

    accepts = [p.accepts for p in parts]

    must_accept = accepts[:positive]

    def goal(state: tuple[int, ...]) -> bool:
        if not all([a[s] for a, s in zip(must_accept, state, strict=False)]):  # noqa: C419 - a list is faster
            return False
        return not any(all(state[k] != DEAD and accepts[k][state[k]] for k in range(lo, hi)) for lo, hi in spans)

    sinks = [p.sink for p in parts]
    start = tuple(0 if parts[k].live[0] else DEAD for k in range(len(parts)))
    if DEAD in start[:positive]:
        return Outcome(NONE, states=1)
    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    queue = deque([start])
    checks = 0
    while queue:
        state = queue.popleft()
        checks += 1
        if deadline is not None and checks % 256 == 0 and time.monotonic() > deadline:
            return Outcome(LIMIT, reason="the time limit per question ran out", states=len(parent))
        for letter, following in enumerate(zip(*[row(k, s) for k, s in enumerate(state)], strict=False)):
            if following in parent:
                continue
            if spans:
                if DEAD in following[:positive] or DROP in following:
                    continue
                if multi and any(all(following[k] == sinks[k] for k in range(lo, hi)) for lo, hi in multi):
                    continue
            elif DEAD in following:
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
