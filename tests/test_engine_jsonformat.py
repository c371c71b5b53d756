"""The JSON graph format: loading, refusing, writing back, and the schema itself."""

from __future__ import annotations

import copy
import re
import runpy
from pathlib import Path
from typing import Any

import fastjsonschema
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import DeclarationError, Graph, InputError, all_of, intent, keywords
from fuzzroute.graphfiles import graph_validator
from fuzzroute.graphfiles.jsonformat import graph_from_json, graph_schema, graph_to_json, validate_document

FULL_DOC: dict[str, Any] = {
    "name": "support",
    "mount": "classifier",
    "entries": [
        {"id": "billing", "match": {"regex": "\\brefunds?\\b", "flags": "i"}, "examples": ["refund my order"]},
        {"id": "cards", "match": {"keywords": ["card", "visa card", " pin "]}},
        {
            "id": "zone-audit",
            "match": {"all": [{"regex": "zone", "flags": "ia"}, {"keywords": ["audit", "sweep"]}]},
            "examples": ["audit zone 4", "audit zone 4"],
        },
        {"id": "shipping", "match": {"intent": "customer asks where a delivery is", "examples": ["track my parcel"]}},
        {"id": "concierge"},
        {"id": "billing", "match": {"regex": "invoice"}},
    ],
    "never_routes": ["what is the weather", "  Book A Flight "],
}


def test_a_valid_document_loads_into_the_same_graph_as_the_python_api() -> None:
    loaded = graph_from_json(copy.deepcopy(FULL_DOC), "support.json")
    declared = (
        Graph("support", mount="classifier")
        .entry("billing", match=re.compile(r"\brefunds?\b", re.I), examples=["refund my order"])
        .entry("cards", match=keywords("card", "visa card", " pin "))
        .entry(
            "zone-audit",
            match=all_of(re.compile("zone", re.I | re.A), keywords("audit", "sweep")),
            examples=["audit zone 4", "audit zone 4"],
        )
        .entry("shipping", match=intent("customer asks where a delivery is", ["track my parcel"]))
        .entry("concierge")
        .entry("billing", match=re.compile("invoice"))
        .never_routes(["what is the weather", "  Book A Flight "])
    )
    assert loaded.name == "support" and loaded.mount == "classifier"
    assert [(e.index, e.id, e.caption, e.examples) for e in loaded.entries] == [
        (e.index, e.id, e.caption, e.examples) for e in declared.entries
    ]
    assert loaded.never_route_phrases == declared.never_route_phrases
    assert loaded.checkup() == declared.checkup()
    for phrase in ["refund it", "my visa card", "audit the zone", "invoice", "hello", " pin "]:
        assert loaded.claims(phrase) == declared.claims(phrase), phrase


def test_mount_defaults_to_rules() -> None:
    assert graph_from_json({"name": "g", "entries": []}).mount == "rules"


def test_round_trip_of_a_canonical_document() -> None:
    assert graph_to_json(graph_from_json(copy.deepcopy(FULL_DOC))) == FULL_DOC


def test_writing_normalises_a_document() -> None:
    doc = {
        "name": "g",
        "entries": [
            {"id": "a", "match": {"regex": "x", "flags": ""}},
            {"id": "b", "match": {"intent": "  padded  ", "examples": [" kept "]}},
        ],
    }
    with pytest.raises(DeclarationError):
        graph_from_json(doc)  # an intent needs a classifier mount
    doc["mount"] = "classifier"
    written = graph_to_json(graph_from_json(doc))
    assert written == {
        "name": "g",
        "mount": "classifier",
        "entries": [
            {"id": "a", "match": {"regex": "x"}},
            {"id": "b", "match": {"intent": "padded", "examples": [" kept "]}},
        ],
    }
    assert graph_to_json(graph_from_json(written)) == written


def test_a_written_graph_validates_against_the_schema() -> None:
    jsonschema.Draft202012Validator(graph_schema()).validate(graph_to_json(graph_from_json(FULL_DOC)))


def test_a_graph_with_a_when_cannot_be_written() -> None:
    graph = Graph("g").entry("vip", when=lambda ctx: True)
    with pytest.raises(InputError, match='entry "vip"'):
        graph_to_json(graph)


