"""Hostile inputs through every command that reads them, as a hostile user would try them.

Each input goes through each command that reads it (check, claim, report,
suggest, merge).  A refused input must end with exit 2, one paragraph on
stderr naming the file, nothing on stdout, no traceback, and every file in
the folder (inputs and the outputs of an earlier run) byte for byte as it was.
An input that is merely strange (a name holding terminal escapes, a
right-to-left override, a graph that prints, a predicate that exits) must run
with the documented exit code and keep all of that out of the output.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from helpers.cli import invoke
from helpers.files import hashes

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FAST = ["--budget", "30", "--workers", "1", "--no-decide"]
BASE_GRAPH = {
    "name": "shop",
    "entries": [
        {"id": "orders", "match": {"regex": "\\border\\b", "flags": "i"}, "examples": ["my order"]},
        {"id": "billing", "match": {"keywords": ["refund", "invoice"]}, "examples": ["refund please"]},
    ],
}


def deep_all(levels: int) -> dict[str, Any]:
    match: dict[str, Any] = {"keywords": ["x"]}
    for _ in range(levels):
        match = {"all": [match, {"keywords": ["y"]}]}
    return {"name": "deep", "entries": [{"id": "a", "match": match}]}


#: Graph files every graph-reading command must refuse: file name -> content.
REFUSED_GRAPHS: dict[str, str] = {
    "deep_all.json": json.dumps(deep_all(100)),
    "brackets.json": "[" * 100_000,
    "surrogate.json": '{"name": "s", "entries": [{"id": "a", "match": {"keywords": ["ab\\ud800c"]}}]}',
    "surrogate_example.py": (
        "from fuzzroute import Graph, keywords\n"
        "graph = Graph('s').entry('a', match=keywords('refund'), examples=['refund \\ud800'])\n"
    ),
    "repeated_examples.json": (
        '{"name": "d", "entries": [{"id": "billing", "match": {"keywords": ["refund"]},\n'
        '  "examples": ["refund it"], "examples": ["please refund"]}]}'
    ),
    "repeated_match.json": (
        '{"name": "d", "entries": [{"id": "billing", "match": {"keywords": ["refund"]},\n'
        '  "match": {"regex": "x"}}]}'
    ),
    "generator_exit.py": "raise GeneratorExit('bye')\n",
    "unprintable.py": "class E(Exception):\n    def __str__(self):\n        raise ValueError('no')\n\nraise E()\n",
    "exits.py": "import sys\nsys.exit(7)\n",
    "recursion.py": "def f():\n    return f()\n\nf()\n",
    "evil_object.py": (
        "from fuzzroute import Graph, keywords\n"
        "class Evil:\n    @property\n    def __class__(self):\n        raise SystemExit(9)\n"
        "evil = Evil()\ngraph = Graph('e').entry('a', match=keywords('refund'))\n"
    ),
}

#: Strange but valid graphs: they must run, and their text must stay inert.
ESCAPE_NAME = "shop\x1b]0;pwned\x07\x1b[2J"
RTL_ID = "billing\u202eevil"
INERT_GRAPHS: dict[str, str] = {
    "escapes.json": json.dumps({"name": ESCAPE_NAME, "entries": [
        {"id": "orders", "match": {"regex": "\\border\\b"}, "examples": ["my order"]},
        {"id": RTL_ID, "match": {"keywords": ["refund"]}, "examples": ["refund \x1b[31mred"]},
        {"id": "\u05e9\u05dc\u05d5\u05dd 2", "match": {"keywords": ["invoice"]}},
    ]}),
    "prints.py": (
        "import sys\nfrom fuzzroute import Graph, keywords\n"
        "print('loading graph...')\nprint('to stderr', file=sys.stderr)\n"
        "def chatty(ctx):\n    print('predicate ran')\n    return 'again' in ctx.user_message\n"
        "graph = Graph('p').entry('orders', match=keywords('order'), examples=['my order'])"
        ".entry('again', when=chatty, examples=['again please'])\n"
    ),
    "when_exits.py": (
        "import sys\nfrom fuzzroute import Graph, keywords\n"
        "def leave(ctx):\n    sys.exit(7)\n"
        "def stop(ctx):\n    raise GeneratorExit\n"
        "graph = Graph('w').entry('a', when=leave, examples=['hello']).entry('b', when=stop)"
        ".entry('c', match=keywords('refund', 'return'), examples=['refund'])\n"
    ),
}


def graph_commands(graph: str) -> dict[str, list[str]]:
    """Every command that reads a graph, with the options that write or print the most."""
    return {
        "check": ["check", graph, "--sarif", "out/check.sarif"],
        "check-json": ["check", graph, "--format", "json"],
        "claim": ["claim", graph, "refund my order", "--format", "json"],
        "report": ["report", graph, "-o", "out/r.html", "--json", "out/r.json", "--sarif", "out/r.sarif", *FAST],
        "report-db": ["report", graph, "-o", "out/d.html", "--db", "db", *FAST],
        "suggest": ["suggest", graph, "--budget", "30", "--format", "json"],
        "suggest-diff": ["suggest", graph, "--budget", "30", "--diff", "--with-gaps"],
        "suggest-write": ["suggest", graph, "--budget", "30", "--write", "--with-gaps"],
    }


def assert_refused(result: Result, names: str) -> None:
    """Exit 2, one paragraph on stderr naming the file, nothing on stdout, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fuzzroute: error: "), result.stderr
    assert names in lines[0] and "Traceback" not in result.stderr


