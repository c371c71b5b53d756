"""Literal text every match of a regex must contain, read off Python's own regex parser.

The claim laws' prefilter (`literal_prefilter`) may rule a rule out for a phrase only
when the phrase cannot match it.  This module supplies the evidence: for a
pattern, a list of *factors*, each a set of strings of which at least one
occurs in every phrase the pattern matches (with search semantics, anywhere
in the phrase).  All factors of the list are required at once.

The analysis is deliberately one-sided.  Whatever it does not understand (a
class, a backreference, a conditional group, a lookaround, an optional
part) contributes no requirement, so it can only make the prefilter weaker,
never wrong.  A positive lookaround is treated the same way although its
text must be present too: simpler to trust.  Nothing here cares about case
or flags; the prefilter compares case-folded text, which a case-sensitive match
satisfies as well.

Python's private `re._parser` is used because it is the parser `re` itself
runs, so the tree is exactly what the pattern means; if it ever moves or
refuses a pattern, the rule simply gets no factors (always checked exactly).
"""

from __future__ import annotations

import re
from typing import Any

from fuzzroute.engine import regex_syntax

#: Literal sets larger than this are not tracked (the pattern is then just "unknown" there).
MAX_ALTERNATIVES = 64
#: A character class of at most this many literal characters is read as alternatives.
MAX_CLASS_CHARS = 4

Factor = frozenset[str]

_c: Any = regex_syntax.constants


class _Unknown(Exception):
    """Raised internally for a construct the analysis does not model."""


def regex_factors(pattern: re.Pattern[str]) -> list[Factor]:
    """Required factors of a compiled pattern (empty list: nothing is known)."""
    try:
        tree = regex_syntax.parsed(pattern.pattern, pattern.flags)
        exact, factors = _sequence(list(tree))
    except (re.error, RecursionError, _Unknown, TypeError, ValueError, AttributeError):
        return []
    if exact is not None:
        factors = [*factors, exact]
    return [f for f in factors if f and "" not in f]


def regex_texts(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Every text the pattern can match whole, when that is a small known set (None: unknown).

    Zero-width parts (anchors, word edges) are read as matching nothing, so
    the set may hold texts the pattern refuses, never miss one it accepts;
    case is as written (under IGNORECASE, compare case-folded).  A keyword
    list is the other kind of rule whose own texts are finite: its keywords.
    """
    try:
        tree = regex_syntax.parsed(pattern.pattern, pattern.flags)
        exact, _factors = _sequence(list(tree))
    except (re.error, RecursionError, _Unknown, TypeError, ValueError, AttributeError):
        return None
    return exact


def _product(left: frozenset[str], right: frozenset[str]) -> frozenset[str] | None:
    if len(left) * len(right) > MAX_ALTERNATIVES:
        return None
    return frozenset(a + b for a in left for b in right)


def _sequence(items: list[Any]) -> tuple[frozenset[str] | None, list[Factor]]:
    """(exact strings of the whole sequence or None, factors required by it)."""
    factors: list[Factor] = []
    run: frozenset[str] = frozenset({""})
    whole: frozenset[str] | None = frozenset({""})
    for op, av in items:
        exact, inner = _node(op, av)
        factors.extend(inner)
        if exact is None:
            factors.append(run)
            run = frozenset({""})
            whole = None
            continue
        joined = _product(run, exact)
        if joined is None:
            factors.append(run)
            joined = exact
            whole = None
        run = joined
        if whole is not None:
            whole = run
    if whole is None:
        factors.append(run)
        return None, factors
    return whole, factors


def _node(op: Any, av: Any) -> tuple[frozenset[str] | None, list[Factor]]:
    c = _c
    if op is c.LITERAL:
        return frozenset({chr(av)}), []
    if op is c.AT:
        return frozenset({""}), []  # an anchor or \b is zero-width: no text, no requirement
    if op is c.IN:
        chars = [chr(v) for o, v in av if o is c.LITERAL]
        if len(chars) == len(av) and 0 < len(chars) <= MAX_CLASS_CHARS:
            return frozenset(chars), []
        return None, []
    if op is c.SUBPATTERN or op is getattr(c, "ATOMIC_GROUP", None):
        body = av[-1] if op is c.SUBPATTERN else av
        return _sequence(list(body))
    if op is c.BRANCH:
        return _branch(av[1])
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) or op is getattr(c, "POSSESSIVE_REPEAT", None):
        low, high, body = av
        if low == 0:
            return None, []
        exact, factors = _sequence(list(body))
        if exact is not None:
            factors = [*factors, exact]
            if low == high and low <= 4:
                repeated: frozenset[str] | None = frozenset({""})
                for _ in range(low):
                    repeated = None if repeated is None else _product(repeated, exact)
                if repeated is not None:
                    return repeated, factors
        return None, factors
    # ANY, NOT_LITERAL, CATEGORY, GROUPREF, GROUPREF_EXISTS, ASSERT, ASSERT_NOT, ...
    return None, []


def _branch(branches: list[Any]) -> tuple[frozenset[str] | None, list[Factor]]:
    """An alternation: exact when every branch is; else one factor if every branch has one."""
    exacts: set[str] = set()
    best: list[Factor] = []
    all_exact = True
    for branch in branches:
        exact, factors = _sequence(list(branch))
        if exact is not None:
            exacts |= exact
            best.append(exact)
            continue
        all_exact = False
        usable = [f for f in factors if f and "" not in f]
        if not usable:
            return None, []
        best.append(max(usable, key=_strength))
    if all_exact and len(exacts) <= MAX_ALTERNATIVES:
        return frozenset(exacts), []
    union = frozenset().union(*best)
    if "" in union or len(union) > MAX_ALTERNATIVES:
        return None, []
    return None, [union]


def _strength(factor: Factor) -> tuple[int, int]:
    """Longer shortest alternative first, then fewer alternatives."""
    return (min(len(s) for s in factor), -len(factor))
