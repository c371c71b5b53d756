"""The ranking of `suggest`: defect witnesses, then near-misses, then widening phrases; no near-duplicates."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzzroute.authoring.choose import DEFECT_KINDS, NEAR_MISS_KINDS, WIDENING, near_duplicate
from fuzzroute.authoring.suggest import suggest_examples
from fuzzroute.graphfiles.loader import load_graph

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TIER: dict[str, int] = {**{k: 0 for k in DEFECT_KINDS}, **{k: 1 for k in NEAR_MISS_KINDS}, WIDENING: 2}


@pytest.mark.parametrize(
    "spec",
    ["authoring.py", "support.py", "planted_defects.py", "mounts/rules.json", "mounts/scorer.json",
     "keyword_boundaries.json"],
)
def test_picks_come_in_tier_order_without_near_duplicates(spec: str) -> None:
    loaded = load_graph(EXAMPLES / spec)
    suggested = suggest_examples(loaded, per_rule=4, budget_phrases=300)
    assert any(suggested.picks.values())
    for index, picks in suggested.picks.items():
        entry = loaded.graph.entries[index]
        tiers = [TIER[p.reason] for p in picks]
        assert tiers == sorted(tiers), (entry.id, [p.reason for p in picks])
        for i, pick in enumerate(picks):
            assert pick.phrase not in (entry.examples or ())
            assert not any(near_duplicate(pick.phrase, other.phrase) for other in picks[i + 1:])
            if pick.reason == WIDENING:
                assert pick.verdict.passes
                assert not any(near_duplicate(pick.phrase, x) for x in entry.examples or ())
            if pick.reason == "generated-shadowed-by-earlier":
                assert "example-shadowed-by-earlier" in [code for _, code in pick.verdict.codes]


def test_a_rule_gets_one_witness_of_each_defect_before_a_second_of_one() -> None:
    loaded = load_graph(EXAMPLES / "planted_defects.py")
    suggested = suggest_examples(loaded, rules=["billing"], per_rule=2, budget_phrases=1000)
    [picks] = [p for p in suggested.picks.values() if p]
    assert [p.reason for p in picks] == ["generated-shadowed-by-earlier", "generated-laws-disagree"]
    assert [code for _, code in picks[1].verdict.codes] == ["example-shadowed-by-default"]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("refund my order", "Refunds my order!", True),
        ("refund my order", "refunded my order", True),
        ("refund my order", "where is my parcel", False),
        ("hey order now", "show me my order", False),
    ],
)
def test_near_duplicates(a: str, b: str, same: bool) -> None:
    assert near_duplicate(a, b) is same
