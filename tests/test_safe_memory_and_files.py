"""The nightly memory under concurrency and name clashes, symlinked files, and a graph that prints.

Driven as users run fuzzroute: real processes for the concurrent `--db`
runs and for the diff that `patch` applies, the CLI for the rest.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers.cli import invoke

from fuzzroute.engine.errors import InputError
from fuzzroute.report.persistence import atomic, ledger
from fuzzroute.report.persistence.ledger import (
    folder_lock,
    ledger_name,
    ledger_path,
    ledger_schema,
    legacy_ledger_path,
)
from fuzzroute.report.persistence.run_id import check_one_generation, run_id_of
from fuzzroute.results.message_table import full_form

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FAST = ["--workers", "1", "--no-decide"]


def witnesses(document: dict[str, Any]) -> set[tuple[Any, ...]]:
    """Every (kind, rule, from, to, phrase) a report or ledger holds."""
    return {
        (s["kind"], s["rule"], s["from"], s["to"], w["phrase"])
        for s in document["suggestions"] for w in s["witnesses"]
    }


@pytest.fixture()
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "hyp"))
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "shop.json")
    return tmp_path / "shop.json"


def test_four_concurrent_db_runs_leave_the_union_of_what_they_found(shop: Path) -> None:
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "fuzzroute", "report", str(shop), "--db", "db", "--seed", str(seed),
             "--budget", "100", "-o", f"r{seed}.html", "--json", f"r{seed}.json", "-q", *FAST],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=shop.parent,
        )
        for seed in range(4)
    ]
    found: set[tuple[Any, ...]] = set()
    for seed, run in enumerate(runs):
        out, err = run.communicate(timeout=120)
        assert "Traceback" not in err
        if run.returncode == 2:  # a refused run must say why, and have written nothing
            assert "another fuzzroute run" in err and not Path(f"r{seed}.json").exists()
            continue
        assert run.returncode == 0, err  # the shop graph has no proven error
        found |= witnesses(full_form(json.loads(Path(f"r{seed}.json").read_text(encoding="utf-8"))))
    ledger = json.loads(Path("db/witnesses/shop.json").read_text(encoding="utf-8"))
    jsonschema.validate(ledger, ledger_schema())
    assert found and found <= witnesses(ledger)
    assert len({run_id_of(f"r{seed}.json") for seed in range(4)}) == 4


def test_a_run_that_started_before_another_wrote_keeps_both_memories(shop: Path, monkeypatch: Any) -> None:
    """Deterministic interleaving: run B read the (empty) memory before run A wrote its own."""
    from fuzzroute.report.assembly import pipeline
    first = invoke("report", str(shop), "--db", "db", "--seed", "1", "--budget", "150", "-o", "a.html",
                   "--json", "a.json", *FAST)
    assert first.exit_code == 0, first.stderr  # no proven error in the shop graph
    monkeypatch.setattr(pipeline, "read_memory", lambda db, name: (ledger_path(db, name), None))
    second = invoke("report", str(shop), "--db", "db", "--seed", "2", "--budget", "150", "-o", "b.html",
                    "--json", "b.json", *FAST)
    assert second.exit_code == 0, second.stderr  # no proven error in the shop graph
    ledger = json.loads(Path("db/witnesses/shop.json").read_text(encoding="utf-8"))
    a, b = (full_form(json.loads(Path(name).read_text(encoding="utf-8"))) for name in ("a.json", "b.json"))
    assert witnesses(a) - witnesses(b), "the two seeds found different witnesses"
    assert witnesses(a) | witnesses(b) <= witnesses(ledger)


def test_a_witness_that_no_longer_reproduces_leaves_the_memory(shop: Path) -> None:
    invoke("report", str(shop), "--db", "db", "--budget", "150", "-o", "a.html", *FAST)
    ledger_file = Path("db/witnesses/shop.json")
    ledger = json.loads(ledger_file.read_text(encoding="utf-8"))
    stale = ledger["suggestions"][0]["witnesses"][0]
    stale["cold_walk"] = stale["cascade"] = "nobody"  # a claimant no graph names: it cannot reproduce
    ledger_file.write_text(json.dumps(ledger), encoding="utf-8")
    invoke("report", str(shop), "--db", "db", "--budget", "150", "-o", "a.html", *FAST)
    kept = json.loads(ledger_file.read_text(encoding="utf-8"))
    assert all(w["cold_walk"] != "nobody" for s in kept["suggestions"] for w in s["witnesses"])


def test_a_run_waiting_too_long_for_the_lock_writes_nothing(tmp_path: Path) -> None:
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with folder_lock(tmp_path / "db"):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(10)
    try:
        with pytest.raises(InputError, match="another fuzzroute run"), folder_lock(tmp_path / "db", wait=0.2):
            pass
    finally:
        release.set()
        thread.join()


def test_a_report_run_that_cannot_get_the_lock_exits_2_and_writes_nothing(
    shop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger, "LOCK_WAIT_SECONDS", 0.2)
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with folder_lock("db"):
            held.set()
            release.wait(30)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(10)
    try:
        result = invoke("report", str(shop), "--db", "db", "--budget", "50", "-o", "r.html", "--json", "r.json",
                        *FAST)
    finally:
        release.set()
        thread.join()
    assert result.exit_code == 2
    assert "another fuzzroute run has been writing this --db memory for 0.2 s" in result.stderr
    assert "Traceback" not in result.stderr
    assert not Path("r.html").exists() and not Path("r.json").exists()
    assert not ledger_path("db", "shop").exists()


def test_the_lock_file_stays_for_the_next_run_and_a_failed_first_write_leaves_no_folder(tmp_path: Path) -> None:
    db = tmp_path / "db"
    with folder_lock(db):
        assert (db / ledger.LOCK_FILE).is_file()
    assert sorted(p.name for p in db.iterdir()) == [ledger.LOCK_FILE]
    with folder_lock(db, wait=0.2):  # released: the next run takes it at once
        pass
    fresh = tmp_path / "new" / "db"
    with pytest.raises(RuntimeError, match="write failed"), folder_lock(fresh):
        raise RuntimeError("write failed")
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("names", [("shop/x", "shop-x"), ("shop.x", "shop-x"), ("Shop", "shop")])
def test_graphs_whose_names_differ_in_punctuation_keep_separate_memories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, names: tuple[str, str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "hyp"))
    assert ledger_name(names[0]) != ledger_name(names[1])
    base = json.loads((EXAMPLES / "nightly_shop.json").read_text(encoding="utf-8"))
    for position, name in enumerate(names):
        Path(f"g{position}.json").write_text(json.dumps(dict(base, name=name)), encoding="utf-8")
    first = invoke("report", "g0.json", "--db", "db", "--budget", "150", "-o", "a.html", *FAST)
    assert first.exit_code == 0, first.stderr  # no proven error in the shop graph
    # The second graph (another name) starts with an empty memory: nothing of the first is replayed.
    second = invoke("report", "g1.json", "--db", "db", "--budget", "150", "-o", "b.html", "--json", "b.json",
                    *FAST)
    memory = json.loads(Path("b.json").read_text(encoding="utf-8"))["memory"]
    assert memory["first_run"] is True and memory["replayed_witnesses"] == 0, second.stderr
    files = sorted(p.name for p in Path("db/witnesses").iterdir())
    assert files == sorted({ledger_name(names[0]), ledger_name(names[1])})
    for name in names:
        assert json.loads(ledger_path("db", name).read_text(encoding="utf-8"))["graph"] == name


def test_ledgers_under_the_old_lossy_names_are_still_found_and_never_mixed(shop: Path) -> None:
    data = json.loads(shop.read_text(encoding="utf-8"))
    Path("slash.json").write_text(json.dumps(dict(data, name="shop/x")), encoding="utf-8")
    Path("dash.json").write_text(json.dumps(dict(data, name="shop-x")), encoding="utf-8")
    invoke("report", "slash.json", "--db", "db", "--budget", "150", "-o", "a.html", *FAST)
    # As an earlier fuzzroute kept it: "shop/x" under the lossy name shop-x.json.
    legacy = legacy_ledger_path("db", "shop/x")
    os.replace(ledger_path("db", "shop/x"), legacy)
    assert legacy == ledger_path("db", "shop-x")
    again = invoke("report", "slash.json", "--db", "db", "--budget", "150", "-o", "a.html", "--json", "a.json", *FAST)
    memory = json.loads(Path("a.json").read_text(encoding="utf-8"))["memory"]
    assert memory["first_run"] is False and memory["replayed_witnesses"] > 0, again.stderr
    assert ledger_path("db", "shop/x").exists() and not legacy.exists()  # moved to the lossless name
    # And the other way round: "shop-x" never reads the memory "shop/x" left at its name.
    os.replace(ledger_path("db", "shop/x"), legacy)
    other = invoke("report", "dash.json", "--db", "db", "--budget", "150", "-o", "b.html", "--json", "b.json",
                   *FAST)
    assert other.exit_code == 0, other.stderr  # no proven error in the shop graph
    assert json.loads(Path("b.json").read_text(encoding="utf-8"))["memory"]["first_run"] is True
    assert json.loads(ledger_path("db", "shop/x").read_text(encoding="utf-8"))["graph"] == "shop/x"
    assert json.loads(ledger_path("db", "shop-x").read_text(encoding="utf-8"))["graph"] == "shop-x"


def test_a_symlinked_output_updates_the_file_it_points_to(shop: Path) -> None:
    Path("real").mkdir()
    Path("real/report.html").write_text("old\n")
    Path("report.html").symlink_to("real/report.html")
    result = invoke("report", str(shop), "-o", "report.html", "--budget", "50", *FAST)
    assert result.exit_code == 0, result.stderr  # no proven error in the shop graph
    assert Path("report.html").is_symlink() and os.readlink("report.html") == "real/report.html"
    assert Path("real/report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in Path("real").iterdir()) == ["report.html"]


def test_a_symlinked_graph_under_suggest_write_updates_the_file_it_points_to(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    Path("src").mkdir()
    shutil.copy(EXAMPLES / "authoring.py", "src/authoring.py")
    Path("graph.py").symlink_to("src/authoring.py")
    before = Path("src/authoring.py").read_text(encoding="utf-8")
    result = invoke("suggest", "graph.py", "--budget", "200", "--max", "1", "--write", "--with-gaps")
    assert result.exit_code == 0, result.stderr
    assert Path("graph.py").is_symlink() and os.readlink("graph.py") == "src/authoring.py"
    after = Path("src/authoring.py").read_text(encoding="utf-8")
    assert after != before and "Wrote" in result.stdout
    assert sorted(p.name for p in Path("src").iterdir()) == ["authoring.py"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.py", "src"]


def test_a_failed_rename_puts_the_previous_files_back_and_says_so(tmp_path: Path, monkeypatch: Any) -> None:
    for name in ("a.html", "b.json"):
        (tmp_path / name).write_text(f"previous {name}")
    real_replace = os.replace
    calls = {"n": 0}

    def second_rename_fails(source: Any, target: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", second_rename_fails)
    with pytest.raises(atomic.WriteFailed) as failed:
        atomic.write_all_atomically([(tmp_path / "a.html", "new a"), (tmp_path / "b.json", "new b")])
    monkeypatch.setattr(os, "replace", real_replace)
    assert failed.value.filename == str(tmp_path / "b.json") and failed.value.written == []
    assert (tmp_path / "a.html").read_text() == "previous a.html"
    assert (tmp_path / "b.json").read_text() == "previous b.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.json"]
    message = str(atomic.unwritable(failed.value, tmp_path / "a.html", "the report", "fix it."))
    assert message.startswith(str(tmp_path / "b.json")) and "Nothing was written" in message


def test_a_failed_write_removes_the_folders_it_created(tmp_path: Path, monkeypatch: Any) -> None:
    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(atomic.WriteFailed) as failed:
        atomic.write_all_atomically([(tmp_path / "r.html", "x"), (tmp_path / "db/witnesses/g.json", "y")])
    assert failed.value.filename == str(tmp_path / "r.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_files_of_a_run_cut_between_renames_are_told_apart_by_their_run_id(shop: Path, monkeypatch: Any) -> None:
    ok = invoke("report", str(shop), "-o", "n.html", "--json", "n.json", "--sarif", "n.sarif", "--budget", "50",
                *FAST)
    assert ok.exit_code == 0, ok.stderr  # no proven error in the shop graph
    assert check_one_generation(["n.html", "n.json", "n.sarif"]) == run_id_of("n.json")
    real_replace = os.replace
    calls = {"n": 0}

    def killed_after_the_first_rename(source: Any, target: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise SystemExit("killed")  # not an OSError: nothing is restored, as after a real kill
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", killed_after_the_first_rename)
    monkeypatch.setattr(atomic, "_restore", lambda done: list(done))
    invoke("report", str(shop), "-o", "n.html", "--json", "n.json", "--sarif", "n.sarif", "--budget", "50", *FAST)
    monkeypatch.setattr(os, "replace", real_replace)
    assert run_id_of("n.html") != run_id_of("n.json") == run_id_of("n.sarif")
    with pytest.raises(InputError, match="not the outputs of one run"):
        check_one_generation(["n.html", "n.json", "n.sarif"])


PRINTING = '''import sys
from pathlib import Path

from fuzzroute import Graph, keywords

with Path(__file__).with_name("executions.log").open("a") as log:
    log.write("run\\n")
print("loading graph...")
print("a warning", file=sys.stderr)
sys.stdout.flush()


def chatty(ctx):
    print("predicate ran")
    return "again" in ctx.user_message


graph = (
    Graph("printing")
    .entry("orders", match=keywords("order"), examples=["my order"])
    .entry("again", when=chatty, examples=["again please"])
)
'''


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fuzzroute", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_a_graph_printing_to_stdout_corrupts_neither_json_nor_the_diff(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "printing.py").write_text(PRINTING, encoding="utf-8")
    log = tmp_path / "executions.log"
    # A real process: also file descriptor 1 is captured there.
    checked = run_cli("check", "printing.py", "--format", "json", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["problems"] == []
    assert "-v shows it" in checked.stderr and "loading graph" not in checked.stderr
    assert log.read_text().count("run") == 1  # the graph file ran once
    shown = invoke("check", "printing.py", "-v")
    assert "  | loading graph..." in shown.stderr and "  | predicate ran" in shown.stderr
    assert "loading graph" not in shown.stdout
    log.unlink()
    diff = invoke("suggest", "printing.py", "--budget", "200", "--max", "1", "--diff", "--with-gaps")
    assert diff.exit_code == 0, diff.stderr
    assert diff.stdout.startswith("--- a/printing.py") and "\nloading graph" not in diff.stdout
    # Once to load; once more for the edited text, loaded in memory to prove the edit before it is shown; once
    # more for the rule fix --with-gaps writes beside the gap example (each edit is proved by loading it).
    assert log.read_text().count("run") == 3
    (tmp_path / "add.patch").write_text(diff.stdout, encoding="utf-8")
    applied = subprocess.run(["patch", "-p1", "-i", "add.patch"], cwd=tmp_path, capture_output=True, text=True)
    assert applied.returncode == 0, applied.stdout + applied.stderr
    after = invoke("check", "printing.py", "--format", "json")
    # The applied suggestion declares the near miss "my orders" (which `keywords("order")` did not match) as
    # an example of orders, with the rule fix proven safe beside it ("orders" added to the keywords): it passes.
    problems = [(p["kind"], p["code"], p["skill"], p["example"]) for p in json.loads(after.stdout)["problems"]]
    assert after.exit_code == 0 and problems == [], after.stderr
    assert 'keywords("order", "orders")' in (tmp_path / "printing.py").read_text("utf-8")
    # suggest and claim exit 0 whatever the graph holds; report exits 0 too: no proven error is left.
    for args, expect in ((["suggest", "printing.py", "--budget", "100", "--format", "json"], 0),
                         (["claim", "printing.py", "again", "--format", "json"], 0),
                         (["report", "printing.py", "-o", "r.html", "--json", "r.json", "--budget", "100", "-q"], 0)):
        log.unlink()
        done = invoke(*args)
        assert done.exit_code == expect, done.stderr
        assert "loading graph" not in done.stdout and log.read_text().count("run") == 1, args
        if "--format" in args:
            json.loads(done.stdout)


def test_terminal_output_shows_escapes_instead_of_obeying_them(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    graph = {"name": "t\x1b]0;pwned\x07", "entries": [
        {"id": "ab\u202ecd", "match": {"keywords": ["refund"]}, "examples": ["refund \x1b[2J please"]},
        {"id": "orders", "match": {"keywords": ["order", "refund"]}, "examples": ["refund order"]},
    ]}
    Path("g.json").write_text(json.dumps(graph), encoding="utf-8")
    outputs: list[Any] = [  # subprocess runs and in-process runs: both have stdout and stderr
        run_cli("report", "g.json", "-o", "r.html", "--budget", "60", "-v", *FAST, cwd=tmp_path),
        invoke("check", "g.json", "-v"),
        invoke("check", "g.json", "--format", "json"),
        invoke("claim", "g.json", "refund"),
        invoke("suggest", "g.json", "--budget", "60"),
    ]
    for done in outputs:
        assert "Traceback" not in done.stderr
        for text in (done.stdout, done.stderr):
            assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "t\\u001b]0;pwned\\u0007" in outputs[0].stdout  # the report summary shows the name escaped
    assert "ab\\u202ecd" in outputs[0].stdout + outputs[1].stdout
    assert json.loads(outputs[2].stdout)["problems"][0]["skill"] in ("ab\u202ecd", "orders")


def test_a_write_killed_before_its_rename_leaves_nothing_beside_the_file(tmp_path: Path) -> None:
    """`suggest --write` killed mid-write: the graph is whole and no temporary file is left in its folder."""
    (tmp_path / "graph.py").write_text("old source\n")
    killer = (
        "import os, signal\n"
        "from fuzzroute.report.persistence import atomic\n"
        "atomic.os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
        "atomic.write_atomically('graph.py', 'new source\\n' * 1000)\n"
    )
    done = subprocess.run([sys.executable, "-c", killer], cwd=tmp_path, capture_output=True, timeout=60)
    assert done.returncode == -9
    assert (tmp_path / "graph.py").read_text() == "old source\n"
    if hasattr(os, "O_TMPFILE") and Path("/proc/self/fd").is_dir():
        assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.py"]


def test_the_next_db_run_says_when_the_last_one_stopped_between_its_renames(shop: Path, monkeypatch: Any) -> None:
    args = ["report", str(shop), "--db", "db", "-o", "n.html", "--json", "n.json", "--budget", "50", *FAST]
    assert invoke(*args).exit_code == 0  # no proven error in the shop graph
    assert "stopped between" not in invoke(*args).stderr
    real_replace = os.replace
    calls = {"n": 0}

    def killed_after_the_first_rename(source: Any, target: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise SystemExit("killed")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", killed_after_the_first_rename)
    monkeypatch.setattr(atomic, "_restore", lambda done: list(done))
    invoke(*args)
    monkeypatch.setattr(os, "replace", real_replace)
    ledger = json.loads(Path("db/witnesses/shop.json").read_text(encoding="utf-8"))
    assert run_id_of("n.html") != ledger["run_id"] == run_id_of("n.json")  # the ledger is renamed last
    warned = invoke(*args)
    assert warned.exit_code == 0 and "n.html is from run" in warned.stderr and "stopped between" in warned.stderr
    assert check_one_generation(["n.html", "n.json", "db/witnesses/shop.json"])
