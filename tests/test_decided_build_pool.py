"""Automata built on forked processes are the automata one process builds, and `check` builds them so.

`decide(graph, build_workers=N)` builds every rule's parts on N processes
(`build_pool`) and answers the questions as `workers` says; the decided
tier must come out identical, item for item, including the ReDoS answers
the workers settle (regexes they find linear are not analysed again) and
the rules whose parts go over the state cap.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from helpers.cli import invoke
from helpers.decided_snapshot import decided_data, loaded

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import ANY, Decisions, build_pool, decide
from fuzzroute.decided import redos as redos_module
from fuzzroute.decided.languages import build_languages
from fuzzroute.engine.automata.ambiguity import analyse

DATA = Path(__file__).parent / "data" / "decided"


def _graph_with_every_outcome() -> Graph:
    """Keyword, regex and all-of rules, a rule over the part cap, a super-linear regex and never-wins."""
    graph = Graph("outcomes")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("cards", match=re.compile(r"\bcard\b.*\blost\b", re.IGNORECASE))
    graph.entry("both", match=keywords("refund", "lost card"))
    graph.entry("greedy", match=re.compile(r"(a+)+b"))
    graph.entry("huge", match=re.compile(r"[ab]*a[ab]{14}c"))  # its DFA goes over the part cap
    graph.entry("combo", match=all_of(keywords("order"), re.compile(r"\btrack\b")))
    for index in range(12):
        graph.entry(f"filler{index}", match=re.compile(rf"\bword{index}\b.*\bthing{index % 3}\b"))
    return graph


def test_workers_build_the_automata_one_process_builds(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _graph_with_every_outcome()
    alone = decided_data(decide(graph, build_workers=1), len(graph.entries))
    monkeypatch.setattr(build_pool, "RULES_PER_BUILDER", 2)
    built = build_languages(graph.entries)
    left, linear, _facts = build_pool.build_on_workers(built, list(built.rules), 2)
    assert left == [] and linear  # the pool ran, and settled some ReDoS questions
    assert built.rules[4].reason is not None  # the rule over the cap is refused as one process refuses it
    fresh = _graph_with_every_outcome()
    pooled = decided_data(decide(fresh, build_workers=2), len(fresh.entries))
    assert pooled == alone


def test_the_parent_analyses_only_the_regexes_the_workers_did_not_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_pool, "RULES_PER_BUILDER", 2)
    graph = _graph_with_every_outcome()
    with mock.patch.object(redos_module, "analyse", wraps=analyse) as analysed:
        decisions = decide(graph, build_workers=2)
    asked = sorted(entry.id for entry in graph.entries
                   for call in analysed.call_args_list if _nfa_of(graph, entry.id) is call.args[0])
    # `(a+)+b` is super-linear; `huge` went over the cap while building, so no worker analysed it.
    assert asked == ["greedy", "huge"]
    assert any(item.entry.id == "greedy" for item in decisions.items if item.redos is not None)


def _nfa_of(graph: Graph, rule_id: str) -> object:
    from fuzzroute.decided.languages import languages_for

    rules = languages_for(graph).rules
    (found,) = [rule for rule in rules.values() if rule.entry.id == rule_id]
    return found.nfas[0]


@pytest.mark.parametrize("name", ["check-300.json", "bare-800.json"])
def test_a_big_graph_decides_alike_on_one_builder_and_two(name: str) -> None:
    one, two = loaded(str(DATA / name)), loaded(str(DATA / name))
    assert one is not None and two is not None
    assert (decided_data(decide(one, build_workers=1), len(one.entries))
            == decided_data(decide(two, build_workers=2), len(two.entries)))


def test_without_fork_the_parent_builds_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_pool, "RULES_PER_BUILDER", 2)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    built = build_languages(_graph_with_every_outcome().entries)
    left, linear, _facts = build_pool.build_on_workers(built, list(built.rules), 2)
    assert left == list(built.rules) and linear == set()


def test_check_builds_and_answers_on_every_core() -> None:
    seen: list[tuple[object, object, object]] = []
    real = decide

    def spy(graph: Graph, **options: Any) -> Decisions:
        seen.append((options.get("workers", 1), options.get("build_workers"), options.get("winners")))
        return real(graph, **options)

    with mock.patch("fuzzroute.decided.decide", spy):
        result = invoke("check", DATA / "check-300.json", "--format", "json")
    assert result.exit_code == 1, result.stderr
    cores = os.cpu_count() or 1
    assert seen == [(cores, cores, ANY)]
