"""Every finding of the golden report documents, read with `json` alone, as a script (or `jq`) reads it.

Nothing of fuzzroute is imported here: each decided item, suggestion (and
witness), decided pair and merge record names its rules by id beside their
positions, and each finding carries its message text and its location.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
DOCUMENTS = sorted(GOLDEN.glob("*.report.json"))


def named(record: dict[str, Any], rules: list[dict[str, Any]], name: str, position: str) -> None:
    """`record[name]` is the id of the rule at `record[position]` (both null when there is none)."""
    index = record[position]
    assert record[name] == (None if index is None else rules[index]["id"]), (name, record)


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.name for p in DOCUMENTS])
def test_every_finding_names_its_rules_and_says_what_it_is(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["schema_version"] == 6 and "message_templates" not in document
    rules = document["graph"]["rules"]
    read = 0
    for item in document["decided"]:
        named(item, rules, "rule", "rule_index")
        named(item, rules, "other_rule", "other_rule_index")
        for ref in [*item.get("containing_rules", []), *item.get("dead_rules", [])]:
            named(ref, rules, "rule", "rule_index")
        assert isinstance(item["message"], str) and item["message"]
        assert item["location"] == rules[item["rule_index"]]["location"]
        read += 1
    for item in document["suggestions"]:
        for name, position in (("rule", "rule_index"), ("from", "from_index"), ("to", "to_index")):
            named(item, rules, name, position)
        for witness in item["witnesses"]:
            named(witness, rules, "cold_walk", "cold_walk_index")
            named(witness, rules, "cascade", "cascade_index")
        assert isinstance(item["message"], str) and item["message"]
        read += 1
    for pair in document["decision"]["pairs"]:
        named(pair, rules, "from", "from_index")
        named(pair, rules, "to", "to_index")
        assert pair["relation"] in ("shared-text", "co-occurrence", "disjoint", "undecided")
    for key in [*document["decision"]["superseded"], *document["merge"]["withheld"]]:
        for name, position in (("rule", "rule_index"), ("from", "from_index"), ("to", "to_index")):
            named(key, rules, name, position)
    for ref in document["decision"]["not_reached"]:
        named(ref, rules, "rule", "rule_index")
    for problem in document["proven"]["problems"]:
        assert isinstance(problem["message"], str) and problem["message"] and problem["skill"]
    assert read == len(document["decided"]) + len(document["suggestions"])


def test_the_golden_documents_hold_every_kind_of_record_read_above() -> None:
    """The reading above is not vacuous: together the documents hold each kind of record it checks."""
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in DOCUMENTS]
    assert len(documents) >= 10
    assert sum(len(d["decided"]) for d in documents) > 10 and sum(len(d["suggestions"]) for d in documents) > 10
    assert any(d["decision"]["pairs"] for d in documents)
    assert any(d["decision"]["superseded"] for d in documents)
    assert any(item.get("containing_rules") for d in documents for item in d["decided"])
