"""Rule edits in a graph's own source: .py through libcst, .json and .ts by splicing, each proved by reloading.

Every edit keeps the file's comments, quotes and layout, touches only what
it changes, and the reloaded text must declare exactly the graph the same
edits give in memory; a graph whose matcher cannot be edited in place is
refused with one paragraph and nothing is written.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fuzzroute.authoring.rule_edits import (
    AddExamples,
    AddKeywords,
    MoveRule,
    RemoveKeyword,
    RuleEdit,
    SetRegex,
    edited_graph,
    same_rules,
)
from fuzzroute.authoring.rule_source import proved_edit, rule_edit_source
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.loader import load_graph

PY = '''"""A graph with comments."""

import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("shop")
    # Refunds come first.
    .entry("refunds", match=keywords("refund", "money back"), examples=["I want a refund"])
    .entry("orders", match=re.compile(r"\\bwhere is my order\\b"), examples=["where is my order"])  # tracking
    .entry(
        "cancel",
        match=all_of(keywords(["cancel", "stop"]), re.compile("plan", re.MULTILINE)),
        examples=["cancel my plan"],
    )
)
'''

JSON = (
    '{\r\n  "name": "shop",\r\n  "entries": [\r\n'
    '    {"id": "refunds", "match": {"keywords": ["refund", "money back"]}, "examples": ["I want a refund"]},\r\n'
    '    {"id": "orders", "match": {"regex": "\\\\bwhere is my order\\\\b"}},\r\n'
    '    {"id": "cancel", "match": {"all": [{"keywords": ["cancel"]}, {"regex": "plan", "flags": "m"}]}}\r\n'
    '  ]\r\n}\r\n'
)

TS = """import { defineSkill, skillGraph } from 'agentfootprint';

const refunds = defineSkill({ id: 'refunds', description: 'r', body: 'b' });
const orders = defineSkill({ id: 'orders', description: 'o', body: 'b' });
const cancel = defineSkill({ id: 'cancel', description: 'c', body: 'b' });

export const shop = skillGraph()
  // Refunds come first.
  .entry(refunds, { match: { keywords: ['refund', 'money back'] }, examples: ['I want a refund'] })
  .entry(orders, { match: /\\bwhere is my order\\b/, examples: ['where is my order'] }) // tracking
  .entry(cancel, {
    match: { all: [{ keywords: ['cancel', 'stop'] }, new RegExp('plan', 'm')] },
    examples: ['cancel my plan'],
  })
  .build();
"""

EDITS: list[RuleEdit] = [
    SetRegex(1, 0, r"\bwhere is my orders?\b", "i"),
    AddKeywords(0, 0, ("refunds",)),
    RemoveKeyword(2, 0, "stop"),
    SetRegex(2, 1, "plans?", "im"),
    AddExamples(1, ("Where is my order",)),
    MoveRule(1, 0),
]


def _changed(old: str, new: str) -> list[str]:
    return [line for line in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
            if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]


@pytest.mark.parametrize(("name", "text"), [("shop.py", PY), ("shop.ts", TS)])
def test_python_and_typescript_edits_keep_comments_and_move_a_rule_with_its_comment(
    tmp_path: Path, name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    loaded = load_graph(str(path))
    edits = EDITS if name.endswith(".py") else [e for e in EDITS if not (isinstance(e, RemoveKeyword))]
    old, new = rule_edit_source(loaded, edits, text)
    assert old == text
    reloaded = proved_edit(loaded, text, edits)[1].graph
    assert same_rules(reloaded, edited_graph(loaded.graph, edits))
    assert [e.id for e in reloaded.entries] == ["orders", "refunds", "cancel"]
    assert "// tracking" in new or "# tracking" in new
    first = new.index("orders")
    assert new.index("Refunds come first.") < new.index("refunds", first)  # the comment moved with its rule
    changed = _changed(old, new)
    assert len(changed) <= 8, changed  # the moved lines and the edited ones, nothing else


def test_python_flags_are_written_the_way_the_call_writes_them(tmp_path: Path) -> None:
    path = tmp_path / "shop.py"
    path.write_text(PY, encoding="utf-8")
    loaded = load_graph(str(path))
    _, new = rule_edit_source(loaded, [SetRegex(1, 0, r"\bwhere is my order\b", "i"),
                                       SetRegex(2, 1, "plan", "im")], PY)
    assert 're.compile(r"\\bwhere is my order\\b", re.I)' in new
    assert 're.compile("plan", re.MULTILINE | re.IGNORECASE)' in new


def test_json_edits_keep_line_endings_and_add_a_flags_member(tmp_path: Path) -> None:
    path = tmp_path / "shop.json"
    path.write_bytes(JSON.encode("utf-8"))
    loaded = load_graph(str(path))
    edits = [e for e in EDITS if not isinstance(e, RemoveKeyword)]
    old, new = rule_edit_source(loaded, edits, JSON)
    assert "\n" not in new.replace("\r\n", "")  # CRLF stays CRLF
    assert '"regex": "\\\\bwhere is my orders?\\\\b", "flags": "i"' in new
    assert '["refund", "money back", "refunds"]' in new
    assert new.index('"id": "orders"') < new.index('"id": "refunds"')
    assert same_rules(proved_edit(loaded, JSON, edits)[1].graph, edited_graph(loaded.graph, edits))


def test_a_matcher_held_in_a_variable_is_refused_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "shop.py"
    path.write_text(
        "import re\nfrom fuzzroute import Graph\nORDER = re.compile('order')\n"
        "graph = Graph('shop').entry('orders', match=ORDER, examples=['my order'])\n", encoding="utf-8",
    )
    loaded = load_graph(str(path))
    with pytest.raises(InputError, match=r"cannot edit rule \"orders\".*not written in the call"):
        rule_edit_source(loaded, [SetRegex(0, 0, "order", "i")])
    assert "ORDER = re.compile('order')" in path.read_text("utf-8")


def test_a_file_changed_after_it_was_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "shop.json"
    path.write_bytes(JSON.encode("utf-8"))
    loaded = load_graph(str(path))
    with pytest.raises(InputError, match="changed after fuzzroute read it"):
        rule_edit_source(loaded, [AddKeywords(0, 0, ("refunds",))], original=JSON.replace("shop", "store"))


def test_rules_built_in_a_loop_cannot_be_moved(tmp_path: Path) -> None:
    path = tmp_path / "loop.py"
    path.write_text(
        "from fuzzroute import Graph, keywords\ngraph = Graph('loop')\n"
        "for word in ['refund', 'order']:\n    graph.entry(word, match=keywords(word))\n", encoding="utf-8",
    )
    loaded = load_graph(str(path))
    with pytest.raises(InputError, match="built in a loop"):
        rule_edit_source(loaded, [MoveRule(1, 0)])
