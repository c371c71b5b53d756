"""The proven tier's records: a problem with a declared phrase, a note bounding the checks, a rule's location.

The checkup (`fuzzroute.engine`) builds these once; `check --format json`,
the report, SARIF, JUnit and the `--db` ledger all write the same objects.
A problem's `claims` is absent from `check`'s JSON (the checkup does not run
the laws a second time) and set by the report, which shows both laws'
claimants of the phrase; `status` exists only against a baseline.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, get_args

from msgspec import Meta, field

from fuzzroute.results.claims import Claims
from fuzzroute.results.finding_kinds import ProblemCode
from fuzzroute.results.record import OMIT, Omitted, Record

#: The severity of a proven problem.
Severity = Literal["error", "warning"]

#: The proven problem codes, the reference checkup's (the engine names them from here; `finding_kinds.PROBLEMS`
#: says what the outputs show of each).
EXAMPLE_MISSES_OWN_RULE: Final[ProblemCode] = "example-misses-own-rule"
EXAMPLE_UNCLAIMED: Final[ProblemCode] = "example-unclaimed"
EXAMPLE_SHADOWED_BY_EARLIER: Final[ProblemCode] = "example-shadowed-by-earlier"
EXAMPLE_SHADOWED_BY_DEFAULT: Final[ProblemCode] = "example-shadowed-by-default"
NEVER_ROUTES_CONTRADICTS_EXAMPLE: Final[ProblemCode] = "never-routes-contradicts-example"
NEVER_ROUTES_CLAIMED: Final[ProblemCode] = "never-routes-claimed"
NEVER_ROUTES_BY_DEFAULT: Final[ProblemCode] = "never-routes-by-default"
#: How a proven message names the context both laws ran on (the engine's `cold_context`).
COLD_CONTEXT_DESCRIPTION = (
    "the cold-start context (iteration 1, the phrase as the user message, "
    "an empty history, no cursor, no activated injections)"
)
#: Which declared phrases a not-checked verdict is about.
Check = Literal["examples", "never-routes"]
CHECKS: tuple[Check, ...] = get_args(Check)
#: Whether a finding is new since the baseline (or the last `--db` run), or still there.
Status = Annotated[
    Literal["new", "still"],
    Meta(description="Only with --baseline or --db: new since the baseline (or the last --db run), or still there."),
]

LOCATION_DESCRIPTION = (
    "Where the rule is declared: the line of its `.entry(` call in a Python graph, of its entry object in a JSON "
    "graph, of its rule object or `.entry(` call in a TypeScript or JavaScript graph; null when unknown (a graph "
    "built in memory)."
)


class Location(Record, frozen=True):
    """Where a rule is declared: a file and a 1-based line, as the file was named when the graph was loaded.

    A location is a hint for humans and tools, never part of a verdict.
    """

    file: Annotated[str, Meta(min_length=1)]
    line: Annotated[int, Meta(ge=1)]

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Problem(Record, frozen=True):
    """One proven problem: a fact about a phrase the author declared (the reference library's codes and names).

    `from_` is written `from` (a Python keyword); `skill` names the rule the
    problem is about and `example` the declared phrase.
    """

    kind: Severity
    code: Annotated[str, Meta(min_length=1)]
    skill: str | None = None
    example: str | None = None
    from_: str | None = field(default=None, name="from")
    to: str | None = None
    message: str = ""
    location: Annotated[Location | None, Meta(description=LOCATION_DESCRIPTION)] = None
    #: Both laws' claimants of `example`, as the report shows them (absent from `check`'s JSON).
    claims: Claims | None | Omitted = OMIT
    status: Status | Omitted = OMIT

    def __eq__(self, other: object) -> bool:
        """Equal when every field but `location` is: where a rule is declared is never part of a verdict."""
        if not isinstance(other, Problem):
            return NotImplemented
        return self._verdict() == other._verdict()

    def __hash__(self) -> int:
        return hash(self._verdict())

    def _verdict(self) -> tuple[object, ...]:
        return (self.kind, self.code, self.skill, self.example, self.from_, self.to, self.message, self.claims,
                self.status)


class Note(Record, frozen=True):
    """A boundary statement attached to a checkup: what the checks did not prove."""

    name: str
    text: str


class RuleAt(Record, frozen=True):
    """A rule by id and position, with where it is declared."""

    id: str
    index: Annotated[int, Meta(ge=0)]
    location: Location | None


class NotCheckedRecord(Record, frozen=True):
    """A declared phrase whose verdict depends on a `when` fuzzroute does not run: neither passed nor failed."""

    check: Check
    phrase: str
    skill: str | None
    depends_on: RuleAt
    message: str
    location: Location | None
