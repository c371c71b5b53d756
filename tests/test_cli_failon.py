"""`--fail-on decided|proven|new|never`: which findings set exit code 1, driven through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.results.message_table import full_form

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SUPPORT = str(EXAMPLES / "support.py")  # has proven errors on purpose


def report(tmp_path: Path, graph: str, name: str, *extra: str, expect: int) -> tuple[int, dict[str, Any]]:
    """Run `report`; the caller states the exit code it knows, and the document must say the same."""
    out = tmp_path / f"{name}.json"
    code, _, err = code_out_err(invoke("report", graph, "-o", str(tmp_path / f"{name}.html"), "--json", str(out),
                          "--budget", "100", *extra))
    assert code == expect, err
    # Read as a script would: names, locations and messages back (`fuzzroute.report.read_report`).
    document: dict[str, Any] = full_form(json.loads(out.read_text(encoding="utf-8")))
    assert document["summary"]["exit_status"] == code
    return code, document


def clean_graph(tmp_path: Path, orders: str = "\\border\\b") -> str:
    """No proven error, but generation finds a shadowing (orders takes tracking's phrases)."""
    graph = tmp_path / "clean.json"
    graph.write_text(json.dumps({"name": "clean", "entries": [
        {"id": "orders", "match": {"regex": orders, "flags": "i"}},
        {"id": "tracking", "match": {"regex": "where is my (order|package)"}, "examples": ["where is my package"]},
    ]}))
    return str(graph)


def test_decided_is_the_default_and_proven_fails_on_proven_errors_only(tmp_path: Path) -> None:
    code, document = report(tmp_path, SUPPORT, "a", expect=1)
    assert code == 1 and document["summary"] == {**document["summary"], "exit_status": 1, "fail_on": "decided"}
    # No proven error, but `orders` takes the fixed word of `tracking` for every message: decided, so it fails.
    code, document = report(tmp_path, clean_graph(tmp_path), "b", expect=1)
    assert document["summary"]["proven_errors"] == 0
    code, document = report(tmp_path, clean_graph(tmp_path), "c", "--fail-on", "proven", expect=0)
    assert code == 0 and document["summary"]["suggestions"] > 0  # suggestions never fail under `proven`
    code, document = report(tmp_path, clean_graph(tmp_path), "d", "--no-decide", expect=0)
    assert document["summary"]["fail_on"] == "proven"  # without the decided tier the default is proven
    code, _, err = code_out_err(invoke("report", clean_graph(tmp_path), "--no-decide", "--fail-on", "decided",
                                       "-o", str(tmp_path / "e.html")))
    assert code == 2 and "--no-decide" in err and not (tmp_path / "e.html").exists()


def test_never_exits_zero_with_proven_errors(tmp_path: Path) -> None:
    code, document = report(tmp_path, SUPPORT, "a", "--fail-on", "never", expect=0)
    assert code == 0 and document["summary"]["proven_errors"] > 0 and document["summary"]["exit_status"] == 0
    code, out, _ = code_out_err(invoke("check", SUPPORT, "--fail-on", "never"))
    assert code == 0 and "3 error(s)" in out
    code, _, _ = code_out_err(invoke("check", SUPPORT))
    assert code == 1


def test_new_fails_on_new_findings_against_a_baseline_and_not_on_old_ones(tmp_path: Path) -> None:
    graph = clean_graph(tmp_path)
    _, _ = report(tmp_path, graph, "old", "--fail-on", "proven", expect=0)
    code, document = report(tmp_path, graph, "same", "--baseline", str(tmp_path / "old.json"), "--fail-on", "new",
                            expect=0)
    assert code == 0 and document["history"]["suggestions"]["new"] == 0
    # proven errors that were already there do not fail a `new` run either
    _, _ = report(tmp_path, SUPPORT, "support-old", expect=1)
    code, _ = report(tmp_path, SUPPORT, "support-new", "--baseline", str(tmp_path / "support-old.json"),
                     "--fail-on", "new", expect=0)
    assert code == 0
    # a proven error that is new fails it: the baseline of a clean graph against the support graph
    code, document = report(tmp_path, SUPPORT, "mixed", "--baseline", str(tmp_path / "old.json"), "--fail-on", "new",
                            expect=1)
    assert code == 1 and document["history"]["proven"]["new"] == document["summary"]["proven_errors"] + \
        document["summary"]["proven_warnings"]


def test_new_fails_on_a_suggestion_that_is_new(tmp_path: Path) -> None:
    _, _ = report(tmp_path, clean_graph(tmp_path, orders="^order status$"), "old", expect=0)
    code, document = report(tmp_path, clean_graph(tmp_path), "now", "--baseline", str(tmp_path / "old.json"),
                            "--fail-on", "new", expect=1)
    new = [s for s in document["suggestions"] if s["status"] == "new"]
    assert code == 1 and new and document["summary"]["proven_errors"] == 0
    assert ("generated-shadowed-by-earlier", "tracking") in {(s["kind"], s["rule"]) for s in new}


@pytest.mark.parametrize("command", ["report", "check"])
def test_an_unknown_policy_is_one_paragraph_and_exit_2(tmp_path: Path, command: str) -> None:
    args = [command, SUPPORT, "--fail-on", "sometimes"]
    if command == "report":
        args += ["-o", str(tmp_path / "r.html")]
    code, out, err = code_out_err(invoke(*args))
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("fuzzroute: error: ") and "'sometimes'" in err and "proven, decided, new, never" in err
    assert list(tmp_path.iterdir()) == []


def test_new_without_anything_to_compare_with_is_bad_input(tmp_path: Path) -> None:
    code, _, err = code_out_err(invoke("report", SUPPORT, "-o", str(tmp_path / "r.html"), "--fail-on", "new"))
    assert code == 2 and "--baseline" in err and "--db" in err and list(tmp_path.iterdir()) == []
    code, _, err = code_out_err(invoke("check", SUPPORT, "--fail-on", "new"))
    assert code == 2 and "fuzzroute report --fail-on new" in err
