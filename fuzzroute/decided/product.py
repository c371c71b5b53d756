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

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from operator import add, getitem, itemgetter
from typing import TypeVar

from fuzzroute.engine.automata.alphabet import Cell
from fuzzroute.engine.automata.dfa import Part

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


#: A product state: a tuple of part states, or those states coded into one integer.
State = TypeVar("State", tuple[int, ...], int)

DROP = -2  # an excluded rule has surely matched: no phrase through this state is a witness


def search(
    must: Sequence[Rule],
    must_not: Sequence[Rule],
    cells: Sequence[Cell],
    *,
    max_states: int,
    fast_path: bool = True,
) -> Outcome:
    """The shortest phrase every `must` rule matches and no `must_not` rule matches.

    Each part's moves, with dead ends folded in once per part
    (`folded_moves`), are read out per visited state into a row over the
    search's letters (one representative cell per combination of the parts'
    columns): a required part that can no longer accept is `DEAD` (the
    state is dropped), an excluded one-part rule that can no longer match is
    `DEAD` (it is forgotten) and one that has surely matched is `DROP` (the
    state is dropped).  A state's successors are the columns of those rows,
    each distinct one taken once, in the order of its first letter, so the
    first phrase found is the shortest and, among those, the most readable.
    Two required parts and no exclusion, the most common question, take a
    faster path with the same states and the same phrase (`_two_parts`;
    `fast_path=False` turns it off, for the test that holds them equal).
    """
    parts: list[Part] = [p for rule in must for p in rule.parts]
    positive = len(parts)
    spans: list[tuple[int, int]] = []
    for rule in must_not:
        spans.append((len(parts), len(parts) + len(rule.parts)))
        parts.extend(rule.parts)
    single = {lo for lo, hi in spans if hi - lo == 1}
    # One representative cell per combination of columns (cells come most readable first).
    keys = list(zip(*[p.column_of_cell for p in parts], strict=True))
    firsts = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1), strict=True))
    seen = sorted(firsts.items(), key=_second)
    letters = [cells[number].representative for _key, number in seen]
    pickers = [_picker([key[k] for key, _n in seen]) for k in range(len(parts))]
    start = tuple(0 if parts[k].live[0] else DEAD for k in range(len(parts)))
    if DEAD in start[:positive]:
        return Outcome(NONE, states=1)
    if fast_path and positive == 2 and not spans:
        return _two_parts(parts[0], parts[1], pickers, letters, max_states)
    if fast_path and positive == 1 and single == {1} and len(spans) == 1:
        return _one_excluded(parts[0], parts[1], pickers, letters, max_states, start[1])
    if spans:
        return _excluding_search(parts, positive, spans, single, pickers, letters, max_states, start)
    return _coded_search(parts, positive, spans, single, pickers, letters, max_states)


class _Rows(dict[int, tuple[int, ...]]):
    """A part's rows over a search's letters, by part state, each made the first time it is read.

    Read with `operator.getitem` (in C); only a missing state calls back into Python.
    """

    def __init__(self, make: Callable[[int], tuple[int, ...]], known: dict[int, tuple[int, ...]]) -> None:
        super().__init__(known)
        self.make = make

    def __missing__(self, state: int) -> tuple[int, ...]:
        row = self[state] = self.make(state)
        return row


def _picked(
    picker: Callable[[Sequence[int]], tuple[int, ...]], table: Sequence[Sequence[int]], state: int
) -> tuple[int, ...]:
    return picker(table[state])


