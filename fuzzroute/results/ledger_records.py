"""The `--db` witness ledger as records: what a nightly run keeps for the next one.

One ledger per graph holds the last run's proven problems and suggestions
exactly as the report wrote them, less what belongs to that run alone (a
`status`, a `memory` mark), and the decided findings by kind and rules.
`fuzzroute/schema/ledger.schema.json` is generated from `Ledger`.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from msgspec import Meta

from fuzzroute.results.document import ProblemRecord, SuggestionRecord
from fuzzroute.results.record import OMIT, Omitted, Record

LEDGER_FORMAT: Final = "fuzzroute-witness-ledger"
LEDGER_VERSION: Final = 2


class StoredDecided(Record, frozen=True):
    """A decided finding as the ledger keeps it: enough to tell, next run, whether it is new."""

    kind: str
    rule: str
    other_rule: str | None


class Ledger(Record, frozen=True):
    """What `fuzzroute report --db DIR` keeps per graph in DIR/witnesses/."""

    format: Literal["fuzzroute-witness-ledger"]
    version: Literal[2]
    graph: Annotated[str, Meta(min_length=1, description="The exact name of the graph this memory belongs to.")]
    source: str | None
    generated_at: str
    seed: int
    run_id: Annotated[
        str,
        Meta(
            pattern="^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
            description="The run that wrote this ledger, also recorded in the report files written with it.",
        ),
    ]
    outputs: Annotated[
        list[str],
        Meta(description="The report files written with this ledger (paths as given); a next run checks they "
                         "carry this run_id."),
    ] | Omitted = OMIT
    #: The last run's proven problems, as reported (without `status`).
    proven: list[ProblemRecord] = []
    #: Every suggestion with the witnesses a next run replays, as reported (without `status` or `memory`).
    suggestions: list[SuggestionRecord] = []
    decided: Annotated[
        list[StoredDecided],
        Meta(description="The last run's decided findings, by kind and rules, so the next run marks each new or "
                         "still (absent in ledgers written before decided findings were remembered: every decided "
                         "finding is then new)."),
    ] | Omitted = OMIT
