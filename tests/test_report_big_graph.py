"""Output that scales: a 1,000-rule graph's page stays small and usable, its JSON compact and complete."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from fuzzroute import Graph, all_of, keywords
from fuzzroute.report import write_report
from fuzzroute.report.render.html import FULL_MATRIX_LIMIT, RULE_ROWS_LIMIT
from fuzzroute.strategies.vocabulary import vocabulary

#: The page of a 1,000-rule graph must stay under this size (it is opened in a browser, and mailed around).
HTML_LIMIT = 2_000_000


def thousand_rules() -> Graph:
    """Word-edge and phrase regexes, keyword lists and all-ofs over ordinary words, as real graphs use."""
    rng = random.Random(7)
    words = [w for w in vocabulary().words if w.isalpha() and len(w) > 3]
    graph = Graph("thousand")
    for i in range(1000):
        a, b, c = rng.sample(words, 3)
        shape = i % 4
        if shape == 0:
            graph.entry(f"r{i}", match=re.compile(rf"\b{a}\b.*\b{b}\b", re.IGNORECASE))
        elif shape == 1:
            graph.entry(f"r{i}", match=re.compile(rf"(my|the) {a} (is|was) \w+"))
        elif shape == 2:
            graph.entry(f"r{i}", match=keywords(a, f"{b} {c}"))
        else:
            graph.entry(f"r{i}", match=all_of(keywords(a), re.compile(rf"\b{b}s?\b")))
    return graph.entry("fallback")


def test_a_thousand_rule_report_is_small_linked_and_complete(tmp_path: Path) -> None:
    result = write_report(
        thousand_rules(), html_path=tmp_path / "r.html", json_path=tmp_path / "r.json", workers=1
    )
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert len(html.encode("utf-8")) < HTML_LIMIT
    # Every rule the map names links to its row of the per-rule table; the rest are counted, and in the JSON.
    targets = set(re.findall(r'id="(rule-\d+)"', html))
    links = set(re.findall(r'href="#(rule-\d+)"', html))
    assert links <= targets
    # The per-rule table keeps its cap of rows and the map its cap of busiest rules: both are full here.
    assert len(targets) == RULE_ROWS_LIMIT and len(links) == FULL_MATRIX_LIMIT
    assert "kept every phrase and are not in the map" in html
    text = (tmp_path / "r.json").read_text(encoding="utf-8")
    assert text.count("\n") == 1 and text.endswith("}\n")  # compact: one line
    document = json.loads(text)
    assert len(document["rules"]) == 1001 == len(document["graph"]["rules"])
    assert document == result.document
    # Every suggestion is in the JSON even where the page shows only the first of a kind.
    shown = len(set(re.findall(r'id="(suggestion-\d+)"', html)))
    assert shown <= len(document["suggestions"])
    # The counts add up: by kind to the total, the total to the listed suggestions.
    summary = document["summary"]
    assert sum(summary["suggestions_by_kind"].values()) == summary["suggestions"] == len(document["suggestions"])
    assert summary["proven_errors"] == 0  # no rule declares an example
