"""Which rule of the new version is which rule of the old one.

Ids may repeat (several start rules for one skill), so a rule is known by
its id *and* its occurrence, and by what it matches:

1. Within one id, rules with the very same condition are paired first (in
   order), then the rest by occurrence: the first remaining "billing" with
   the first remaining "billing", and so on.  A pair whose condition differs
   is a `matcher-changed` rule (a keyword added, a regex narrowed).
2. Rules left over on both sides with the very same condition are paired
   across ids: the rule was `renamed`.
3. What is still left was `removed` (old side) or `added` (new side).

Among paired rules, those whose relative order changed are `reordered`: the
rules outside one longest run that kept its order (so moving one rule above
another reports that one rule, not everything between).
"""

from __future__ import annotations

import bisect
import json
import re
import types
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph_document import matcher_json
from fuzzroute.engine.matchers import Keywords
from fuzzroute.engine.script_when import ScriptWhen
from fuzzroute.engine.unread import UnreadPredicate
from fuzzroute.results.diff_document import (
    ADDED,
    EXAMPLES_CHANGED,
    MATCHER_CHANGED,
    REMOVED,
    RENAMED,
    REORDERED,
    RuleChangeKind,
)


def condition_key(entry: Entry) -> str:
    """What a rule matches, as text two versions can compare (position, id and examples left out).

    Two `when` predicates get the same key only when they surely behave the
    same: the same code, the same default and closure values, and the same
    values of the module-level names they read (functions among them
    compared the same way, a few levels deep); for a TypeScript or
    JavaScript graph, the same source text and the same text of every
    declaration of the file it names.  A value that cannot be compared by
    content (an object, a class instance) makes the key unique, so such a
    predicate never equals another one.
    """
    if entry.match is not None:
        return "match:" + json.dumps(matcher_json(entry.match), sort_keys=True, ensure_ascii=False)
    if entry.when is not None:
        return "when:" + json.dumps(_value_shape(entry.when, FUNCTION_DEPTH), ensure_ascii=False)
    return "default"


#: How many levels of functions a `when` predicate's key follows (a helper calling a helper...).
FUNCTION_DEPTH = 3
_PLAIN = (str, int, float, bool, bytes, complex, type(None))


def _value_shape(value: object, depth: int) -> Any:
    if isinstance(value, ScriptWhen):  # a JavaScript predicate: the code that runs, constants included
        return ["script", value.fingerprint]
    if isinstance(value, _PLAIN):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return [type(value).__name__, *[_value_shape(v, depth) for v in value]]
    if isinstance(value, (set, frozenset)):
        return ["set", *sorted(json.dumps(_value_shape(v, depth)) for v in value)]
    if isinstance(value, dict):
        return ["dict", *sorted([json.dumps(_value_shape(k, depth)), _value_shape(v, depth)] for k, v in value.items())]
    if isinstance(value, types.ModuleType):
        return f"module:{value.__name__}"
    if isinstance(value, types.BuiltinFunctionType):
        return f"builtin:{getattr(value, '__module__', '')}.{value.__qualname__}"
    if isinstance(value, re.Pattern):
        return ["pattern", value.pattern if isinstance(value.pattern, str) else repr(value.pattern), value.flags]
    if isinstance(value, types.FunctionType) and depth > 0:
        return _function_shape(value, depth - 1)
    if isinstance(value, UnreadPredicate):  # a TypeScript/JavaScript `when`: its source and what it names
        return ["unread", value.identity]
    return f"object:{id(value)}"


def _function_shape(function: types.FunctionType, depth: int) -> Any:
    code = function.__code__
    names = sorted(_names(code))
    namespace = function.__globals__
    return {
        "code": _code_shape(code),
        "defaults": _value_shape(function.__defaults__, depth),
        "keyword_defaults": _value_shape(function.__kwdefaults__, depth),
        "closure": [_value_shape(cell.cell_contents, depth) for cell in function.__closure__ or ()],
        "globals": {name: _value_shape(namespace[name], depth) for name in names if name in namespace},
    }


def _names(code: types.CodeType) -> set[str]:
    found = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            found |= _names(constant)
    return found


