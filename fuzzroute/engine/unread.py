"""`when` predicates that were read, not run: what fuzzroute cannot know of a graph file.

A `when` of a TypeScript or JavaScript graph runs in a V8 sandbox
(`fuzzroute.jsrun`), unless it cannot run there as the reference runs it: it
reads something the sandbox does not have (an import, a function of the
file, `process`), or V8 is not installed.  Such a rule is declared with an
`UnreadPredicate` holding its source text and the reason: calling it raises,
so every law that runs it (generation, the warm-context checks) sees a
`threw` verdict, that is no claim, and a sample is never mistaken for its
real answer.

The proven checks must not treat it as "no claim": a verdict that depends on
it is unknown.  `walk` is the claim laws' walk that stops at the first
unread predicate it would have to run: a phrase claimed (or missed) before
that point, or a rule's own data matcher, still decides; anything after it
is `NotRun`, and the checks list the phrase as not checked instead of
proving something about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.results.proven_records import CHECKS, NotCheckedRecord, RuleAt
from fuzzroute.results.record import one_of


class PredicateNotRun(Exception):
    """Raised by an `UnreadPredicate`: its source was read, never executed."""


#: The reason of an `UnreadPredicate` made without one.
READ_ONLY = "it was read from the source and cannot be run"


class UnreadPredicate:
    """A `when` known only by its source text, and why it is not run; calling it raises `PredicateNotRun`.

    `identity` is what two versions of the graph compare (`fuzzroute diff`):
    the source text and that of every declaration of the file it names (a
    helper, a constant), as the reader found them; by default the source.
    Two predicates with the same identity surely behave the same.
    """

    def __init__(self, source: str, reason: str = READ_ONLY, identity: str | None = None) -> None:
        self.source = source
        self.reason = reason
        self.identity = source if identity is None else identity
        # Captions name a `when` by its function's name; this one is named by its source text.
        shown = source if len(source) <= 60 else source[:57] + "..."
        self.__name__ = f"{shown} (not run)"

    def __call__(self, context: RoutingContext) -> bool:
        raise PredicateNotRun(f"the `when` predicate `{self.source}` is not run: {self.reason}")

    def __repr__(self) -> str:
        return f"UnreadPredicate({self.source!r}, {self.reason!r})"


def not_run_reason(entry: Entry) -> str:
    """Why the entry's `when` is not run, for a message ("" when it is run)."""
    return entry.when.reason if isinstance(entry.when, UnreadPredicate) else ""


def is_unread(entry: Entry) -> bool:
    """Whether the entry's condition is a `when` fuzzroute does not run."""
    return isinstance(entry.when, UnreadPredicate)


@dataclass(frozen=True)
class NotRun:
    """A law's answer is unknown: it reaches `entry`, whose `when` was not run."""

    entry: Entry


def walk(candidates: Sequence[Entry], phrase: str) -> Entry | NotRun | None:
    """The first candidate that claims `phrase` on the cold context, stopping at an unread predicate.

    `candidates` is the cold walk's list (every non-intent entry) or the
    cascade's (the conditional ones), or either less the data matchers the
    prefilter rules out (`ClaimLaws.worth_running`); entries run in order, as
    the laws run them.
    """
    for entry in candidates:
        if is_unread(entry):
            return NotRun(entry)
        if runs_on(entry, phrase) is Outcome.MATCH:
            return entry
    return None


@dataclass(frozen=True)
class NotChecked:
    """A declared phrase whose verdict depends on a `when` fuzzroute does not run.

    `check` is `examples` or `never-routes`; `skill` is the rule the example
    belongs to (None for a never-route row); `rule` is the entry whose `when`
    the verdict depends on.
    """

    check: str
    phrase: str
    skill: str | None
    rule: Entry
    location: SourceLocation | None = field(default=None, compare=False)

    @property
    def message(self) -> str:
        owner = f' of entry "{self.skill}"' if self.skill is not None else ""
        what = "example" if self.check == "examples" else "never-route row"
        return (
            f"not checked: {what} {self.phrase!r}{owner}: depends on the `when` of rule #{self.rule.index + 1} "
            f'("{self.rule.id}"), which fuzzroute does not run: {not_run_reason(self.rule)}.'
        )

    def record(self) -> NotCheckedRecord:
        """The finding as `check --format json` and the report write it."""
        rule = self.rule
        return NotCheckedRecord(
            one_of(self.check, CHECKS), self.phrase, self.skill, RuleAt(rule.id, rule.index, rule.location),
            self.message, self.location,
        )
