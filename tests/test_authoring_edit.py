"""Editing graph sources: examples land in the right list, in the file's own layout.

Python files are edited through libcst, JSON files by splicing text at the
positions the span reader found; both must keep every comment and line that
is not the edited list, and refuse (never guess) when a rule cannot be tied
to one literal declaration.
"""

from __future__ import annotations

import ast
import json
import textwrap
import tokenize
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.authoring import json_source, python_source
from fuzzroute.authoring.python_source import SourceEditError, string_literal
from fuzzroute.graphfiles.loader import load_graph

LAYOUTS = textwrap.dedent(
    '''\
    import re
    from fuzzroute import Graph, keywords

    graph = (
        Graph("g")
        .entry(
            "a",                      # comment a
            match=keywords("refund"),
            examples=[
                "refund please",  # first
                # standalone
            ],
        )
        .entry("b", match=keywords("x"), examples=['x marks'])
        .entry(
            "c",
            match=keywords("y")  # trailing c
        )
        .entry("d", match=keywords("z"))
        .entry("e", match=keywords("w"), examples=[
            "w one",
            "w two"  # last
        ])
        .entry("f", match=keywords("v"), examples=("v one",))
        .entry(
            "h",
            match=keywords("u"),
            # examples to come
        )
        .entry("i", match=keywords("t"), examples=None)
    )
    '''
)


def comments(source: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(StringIO(source).readline) if t.type == tokenize.COMMENT]


def edit(tmp_path: Path, source: str, additions: dict[int, list[str]]) -> str:
    path = tmp_path / "graph.py"
    path.write_text(source)
    graph = load_graph(path).graph
    out = python_source.add_examples(path, source, graph.entries, additions)
    path.write_text(out)
    return out


def test_every_layout_gets_its_examples_and_keeps_its_comments(tmp_path: Path) -> None:
    additions = {0: ["refund now", 'say "hi" refund'], 1: ["x again"], 2: ["y it's"], 3: ["z one", "z two"],
                 4: ["w three"], 5: ["v two"], 6: ["u one"], 7: ["t one"]}
    out = edit(tmp_path, LAYOUTS, additions)
    graph = load_graph(tmp_path / "graph.py").graph
    before = load_graph_examples(LAYOUTS, tmp_path)
    for entry in graph.entries:
        assert entry.examples == (*(before[entry.index] or ()), *additions[entry.index])
    assert comments(out) == comments(LAYOUTS)
    # Only the lines of the edited calls changed (a comma or items added); every other line is still there.
    assert [line.strip() for line in LAYOUTS.splitlines() if line not in out.splitlines()] == [
        """.entry("b", match=keywords("x"), examples=['x marks'])""",
        'match=keywords("y")  # trailing c',
        '.entry("d", match=keywords("z"))',
        '"w two"  # last',
        '.entry("f", match=keywords("v"), examples=("v one",))',
        '.entry("i", match=keywords("t"), examples=None)',
    ]
    # Each layout is kept: one per line stays one per line, one line stays one line, quotes follow the list.
    assert '            "refund please",  # first\n            # standalone\n            "refund now",\n' in out
    assert "examples=['x marks', 'x again']" in out
    assert '        match=keywords("y"),  # trailing c\n        examples=["y it\'s"]\n    )' in out
    assert '.entry("d", match=keywords("z"), examples=["z one", "z two"])' in out
    assert '        "w two",  # last\n        "w three"\n    ])' in out
    assert 'examples=("v one", "v two"))' in out
    assert '        # examples to come\n        examples=["u one"],\n    )' in out
    assert 'examples=["t one"])' in out


def load_graph_examples(source: str, tmp_path: Path) -> dict[int, tuple[str, ...] | None]:
    path = tmp_path / "before.py"
    path.write_text(source)
    return {e.index: e.examples for e in load_graph(path).graph.entries}


@pytest.mark.parametrize(
    ("source", "needle"),
    [
        (
            'from fuzzroute import Graph, keywords\nEX = ["refund me"]\n'
            'graph = Graph("g").entry("a", match=keywords("refund"), examples=EX)\n',
            "not a literal list (`examples=EX`)",
        ),
        (
            'from fuzzroute import Graph, keywords\ngraph = Graph("g")\n'
            'for word in ["refund", "cancel"]:\n    graph.entry(word, match=keywords(word))\n',
            "built in a loop or a helper function",
        ),
        (
            'from fuzzroute import Graph, keywords\nNAME = "a"\n'
            'graph = Graph("g").entry(NAME, match=keywords("refund"))\n',
            "no `.entry(` call with this literal id",
        ),
        (
            'from fuzzroute import Graph, keywords\nKW = {"match": keywords("refund")}\n'
            'graph = Graph("g").entry("a", **KW)\n',
            "passes arguments with * or **",
        ),
    ],
)
def test_a_rule_that_cannot_be_tied_to_one_literal_call_is_refused(tmp_path: Path, source: str, needle: str) -> None:
    path = tmp_path / "graph.py"
    path.write_text(source)
    graph = load_graph(path).graph
    with pytest.raises(SourceEditError) as caught:
        python_source.add_examples(path, source, graph.entries, {0: ["refund please"]})
    message = str(caught.value)
    assert needle in message and str(path) in message and f'rule "{graph.entries[0].id}"' in message


@given(st.text(min_size=1, max_size=30), st.sampled_from(["'", '"']))
def test_a_string_literal_always_reads_back_as_the_phrase(phrase: str, quote: str) -> None:
    literal = string_literal(phrase, quote)
    assert ast.literal_eval(literal) == phrase
    if quote not in phrase and "\\" not in repr(phrase):
        assert literal.startswith(quote)