def test_the_schema_is_valid_draft_2020_12() -> None:
    schema = graph_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_the_schema_refuses_unknown_keys_everywhere() -> None:
    validator = jsonschema.Draft202012Validator(graph_schema())
    assert not validator.is_valid({"name": "g", "entries": [], "extra": 1})
    assert not validator.is_valid({"name": "g", "entries": [{"id": "a", "label": "x"}]})
    assert not validator.is_valid({"name": "g", "entries": [{"id": "a", "match": {"regex": "x", "keywords": ["y"]}}]})


ENTRY_OK = {"id": "ok", "match": {"regex": "x"}}


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        ([], "$"),
        ("not a graph", "$"),
        ({"entries": []}, "$"),
        ({"name": "g", "entries": {}}, "$.entries"),
        ({"name": "g", "mount": "cascade", "entries": []}, "$.mount"),
        ({"name": "g", "entries": [ENTRY_OK, {"id": "b", "match": "refund"}]}, "$.entries[1].match"),
        ({"name": "g", "entries": [ENTRY_OK, {"id": "b", "when": "x"}]}, "$.entries[1]"),
        ({"name": "g", "entries": [{"id": ""}]}, "$.entries[0].id"),
        ({"name": "g", "entries": [{"id": "a", "match": {"regex": "x", "flags": "g"}}]}, "$.entries[0].match.flags"),
        ({"name": "g", "entries": [{"id": "a", "match": {"keywords": "refund"}}]}, "$.entries[0].match.keywords"),
        (
            {"name": "g", "entries": [{"id": "a", "match": {"all": [{"regex": "x"}, {"bogus": 1}]}}]},
            "$.entries[0].match.all[1]",
        ),
        ({"name": "g", "entries": [{"id": "a", "match": {"intent": "x"}}]}, "$.entries[0].match"),
        ({"name": "g", "entries": [{"id": "a", "examples": [3]}]}, "$.entries[0].examples[0]"),
        ({"name": "g", "entries": [], "never_routes": ["ok", 1]}, "$.never_routes[1]"),
    ],
)
def test_an_invalid_document_names_the_json_path(doc: Any, path: str) -> None:
    with pytest.raises(InputError) as raised:
        graph_from_json(doc, "graph.json")
    message = str(raised.value)
    assert message.startswith("graph.json")
    assert re.search(rf"invalid at {re.escape(path)}( \(entry '[^']*'\))?: ", message), message
    assert "graph.schema.json" in message  # where the format is described


@pytest.mark.parametrize(
    ("match", "fact"),
    [
        ({"intent": "customer asks about billing"}, "'examples' is a required property (add it there)"),
        ({"keywords": ["refund"], "flags": "i"}, "'flags' was unexpected"),
        ({"regex": "x", "examples": ["x"]}, "'examples' was unexpected"),
    ],
)
def test_a_matcher_of_one_kind_gets_that_kinds_error_and_its_entry(match: dict[str, Any], fact: str) -> None:
    """A matcher fails every kind's branch; the error of the kind the author wrote names the fix."""
    with pytest.raises(InputError) as raised:
        graph_from_json({"name": "g", "entries": [ENTRY_OK, {"id": "billing", "match": match}]}, "graph.json")
    message = str(raised.value)
    assert "invalid at $.entries[1].match (entry 'billing'): " in message
    assert fact in message
    assert "not valid under any" not in message


def declared(*entries: dict[str, Any], mount: str = "rules", **extra: Any) -> dict[str, Any]:
    return {"name": "g", "mount": mount, "entries": [ENTRY_OK, *entries], **extra}


