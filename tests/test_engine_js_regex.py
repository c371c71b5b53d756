"""JavaScript regexes in the engine, without V8: captions, UTF-16 units, the decided tier, the JSON dialect.

The matching itself is compared with V8 in test_engine_js_regex_v8.py; these
tests pin how the rest of fuzzroute carries a JavaScript regex.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fuzzroute import Graph, js_regex, keywords
from fuzzroute.decided import decide
from fuzzroute.engine.errors import DeclarationError, InputError
from fuzzroute.graphfiles.jsonformat import graph_from_json, graph_to_json
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.jsregex.translation import JsRegexError, to_units, translate


def test_a_caption_quotes_the_regex_as_written() -> None:
    regex = js_regex("\\bcafé", "gi")
    assert regex.caption == "/\\bcafé/gi"
    assert regex.dialect == "javascript"
    assert regex.js is not None and regex.js.matching_flags == "i"
    assert regex.matches("CAFÉ open?") and regex.witness("un CAFÉ") == "CAFÉ"


def test_without_u_an_emoji_is_two_code_units() -> None:
    assert to_units("a😀") == "a\ud83d\ude00"
    two, one = js_regex("^..$"), js_regex("^.$", "u")
    assert two.matches("😀") and not two.matches("ab😀")
    assert one.matches("😀") and not js_regex("^.$").matches("😀")
    assert js_regex("\\ud83d").matches("x😀") and not js_regex("\\ud83d", "u").matches("x😀")
    assert js_regex("(.)").witness("😀") == "\ud83d"  # a lone unit, as JavaScript's match would be


def test_the_decided_tier_refuses_only_regexes_whose_code_units_matter() -> None:
    assert translate("\\brefunds?\\b", "i").astral_exact
    assert translate(".", "u").astral_exact
    assert not translate("a.c", "").astral_exact  # `.` can match half an emoji
    assert not translate("x*", "").astral_exact  # matches the empty string, also between two units
    graph = Graph("g").entry("a", match=js_regex("a.c")).entry("b", match=js_regex("\\border\\b", "i"))
    decisions = decide(graph)
    reasons = [item.reason for item in decisions.items if item.kind == "undecided"]
    assert len(reasons) == 1 and "UTF-16" in (reasons[0] or "")


def test_untranslatable_and_invalid_patterns_are_refused_with_the_reason() -> None:
    with pytest.raises(DeclarationError, match="lookbehind"):
        js_regex("(?<=ab?)c")
    with pytest.raises(DeclarationError, match="inside a repeat"):
        js_regex("(a)+\\1")
    with pytest.raises(DeclarationError, match="nothing to repeat"):
        js_regex("*a")
    with pytest.raises(JsRegexError, match="not a JavaScript regex flag"):
        translate("a", "x")
    assert js_regex("(?<=a|bc)d").matches("bcd")  # fixed-length branches are split, not refused


def test_a_json_graph_in_the_javascript_dialect_round_trips(tmp_path: Path) -> None:
    document = {
        "name": "g", "regex_dialect": "javascript",
        "entries": [{"id": "a", "match": {"all": [{"regex": "^refund$", "flags": "i"}, {"keywords": ["refund"]}]},
                     "examples": ["refund\n", "REFUND"]}],
    }
    graph = graph_from_json(document)
    assert [(p.code, p.example) for p in graph.checkup().problems] == [
        ("example-misses-own-rule", "refund\n"), ("example-unclaimed", "refund\n"),
    ]
    assert graph_to_json(graph)["regex_dialect"] == "javascript"
    assert graph_to_json(graph)["entries"] == document["entries"]
    mixed = Graph("m").entry("a", match=js_regex("x")).entry("b", match=re.compile("y"))
    with pytest.raises(InputError, match="mixes Python and JavaScript"):
        graph_to_json(mixed)
    assert "regex_dialect" not in graph_to_json(Graph("k").entry("a", match=keywords("x")))


@pytest.mark.parametrize(
    ("dialect", "flags", "path"),
    [("javascript", "ia", "$.entries[0].match.flags"), ("python", "gi", "$.entries[0].match.flags"),
     ("javascript", "ix", "$.entries[0].match.flags")],
)
def test_each_dialect_takes_only_its_own_flags(tmp_path: Path, dialect: str, flags: str, path: str) -> None:
    target = tmp_path / "g.json"
    target.write_text(json.dumps({"name": "g", "regex_dialect": dialect,
                                  "entries": [{"id": "a", "match": {"regex": "x", "flags": flags}}]}), "utf-8")
    with pytest.raises(InputError, match="invalid at " + re.escape(path)):
        load_graph(str(target))


def test_javascript_flags_that_repeat_or_clash_are_refused(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    target.write_text(json.dumps({"name": "g", "regex_dialect": "javascript",
                                  "entries": [{"id": "a", "match": {"regex": "x", "flags": "uv"}}]}), "utf-8")
    with pytest.raises(DeclarationError, match="u and v exclude each other"):
        load_graph(str(target))
