"""The report file names every rule beside its position and carries every message: a script needs only `json`.

Schema 6 writes each decided item, suggestion, decided pair and merge record
with its rules' ids beside their positions and its message text; a version 5
document (messages as positions in `message_templates`, names left out,
arrays of positions) still reads back (`upgraded`) in the same form.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fuzzroute import Graph, keywords
from fuzzroute.decided import decide
from fuzzroute.report import build_report, empty_exploration, read_report, schema_errors, written_document
from fuzzroute.report.persistence.upgrade import upgraded
from fuzzroute.results.jsonform import compact_text
from fuzzroute.results.message_table import TEMPLATES, expanded, full_form
from fuzzroute.results.record import to_json

HERE = Path(__file__).resolve().parent
V5 = HERE / "data" / "v5"


def test_a_template_of_version_5_gives_back_its_message() -> None:
    rules = {"rule": {"id": "billing", "index": 2, "caption": "refund, invoice"},
             "other": {"id": "orders", "index": 0, "caption": "/order/"}}
    template = "{other} takes {witness} from {rule}; narrow {other.caption} {{or not}}."
    assert expanded(template, {**rules, "witness": "refund my order"}) == (
        '"orders" (rule #1, `/order/`) takes "refund my order" from "billing" (rule #3, `refund, invoice`); '
        "narrow `/order/` {or not}."
    )


@pytest.mark.parametrize("name", ["planted.whole.v5.json", "planted.shard1-of-2.v5.json"])
def test_a_version_5_document_reads_back_in_version_6_s_form(name: str) -> None:
    written: dict[str, Any] = json.loads((V5 / name).read_text(encoding="utf-8"))
    assert written["schema_version"] == 5 and TEMPLATES in written
    document = upgraded(written)
    assert document["schema_version"] == 6 and TEMPLATES not in document
    assert schema_errors(document) == []
    rules = document["graph"]["rules"]
    for item in [*document["decided"], *document["suggestions"]]:
        assert isinstance(item["message"], str) and item["message"]
        assert item["rule"] == rules[item["rule_index"]]["id"] if item["rule_index"] is not None else True
    pairs = document["decision"]["pairs"]
    assert pairs and all(p["from"] == rules[p["from_index"]]["id"] and p["to"] == rules[p["to_index"]]["id"]
                         for p in pairs)
    for key in [*document["decision"]["superseded"], *document["merge"]["withheld"]]:
        for role in ("rule", "from", "to"):
            index = key[f"{role}_index" if role != "from" else "from_index"]
            assert key[role] == (None if index is None else rules[index]["id"])


def repeating_graph(pairs: int) -> Graph:
    """`pairs` pairs of rules in which the later rule's own words are the earlier rule's: one finding, repeated."""
    graph = Graph("repeats")
    for i in range(pairs):
        word = f"w{i}x"
        graph = graph.entry(f"wide{i}", match=keywords(word)).entry(f"narrow{i}", match=keywords(f"{word} now"))
    return graph


def test_many_rules_repeating_one_finding_are_written_in_full_and_read_back(tmp_path: Path) -> None:
    graph = repeating_graph(40)
    report = build_report(graph, graph.checkup(), empty_exploration(0, 10, None, partial=False),
                          decisions=decide(graph))
    assert len(report.decided) >= 40
    document = written_document(report)
    assert schema_errors(document) == [] and TEMPLATES not in document
    rules = document["graph"]["rules"]
    never_wins = [item for item in document["decided"] if item["kind"] == "decided-never-wins"]
    assert len(never_wins) == 40
    assert all(item["rule"] == rules[item["rule_index"]]["id"] and item["rule"].startswith("narrow")
               and [ref["rule"] for ref in item["containing_rules"]] == [rules[item["rule_index"] - 1]["id"]]
               and f'"{item["rule"]}"' in item["message"] for item in never_wins)
    assert document == to_json(report)
    # Read back (as `merge`, a baseline or a script reads it), the file is the very report the writers saw.
    written = tmp_path / "r.json"
    written.write_text(compact_text(document), encoding="utf-8")
    assert read_report(json.loads(written.read_text(encoding="utf-8"))) == report
    assert full_form(document) == to_json(report)
