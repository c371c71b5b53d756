"""The pytest plugin's decided verdicts as records: one per data rule, by item label.

The xdist controller decides each graph once and sends every worker the
verdicts; `workerinput` carries plain data only, so the verdicts travel in
their JSON form (`sendable`) and are read back, checked, on the worker
(`received`).  Imported lazily by the plugin: a session without graphs pays
for none of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from fuzzroute.results.check_listing import RuleVerdictLine
from fuzzroute.results.record import Record, from_json, one_of, to_json

Outcome = Literal["failed", "skipped", "passed"]


class DecidedVerdict(Record, frozen=True):
    """What a rule's decided item shows: its outcome and the lines that explain it."""

    rule: str
    #: `failed`, `skipped` (undecided, nothing failing) or `passed`, as `check --fail-on decided` judges it.
    outcome: Outcome
    #: The finding lines it fails on.
    failing: list[str]
    #: The findings an acceptance keeps green, one line each, and each one's reason.
    accepted: list[str]
    reasons: list[str | None]
    #: Why a skipped rule is undecided.
    undecided: str | None
    #: The rule's line in its graph file, 1-based (None when the graph does not say).
    line: int | None


#: The verdicts of every graph of a session: by graph spec, then by item label.
SessionVerdicts = dict[str, dict[str, DecidedVerdict]]


def verdicts_by_label(lines: Sequence[RuleVerdictLine]) -> dict[str, DecidedVerdict]:
    """Each data rule's verdict (`check_run.rule_verdict_lines`), by its item's label."""
    from fuzzroute.report.render.decided_text import item_line

    return {
        verdict.label: DecidedVerdict(
            rule=verdict.rule,
            outcome=one_of(verdict.outcome, get_args(Outcome)),
            failing=[item_line(item) for item in verdict.failing],
            accepted=[item_line(item) for item in verdict.accepted],
            reasons=[item.accepted for item in verdict.accepted],
            undecided=verdict.undecided,
            line=None if verdict.location is None else verdict.location.line,
        )
        for verdict in lines
    }


def sendable(verdicts: SessionVerdicts) -> object:
    """The verdicts as plain data, for `workerinput`."""
    return to_json(verdicts)


def received(data: object) -> SessionVerdicts:
    """The verdicts a worker was sent, read back as records."""
    return from_json(SessionVerdicts, data)
