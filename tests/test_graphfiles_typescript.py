"""TypeScript and JavaScript graph files, read statically, driven as a user would.

The fixtures in tests/data/ts/ declare graphs in both of the reference
library's forms, several per file (defaults, all-of, intents with a
classifier, `when`, never-route rows as a string and as a list, `new RegExp`);
each graph was also written by hand in fuzzroute's JSON format (or, for a
graph with a `when`, as a Python graph with the predicate ported), and the
proven verdicts must be the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.graphfiles.loader import load_graph

DATA = Path(__file__).parent / "data" / "ts"
FIELDS = ("kind", "code", "skill", "example", "from", "to")


def verdicts(spec: str) -> tuple[list[tuple[str | None, ...]], list[str], list[dict[str, object]]]:
    code, out, err = code_out_err(invoke("check", spec, "--format", "json"))
    document = json.loads(out)
    # exit 1 exactly when a proven error is listed (the documented rule of `check`)
    assert code == (1 if any(p["kind"] == "error" for p in document["problems"]) else 0), err
    rows = [tuple(p[f] for f in FIELDS) for p in document["problems"]]
    return rows, [n["name"] for n in document["notes"]], document.get("not_checked", [])


TWINS = [
    ("config_form.ts:support", "config_form.support.json"),
    ("config_form.ts:lobby", "config_form.lobby.json"),
    ("config_form.ts:intents", "config_form.intents.json"),
    ("config_form.ts:menu", "config_form.menu.json"),
    # `start: { use, rules }`: `use` first, as the reference's builder reads it (the rules are never read)
    ("config_form.ts:usefirst", "config_form.usefirst.json"),
    ("builder_form.ts:support", "builder_form.support.json"),
    ("builder_form.ts:intents", "builder_form.intents.json"),
    ("builder_form.ts:default", "builder_form.default.json"),
]


@pytest.mark.parametrize(("spec", "twin"), TWINS, ids=[t[0] for t in TWINS])
def test_a_typescript_graph_has_the_verdicts_of_its_json_twin(spec: str, twin: str) -> None:
    got = verdicts(str(DATA / spec))
    expected = verdicts(str(DATA / twin))
    assert got == expected
    assert got[0], "each fixture graph proves at least one problem"


@pytest.mark.parametrize("spec", ["config_form.ts:gated", "builder_form.ts:gated"])
def test_a_when_rule_is_run_and_gives_the_verdicts_of_its_python_port(spec: str) -> None:
    rows, notes, not_checked = verdicts(str(DATA / spec))
    full_rows, full_notes, full_not_checked = verdicts(str(DATA / (spec.split(".ts:")[0] + ".gated.py")))
    assert not_checked == full_not_checked == []  # the predicate runs in V8, as the Python port runs in Python
    assert (rows, notes) == (full_rows, full_notes)
    assert rows, "the fixture proves problems that hinge on the `when`"


def test_a_verdict_that_hinges_on_the_when_is_proven() -> None:
    rows, _, _ = verdicts(str(DATA / "config_form.ts:gated"))
    # "refund my order" is claimed by rule 1 before the `when` of rule 2 is reached.
    assert ("error", "example-shadowed-by-earlier", "orders", "refund my order", "billing", "orders") in rows
    # Its own `when` declines "hello again" on the cold context (no history): a warning, as for a Python predicate.
    assert ("warning", "example-misses-own-rule", "concierge", "hello again", None, None) in rows
    # "book a flight" passes the `when` (false on a cold start), and no rule after it claims it: no problem.
    assert not any(row[3] == "book a flight" for row in rows)


def test_claim_runs_the_when() -> None:
    code, out, _ = code_out_err(invoke(
        "claim", str(DATA / "builder_form.ts:gated"), "refund it", "order status", "--format", "json"))
    assert code == 0
    first, second = json.loads(out)
    assert (first["cold_walk"], first["cascade"]) == ("billing", "billing")
    # `ctx.iteration > 1` is false on the cold context: the walk goes on to rule 3.
    assert (second["cold_walk"], second["cascade"]) == ("orders", "orders")
    assert "cold_walk_depends_on" not in second


@pytest.mark.parametrize(
    ("source", "flags", "message", "codes"),
    [
        ("café", "i", "CAFÉ open?", []),
        ("order\\s+status", "i", "order\u00a0status", []),
        ("^refund$", "i", "refund\n", ["example-misses-own-rule", "example-unclaimed"]),
    ],
)
def test_the_three_divergences_give_the_reference_verdicts(
    tmp_path: Path, source: str, flags: str, message: str, codes: list[str]
) -> None:
    literal = json.dumps(message)
    ts = tmp_path / "graph.ts"
    ts.write_text(
        "const a = defineSkill({ id: 'a' });\n"
        f"export const g = skillGraph().entry(a, {{ match: /{source}/{flags}, examples: [{literal}] }}).build();\n",
        "utf-8",
    )
    document = {"name": "g", "regex_dialect": "javascript",
                "entries": [{"id": "a", "match": {"regex": source, "flags": flags}, "examples": [message]}]}
    as_json = tmp_path / "graph.json"
    as_json.write_text(json.dumps(document), "utf-8")
    for spec in (ts, as_json):
        rows, _, _ = verdicts(str(spec))
        assert [row[1] for row in rows] == codes
    # The Python dialect (the old advice: add `a`) gets each of them wrong.
    document.pop("regex_dialect")
    document["entries"][0]["match"]["flags"] = flags + "a"  # type: ignore[index]
    as_json.write_text(json.dumps(document), "utf-8")
    rows, _, _ = verdicts(str(as_json))
    assert [row[1] for row in rows] != codes


def test_each_rule_is_located_on_its_rule_object_or_entry_call() -> None:
    text = (DATA / "builder_form.ts").read_text("utf-8")
    lines = text.splitlines()
    graph = load_graph(str(DATA / "builder_form.ts:support")).graph
    for entry in graph.entries:
        assert entry.location is not None and entry.location.file.endswith("builder_form.ts")
        assert f".entry({entry.id}" in lines[entry.location.line - 1]
    code, out, _ = code_out_err(invoke("check", str(DATA / "config_form.ts:support")))
    assert code == 1
    config_lines = (DATA / "config_form.ts").read_text("utf-8").splitlines()
    located = re.findall(r"config_form\.ts:(\d+): [a-z-]+ \[([\w-]+)\]", out)
    assert located
    for line, rule in located:
        window = "\n".join(config_lines[int(line) - 1:int(line) + 2])
        assert f"use: '{rule}'" in window


def test_several_graphs_are_picked_by_name_default_or_line() -> None:
    code, _, err = code_out_err(invoke("check", str(DATA / "builder_form.ts")))
    assert code == 2
    assert "several graphs" in err and "builder_form.ts:support" in err and "builder_form.ts:default" in err
    by_name = load_graph(str(DATA / "builder_form.ts:intents"))
    assert by_name.graph.mount == "classifier" and by_name.format == "typescript"
    line = next(i for i, text in enumerate((DATA / "builder_form.ts").read_text().splitlines(), 1)
                if text.startswith("export const intents"))
    by_line = load_graph(f"{DATA / 'builder_form.ts'}:{line}")
    assert [e.id for e in by_line.graph.entries] == [e.id for e in by_name.graph.entries]
    assert load_graph(str(DATA / "builder_form.ts:default")).graph.mount == "read"
    code, _, err = code_out_err(invoke("check", str(DATA / "builder_form.ts:nope")))
    assert code == 2 and "no graph named or starting on `nope`" in err


def test_javascript_suffixes_are_read_the_same_way(tmp_path: Path) -> None:
    body = (DATA / "config_form.ts").read_text("utf-8")
    for suffix in (".js", ".mjs", ".cjs", ".tsx"):
        path = tmp_path / f"graph{suffix}"
        path.write_text(body, "utf-8")
        assert verdicts(f"{path}:support") == verdicts(str(DATA / "config_form.ts:support"))


NON_LITERAL = [
    ("computed regex", "const r = /x/i;\nexport const g = skillGraph().entry(a, { match: r }).build();", 2,
     "the `match` value"),
    ("RegExp of a variable",
     "const s = 'x';\nexport const g = skillGraph().entry(a, { match: new RegExp(s) }).build();", 2,
     "the RegExp source"),
    ("spread keywords", "const more = ['b'];\nexport const g = skillGraph({ skills: [a], start: { rules: [\n"
     "  { use: 'a', match: { keywords: ['a', ...more] } }] } });", 3, "an item of `keywords`"),
    ("keyword list variable", "export const g = skillGraph({ skills: [a], start: { rules: [\n"
     "  { use: 'a', match: { keywords: KEYWORDS } }] } });", 2, "`keywords`"),
    ("keywords built by a function", "export const g = skillGraph({ skills: [a], start: { rules: [\n"
     "  { use: 'a', match: { keywords: words('x') } }] } });", 2, "`keywords`"),
    ("template with a substitution", "export const g = skillGraph({ skills: [a], start: { rules: [\n"
     "  { use: 'a', match: /x/, examples: [`hi ${name}`] }] } });", 2, "an item of `examples`"),
    ("examples variable", "export const g = skillGraph().entry(a, {\n  match: /x/,\n  examples: EXAMPLES,\n}).build();",
     3, "`examples`"),
    ("skill not bound to defineSkill", "export const g = skillGraph().entry(makeSkill(), { match: /x/ }).build();", 1,
     "the skill"),
    ("spread in a rule",
     "export const g = skillGraph({ skills: [a], start: { rules: [\n  { use: 'a', ...extra }] } });", 2,
     "a spread in the rule"),
    ("never-routes variable", "export const g = skillGraph().entry(a, { match: /x/ }).neverRoutes(ROWS).build();", 1,
     "the never-route phrases"),
]


@pytest.mark.parametrize(("label", "code", "line", "what"), NON_LITERAL, ids=[n[0] for n in NON_LITERAL])
def test_a_non_literal_declaration_is_refused_naming_file_line_and_rule(
    tmp_path: Path, label: str, code: str, line: int, what: str
) -> None:
    path = tmp_path / "graph.ts"
    path.write_text("const a = defineSkill({ id: 'a' });\n" + code + "\n", "utf-8")
    exit_code, out, err = code_out_err(invoke("check", str(path)))
    assert exit_code == 2, out
    assert "Traceback" not in err
    message = err.strip()
    assert "\n" not in message  # one paragraph
    assert f"{path}:{line + 1}:" in message
    assert what in message and "is not a literal" in message and "never runs them" in message
    assert "rule" in message or ".entry(" in message or "neverRoutes" in message


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("export const g = skillGraph().entry(a, { match: /x/ });", "does not end in `.build()`"),
        ("export const g = skillGraph().entry(a, { match: /x/ }).steer(a).build();", "`.steer(...)` is not"),
        ("export const g = skillGraph({ skills: [a], start: { rules: [{ use: 'a' }] } });",
         "sets neither `match` nor `when`"),
        ("export const g = skillGraph().entry(a, { match: /(?<=a+)b/ }).build();", "lookbehind"),
        ("export const g = skillGraph().entry(a, { match: /a**/ }).build();", "nothing to repeat"),
        ("export const g = skillGraph().entry(a, { match: /x/, examples: [] }).build();", "non-empty list"),
        ("export const g = skillGraph().entry(a, { match: /x/ ).build();", "syntax error"),
    ],
)
def test_declarations_fuzzroute_cannot_read_exactly_are_refused(tmp_path: Path, code: str, expected: str) -> None:
    path = tmp_path / "graph.ts"
    path.write_text("const a = defineSkill({ id: 'a' });\n" + code + "\n", "utf-8")
    exit_code, _, err = code_out_err(invoke("check", str(path)))
    assert exit_code == 2
    assert expected in err and f"{path}:2" in err and "Traceback" not in err


def test_the_code_is_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "graph.js"
    path.write_text(
        "require('fs').writeFileSync(" + json.dumps(str(marker)) + ", 'x');\n"
        "const a = defineSkill({ id: 'a' });\n"
        "module.exports = skillGraph().entry(a, { match: /x/, when: undefined }).build();\n",
        "utf-8",
    )
    code, _, err = code_out_err(invoke("check", str(path)))
    assert code == 2  # `match` and `when` both set: refused, and nothing ran
    assert not marker.exists()


def test_the_readme_session_on_support_ts_is_what_check_and_claim_print(monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    readme = (root / "docs" / "how-to" / "typescript-graphs.md").read_text("utf-8")
    section = readme.split("## A session on `examples/support.ts`", 1)[1]
    text_blocks = re.findall(r"```text\n(.*?)```", section, flags=re.DOTALL)
    code, out, _ = code_out_err(invoke("check", "examples/support.ts"))
    assert code == 1 and out == text_blocks[0]
    # check decides by default: without deciding it prints the proven part alone, the decided block follows it
    code, proven_only, _ = code_out_err(invoke("check", "examples/support.ts", "--no-decide"))
    assert code == 1 and out.startswith(proven_only)
    assert out[len(proven_only):].startswith("\nDecided for all messages")
    code, out, _ = code_out_err(invoke("claim", "examples/support.ts", "FACTURÉ 7", "thanks again"))
    assert code == 0 and out == text_blocks[1]
    source = re.findall(r"```ts\n(.*?)```", section, flags=re.DOTALL)[0]
    assert source == (root / "examples" / "support.ts").read_text("utf-8")
