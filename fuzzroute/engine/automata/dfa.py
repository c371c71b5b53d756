"""One matcher part as a complete deterministic automaton over the cells of the alphabet.

Two readings of a part:

* `SEARCH`: the messages it matches anywhere (`re.search`), the routing
  semantics.  A match may start at every position, and once a match has
  been seen the verdict can no longer change, so those states collapse into
  one accepting sink.
* `WHOLE`: the messages that are nothing but the part's own text (a regex
  matched whole, one keyword exactly).  Used only to pick readable
  witnesses: "where is my package" rather than "where is my ordera".

A state is the set of automaton nodes alive after the characters read so
far, plus what the assertions need to know about the last character (start
of text, newline, Unicode or ASCII word character).  `$` without MULTILINE
also holds before a final newline; a node that passed it carries an
obligation (1: the next character must be that newline, 2: the text must
end here), which keeps the translation exact.

The automaton is built completely, over the part's own classes of cells
(cells the part cannot tell apart share a column), with a state cap; a part
over the cap is `Undecidable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fuzzroute.engine.automata.alphabet import Cell
from fuzzroute.engine.automata.nfa import (
    ASCII_WORD_ATOM,
    ASCII_WORD_EDGE,
    BEGIN_LINE,
    BEGIN_STRING,
    END_LINE,
    END_OR_FINAL_NEWLINE,
    END_STRING,
    NEWLINE,
    NO_ASCII_WORD_AFTER,
    NO_ASCII_WORD_BEFORE,
    NOT_ASCII_WORD_EDGE,
    NOT_EDGE_ON_EMPTY,
    NOT_WORD_EDGE,
    UNICODE_WORD,
    WORD_EDGE,
    Nfa,
    Undecidable,
)

SEARCH = "search"
WHOLE = "whole"

#: States one part's automaton may have.
MAX_PART_STATES = 4000

# What a position knows about a neighbour: (at the edge of the text, newline, Unicode word, ASCII word).
Side = tuple[bool, bool, bool, bool]
EDGE: Side = (True, False, False, False)
Thread = tuple[int, int]  # (node, obligation)


def _side(cell: Cell) -> Side:
    atoms = cell.atoms
    return (False, NEWLINE in atoms, UNICODE_WORD in atoms, ASCII_WORD_ATOM in atoms)


def _holds(assertion: int, before: Side, after: Side) -> bool:
    if assertion == BEGIN_STRING:
        return before[0]
    if assertion == BEGIN_LINE:
        return before[0] or before[1]
    if assertion == END_STRING:
        return after[0]
    if assertion == END_LINE:
        return after[0] or after[1]
    if assertion == WORD_EDGE:
        return before[2] != after[2]
    if assertion == NOT_WORD_EDGE:
        return before[2] == after[2] and (NOT_EDGE_ON_EMPTY or not (before[0] and after[0]))
    if assertion == ASCII_WORD_EDGE:
        return before[3] != after[3]
    if assertion == NOT_ASCII_WORD_EDGE:
        return before[3] == after[3] and (NOT_EDGE_ON_EMPTY or not (before[0] and after[0]))
    if assertion == NO_ASCII_WORD_BEFORE:
        return not before[3]
    if assertion == NO_ASCII_WORD_AFTER:
        return not after[3]
    raise AssertionError(f"unknown assertion {assertion}")  # pragma: no cover


def _closure(nfa: Nfa, seeds: set[Thread], before: Side, after: Side) -> set[Thread]:
    """Every thread reachable by empty moves whose assertions hold between `before` and `after`."""
    seen = set(seeds)
    todo = list(seeds)
    while todo:
        node, obligation = todo.pop()
        for assertion, target in nfa.empties[node]:
            if assertion is None:
                following = (target, obligation)
            elif assertion == END_OR_FINAL_NEWLINE:
                if after[0]:
                    following = (target, obligation)
                elif after[1] and obligation < 2:
                    following = (target, 1)
                else:
                    continue
            elif _holds(assertion, before, after):
                following = (target, obligation)
            else:
                continue
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return seen


def side_of(cell: Cell) -> Side:
    """What the assertions know about a character of `cell` (newline, Unicode and ASCII word)."""
    return _side(cell)


def assertion_holds(assertion: int, before: Side, after: Side) -> bool:
    """Whether a zero-width assertion holds between a character with side `before` and one with `after`."""
    return _holds(assertion, before, after)


def assertions_need(nfa: Nfa) -> tuple[bool, bool, bool, bool]:
    """Which parts of a `Side` the assertions of `nfa` read (the rest need not be remembered)."""
    return _needs(nfa)


def accepts_at_end(nfa: Nfa, threads: set[Thread], before: Side) -> bool:
    """Whether the text accepted so far may end here: some thread reaches the final node."""
    return any(node == nfa.final for node, _o in _closure(nfa, threads, before, EDGE))


def advance(
    nfa: Nfa, threads: set[Thread], before: Side, after: Side, atoms: frozenset[int], search: bool
) -> set[Thread] | None:
    """The threads alive after reading one character (passing the tests `atoms`, with side `after`).

    In search mode None means a match was completed before the character:
    the text is matched, whatever follows.
    """
    closed = _closure(nfa, threads, before, after)
    final = nfa.final
    if search and (final, 0) in closed:
        return None
    following: set[Thread] = set()
    for node, obligation in closed:
        if obligation == 2:
            continue
        if node == final and obligation == 1 and search:
            # The match ended before this newline, which must end the text: whatever else reads the newline
            # from here must end the text too, so this one thread stands for them all.
            following.add((final, 2))
            continue
        # Whole: a match ending before this newline would not cover the text, but the final node may go on
        # reading: the loop node of a repeat that ends the pattern is its final node (`$\n*`, `a$\s*`).
        for atom, to in nfa.chars[node]:
            if atom in atoms:
                following.add((to, 2 if obligation == 1 else 0))
    return following


@dataclass
class Part:
    """A complete automaton: `moves[state][column]`, `accepts[state]` at the end of the text, `live`.

    A row of `moves` is a tuple (a graph's parts hold hundreds of thousands
    of rows, and a tuple is smaller than a list with room to grow).
    """

    nfa: Nfa
    mode: str
    column_of_cell: list[int]
    moves: list[tuple[int, ...]]
    accepts: list[bool]
    live: list[bool]
    sink: int | None  # the accepting sink of SEARCH mode, once a match was seen
    #: `moves` with dead ends folded in, built once by the product search (see `product.folded_moves`).
    folded: dict[int, Sequence[Sequence[int]]] = field(default_factory=dict, repr=False, compare=False)
    #: Per shift, the code of each state in the product search (see `product.state_codes`).
    codes: dict[int, list[int]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def states(self) -> int:
        return len(self.moves)


def _needs(nfa: Nfa) -> tuple[bool, bool, bool, bool]:
    a = nfa.assertions
    start = bool(a & {BEGIN_STRING, BEGIN_LINE, NOT_WORD_EDGE, NOT_ASCII_WORD_EDGE})
    newline = bool(a & {BEGIN_LINE, END_LINE, END_OR_FINAL_NEWLINE})
    unicode_word = bool(a & {WORD_EDGE, NOT_WORD_EDGE})
    ascii_word = bool(a & {ASCII_WORD_EDGE, NOT_ASCII_WORD_EDGE, NO_ASCII_WORD_BEFORE, NO_ASCII_WORD_AFTER})
    return (start, newline, unicode_word, ascii_word)


def build_part(
    nfa: Nfa,
    mode: str,
    cells: Sequence[Cell],
    max_states: int = MAX_PART_STATES,
    literal_atoms: frozenset[int] | None = None,
) -> Part:
    """The complete deterministic automaton of `nfa` read in `mode` (raises `Undecidable` over the cap).

    With `literal_atoms` (the graph's literal tests), the rule's wildcards
    (`nfa.wild`) read only *blank* characters, those no literal of any rule
    is: the rule's fixed words with nothing another rule could use in between.
    """
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
    # Grouped by the side as remembered: the assertions of this automaton read nothing else of a character, so
    # the empty moves taken before characters of one group are the same (a cell is never the edge of the text).
    sides: dict[Side, list[int]] = {}
    for column, after in enumerate(column_remembered):
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
                    # The match ended before this newline, which must end the text (as in `advance`).
                    ended = (final, 2)
                    continue
                # Whole: the final node may go on reading the newline (`$\n*`, as in `advance`).
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


def _live(moves: Sequence[Sequence[int]], accepts: list[bool]) -> list[bool]:
    """States from which some continuation is accepted."""
    incoming: list[list[int]] = [[] for _ in moves]
    for source, row in enumerate(moves):
        for target in set(row):
            incoming[target].append(source)
    live = list(accepts)
    todo = [s for s, ok in enumerate(accepts) if ok]
    while todo:
        for source in incoming[todo.pop()]:
            if not live[source]:
                live[source] = True
                todo.append(source)
    return live
