"""`suggest` never hurts: following its advice adds no error it did not name as a real defect or gap.

Driven as an author would: `suggest --diff` applied with `patch` to the
bundled realistic graphs, then `check`.  Every error the checkup reports
after the edit that it did not report before is for a pick that said it
shows a real defect (`defect: true`) and predicted exactly that verdict; a
widening pick passes.  No pick is a co-occurrence witness (two triggers glued
together), and every pick reads like a message: no punctuation glued between
words, and its words are English words (wordfreq's list) or the rule's own.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke
from helpers.patching import apply_patch
from wordfreq import zipf_frequency

from fuzzroute.authoring.suggest import suggest_examples
from fuzzroute.generate.naturalness import glued_marks
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.strategies.roles import FUNCTION_WORDS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BUDGET = "300"
GRAPHS = ["devops.py", "banking.json", "support.py", "helpdesk.py", "travel.json", "smarthome.ts"]
#: Graphs written as teams write them (a default, never-route rows, ordinary topic words).
REALISTIC = ["helpdesk.py", "travel.json", "smarthome.ts"]


def errors(graph: str) -> set[tuple[str, str, str]]:
    _, out, _ = code_out_err(invoke("check", graph, "--format", "json"))
    return {(p["skill"], p["example"], p["code"]) for p in json.loads(out)["problems"] if p["kind"] == "error"}


@pytest.mark.parametrize("name", GRAPHS)
def test_applying_the_diff_adds_only_errors_the_suggestion_named(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(EXAMPLES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    before = errors(name)
    code, out, err = code_out_err(invoke("suggest", name, "--budget", BUDGET, "--format", "json"))
    assert code == 0, err
    picks: dict[tuple[str, str], dict[str, Any]] = {
        (rule["rule"], pick["phrase"]): pick for rule in json.loads(out)["rules"] for pick in rule["examples"]
    }
    assert any(p["defect"] for p in picks.values())  # each graph has a real defect or gap to show
    code, diff, _ = code_out_err(invoke("suggest", name, "--budget", BUDGET, "--diff"))
    assert code == 0
    apply_patch(diff, tmp_path)
    new = errors(name) - before
    for rule, phrase, error in new:
        pick = picks[(rule, phrase)]
        assert pick["defect"] and {"kind": "error", "code": error} in pick["verdict"], (rule, phrase, error)
    for (rule, phrase), pick in picks.items():
        if not pick["defect"]:
            assert pick["reason"] == "widens-coverage" and pick["verdict"] == [], (rule, phrase)
            assert not any(r == rule and p == phrase for r, p, _ in new)


def _words(phrase: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", phrase)


@pytest.mark.parametrize("name", GRAPHS)
def test_picks_are_never_glued_triggers_and_read_like_messages(name: str) -> None:
    loaded = load_graph(EXAMPLES / name)
    suggested = suggest_examples(loaded, budget_phrases=int(BUDGET))
    entries = loaded.graph.entries
    witnesses = {
        (s.rule_index, w.phrase): w for s in suggested.exploration.suggestions for w in s.witnesses
    }
    words = total = 0
    for index, picks in suggested.picks.items():
        own = {w.lower() for t in (*(entries[index].examples or ()), entries[index].caption) for w in _words(t)}
        for pick in picks:
            assert glued_marks(pick.phrase) == 0, pick.phrase
            witness = witnesses.get((index, pick.phrase))
            if pick.reason == "generated-shadowed-by-earlier":
                assert witness is not None and witness.relation == "shared-text", pick.phrase
                assert witness.shared_in == "fixed-words", pick.phrase
            if pick.reason == "rule-never-wins":
                assert witness is not None and witness.relation != "co-occurrence", pick.phrase
            if pick.reason.startswith("near-miss"):  # a listed near miss people type, never a slip
                assert witness is not None and witness.generator.startswith("variant/"), pick.phrase
                assert (witness.mutation or "").partition(":")[0] == pick.variant, pick.phrase
            found = _words(pick.phrase)
            total += len(found)
            words += sum(1 for w in found if w.lower() in own or zipf_frequency(w, "en") > 0)
    assert total and words / total >= 0.95, (words, total)


def test_max_one_picks_the_scale_down_shadowing_in_a_natural_sentence() -> None:
    code, out, err = code_out_err(invoke("suggest", str(EXAMPLES / "devops.py"), "--budget", BUDGET, "--max", "1",
                            "--format", "json"))
    assert code == 0, err
    picks = {rule["rule"]: rule["examples"] for rule in json.loads(out)["rules"]}
    [scale] = picks["scale"]
    assert scale["phrase"].startswith("scale down ") and scale["reason"] == "generated-shadowed-by-earlier"
    assert glued_marks(scale["phrase"]) == 0 and len(scale["phrase"].split()) >= 3
    assert "'down'" in scale["why"] and '"incident"' in scale["why"]
    [rollback] = picks["rollback"]
    assert rollback["phrase"].startswith("revert to the previous ") and rollback["defect"]


def _content_words(phrase: str) -> list[str]:
    return [w.lower() for w in _words(phrase) if w.lower() not in FUNCTION_WORDS and len(w) > 1]


@pytest.mark.parametrize("name", REALISTIC)
def test_every_added_example_reads_as_a_message(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No doubled or repeated content word, no non-word (wordfreq), no sampler frame around a trigger."""
    shutil.copy(EXAMPLES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    # the default budget, as an author runs it
    code, out, err = code_out_err(invoke("suggest", name, "--format", "json"))
    assert code == 0, err
    loaded = load_graph(tmp_path / name)
    by_id = {e.id: e for e in loaded.graph.entries}
    added = [(rule["rule"], pick) for rule in json.loads(out)["rules"] for pick in rule["examples"]]
    assert len(added) >= 4
    for rule, pick in added:
        phrase = pick["phrase"]
        words = _content_words(phrase)
        assert len(words) == len(set(words)), phrase  # "lamp the bedroom lamp", "travel travel cover"
        entry = by_id[rule]
        own = {w.lower() for t in (*(entry.examples or ()), entry.caption) for w in _words(t)}
        for word in _words(phrase):
            assert word.lower() in own or zipf_frequency(word, "en") > 0, (phrase, word)
    # An inflection gap of each graph is among the picks, named as a real gap (listed, added with --with-gaps).
    gaps = {pick["phrase"] for _, pick in added if pick.get("variant") == "inflection" and not pick["added"]}
    assert gaps, added
