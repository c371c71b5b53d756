"""A seeded chooser that never makes the same sequence of choices twice.

Bulk exploration draws phrases from finite spaces (a keyword times a frame
times a filler word).  Plain seeded sampling repeats itself more and more as
a space fills up: on a nearly covered rule, nine draws in ten were phrases
already judged, so most of a long run went to producing and discarding
duplicates.  Like hypothesis' own record of the choices it has made, a
`ChoiceTree` remembers every choice sequence a generator has completed and
marks a subtree done once all of its branches are; `FreshChooser` only
picks branches that are not done.  Every draw is then a new choice sequence,
and when the root is done the space has been enumerated in full, which is a
real "exhausted", not a guess from a run of repeats.

Generators are pure functions of their choices (see `choosers`), so a prefix
of choices always leads to the same next question; that is what makes the
record valid.  Different sequences can still spell the same phrase (a
keyword and its lower-case variant); the caller still deduplicates phrases.

Memory is bounded: the trees sharing one `NodeAllowance` (all the
samplers of one exploration unit) keep at most that many branching points
between them, about 330 bytes each (a leaf costs one dictionary slot in its
parent, and a finished subtree collapses to a marker).  Past the bound, new
branches are drawn without being recorded, which is plain seeded sampling
again.
"""

from __future__ import annotations

import random

#: Branching points the trees of one allowance record at most (about 330 bytes each): ~50 MB.
MAX_NODES = 150_000
#: Random tries for a branch that is not done, before listing the live ones.
RETRIES = 8


class _Done:
    """The marker a finished subtree collapses to."""

    __slots__ = ()


DONE = _Done()


class _Node:
    """One branching point: how many options it has, which are done, and the subtrees begun."""

    __slots__ = ("width", "done", "kids")

    def __init__(self) -> None:
        self.width = 0  # set by the first question asked here
        self.done = 0
        self.kids: dict[int, _Node | _Done] = {}


class NodeAllowance:
    """How many more branching points some trees may record between them."""

    __slots__ = ("left",)

    def __init__(self, nodes: int = MAX_NODES) -> None:
        self.left = nodes


class ChoiceTree:
    """The choice sequences completed so far by one generator (see the module docstring)."""

    __slots__ = ("root", "nodes", "allowance")

    def __init__(self, max_nodes: int = MAX_NODES, *, allowance: NodeAllowance | None = None) -> None:
        """`allowance`: shared with other trees (then `max_nodes` is not used)."""
        self.root: _Node | _Done = _Node()
        self.nodes = 1
        self.allowance = allowance if allowance is not None else NodeAllowance(max_nodes - 1)

    @property
    def exhausted(self) -> bool:
        """True once every choice sequence has been made: the space is enumerated."""
        return self.root is DONE


class FreshChooser:
    """A `Chooser` on a seeded `random.Random` that only walks branches a `ChoiceTree` has not finished.

    Call `begin()` before each draw and `end()` after it (`end` records the
    sequence just made).  A draw that fails part way is simply not recorded.
    """

    __slots__ = ("rng", "tree", "_node", "_path", "_tracking")

    def __init__(self, rng: random.Random, tree: ChoiceTree) -> None:
        self.rng = rng
        self.tree = tree
        self._node: _Node | None = None
        self._path: list[tuple[_Node, int]] = []
        self._tracking = True

    def begin(self) -> None:
        root = self.tree.root
        self._node = root if isinstance(root, _Node) else None
        self._path = []
        self._tracking = self._node is not None

    def end(self) -> None:
        """Mark the sequence just drawn as done, and every ancestor all of whose branches now are."""
        if not self._tracking:
            return
        if not self._path:
            self.tree.root = DONE  # a generator that asks nothing has one phrase
            return
        for parent, value in reversed(self._path):
            if parent.kids.get(value) is DONE:
                return
            parent.kids[value] = DONE
            parent.done += 1
            if parent.done < parent.width:
                return
        self.tree.root = DONE

    def _at(self, width: int) -> _Node | None:
        """The node the next question (of `width` options) is asked at, created on first visit;
        None when the bound is reached or the generator asks something new at a known place."""
        path = self._path
        if path:
            parent, value = path[-1]
            node = parent.kids.get(value)
            if node.__class__ is not _Node:
                tree = self.tree
                if tree.allowance.left <= 0:
                    self._tracking = False
                    return None
                node = _Node()
                parent.kids[value] = node
                tree.nodes += 1
                tree.allowance.left -= 1
        else:
            node = self._node
        assert isinstance(node, _Node)
        if node.width != width:
            if node.width:  # not a pure function of its choices: stop recording this draw
                self._tracking = False
                return None
            node.width = width
        return node

    def _live(self, node: _Node, width: int) -> int:
        """A branch of `node` that is not done (one is: a node all done is collapsed)."""
        kids, rng = node.kids, self.rng
        for _ in range(RETRIES):
            value = int(rng.random() * width)
            if kids.get(value) is not DONE:
                return value
        live = [v for v in range(width) if kids.get(v) is not DONE]
        return live[int(rng.random() * len(live))]

    # -- the Chooser protocol ----------------------------------------------------
    # Both draw exactly as `RandomChooser` does until they meet a finished
    # branch, so a short run makes the same phrases it would without the record.
    def integer(self, low: int, high: int) -> int:
        width = high - low + 1
        value = int(self.rng.random() * width)
        node = self._at(width) if self._tracking else None
        if node is None:
            return low + value
        if node.kids.get(value) is DONE:
            value = self._live(node, width)
        self._path.append((node, value))
        return low + value

    def chance(self, percent: int) -> bool:
        yes = self.rng.random() * 100 < percent
        if percent <= 0 or percent >= 100:  # no choice to make, so nothing to record
            return yes
        node = self._at(2) if self._tracking else None
        if node is None:
            return yes
        if node.kids.get(int(yes)) is DONE:
            yes = not yes  # the other branch is live, or this node would be done
        self._path.append((node, int(yes)))
        return yes
