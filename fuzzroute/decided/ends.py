"""How an anchored rule's messages begin and end: pairs of rules that share no message, found without a product.

Most rules match anywhere, so their messages can begin and end with any
character.  A rule anchored at the start of the text (`^dima`) matches only
messages that begin with its few *heads*; one anchored at the end (`salosa$`)
only messages that end with its few *tails*.  Two rules whose heads (or
tails) never agree share no message, and the pair is decided disjoint
without searching the product of their automata.

Heads and tails are read off each part's search automaton, exactly: a head
is a path of cells from the start state (each step a set of cells, those of
one column) to the accepting sink (`open`: every continuation is matched)
or to an accepting state (a message that ends there); a tail is a path read
backwards from the accepting states until every state accepts after it
(`open`: every message ending with it is matched) or the start state does
(a message that is the tail itself).  A part with more than `MAX_ENDS` of
them, or deeper than `MAX_DEPTH` cells, has none (it may begin or end with
anything).  An all-of's message is one of every part's, so one pair of
parts that never agree makes two rules disjoint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.engine.automata.dfa import Part
from fuzzroute.engine.automata.nfa import (
    BEGIN_LINE,
    BEGIN_STRING,
    END_LINE,
    END_OR_FINAL_NEWLINE,
    END_STRING,
)

#: Heads (or tails) one part may have; past this it may begin (end) with anything.
MAX_ENDS = 64
#: Cells a head or tail may hold at most.
MAX_DEPTH = 24

#: A path of cells: per step, the cells (bits) one column of the part reads.
Path = tuple[int, ...]
#: (path, open): `open` when anything may follow (heads) or precede (tails) it.
End = tuple[Path, bool]


@dataclass(frozen=True)
class Ends:
    """A part's heads and tails (None: it may begin, or end, with any text)."""

    heads: tuple[End, ...] | None
    tails: tuple[End, ...] | None


def _column_cells(part: Part) -> list[int]:
    masks = [0] * len(part.moves[0])
    for cell, column in enumerate(part.column_of_cell):
        masks[column] |= 1 << cell
    return masks


def heads(part: Part) -> tuple[End, ...] | None:
    """Every way a message of the part can begin (see the module docstring), or None."""
    if not part.nfa.assertions & {BEGIN_STRING, BEGIN_LINE}:
        return None
    masks = _column_cells(part)
    moves, live, accepts, sink = part.moves, part.live, part.accepts, part.sink
    found: list[End] = []
    frontier: list[tuple[Path, int]] = [((), 0)]
    while frontier:
        path, state = frontier.pop()
        if not live[state]:
            continue
        if state == sink or (accepts[state] and all(t == sink for t in moves[state])):
            found.append((path, True))
            continue
        if accepts[state]:
            found.append((path, False))
        if len(path) >= MAX_DEPTH:
            return None
        for column, target in enumerate(moves[state]):
            if live[target]:
                frontier.append(((*path, masks[column]), target))
        if len(found) + len(frontier) > MAX_ENDS:
            return None
    return tuple(found)


def tails(part: Part) -> tuple[End, ...] | None:
    """Every way a message of the part can end, read backwards (see the module docstring), or None."""
    if not part.nfa.assertions & {END_STRING, END_LINE, END_OR_FINAL_NEWLINE}:
        return None
    masks = _column_cells(part)
    moves = part.moves
    everything = frozenset(range(len(moves)))
    found: list[End] = []
    frontier: list[tuple[Path, frozenset[int]]] = [((), frozenset(s for s, ok in enumerate(part.accepts) if ok))]
    while frontier:
        path, accepting = frontier.pop()
        if accepting == everything:
            found.append((path, True))
            continue
        if 0 in accepting:
            found.append((path, False))
        if len(path) >= MAX_DEPTH:
            return None
        for column, mask in enumerate(masks):
            before = frozenset(s for s in everything if moves[s][column] in accepting)
            if before:
                frontier.append(((*path, mask), before))
        if len(found) + len(frontier) > MAX_ENDS:
            return None
    return tuple(found)


def ends_of(part: Part) -> Ends:
    return Ends(heads(part), tails(part))


def _agree(first: End, second: End) -> bool:
    """Whether some text is both: the paths agree cell by cell, and a closed path is not shorter than the other."""
    (a, a_open), (b, b_open) = first, second
    for x, y in zip(a, b, strict=False):
        if not x & y:
            return False
    if len(a) < len(b):
        return a_open
    if len(b) < len(a):
        return b_open
    return True


def _apart(first: Sequence[End] | None, second: Sequence[End] | None) -> bool:
    if first is None or second is None:
        return False
    return not any(_agree(a, b) for a in first for b in second)


def disjoint(first: Sequence[Ends], second: Sequence[Ends]) -> bool:
    """Whether two rules (their parts' ends) share no message: some pair of parts never begins or ends alike."""
    return any(
        _apart(a.heads, b.heads) or _apart(a.tails, b.tails) for a in first for b in second
    )


def anchored(parts: Sequence[Ends]) -> bool:
    return any(p.heads is not None or p.tails is not None for p in parts)


def shortest(part: Part) -> int | None:
    """The length of the part's shortest accepted text (None: it accepts none)."""
    moves, accepts = part.moves, part.accepts
    if accepts[0]:
        return 0
    seen = {0}
    frontier = [0]
    length = 0
    while frontier:
        length += 1
        following: list[int] = []
        for state in frontier:
            for target in set(moves[state]):
                if target not in seen:
                    if accepts[target]:
                        return length
                    seen.add(target)
                    following.append(target)
        frontier = following
    return None


def longest(part: Part) -> int | None:
    """The length of the part's longest accepted text, when its live states hold no cycle (None: no bound)."""
    moves, live = part.moves, part.live
    if not live[0]:
        return 0
    order: list[int] = []
    state_of: dict[int, int] = {}  # 1: on the path, 2: done
    stack: list[tuple[int, int]] = [(0, 0)]
    while stack:
        state, column = stack.pop()
        if column == 0:
            if state_of.get(state) == 2:
                continue
            state_of[state] = 1
        row = moves[state]
        while column < len(row) and not live[row[column]]:
            column += 1
        if column == len(row):
            state_of[state] = 2
            order.append(state)
            continue
        stack.append((state, column + 1))
        target = row[column]
        mark = state_of.get(target)
        if mark == 1:
            return None  # a cycle of live states: texts of any length
        if mark is None:
            stack.append((target, 0))
    most: dict[int, int] = {}
    for state in order:  # every target before its sources
        best = 0 if part.accepts[state] else -1
        for target in set(moves[state]):
            if live[target] and most.get(target, -1) >= 0:
                best = max(best, most[target] + 1)
        most[state] = best
    return most.get(0)


def lengths(parts: Sequence[Part]) -> tuple[int, int | None] | None:
    """The fewest and most characters a message of the rule holds (None: it matches none; most None: no bound)."""
    least = 0
    most: int | None = None
    for part in parts:
        low = shortest(part)
        if low is None:
            return None
        least = max(least, low)
        high = longest(part)
        if high is not None:
            most = high if most is None else min(most, high)
    return least, most
