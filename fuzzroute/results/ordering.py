"""The one order of suggestions, and the one rule about overlaps that are also shadowing.

Suggestions are listed by kind (in the order of `SUGGESTION_KINDS`), then by
the positions of the rule, the earlier rule and the later rule, then (near
misses) by the kind of change: a total order, since a (kind, rule, from, to,
variant) group is reported once.  A `rules-overlap` of
a pair that is also reported as `generated-shadowed-by-earlier` says the same
thing less sharply, so it is set aside (withheld) and reported once, as the
shadowing.  The exploration, the `--db` memory and a merge of shards all
settle their suggestions with `settle`, so the rule cannot drift between them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from fuzzroute.results.suggestions import (
    NEAR_MISS_VARIANTS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SUGGESTION_KINDS,
)

_KIND_ORDER = {kind: position for position, kind in enumerate(SUGGESTION_KINDS)}
_VARIANT_ORDER = {kind: position for position, kind in enumerate(NEAR_MISS_VARIANTS)}


class Placed(Protocol):
    """What the order reads of a suggestion: its kind and the positions of its rules."""

    @property
    def kind(self) -> str: ...
    @property
    def rule_index(self) -> int | None: ...
    @property
    def from_index(self) -> int | None: ...
    @property
    def to_index(self) -> int | None: ...


S = TypeVar("S", bound=Placed)


def _position(value: int | None) -> int:
    return -1 if value is None else value


def suggestion_order(item: Placed) -> tuple[int, int, int, int, int]:
    """The sort key: kind, then rule, from and to positions (unknown kinds last), then a near miss's kind of change."""
    variant = getattr(item, "variant", None)
    return (
        _KIND_ORDER.get(item.kind, len(_KIND_ORDER)),
        _position(item.rule_index),
        _position(item.from_index),
        _position(item.to_index),
        -1 if variant is None else _VARIANT_ORDER.get(variant, len(_VARIANT_ORDER)),
    )


def settle(items: Iterable[S]) -> tuple[list[S], list[S]]:
    """(listed, withheld), each sorted: overlaps of a pair also reported as shadowed are withheld."""
    pool = list(items)
    shadowed = {(s.from_index, s.to_index) for s in pool if s.kind == SHADOWED_BY_EARLIER_RULE}
    listed = [s for s in pool if not (s.kind == RULES_OVERLAP and (s.from_index, s.to_index) in shadowed)]
    withheld = [s for s in pool if s.kind == RULES_OVERLAP and (s.from_index, s.to_index) in shadowed]
    return sorted(listed, key=suggestion_order), sorted(withheld, key=suggestion_order)
