"""Whether Python's backtracking `re` can take super-linear time on a regex, decided from its automaton.

A backtracking matcher that fails tries every way the automaton can read
the text, one after another.  So the work of a failing match from one start
position grows with the number of *paths* the automaton has through the
text, and that number is a structural property (Weideman, van der Merwe,
Berglund and Watson, "Analyzing matching time behavior of backtracking
regular expression matchers by using ambiguity of NFA", 2016):

* **exponential** (EDA): some state `q` can return to itself on one text `w`
  in two different ways; then `w` repeated k times has at least 2^k paths.
  `(a+)+$` and `^(\\w+\\s?)*$` are of this kind.
* **polynomial of degree d** (IDA): a chain of d + 1 loops where, for each
  pair `p`, `q` of consecutive loops, one text `w` leads from `p` to `p`,
  from `p` to `q` and from `q` to `q`; the number of paths then grows as
  k^d, and the work from one start position as about k^(d+1).  `\\d+\\d+!`
  is of degree 1.
* otherwise **linear**: from one start position the paths are few, and each
  is read once.  (Under search semantics every start position is tried, so
  a failing unanchored search may still read each suffix of the text, which
  is at most quadratic; that holds for every backtracking engine and is not
  what this module reports.)

The automaton is the one `nfa` builds from `re`'s own parse tree.  Paths are
counted the way `re` walks them: an empty move sequence (through optional
parts, alternatives, group ends) is a path of its own, and one that comes
back to a node it already passed is not taken (`re` stops a repeat whose
iteration matched nothing), so every path counted here is one `re` tries.
Assertions (`^ $ \\b`...) are checked against the characters either side, as
`re` checks them.  The result also gives the text that shows it: a prefix
that leads to the loop and the pumped text read in several ways.  Whether a
failing suffix exists (so that a search really tries every path) is for the
caller to find (the decided tier does, with the search automaton).

The analysis is bounded by work counted in steps (`WORK_LIMIT`), never by
the clock; past it the regex is `Undecidable`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine.automata.alphabet import Cell
from fuzzroute.engine.automata.dfa import EDGE, Side, assertion_holds, assertions_need, side_of
from fuzzroute.engine.automata.nfa import END_OR_FINAL_NEWLINE, Nfa, Undecidable

#: Steps (empty moves followed, product states visited) one analysis may take.
WORK_LIMIT = 400_000
#: States of the empty-move-free automaton one analysis may build.
MAX_POSITIONS = 3000

EXPONENTIAL = "exponential"
POLYNOMIAL = "polynomial"
LINEAR = "linear"


@dataclass(frozen=True)
class Ambiguity:
    """The verdict, and (when it is not linear) the text that shows it.

    `degree` is the number of chained loop pairs of a polynomial verdict
    (the paths grow as k^degree), 0 otherwise.  `prefix` leads from the
    start to the loop; `pump` is read from the loop back to it (exponential)
    or from the first loop to the second (polynomial) in more than one way.
    `nullable_loop` says a repeat's body can match the empty text: `re` then
    tries some extra empty iterations this count leaves out, so a caller
    that must be safe treats such a regex as risky.
    """

    verdict: str
    degree: int = 0
    prefix: str = ""
    pump: str = ""
    nullable_loop: bool = False
    #: Exponential only: about how many times more ways there are to read one more pump (k pumps: growth^k).
    growth: float = 0.0

    @property
    def super_linear(self) -> bool:
        return self.verdict != LINEAR


class _Work:
    def __init__(self, limit: int) -> None:
        self.left = limit

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise Undecidable("the backtracking analysis needs more work than it is allowed")


_Key = tuple[int, int, Side]  # (node, obligation, what the assertions know about the last character)
_End = tuple[int, int, bool]  # (node, obligation, whether the node may still start an iteration)
# What one empty-move path knows about a repeat: no iteration started on it, one started, one ended empty.
_FRESH, _STARTED, _EMPTY = 0, 1, 2


class _Positions:
    """The automaton without empty moves: a state is a node reached by a character move.

    `moves[state][column]` maps each target state to how many distinct paths
    (empty moves, then one character move) lead there, counted up to 2.
    """

    def __init__(self, nfa: Nfa, cells: Sequence[Cell], work: _Work) -> None:
        self.nfa = nfa
        self.work = work
        self.needs = assertions_need(nfa)
        columns: dict[tuple[frozenset[int], Side], int] = {}
        self.column_atoms: list[frozenset[int]] = []
        self.column_sides: list[Side] = []
        self.letters: list[str] = []
        for cell in cells:  # cells come most readable first, so columns do too
            # Only what the assertions read tells characters apart (one column for the rest).
            side = self._remembered(side_of(cell))
            key = (cell.atoms & nfa.atoms, side)
            if key not in columns:
                columns[key] = len(self.column_atoms)
                self.column_atoms.append(cell.atoms)
                self.column_sides.append(side)
                self.letters.append(cell.representative)
        # Per side a character may have, its columns, and which of them each test (atom) passes.
        self.sides: dict[Side, list[int]] = {}
        self.columns_with: dict[Side, dict[int, list[int]]] = {}
        for column, (atoms, side) in enumerate(zip(self.column_atoms, self.column_sides, strict=True)):
            self.sides.setdefault(side, []).append(column)
            by_atom = self.columns_with.setdefault(side, {})
            for atom in atoms & nfa.atoms:
                by_atom.setdefault(atom, []).append(column)
        self.keys: list[_Key] = []
        self.index: dict[_Key, int] = {}
        self.moves: list[list[dict[int, int]]] = []
        self._intern((nfa.start, 0, self._remembered(EDGE)))
        position = 0
        while position < len(self.keys):
            self.moves.append(self._successors(self.keys[position]))
            position += 1

    def _remembered(self, side: Side) -> Side:
        needs = self.needs
        return (side[0] and needs[0], side[1] and needs[1], side[2] and needs[2], side[3] and needs[3])

    def _intern(self, key: _Key) -> int:
        number = self.index.get(key)
        if number is None:
            if len(self.keys) >= MAX_POSITIONS:
                raise Undecidable(f"the backtracking analysis would need more than {MAX_POSITIONS} states")
            number = self.index[key] = len(self.keys)
            self.keys.append(key)
        return number

    def _empty_paths(self, node: int, obligation: int, before: Side, after: Side) -> dict[_End, int]:
        """Where the empty-move paths from `node` end, and how many lead there (up to 2).

        A path follows `re`'s rule for repeats: an iteration that matched
        nothing may happen once, and then its repeat must be left (the loop
        node may not start another iteration).  Entering a repeat afresh
        (from outside it) starts that count again.  The end says whether its
        node may still start an iteration.
        """
        nfa = self.nfa
        ends: dict[_End, int] = {}

        def record(end: int, held: int, loops: dict[int, int]) -> None:
            key = (end, held, loops.get(end, _FRESH) != _EMPTY)
            ends[key] = min(2, ends.get(key, 0) + 1)

        record(node, obligation, {})
        first: tuple[int, int, tuple[tuple[int, int], ...]] = (node, obligation, ())
        on_path = {first}
        stack: list[tuple[int, int, dict[int, int], tuple[Any, ...], Iterator[tuple[int, tuple[int | None, int]]]]]
        stack = [(node, obligation, {}, first, enumerate(nfa.empties[node]))]
        while stack:
            current, held, loops, config, moves = stack[-1]
            step = next(moves, None)
            if step is None:
                stack.pop()
                on_path.discard(config)
                continue
            self.work.spend()
            position, (assertion, target) = step
            following_obligation = _obligation_after(assertion, held, before, after)
            if following_obligation is None:
                continue
            following = loops
            body = nfa.loop_body.get(current)
            if body is not None and position < body[1]:
                if loops.get(current, _FRESH) == _EMPTY:
                    continue
                following = {**following, current: _STARTED}
            edge = (current, position)
            if edge in nfa.loop_entries:
                following = {**following, target: _FRESH}
            elif edge in nfa.loop_backs and following.get(target, _FRESH) == _STARTED:
                following = {**following, target: _EMPTY}
            config_after = (target, following_obligation, tuple(sorted(following.items())))
            if config_after in on_path:
                continue
            record(target, following_obligation, following)
            on_path.add(config_after)
            stack.append((target, following_obligation, following, config_after, enumerate(nfa.empties[target])))
        return ends

    def _successors(self, key: _Key) -> list[dict[int, int]]:
        """Per column, the states one character leads to and by how many paths (up to 2)."""
        node, obligation, before = key
        nfa = self.nfa
        final = nfa.final
        rows: list[dict[int, int]] = [{} for _ in self.column_atoms]
        for after, columns in self.sides.items():
            remembered = self._remembered(after)
            with_atom = self.columns_with[after]
            for (end, held, may_iterate), count in self._empty_paths(node, obligation, before, after).items():
                if held == 2:
                    continue
                if end == final and held == 1:
                    self._add(rows, columns, (final, 2, remembered), count)
                body_chars = 0 if may_iterate else nfa.loop_body.get(end, (0, 0))[0]
                for position, (atom, to) in enumerate(nfa.chars[end]):
                    if position >= body_chars and atom in with_atom:
                        self._add(rows, with_atom[atom], (to, 2 if held == 1 else 0, remembered), count)
        return rows

    def _add(self, rows: list[dict[int, int]], columns: list[int], target: _Key, count: int) -> None:
        number = self._intern(target)
        for column in columns:
            row = rows[column]
            row[number] = min(2, row.get(number, 0) + count)


def _obligation_after(assertion: int | None, obligation: int, before: Side, after: Side) -> int | None:
    """The obligation after passing an empty move, or None when its assertion fails (as in `dfa`)."""
    if assertion is None:
        return obligation
    if assertion == END_OR_FINAL_NEWLINE:
        if after[0]:
            return obligation
        if after[1] and obligation < 2:
            return 1
        return None
    return obligation if assertion_holds(assertion, before, after) else None


def _components(moves: list[list[dict[int, int]]]) -> list[int]:
    """The strongly connected component of every state (iterative Tarjan); numbers are arbitrary."""
    count = len(moves)
    successors = [sorted({t for row in rows for t in row}) for rows in moves]
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    component = [-1] * count
    stack: list[int] = []
    counter = 0
    found = 0
    for root in range(count):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        while work:
            node, position = work[-1]
            if position == 0 and index[node] == -1:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            if position < len(successors[node]):
                work[-1] = (node, position + 1)
                target = successors[node][position]
                if index[target] == -1:
                    work.append((target, 0))
                elif on_stack[target]:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component[member] = found
                    if member == node:
                        break
                found += 1
    return component


_Node = tuple[int, ...]
_Step = Callable[[_Node], list[tuple[int, _Node]]]


def _bfs_path(starts: Sequence[_Node], goal: set[_Node], step: _Step, work: _Work) -> tuple[_Node, list[int]] | None:
    """Shortest column sequence from a start to a goal node (a node is a tuple of states, one per copy)."""
    parent: dict[_Node, tuple[_Node, int] | None] = {s: None for s in starts}
    queue = deque(starts)
    while queue:
        node = queue.popleft()
        for column, following in step(node):
            work.spend()
            if following in parent:
                continue
            parent[following] = (node, column)
            if following in goal:
                path: list[int] = []
                link = parent[following]
                at = following
                while link is not None:
                    at, letter = link
                    path.append(letter)
                    link = parent[at]
                return following, list(reversed(path))
            queue.append(following)
    return None


class _Analysis:
    def __init__(self, positions: _Positions, work: _Work) -> None:
        self.p = positions
        self.work = work
        self.moves = positions.moves
        self.component = _components(self.moves)
        self.members: dict[int, list[int]] = {}
        for state, number in enumerate(self.component):
            self.members.setdefault(number, []).append(state)
        self.loops = [
            number for number, states in sorted(self.members.items())
            if len(states) > 1 or any(states[0] in row for row in self.moves[states[0]])
        ]

    def spell(self, columns: Sequence[int]) -> str:
        return "".join(self.p.letters[c] for c in columns)

    def prefix_to(self, state: int) -> str:
        if state == 0:
            return ""

        def step(node: _Node) -> list[tuple[int, _Node]]:
            return [(c, (t,)) for c, row in enumerate(self.moves[node[0]]) for t in row]

        found = _bfs_path([(0,)], {(state,)}, step, self.work)
        assert found is not None
        return self.spell(found[1])

    def growth(self, state: int, pump: str, rounds: int = 8) -> float:
        """By how much one more pump multiplies the paths alive (from `state`, over `rounds` pumps)."""
        column_of = {letter: column for column, letter in reversed(list(enumerate(self.p.letters)))}
        counts: dict[int, float] = {state: 1.0}
        totals = [1.0]
        for _ in range(rounds):
            for ch in pump:
                following: dict[int, float] = {}
                for at, ways in counts.items():
                    for target, multiplicity in self.moves[at][column_of[ch]].items():
                        self.work.spend()
                        following[target] = following.get(target, 0.0) + ways * multiplicity
                counts = following
            totals.append(sum(counts.values()))
        return totals[-1] / totals[-2] if totals[-2] else 0.0

    # -- exponential ------------------------------------------------------------
    def exponential(self) -> tuple[int, str] | None:
        """A state and a text read from it back to it in two ways, if some loop has them."""
        for number in self.loops:
            inside = set(self.members[number])
            for state in sorted(inside):
                found = self._double_cycle(state, inside)
                if found is not None:
                    return state, found
        return None

    def _pairs(self, inside: set[int]) -> _Step:
        moves = self.moves

        def step(node: _Node) -> list[tuple[int, _Node]]:
            a, b = node[0], node[1]
            out: list[tuple[int, _Node]] = []
            for column, row_a in enumerate(moves[a]):
                row_b = moves[b][column]
                for t1 in row_a:
                    if t1 not in inside:
                        continue
                    for t2 in row_b:
                        if t2 in inside:
                            out.append((column, (t1, t2)))
            return out

        return step

    def _double_cycle(self, state: int, inside: set[int]) -> str | None:
        """A text read from `state` back to `state` along two different paths, if there is one.

        Two such paths part at their first different move, and that move can be
        taken to start at `state` itself (rotate the cycle).  So: a move of
        `state` on one column either counted twice (two empty paths before the
        same character move) or to two different states, after which both
        paths can come back to `state` on one text, inside the loop.
        """
        step = self._pairs(inside)
        goal: set[_Node] = {(state, state)}
        for column, row in enumerate(self.moves[state]):
            targets = sorted(t for t in row if t in inside)
            for target in targets:
                if row[target] >= 2:
                    if target == state:
                        return self.spell([column])
                    back = _bfs_path([(target, target)], goal, step, self.work)
                    if back is not None:
                        return self.spell([column, *back[1]])
            for i, first in enumerate(targets):
                for second in targets[i + 1 :]:
                    back = _bfs_path([(first, second)], goal, step, self.work)
                    if back is not None:
                        return self.spell([column, *back[1]])
        return None

    # -- polynomial --------------------------------------------------------------
    def reachable_loops(self) -> dict[int, set[int]]:
        """For each loop component, the loop components reachable from it (itself excluded)."""
        reach: dict[int, set[int]] = {}
        for number in self.loops:
            seen: set[int] = set(self.members[number])
            todo = list(seen)
            while todo:
                state = todo.pop()
                for row in self.moves[state]:
                    for target in row:
                        if target not in seen:
                            self.work.spend()
                            seen.add(target)
                            todo.append(target)
            reach[number] = {self.component[s] for s in seen} & set(self.loops) - {number}
        return reach

    def loop_columns(self, number: int) -> set[int]:
        """The columns a loop reads while staying inside it."""
        inside = set(self.members[number])
        return {c for s in inside for c, row in enumerate(self.moves[s]) if any(t in inside for t in row)}

    def ida_word(self, first: int, second: int) -> tuple[int, str] | None:
        """A state p of `first`, and w with p -w-> p, p -w-> q, q -w-> q for some q of `second`."""
        inside_p = set(self.members[first])
        inside_q = set(self.members[second])
        if not self.loop_columns(first) & self.loop_columns(second):
            return None  # w's first character would have to keep both p and q in their loops
        moves = self.moves

        def step(node: _Node) -> list[tuple[int, _Node]]:
            a, b, c = node
            out: list[tuple[int, _Node]] = []
            for column, row_a in enumerate(moves[a]):
                row_b, row_c = moves[b][column], moves[c][column]
                if not row_b or not row_c:
                    continue
                for t1 in row_a:
                    if t1 not in inside_p:
                        continue
                    for t3 in row_c:
                        if t3 not in inside_q:
                            continue
                        for t2 in row_b:
                            out.append((column, (t1, t2, t3)))
            return out

        for p in sorted(inside_p):
            for q in sorted(inside_q):
                found = _bfs_path([(p, p, q)], {(p, q, q)}, step, self.work)
                if found is not None:
                    return p, self.spell(found[1])
        return None


def analyse(nfa: Nfa, cells: Sequence[Cell], work_limit: int = WORK_LIMIT) -> Ambiguity:
    """The backtracking verdict of `nfa` over `cells` (raises `Undecidable` past the work limit)."""
    work = _Work(work_limit)
    positions = _Positions(nfa, cells, work)
    analysis = _Analysis(positions, work)
    nullable = _has_empty_cycle(nfa)
    found = analysis.exponential()
    if found is not None:
        state, pump = found
        growth = analysis.growth(state, pump)
        return Ambiguity(EXPONENTIAL, 0, analysis.prefix_to(state), pump, nullable, growth)
    reach = analysis.reachable_loops()
    pairs: dict[int, list[tuple[int, int, str]]] = {}
    for first in analysis.loops:
        for second in sorted(reach[first]):
            word = analysis.ida_word(first, second)
            if word is not None:
                pairs.setdefault(first, []).append((second, word[0], word[1]))
    if not pairs:
        return Ambiguity(LINEAR, 0, nullable_loop=nullable)
    longest: dict[int, int] = {}

    def chain(number: int) -> int:
        if number not in longest:
            longest[number] = max((1 + chain(second) for second, _p, _w in pairs.get(number, [])), default=0)
        return longest[number]

    best = max(sorted(pairs), key=chain)
    second, state, pump = min(pairs[best], key=lambda item: (-chain(item[0]), item[0]))
    del second
    return Ambiguity(POLYNOMIAL, chain(best), analysis.prefix_to(state), pump, nullable)


def _has_empty_cycle(nfa: Nfa) -> bool:
    """Whether empty moves alone can come back to a node: a repeat whose body can match nothing."""
    successors = [[t for _a, t in moves] for moves in nfa.empties]
    colour = [0] * len(successors)
    for root in range(len(successors)):
        if colour[root]:
            continue
        stack = [(root, iter(successors[root]))]
        colour[root] = 1
        while stack:
            node, following = stack[-1]
            target = next(following, None)
            if target is None:
                colour[node] = 2
                stack.pop()
            elif colour[target] == 1:
                return True
            elif colour[target] == 0:
                colour[target] = 1
                stack.append((target, iter(successors[target])))
    return False