def assert_inert(text: str) -> None:
    """No character that could steer a terminal reaches it."""
    for char in ("\x1b", "\x07", "\u202e", "\ud800"):
        assert char not in text


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder with the outputs of an earlier run in it (which a refused run must not touch)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "hyp"))
    (tmp_path / "out").mkdir()
    for name in ("r.html", "r.json", "r.sarif", "check.sarif", "d.html"):
        (tmp_path / "out" / name).write_text(f"earlier {name}\n")
    return tmp_path


@pytest.mark.parametrize("command", list(graph_commands("G")))
@pytest.mark.parametrize("name", list(REFUSED_GRAPHS))
def test_a_hostile_graph_is_refused_by_every_command_and_nothing_changes(
    folder: Path, name: str, command: str
) -> None:
    (folder / name).write_text(REFUSED_GRAPHS[name], encoding="utf-8", errors="surrogatepass")
    before = hashes(folder)
    assert_refused(invoke(*graph_commands(name)[command]), name)
    assert hashes(folder) == before


@pytest.mark.parametrize("command", ["check", "check-json", "claim", "report", "suggest", "suggest-diff"])
@pytest.mark.parametrize("name", list(INERT_GRAPHS))
def test_strange_graphs_run_with_the_documented_exit_code_and_stay_inert(
    folder: Path, name: str, command: str
) -> None:
    (folder / name).write_text(INERT_GRAPHS[name], encoding="utf-8")
    graph_bytes = (folder / name).read_bytes()
    result = invoke(*graph_commands(name)[command])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    # check and report exit 1 only on a proven error: the example 'hello' is declared on a predicate that
    # throws (sys.exit inside it); claim and suggest exit 0 whatever they find.
    proven_error = name == "when_exits.py" and command.startswith(("check", "report"))
    assert result.exit_code == (1 if proven_error else 0), (result.exit_code, result.stderr)
    assert_inert(result.stdout)
    assert_inert(result.stderr)
    if command in ("check-json", "claim", "suggest"):
        json.loads(result.stdout)  # nothing the graph printed is mixed into the document
    printed = {"loading graph...", "to stderr", "predicate ran"}
    assert not printed & set(result.stdout.splitlines()) and not printed & set(result.stderr.splitlines())
    if command == "suggest-diff":
        assert result.stdout.startswith("--- a/")
    assert (folder / name).read_bytes() == graph_bytes
    if command == "report":
        for output in ("out/r.json", "out/r.sarif"):
            json.loads((folder / output).read_text(encoding="utf-8"))


def test_a_predicate_that_exits_is_a_throw_under_the_proven_check(folder: Path) -> None:
    (folder / "when_exits.py").write_text(INERT_GRAPHS["when_exits.py"], encoding="utf-8")
    result = invoke("check", "when_exits.py", "--format", "json")
    assert result.exit_code == 1  # a proven error, never the predicate's 7
    codes = [(p["code"], p["skill"]) for p in json.loads(result.stdout)["problems"]]
    assert ("example-misses-own-rule", "a") in codes


