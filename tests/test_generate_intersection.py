"""Overlap witnesses: the decided tier's automata find the phrase sampling misses, and the explorer re-checks it.

Every verdict here is recomputed with Python `re` (`runs_on`, `graph.claims`,
`matcher.matches`), never read off the automata.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fuzzroute import Graph, Outcome, all_of, keywords, runs_on
from fuzzroute.decided.languages import languages_for
from fuzzroute.decided.prefilter import OwnTexts
from fuzzroute.generate import explore
from fuzzroute.generate import intersect as phase
from fuzzroute.generate.budget import STOP_POLL_EVERY
from fuzzroute.generate.intersect import EARLIER_TEXT, LATER_TEXT, IntersectionStats, Witnesses
from fuzzroute.report.assembly.pipeline import write_report
from fuzzroute.results.record import to_json
from fuzzroute.results.suggestions import (
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    Exploration,
    IntersectionFacts,
    Suggestion,
)

GENERATOR = "regex/intersection"


def facts(run: Exploration) -> IntersectionFacts:
    """The run's overlap-witness diagnostics (every explore runs the phase)."""
    assert run.intersection is not None
    return run.intersection


def _magic_graph() -> Graph:
    # Sampling fills the later rule's `\w+` with ordinary words, never "shpstrprncl0".
    return (
        Graph("magic")
        .entry("shipping", match=re.compile(r"status of (shpstrprncl\d+) now"))
        .entry("status", match=re.compile(r"status of \w+ now"))
    )


def _groups(run: Exploration, kind: str, rule: str, from_: str) -> list[Suggestion]:
    return [s for s in run.suggestions if s.kind == kind and s.rule == rule and s.from_ == from_]


def _without_time(run: Exploration) -> dict[str, Any]:
    data: dict[str, Any] = to_json(run)
    data.pop("elapsed_seconds")
    data.pop("workers")  # timing: varies between runs
    return data


def _witnesses(graph: Graph, earlier: int, later: int) -> list[tuple[str, str]] | None:
    stats = IntersectionStats()
    found = Witnesses(languages_for(graph), stats).overlap_witnesses(earlier, later, OwnTexts(graph))
    return None if found is None else [(o.phrase, o.shape) for o in found]


# -- explore -------------------------------------------------------------------------------


def test_a_magic_value_shadowing_is_found_by_the_intersection_and_reproduces() -> None:
    graph = _magic_graph()
    run = explore(graph, seed=0, budget_phrases=60)
    (found,) = _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping")
    decided = [w for w in found.witnesses if w.generator == GENERATOR]
    assert [w.phrase for w in decided] == ["status of shpstrprncl0 now"]
    for witness in decided:
        assert graph.claims(witness.phrase).ids() == ("shipping", "shipping")
        assert runs_on(graph.entries[1], witness.phrase) is Outcome.MATCH
    assert facts(run).pairs_tried == 1 and facts(run).disagreements == []
    # One of the two own texts is the rule's words as written, which needs no search.
    assert facts(run).searches == 1 and facts(run).states > 0


def test_without_the_intersection_phase_the_same_budget_misses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phase, "pair_limit", lambda budget: 0)
    run = explore(_magic_graph(), seed=0, budget_phrases=60)
    assert _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping") == []
    assert GENERATOR not in run.generator_counts