@pytest.mark.parametrize(
    ("doc", "facts"),
    [
        (declared({"id": "billing", "match": {"keywords": []}}), ["no keywords"]),
        (declared({"id": "billing", "match": {"keywords": ["a", " "]}}), ["keyword 1"]),
        (declared({"id": "billing", "match": {"all": []}}), ["NON-EMPTY"]),
        (declared({"id": "billing", "match": {"all": [{"regex": "x"}, {"all": []}]}}), ["`all` member 2"]),
        (
            declared({"id": "billing", "match": {"all": [{"keywords": ["x"]}, {"intent": "a", "examples": ["b"]}]}}),
            ["`all` member 2", "OWN rule"],
        ),
        (
            declared({"id": "billing", "match": {"all": [{"keywords": []}]}}),
            ["`all` member 1", "no keywords"],
        ),
        (declared({"id": "billing", "match": {"intent": " ", "examples": ["b"]}}, mount="classifier"), ["`intent`"]),
        (declared({"id": "billing", "match": {"intent": "a", "examples": []}}, mount="classifier"), ["`examples`"]),
        (declared({"id": "billing", "match": {"intent": "a", "examples": ["b"]}}), ["classifier"]),
        (declared({"id": "billing", "match": {"regex": "(unclosed"}}), ["does not compile"]),
        (declared({"id": "billing", "examples": ["x"]}), ["EVERY message"]),
        (declared({"id": "billing", "match": {"regex": "x"}, "examples": []}), ["`examples`"]),
        (declared({"id": "billing", "match": {"regex": "x"}, "examples": ["ok", " "]}), ["`examples[1]`"]),
    ],
)
def test_a_refused_declaration_names_the_entry_and_its_path(doc: dict[str, Any], facts: list[str]) -> None:
    with pytest.raises(DeclarationError) as raised:
        graph_from_json(doc)
    message = str(raised.value)
    assert 'entry "billing"' in message
    assert "$.entries[1]" in message
    for fact in facts:
        assert fact in message


def test_a_blank_id_names_the_entry_position() -> None:
    with pytest.raises(DeclarationError) as raised:
        graph_from_json(declared({"id": "  "}))
    assert "$.entries[1]" in str(raised.value)
    assert "entry #2" in str(raised.value)


@pytest.mark.parametrize(
    ("rows", "fact"), [(["a", "A "], "twice"), ([], "empty list asserts nothing"), (["\ufeff"], "[0]")]
)
def test_refused_never_route_rows_name_their_path(rows: list[str], fact: str) -> None:
    with pytest.raises(DeclarationError) as raised:
        graph_from_json(declared(never_routes=rows))
    assert "$.never_routes" in str(raised.value)
    assert fact in str(raised.value)


def test_a_regex_flag_letter_outside_the_schema_is_refused_by_the_matcher_too() -> None:
    from fuzzroute.graphfiles.jsonformat import matcher_from_json

    with pytest.raises(DeclarationError) as raised:
        matcher_from_json({"regex": "x", "flags": "g"}, 'entry "a"')
    assert 'entry "a"' in str(raised.value) and "'g'" in str(raised.value)


# -- the compiled validator accepts exactly what the schema accepts ----------------------------------------------

def _mostly(valid: list[str], invalid: list[str]) -> st.SearchStrategy[str]:
    """A value the schema takes, one time in ten one it refuses."""
    return st.sampled_from([True] * 9 + [False]).flatmap(lambda ok: st.sampled_from(valid if ok else invalid))


_WORDS = _mostly(["x", "refund", "Book A Flight", "ab"], ["", "\n"])
_TEXT = st.sampled_from(["", "x", "refund", "\n"])
#: Flags: Python's, JavaScript's only, nobody's, and one that passes the schema's `$` under `re` only.
_FLAGS = st.sampled_from(["", "i", "ia", "msx", "g", "dgimsuy", "iq", "i\n"])
_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-2, 2), _WORDS, st.lists(_WORDS, max_size=2), st.just({}))


def _maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly the schema's own shape, sometimes anything, so both sides of every rule are drawn."""
    return st.sampled_from([True] * 19 + [False]).flatmap(lambda shaped: strategy if shaped else _JUNK)


