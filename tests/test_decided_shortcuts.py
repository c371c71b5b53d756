"""The decided tier's shortcuts change the work, never a decision.

`decide(graph)` settles some questions without their search (a question a
message already found answers, a fact read once per rule instead of once per
pair); `decide(graph, exhaustive=True)` runs every search.  Both must give
the same decided tier, item for item: kinds, relations, counts, listed
items, their messages and witnesses, undecided reasons, defects, can-win
witnesses and the relation of every pair.  Checked on the real graphs the
suite carries (`tests/data/real`), the bundled examples, and random small
graphs built to share words (so never-wins, shared text and co-occurrence
all occur).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers.decided_snapshot import EXAMPLES, REAL, decided_data, loaded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import NEVER_WINS, decide

#: The real graphs and the bundled examples (the seeded big graphs of the fingerprints are left out: running
#: every search on them would take minutes).
GRAPHS = [str(p) for p in REAL] + EXAMPLES


def both(graph: Graph) -> tuple[dict[str, Any], dict[str, Any], tuple[int, int]]:
    """The decided tier with the shortcuts and without, and the searches each ran."""
    rules = len(graph.entries)
    fast = decide(graph)
    slow = decide(graph, exhaustive=True)
    searches = (fast.stats["searches"], slow.stats["searches"])
    return decided_data(fast, rules), decided_data(slow, rules), searches


def _loaded(spec: str) -> Graph:
    graph = loaded(spec)
    if graph is None:
        pytest.skip("the graph is refused at load (a test of its own covers that)")
    return graph


@pytest.mark.parametrize("spec", GRAPHS, ids=[Path(s).name for s in GRAPHS])
def test_shortcuts_decide_what_every_search_decides(spec: str) -> None:
    fast, slow, (fast_searches, slow_searches) = both(_loaded(spec))
    assert fast == slow
    assert fast_searches <= slow_searches


def test_the_real_graphs_and_examples_are_all_there() -> None:
    assert len(REAL) == 116
    names = {Path(spec).name for spec in EXAMPLES}
    assert names >= {"support.py", "banking.json", "nightly_shop.json", "defaults.py:raising_when"}


def test_a_counter_witness_keeps_its_only_taker_without_a_search() -> None:
    """B never wins, covered by two rules each of which alone takes one of B's keywords: both are needed,
    which the counter-witnesses that brought them in already show, so no search is run to learn it."""
    graph = Graph("cover")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("cards", match=keywords("lost card"))
    graph.entry("both", match=keywords("refund", "lost card"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS]
    assert [r["rule"] for r in item["containing_rules"]] == ["refunds", "cards"]
    assert fast_searches < slow_searches


def test_a_rule_that_matches_every_counter_witness_still_has_to_cover_alone() -> None:
    """`exact` matches B's only counter-witness ("refund") but not "refunds": the cover kept is `prefix`, which
    matches both; a shortcut that took matching the counter-witnesses for covering would keep `exact`."""
    graph = Graph("alone")
    graph.entry("prefix", match=re.compile("refund", re.IGNORECASE))
    graph.entry("exact", match=keywords("refund"))
    graph.entry("both", match=keywords("refund", "refunds"))
    fast, slow, _searches = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS and i["rule"] == "both"]
    assert [r["rule"] for r in item["containing_rules"]] == ["prefix"]


def test_a_cover_of_three_rules_is_minimised_alike() -> None:
    """Three earlier rules cover B, one of them taking both of B's keywords: the same containing rules either way."""
    graph = Graph("redundant")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("any", match=re.compile(r"\brefund\b|\bcard\b"))
    graph.entry("cards", match=keywords("card"))
    graph.entry("both", match=keywords("refund", "card"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS and i["rule"] == "both"]
    assert item["containing_rules"]
    assert fast_searches < slow_searches


WORDS = ("refund", "card", "lost", "order", "track")
SHAPES = (
    r"\b{a}\b",
    r"\b{a}\b.*\b{b}\b",
    r"(?i)\b{a} (?:{b}|order)\b",
    r"^{a}",
    r"{a}$",
    r"\w+ing",
    r"\d+",
    r"^\d{{3,}}\b",
    r"(?i)(my|the) {a} (is|was) \w+",
)


@st.composite
def rules(draw: st.DrawFn) -> object:
    a, b = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=2, unique=True))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        picked = draw(st.lists(st.sampled_from([a, f"{a} {b}", b, f"{b}s"]), min_size=1, max_size=3, unique=True))
        return keywords(*picked)
    if kind == 1:
        return all_of(keywords(a), re.compile(rf"\b{b}\b"))
    return re.compile(draw(st.sampled_from(SHAPES)).format(a=a, b=b))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(rules(), min_size=1, max_size=7))
def test_shortcuts_decide_what_every_search_decides_on_random_graphs(found: list[object]) -> None:
    graph = Graph("random")
    for number, matcher in enumerate(found):
        graph.entry(f"r{number}", match=matcher)
    fast, slow, _searches = both(graph)
    assert fast == slow  # the work may differ either way: a cover asked of one rule can fail and cost a search
