"""How two rules meet: shared text (a finding, listed) or co-occurrence (first-match behaviour, counted).

An earlier rule A *shares text* with a later rule B when A matches inside
B's own text (what B matches, with the wildcards search makes redundant
taken off its ends): messages that say just what B is about start A.  The
finding is stronger when A's match overlaps B's fixed words than when only
B's wildcards absorb A's words.  Every other overlap is two texts glued
together, which is how first-match routing works: counted, never listed one
item per pair.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute import Graph, keywords
from fuzzroute.cli import main
from fuzzroute.decided import (
    CO_OCCURRENCE,
    FIXED_WORDS,
    NEVER_WINS,
    OVERLAP,
    SHARED_TEXT,
    WILDCARD,
    Decisions,
    decide,
)
from fuzzroute.decided.decisions import DecidedItem
from fuzzroute.decided.pool import fork_available
from fuzzroute.decided.tier import SHARED_LISTED
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report import write_report
from fuzzroute.report.persistence.schema import schema_errors

DATA = Path(__file__).resolve().parent / "data" / "real"


def shared(decisions: Decisions, later: str, earlier: str) -> DecidedItem:
    (found,) = [
        i for i in decisions.items
        if i.kind == OVERLAP and i.entry.id == later and i.other is not None and i.other.id == earlier
    ]
    assert found.relation == SHARED_TEXT
    return found


def test_the_200_keyword_graph_lists_its_one_real_overlap_and_counts_the_glued_pairs(tmp_path: Path) -> None:
    graph = load_graph(str(DATA / "skillGraphFrontDoor-L954.json")).graph
    assert len(graph.entries) == 200
    decisions = decide(graph)
    overlaps = [i for i in decisions.items if i.kind == OVERLAP]
    assert [(i.other.id if i.other else None, i.entry.id) for i in overlaps] == [("s0", "s199")]
    (only,) = overlaps
    assert (only.relation, only.shared_in, only.witness) == (SHARED_TEXT, FIXED_WORDS, "shared")
    assert decisions.co_occurrence.count == 200 * 199 // 2 - 1
    assert decisions.co_occurrence.examples[0].witness == "only0 only1"
    assert decisions.defects == []
    # The report's JSON holds that one item and the count, not one item per pair.
    result = write_report(graph, html_path=tmp_path / "r.html", json_path=tmp_path / "r.json", budget_phrases=200)
    document = result.document
    assert schema_errors(document) == []
    assert [d["kind"] for d in document["decided"]] == ["decided-overlap"]
    assert document["decided"][0]["relation"] == "shared-text"
    assert document["decision"]["counts"]["co_occurrence"]["count"] == 19_899
    assert len(json.dumps(document["decided"])) < 5_000


@pytest.mark.parametrize(
    ("earlier", "later", "text"),
    [
        (keywords("down"), keywords("scale down"), "scale down"),
        (keywords("credit"), keywords("credit line"), "credit line"),
        (re.compile(r"\border\b"), re.compile(r"where is my order"), "where is my order"),
        (re.compile(r"movies today"), re.compile(r".*trending movies today.*"), "trending movies today"),
    ],
)
def test_an_earlier_rule_inside_a_later_rules_own_words_is_shared_text(
    earlier: object, later: object, text: str
) -> None:
    graph = Graph("g").entry("a", match=earlier).entry("b", match=later)
    item = shared(decide(graph), "b", "a")
    assert (item.shared_in, item.witness) == (FIXED_WORDS, text)
    assert graph.claims(text).ids() == ("a", "a")


def test_words_only_a_wildcard_absorbs_rank_below_fixed_words() -> None:
    graph = (
        Graph("send")
        .entry("money", match=keywords("money"))
        .entry("verb", match=re.compile(r"\bsend\b"))
        .entry("transfer", match=re.compile(r"\bsend\b.*\bto\b"))
    )
    decisions = decide(graph)
    gap = shared(decisions, "transfer", "money")
    assert gap.shared_in == WILDCARD and gap.witness is not None and "money" in gap.witness
    assert re.fullmatch(r"send\b.*\bto", gap.witness)  # the later rule's own text, with the word in its gap
    word = shared(decisions, "transfer", "verb")
    assert word.shared_in == FIXED_WORDS and word.witness == "send to"
    code = CliRunner().invoke(main, ["check", str(_write(graph_json(), "send.json")), "--decide"])
    # verb takes all of transfer's fixed words: listed once, as never-wins, above the wildcard-only overlap.
    assert code.stdout.index("decided-never-wins [transfer] 'send to' -> verb") < code.stdout.index(
        "decided-overlap [transfer] 'send money to' -> money  (shared text, wildcard)"
    )


def graph_json() -> dict[str, object]:
    return {
        "name": "send",
        "entries": [
            {"id": "money", "match": {"keywords": ["money"]}},
            {"id": "verb", "match": {"regex": "\\bsend\\b"}},
            {"id": "transfer", "match": {"regex": "\\bsend\\b.*\\bto\\b"}},
        ],
    }


def _write(document: dict[str, object], name: str) -> Path:
    path = Path(name)
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_a_more_specific_earlier_rule_or_glued_triggers_are_co_occurrence() -> None:
    graph = (
        Graph("soon")
        .entry("coming", match=keywords("coming soon"))
        .entry("soon", match=keywords("soon"))
        .entry("refund", match=keywords("refund"))
    )
    decisions = decide(graph)
    # "coming soon" holds "soon" (the later rule's text sits inside a longer earlier text: declared first on
    # purpose), and "refund soon" is two triggers glued: neither is a finding.
    assert decisions.relation(0, 1) == CO_OCCURRENCE
    assert decisions.relation(1, 2) == CO_OCCURRENCE
    assert not [i for i in decisions.items if i.kind == OVERLAP]
    assert decisions.co_occurrence.count == 3


def test_a_rule_that_never_wins_is_shared_text_at_its_strongest() -> None:
    graph = Graph("g").entry("order", match=keywords("order")).entry("where", match=re.compile(r"where is my order\b"))
    (dead,) = [i for i in decide(graph).items if i.kind == NEVER_WINS]
    assert dead.relation == SHARED_TEXT


def test_many_shared_pairs_are_listed_up_to_a_cap_and_counted_beyond_it() -> None:
    graph = Graph("help")
    for n in range(34):  # 561 pairs, all sharing the word "help"
        graph.entry(f"h{n}", match=keywords("help", f"topic{n}"))
    decisions = decide(graph)
    listed = [i for i in decisions.items if i.kind == OVERLAP]
    assert len(listed) == SHARED_LISTED
    assert decisions.shared_unlisted.count == 34 * 33 // 2 - SHARED_LISTED
    assert all(i.relation == SHARED_TEXT and i.witness == "help" for i in listed)


@pytest.mark.skipif(not fork_available(), reason="worker processes are forked")
def test_two_processes_decide_the_200_keyword_graph_as_one_does() -> None:
    graph = load_graph(str(DATA / "skillGraphFrontDoor-L954.json")).graph
    one, two = decide(graph), decide(graph, workers=2)
    assert two.records() == one.records() and two.counted() == one.counted()
    assert all(two.relation(a, b) == one.relation(a, b) for b in range(0, 200, 7) for a in range(b))


@pytest.mark.parametrize("dialect", [None, "javascript"])
def test_a_run_of_blanks_is_no_gap_for_another_rules_words(dialect: str | None, tmp_path: Path) -> None:
    # `\s+` reads a newline as it reads a space: it still holds no word, so "order" does not fit between
    # "refund" and the amount, and the two rules only meet glued together.
    document: dict[str, object] = {"name": "g", "entries": [
        {"id": "orders", "match": {"regex": "\\border\\b", "flags": "i"}},
        {"id": "billing", "match": {"regex": "\\b(refund|facturé)\\s+\\d+", "flags": "i"}},
    ]}
    if dialect:
        document["regex_dialect"] = dialect
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps(document), encoding="utf-8")
    decisions = decide(load_graph(str(graph)).graph)
    assert decisions.defects == [] and [i for i in decisions.items if i.kind == OVERLAP] == []
    assert decisions.relation(0, 1) == CO_OCCURRENCE
