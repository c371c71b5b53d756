"""`report --db`: the nightly memory, driven through the CLI as a nightly job would.

The graph is `examples/nightly_shop.json`: "orders" claims "order status"
and "refund please", so it shadows "billing" (which owns "refund please");
"tracking" and "billing" each have a declared example whose near-misses
(dropped words, punctuation) no rule claims.  Changing the one regex of
"orders" to claim "where is my order" instead resolves the billing shadowing
and makes a new tracking shadowing, and changes nothing else.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.results.message_table import full_form

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHADOW_BILLING = ("generated-shadowed-by-earlier", "billing", "orders", "billing")
SHADOW_TRACKING = ("generated-shadowed-by-earlier", "tracking", "orders", "tracking")


@pytest.fixture()
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    target = tmp_path / "shop.json"
    shutil.copy(EXAMPLES / "nightly_shop.json", target)
    return target


def nightly(graph: Path, *extra: str, expect: int, seed: int = 0, budget: str = "150") -> tuple[
    int, dict[str, Any], str
]:
    """Run the nightly report; the caller states the exit code it knows (the shop graph has no proven
    error, so under `--fail-on proven`, given first here, only `--fail-on new` with something new exits 1), and
    the document must say the same."""
    code, out, err = code_out_err(invoke("report", str(graph), "-o", "nightly.html", "--json", "nightly.json", "--db",
                            "--seed", str(seed), "--budget", budget, "--fail-on", "proven", *extra))
    assert code == expect, err
    document: dict[str, Any] = full_form(json.loads(Path("nightly.json").read_text(encoding="utf-8")))
    assert document["summary"]["exit_status"] == code
    return code, document, out


def key(item: dict[str, Any]) -> tuple[Any, ...]:
    return (item["kind"], item["rule"], item["from"], item["to"])


def by_status(document: dict[str, Any], status: str) -> set[tuple[Any, ...]]:
    return {key(s) for s in document["suggestions"] if s["status"] == status}


def change_orders_regex(graph: Path, regex: str) -> None:
    data = json.loads(graph.read_text(encoding="utf-8"))
    data["entries"][0]["match"]["regex"] = regex
    graph.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_the_first_run_keeps_a_ledger_and_a_hypothesis_folder_under_the_bare_default(shop: Path) -> None:
    _, document, _ = nightly(shop, expect=0)
    ledger = json.loads(Path(".fuzzroute/witnesses/shop.json").read_text(encoding="utf-8"))
    assert ledger["format"] == "fuzzroute-witness-ledger" and ledger["graph"] == "shop"
    assert [key(s) for s in ledger["suggestions"]] == [key(s) for s in document["suggestions"]]
    assert all(s["witnesses"] for s in ledger["suggestions"])
    assert document["memory"]["first_run"] is True and document["memory"]["db"] == ".fuzzroute"
    assert {s["status"] for s in document["suggestions"]} == {"new"}
    assert not Path(".hypothesis").exists()
    assert SHADOW_BILLING in by_status(document, "new")
    assert 'data-memory="first-run"' in Path("nightly.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("second_seed", [0, 7])
def test_a_second_run_on_an_unchanged_graph_reports_nothing_new(shop: Path, second_seed: int) -> None:
    _, first, _ = nightly(shop, expect=0)
    code, second, out = nightly(shop, "--fail-on", "new", seed=second_seed, expect=0)
    assert code == 0
    assert by_status(second, "new") == set()
    assert by_status(second, "still") == {key(s) for s in first["suggestions"]}
    history = second["history"]
    assert history["suggestions"]["new"] == 0 and history["suggestions"]["resolved"] == []
    assert history["proven"]["new"] == 0 and history["proven"]["resolved"] == []
    memory = second["memory"]
    assert memory["first_run"] is False and memory["replayed_witnesses"] == memory["reproduced_witnesses"] > 0
    assert "suggestions 0 new, 0 resolved" in out
    assert f"memory:    replayed {memory['replayed_witnesses']} stored witnesses" in out
    assert 'data-memory="replayed"' in Path("nightly.html").read_text(encoding="utf-8")


def test_after_changing_one_regex_exactly_the_new_and_resolved_findings(shop: Path) -> None:
    _, first, _ = nightly(shop, expect=0)
    assert SHADOW_BILLING in by_status(first, "new") and SHADOW_TRACKING not in by_status(first, "new")
    change_orders_regex(shop, "^(order status|where is my order)$")
    code, second, out = nightly(shop, "--fail-on", "new", expect=1)
    assert code == 1  # a new suggestion fails the run under --fail-on new
    # The anchored regex also misses its own words respelled ("Order status", "where's my order"): new near misses.
    new_near = by_status(second, "new") - {SHADOW_TRACKING}
    assert all(k[0].startswith("near-miss-") and k[1] == "orders" for k in new_near), new_near
    assert SHADOW_TRACKING in by_status(second, "new")
    assert [key(s) for s in second["history"]["suggestions"]["resolved"]] == [SHADOW_BILLING]
    assert by_status(second, "still") == {key(s) for s in first["suggestions"]} - {SHADOW_BILLING}
    assert f"suggestions {second['history']['suggestions']['new']} new, 1 resolved" in out
    # the billing witnesses were replayed and no longer reproduce
    assert second["memory"]["reproduced_witnesses"] < second["memory"]["replayed_witnesses"]
    third_code, third, _ = nightly(shop, "--fail-on", "new", expect=0)
    assert third_code == 0 and by_status(third, "new") == set()


def test_a_finding_not_drawn_tonight_is_carried_while_its_witness_reproduces(shop: Path) -> None:
    _, first, _ = nightly(shop, expect=0)
    # Reformatting moves every entry to another line without changing a rule.
    shop.write_text(json.dumps(json.loads(shop.read_text(encoding="utf-8")), indent=4), encoding="utf-8")
    # A tiny budget draws too little to see the billing shadowing again (below 4 phrases, not even
    # one pair gets an overlap witness).
    _, small, _ = nightly(shop, budget="3", expect=0)
    carried = [s for s in small["suggestions"] if s.get("memory") == "replayed"]
    assert carried and small["memory"]["carried"] == len(carried)
    assert by_status(small, "new") == set() and small["history"]["suggestions"]["resolved"] == []
    assert {key(s) for s in small["suggestions"]} == {key(s) for s in first["suggestions"]}
    assert small["summary"]["suggestions"] == len(small["suggestions"])
    from fuzzroute.graphfiles.loader import load_graph

    graph = load_graph(str(shop)).graph
    lines = {r["id"]: r["location"] for r in small["graph"]["rules"]}
    for item in carried:  # a carried witness really shows the finding on the current graph
        old = next(s["location"] for s in first["suggestions"] if key(s) == key(item))
        assert item["location"] == lines[item["rule"]] != old
        witness = item["witnesses"][0]
        assert graph.claims(witness["phrase"]).ids() == (witness["cold_walk"], witness["cascade"])


def test_a_corrupt_ledger_is_bad_input_and_nothing_is_written(shop: Path) -> None:
    nightly(shop, expect=0)
    ledger = Path(".fuzzroute/witnesses/shop.json")
    ledger.write_text('{"format": "fuzzroute-witness-ledger", "version": 1, "proven": [', encoding="utf-8")
    before = ledger.read_bytes()
    Path("nightly.json").unlink()
    Path("nightly.html").unlink()
    code, out, err = code_out_err(invoke("report", str(shop), "-o", "nightly.html", "--json", "nightly.json", "--db"))
    assert code == 2 and out == "" and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith("fuzzroute: error: ") and "shop.json" in err and "corrupt" in err and "Delete" in err
    assert ledger.read_bytes() == before
    assert not Path("nightly.json").exists() and not Path("nightly.html").exists()


@pytest.mark.parametrize("text,reason", [
    ("[]", "format"),
    ('{"format": "fuzzroute-witness-ledger", "version": 9, "proven": [], "suggestions": []}', "version 9"),
    ('{"format": "fuzzroute-witness-ledger", "version": 2, "proven": [], "suggestions": [{"kind": "x"}]}',
     "lacks"),
])
def test_ledgers_fuzzroute_did_not_write_are_refused(shop: Path, text: str, reason: str) -> None:
    ledger = Path("db/witnesses/shop.json")
    ledger.parent.mkdir(parents=True)
    ledger.write_text(text, encoding="utf-8")
    code, _, err = code_out_err(invoke("report", str(shop), "-o", "n.html", "--db", "db", "--budget", "50"))
    assert code == 2 and reason in err and not Path("n.html").exists()


def test_a_ledger_of_version_1_is_refused_naming_the_version_read(shop: Path) -> None:
    nightly(shop, expect=0)  # the shop graph has no proven error
    ledger = Path(".fuzzroute/witnesses/shop.json")
    stored = json.loads(ledger.read_text(encoding="utf-8"))
    assert stored["version"] == 2
    stored["version"] = 1
    del stored["run_id"]  # what version 1 lacked
    ledger.write_text(json.dumps(stored), encoding="utf-8")
    before = ledger.read_bytes()
    code, out, err = code_out_err(invoke("report", str(shop), "-o", "again.html", "--db"))
    assert code == 2 and out == "" and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith(f"fuzzroute: error: {ledger.resolve()}: ")
    assert "version 1; this fuzzroute reads ledger version 2 only" in err
    assert ledger.read_bytes() == before and not Path("again.html").exists()


def test_db_and_baseline_together_are_bad_input(shop: Path) -> None:
    nightly(shop, expect=0)
    code, _, err = code_out_err(invoke("report", str(shop), "-o", "x.html", "--db", "--baseline", "nightly.json"))
    assert code == 2 and "--db and --baseline" in err and not Path("x.html").exists()


@pytest.mark.parametrize("db,says", [("blocker/db", "cannot write"), ("blocker", "needs a folder")])
def test_a_db_path_that_cannot_hold_the_memory_is_bad_input(shop: Path, db: str, says: str) -> None:
    Path("blocker").write_text("x")
    code, out, err = code_out_err(invoke("report", str(shop), "-o", "x.html", "--db", db, "--budget", "50"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("fuzzroute: error: ") and says in err and "blocker" in err
    assert not Path("x.html").exists() and Path("blocker").read_text() == "x"
