"""Every rule knows where it is declared, and every finding about it says so.

For a Python graph the location is the line of the rule's `.entry(` call
(also in multi-line chains, where the chain starts lines earlier); for a
JSON graph, the line of the entry object.  The CLI's text and JSON output,
the report document and the HTML page all name `file:line`.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.cli import main
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.graphfiles.jsonformat import graph_from_json
from fuzzroute.graphfiles.jsonspans import entry_lines, parse_spans
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report import write_report
from fuzzroute.report.persistence.schema import schema_errors
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import to_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CHAINED = textwrap.dedent(
    '''\
    import re
    from fuzzroute import Graph, keywords

    graph = (
        Graph("chained")
        .entry(
            "first",                      # the chain starts three lines up
            match=keywords("refund"),
            examples=["refund please"],
        )
        .entry("second", match=re.compile(r"order"))
        .
        entry("third", match=keywords("hello"))
        .entry("fourth", match=keywords("bye")).entry("fifth", match=keywords("ciao"))
    )
    '''
)


def line_of(text: str, needle: str) -> int:
    return 1 + next(i for i, line in enumerate(text.splitlines()) if needle in line)


def test_a_multi_line_chain_gives_each_rule_the_line_of_its_own_entry_call(tmp_path: Path) -> None:
    path = tmp_path / "chained.py"
    path.write_text(CHAINED)
    graph = load_graph(path).graph
    located = {e.id: e.location for e in graph.entries}
    assert located == {
        "first": SourceLocation(str(path), line_of(CHAINED, ".entry(")),
        "second": SourceLocation(str(path), line_of(CHAINED, '"second"')),
        "third": SourceLocation(str(path), line_of(CHAINED, 'entry("third"')),
        "fourth": SourceLocation(str(path), line_of(CHAINED, '"fourth"')),
        "fifth": SourceLocation(str(path), line_of(CHAINED, '"fifth"')),
    }
    assert CHAINED.splitlines()[located["first"].line - 1].strip() == ".entry("  # type: ignore[union-attr]


def test_the_file_is_named_as_the_user_passed_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "g.py").write_text(CHAINED)
    monkeypatch.chdir(tmp_path)
    graph = load_graph("g.py").graph
    assert {str(e.location).rpartition(":")[0] for e in graph.entries} == {"g.py"}


def test_a_graph_declared_in_code_points_at_its_own_lines() -> None:
    graph = Graph("inline").entry("billing", match=keywords("refund"))
    location = graph.entries[0].location
    assert location is not None and location.file == __file__
    assert "Graph(\"inline\")" in Path(__file__).read_text().splitlines()[location.line - 1]


def test_an_explicit_location_wins_and_none_is_kept() -> None:
    graph = Graph("g").entry("a", location=SourceLocation("x.json", 7)).entry("b", location=None)
    assert [e.location for e in graph.entries] == [SourceLocation("x.json", 7), None]


def test_json_entries_get_the_line_of_their_object() -> None:
    path = EXAMPLES / "mounts" / "rules.json"
    text = path.read_text()
    graph = load_graph(path).graph
    starts = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "{"][1:]
    assert [e.location for e in graph.entries] == [SourceLocation(str(path), n) for n in starts]
    assert len(starts) == 3


def test_a_parsed_document_without_its_text_has_no_locations() -> None:
    graph = graph_from_json({"name": "g", "entries": [{"id": "a", "match": {"keywords": ["x"]}}]})
    assert graph.entries[0].location is None


def test_span_reader_agrees_with_json_loads_on_tricky_text() -> None:
    text = '{"a": "x\\"]}", "entries": [ {"id": "q"} ,{"id":"r\\u00e9"}\n, {} ], "n": -1.5e3, "t": [true, null]}'
    root = parse_spans(text)
    assert root is not None
    entries = root.member("entries")
    assert entries is not None
    assert [text[n.start:n.end] for n in entries.items] == ['{"id": "q"}', '{"id":"r\\u00e9"}', "{}"]
    assert entry_lines(text) == [1, 1, 2]
    assert parse_spans("[1] x") is None and entry_lines("[]") is None


def test_check_names_file_and_line_in_text_and_json() -> None:
    path = EXAMPLES / "support.py"
    text = path.read_text()
    tracking = line_of(text, '"tracking",') - 1  # the `.entry(` line above the id
    runner = CliRunner()
    result = runner.invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:{tracking}: example-shadowed-by-earlier [tracking]" in result.stdout
    result = runner.invoke(main, ["check", str(path), "--format", "json"])
    problems = json.loads(result.stdout)["problems"]
    shadowed = next(p for p in problems if p["code"] == "example-shadowed-by-earlier")
    assert shadowed["location"] == {"file": str(path), "line": tracking}
    assert all(p["location"] is not None for p in problems)


def test_a_never_route_problem_points_at_the_rule_that_claims_the_row() -> None:
    path = EXAMPLES / "mounts" / "rules.json"
    text = path.read_text()
    result = CliRunner().invoke(main, ["check", str(path), "--format", "json"])
    claimed = next(p for p in json.loads(result.stdout)["problems"] if p["code"] == "never-routes-claimed")
    assert claimed["skill"] == "billing"
    assert claimed["location"] == {"file": str(path), "line": line_of(text, '"id": "billing"') - 1}


def test_report_json_and_html_carry_locations(tmp_path: Path) -> None:
    path = EXAMPLES / "mounts" / "rules.json"
    loaded = load_graph(path)
    result = write_report(
        loaded.graph, html_path=tmp_path / "r.html", json_path=tmp_path / "r.json", seed=0,
        budget_phrases=200, source_path=str(path), graph_format="json",
    )
    document = json.loads((tmp_path / "r.json").read_text())
    assert schema_errors(document) == []
    document = full_form(document)  # a location its rule gives is left out of the file, and read back
    by_index = {e.index: e.location for e in loaded.graph.entries}
    for rule in document["graph"]["rules"]:
        assert rule["location"] == to_json(by_index[rule["index"]])
    assert document["proven"]["problems"] and document["suggestions"]
    for problem in document["proven"]["problems"]:
        assert problem["location"]["file"] == str(path)
    for suggestion in document["suggestions"]:
        expected = None if suggestion["rule_index"] is None else to_json(by_index[suggestion["rule_index"]])
        assert suggestion["location"] == expected
    html = result.html_path.read_text()
    for line in {p["location"]["line"] for p in document["proven"]["problems"]}:
        assert re.search(rf"{re.escape(str(path))}:{line}\b", html)
    # The schema holds the contract: every rule, problem and suggestion carries the key (a script reads the
    # location beside each finding; version 5 left a suggestion's out where its rule's position gave it).
    for part in (document["graph"]["rules"][0], document["proven"]["problems"][0], document["suggestions"][0]):
        del part["location"]
    assert len([e for e in schema_errors(document) if "'location' is a required property" in e]) == 3


def _lines_from_the_span_tree(text: str) -> list[int] | None:
    """Each entry's line read off the whole span tree: what `entry_lines` must equal (it steps over values)."""
    root = parse_spans(text)
    entries = root.member("entries") if root is not None and root.kind == "object" else None
    if entries is None or entries.kind != "array":
        return None
    return [text.count("\n", 0, item.start) + 1 for item in entries.items]


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["entries", "id", "x"]), inner,
                                                               max_size=3),
    max_leaves=8,
)
_GAPS = st.sampled_from(["", " ", "\n", "\n  ", "\r\n", "\t"])


@st.composite
def _json_texts(draw: st.DrawFn) -> str:
    """A JSON text with whitespace anywhere, often with an `entries` array (sometimes twice, sometimes not one)."""
    def gap() -> str:  # a fresh gap each call
        return draw(_GAPS)

    members = draw(st.lists(st.tuples(st.sampled_from(["entries", "name", "entries"]),
                                      st.one_of(st.lists(_JSON_VALUES, max_size=4), _JSON_VALUES)), max_size=3))
    indent = draw(st.sampled_from([None, 1]))
    body = ",".join(f"{gap()}{json.dumps(key)}{gap()}:{gap()}{json.dumps(value, indent=indent)}{gap()}"
                    for key, value in members)
    text = f"{gap()}{{{body}{gap()}}}{gap()}"
    return text if draw(st.booleans()) else text + draw(st.sampled_from(["", "x", "]"]))


@settings(max_examples=300, deadline=None, database=None)
@given(_json_texts())
def test_entry_lines_equal_the_lines_in_the_whole_span_tree(text: str) -> None:
    assert entry_lines(text) == _lines_from_the_span_tree(text)
