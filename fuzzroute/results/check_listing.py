"""What `check` lists, as typed lines: the proven checkup and the decided tier, read by the writers.

The engine's checkup and the decided tier's own objects carry engine-side
detail; these records carry what a line about a finding shows, plus what the
build policy (`--fail-on decided`) and the graph's acceptances say about it.
They are built once, by `fuzzroute.report.assembly.check_run`, so the
terminal, JUnit and the pytest plugin list the same items with the same
verdicts.

This module is light on purpose (plain dataclasses, nothing else loaded):
`check` and the pytest plugin run on every commit and pay for every import.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """Where a rule is declared (`file:line`)."""

    file: str
    line: int


@dataclass(frozen=True)
class DecidedLine:
    """One decided (or undecided) item as a finding line shows it."""

    kind: str
    rule: str
    location: Place | None
    witness: str | None
    #: The rules that take the rule's messages: the other rule of a pair, else the rules containing it.
    taking_rules: tuple[str, ...]
    shared_in: str | None
    #: How many later rules a default hides under the cold walk (`decided-dead-under-cold-walk`).
    dead: int
    reason: str | None
    #: A ReDoS finding's growth (`exponential`, ...) and its timed evidence in words (None for other kinds).
    growth: str | None
    evidence: str | None
    message: str
    #: Whether `--fail-on decided` fails on it (the graph's acceptances considered).
    fails: bool
    #: The acceptance's reason, when one keeps the finding from failing.
    accepted: str | None
    #: False for an overlap that is part of a never-wins finding of its later rule: listed once, as never-wins.
    listed: bool = True


@dataclass(frozen=True)
class CountedPairs:
    """Pairs the tier counted rather than listed, with the first few as (earlier, later, witness)."""

    count: int
    examples: tuple[tuple[str, str, str | None], ...] = ()


@dataclass(frozen=True)
class DecidedListing:
    """One graph's decided tier as `check` lists it."""

    #: In the tier's order (kind by kind, fixed words before wildcards within a kind).
    items: tuple[DecidedLine, ...]
    #: The kinds in the order they are listed.
    kinds: tuple[str, ...]
    co_occurrence: CountedPairs
    shared_unlisted: int
    undecided_unlisted: int
    disjoint: int
    can_win: int
    data_rules: int
    elapsed_seconds: float
    boundary: str
    #: (kind, rule, witness, problem) of each decided witness the real matchers contradict.
    defects: tuple[tuple[str, str, str | None, str], ...]
    #: Whether the build policy judged the items (`fails` and `accepted` then say what it decided).
    judged: bool

    @property
    def failing(self) -> int:
        return sum(1 for item in self.items if item.fails and item.accepted is None)

    @property
    def accepted(self) -> int:
        return sum(1 for item in self.items if item.accepted is not None)


@dataclass(frozen=True)
class RuleVerdictLine:
    """What `--fail-on decided` says about one data rule: its JUnit case and pytest item."""

    #: The item's name: the rule's id (` (2)` for a repeated id), safe inside a test id.
    label: str
    rule: str
    location: Place | None
    #: `failed`, `skipped` (undecided, nothing failing) or `passed`.
    outcome: str
    failing: tuple[DecidedLine, ...]
    #: Findings an acceptance keeps green (each line's `accepted` holds the reason).
    accepted: tuple[DecidedLine, ...]
    undecided: str | None


@dataclass(frozen=True)
class ProvenLine:
    """One proven problem as `check` prints it."""

    location: Place | None
    kind: str
    code: str
    skill: str | None
    example: str | None
    #: The rule that took the phrase, when one did.
    from_: str | None
    message: str
    #: Who claims the phrase under (cold walk, cascade), by id (None: no entry); only when asked for (-v).
    claims: tuple[str | None, str | None] | None = None


@dataclass(frozen=True)
class NoteLine:
    """A note of the checkup: what its verdicts do and do not prove."""

    name: str
    text: str


@dataclass(frozen=True)
class ProvenListing:
    """One graph's proven checkup as `check` lists it."""

    graph_name: str
    problems: tuple[ProvenLine, ...]
    #: (where, why) of each phrase not checked (it depends on a `when` not run).
    not_checked: tuple[tuple[Place | None, str], ...]
    notes: tuple[NoteLine, ...]

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.kind == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.kind == "warning")