def _excluding_search(
    parts: list[Part],
    positive: int,
    spans: list[tuple[int, int]],
    single: set[int],
    pickers: list[Callable[[Sequence[int]], tuple[int, ...]]],
    letters: list[str],
    max_states: int,
    start: tuple[int, ...],
) -> Outcome:
    """The breadth-first search of `search` when rules are excluded, a product state a tuple of part states.

    With several parts a successor is one tuple per letter (`zip` of the
    parts' rows), cheaper to build and hash than the sum of as many coded
    rows.  The rows are read from per-part caches in one comprehension; a
    part's row on a state is made the first time the state is reached.
    """
    dead_row = (DEAD,) * len(letters)
    rows = [
        _Rows(partial(_picked, pickers[k], folded_moves(p, k in single)), {DEAD: dead_row})
        for k, p in enumerate(parts)
    ]

    def fill(state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        return map(getitem, rows, state)

    accepts = [p.accepts for p in parts]
    must_accept = accepts[:positive]
    multi = [(lo, hi) for lo, hi in spans if hi - lo > 1]
    sinks = [p.sink for p in parts]

    first_accepts = accepts[0] if positive else None

    def goal(state: tuple[int, ...]) -> bool:
        # Most states fail on the first required part: it is read before the others.
        if first_accepts is not None and not first_accepts[state[0]]:
            return False
        if not all([a[s] for a, s in zip(must_accept, state, strict=False)]):  # a list is faster
            return False
        return not any(all(state[k] != DEAD and accepts[k][state[k]] for k in range(lo, hi)) for lo, hi in spans)

    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        # Each distinct successor once, in the order of its first (most readable) letter: a repeat is
        # already a parent's key, or dropped again (a tuple is hashed each time, so no dict of them first).
        for following in zip(*map(getitem, rows, state), strict=False):
            if following in parent:
                continue
            if DEAD in following[:positive] or DROP in following:
                continue
            if multi and any(all(following[k] == sinks[k] for k in range(lo, hi)) for lo, hi in multi):
                continue
            parent[following] = state
            if goal(following):
                phrase = _spell(parent, following, letters, lambda state: zip(*fill(state), strict=False))
                return Outcome(FOUND, phrase, states=len(parent))
            if len(parent) >= max_states:
                return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
            queue.append(following)
    return Outcome(NONE, states=len(parent))


def _spell(
    parent: Mapping[State, State | None],
    state: State,
    letters: list[str],
    successors: Callable[[State], Iterable[State]],
) -> str:
    """The phrase of the path to `state`: at each step, the first letter leading from the parent to it.

    `successors(s)` gives the state each letter leads to from `s`, in the
    order of `letters`; every search spells its witness with this one walk.
    """
    out: list[str] = []
    previous = parent[state]
    while previous is not None:
        out.append(letters[list(successors(previous)).index(state)])
        state, previous = previous, parent[previous]
    return "".join(reversed(out))


def _coded_search(
    parts: list[Part],
    positive: int,
    spans: list[tuple[int, int]],
    single: set[int],
    pickers: list[Callable[[Sequence[int]], tuple[int, ...]]],
    letters: list[str],
    max_states: int,
) -> Outcome:
    """The breadth-first search of `search`, with each product state one integer.

    Part k's state x is the field `x + 1` at bit `shifts[k]` (a dead end,
    `DEAD`, is the field 0), and a successor state is the sum of the parts'
    coded rows read out on the search's letters (`codes`), so a state is
    hashed and compared as one integer and no tuple is built per letter.  An
    excluded one-part rule that has surely matched codes as `drop`, a bit above
    every field, so one comparison drops the state.  The states, their order
    and the phrase are those of the search over tuples of part states.
    """
    shifts: list[int] = []
    width = 0
    for part in parts:
        shifts.append(width)
        width += part.states.bit_length()
    drop = 1 << width
    masks = [((1 << p.states.bit_length()) - 1) << shift for p, shift in zip(parts, shifts, strict=True)]
    tables = [folded_moves(p, k in single) for k, p in enumerate(parts)]
    # Per part, a target's code: `DEAD` (-1) is the last item, `DROP` (-2) the one before.
    codes = [
        [*((t + 1) << shift for t in range(p.states)), drop, 0] for p, shift in zip(parts, shifts, strict=True)
    ]
    zero_row = (0,) * len(letters)
    rows: list[dict[int, tuple[int, ...]]] = [{0: zero_row} for _ in parts]
    readers = list(zip(range(len(parts)), shifts, [m >> s for m, s in zip(masks, shifts, strict=True)], strict=True))

    def successors(state: int) -> Iterable[int]:
        """Every letter's successor of `state`, in the order of the letters."""
        summed: Iterable[int] | None = None
        for k, shift, low in readers:
            field = state >> shift & low
            found = rows[k].get(field)
            if found is None:
                found = rows[k][field] = tuple(map(codes[k].__getitem__, pickers[k](tables[k][field - 1])))
            summed = found if summed is None else map(add, summed, found)
        assert summed is not None
        return summed

    must_masks = masks[:positive]
    must_fields = [(shifts[k], masks[k] >> shifts[k], parts[k].accepts) for k in range(positive)]
    span_fields = [
        [(shifts[k], masks[k] >> shifts[k], parts[k].accepts) for k in range(lo, hi)] for lo, hi in spans
    ]
    # A multi-part excluded rule has surely matched when every part is in its accepting sink.
    sunk: list[tuple[int, int]] = []
    for lo, hi in spans:
        if hi - lo > 1 and all(parts[k].sink is not None for k in range(lo, hi)):
            sink_code = sum(((parts[k].sink or 0) + 1) << shifts[k] for k in range(lo, hi))
            sunk.append((sum(masks[lo:hi]), sink_code))

    def goal(state: int) -> bool:
        for shift, low, accepted in must_fields:
            if not accepted[(state >> shift & low) - 1]:
                return False
        for fields in span_fields:
            for shift, low, accepted in fields:
                field = state >> shift & low
                if not field or not accepted[field - 1]:
                    break
            else:
                return False  # an excluded rule matches
        return True

    start = sum((0 if p.live[0] else DEAD) + 1 << shift for p, shift in zip(parts, shifts, strict=True))
    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[int, int | None] = {start: None}
    queue = deque([start])
    excluding = bool(spans)
    while queue:
        state = queue.popleft()
        # Each distinct successor once, in the order of its first (most readable) letter.
        for following in dict.fromkeys(successors(state)):
            if following in parent:
                continue
            for mask in must_masks:
                if not following & mask:
                    break
            else:
                if excluding:
                    if following >= drop:
                        continue
                    if sunk and any(following & mask == code for mask, code in sunk):
                        continue
                parent[following] = state
                if goal(following):
                    return Outcome(FOUND, _spell(parent, following, letters, successors), states=len(parent))
                if len(parent) >= max_states:
                    return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
                queue.append(following)
    return Outcome(NONE, states=len(parent))


#: `_two_parts` codes a product state (x, y) as `(x + 1) << SHIFT | (y + 1)` (parts have fewer states).
SHIFT = 16
_LOW = (1 << SHIFT) - 1


def _two_parts(
    first: Part,
    second: Part,
    pickers: list[Callable[[Sequence[int]], tuple[int, ...]]],
    letters: list[str],
    max_states: int,
) -> Outcome:
    """`search` for the most common question, two required parts and no exclusion (same states, same phrase).

    A product state (x, y) is one integer, `(x + 1) << SHIFT | (y + 1)`, so a
    dead end of either part (`DEAD` + 1 = 0) shows as a code below
    `1 << SHIFT` or with no low bits.  A part state's row over the search's
    letters is read out of its folded moves and coded (`state_codes`) the
    first time the search reaches it; a state's successors are then one
    C-level sum of the two coded rows, and no tuple is built per letter.
    """
    if first.accepts[0] and second.accepts[0]:
        return Outcome(FOUND, "", states=1)
    first_table, second_table = folded_moves(first, False), folded_moves(second, False)
    first_code, second_code = state_codes(first, SHIFT).__getitem__, state_codes(second, 0).__getitem__
    first_pick, second_pick = pickers
    first_accepts, second_accepts = first.accepts, second.accepts
    first_rows: dict[int, tuple[int, ...]] = {}
    second_rows: dict[int, tuple[int, ...]] = {}
    start = 1 << SHIFT | 1
    parent: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        x, y = state >> SHIFT, state & _LOW
        first_row = first_rows.get(x)
        if first_row is None:
            first_row = first_rows[x] = tuple(map(first_code, first_pick(first_table[x - 1])))
        second_row = second_rows.get(y)
        if second_row is None:
            second_row = second_rows[y] = tuple(map(second_code, second_pick(second_table[y - 1])))
        for following in dict.fromkeys(map(add, first_row, second_row)):
            if following in parent or following <= _LOW or not following & _LOW:
                continue
            parent[following] = state
            if first_accepts[(following >> SHIFT) - 1] and second_accepts[(following & _LOW) - 1]:
                phrase = _spell(
                    parent, following, letters,
                    lambda code: map(add, first_rows[code >> SHIFT], second_rows[code & _LOW]),
                )
                return Outcome(FOUND, phrase, states=len(parent))
            if len(parent) >= max_states:
                return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
            queue.append(following)
    return Outcome(NONE, states=len(parent))


def _one_excluded(
    first: Part,
    other: Part,
    pickers: list[Callable[[Sequence[int]], tuple[int, ...]]],
    letters: list[str],
    max_states: int,
    other_start: int,
) -> Outcome:
    """`search` for one required part and one excluded one-part rule (same states, same phrase).

    The cover questions of never-wins ask this many times (does one earlier
    rule alone match every message of B?).  As in `_two_parts`, a product
    state (x, y) is one integer, `(x + 1) << SHIFT | (y + 1)`; the excluded
    rule that can no longer match is `DEAD` (its field 0, kept: the state
    lives on), and one that has surely matched is `DROP`, coded below every
    sum so the state is dropped.
    """
    first_table, other_table = folded_moves(first, False), folded_moves(other, True)
    first_code = state_codes(first, SHIFT).__getitem__
    other_codes = [t + 1 for t in range(other.states)]
    other_codes.extend((_DROPPED, 0))  # DROP (-2) and DEAD (-1), read from the end
    other_code = other_codes.__getitem__
    first_pick, other_pick = pickers
    first_accepts, other_accepts = first.accepts, other.accepts
    first_rows: dict[int, tuple[int, ...]] = {}
    other_rows: dict[int, tuple[int, ...]] = {}

    def goal(code: int) -> bool:
        y = code & _LOW
        return first_accepts[(code >> SHIFT) - 1] and (y == 0 or not other_accepts[y - 1])

    start = 1 << SHIFT | (other_start + 1)
    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        x, y = state >> SHIFT, state & _LOW
        first_row = first_rows.get(x)
        if first_row is None:
            first_row = first_rows[x] = tuple(map(first_code, first_pick(first_table[x - 1])))
        other_row = other_rows.get(y)
        if other_row is None:
            other_row = other_rows[y] = (
                tuple(map(other_code, other_pick(other_table[y - 1]))) if y else (0,) * len(letters)
            )
        for following in dict.fromkeys(map(add, first_row, other_row)):
            if following <= _LOW or following in parent:
                continue
            parent[following] = state
            if goal(following):
                phrase = _spell(
                    parent, following, letters,
                    lambda code: map(add, first_rows[code >> SHIFT], other_rows[code & _LOW]),
                )
                return Outcome(FOUND, phrase, states=len(parent))
            if len(parent) >= max_states:
                return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
            queue.append(following)
    return Outcome(NONE, states=len(parent))


#: `_one_excluded`'s code of an excluded rule that surely matched: every sum with it is below every state.
_DROPPED = -(1 << 60)


def state_codes(part: Part, shift: int) -> list[int]:
    """Per state of `part`, `_two_parts`'s code of it: the state plus one, shifted left by `shift`.

    `DEAD` (-1) is read as the last item, 0.  Only these codes are kept per
    part, not a coded copy of its moves: a search codes the rows it reads
    (few, over its own letters), which costs less than the memory of a table
    per part and shift.
    """
    found = part.codes.get(shift)
    if found is None:
        found = part.codes[shift] = [(t + 1) << shift for t in range(part.states)]
        found.append(0)
    return found


_second = itemgetter(1)


def folded_moves(part: Part, drop_sink: bool) -> Sequence[Sequence[int]]:
    """`part.moves` with dead ends folded in: a target that cannot accept is `DEAD`, and with
    `drop_sink` (an excluded one-part rule) the accepting sink is `DROP`.  Built once per part.

    A part with nothing to fold (every state live, no sink to drop: most
    search readings) reads its own moves, so no copy of them is kept.
    """
    cache = part.folded
    key = 1 if drop_sink else 0
    found = cache.get(key)
    if found is None:
        live, sink = part.live, part.sink if drop_sink else None
        if sink is None and all(live):
            found = cache[key] = part.moves
        else:
            target = [DEAD if not live[t] else DROP if t == sink else t for t in range(part.states)]
            fold = target.__getitem__
            found = cache[key] = [tuple(map(fold, row)) for row in part.moves]
    return found


def _picker(columns: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Reads a search's columns out of a part's row (in C, by `itemgetter`)."""
    if len(columns) == 1:
        (only,) = columns
        return lambda row: (row[only],)
    return itemgetter(*columns)  # type: ignore[return-value]


def accepts(rule: Rule, cells: Sequence[int]) -> bool:
    """Whether `rule` accepts the text whose characters fall in `cells` (all parts must accept)."""
    for part in rule.parts:
        state = 0
        for cell in cells:
            state = part.moves[state][part.column_of_cell[cell]]
        if not part.accepts[state]:
            return False
    return True
