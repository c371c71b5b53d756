"""`when` predicates of TypeScript and JavaScript graphs run in V8, as the reference runs them, driven as a user would.

The graphs of tests/data/ts_when/reference_*.ts are the start-rule cases of
the reference library's own tests that use `when` predicates, and
reference_verdicts.json the verdicts the reference gives them; hostile.ts
holds predicates that try to hang, exhaust memory or leave the sandbox.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.unread import UnreadPredicate
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.jsrun.predicate import ScriptPredicate

DATA = Path(__file__).parent / "data" / "ts_when"
VERDICTS = json.loads((DATA / "reference_verdicts.json").read_text("utf-8"))


def check_json(*args: str) -> tuple[int, Any]:
    code, out, err = code_out_err(invoke("check", *args, "--format", "json"))
    assert code in (0, 1), err
    return code, json.loads(out)


@pytest.mark.parametrize("case", VERDICTS["checkups"], ids=[c["graph"] for c in VERDICTS["checkups"]])
def test_the_reference_cases_checkups_give_the_reference_verdicts(case: dict[str, Any]) -> None:
    code, document = check_json(str(DATA / case["graph"]))
    problems = [[p["code"], p["kind"], p["skill"], p["example"]] for p in document["problems"]]
    assert problems == case["problems"], case["test"]
    assert [n["name"] for n in document["notes"]] == case["notes"], case["test"]
    assert "not_checked" not in document  # every predicate ran
    assert code == (1 if any(p[1] == "error" for p in problems) else 0)


@pytest.mark.parametrize("case", VERDICTS["routes"], ids=[f"{c['graph']}:{c['message']}" for c in VERDICTS["routes"]])
def test_the_reference_cases_routes_are_the_reference_routes(case: dict[str, Any]) -> None:
    graph = load_graph(str(DATA / case["graph"])).graph
    given = case.get("context")
    context = None if given is None else RoutingContext(user_message=case["message"], **given)
    claimant = graph.claims(case["message"], context).cold_walk
    assert (None if claimant is None else claimant.id) == case["starts"], case["test"]


def test_a_warning_message_names_the_cold_context_and_the_predicate() -> None:
    _, document = check_json(str(DATA / "reference_start_rules.ts:laterTurn"))
    misses, unclaimed = document["problems"]
    assert "its `when` predicate returned a false value" in misses["message"]
    assert "iteration 1" in misses["message"] and "empty history" in misses["message"]
    assert "gated on conversation state" in misses["message"]


def test_the_decided_tier_keeps_a_when_opaque() -> None:
    # Two rules with the very same predicate: the reference never compares `when` predicates, nor do the automata.
    _, document = check_json(str(DATA / "reference_front_door.ts:shared"))
    assert document["decided"] == [] and document["decided_defects"] == [], document
    code, out, _ = code_out_err(invoke("check", str(DATA / "reference_front_door.ts:shared"), "-v"))
    assert "nothing to decide: the graph has no data rules" in out and "Not decided: `when` predicates" in out


# -- hostile predicates -----------------------------------------------------------------------------------

HOSTILE_RUN = ["spin", "fill", "buffer", "throws", "tamper", "escape", "later"]
HOSTILE_NOT_RUN = {
    "evaluate": "builds code from text (`eval`)",
    "construct": "builds code from text (`Function`)",
    "load": "loads a module (`import()`)",
    "exit": "uses `process`",
    "spawn": "uses `require`",
    "timer": "uses `setTimeout`",
}


@pytest.fixture(scope="module")
def hostile_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Any, str]:
    """One real `fuzzroute check` process (the watching parent, its child, the sandbox) over every hostile graph."""
    folder = tmp_path_factory.mktemp("hostile")
    specs = [f"{DATA / 'hostile.ts'}:{name}" for name in [*HOSTILE_RUN, *HOSTILE_NOT_RUN]]
    done = subprocess.run(
        [sys.executable, "-m", "fuzzroute", "check", *specs, "--condition-limit", "100ms", "--format", "json"],
        cwd=folder, capture_output=True, text=True, timeout=240,
    )
    return done.returncode, json.loads(done.stdout), str(folder)


def test_each_hostile_predicate_ends_in_its_own_rules_verdict(hostile_run: tuple[int, Any, str]) -> None:
    code, documents, folder = hostile_run
    assert code == 1
    by_name = {d["graph"].rsplit(":", 1)[1]: d for d in documents}
    for name in HOSTILE_RUN:
        document = by_name[name]
        own = [p for p in document["problems"] if p["code"] == "example-misses-own-rule"]
        assert [(p["kind"], p["skill"], p["example"]) for p in own] == [("error", name, name)], name
        expected = "ran longer than the 0.1 s" if name in ("spin", "later", "fill") else "raised an exception"
        assert expected in own[0]["message"], (name, own[0]["message"])
        # The rule after it still runs with intact built-ins and claims its own example.
        assert not any(p["example"] == "victim" for p in document["problems"]), (name, document["problems"])
        assert "not_checked" not in document
    for name, why in HOSTILE_NOT_RUN.items():
        document = by_name[name]
        assert document["problems"] == [], name
        reasons = {item["phrase"]: item["message"] for item in document["not_checked"]}
        assert set(reasons) == {name, "victim"}, name
        assert all(why in message and "which fuzzroute does not run" in message for message in reasons.values())
    assert not (Path(folder) / "fuzzroute-escaped").exists()


def test_a_predicate_past_the_heap_cap_is_stopped_and_reported_as_raising() -> None:
    from fuzzroute import time_limits

    graph = load_graph(f"{DATA / 'hostile.ts'}:grow").graph
    with time_limits(condition_seconds=30):
        checkup = graph.checkup()
    own = [p for p in checkup.problems if p.code == "example-misses-own-rule"]
    assert [(p.kind, p.skill) for p in own] == [("error", "grow")] and "raised an exception" in own[0].message
    assert not any(p.example == "victim" for p in checkup.problems)


def test_an_async_predicate_always_claims_and_the_checkup_says_so() -> None:
    _, document = check_json(str(DATA / "closures.ts"))
    notes = {n["name"]: n["text"] for n in document["notes"]}
    assert "async function" in notes["when-always-true"] and 'rule #12 ("promised"' in notes["when-always-true"]
    graph = load_graph(str(DATA / "closures.ts")).graph
    assert graph.claims("anything at all", RoutingContext(7, "anything at all")).cascade is not None


# -- what is not run, and why ------------------------------------------------------------------------------


def test_what_a_predicate_closes_over_decides_whether_it_runs() -> None:
    graph = load_graph(str(DATA / "closures.ts")).graph
    whens = {e.id: e.when for e in graph.entries}
    for runs in ("literal-constants", "named-function", "named-arrow", "shorthand-method", "shadowing"):
        assert isinstance(whens[runs], ScriptPredicate), (runs, whens[runs])
    expected = {
        "imported": "it reads `normalise`, an import (line 4)",
        "helper": "it reads `isFollowUp`, a function declared on line 9",
        "mutable": "it reads `calls`, a `let` binding, state that can change (line 7)",
        "computed": "it reads `PATTERN`, a constant whose value is not a literal (line 8)",
        "enum": "it uses an `enum`",
        "built": "`when` is not a function written in the file",
    }
    for rule, reason in expected.items():
        when = whens[rule]
        assert isinstance(when, UnreadPredicate) and when.reason.startswith(reason), (rule, when)
    claims = graph.claims("please refund", None)
    assert claims.cold_walk is not None and claims.cold_walk.id == "literal-constants"


def test_without_v8_a_predicate_is_not_run_and_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from fuzzroute.jsrun import client

    monkeypatch.setattr(client, "V8_PACKAGE", "no_such_package_for_fuzzroute")
    code, out, err = code_out_err(invoke("check", str(DATA / "reference_start_rules.ts:wrongWord")))
    assert code == 0, err
    assert "pip install 'fuzzroute[js]'" in out and "not checked" in out


# -- every tier ----------------------------------------------------------------------------------------------


def test_report_on_two_workers_runs_the_predicates_in_each_worker(tmp_path: Path) -> None:
    graph = Path(__file__).parent.parent / "examples" / "support.ts"
    documents = []
    for workers in ("1", "2"):
        out = tmp_path / f"report-{workers}.json"
        code, _, err = code_out_err(invoke(
            "report", str(graph), "--workers", workers, "--budget", "120", "-o", str(tmp_path / f"r{workers}.html"),
            "--json", str(out),
        ))
        assert code == 1, err
        documents.append(json.loads(out.read_text("utf-8")))
    one, two = documents
    assert one["suggestions"] == two["suggestions"]  # the same findings on one process and on two
    assert one["proven"] == two["proven"] and "not_checked" not in one["proven"]
    # Contexts drawn by hypothesis went to V8: `ctx.history.length > 0` claims with a history, never cold.
    warm = [f for f in one["suggestions"] if f["kind"] == "when-claims-warm"]
    assert [f["rule_index"] for f in warm] == [3]
    assert all(w["context"]["history"] for w in warm[0]["witnesses"])


def test_diff_sees_a_changed_when_body(tmp_path: Path) -> None:
    source = (DATA / "reference_front_door.ts").read_text("utf-8")
    old, new = tmp_path / "old.ts", tmp_path / "new.ts"
    old.write_text(source, "utf-8")
    new.write_text(source.replace("c.userMessage.includes('escalate')", "c.userMessage.includes('urgent')"), "utf-8")
    code, out, err = code_out_err(invoke("diff", f"{old}:frontDoor", f"{new}:frontDoor", "--format", "json"))
    assert code in (0, 1), err
    document = json.loads(out)
    assert [(r["changes"], r["head"]["id"]) for r in document["rules"]] == [(["matcher-changed"], "triage")], out
    assert "'urgent'" in document["rules"][0]["condition"]
    # The sampled half draws the predicates' own words: the rule's new word now starts it, the old one no more.
    moved = {(m["witness"], (m["from"] or {}).get("id"), (m["to"] or {}).get("id"))
             for m in document["sampled"]["moves"]}
    assert ("urgent", None, "triage") in moved and ("escalate", "triage", None) in moved, document["sampled"]


def test_the_pytest_plugin_runs_the_predicates(tmp_path: Path) -> None:
    shutil.copy(DATA / "reference_start_rules.ts", tmp_path / "rules.ts")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "--fuzzroute", "rules.ts:laterTurn",
         "--fuzzroute", "rules.ts:throwing"],
        cwd=tmp_path, capture_output=True, text=True, timeout=240,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    # Each declared phrase is an item that ran its rule's predicate: none is skipped as "not checked".
    assert re.search(r"^PASSED rules.ts:laterTurn::laterTurn.followup-refund#1::'refund my order'", done.stdout, re.M)
    assert "FuzzrouteProvenWarning" in done.stdout and "returned a false value" in done.stdout
    assert re.search(r"^FAILED rules.ts:throwing::throwing.a#1::'hello'", done.stdout, re.M), done.stdout
    assert "raised an exception" in done.stdout
    assert "skipped" not in done.stdout.splitlines()[-1]


# -- against Node.js and TypeScript's own compiler --------------------------------------------------------

NODE = os.environ.get("FUZZROUTE_NODE", "node")
TYPESCRIPT = Path(__file__).parent / "js" / "node_modules" / "typescript"
GRAPH_FILES = sorted(
    [*Path(__file__).parent.joinpath("data").rglob("*.ts"), *Path(__file__).parent.joinpath("data").rglob("*.js"),
     Path(__file__).parent.parent / "examples" / "support.ts"]
)


def _node_or_skip() -> str:
    from shutil import which

    found = which(NODE)
    if found is None or not TYPESCRIPT.is_dir():
        if os.environ.get("CI"):
            pytest.fail("node and tests/js/node_modules/typescript are installed by .ci/run; neither may be missing")
        pytest.skip("needs node and `npm ci --prefix tests/js` (.ci/run installs both)")
    return found


@functools.lru_cache(maxsize=1)
def _predicates() -> list[tuple[str, ScriptPredicate, list[RoutingContext]]]:
    """Every runnable `when` of every graph file under tests/data, with contexts to run it on.

    The contexts are the cold ones of its graph's declared phrases and of a
    few words, and the warm ones the generated tier draws for that graph
    (hypothesis, from the routing-context schema), each with a few phrases.
    """
    from fuzzroute.generate.warm import warm_contexts
    from fuzzroute.graphfiles.typescript import find_graphs, parse_source
    from fuzzroute.strategies.contexts import to_routing_context

    graphs = []
    for path in GRAPH_FILES:
        text = path.read_text("utf-8")
        for declared in find_graphs(parse_source(path, text)):
            try:
                graph = load_graph(f"{path}:{declared.label}").graph
            except Exception:  # a fixture of a refusal: nothing runs
                continue
            if any(isinstance(e.when, ScriptPredicate) for e in graph.entries):
                graphs.append((f"{path.name}:{declared.label}", graph))
    words = ["", "refund", "escalate now", "x marks", "É\u00a0é \ud83d\ude00", "victim", "beta"]
    drawn = warm_contexts(graphs[0][1], 0, [*words, "hello there", "refund my order"])[:8]
    found = []
    for name, graph in graphs:
        phrases = [*(p for e in graph.entries for p in e.examples or ()), *graph.never_route_phrases, *words]
        contexts = [RoutingContext(1, p) for p in phrases]
        contexts += [to_routing_context(d, p) for d in drawn for p in phrases[:4]]
        for entry in graph.entries:
            if isinstance(entry.when, ScriptPredicate):
                found.append((f"{name}#{entry.index + 1}", entry.when, contexts))
    return found


def test_each_predicate_answers_as_node_answers_on_the_same_contexts() -> None:
    node = _node_or_skip()
    from fuzzroute.jsrun.predicate import context_json

    cases, ours = [], {}
    for name, when, contexts in _predicates():
        if name.startswith("hostile.ts:"):  # they run into the limits, which Node.js does not have
            continue
        answers = []
        for context in contexts:
            try:
                answers.append("true" if when.run_limited(context, 2.0, lambda: "a differential call") else "false")
            except Exception:
                answers.append("threw")
        ours[name] = answers
        cases.append({"id": name, "factory": when.original, "typescript": True,
                      "contexts": [context_json(c) for c in contexts]})
    assert len(cases) >= 25, "the fixtures hold the predicates this test is about"
    done = subprocess.run([node, str(TYPESCRIPT.parent.parent / "predicates.cjs")], input=json.dumps({"cases": cases}),
                          capture_output=True, text=True, timeout=120, check=True)
    theirs = json.loads(done.stdout)
    differing = {name: (ours[name], theirs[name]["answers"]) for name in ours if ours[name] != theirs[name]["answers"]}
    assert differing == {}


def test_the_type_stripper_writes_what_typescripts_transpile_module_writes() -> None:
    node = _node_or_skip()
    names = [name for name, _, _ in _predicates()]
    cases = [{"id": name, "factory": when.original, "typescript": True, "contexts": []}
             for name, when, _ in _predicates()]
    cases += [{"id": "ours:" + name, "factory": when.factory, "typescript": False, "contexts": []}
              for name, when, _ in _predicates()]
    done = subprocess.run([node, str(TYPESCRIPT.parent.parent / "predicates.cjs")], input=json.dumps({"cases": cases}),
                          capture_output=True, text=True, timeout=120, check=True)
    out = json.loads(done.stdout)
    differing = {name: (out["ours:" + name]["tokens"], out[name]["tokens"]) for name in names
                 if _tokens(out["ours:" + name]["tokens"]) != _tokens(out[name]["tokens"])}
    assert len(names) >= 40 and differing == {}


def _tokens(found: list[str]) -> list[str]:
    """The tokens of a function, less what TypeScript's printer adds or drops without changing the code.

    Both sides are read the same way: `;` left out (the printer ends every
    statement with one), and `( x )` around one token read as `x` (the
    printer drops the parentheses that only held a type assertion,
    `(globalThis as any).JSON` -> `globalThis.JSON`).
    """
    tokens = [t for t in found if t != ";"]
    out: list[str] = []
    for token in tokens:
        out.append(token)
        if token == ")" and len(out) >= 3 and out[-3] == "(" and out[-2] not in ("(", ")"):
            out[-3:] = [out[-2]]
    return out
