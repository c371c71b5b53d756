"""`--db`: a nightly run remembers the last run's witnesses and replays them first.

Exploration samples, so a finding seen last night may simply not be drawn
tonight.  Without memory it would flicker between "resolved" and "new".
With `--db DIR`, every witness stored in the ledger is replayed through the
current graph (`replay.replay_witness`) before the report is finished:

- a stored suggestion with at least one witness that still reproduces is
  kept in tonight's report even if tonight's exploration did not draw it
  (marked `"memory": "replayed"`), so it stays `still`;
- one none of whose witnesses reproduces, and that tonight's exploration did
  not find again, is `resolved`;
- anything else tonight found is `new` unless the ledger had it.

Statuses and the resolved lists come from the same machinery as
`--baseline` (`history.compare_with_baseline`), with the ledger as the
baseline.  The ledger is then rewritten with tonight's findings, carried
ones included, in the same all-or-nothing write as the report files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from fuzzroute.engine.graph import Graph
from fuzzroute.report.assembly.records import Records
from fuzzroute.report.assembly.replay import find_entry, replay_witness
from fuzzroute.report.persistence.history import Baseline, BaselineProven, BaselineRun, suggestion_key
from fuzzroute.results.document import Memory, SuggestionRecord
from fuzzroute.results.ledger_records import Ledger
from fuzzroute.results.record import or_none
from fuzzroute.results.suggestions import SLIP_GENERATORS, Suggestion, Witness, legacy_variant

REPLAYED: Final = "replayed"


@dataclass(frozen=True)
class Recall:
    """What the ledger gave back: the suggestions to carry into tonight's report, and the figures."""

    carried: list[SuggestionRecord]
    memory: Memory
    #: The ledger as a baseline for `history.compare_with_baseline` (None on the first run).
    baseline: Baseline | None


def _index_of(graph: Graph, rule_id: str | None, index: int | None) -> int | None:
    entry = find_entry(graph, rule_id, index)
    return None if entry is None else entry.index


def _carried(graph: Graph, stored: SuggestionRecord, witnesses: list[Witness]) -> Suggestion:
    """A stored suggestion re-attached to the current graph's rules, with its reproduced witnesses."""
    return Suggestion(
        kind=stored.kind,
        rule=stored.rule,
        rule_index=_index_of(graph, stored.rule, stored.rule_index),
        from_=stored.from_,
        from_index=_index_of(graph, stored.from_, stored.from_index),
        to=stored.to,
        to_index=_index_of(graph, stored.to, stored.to_index),
        count=stored.count,
        witnesses=tuple(witnesses),
        message=stored.message,
        paste=stored.paste,
        paste_json=stored.paste_json,
        mutation=stored.mutation,
        relation=stored.relation,
        shared_in=stored.shared_in,
        shared_count=stored.shared_count,
        variant=stored.variant if stored.variant is not None else legacy_variant(stored.mutation),
        fix=stored.fix,
    )


def recall(
    graph: Graph, records: Records, ledger: Ledger | None, found: Sequence[SuggestionRecord], *,
    db: str | Path, ledger_file: str | Path, typos: bool = False,
) -> Recall:
    """Replay the ledger's witnesses; carry each stored suggestion that reproduces and tonight did not find.

    A typo near miss an earlier run stored (a letter typo, a word swap, a spacing slip) is carried
    only when this run asks for them (`typos`): without it the run would list what it no longer makes.
    """
    stored = [] if ledger is None else ledger.suggestions
    seen = {suggestion_key(s) for s in found}
    carried: list[SuggestionRecord] = []
    replayed_witnesses = reproduced_witnesses = reproduced = 0
    for item in stored:
        witnesses = []
        for witness in item.witnesses:
            if not typos and witness.generator in SLIP_GENERATORS:
                continue
            replayed_witnesses += 1
            again = replay_witness(graph, item, witness)
            if again is not None:
                witnesses.append(again)
        reproduced_witnesses += len(witnesses)
        if not witnesses:
            continue
        reproduced += 1
        key = suggestion_key(item)
        if key not in seen:
            seen.add(key)
            carried.append(records.suggestion(_carried(graph, item, witnesses), memory=REPLAYED))
    memory = Memory(
        db=str(db), ledger=str(ledger_file), first_run=ledger is None,
        previous_run_at=None if ledger is None else ledger.generated_at,
        replayed_suggestions=len(stored), replayed_witnesses=replayed_witnesses,
        reproduced_witnesses=reproduced_witnesses, reproduced_suggestions=reproduced, carried=len(carried),
    )
    baseline = None
    if ledger is not None:
        baseline = Baseline(
            proven=BaselineProven(ledger.proven), suggestions=stored, decided=or_none(ledger.decided) or [],
            generated_at=ledger.generated_at, run=BaselineRun(seed=ledger.seed),
        )
    return Recall(carried, memory, baseline)
