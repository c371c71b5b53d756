"""String escapes in TypeScript and JavaScript graphs, read exactly as V8 reads them (node as the oracle).

A legacy octal escape (`'\\101'` is `A`, `'\\7'` is BEL) is read only in sloppy
JavaScript (Annex B of ECMAScript); strict code (TypeScript files, modules,
`'use strict'`, class bodies) refuses it as a syntax error, as tsc does, and a
template literal refuses it everywhere.  One node process judges every literal
of the corpus twice, as a sloppy script and under `'use strict'`; fuzzroute's
reader must give the same value, or refuse exactly where node throws.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.graphfiles.typescript import BadEscape, Node, Strictness, parse_source, string_value

SLOPPY = Strictness(None)
STRICT = Strictness("strict code")

HAND_PICKED = [
    "'\\101'", "'\\7'", "'\\0'", "'\\00'", "'\\000'", "'\\0000'", "'\\08'", "'\\09'", "'\\8'", "'\\9'",
    "'\\377'", "'\\400'", "'\\47'", "'\\477'", "'\\1234'", "'\\12a'", "'\\3'", "'\\38'", "'a\\0b'",
    "'\\x41'", "'\\u0041'", "'\\u{1F600}'", "'\\u{10FFFF}'", "'\\u{110000}'", "'\\x4'", "'\\u12'", "'\\u{}'",
    "'\\q\\z'", "'\\\\101'", "\"\\101\\\"\"", "'line\\\ncontinued'", "'\\ud83d\\ude00'", "'\\ud800'",
    "`\\101`", "`\\0`", "`\\08`", "`\\8`", "`a\\x41`", "`\\u{41}`",
]


def _random_literals(count: int, seed: int = 37) -> list[str]:
    """Literals full of backslashes, digits and hex: where the escape grammar branches."""
    rng = random.Random(seed)
    alphabet = ["\\", "\\", "\\", "0", "1", "3", "4", "7", "8", "9", "x", "u", "{", "}", "a", "F", "n", " "]
    found = []
    for _ in range(count):
        body = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        if body.endswith("\\") and (len(body) - len(body.rstrip("\\"))) % 2:
            body += "0"
        quote = rng.choice(["'", '"', "`"])
        found.append(quote + body + quote)
    return found


CORPUS = HAND_PICKED + _random_literals(400)

_NODE_JUDGE = r"""
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const run = (source) => { try { return (0, eval)(source); } catch (e) { return null; } };
console.log(JSON.stringify(cases.map((c) => [run('(' + c + '\n)'), run("'use strict'; (" + c + '\n)')])));
"""


def _node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            raise AssertionError("node is required in CI: it is the oracle of the JavaScript string escapes")
        pytest.skip("node is not installed (the oracle of JavaScript string escapes)")
    return found


@pytest.fixture(scope="module")
def node_values() -> list[list[str | None]]:
    done = subprocess.run([_node(), "-e", _NODE_JUDGE], input=json.dumps(CORPUS), capture_output=True, text=True,
                          check=True, timeout=60)
    values: list[list[str | None]] = json.loads(done.stdout)
    return values


def _read_all(strictness: Strictness) -> list[str | None]:
    """fuzzroute's value of each literal of the corpus (None where it refuses it, or the file as a syntax error)."""
    values: list[str | None] = []
    for literal in CORPUS:
        tree = parse_source(Path("corpus.js"), f"x = {literal};\n")
        if tree.root_node.has_error:
            values.append(None)  # the reader refuses the declaration as a syntax error
            continue
        expression = tree.root_node.named_children[0].named_children[0]
        value = expression.child_by_field_name("right")
        assert value is not None
        try:
            values.append(string_value(value, strictness))
        except BadEscape:
            values.append(None)
    return values


def test_sloppy_scripts_read_every_escape_as_v8_does(node_values: list[list[str | None]]) -> None:
    ours = _read_all(SLOPPY)
    wrong = [(literal, mine, theirs[0]) for literal, mine, theirs in zip(CORPUS, ours, node_values, strict=True)
             if mine != theirs[0]]
    assert not wrong, wrong[:10]
    assert ours[CORPUS.index("'\\101'")] == "A" and ours[CORPUS.index("'\\7'")] == "\x07"
    assert ours[CORPUS.index("'\\08'")] == "\x008" and ours[CORPUS.index("'\\8'")] == "8"