def _shaped(required: dict[str, st.SearchStrategy[Any]], optional: dict[str, st.SearchStrategy[Any]]) -> Any:
    extra = st.dictionaries(st.sampled_from(["bogus", "when", "label"]), _JUNK, min_size=1, max_size=1)
    drawn = st.fixed_dictionaries(
        {k: _maybe(v) for k, v in required.items()}, optional={k: _maybe(v) for k, v in optional.items()}
    )
    dropped = st.sampled_from(list(required))
    return st.tuples(drawn, extra, dropped, st.sampled_from(range(20))).map(
        lambda t: {
            **{k: v for k, v in t[0].items() if not (t[3] == 1 and k == t[2])},  # now and then a required key goes
            **(t[1] if t[3] == 0 else {}),  # now and then an unknown key comes
        }
    )


_TEXTS = st.lists(_TEXT, max_size=3)
_MATCHERS = st.recursive(
    st.one_of(
        _shaped({"regex": _TEXT, "flags": _FLAGS}, {}),
        _shaped({"keywords": _TEXTS}, {}),
        _shaped({"intent": _TEXT, "examples": _TEXTS}, {}),
    ),
    lambda members: _shaped({"all": st.lists(members, max_size=3)}, {}),
    max_leaves=5,
)
_ENTRY = _shaped({"id": _WORDS, "match": _MATCHERS}, {"examples": _TEXTS})
_ACCEPTED = _shaped({"earlier": _WORDS, "later": _WORDS, "reason": _WORDS}, {})
_DOCUMENTS = _maybe(
    _shaped(
        {"name": _WORDS, "entries": st.lists(_ENTRY, min_size=1, max_size=4)},
        {
            "mount": _mostly(["rules", "classifier", "scorer", "read"], ["cascade", ""]),
            "regex_dialect": _mostly(["python", "javascript"], ["re2", "Python"]),
            "never_routes": _TEXTS,
            "accepted": st.lists(_ACCEPTED, max_size=2),
        },
    )
)


def _flags_end_in_newline(node: Any) -> bool:
    """Some regex's flags end in a newline: the schema's `$` lets that pass under `re`, not under JSON Schema."""
    if isinstance(node, dict):
        flags = node.get("flags")
        if "regex" in node and isinstance(flags, str) and flags.endswith("\n"):
            return True
        return any(_flags_end_in_newline(value) for value in node.values())
    if isinstance(node, list):
        return any(_flags_end_in_newline(value) for value in node)
    return False


@settings(max_examples=400, deadline=None, database=None)
@given(_DOCUMENTS)
def test_loading_refuses_exactly_what_the_schema_refuses(document: Any) -> None:
    """Loading checks a document with the compiled validator and asks jsonschema about a refused one, so a
    document is refused exactly when jsonschema refuses it (as before the compiled validator)."""
    reference = jsonschema.Draft202012Validator(graph_schema()).is_valid(document)
    before = copy.deepcopy(document)
    try:
        validate_document(document, "graph.json")
        loaded = True
    except InputError:
        loaded = False
    assert loaded == reference
    try:
        graph_validator.validate(document)  # type: ignore[no-untyped-call]  # generated code, untyped
        compiled = True
    except fastjsonschema.JsonSchemaException:
        compiled = False
    # The compiled code alone agrees too, but for a pattern's `$` before a final newline (stricter there).
    assert compiled == reference or (reference and _flags_end_in_newline(document))
    assert document == before  # checking never fills in defaults


def test_the_shipped_validator_is_the_schema_compiled_now() -> None:
    """fuzzroute/graphfiles/graph_validator.py is what scripts/make_graph_validator.py writes today."""
    root = Path(__file__).resolve().parent.parent
    generated = runpy.run_path(str(root / "scripts" / "make_graph_validator.py"))["generated_code"]()
    shipped = (root / "fuzzroute" / "graphfiles" / "graph_validator.py").read_text("utf-8")
    assert shipped == generated, "the schema changed: run python scripts/make_graph_validator.py"


def test_the_validator_agreement_is_tested_on_both_sides() -> None:
    """The strategy above draws valid and invalid documents alike (else the agreement test proves little)."""
    verdicts: set[bool] = set()

    @settings(max_examples=200, deadline=None, database=None)
    @given(_DOCUMENTS)
    def collect(document: Any) -> None:
        verdicts.add(jsonschema.Draft202012Validator(graph_schema()).is_valid(document))

    collect()
    assert verdicts == {True, False}
