"""Phrases built to make a backtracking regex slow: its own text, pumped, then a wrong ending.

Catastrophic backtracking needs a repeat that can split the same text many
ways (`(a+)+`, `(\\w+\\s?)+`, `\\s*\\s*`) and an ending that fails, so the
engine tries every split.  `pumps` finds, for each unbounded repeat, the
shortest readable text its body matches ("a", "word "), the text that leads up
to it, and endings that fail; the timing is done by the caller.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine import regex_syntax
from fuzzroute.strategies.regex_phrases import emit
from fuzzroute.strategies.regex_tree import (
    MAXREPEAT,
    REPEAT_OPS,
    Node,
    Slots,
    UnsupportedRegex,
    generation_tree,
    parse,
    readable_chars,
    walk,
)

_c: Any = regex_syntax.constants

ENDINGS = ("!", "")


@dataclass(frozen=True)
class Pump:
    """`lead + unit * n + ending` is the adversarial phrase of length about n * len(unit)."""

    lead: str
    unit: str
    ending: str

    def phrase(self, n: int) -> str:
        return self.lead + self.unit * n + self.ending

    def expression(self, n: int) -> str:
        """The phrase as a short Python expression, e.g. `"a" * 28 + "!"`."""
        parts = [json.dumps(self.lead)] if self.lead else []
        parts.append(f"{json.dumps(self.unit)} * {n}")
        if self.ending:
            parts.append(json.dumps(self.ending))
        return " + ".join(parts)


class _Shortest:
    """A chooser that always takes the first option and the fewest repeats (at least one)."""

    def integer(self, low: int, high: int) -> int:
        return low

    def chance(self, percent: int) -> bool:
        return False


def _shortest(tree: Sequence[Node], flags: int, at_least_one: bool) -> str:
    def chars(node: Node) -> list[str]:
        return readable_chars(node, flags, limit=1)

    def no_words(node: Node) -> list[str]:
        return []

    rewritten = generation_tree(tree, Slots(chars, no_words, extra_repeats=1))
    if at_least_one:
        rewritten = [
            (op, (max(av[0], 1), max(av[1], 1), av[2])) if op is _c.MAX_REPEAT else (op, av) for op, av in rewritten
        ]
    return emit(rewritten, _Shortest(), {})


def _can_split_many_ways(body: Sequence[Node]) -> bool:
    """A repeated body that itself repeats or branches: the same text splits many ways."""
    return any((op in REPEAT_OPS and av[1] > 1) or op is _c.BRANCH for op, av in walk(body))


def risky_repeats(tree: Sequence[Node]) -> list[Node]:
    """The unbounded repeats that can backtrack badly, outermost first.

    Nested or branching repeats (`(a+)+`, `(a|ab)*`) blow up exponentially;
    three or more unbounded repeats in one pattern at least cubically.  A lone
    `\\w+` or `.*` is at worst quadratic under search, which the length cap
    keeps far below the time threshold, so it is not timed at all.
    """
    unbounded = [(op, av) for op, av in walk(tree) if op in REPEAT_OPS and av[1] == MAXREPEAT]
    if len(unbounded) >= 3:
        return unbounded
    return [(op, av) for op, av in unbounded if _can_split_many_ways(av[2])]


def has_risky_repeat(pattern: re.Pattern[str]) -> bool:
    try:
        return bool(risky_repeats(parse(pattern)))
    except (re.error, RecursionError):
        return False


def pumps(pattern: re.Pattern[str], limit: int = 4) -> list[Pump]:
    """Adversarial pumps for each risky repeat (outermost first), at most `limit` repeats."""
    try:
        tree = parse(pattern)
    except re.error:
        return []
    found: dict[tuple[str, str, str], None] = {}
    top_index = {id(node): i for i, node in enumerate(tree)}
    repeats = risky_repeats(tree)[:limit]
    for node in repeats:
        op, av = node
        try:
            unit = _shortest(av[2], pattern.flags, at_least_one=True)
            position = top_index.get(id(node), 0)
            lead = _shortest(tree[:position], pattern.flags, at_least_one=False)
        except (UnsupportedRegex, re.error, RecursionError):
            continue
        if not unit:
            continue
        # A single word character is also pumped as "a a a ...", which splits
        # patterns like `(\w+\s?)+` the most ways.
        units = [unit, unit + " "] if len(unit) == 1 and unit.isalnum() else [unit]
        for u in units:
            for ending in ENDINGS:
                found.setdefault((lead, u, ending), None)
    return [Pump(lead, unit, ending) for lead, unit, ending in found]
