"""`re.search`'s verdict in time linear in the text: the regex's automaton, determinised as it reads.

A backtracking engine may try exponentially many ways to read one text; a
deterministic automaton reads each character once.  Building the whole
automaton up front can take many states, so it is built lazily: a state
(the set of automaton threads alive, plus what the assertions need to know
about the last character) is created the first time the text reaches it,
and its successor on a class of characters is computed once and cached.
The cache is bounded (`MAX_CACHED_STATES`); when it is full it is emptied
and rebuilt from the current state, so memory stays flat and every
character still costs at most one step over the automaton's nodes.

The steps are `dfa.advance` and `dfa.accepts_at_end`, the very functions
the complete automata of the decided tier are built from, so the verdict
is the one the decided tier proves equal to Python's `re`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.engine.automata.alphabet import Cell, CellFinder
from fuzzroute.engine.automata.dfa import EDGE, Side, Thread, accepts_at_end, advance, assertions_need, side_of
from fuzzroute.engine.automata.nfa import Nfa

#: Deterministic states kept at most before the cache is emptied.
MAX_CACHED_STATES = 4096
#: Characters whose class is remembered at most (a text rarely has more distinct ones).
MAX_CACHED_CHARACTERS = 65536
#: A successor that means "matched": the search succeeded, whatever follows.
MATCHED = -1

_State = tuple[frozenset[Thread], Side]


class LazySearch:
    """A callable: `search(text)` is True exactly when `re.search` finds a match in `text`."""

    def __init__(self, nfa: Nfa, cells: Sequence[Cell]) -> None:
        self._nfa = nfa
        self._needs = assertions_need(nfa)
        self._finder = CellFinder(cells)
        columns: dict[tuple[frozenset[int], Side], int] = {}
        self._column_of_cell: list[int] = []
        self._column_atoms: list[frozenset[int]] = []
        self._column_sides: list[Side] = []
        for cell in cells:
            side = self._remembered(side_of(cell))  # the assertions read nothing else of a character
            key = (cell.atoms & nfa.atoms, side)
            if key not in columns:
                columns[key] = len(self._column_atoms)
                self._column_atoms.append(cell.atoms)
                self._column_sides.append(side)
            self._column_of_cell.append(columns[key])
        self._column_of_char: dict[str, int] = {}
        self._reset()

    def _remembered(self, side: Side) -> Side:
        needs = self._needs
        return (side[0] and needs[0], side[1] and needs[1], side[2] and needs[2], side[3] and needs[3])

    def _reset(self) -> None:
        self._index: dict[_State, int] = {}
        self._states: list[_State] = []
        self._moves: list[dict[int, int]] = []
        self._accepts: list[bool | None] = []
        self._intern((frozenset(), self._remembered(EDGE)))

    def _intern(self, state: _State) -> int:
        number = self._index.get(state)
        if number is None:
            number = self._index[state] = len(self._states)
            self._states.append(state)
            self._moves.append({})
            self._accepts.append(None)
        return number

    def _seeds(self, number: int) -> tuple[set[Thread], Side]:
        threads, before = self._states[number]
        seeds = set(threads)
        seeds.add((self._nfa.start, 0))
        return seeds, before

    def _step(self, number: int, column: int) -> int:
        seeds, before = self._seeds(number)
        after = self._column_sides[column]
        following = advance(self._nfa, seeds, before, after, self._column_atoms[column], True)
        if following is None:
            target = MATCHED
        else:
            if len(self._states) >= MAX_CACHED_STATES:
                current = self._states[number]
                self._reset()
                number = self._intern(current)
            target = self._intern((frozenset(following), self._remembered(after)))
        self._moves[number][column] = target
        return target

    def _column(self, ch: str) -> int:
        column = self._column_of_cell[self._finder.cell(ch)]
        if len(self._column_of_char) < MAX_CACHED_CHARACTERS:
            self._column_of_char[ch] = column
        return column

    def __call__(self, text: str) -> bool:
        columns = self._column_of_char
        state = 0
        for ch in text:
            column = columns.get(ch)
            if column is None:
                column = self._column(ch)
            following = self._moves[state].get(column)
            if following is None:
                following = self._step(state, column)  # may empty the cache: `following` is valid after it
            if following == MATCHED:
                return True
            state = following
        accepted = self._accepts[state]
        if accepted is None:
            seeds, before = self._seeds(state)
            accepted = self._accepts[state] = accepts_at_end(self._nfa, seeds, before)
        return accepted