def test_strict_code_refuses_exactly_what_v8_refuses(node_values: list[list[str | None]]) -> None:
    ours = _read_all(STRICT)
    wrong = [(literal, mine, theirs[1]) for literal, mine, theirs in zip(CORPUS, ours, node_values, strict=True)
             if mine != theirs[1]]
    assert not wrong, wrong[:10]
    refused = sum(1 for value in ours if value is None)
    assert refused > 50, "the corpus holds many legacy escapes for strict code to refuse"


TS_GRAPH = (
    "HEADER"
    "const a = defineSkill({ id: 'a' });\n"
    "export const g = skillGraph().entry(a, {\n"
    "  match: { keywords: ['A'] },\n"
    "  examples: [LITERAL],\n"
    "}).build();\n"
)


@pytest.mark.parametrize(("name", "header", "literal", "says"), [
    ("g.ts", "", "'\\101 here'", "g.ts:4: the string escape `\\101` is a legacy octal escape"),
    ("g.mts", "", "'\\7'", "g.mts:4: the string escape `\\7` is a legacy octal escape"),
    ("g.cts", "", "'\\8'", "g.cts:4: the string escape `\\8` is an escape JavaScript allows only in sloppy"),
    ("g.tsx", "", "'x\\0101'", "g.tsx:4: the string escape `\\010` is a legacy octal escape"),
    ("g.js", "", "'\\101'", "here a module (the file has import or export)"),
    ("g.mjs", "", "'\\101'", "here a module (.mjs)"),
    ("strict.cjs", "'use strict';\n", "'\\101'", "here a script under 'use strict'"),
    ("tpl.cjs", "", "`\\101`", "is an octal escape in a template literal"),
])
def test_strict_files_refuse_a_legacy_octal_escape_naming_the_line(
    tmp_path: Path, name: str, header: str, literal: str, says: str
) -> None:
    text = TS_GRAPH.replace("HEADER", header).replace("LITERAL", literal)
    if name.endswith(".cjs"):
        text = text.replace("export const g", "const g")
    graph = tmp_path / name
    graph.write_text(text, encoding="utf-8")
    code, out, err = code_out_err(invoke("check", str(graph)))
    assert code == 2 and out == "" and "Traceback" not in err, err
    assert says in err, err
    assert graph.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", ["g.js", "g.cjs", "g.jsx"])
def test_a_sloppy_script_reads_a_legacy_octal_escape_as_its_character(tmp_path: Path, name: str) -> None:
    """'\\101' is 'A' in a script: the example matches its rule (before, it read '101' and missed)."""
    text = TS_GRAPH.replace("HEADER", "").replace("export const g", "const g").replace(
        "LITERAL", "'\\101 please', 'b\\7'")
    graph = tmp_path / name
    graph.write_text(text, encoding="utf-8")
    code, out, err = code_out_err(invoke("check", str(graph), "--format", "json"))
    problems = json.loads(out)["problems"]
    # '\\101 please' is 'A please' (claimed); 'b\\7' is 'b' + BEL, which misses `A`, as in V8
    assert [(p["code"], p["example"]) for p in problems] == [
        ("example-misses-own-rule", "b\x07"), ("example-unclaimed", "b\x07")], err
    assert code == 1


def test_a_module_js_file_is_strict_by_its_package_json(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    text = TS_GRAPH.replace("HEADER", "").replace("export const g", "const g").replace("LITERAL", "'\\101'")
    (tmp_path / "g.js").write_text(text, encoding="utf-8")
    code, _, err = code_out_err(invoke("check", str(tmp_path / "g.js")))
    assert code == 2 and 'the nearest package.json says "type": "module"' in err


@pytest.mark.parametrize(("body", "strict"), [
    ("function f() { 'use strict'; return '\\101'; }", True),
    ("function f() { return '\\101'; }", False),
    ("class C { m() { return '\\101'; } }", True),
    ("const f = () => { \"use strict\"; return '\\101'; };", True),
    ("function f() { x(); 'use strict'; return '\\101'; }", False),  # not in the directive prologue
])
def test_strict_regions_of_a_sloppy_script(body: str, strict: bool) -> None:
    from fuzzroute.graphfiles.typescript import strictness_of

    tree = parse_source(Path("g.js"), body)
    where = strictness_of(Path("g.cjs"), tree, body)
    literal = next(n for n in _strings(tree.root_node) if "101" in (n.text or b"").decode())
    assert (where.at(literal) is not None) is strict


def _strings(node: Node) -> list[Node]:
    found = [node] if node.type == "string" else []
    for child in node.children:
        found.extend(_strings(child))
    return found