@pytest.fixture()
def project(folder: Path) -> Path:
    """A graph, its earlier report (JSON as a baseline), three shard reports, and links to the graph."""
    (folder / "g.json").write_text(json.dumps(BASE_GRAPH, indent=2), encoding="utf-8")
    first = invoke("report", "g.json", "-o", "b.html", "--json", "b.json", *FAST)
    assert first.exit_code == 0, first.stderr  # the base graph has no proven error
    for i in (1, 2, 3):
        shard = invoke("report", "g.json", "--shard", f"{i}/3", "--json", f"s{i}.json", "-o", f"s{i}.html",
                       "--budget", "90", "--workers", "1", "--no-decide")
        assert shard.exit_code == 0, shard.stderr
    (folder / "link.json").symlink_to("g.json")
    os.link(folder / "g.json", folder / "hard.json")
    (folder / "x.html").write_text("an earlier report\n")
    return folder


COLLISIONS: dict[str, tuple[list[str], str]] = {
    "html over the graph": (["report", "g.json", "-o", "g.json", *FAST], "g.json"),
    "sarif over the graph": (["check", "g.json", "--sarif", "g.json"], "g.json"),
    "html and json one file": (["report", "g.json", "-o", "x.html", "--json", "x.html", *FAST], "x.html"),
    "html and sarif one file": (["report", "g.json", "-o", "x.html", "--sarif", "./x.html", *FAST], "x.html"),
    "html over a link to the graph": (["report", "g.json", "-o", "link.json", *FAST], "link.json"),
    "sarif over a hard link to the graph": (["check", "g.json", "--sarif", "hard.json"], "hard.json"),
    "html over the baseline": (["report", "g.json", "--baseline", "b.json", "-o", "b.json", *FAST], "b.json"),
    "sarif over the baseline": (
        ["report", "g.json", "--baseline", "b.json", "-o", "n.html", "--sarif", "b.json", *FAST], "b.json"),
    "merge over a shard": (["merge", "s1.json", "s2.json", "s3.json", "-o", "s3.json"], "s3.json"),
    "merged json over a shard": (["merge", "s1.json", "s2.json", "s3.json", "-o", "m.html", "--json", "s1.json"],
                                 "s1.json"),
    "html over the ledger": (["report", "g.json", "--db", "db", "-o", "db/witnesses/shop.json", *FAST],
                             "shop.json"),
}


@pytest.mark.parametrize("case", list(COLLISIONS))
def test_an_output_that_would_overwrite_an_input_or_another_output_is_refused(project: Path, case: str) -> None:
    args, named = COLLISIONS[case]
    before = hashes(project)
    assert_refused(invoke(*args), named)
    assert hashes(project) == before


def test_a_rolling_baseline_may_be_replaced_by_the_json_it_compares_with(project: Path) -> None:
    before = (project / "b.json").read_bytes()
    result = invoke("report", "g.json", "--baseline", "b.json", "--json", "b.json", "-o", "n.html", *FAST)
    assert result.exit_code == 0, result.stderr  # the base graph has no proven error
    after = json.loads((project / "b.json").read_text(encoding="utf-8"))
    assert (project / "b.json").read_bytes() != before and after["history"]["baseline"] == "b.json"