def test_a_free_slot_meeting_another_rules_word_is_an_overlap_of_the_earlier_rule() -> None:
    graph = (
        Graph("hosts")
        .entry("host-health", match=re.compile(r"what's running on \w+", re.I))
        .entry("inventory", match=re.compile(r"\b(array|host)\w*"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    (found,) = [s for s in run.suggestions if s.kind == RULES_OVERLAP and s.to == "inventory"]
    decided = [w.phrase for w in found.witnesses if w.generator == GENERATOR]
    assert decided == ["what's running on host"]
    for phrase in decided:
        assert graph.claims(phrase).ids() == ("host-health", "host-health")
        assert runs_on(graph.entries[1], phrase) is Outcome.MATCH


def test_keyword_rules_take_part_on_either_side() -> None:
    graph = (
        Graph("refunds")
        .entry("refund", match=keywords("refund"))
        .entry("amount", match=re.compile(r"refund(ed)? (\d+) dollars"))
        .entry("prefix", match=re.compile(r"\bpayb\w*"))
        .entry("payback", match=keywords("payback"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    for rule, earlier, phrase in (("amount", "refund", "refund 0 dollars"), ("payback", "prefix", "payback")):
        (found,) = _groups(run, SHADOWED_BY_EARLIER_RULE, rule, earlier)
        assert phrase in [w.phrase for w in found.witnesses if w.generator == GENERATOR]
        assert graph.claims(phrase).ids() == (earlier, earlier)


def test_disjoint_languages_give_no_witness() -> None:
    graph = (
        Graph("disjoint")
        .entry("numbered", match=re.compile(r"^order \d+$"))
        .entry("named", match=re.compile(r"^order [a-z]+$"))
    )
    run = explore(graph, seed=0, budget_phrases=40)
    assert facts(run).pairs_tried == 1
    assert facts(run).witnesses == 0
    assert GENERATOR not in run.generator_counts


def test_rules_the_automata_cannot_read_are_skipped_with_the_reason_and_the_run_goes_on() -> None:
    graph = (
        Graph("refused")
        .entry("echo", match=re.compile(r"(\w+) \1"))
        .entry("behind", match=re.compile(r"(?<=my )order"))
        .entry("shipping", match=re.compile(r"status of (shpstrprncl\d+) now"))
        .entry("status", match=re.compile(r"status of \w+ now"))
    )
    run = explore(graph, seed=0, budget_phrases=80)
    refused = {row.rule: row.reason for row in facts(run).refused}
    assert set(refused) == {"echo", "behind"}
    assert "backreference" in refused["echo"] and "lookbehind" in refused["behind"]
    assert facts(run).pairs_skipped == 5 and facts(run).pairs_tried == 1
    assert _groups(run, SHADOWED_BY_EARLIER_RULE, "status", "shipping")


def test_two_runs_with_one_seed_are_identical() -> None:
    first = explore(_magic_graph(), seed=3, budget_phrases=60)
    second = explore(_magic_graph(), seed=3, budget_phrases=60)
    assert _without_time(first) == _without_time(second)
    assert first.generator_counts[GENERATOR] == 1


def test_the_pairs_searched_are_capped_by_the_phrase_budget() -> None:
    run = explore(_many(6), seed=0, budget_phrases=12)
    assert facts(run).pair_limit == 12 // phase.PHRASES_PER_PAIR
    assert facts(run).pairs_tried == 3
    assert run.phrases_judged <= 12


def _many(rules: int) -> Graph:
    graph = Graph("many")
    for n in range(rules):
        graph.entry(f"r{n}", match=re.compile(rf"status of \w+ {n}"))
    return graph


def test_a_stop_request_ends_the_phase() -> None:
    graph = _many(8)
    assert facts(explore(graph, seed=0, budget_phrases=400)).pairs_tried == 28
    run = explore(graph, seed=0, budget_phrases=400, should_stop=lambda: True)
    assert run.partial
    assert facts(run).pairs_tried <= STOP_POLL_EVERY  # the flag is polled every few checks


def test_pairs_come_later_rule_first_and_hopeless_searches_are_ruled_out_by_the_prefilter() -> None:
    graph = (
        Graph("order")
        .entry("a", match=keywords("refund"))
        .entry("b", match=keywords("invoice"))
        .entry("c", match=re.compile(r"refund \w+"))
        .entry("d", match=re.compile(r"\b(order|ordered)\b"))
        .entry("e", match=all_of(keywords("cancel"), re.compile("plan")))
    )
    assert list(phase.pairs(graph.entries))[:3] == [(0, 1), (0, 2), (1, 2)]
    texts = OwnTexts(graph)
    assert texts.hopeless(0, 1) and texts.hopeless(1, 0)  # "refund" alone is not "invoice", nor the reverse
    assert not texts.hopeless(0, 2) or not texts.hopeless(2, 0)
    assert not texts.hopeless(2, 0)  # `refund \w+` is not a literal: its texts are unknown
    assert texts.hopeless(3, 0) and not texts.hopeless(3, 3)  # "order", "ordered" hold no "refund"
    assert texts.hopeless(4, 0)  # an all-of has no text of its own
    assert texts.hopeless(0, 4)  # the all-of needs "cancel" and "plan", which "refund" does not hold
    # Whatever the prefilter rules out, the automata find no witness either.
    stats = IntersectionStats()
    witnesses = Witnesses(languages_for(graph), stats)
    for own in range(5):
        for other in range(5):
            if own != other and texts.hopeless(own, other) and own != 4:
                assert witnesses.own_text_matched_by(own, other) is None, (own, other)


def test_a_case_variant_of_a_keyword_is_ruled_out_with_the_keyword() -> None:
    # A case-sensitive rule needs "Refund": the keyword's own text "refund" matches in any case.
    graph = Graph("case").entry("upper", match=re.compile(r"Refund")).entry("kw", match=keywords("refund"))
    assert not OwnTexts(graph).hopeless(1, 0)
    assert _witnesses(graph, 0, 1) == [("Refund", LATER_TEXT)]


def test_automata_and_python_re_agree_on_non_ascii_word_edges() -> None:
    # `\b` between "é" and "x" does not hold for `re` (both are word characters); the automata know it.
    graph = Graph("accents").entry("edge", match=re.compile(r"é\bx")).entry("plain", match=re.compile(r"éx"))
    run = explore(graph, seed=0, budget_phrases=20)
    assert facts(run).disagreements == []
    assert facts(run).witnesses == 0
    assert not _groups(run, SHADOWED_BY_EARLIER_RULE, "plain", "edge")


def test_the_phase_reads_the_same_automata_as_the_decided_tier() -> None:
    graph = _magic_graph()
    languages = languages_for(graph)
    explore(graph, seed=0, budget_phrases=20)
    assert languages_for(graph) is languages
    assert languages.rules[1]._whole is not None  # built by the phase, kept for the decided tier
    graph.entry("later", match=keywords("status"))
    assert languages_for(graph) is not languages  # a graph that grew gets automata for its new rules


def test_a_caller_done_with_the_automata_has_them_freed_and_the_findings_stay_the_same() -> None:
    kept, released = _magic_graph(), _magic_graph()
    languages = languages_for(released)
    assert _without_time(explore(released, seed=0, budget_phrases=60, release_automata=True)) == _without_time(
        explore(kept, seed=0, budget_phrases=60)
    )
    assert languages_for(released) is not languages  # freed after the phase read them: built again on demand


def test_a_report_frees_the_automata_its_decided_tier_built(tmp_path: Path) -> None:
    graph = _magic_graph()
    languages = languages_for(graph)  # what the decided tier reads, and generation's overlap phase after it
    result = write_report(graph, html_path=tmp_path / "r.html", budget_phrases=60)
    assert result.exit_status == 0
    assert [s for s in result.report.suggestions if s.kind == SHADOWED_BY_EARLIER_RULE]  # the phase still ran
    assert languages_for(graph) is not languages  # generation's workers did not start with them


# -- the witnesses ----------------------------------------------------------------------------


def test_witnesses_are_short_readable_and_say_whose_text_they_are() -> None:
    graph = (
        Graph("shapes")
        .entry("magic", match=re.compile(r"status of (shpstrprncl\d+) now"))
        .entry("status", match=re.compile(r"status of \w+ now"))
        .entry("cancel", match=keywords("cancel"))
        .entry("plan", match=re.compile(r"\bcancel\b.*\bplan\b", re.I))
    )
    assert _witnesses(graph, 0, 1) == [("status of shpstrprncl0 now", LATER_TEXT)]
    assert _witnesses(graph, 2, 3) == [("cancel plan", LATER_TEXT)]
    # The later rule's free `.*` holds the earlier rule's whole text, with spaces around it.
    assert _witnesses(graph, 1, 3) == [("cancel status of a now plan", LATER_TEXT)]
    assert _witnesses(graph, 0, 2) == []  # "cancel" alone is not a status line, and the status line has no word slot
    hosts = (
        Graph("hosts")
        .entry("health", match=re.compile(r"what's running on \w+", re.I))
        .entry("inventory", match=re.compile(r"\b(array|host)\w*"))
    )
    assert _witnesses(hosts, 0, 1) == [("what's running on host", EARLIER_TEXT)]


def test_an_all_of_is_searched_as_the_conjunction_of_its_parts() -> None:
    both = all_of(keywords("cancel"), re.compile(r"\b(subscription|plan)\b"))
    graph = Graph("all").entry("please", match=re.compile(r"please cancel (my|the) \w+")).entry("both", match=both)
    assert _witnesses(graph, 0, 1) == [("please cancel my plan", EARLIER_TEXT)]
    assert both.matches("please cancel my plan")


def test_a_pattern_too_large_for_the_automata_is_refused_with_its_reason() -> None:
    graph = Graph("large").entry("wide", match=re.compile(r"a[\s\S]{14}b")).entry("ab", match=re.compile("ab"))
    stats = IntersectionStats()
    assert Witnesses(languages_for(graph), stats).overlap_witnesses(0, 1, OwnTexts(graph)) is None
    assert "more than" in stats.refused[0] and "states" in stats.refused[0]


def test_witnesses_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "import re\n"
        "from fuzzroute import Graph, keywords\n"
        "from fuzzroute.decided.languages import languages_for\n"
        "from fuzzroute.decided.prefilter import OwnTexts\n"
        "from fuzzroute.generate.intersect import IntersectionStats, Witnesses\n"
        "g = Graph('h').entry('a', match=re.compile(r'\\b(array|host|node)\\w*'))"
        ".entry('b', match=keywords('refund', 'hosting')).entry('c', match=re.compile(r'(?i)what.s up on \\w+ now'))\n"
        "w, t = Witnesses(languages_for(g), IntersectionStats()), OwnTexts(g)\n"
        "print([[o.phrase for o in w.overlap_witnesses(i, j, t)] for i, j in ((0, 1), (0, 2), (1, 2))])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], env={"PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1 and "hosting" in outputs.pop()
