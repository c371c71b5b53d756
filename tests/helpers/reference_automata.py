"""The automata constructions as they were before their speed work: plain, slow, and the reference.

`dfa.build_part` and `product.search` now share work between states and read
rows in C; these are the straightforward versions they replaced (a subset
construction that takes every closure anew, a search over tuples of part
states).  The tests hold the fast versions to them: same states, same
numbers, same phrases, same limits.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from operator import itemgetter

from fuzzroute.decided.product import DEAD, DROP, FOUND, LIMIT, NONE, Outcome, Rule
from fuzzroute.engine.automata.alphabet import Cell
from fuzzroute.engine.automata.dfa import (
    EDGE,
    MAX_PART_STATES,
    SEARCH,
    Part,
    Side,
    Thread,
    _closure,
    _live,
    _needs,
    _side,
    accepts_at_end,
)
from fuzzroute.engine.automata.nfa import Nfa, Undecidable

_second = itemgetter(1)


def reference_build_part(
    nfa: Nfa,
    mode: str,
    cells: Sequence[Cell],
    max_states: int = MAX_PART_STATES,
    literal_atoms: frozenset[int] | None = None,
) -> Part:
    """`dfa.build_part` as the plain subset construction: one closure per state and per full side."""
    needs = _needs(nfa)
    wild = nfa.wild if literal_atoms is not None else set()
    columns: dict[tuple[frozenset[int], Side, bool], int] = {}
    column_of_cell: list[int] = []
    column_cells: list[Cell] = []
    for cell in cells:
        side = _side(cell)
        blank = literal_atoms is not None and not cell.atoms & literal_atoms
        # Only what the assertions of this automaton read of a character sets its column apart.
        kept = (side[0] and needs[0], side[1] and needs[1], side[2] and needs[2], side[3] and needs[3])
        key = (cell.atoms & nfa.atoms, kept, blank)
        if key not in columns:
            columns[key] = len(column_cells)
            column_cells.append(cell)
        column_of_cell.append(columns[key])
    column_sides = [_side(cell) for cell in column_cells]
    column_blank = [literal_atoms is not None and not cell.atoms & literal_atoms for cell in column_cells]
    column_atoms = [cell.atoms & nfa.atoms for cell in column_cells]

    def remembered(side: Side) -> Side:
        return (side[0] and needs[0], side[1] and needs[1], side[2] and needs[2], side[3] and needs[3])

    column_remembered = [remembered(side) for side in column_sides]
    search = mode == SEARCH
    start_thread = (nfa.start, 0)
    final = nfa.final
    chars = nfa.chars
    State = tuple[frozenset[Thread], Side]
    sink_key: State = (frozenset({(-1, -1)}), EDGE)
    initial: State = (frozenset() if search else frozenset({start_thread}), remembered(EDGE))
    index: dict[State, int] = {initial: 0}
    order: list[State] = [initial]
    moves: list[tuple[int, ...]] = []
    accepts: list[bool] = []
    sink: int | None = None
    # The columns by what a character of theirs is to the assertions (few sides), and per side, the columns
    # each atom of the automaton is read on: a state's moves are found from its threads' transitions, not
    # by asking every column about every thread.
    sides: dict[Side, list[int]] = {}
    for column, after in enumerate(column_sides):
        sides.setdefault(after, []).append(column)
    read_on: dict[Side, dict[int, list[int]]] = {
        after: {atom: [c for c in of_side if atom in column_atoms[c]] for atom in nfa.atoms}
        for after, of_side in sides.items()
    }
    nothing: frozenset[Thread] = frozenset()
    position = 0
    while position < len(order):
        state = order[position]
        position += 1
        if state == sink_key:
            moves.append((index[sink_key],) * len(column_cells))
            accepts.append(True)
            continue
        threads, before = state
        seeds = set(threads)
        if search:
            seeds.add(start_thread)
        accepts.append(accepts_at_end(nfa, seeds, before))
        targets: list[State] = [sink_key] * len(column_cells)
        for after, of_side in sides.items():
            closed = _closure(nfa, seeds, before, after)
            if search and (final, 0) in closed:
                continue  # a match was seen before the character: every column of this side goes to the sink
            found: dict[int, set[Thread]] = {}
            ended: Thread | None = None
            columns_of_atom = read_on[after]
            for node, obligation in closed:
                if obligation == 2:
                    continue
                if node == final and obligation == 1 and search:
                    # The match ended before this newline, which must end the text.
                    ended = (final, 2)
                    continue
                # Whole: the final node may go on reading the newline (`$\n*`).
                following_obligation = 2 if obligation == 1 else 0
                for atom, to in chars[node]:
                    for column in columns_of_atom[atom]:
                        if not wild or column_blank[column] or (node, atom, to) not in wild:
                            found.setdefault(column, set()).add((to, following_obligation))
            for column in of_side:
                reached = found.get(column)
                if reached is None:
                    following = nothing if ended is None else frozenset((ended,))
                else:
                    if ended is not None:
                        reached.add(ended)
                    following = frozenset(reached)
                targets[column] = (following, column_remembered[column])
        row: list[int] = []
        for target in targets:  # numbered in column order, as the characters are read
            number = index.get(target)
            if number is None:
                if len(order) >= max_states:
                    raise Undecidable(f"its automaton needs more than {max_states} states")
                number = index[target] = len(order)
                order.append(target)
                if target == sink_key:
                    sink = number
            row.append(number)
        moves.append(tuple(row))
    return Part(nfa, mode, column_of_cell, moves, accepts, _live(moves, accepts), sink)


def reference_search(
    must: Sequence[Rule],
    must_not: Sequence[Rule],
    cells: Sequence[Cell],
    *,
    max_states: int,
) -> Outcome:
    """`product.search` as the plain breadth-first search over tuples of part states."""
    parts: list[Part] = [p for rule in must for p in rule.parts]
    positive = len(parts)
    spans: list[tuple[int, int]] = []
    for rule in must_not:
        spans.append((len(parts), len(parts) + len(rule.parts)))
        parts.extend(rule.parts)
    single = {lo for lo, hi in spans if hi - lo == 1}
    multi = [(lo, hi) for lo, hi in spans if hi - lo > 1]
    # One representative cell per combination of columns (cells come most readable first).
    keys = list(zip(*[p.column_of_cell for p in parts], strict=True))
    firsts = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1), strict=True))
    seen = sorted(firsts.items(), key=_second)
    letters = [cells[number].representative for _key, number in seen]
    tables = [_folded_moves(p, k in single) for k, p in enumerate(parts)]
    pickers = [_picker([key[k] for key, _n in seen]) for k in range(len(parts))]
    dead_row = (DEAD,) * len(letters)
    rows: list[dict[int, tuple[int, ...]]] = [{DEAD: dead_row} for _ in parts]

    def row(k: int, state: int) -> tuple[int, ...]:
        found = rows[k].get(state)
        if found is None:
            found = rows[k][state] = pickers[k](tables[k][state])
        return found

    start = tuple(0 if parts[k].live[0] else DEAD for k in range(len(parts)))
    if DEAD in start[:positive]:
        return Outcome(NONE, states=1)
    accepts = [p.accepts for p in parts]
    must_accept = accepts[:positive]

    def goal(state: tuple[int, ...]) -> bool:
        if not all([a[s] for a, s in zip(must_accept, state, strict=False)]):  # a list is faster
            return False
        return not any(all(state[k] != DEAD and accepts[k][state[k]] for k in range(lo, hi)) for lo, hi in spans)

    sinks = [p.sink for p in parts]
    if goal(start):
        return Outcome(FOUND, "", states=1)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        # Each distinct successor once, in the order of its first (most readable) letter.
        for following in dict.fromkeys(zip(*[row(k, s) for k, s in enumerate(state)], strict=False)):
            if following in parent:
                continue
            if DEAD in following[:positive]:
                continue
            if spans:
                if DROP in following:
                    continue
                if multi and any(all(following[k] == sinks[k] for k in range(lo, hi)) for lo, hi in multi):
                    continue
            parent[following] = state
            if goal(following):
                return Outcome(FOUND, _spell(parent, following, letters, row), states=len(parent))
            if len(parent) >= max_states:
                return Outcome(LIMIT, reason=f"more than {max_states} automaton states", states=len(parent))
            queue.append(following)
    return Outcome(NONE, states=len(parent))


def _folded_moves(part: Part, drop_sink: bool) -> list[tuple[int, ...]]:
    """`part.moves` with dead ends folded in (no cache: the reference builds it every time)."""
    live, sink = part.live, part.sink if drop_sink else None
    return [tuple(DEAD if not live[t] else DROP if t == sink else t for t in row) for row in part.moves]


def _picker(columns: list[int]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """Reads a search's columns out of a part's row (in C, by `itemgetter`)."""
    if len(columns) == 1:
        (only,) = columns
        return lambda row: (row[only],)
    return itemgetter(*columns)  # type: ignore[return-value]


def _spell(
    parent: dict[tuple[int, ...], tuple[int, ...] | None],
    state: tuple[int, ...],
    letters: list[str],
    row: Callable[[int, int], tuple[int, ...]],
) -> str:
    """The phrase of the path to `state`: at each step, the first letter leading from the parent to it."""
    out: list[str] = []
    previous = parent[state]
    while previous is not None:
        steps = list(zip(*[row(k, s) for k, s in enumerate(previous)], strict=False))
        out.append(letters[steps.index(state)])
        state, previous = previous, parent[previous]
    return "".join(reversed(out))


