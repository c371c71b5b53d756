"""Near misses a person could have typed: real-word inflections, labelled edits.

Measured over every bundled example: every inflection a near miss uses is one
of lemminflect's own forms of the word it replaces, never a suffix-rule
non-word such as "orderer", and every near miss says which edit made it.
"""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.examples import assert_exit_agrees, default_exit_code
from lemminflect import getAllInflections, getAllLemmas

from fuzzroute import Graph
from fuzzroute.cli import main
from fuzzroute.graphfiles.jsonformat import graph_from_json
from fuzzroute.results.message_table import full_form
from fuzzroute.strategies.inflection import word_forms
from fuzzroute.strategies.mutations import labelled_mutations

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
NON_WORDS = ("orderer", "helloer", "subscriptioned", "refunder", "packageer", "cancelled my subscriptioned")
#: Every bundled graph as the CLI names it.
SPECS = (
    "examples/support.py",
    "examples/planted_defects.py:graph",
    "examples/defaults.py:default_first",
    "examples/defaults.py:default_last",
    "examples/defaults.py:raising_when",
    "examples/keyword_boundaries.json",
    "examples/mounts/classifier.json",
    "examples/mounts/rules.json",
    "examples/mounts/read.json",
    "examples/mounts/scorer.json",
)
INFLECTION_LABEL = re.compile(r"^inflection: (\S+) -> (\S+)$")


def library_forms(word: str) -> set[str]:
    """Every form lemminflect lists for any lemma of `word`, any part of speech (lower case)."""
    forms: set[str] = set()
    for pos, lemmas in getAllLemmas(word.lower()).items():
        for lemma in lemmas:
            forms.add(lemma)
            for spelled in getAllInflections(lemma, upos=pos).values():
                forms.update(spelled)
    return forms


def bundled_graphs() -> list[Graph]:
    graphs: list[Graph] = []
    for path in sorted(EXAMPLES.rglob("*.py")):
        namespace = runpy.run_path(str(path))
        graphs += [value for value in namespace.values() if isinstance(value, Graph)]
        maker = namespace.get("near_miss_graph")
        if callable(maker):
            graphs.append(maker())
    for path in sorted(EXAMPLES.rglob("*.json")):
        graphs.append(graph_from_json(json.loads(path.read_text(encoding="utf-8"))))
    return graphs


def declared_examples() -> list[str]:
    return sorted({x for g in bundled_graphs() for e in g.entries for x in e.examples or ()})


def test_the_bundled_examples_are_all_read() -> None:
    assert len(bundled_graphs()) >= len(SPECS)
    assert {"order status please", "hello there", "cancel my subscription"} <= set(declared_examples())


def test_inflections_are_the_librarys_forms_of_the_word_they_replace() -> None:
    inflected = 0
    for example in declared_examples():
        words = example.split()
        for trigger in {words[-1], *(" ".join(words[i:i + 2]) for i in range(len(words) - 1))}:
            for m in labelled_mutations(example, trigger):
                if m.kind != "inflection":
                    continue
                inflected += 1
                found = INFLECTION_LABEL.match(m.label)
                assert found, m.label
                before, after = found.groups()
                assert after.lower() in library_forms(before) or after.lower() in (before + "s", before + "es"), m
                # The word the label names changed (the words agreeing with it may change too).
                assert before in words and after in m.phrase.split(), (example, m.phrase)
                assert not any(bad in m.phrase.lower().split() for bad in NON_WORDS), m.phrase
    assert inflected >= 5  # the bundled examples do get inflected, by real words with their sentence agreeing


def test_suffix_rule_non_words_are_gone() -> None:
    assert word_forms("order") == ["ordered", "ordering", "orders"]
    assert word_forms("hello") == ["hellos"]
    assert word_forms("subscription") == ["subscriptions"]
    assert word_forms("Try") == ["Tried", "Tries", "Trying"]
    assert word_forms("REFUND") == ["REFUNDED", "REFUNDING", "REFUNDS"]
    # Unknown words and auxiliaries are left alone rather than guessed at.
    assert word_forms("xv") == [] and word_forms("is") == [] and word_forms("Berlin") == []


def test_typos_are_generated_only_on_request() -> None:
    slips = ("typo", "swap", "spacing")
    default = labelled_mutations("order status please", "order status")
    assert not [m for m in default if m.kind in slips]
    # Only function words are dropped by default; a content word stays.
    assert {m.phrase for m in default if m.kind == "drop"} <= {"order status"}
    asked = {m.kind for m in labelled_mutations("order status please", "order status", typos=True)}
    assert set(slips) <= asked


def test_typos_stay_typos_and_say_so() -> None:
    labels = {m.phrase: m.label for m in labelled_mutations("order status please", typos=True) if m.kind == "typo"}
    assert labels["odrer status please"] == "typo: swapped letters (order -> odrer)"
    assert labels["orde status please"] == "typo: dropped last letter (order -> orde)"
    assert all(label.startswith("typo: ") for label in labels.values())


def _report(spec: str, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / (re.sub(r"\W+", "-", spec) + ".json")
    result = CliRunner().invoke(
        main, ["report", spec, "-o", str(out.with_suffix(".html")), "--json", str(out), "--budget", "300"],
    )
    assert result.exit_code == default_exit_code(spec), result.output
    document: dict[str, Any] = full_form(json.loads(out.read_text(encoding="utf-8")))
    assert_exit_agrees(result.exit_code, document)
    return document


@pytest.mark.parametrize("spec", SPECS)
def test_every_near_miss_in_a_report_names_its_edit(spec: str, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(ROOT)
    document = _report(spec, tmp_path)
    for s in document["suggestions"]:
        phrases = [w["phrase"] for w in s["witnesses"]]
        assert not any(bad in p.lower().split() for p in phrases for bad in NON_WORDS), phrases
        if not s["kind"].startswith("near-miss"):
            assert s["mutation"] is None
            continue
        assert s["mutation"] == s["witnesses"][0]["mutation"]
        assert f"({s['mutation']})" in s["message"]
        for w in s["witnesses"]:
            kind, _, _ = w["mutation"].partition(": ")
            assert w["generator"] in (f"variant/{kind}", f"variant/{kind}/literal", f"mutation/{kind}")
            assert s["variant"] == (kind if w["generator"].startswith("variant/") else None)
            found = INFLECTION_LABEL.match(w["mutation"])
            if found:
                before, after = found.groups()
                assert after.lower() in library_forms(before), w
