"""ReDoS as a decided finding: decided from the automaton, shown with an attack, in every output.

`^(\\w+\\s?)*$` is the textbook case: a declared example with a long
sentence and a final "!" makes Python's `re` try every way of splitting the
words.  The decided tier reports it with the attack (prefix, pumped part,
failing suffix) and the fix; a regex built without nested or overlapping
repeats is never reported.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.regex_shapes import unambiguous_regexes
from hypothesis import HealthCheck, given, settings

from fuzzroute import Graph, all_of, keywords
from fuzzroute.cli import main
from fuzzroute.decided import REDOS, UNDECIDED, decide
from fuzzroute.decided import redos as redos_module
from fuzzroute.decided.languages import build_languages
from fuzzroute.engine.automata.ambiguity import analyse
from fuzzroute.report import schema_errors, write_report
from fuzzroute.results.message_table import full_form

WORDS = r"^(\w+\s?)*$"


def words_graph() -> Graph:
    return (
        Graph("words")
        .entry("names", match=re.compile(WORDS), examples=["just some words"])
        .entry("orders", match=re.compile(r"\border\b"))
    )


def test_the_textbook_regex_is_a_decided_redos_risk_with_an_attack_string() -> None:
    decisions = decide(words_graph())
    (item,) = decisions.of_kind(REDOS)
    assert decisions.defects == []
    assert item.entry.id == "names" and item.question == "backtracking"
    details = item.redos
    assert details is not None and details.growth == "exponential" and details.regex == f"/{WORDS}/"
    attack = details.attack
    assert attack.pump and attack.prefix + attack.pump + attack.suffix
    pattern = re.compile(WORDS)
    # The attack is rejected by the real re (at pump counts small enough to run), so re must try every split.
    for count in range(4):
        text = attack.prefix + attack.pump * count + attack.suffix
        assert pattern.search(text) is None
    assert item.witness is not None and pattern.search(item.witness) is None
    assert eval(details.expression).startswith(attack.prefix + attack.pump)
    assert "possessive" in details.fix and "attack" not in details.fix
    assert "denial of service" in item.message and "names" in item.message
    # Evidence: the real re's time on three pump counts, the counts growing (the times are timing, not asserted).
    lengths = [e.length for e in details.evidence]
    assert lengths == sorted(lengths) and 1 <= len(lengths) <= 3


def test_polynomial_backtracking_names_its_degree_and_a_part_of_an_all_of() -> None:
    graph = Graph("pin").entry("pin", match=all_of(keywords("pin"), re.compile(r"\d+\d+!")))
    (item,) = decide(graph).of_kind(REDOS)
    assert item.redos is not None and (item.redos.growth, item.redos.degree) == ("polynomial", 2)
    assert "/\\d+\\d+!/" in item.message


def test_no_attack_no_finding_and_undecided_past_the_work_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # `(a+)+` with no anchor: re.search matches the first "a" at once, so no text forces the backtracking.
    assert decide(Graph("g").entry("a", match=re.compile(r"(a+)+"))).of_kind(REDOS) == []
    monkeypatch.setattr(redos_module, "analyse", functools.partial(analyse, work_limit=5))
    decisions = decide(words_graph())
    undecided = [i for i in decisions.of_kind(UNDECIDED) if i.question == "backtracking"]
    assert [i.entry.id for i in undecided] == ["names"] and "work" in (undecided[0].reason or "")
    assert decisions.of_kind(REDOS) == []


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unambiguous_regexes())
def test_a_regex_without_nested_or_overlapping_repeats_is_never_flagged(pattern: str) -> None:
    graph = Graph("g").entry("rule", match=re.compile(pattern))
    languages = build_languages(graph.entries)
    assert redos_module.redos_items(languages, graph.entries, measure=False) == []


def test_the_finding_is_in_the_json_html_and_sarif_of_a_report(tmp_path: Path) -> None:
    result = write_report(
        words_graph(), html_path=tmp_path / "r.html", json_path=tmp_path / "r.json",
        sarif_path=tmp_path / "r.sarif", budget_phrases=60,
    )
    document = json.loads((tmp_path / "r.json").read_text())
    assert schema_errors(document) == []
    document = full_form(document)
    (item,) = [i for i in document["decided"] if i["kind"] == REDOS]
    assert item["rule"] == "names" and item["redos"]["attack"]["pump"]
    assert document["summary"]["decided_by_kind"][REDOS] == 1
    html = result.html_path.read_text()
    assert 'data-decided-kind="decided-redos"' in html and item["redos"]["expression"].replace('"', "&#34;") in html
    sarif = json.loads((tmp_path / "r.sarif").read_text())
    results = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == REDOS]
    assert len(results) == 1 and results[0]["level"] == "warning" and results[0]["properties"]["tier"] == "decided"


def test_check_decide_lists_it(tmp_path: Path) -> None:
    graph = tmp_path / "words.json"
    graph.write_text(json.dumps({"name": "words", "entries": [
        {"id": "names", "match": {"regex": WORDS}, "examples": ["this is a long declared example!"]}]}))
    text = CliRunner().invoke(main, ["check", str(graph), "--decide"])
    assert text.exit_code == 1 and "decided-redos [names]" in text.output and "(ReDoS risk, " in text.output
    explained = CliRunner().invoke(main, ["check", str(graph), "--decide", "-v"])
    assert "re took (timing)" in explained.output and '"names"' in explained.output
    as_json = CliRunner().invoke(main, ["check", str(graph), "--decide", "--format", "json"])
    kinds = [i["kind"] for i in json.loads(as_json.output)["decided"]]
    assert REDOS in kinds
