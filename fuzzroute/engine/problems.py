"""The findings document of the proven half: problems and notes.

Field names and codes are the reference library's; `from_` is spelled with an
underscore only because `from` is a Python keyword (JSON output says `from`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

# Re-exported: the checkup's findings, and the codes that label them, are the report's records.
from fuzzroute.results.proven_records import (
    EXAMPLE_MISSES_OWN_RULE as EXAMPLE_MISSES_OWN_RULE,
)
from fuzzroute.results.proven_records import (
    EXAMPLE_SHADOWED_BY_DEFAULT as EXAMPLE_SHADOWED_BY_DEFAULT,
)
from fuzzroute.results.proven_records import (
    EXAMPLE_SHADOWED_BY_EARLIER as EXAMPLE_SHADOWED_BY_EARLIER,
)
from fuzzroute.results.proven_records import EXAMPLE_UNCLAIMED as EXAMPLE_UNCLAIMED
from fuzzroute.results.proven_records import NEVER_ROUTES_BY_DEFAULT as NEVER_ROUTES_BY_DEFAULT
from fuzzroute.results.proven_records import NEVER_ROUTES_CLAIMED as NEVER_ROUTES_CLAIMED
from fuzzroute.results.proven_records import (
    NEVER_ROUTES_CONTRADICTS_EXAMPLE as NEVER_ROUTES_CONTRADICTS_EXAMPLE,
)
from fuzzroute.results.proven_records import Note as Note
from fuzzroute.results.proven_records import Problem as Problem

if TYPE_CHECKING:
    from fuzzroute.engine.entries import Entry
    from fuzzroute.engine.unread import NotChecked
    from fuzzroute.results.rows import ProvenRow

Kind = Literal["error", "warning"]


EXAMPLES_BOUNDARY = Note(
    "examples-boundary",
    "Declared examples prove facts about the phrases the author wrote, and only those: "
    "each was run through the rules as declared. A phrase nobody wrote was not checked, "
    "so a checkup without warnings is not proof that the rules cover what users will say.",
)
EXAMPLES_ORDER_NOT_CHECKED = Note(
    "examples-order-not-checked",
    "Shadowing and coverage were not checked: this graph picks its entry with a scorer "
    "or by letting the model read a menu, so declaration order does not decide the start. "
    "Each rule was still run on its own examples (self-match only).",
)
NEVER_ROUTES_BOUNDARY = Note(
    "never-routes-boundary",
    "A never-route row proves only that no declared start RULE claims the phrase on a cold "
    "start. It does not prove the turn routes nowhere: intent rules (judged by a classifier "
    "at run time), scorer and read menus, and the model opening a skill by name were not run.",
)


WHEN_NOT_RUN = Note(
    "when-not-run",
    "Some verdicts depend on `when` predicates fuzzroute did not run: a TypeScript or JavaScript predicate runs "
    "in a V8 sandbox only when everything it reads goes in with it (ECMAScript's built-ins and module-level "
    "constants of literal values), and only where V8 is installed (pip install 'fuzzroute[js]'). Each phrase "
    "listed as not checked says which rule and why; everything decided before such a rule, or by a rule's own "
    "data matcher, is proven as usual. To check the rest, give the predicate what it reads as literal constants, "
    "or run the reference library's own `graph.checkup()` in your tests.",
)

#: The note naming the rules whose `when` is always true; `always_true_note` writes its text for one graph.
WHEN_ALWAYS_TRUE = Note(
    "when-always-true",
    "A `when` that is an async (or generator) function returns an object, which JavaScript reads as true: "
    "its rule claims every message it is asked about. Make it a plain function that returns a boolean.",
)


def always_true_note(entries: Sequence[Entry]) -> Note | None:
    """A note naming each rule whose `when` is always true by its very form (None when there is none).

    JavaScript reads any object as true, and an `async` function returns a
    Promise: such a rule claims every message it is asked about, at run
    time as in these checks, which is rarely what its author meant.
    """
    found = []
    for entry in entries:
        why = getattr(entry.when, "always_true", None)
        if isinstance(why, str):
            where = f", {entry.location}" if entry.location is not None else ""
            found.append(f'The `when` of rule #{entry.index + 1} ("{entry.id}"{where}) {why}.')
    if not found:
        return None
    return Note(WHEN_ALWAYS_TRUE.name, " ".join(found) + " Make it a plain function that returns a boolean.")


@dataclass(frozen=True)
class Checkup:
    """Problems (examples first, then never-routes) and the notes that bound them.

    `not_checked` lists declared phrases whose verdict depends on a `when` that
    fuzzroute does not run (`engine.unread`); they are neither problems nor
    passes.
    """

    problems: tuple[Problem, ...]
    notes: tuple[Note, ...]
    not_checked: tuple[NotChecked, ...] = ()
    #: Every declared phrase as a row (examples in declaration order, then never-route rows) with the
    #: problems found about it: what JUnit, the pytest plugin and `diff` show, one test per phrase.
    rows: tuple[ProvenRow, ...] = ()

    @property
    def ok(self) -> bool:
        """False as soon as one problem is an error."""
        return not any(p.kind == "error" for p in self.problems)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.kind == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.kind == "warning")