EXPANDED = """{
  "name": "g",
  "entries": [
    {
      "id": "a",
      "match": {"keywords": ["refund"]},
      "examples": [
        "refund me"
      ]
    },
    {
      "id": "b",
      "match": {"keywords": ["x"]}
    }
  ]
}
"""

INLINE = """{"name": "g", "entries": [
  {"id": "a", "match": {"keywords": ["refund"]}, "examples": ["refund me"]},
  {"id":"b","match":{"keywords":["x"]}}
]}
"""


@pytest.mark.parametrize("text", [EXPANDED, INLINE], ids=["expanded", "inline"])
def test_json_edits_keep_key_order_and_layout(text: str) -> None:
    out = json_source.add_examples(Path("g.json"), text, {0: ["refund now", "café"], 1: ["x one"]}, ["a", "b"])
    document = json.loads(out)
    assert [list(e) for e in document["entries"]] == [["id", "match", "examples"], ["id", "match", "examples"]]
    assert document["entries"][0]["examples"] == ["refund me", "refund now", "café"]
    assert document["entries"][1]["examples"] == ["x one"]
    changed = [line.strip() for line in text.splitlines() if line not in out.splitlines()]
    if text is EXPANDED:
        assert changed == ['"refund me"', '"match": {"keywords": ["x"]}']
        assert '        "refund me",\n        "refund now",\n        "café"\n      ]' in out
        assert '      "match": {"keywords": ["x"]},\n      "examples": [\n        "x one"\n      ]\n    }' in out
    else:
        assert changed == [text.splitlines()[1].strip(), text.splitlines()[2].strip()]
        assert '"examples": ["refund me", "refund now", "café"]},' in out
        assert '{"id":"b","match":{"keywords":["x"]},"examples":["x one"]}' in out


def test_a_long_chain_is_edited_call_by_call(tmp_path: Path) -> None:
    """400 chained rules nest 800 calls deep: too deep for a whole-file libcst round trip."""
    lines = ["from fuzzroute import Graph, keywords", "graph = (", '    Graph("big")']
    for i in range(400):
        lines += [f"    # rule {i}", f'    .entry("r{i}", match=keywords("w{i}"), examples=["w{i} please"])']
    source = "\n".join([*lines, ")", ""])
    out = edit(tmp_path, source, {i: [f"w{i} now"] for i in range(0, 400, 50)})
    graph = load_graph(tmp_path / "graph.py").graph
    assert [e.examples for e in graph.entries] == [
        (f"w{i} please", *((f"w{i} now",) if i % 50 == 0 else ())) for i in range(400)
    ]
    assert comments(out) == comments(source)


PHRASES = st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=3)


@given(PHRASES, PHRASES, st.sampled_from([EXPANDED, INLINE, EXPANDED.replace("\n", "\r\n")]))
def test_json_edits_always_give_exactly_the_expected_document(first: list[str], second: list[str], text: str) -> None:
    out = json_source.add_examples(Path("g.json"), text, {0: first, 1: second}, ["a", "b"])
    expected = json.loads(text)
    expected["entries"][0]["examples"] += first
    expected["entries"][1]["examples"] = second
    assert json.loads(out) == expected
    if "\r\n" in text:
        assert out.count("\n") == out.count("\r\n")  # the file's line endings are kept


@settings(deadline=None, max_examples=40)  # each example loads the graph file
@given(PHRASES, PHRASES)
def test_python_edits_always_add_exactly_the_phrases(
    tmp_path_factory: pytest.TempPathFactory, first: list[str], second: list[str]
) -> None:
    path = tmp_path_factory.mktemp("prop") / "graph.py"
    path.write_text(LAYOUTS)
    graph = load_graph(path).graph
    out = python_source.add_examples(path, LAYOUTS, graph.entries, {0: first, 3: second})
    calls = [n for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "entry"]
    examples = {}
    for call in calls:
        ident = ast.literal_eval(call.args[0])
        value = next((k.value for k in call.keywords if k.arg == "examples"), None)
        examples[ident] = None if value is None else ast.literal_eval(value)
    assert examples["a"] == ["refund please", *first]
    assert examples["d"] == second
    assert comments(out) == comments(LAYOUTS)


def test_crlf_line_endings_and_odd_line_breaks_in_strings_are_kept(tmp_path: Path) -> None:
    raw = '"refund\u2028please\x0c",  # first'  # real U+2028 and form feed inside a string literal
    source = LAYOUTS.replace('"refund please",  # first', raw).replace("\n", "\r\n")
    path = tmp_path / "graph.py"
    path.write_bytes(source.encode())
    graph = load_graph(path).graph
    out = python_source.add_examples(path, source, graph.entries, {0: ["refund now"], 6: ["u one"]})
    assert out.count("\n") == out.count("\r\n") and comments(out) == comments(source)
    assert '"refund now",\r\n' in out and 'examples=["u one"],\r\n' in out


def test_two_rules_on_one_line_are_told_apart_by_their_literal_ids(tmp_path: Path) -> None:
    source = (
        "from fuzzroute import Graph, keywords\n"
        'graph = Graph("g").entry("a", match=keywords("x")).entry("b", match=keywords("y"), examples=["y one"])\n'
    )
    out = edit(tmp_path, source, {0: ["x one"], 1: ["y two"]})
    assert '.entry("a", match=keywords("x"), examples=["x one"])' in out
    assert '.entry("b", match=keywords("y"), examples=["y one", "y two"])\n' in out
    same_id = source.replace('"b"', '"a"')
    path = tmp_path / "same.py"
    path.write_text(same_id)
    with pytest.raises(SourceEditError, match="several `.entry\\(` calls with this id"):
        python_source.add_examples(path, same_id, load_graph(path).graph.entries, {0: ["x one"]})
