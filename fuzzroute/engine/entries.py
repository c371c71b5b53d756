"""One start rule, as the laws and the checks read it.

An entry is a position at which a turn may start: a skill id plus at most one
condition.  Ids may repeat (one skill, several start rules), so everything
downstream identifies an entry by its declaration `index`, never by its id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.matchers import DataMatcher, Intent, Matcher
from fuzzroute.engine.source_location import SourceLocation

WhenPredicate = Callable[[RoutingContext], Any]


@dataclass(frozen=True, eq=False)
class Entry:
    """A declared start rule: `match` (data), `when` (opaque), or neither (a default)."""

    index: int
    id: str
    match: Matcher | None = None
    when: WhenPredicate | None = None
    examples: tuple[str, ...] | None = None
    #: Where the rule is declared (the `.entry(` line, or the JSON entry's line); None if unknown.
    location: SourceLocation | None = field(default=None, compare=False)

    @property
    def is_intent(self) -> bool:
        """Intent entries are judged by a classifier, so neither law sees them."""
        return isinstance(self.match, Intent)

    @property
    def is_unconditional(self) -> bool:
        """A default: no `match` and no `when`, so it claims every message."""
        return self.match is None and self.when is None

    @property
    def data_matcher(self) -> DataMatcher | None:
        """The synchronous data matcher, if this entry has one."""
        if self.match is None or isinstance(self.match, Intent):
            return None
        return self.match

    @property
    def condition(self) -> str:
        """How messages name this entry's condition."""
        if self.match is not None:
            return f"its matcher `{self.match.caption}`"
        if self.when is not None:
            return "its `when` predicate"
        return "no condition (it declares no `match` and no `when`, so it claims every message)"

    @property
    def caption(self) -> str:
        """A short caption of the condition, for tables."""
        if self.match is not None:
            return self.match.caption
        if self.when is not None:
            name = getattr(self.when, "__name__", "when")
            return f"when: {name}"
        return "(default: no condition)"