def edit_json(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def set_path(data: Any, keys: list[Any], value: Any) -> None:
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


READ_BACK: dict[str, tuple[list[Any], Any]] = {
    "count is text": (["suggestions", 0, "count"], "lots"),
    "phrases judged is negative": (["run", "phrases_judged"], -5),
    "problems is not a list": (["proven", "problems"], "x"),
    "a witness phrase is a number": (["suggestions", 0, "witnesses", 0, "phrase"], 5),
}


@pytest.mark.parametrize("case", list(READ_BACK))
def test_a_baseline_with_wrong_types_is_refused_before_any_work(project: Path, case: str) -> None:
    keys, value = READ_BACK[case]
    edit_json(project / "b.json", lambda data: set_path(data, keys, value))
    before = hashes(project)
    assert_refused(invoke("report", "g.json", "--baseline", "b.json", "-o", "n.html", *FAST), "b.json")
    assert hashes(project) == before


@pytest.mark.parametrize("case", list(READ_BACK))
def test_a_shard_with_wrong_types_is_refused_by_merge(project: Path, case: str) -> None:
    keys, value = READ_BACK[case]
    data = json.loads((project / "s2.json").read_text(encoding="utf-8"))
    if keys[0] == "suggestions" and not data["suggestions"]:
        shutil.copy(project / "b.json", project / "s2.json")  # a shard without suggestions: use one with some
    edit_json(project / "s2.json", lambda data: set_path(data, keys, value))
    before = hashes(project)
    assert_refused(invoke("merge", "s1.json", "s2.json", "s3.json", "-o", "m.html", "--json", "m.json"), "s2.json")
    assert hashes(project) == before


def test_merge_refuses_deep_and_mismatched_shards(project: Path) -> None:
    (project / "deep.json").write_text("[" * 100_000)
    before = hashes(project)
    assert_refused(invoke("merge", "s1.json", "deep.json", "s3.json", "-o", "m.html"), "deep.json")
    edit_json(project / "s3.json", lambda data: data.update(rules=data["rules"][:1]))  # still schema-valid
    before = hashes(project)
    assert_refused(invoke("merge", "s1.json", "s2.json", "s3.json", "-o", "m.html"), "s3.json")
    assert hashes(project) == before


LEDGER_DAMAGE: dict[str, tuple[list[Any], Any]] = {
    "unknown kind": (["suggestions", 0, "kind"], "made-up-kind"),
    "count is text": (["suggestions", 0, "count"], "lots"),
    "witness phrase is a number": (["suggestions", 0, "witnesses", 0, "phrase"], 5),
    "context iteration is text": (["suggestions", 0, "witnesses", 0, "context"], {"iteration": "x"}),
    "seed is text": (["seed"], "zero"),
}


@pytest.mark.parametrize("case", list(LEDGER_DAMAGE))
def test_a_ledger_with_wrong_types_is_refused_before_any_work(project: Path, case: str) -> None:
    first = invoke("report", "g.json", "--db", "db", "-o", "d.html", *FAST)
    assert first.exit_code == 0, first.stderr  # the base graph has no proven error
    ledger = project / "db" / "witnesses" / "shop.json"
    keys, value = LEDGER_DAMAGE[case]
    edit_json(ledger, lambda data: set_path(data, keys, value))
    before = hashes(project)
    assert_refused(invoke("report", "g.json", "--db", "db", "-o", "d.html", *FAST), "shop.json")
    assert hashes(project) == before


def test_a_long_output_name_is_written_and_errors_name_the_given_file(project: Path) -> None:
    long_name = "r" * 245 + ".html"  # valid (250 bytes), too long for ".name.XXXXXXXX.tmp"
    result = invoke("report", "g.json", "-o", long_name, *FAST)
    assert result.exit_code == 0, result.stderr  # the base graph has no proven error
    assert (project / long_name).is_file() and sorted(p.name for p in project.glob(".r*")) == []
    (project / "blocker").write_text("a file, where the output wants a folder\n")
    before = hashes(project)
    refused = invoke("report", "g.json", "-o", "blocker/" + long_name, "--json", "fine.json", *FAST)
    assert_refused(refused, "blocker/" + long_name)
    assert ".tmp" not in refused.stderr and "Nothing was written" in refused.stderr
    assert hashes(project) == before


def test_every_help_documents_the_exit_codes() -> None:
    for command in ("check", "claim", "report", "suggest", "merge"):
        text = invoke(command, "--help").stdout
        assert "130" in text and "interrupted" in text and "bad input" in text, command
    assert "130 interrupted" in " ".join(invoke("--help").stdout.split())


def test_the_example_graph_is_not_touched_by_a_refused_suggest_write(folder: Path) -> None:
    shutil.copy(EXAMPLES / "authoring.py", folder / "authoring.py")
    before = hashes(folder)
    assert_refused(invoke("suggest", "authoring.py", "--diff", "--write"), "--write")
    assert hashes(folder) == before
