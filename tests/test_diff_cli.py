"""`fuzzroute diff` as a user runs it: formats, git versions, --fail-on, bad input, the README's outputs."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from fuzzroute import Graph, keywords
from fuzzroute.cli import main
from fuzzroute.diff import MARKER, diff_graphs

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
BASE, HEAD = "examples/support.py", "examples/support_v2.py"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, ["diff", *args])


@pytest.fixture()
def in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    result = CliRunner().invoke(main, ["diff", str(ROOT / BASE), str(ROOT / HEAD), "--format", "json"])
    assert result.exit_code == 1, result.output
    loaded: dict[str, Any] = json.loads(result.stdout)
    return loaded


def test_the_readme_shows_the_real_text_and_markdown_output(in_root: None) -> None:
    text = invoke(BASE, HEAD)
    assert text.exit_code == 1
    quoted_text = [b for b in re.findall(r"```text\n(.*?)```", README, re.DOTALL) if b.startswith("fuzzroute diff:")]
    assert quoted_text == [text.stdout]
    markdown = invoke(BASE, HEAD, "--format", "markdown")
    assert re.findall(r"```markdown\n(.*?)```", README, re.DOTALL) == [markdown.stdout]
    assert markdown.stdout.startswith(MARKER + "\n")


def test_one_text_line_per_moved_pair(in_root: None, document: dict[str, Any]) -> None:
    output = invoke(BASE, HEAD).stdout
    section = output.split("Moved, decided for every message", 1)[1].split("Proven, declared rows")[0]
    lines = [line for line in section.splitlines()[1:] if line.strip()]
    pairs = {(m["from"] and m["from"]["id"], m["to"] and m["to"]["id"]) for m in document["moves"]}
    assert len(lines) == len(pairs) == 6
    assert all(line.strip().startswith("both laws") for line in lines)


def test_the_json_document_adds_up(document: dict[str, Any]) -> None:
    assert document["diff_version"] == 1
    summary = document["summary"]
    assert summary["moved_pairs"] == len(document["moves"]) == 12
    assert summary["moved_pairs_by_law"] == {"cold_walk": 6, "cascade": 6}
    assert summary["proven_new_errors"] == 1 and summary["exit_status"] == 1
    assert {m["extent"] for m in document["moves"]} == {"partial"}
    for move in document["moves"]:
        assert move["witness"] and set(move["claims"]) == {"base", "head"}
    assert document["stats"]["states"] <= document["stats"]["total_states"]


def test_sarif_validates_and_sits_on_the_head_version(in_root: None) -> None:
    result = invoke(BASE, HEAD, "--format", "sarif")
    log = json.loads(result.stdout)
    validator = jsonschema.Draft4Validator(SCHEMA)
    assert not list(validator.iter_errors(log))
    results = log["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == {"route-moved", "proven-new-error", "proven-verdict-changed"}
    for found in results:
        uri = found["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == HEAD, found
    levels = {r["ruleId"]: r["level"] for r in results}
    assert levels["proven-new-error"] == "error" and levels["route-moved"] == "note"
    # "cancel" narrowed: its messages that now start no rule sit on the head's cancel rule.
    gone = [r for r in results if r["properties"].get("from") == "cancel" and r["properties"].get("to") is None]
    assert gone and gone[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 34
    again = json.loads(invoke(BASE, HEAD, "--format", "sarif").stdout)["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in again] == [r["partialFingerprints"] for r in results]


def test_files_are_written_together_and_the_run_is_deterministic(tmp_path: Path, in_root: None) -> None:
    paths = {k: tmp_path / f"d.{k}" for k in ("json", "md", "sarif")}
    result = invoke(BASE, HEAD, "--json", str(paths["json"]), "--markdown", str(paths["md"]),
                    "--sarif", str(paths["sarif"]), "-q")
    assert result.exit_code == 1
    assert all(p.is_file() for p in paths.values())
    second = invoke(BASE, HEAD, "--format", "json")
    assert json.loads(second.stdout) == json.loads(paths["json"].read_text(encoding="utf-8"))


def write_graph(path: Path, keywords_of: dict[str, list[str]], examples: dict[str, list[str]] | None = None) -> str:
    entries = []
    for rule_id, words in keywords_of.items():
        entry: dict[str, Any] = {"id": rule_id, "match": {"keywords": words}}
        if examples and rule_id in examples:
            entry["examples"] = examples[rule_id]
        entries.append(entry)
    path.write_text(json.dumps({"name": "g", "entries": entries}), encoding="utf-8")
    return str(path)


def test_fail_on_moved_proven_and_never(tmp_path: Path) -> None:
    base = write_graph(tmp_path / "a.json", {"billing": ["refund"]})
    head = write_graph(tmp_path / "b.json", {"billing": ["refund", "payment"]})
    assert invoke(base, head).exit_code == 0  # messages move, no proven row changes
    assert invoke(base, head, "--fail-on", "moved").exit_code == 1
    assert invoke(base, head, "--fail-on", "never").exit_code == 0
    assert invoke(base, base, "--fail-on", "moved").exit_code == 0
    shadowed = write_graph(tmp_path / "c.json", {"pay": ["payment"], "billing": ["refund", "payment"]},
                           {"billing": ["payment please"]})
    unshadowed = write_graph(tmp_path / "d.json", {"billing": ["refund", "payment"]}, {"billing": ["payment please"]})
    assert invoke(unshadowed, shadowed).exit_code == 1  # billing's example is shadowed now: a new proven error
    assert invoke(shadowed, unshadowed).exit_code == 0  # an error fixed never fails
    bad = invoke(base, head, "--fail-on", "sometimes")
    assert bad.exit_code == 2 and "--fail-on 'sometimes'" in bad.stderr


def test_a_total_move_and_rule_changes_by_id_occurrence_and_matcher() -> None:
    old = Graph("g").entry("a", match=keywords("x")).entry("b", match=keywords("y")).entry("b", match=keywords("z"))
    new = (
        Graph("g").entry("c", match=keywords("x", "w")).entry("a", match=keywords("x"))
        .entry("b", match=keywords("z")).entry("bee", match=keywords("y"))
    )
    diff = diff_graphs(old, new, budget=0)
    changes = {(c.old and (c.old.id, c.old.index), c.new and (c.new.id, c.new.index)): c.changes for c in diff.rules}
    # "b" (z) pairs with "b" by id and condition; "b" (y) with "bee" by condition: a rename that also moved
    # down past "b" (z), which kept its place. "a" was only pushed down by the added rule: unchanged.
    assert changes == {(None, ("c", 0)): ("added",), (("b", 1), ("bee", 3)): ("renamed", "reordered")}
    moves = {(m.law, m.old and m.old.id, m.new and m.new.id): m.extent for m in diff.moves}
    assert moves[("cascade", "a", "c")] == "total"  # every message with "x" now starts the new rule "c"
    assert moves[("cascade", None, "c")] == "partial"  # some unclaimed messages ("w") now start "c"


def test_rules_the_automata_cannot_read_are_undecided_and_sampled() -> None:
    old = Graph("g").entry("after-a", match=re.compile(r"(?<=a)b"))
    new = Graph("g").entry("x", match=keywords("x")).entry("after-a", match=re.compile(r"(?<=a)b"))
    diff = diff_graphs(old, new, budget=300)
    undecided = {(u.law, u.old and u.old.id, u.new and u.new.id) for u in diff.undecided}
    assert undecided == {("cold_walk", "after-a", "x"), ("cascade", "after-a", "x")}
    assert all("a lookbehind" in u.reason for u in diff.undecided)
    assert {(m.old and m.old.id, m.new and m.new.id) for m in diff.moves} == {(None, "x")}
    sampled = {(m.law, m.old and m.old.id, m.new and m.new.id) for m in diff.sampled}
    assert sampled == undecided  # generated phrases show those pairs do move ("about x": "ab" then "x")
    for move in diff.sampled:
        for phrase in (move.witness, *move.more_witnesses):
            assert old.claims(phrase).cascade.id == "after-a"  # type: ignore[union-attr]
            assert new.claims(phrase).cascade.id == "x"  # type: ignore[union-attr]
    assert diff.sampling["ran"] and diff.sampling["phrases"] <= 300
    # A witness that routes the pair is kept even when a rule in it is unreadable: the claims decide.
    wider = Graph("g").entry("ab", match=keywords("ab")).entry("after-a", match=re.compile(r"(?<=a)b"))
    decided = diff_graphs(old, wider, budget=0)
    assert ("cascade", "after-a", "ab") in {(m.law, m.old and m.old.id, m.new and m.new.id) for m in decided.moves}

    # An unchanged `when` rule is no reason for doubt: the same predicate answers the same on both sides.
    def when(ctx: Any) -> bool:
        return "again" in ctx.user_message

    old_w = Graph("g").entry("follow", when=when).entry("x", match=keywords("x"))
    new_w = Graph("g").entry("follow", when=when).entry("x", match=keywords("x", "y"))
    diff_w = diff_graphs(old_w, new_w, budget=0)
    assert {(u.old and u.old.id, u.new and u.new.id) for u in diff_w.undecided} == set()
    assert {(m.old and m.old.id, m.new and m.new.id) for m in diff_w.moves} == {(None, "x")}


def git(workdir: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=workdir,
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_a_version_in_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    git(tmp_path, "init", "-q")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "graph.py").write_text((ROOT / BASE).read_text(encoding="utf-8"), encoding="utf-8")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "one")
    (tmp_path / "sub" / "graph.py").write_text((ROOT / HEAD).read_text(encoding="utf-8"), encoding="utf-8")
    result = invoke("git:HEAD:sub/graph.py", "sub/graph.py", "--format", "json")
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)
    assert found["base"]["revision"] == "HEAD" and found["summary"]["moved_pairs"] == 12
    assert any("work tree" in note for note in found["notes"])
    assert found["rules"][0]["base"]["location"] == {"file": "sub/graph.py", "line": 18}
    monkeypatch.chdir(tmp_path / "sub")  # a path relative to the working directory, as git's ./ form reads it
    assert invoke("git:HEAD:graph.py:graph", "graph.py", "-q").exit_code == 1
    for spec, words in (("git:nope:graph.py", "`nope` is not one commit"), ("git:HEAD:absent.py", "git could not"),
                        ("git:HEAD", "git:REV:path"), ("git:HEAD:graph.txt", ".txt is none of these")):
        bad = invoke(spec, "graph.py")
        assert bad.exit_code == 2 and words in bad.stderr, (spec, bad.stderr)
        assert "Traceback" not in bad.output


def test_bad_input_is_one_paragraph_and_writes_nothing(tmp_path: Path, in_root: None) -> None:
    missing = invoke("nope.py", HEAD)
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    target = tmp_path / "out.md"
    blocker = tmp_path / "plain-file"
    blocker.write_text("not a folder")
    result = invoke(BASE, HEAD, "--markdown", str(target), "--json", str(blocker / "diff.json"))
    assert result.exit_code == 2 and "Nothing was written" in result.stderr
    assert not target.exists()