def _code_shape(code: types.CodeType) -> list[Any]:
    constants = [_code_shape(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts]
    return [code.co_code.hex(), constants, list(code.co_names)]


def full_caption(entry: Entry) -> str:
    """The whole condition, nothing cut (a keyword list's caption stops at three)."""
    matcher = entry.data_matcher
    return entry.caption if matcher is None else matcher.full_caption


#: A piece of a condition change: (True, graph text shown as code) or (False, fuzzroute's own words).
Segment = tuple[bool, str]


def condition_segments(old: Entry, new: Entry) -> tuple[Segment, ...]:
    """How a rule's condition changed, as our words and the graph's text kept apart.

    Renderers that must keep graph text inert (the Markdown comment) escape
    the graph's pieces and print the words as they are; `condition_change`
    joins them with backticks for the terminal and JSON.
    """
    a, b = old.data_matcher, new.data_matcher
    if isinstance(a, Keywords) and isinstance(b, Keywords):
        added = [k for k in b.keywords if k not in a.keywords]
        removed = [k for k in a.keywords if k not in b.keywords]
        parts: list[Segment] = []
        for label, keywords in (("keywords added: ", added), ("keywords removed: ", removed)):
            if not keywords:
                continue
            if parts:
                parts.append((False, "; "))
            parts.append((False, label))
            for i, keyword in enumerate(keywords):
                parts += [(False, ", ")] if i else []
                parts.append((True, keyword))
        if parts:
            return tuple(parts)
    return ((True, full_caption(old)), (False, " -> "), (True, full_caption(new)))


def condition_change(old: Entry, new: Entry) -> str:
    """How a rule's condition changed, in words: keywords added or removed, else old -> new."""
    return "".join(f"`{text}`" if graph else text for graph, text in condition_segments(old, new))


@dataclass(frozen=True)
class RulePair:
    """A rule of the old version (`base`), of the new one (`head`), or both, and what changed."""

    base: Entry | None
    head: Entry | None
    changes: tuple[RuleChangeKind, ...] = ()


@dataclass(frozen=True)
class RuleMatching:
    """Every rule of both versions, paired; `head_of` and `base_of` map declaration indexes."""

    pairs: tuple[RulePair, ...]
    head_of: dict[int, int]
    base_of: dict[int, int]

    def changed(self) -> list[RulePair]:
        return [p for p in self.pairs if p.changes]


def match_rules(base: Sequence[Entry], head: Sequence[Entry]) -> RuleMatching:
    """Pair the rules of two versions; see the module docstring."""
    head_of: dict[int, int] = {}
    free_base = list(base)
    free_head = list(head)

    def pair(a: Entry, b: Entry) -> None:
        head_of[a.index] = b.index
        free_base.remove(a)
        free_head.remove(b)

    for entry_id in dict.fromkeys(e.id for e in base):
        olds = [e for e in free_base if e.id == entry_id]
        for a in olds:
            same = next((b for b in free_head if b.id == entry_id and condition_key(b) == condition_key(a)), None)
            if same is not None:
                pair(a, same)
        olds = [e for e in free_base if e.id == entry_id]
        news = [e for e in free_head if e.id == entry_id]
        for a, b in zip(olds, news, strict=False):
            pair(a, b)
    for a in list(free_base):
        same = next((b for b in free_head if condition_key(b) == condition_key(a)), None)
        if same is not None:
            pair(a, same)
    kept_order = _longest_ordered_run(sorted((b, a) for a, b in head_of.items()))
    by_head = {b: a for a, b in head_of.items()}
    heads = {e.index: e for e in head}
    pairs: list[RulePair] = []
    for a in base:
        b_index = head_of.get(a.index)
        if b_index is None:
            pairs.append(RulePair(a, None, (REMOVED,)))
            continue
        b = heads[b_index]
        changes: list[RuleChangeKind] = []
        if a.id != b.id:
            changes.append(RENAMED)
        if condition_key(a) != condition_key(b):
            changes.append(MATCHER_CHANGED)
        if a.index not in kept_order:
            changes.append(REORDERED)
        if (a.examples or ()) != (b.examples or ()):
            changes.append(EXAMPLES_CHANGED)
        pairs.append(RulePair(a, b, tuple(changes)))
    pairs.extend(RulePair(None, b, (ADDED,)) for b in head if b.index not in by_head)
    return RuleMatching(tuple(pairs), head_of, by_head)


#: Up to this many paired rules the kept run is chosen by how far rules moved (quadratic); beyond, any longest one.
SCORED_UP_TO = 2000


def _longest_ordered_run(pairs: Sequence[tuple[int, int]]) -> set[int]:
    """The base indexes of a longest run of `(head, base)` pairs (in head order) whose base indexes increase.

    Among equally long runs, the one keeping the rules that moved least is
    chosen (and, between a rule that moved up and one that moved down as
    far, the one that moved down), so the rules reported as reordered are the
    ones a reader moved: when two rules swap places, the one moved up.
    """
    if len(pairs) > SCORED_UP_TO:
        return _patience_run(pairs)

    def cost(pair: tuple[int, int]) -> int:
        moved = pair[0] - pair[1]
        return 2 * abs(moved) + (1 if moved < 0 else 0)

    best: list[tuple[int, int]] = []  # (length, -total cost) of the best run ending at each pair
    previous: list[int] = []
    for i, pair in enumerate(pairs):
        score, link = (1, -cost(pair)), -1
        for j in range(i):
            if pairs[j][1] < pair[1]:
                candidate = (best[j][0] + 1, best[j][1] - cost(pair))
                if candidate > score:
                    score, link = candidate, j
        best.append(score)
        previous.append(link)
    kept: set[int] = set()
    at = max(range(len(pairs)), key=lambda i: (best[i], -i), default=-1)
    while at >= 0:
        kept.add(pairs[at][1])
        at = previous[at]
    return kept


def _patience_run(pairs: Sequence[tuple[int, int]]) -> set[int]:
    """A longest increasing run in O(n log n), for very large graphs (ties broken by the smallest ending)."""
    tails: list[int] = []
    tail_at: list[int] = []
    previous: list[int] = [-1] * len(pairs)
    for position, (_h, b) in enumerate(pairs):
        length = bisect.bisect_left(tails, b)
        if length == len(tails):
            tails.append(b)
            tail_at.append(position)
        else:
            tails[length] = b
            tail_at[length] = position
        previous[position] = tail_at[length - 1] if length > 0 else -1
    kept: set[int] = set()
    at = tail_at[-1] if tail_at else -1
    while at >= 0:
        kept.add(pairs[at][1])
        at = previous[at]
    return kept
