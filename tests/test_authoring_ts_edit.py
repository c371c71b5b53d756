"""`fuzzroute suggest` on TypeScript graphs: `--diff` applied with `patch`, `--write`, then `check`.

The promise is the one made for Python and JSON graphs: the edit keeps every
comment and the file's layout, adds exactly the picked phrases to the right
rule's `examples` array (or a new one), is written atomically or not at all,
and `check` afterwards proves what each suggestion said it would (including
"not checked" for a verdict that hinges on a `when` fuzzroute does not run).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke
from helpers.fixed_beside import fixed_rules
from helpers.patching import apply_patch

from fuzzroute.authoring.ts_source import js_string
from fuzzroute.graphfiles.typescript import node_text, parse_source

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DATA = Path(__file__).parent / "data" / "ts"
BUDGET = "300"


def comments(path: Path) -> list[str]:
    text = path.read_text("utf-8")
    tree = parse_source(path, text)
    stack, found = [tree.root_node], []
    while stack:
        node = stack.pop()
        if node.type == "comment":
            found.append((node.start_byte, node_text(node)))
        stack.extend(node.children)
    return [text for _, text in sorted(found)]


def picks_of(graph: str, *extra: str) -> list[dict[str, Any]]:
    code, out, err = code_out_err(invoke("suggest", graph, "--budget", BUDGET, "--format", "json", *extra))
    assert code == 0, err
    return [dict(example, rule=rule["rule"]) for rule in json.loads(out)["rules"] for example in rule["examples"]]


def assert_check_proves_the_picks(graph: str, picks: list[dict[str, Any]], fixed: set[str] | None = None) -> None:
    """Each pick gets the verdict it predicted, or passes when `--with-gaps` wrote a rule fix for its rule."""
    _, out, _ = code_out_err(invoke("check", graph, "--format", "json"))
    document = json.loads(out)
    proven: dict[tuple[str, str], list[dict[str, str]]] = {}
    for problem in document["problems"]:
        proven.setdefault((problem["skill"], problem["example"]), []).append(
            {"kind": problem["kind"], "code": problem["code"]}
        )
    unknown = {(item["skill"], item["phrase"]) for item in document.get("not_checked", [])}
    for pick in picks:
        key = (pick["rule"], pick["phrase"])
        got = proven.get(key, [])
        assert got == pick["verdict"] or (pick["rule"] in (fixed or set()) and got == []), pick
        assert (key in unknown) == bool(pick.get("not_checked")), pick


def test_diff_applies_with_patch_keeps_every_comment_and_check_proves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(EXAMPLES / "support.ts", tmp_path / "support.ts")
    monkeypatch.chdir(tmp_path)
    before = Path("support.ts").read_text("utf-8")
    picks = picks_of("support.ts", "--max", "3")
    assert {"generated-shadowed-by-earlier", "near-miss-unclaimed"} <= {p["reason"] for p in picks}
    assert picks and not any(p.get("not_checked") for p in picks)  # the `when` of rule 4 runs: every pick is proven
    code, diff, listing = code_out_err(
        invoke("suggest", "support.ts", "--budget", BUDGET, "--max", "3", "--diff", "--with-gaps"))
    assert code == 0 and diff.startswith("--- a/support.ts\n+++ b/support.ts\n")
    assert Path("support.ts").read_text("utf-8") == before  # --diff only prints
    apply_patch(diff, tmp_path)
    after = Path("support.ts").read_text("utf-8")
    before_comments = comments(EXAMPLES / "support.ts")
    # A rule fix beside a gap may move a rule, with its comments: every comment is kept.
    assert sorted(comments(Path("support.ts"))) == sorted(before_comments) and len(before_comments) >= 7
    # Only added lines, old lines that gained items or a trailing comma, or lines a moved rule took along.
    removed = [line[1:] for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    for line in removed:
        assert any(new.startswith(line.rstrip("]}, ")) for new in after.splitlines()), line
    assert_check_proves_the_picks("support.ts", picks, fixed_rules(listing))


def test_write_edits_both_forms_in_place_and_check_proves_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(DATA / "builder_form.ts", tmp_path / "graphs.ts")
    monkeypatch.chdir(tmp_path)
    for name in ("support", "intents"):
        spec = f"graphs.ts:{name}"
        before = Path("graphs.ts").read_text("utf-8")
        picks = picks_of(spec, "--max", "2")
        assert picks
        code, out, err = code_out_err(
            invoke("suggest", spec, "--budget", BUDGET, "--max", "2", "--write", "--with-gaps"))
        assert code == 0 and "Wrote" in out, err
        assert Path("graphs.ts").read_text("utf-8") != before
        assert not list(tmp_path.glob(".*.tmp"))
        assert_check_proves_the_picks(spec, picks)
    assert comments(Path("graphs.ts")) == comments(DATA / "builder_form.ts")


def test_an_entry_without_options_gets_an_examples_object(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.ts"
    path.write_text(
        "const a = defineSkill({ id: 'a' });\nconst b = defineSkill({ id: 'b' });\n"
        "export const g = skillGraph()\n  .entry(a, { match: /refund/i })\n"
        "  .entry(b, {\n    match: /order/i, // orders\n  })\n  .build();\n",
        "utf-8",
    )
    monkeypatch.chdir(tmp_path)
    picks = picks_of("g.ts", "--max", "2")
    code, diff, _ = code_out_err(invoke("suggest", "g.ts", "--budget", BUDGET, "--max", "2", "--diff", "--with-gaps"))
    assert code == 0
    apply_patch(diff, tmp_path)
    text = path.read_text("utf-8")
    assert "// orders" in text and "examples: [" in text
    assert_check_proves_the_picks("g.ts", picks)


def test_a_read_only_file_is_left_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(EXAMPLES / "support.ts", tmp_path / "support.ts")
    monkeypatch.chdir(tmp_path)
    Path("support.ts").chmod(0o444)
    before = Path("support.ts").read_text("utf-8")
    code, _, err = code_out_err(invoke("suggest", "support.ts", "--budget", BUDGET, "--write", "--with-gaps"))
    assert code == 2 and "read-only" in err
    assert Path("support.ts").read_text("utf-8") == before


@pytest.mark.parametrize(
    "phrase", ["it's \"quoted\"", "back\\slash", "line\nbreak", "nbsp\u00a0é", "emoji 😀", "\u2028"]
)
def test_js_string_literals_read_back_as_the_phrase(phrase: str, tmp_path: Path) -> None:
    from fuzzroute.graphfiles.typescript import string_value

    for quote in ("'", '"'):
        path = tmp_path / "x.ts"
        path.write_text(f"const x = {js_string(phrase, quote)};\n", "utf-8")
        tree = parse_source(path, path.read_text("utf-8"))
        declarator = tree.root_node.named_children[0].named_children[0]
        value = declarator.child_by_field_name("value")
        assert value is not None and string_value(value) == phrase
