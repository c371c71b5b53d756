"""Hostile graph text through every output, and the files and integrations around a run.

A pull request's graph is untrusted text: its rule ids, keywords and examples
reach the diff's Markdown (which a bot posts as its comment), the JSON and
SARIF documents (which baselines, merge and the ledger match on), JUnit XML,
and the terminal.  The Markdown must parse to no heading, link, image, HTML
or extra table cell of the graph's making, and GitHub must find no mention,
issue reference or web address outside code in it; the data formats must
keep the exact text.  Around the run: the pre-commit hook, `diff git:REV:path`
and the Action take every graph form; files are written where, and as, their
authors meant; and the messages that were unclear say what happened.

Every case asserts the exact exit code, no traceback, and (where inputs must
not change) every input's bytes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result
from helpers.cli import invoke
from helpers.files import hashes
from markdown_it import MarkdownIt
from markdown_it.token import Token

from fuzzroute.cli import main
from fuzzroute.diff import MARKER
from fuzzroute.graphfiles.typescript import SUFFIXES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FAST = ["--budget", "20", "--workers", "1", "--no-decide"]

#: Text a hostile pull request puts in its graph; each must stay inert in the Markdown comment.
HOSTILE_TEXTS = {
    "heading": "# Approve this PR",
    "setext": "x\n===",
    "link": "[click](https://evil.example/x)",
    "image": "![pixel](https://evil.example/p.png)",
    "autolink": "<https://evil.example>",
    "bare-url": "https://evil.example/a and www.evil.example",
    "mention": "@octocat and @org/team",
    "issue-ref": "fixes #123 and GH-7",
    "raw-html": "<img src=x onerror=alert(1)><b>bold</b>",
    "script": "<script>alert(1)</script>",
    "table-pipe": "a | b | c",
    "newline": "line one\n| injected | row |",
    "comment-open": "<!-- hidden",
    "bot-marker": MARKER,
    "backticks": "``` fence ` tick ``",
    "emphasis": "**bold** _it_ ~~gone~~",
    "entity": "&lt;b&gt; &#x40;octocat",
    "math": "$x^2$ and $$y$$",
    "escape-bel": "\x1b]0;pwned\x07title",
    "csi": "\x1b[2J\x1b[31mred",
    "bidi": "abc\u202edcba\u2066iso\u2069",
    "zero-width": "on\u200bly\ufeffhere",
    "line-separator": "one\u2028two\u2029three",
    "backslash": "\\|\\`\\<",
}


def assert_clean(result: Result, code: int) -> None:
    """The exact exit code and no traceback (from click's runner or in the text)."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"raised {result.exception!r}")


def write_json(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def hostile_versions(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A base and a head whose diff has moves, proven rows, rule changes and undecided pairs, all quoting `text`.

    The backreference regex cannot be read by the automata, so its pairs are undecided.
    """
    base = {"name": f"g {text}", "entries": [
        {"id": f"first {text}", "match": {"keywords": ["order"]}, "examples": ["my order"]},
        {"id": f"second {text}", "match": {"keywords": ["parcel", f"track {text}"]}, "examples": [f"parcel {text}"]},
        {"id": f"echo {text}", "match": {"regex": "(ab)\\1"}},
        {"id": "third", "match": {"keywords": ["refund"]}},
    ]}
    head = {"name": f"g {text}", "entries": [
        {"id": f"second {text}", "match": {"keywords": ["parcel", f"track {text}", f"order {text}"]},
         "examples": [f"parcel {text}", f"my order {text}"]},
        {"id": f"first {text}", "match": {"keywords": ["order", "abab"]},
         "examples": ["my order", f"my order {text} now"]},
        {"id": f"echo {text}", "match": {"regex": "(ab)\\1"}},
        {"id": f"renamed {text}", "match": {"keywords": ["refund"]}},
    ]}
    return base, head


# -- Markdown structure ----------------------------------------------------------------------------------------------

PARSER = MarkdownIt("commonmark").enable("table").enable("strikethrough")
OUR_HEADINGS = re.compile(
    r"fuzzroute diff: .*|Messages that change the rule .*|Declared examples and never-route rows \(proven\)|"
    r"Rules changed"
)
OUR_HTML_BLOCK = re.compile(
    r"(<!-- fuzzroute-diff -->|<details><summary>[^<>]*</summary>|</details>)\n?", re.DOTALL
)
OUR_HTML_INLINE = {"<sub>", "</sub>", "<br>"}
OUR_EMPHASIS = {"total", "partial", "no rule", "(empty)", "0", "1", "2"}
INVISIBLE = {"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"}


def _walk(tokens: list[Token]) -> list[Token]:
    found: list[Token] = []
    for token in tokens:
        found.append(token)
        if token.children:
            found += _walk(token.children)
    return found


def _unescaped_pipes(line: str) -> int:
    return len(re.findall(r"(?<!\\)\|", line))


def assert_inert_markdown(markdown: str, rule_count: int) -> list[str]:
    """Check the structure a GitHub reader would see; returns the text of every code span."""
    assert markdown.startswith(MARKER + "\n") and markdown.count(MARKER) == 1
    raw_invisible = [c for c in markdown if c != "\n" and unicodedata.category(c) in INVISIBLE]
    assert not raw_invisible, raw_invisible
    tokens = _walk(PARSER.parse(markdown))
    kinds = {t.type for t in tokens}
    assert not kinds & {"link_open", "image", "s_open", "hr", "fence", "code_block", "blockquote_open"}, kinds
    inlines = [t for t in PARSER.parse(markdown) if t.type == "inline"]
    for inline in inlines:  # emphasis is ours only: *total*, *partial*, *no rule*, **exit status**
        children = inline.children or []
        for position, child in enumerate(children):
            if child.type in ("em_open", "strong_open"):
                assert children[position + 1].content in OUR_EMPHASIS, children[position + 1].content
    for position, token in enumerate(PARSER.parse(markdown)):
        if token.type == "heading_open":
            title = PARSER.parse(markdown)[position + 1].content
            assert OUR_HEADINGS.fullmatch(title), title
    for token in tokens:
        if token.type == "html_block":
            assert OUR_HTML_BLOCK.fullmatch(token.content), token.content
        if token.type == "html_inline":
            assert token.content in OUR_HTML_INLINE, token.content
    # GitHub links mentions, issue numbers and addresses in text outside code: none may come from the graph.
    for inline in inlines:
        for child in inline.children or []:
            if child.type != "text":
                continue
            assert not re.search(r"@\w|www\.|://|&#|&[a-z]+;|\$", child.content), child.content
            for number in re.findall(r"#(\d+)", child.content):
                assert int(number) <= rule_count, child.content  # our rule positions only
    # Every table row has exactly the header's cells.
    lines = markdown.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("|---"):
            width = _unescaped_pipes(lines[index - 1])
            row = index + 1
            while row < len(lines) and lines[row].startswith("|"):
                assert _unescaped_pipes(lines[row]) == width, lines[row]
                row += 1
    return [t.content for t in tokens if t.type == "code_inline"]


@pytest.mark.parametrize("name", sorted(HOSTILE_TEXTS))
def test_diff_markdown_keeps_hostile_graph_text_inert(tmp_path: Path, name: str) -> None:
    text = HOSTILE_TEXTS[name]
    base, head = hostile_versions(text)
    write_json(tmp_path / "base.json", base)
    write_json(tmp_path / "head.json", head)
    before = hashes(tmp_path)
    result = invoke("diff", str(tmp_path / "base.json"), str(tmp_path / "head.json"),
                    "--markdown", str(tmp_path / "out.md"), "--format", "markdown")
    assert_clean(result, 1)  # the head's new example is shadowed: a new proven error
    written = (tmp_path / "out.md").read_text(encoding="utf-8")
    assert written.rstrip("\n") == result.stdout.rstrip("\n")  # the --markdown copy is the same inert text
    spans = assert_inert_markdown(written, rule_count=4)
    sections = ("#### Messages", "#### Declared examples", "#### Rules changed", "Undecided pairs")
    assert all(section in written for section in sections)
    # The graph's text is shown, in code, with invisible characters as visible markers.
    visible = "".join(
        f"[U+{ord(c):04X}]" if unicodedata.category(c) in INVISIBLE else c for c in text
    ).replace("<!--", "[U+003C]!--")
    assert any(visible.replace("|", "\\|") in span or visible in span for span in spans), (visible, spans)
    after = hashes(tmp_path)
    assert {k: v for k, v in after.items() if k != "out.md"} == before


def test_the_readme_example_renders_as_before_and_parses_clean() -> None:
    result = invoke("diff", str(EXAMPLES / "support.py"), str(EXAMPLES / "support_v2.py"), "--format", "markdown")
    assert_clean(result, 1)
    spans = assert_inert_markdown(result.stdout, rule_count=6)
    assert "order-status" in spans and "'where is my order'" in spans


# -- JSON, SARIF and JUnit keep the exact text ----------------------------------------------------------------------

EXACT = "a\x1b[31m\u202e\u200b\u2028|<!-- x -->@octocat #1 \\u001b \U000e0041"


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _no_raw_invisible(data: bytes) -> None:
    text = data.decode("utf-8")
    assert not [c for c in text if c not in "\n\r\t" and unicodedata.category(c) in INVISIBLE]


def test_diff_json_and_sarif_round_trip_the_exact_text(tmp_path: Path) -> None:
    base, head = hostile_versions(EXACT)
    write_json(tmp_path / "base.json", base)
    write_json(tmp_path / "head.json", head)
    result = invoke("diff", str(tmp_path / "base.json"), str(tmp_path / "head.json"),
                    "--json", str(tmp_path / "d.json"), "--sarif", str(tmp_path / "d.sarif"))
    assert_clean(result, 1)
    for name in ("d.json", "d.sarif"):
        data = (tmp_path / name).read_bytes()
        _no_raw_invisible(data)
        strings = _strings(json.loads(data))
        assert any(EXACT in s for s in strings), name
    document = json.loads((tmp_path / "d.json").read_bytes())
    assert f"second {EXACT}" in {r["head"]["id"] for r in document["rules"] if r["head"]}


def test_report_json_sarif_and_junit_keep_the_exact_text(tmp_path: Path) -> None:
    graph = write_json(tmp_path / "g.json", {"name": "g", "entries": [
        {"id": "orders", "match": {"keywords": ["order"]}, "examples": [f"order {EXACT}"]},
        {"id": f"late {EXACT}", "match": {"keywords": ["order"]}, "examples": [f"my order {EXACT}"]},
    ]})
    result = invoke("report", str(graph), "-o", str(tmp_path / "r.html"), "--json", str(tmp_path / "r.json"),
                    "--sarif", str(tmp_path / "r.sarif"), "--junit", str(tmp_path / "r.xml"), *FAST)
    assert_clean(result, 1)
    for name in ("r.json", "r.sarif"):
        data = (tmp_path / name).read_bytes()
        _no_raw_invisible(data)
        assert f"late {EXACT}" in _strings(json.loads(data)) or any(
            f"late {EXACT}" in s for s in _strings(json.loads(data))
        ), name
    junit = (tmp_path / "r.xml").read_bytes()
    assert junit.isascii()  # every other character is a character reference
    parsed = ET.fromstring(junit)
    texts = " ".join(e.get("classname", "") + " " + (e.text or "") for e in parsed.iter())
    # XML 1.0 cannot hold ESC even as a reference: it is written \u001b; everything else is exact.
    assert "late a\\u001b[31m\u202e\u200b\u2028|<!-- x -->@octocat" in texts


def test_check_json_and_claim_json_keep_the_exact_text(tmp_path: Path) -> None:
    graph = write_json(tmp_path / "g.json", {"name": "g", "entries": [
        {"id": f"r {EXACT}", "match": {"keywords": ["refund"]}, "examples": [f"refund {EXACT}"]},
    ]})
    check = invoke("check", str(graph), "--format", "json")
    assert_clean(check, 0)
    claim = invoke("claim", str(graph), f"refund {EXACT}", "--format", "json")
    assert_clean(claim, 0)
    assert json.loads(claim.stdout)[0]["cold_walk"] == f"r {EXACT}"
    assert json.loads(claim.stdout)[0]["phrase"] == f"refund {EXACT}"


def test_claim_text_keeps_ids_with_escape_sequences_apart(tmp_path: Path) -> None:
    graph = write_json(tmp_path / "g.json", {"name": "g", "entries": [
        {"id": "a\x1b[31mb", "match": {"keywords": ["refund"]}},
        {"id": "a\\u001b[31mb", "match": {"keywords": ["money"]}},
        {"id": "ab", "match": {"keywords": ["cash"]}},
    ]})
    result = invoke("claim", str(graph), "refund", "money", "cash")
    assert_clean(result, 0)
    shown = [line.split(": ", 1)[1].split(" (rule")[0] for line in result.stdout.splitlines() if "cold walk" in line]
    assert len(set(shown)) == 3, shown
    assert "\x1b" not in result.stdout


# -- Integrations: every graph form -----------------------------------------------------------------------------------


def test_the_check_hook_filters_no_graph_form_out() -> None:
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    check = hooks["fuzzroute-check"]
    assert not {"types", "types_or", "exclude_types"} & set(check), "a type filter would skip some graph forms"


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_the_check_hook_checks_every_script_suffix(tmp_path: Path, suffix: str) -> None:
    graph = tmp_path / f"support{suffix}"
    shutil.copy(EXAMPLES / "support.ts", graph)
    before = hashes(tmp_path)
    hook = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    words = hook["fuzzroute-check"]["entry"].split()
    result = CliRunner().invoke(main, [*words[1:], f"{graph}:desk"])
    assert_clean(result, 1)  # support.ts declares a shadowed example on purpose
    assert "fuzzroute check: graph" in result.stdout
    assert hashes(tmp_path) == before


def git(workdir: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=workdir,
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture()
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "repo"
    work.mkdir()
    monkeypatch.chdir(work)
    git(work, "init", "-q")
    shutil.copy(EXAMPLES / "support.ts", work / "g.ts")
    shutil.copy(EXAMPLES / "nightly_shop.json", work / "g.json")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "base")
    return work


def test_diff_reads_a_typescript_graph_from_git(repository: Path) -> None:
    text = (repository / "g.ts").read_text(encoding="utf-8").replace(
        "examples: ['where is my parcel']", "examples: ['where is my parcel', 'where is my order now']"
    )
    assert "where is my order now" in text
    (repository / "g.ts").write_text(text, encoding="utf-8")
    result = invoke("diff", "git:HEAD:g.ts:desk", "g.ts:desk", "--format", "json")
    assert_clean(result, 1)
    document = json.loads(result.stdout)
    assert document["base"]["revision"] == "HEAD" and document["base"]["rules"] == 4
    assert [c["row"] for c in document["proven"]] == ["tracking#2::'where is my order now'"]


@pytest.mark.parametrize("revision", ["--output=x", "-p", "--output=x --"])
def test_a_revision_is_never_an_option_of_git(repository: Path, revision: str) -> None:
    before = hashes(repository)
    result = invoke("diff", f"git:{revision}:g.json", "g.json")
    assert_clean(result, 2)
    assert "is not one commit" in result.stderr
    assert hashes(repository) == before and not (repository / "x").exists()


def test_a_range_is_named_as_the_revision_not_the_file(repository: Path) -> None:
    git(repository, "commit", "-q", "--allow-empty", "-m", "two")
    result = invoke("diff", "git:HEAD~1..HEAD:g.json", "g.json")
    assert_clean(result, 2)
    assert "`HEAD~1..HEAD` is not one commit" in result.stderr and "range" in result.stderr


def test_a_broken_graph_in_git_is_named_as_the_git_version(repository: Path) -> None:
    (repository / "g.json").write_text("{ not json", encoding="utf-8")
    git(repository, "commit", "-q", "-am", "broken")
    shutil.copy(EXAMPLES / "nightly_shop.json", repository / "g.json")
    result = invoke("diff", "git:HEAD:g.json", "g.json")
    assert_clean(result, 2)
    assert "git:HEAD:g.json (the version of g.json kept in git at HEAD, not the file on disk)" in result.stderr
    assert "invalid JSON" in result.stderr


def test_the_action_describes_every_graph_form_and_strips_a_script_name() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    description = action["inputs"]["graph"]["description"]
    for suffix in (".py", ".json", *SUFFIXES):
        assert suffix in description, suffix
    diff_step = next(s for s in action["runs"]["steps"] if s.get("id") == "diff")
    script = diff_step["run"]
    done = subprocess.run(
        ["bash", "-c", script.split("mkdir -p")[0] + 'printf "%s" "$file"'],
        env={**os.environ, "GRAPH": "examples/support.ts:desk"}, capture_output=True, text=True, check=True,
    )
    assert done.stdout == "examples/support.ts"


# -- Files kept as their authors wrote them ---------------------------------------------------------------------------

CRLF_GRAPH = (
    '{\r\n  "name": "crlf",\r\n  "entries": [\r\n'
    '    {"id": "orders", "match": {"keywords": ["order", "refund"]}},\r\n'
    '    {"id": "billing", "match": {"keywords": ["refund"]}}\r\n  ]\r\n}\r\n'
)


def test_accept_keeps_crlf_line_endings(tmp_path: Path) -> None:
    graph = tmp_path / "g.json"
    graph.write_bytes(CRLF_GRAPH.encode("utf-8"))
    result = invoke("accept", str(graph), "orders", "billing", "--reason", "orders owns refunds")
    assert_clean(result, 0)
    data = graph.read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") and b'"accepted"' in data
    assert invoke("check", str(graph)).exit_code == 0


def test_accept_keeps_the_files_text_as_written(tmp_path: Path) -> None:
    graph = tmp_path / "g.json"
    text = CRLF_GRAPH.replace("crlf", "caf\u00e9 \\u00e9").replace("\r\n", "\n")
    graph.write_bytes(text.encode("utf-8"))
    result = invoke("accept", str(graph), "orders", "billing", "--reason", "f\u00fcr Bestellungen")
    assert_clean(result, 0)
    data = graph.read_bytes()
    # Everything before the insertion is byte for byte as it was: the raw é and the escaped one alike.
    assert data.startswith(text[: text.rindex("}\n  ]")].encode("utf-8"))
    assert b"\r" not in data and "f\u00fcr Bestellungen" in data.decode("utf-8")


def test_accept_on_a_read_only_graph_offers_only_its_own_options(tmp_path: Path) -> None:
    graph = tmp_path / "g.json"
    graph.write_text(CRLF_GRAPH, encoding="utf-8")
    graph.chmod(0o444)
    before = hashes(tmp_path)
    try:
        result = invoke("accept", str(graph), "orders", "billing", "--reason", "intended")
    finally:
        graph.chmod(0o644)
    assert_clean(result, 2)
    assert "--write" not in result.stderr and "--diff" not in result.stderr
    assert "read-only, so accept will not replace it" in result.stderr and '"reason": "intended"' in result.stderr
    assert hashes(tmp_path) == before


def test_accept_refuses_a_reason_with_a_lone_surrogate(tmp_path: Path) -> None:
    graph = tmp_path / "g.py"
    graph.write_text(
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('s').entry('a', match=keywords('refund')).entry('b', match=keywords('refund'))\n",
        encoding="utf-8",
    )
    before = hashes(tmp_path)
    result = invoke("accept", str(graph), "a", "b", "--reason", "bad \udcff byte")
    assert_clean(result, 2)
    assert "lone surrogate U+DCFF" in result.stderr and "nothing was written" in result.stderr
    assert hashes(tmp_path) == before


def test_a_sidecar_with_a_lone_surrogate_reason_is_refused(tmp_path: Path) -> None:
    graph = tmp_path / "g.py"
    graph.write_text(
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('s').entry('a', match=keywords('refund')).entry('b', match=keywords('refund'))\n",
        encoding="utf-8",
    )
    (tmp_path / "g.py.accepted.json").write_text(
        '{"accepted": [{"earlier": "a", "later": "b", "reason": "x \\ud800"}]}', encoding="utf-8"
    )
    result = invoke("check", str(graph))
    assert_clean(result, 2)
    assert "lone surrogate U+D800" in result.stderr and "reason" in result.stderr


def test_the_sidecar_refuses_repeated_keys(tmp_path: Path) -> None:
    graph = tmp_path / "g.py"
    graph.write_text(
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('s').entry('a', match=keywords('refund')).entry('b', match=keywords('refund'))\n",
        encoding="utf-8",
    )
    (tmp_path / "g.py.accepted.json").write_text(
        '{"accepted": [{"earlier": "a", "later": "b", "reason": "one", "reason": "two"}]}', encoding="utf-8"
    )
    before = hashes(tmp_path)
    result = invoke("check", str(graph))
    assert_clean(result, 2)
    assert "the key 'reason' appears twice" in result.stderr
    assert hashes(tmp_path) == before


CHDIR_GRAPH = (
    "import os\nfrom fuzzroute import Graph, keywords\n"
    "os.makedirs('elsewhere', exist_ok=True)\nos.chdir('elsewhere')\n"
    "graph = Graph('c').entry('a', match=keywords('refund'), examples=['refund'])\n"
)


@pytest.mark.parametrize("command", [
    ["check", "g.py", "--junit", "out/c.xml", "--sarif", "out/c.sarif"],
    ["report", "g.py", "-o", "out/r.html", "--json", "out/r.json", "--db", "mem", *FAST],
    ["diff", "g.py", "g.py", "--json", "out/d.json", "--markdown", "out/d.md"],
])
def test_a_graph_that_changes_directory_cannot_move_the_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.py").write_text(CHDIR_GRAPH, encoding="utf-8")
    try:
        result = invoke(*command)
    finally:
        os.chdir(tmp_path)
    assert_clean(result, 0)
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    wanted = [a for a in command if a.startswith("out/")]
    assert set(wanted) <= set(written), written
    assert not [p for p in written if p.startswith("elsewhere/")], written
    if "--db" in command:
        assert (tmp_path / "mem" / "witnesses").is_dir()


def test_suggest_write_edits_the_graph_it_was_given_after_a_chdir(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.py").write_text(CHDIR_GRAPH.replace("examples=['refund']", ""), encoding="utf-8")
    result = invoke("suggest", "g.py", "--budget", "30", "--write")
    assert os.getcwd() == str(tmp_path)
    assert_clean(result, 0)
    assert "examples=" in (tmp_path / "g.py").read_text(encoding="utf-8")
    assert not (tmp_path / "elsewhere" / "g.py").exists()


@pytest.mark.parametrize("command", [
    ["report", "g.json", "-o", "loop", *FAST],
    ["check", "g.json", "--junit", "loop"],
    ["diff", "g.json", "g.json", "--markdown", "loop"],
    ["report", "g.json", "-o", "r.html", "--sarif", "loop", *FAST],
])
def test_an_output_onto_a_symlink_loop_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  command: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "g.json")
    (tmp_path / "loop").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop")
    before = hashes(tmp_path)
    result = invoke(*command)
    assert_clean(result, 2)
    assert "symbolic link loop" in result.stderr
    assert hashes(tmp_path) == before and (tmp_path / "loop").is_symlink()


@pytest.mark.parametrize(("command", "words"), [
    (["report", "g.json", "-o", "", *FAST], "the path is empty"),
    (["report", "g.json", "--db", "", *FAST], "the path is empty"),
    (["check", "g.json", "--junit", ""], "the path is empty"),
    (["diff", "g.json", "g.json", "--json", ""], "the path is empty"),
    (["merge", "g.json", "-o", ""], "the path is empty"),
    (["check", ""], "the graph path is empty"),
    (["claim", "", "hello"], "the graph path is empty"),
])
def test_an_empty_path_is_called_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       command: list[str], words: str) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "g.json")
    before = hashes(tmp_path)
    result = invoke(*command)
    assert_clean(result, 2)
    assert words in result.stderr and " . " not in result.stderr and "'.'" not in result.stderr
    assert hashes(tmp_path) == before


# -- Messages ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("content", "words"), [
    (b"x = 1\x00\n", "NUL byte"),
    (b"# -*- coding: bogus -*-\nx = 1\n", "unknown encoding: bogus"),
    (b"x = '\xff\xfe'\n", "save the file as UTF-8"),
])
def test_a_syntax_error_without_a_line_names_its_cause(tmp_path: Path, content: bytes, words: str) -> None:
    graph = tmp_path / "g.py"
    graph.write_bytes(content)
    result = invoke("check", str(graph))
    assert_clean(result, 2)
    assert words in result.stderr and ":None" not in result.stderr


def test_a_graph_that_prints_more_than_is_kept_says_so(tmp_path: Path) -> None:
    graph = tmp_path / "g.py"
    graph.write_text(
        "from fuzzroute import Graph, keywords\n"
        "for i in range(120_000):\n    print('line', i, 'x' * 5)\n"
        "graph = Graph('loud').entry('a', match=keywords('refund'), examples=['refund'])\n",
        encoding="utf-8",
    )
    quiet = subprocess.run([sys.executable, "-m", "fuzzroute", "check", str(graph)],
                           capture_output=True, text=True, timeout=120, check=False)
    assert quiet.returncode == 0 and "Traceback" not in quiet.stderr
    assert "more than fuzzroute keeps" in quiet.stderr and "left out" in quiet.stderr
    loud = subprocess.run([sys.executable, "-m", "fuzzroute", "check", str(graph), "-v"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert loud.returncode == 0
    shown = [line for line in loud.stderr.splitlines() if line.startswith("  | ")]
    assert all(re.fullmatch(r"  \| line \d+ x{5}", line) for line in shown), shown[-1]
    assert "(cut here:" in loud.stderr


def test_suggest_write_says_the_file_changed_under_it(tmp_path: Path) -> None:
    graph = tmp_path / "g.py"
    graph.write_text(
        "from pathlib import Path\nfrom fuzzroute import Graph, keywords\n"
        "me, mark = Path(__file__), '# ' + 'touched'\n"
        "if mark not in me.read_text():\n    me.write_text(me.read_text() + mark + '\\n')\n"
        "graph = Graph('t').entry('a', match=keywords('refund', 'return'))\n",
        encoding="utf-8",
    )
    result = invoke("suggest", str(graph), "--budget", "30", "--write")
    after = graph.read_text(encoding="utf-8")
    assert_clean(result, 2)
    assert "the file changed after fuzzroute read it" in result.stderr and "dynamically" not in result.stderr
    assert after.endswith("# touched\n") and "examples" not in after


def test_a_very_long_graph_name_gives_short_lines_and_a_short_default_path(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = "n" * 10_000
    write_json(tmp_path / "g.json", {"name": name, "entries": [
        {"id": "a", "match": {"keywords": ["refund"]}, "examples": ["refund"]},
    ]})
    check = invoke("check", "g.json")
    assert_clean(check, 0)
    assert max(len(line) for line in check.output.splitlines()) < 200
    report = invoke("report", "g.json", "--db", "mem", *FAST)
    assert_clean(report, 0)
    assert max(len(line) for line in report.output.splitlines()) < 250
    written = [p for p in (tmp_path / "reports").iterdir()]
    assert len(written) == 1 and len(written[0].name) < 100
    ledgers = list((tmp_path / "mem" / "witnesses").iterdir())
    assert len(ledgers) == 1 and len(ledgers[0].name) < 100
    assert json.loads(ledgers[0].read_text(encoding="utf-8"))["graph"] == name


def test_write_errors_end_with_a_capitalised_sentence(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "g.json")
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    for command in (
        ["check", str(tmp_path / "g.json"), "--junit", str(tmp_path / "file" / "x.xml")],
        ["diff", str(tmp_path / "g.json"), str(tmp_path / "g.json"), "--json", str(tmp_path / "file" / "x.json")],
        ["report", str(tmp_path / "g.json"), "-o", str(tmp_path / "file" / "x.html"), *FAST],
    ):
        result = invoke(*command)
        assert_clean(result, 2)
        sentences = re.split(r"(?<=\.) ", result.stderr.strip())
        assert sentences[-1][0].isupper(), result.stderr


@pytest.mark.parametrize("shard", ["１/２", "1/２", "١/٢", "²/³"])
def test_a_shard_in_other_digits_is_refused(tmp_path: Path, shard: str) -> None:
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "g.json")
    before = hashes(tmp_path)
    result = invoke("report", str(tmp_path / "g.json"), "--shard", shard, "-o", str(tmp_path / "r.html"), *FAST)
    assert_clean(result, 2)
    assert "is not a slice" in result.stderr
    assert hashes(tmp_path) == before


def test_merge_has_quiet(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "nightly_shop.json", tmp_path / "g.json")
    shards = []
    for index in (1, 2):
        shard = tmp_path / f"s{index}.json"
        result = invoke("report", str(tmp_path / "g.json"), "--shard", f"{index}/2", "-o",
                        str(tmp_path / f"s{index}.html"), "--json", str(shard), *FAST)
        assert_clean(result, 0)
        shards.append(str(shard))
    loud = invoke("merge", *shards, "-o", str(tmp_path / "m.html"))
    quiet = invoke("merge", *shards, "-o", str(tmp_path / "m.html"), "-q")
    assert_clean(loud, 0)
    assert_clean(quiet, 0)
    assert len(quiet.stdout.splitlines()) < len(loud.stdout.splitlines())
    assert quiet.stdout.startswith("fuzzroute report: shop:")


def test_a_pytest_id_holding_double_colons_can_be_selected(tmp_path: Path) -> None:
    graph = write_json(tmp_path / "g.json", {"name": "g", "entries": [
        {"id": "a::b", "match": {"keywords": ["refund"]}, "examples": ["refund"]},
        {"id": "c", "match": {"keywords": ["order"]}, "examples": ["order"]},
    ]})
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}

    def pytest_run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--fuzzroute", str(graph), *args],
            cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False, env=env,
        )

    listed = pytest_run("--collect-only", "-q")
    ids = [line for line in listed.stdout.splitlines() if line.startswith("g.json::")]
    assert "g.json::a:\\:b#1::'refund'" in ids and "g.json::a:\\:b::decided" in ids, listed.stdout
    assert all(len(i.split("::")) == 3 for i in ids)
    # Each rule has its declared row and its decided item: `-k` takes both of a:\:b's, never c's.
    chosen = pytest_run("-q", "-k", "a:\\:b")
    assert chosen.returncode == 0 and "2 passed, 2 deselected" in chosen.stdout, chosen.stdout
    dropped = pytest_run("-q", "--deselect", "g.json::a:\\:b#1::'refund'")
    assert dropped.returncode == 0 and "3 passed, 1 deselected" in dropped.stdout, dropped.stdout


def test_the_action_diffs_a_typescript_graph(tmp_path: Path) -> None:
    from helpers.action_runner import by_name, run_action

    work = tmp_path / "repo"
    (work / "examples").mkdir(parents=True)
    git(work, "init", "-q")
    shutil.copy(EXAMPLES / "support.ts", work / "examples" / "support.ts")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "base")
    base = git(work, "rev-parse", "HEAD").strip()
    text = (work / "examples" / "support.ts").read_text(encoding="utf-8")
    (work / "examples" / "support.ts").write_text(
        text.replace("examples: ['where is my parcel']", "examples: ['where is my parcel', 'where is my order now']"),
        encoding="utf-8",
    )
    git(work, "commit", "-q", "-am", "head")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    (stubs / "pip").write_text("#!/bin/sh\nexit 0\n")
    (stubs / "pip").chmod(0o755)
    env = {"PATH": os.pathsep.join([str(stubs), str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
           "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / "h")}
    runs = run_action(
        ROOT / "action.yml", inputs={"graph": "examples/support.ts:desk", "budget": "50", "fail-on": "never"},
        workdir=work, event_name="pull_request", event={"pull_request": {"number": 3, "base": {"sha": base}}},
        env=env,
    )
    diff = by_name(runs, "fuzzroute diff")
    assert diff.ran and diff.status == 0, diff.stderr
    assert diff.outputs["status"] == "1"  # the new example is shadowed by orders: a new proven error
    markdown = (work / "fuzzroute-reports" / "diff.md").read_text(encoding="utf-8")
    assert markdown.startswith(MARKER) and "tracking#2::'where is my order now'" in markdown
    assert "is new in this pull request" not in markdown


def test_html_report_and_check_sarif_keep_hostile_text_as_text(tmp_path: Path) -> None:
    hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>\u202e"
    graph = write_json(tmp_path / "g.json", {"name": f"g {hostile}", "entries": [
        {"id": "orders", "match": {"keywords": ["order"]}, "examples": [f"order {hostile}"]},
        {"id": f"late {hostile}", "match": {"keywords": ["order"]}, "examples": [f"my order {hostile}"]},
    ]})
    before = hashes(tmp_path)
    report = invoke("report", str(graph), "-o", str(tmp_path / "r.html"), *FAST)
    assert_clean(report, 1)
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<img src=x" not in html and "<script>alert(2)" not in html and "\u202e" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "U+202E" in html
    check = invoke("check", str(graph), "--sarif", str(tmp_path / "c.sarif"))
    assert_clean(check, 1)
    data = (tmp_path / "c.sarif").read_bytes()
    _no_raw_invisible(data)
    assert any(f"late {hostile}" in s for s in _strings(json.loads(data)))
    assert {k: v for k, v in hashes(tmp_path).items() if k in before} == before
