"""A decided item has one reported form: the decided tier builds the findings model's record itself.

`check --format json` and the report write the same record for each item
(check adds what only it says: the taking rules, whether `--fail-on decided`
fails on it, its acceptance; the report adds its id, rank and status), and
an item crosses worker processes with every field it has.
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import invoke
from helpers.examples import EXAMPLES

from fuzzroute import Graph, keywords
from fuzzroute.decided import OVERLAP, REDOS, decide
from fuzzroute.decided.pool import item_from, item_record
from fuzzroute.results.document import DecidedRecord
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import from_json, to_json

CHECK_ONLY = ("taking_rules", "fails", "accepted")
REPORT_ONLY = ("id", "rank", "status")


def _without(item: dict[str, Any], keys: tuple[str, ...]) -> str:
    return json.dumps({k: v for k, v in item.items() if k not in keys}, sort_keys=True)


@pytest.mark.parametrize(("name", "listed"), [("banking.json", 13), ("travel.json", 3), ("helpdesk.py", 3)])
def test_check_and_report_write_every_decided_item_in_the_same_form(name: str, listed: int, tmp_path: Path) -> None:
    checked = invoke("check", EXAMPLES / name, "--format", "json")
    assert checked.exit_code == 1, checked.stderr  # each has a decided finding to act on
    reported = invoke(
        "report", EXAMPLES / name, "--seed", "0", "--budget", "60", "--workers", "1", "--json", tmp_path / "r.json",
    )
    assert reported.exit_code == 1, reported.stderr
    check_items = json.loads(checked.stdout)["decided"]
    # The report's file names rules once and writes each wording once: read back in full, the items are check's.
    report_items = full_form(json.loads((tmp_path / "r.json").read_text(encoding="utf-8")))["decided"]
    assert len(check_items) == listed
    in_check = sorted(_without(i, CHECK_ONLY) for i in check_items)
    assert in_check == sorted(_without(i, REPORT_ONLY) for i in report_items)
    for item in check_items:  # each is a decided record but for the report's id
        assert from_json(DecidedRecord, {**{k: v for k, v in item.items() if k not in CHECK_ONLY}, "id": "x"})


def test_every_field_of_an_item_crosses_a_worker_process_and_its_record_is_built_from_it() -> None:
    graph = (
        Graph("carried")
        .entry("names", match=re.compile(r"^(\w+\s?)*$"), examples=["just some words"])
        .entry("billing", match=keywords("invoice"))
        .entry("refunds", match=keywords("invoice", "refund"))
    )
    decisions = decide(graph)
    kinds = {item.kind for item in decisions.items}
    assert {REDOS, OVERLAP} <= kinds
    for item in decisions.items:
        sent = pickle.loads(pickle.dumps(item_record(item)))
        assert item_from(sent, graph.entries) == item
    records = decisions.records()
    assert [r.id for r in records] == [f"decided-{n}" for n in range(1, len(records) + 1)]
    (redos,) = [r for r in records if r.kind == REDOS]
    assert to_json(redos)["redos"]["attack"]["pump"]
    assert to_json(decisions.counted())["can_win"] == decisions.can_win
