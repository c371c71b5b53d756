"""The graph format is described once: the shipped schema is generated from the TypedDicts, and both read alike.

`fuzzroute/schema/graph.schema.json` is written from the TypedDicts of
`engine.graph_document` (`graphfiles.graph_schema`).  Here a second,
independent reading of the same TypedDicts (`typed_errors`, which walks the
type hints) judges every graph document of the test data, the bundled
examples and the conformance corpus, and a few broken variants of each, and
must accept and refuse exactly what the shipped schema does.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, NotRequired, get_args, get_origin, get_type_hints, is_typeddict

import fastjsonschema
import jsonschema
import pytest

from fuzzroute.engine.graph_document import GraphDocument, JsonSchema
from fuzzroute.graphfiles import graph_schema, graph_validator

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_schema_is_what_the_format_types_generate() -> None:
    assert graph_schema.SCHEMA_PATH.read_text("utf-8") == graph_schema.graph_schema_text(), (
        "the graph format's TypedDicts changed: run python scripts/make_graph_validator.py"
    )
    assert graph_schema.main(["--check"]) == 0


def test_a_field_type_the_generator_does_not_know_is_refused() -> None:
    with pytest.raises(TypeError, match="does not know"):
        graph_schema._type(int)


# -- a second reading of the TypedDicts ----------------------------------------------------------------------------

#: The regex flag letters each dialect allows (the rule the schema adds to the types).
DIALECT_LETTERS = {"python": "imsxa", "javascript": "dgimsuvy"}


def typed_errors(value: Any, hint: Any, where: str, letters: str) -> Iterator[str]:
    """Where `value` breaks the type `hint` of the graph format (keys, types, `JsonSchema` constraints)."""
    if get_origin(hint) is NotRequired:
        (hint,) = get_args(hint)
    constraints: dict[str, object] = {}
    if get_origin(hint) is typing.Annotated:
        hint, *metadata = get_args(hint)
        for found in metadata:
            if isinstance(found, JsonSchema):
                constraints.update(found.keywords)
    if get_origin(hint) in (typing.Union, __import__("types").UnionType):
        members = get_args(hint)
        fitting = [m for m in members if not list(typed_errors(value, m, where, letters))]
        if len(fitting) != 1:
            yield f"{where}: fits {len(fitting)} of the {len(members)} forms"
        return
    if is_typeddict(hint):
        yield from _object_errors(value, hint, where, letters)
    elif hint is str:
        if not isinstance(value, str):
            yield f"{where}: not a string"
        elif len(value) < int(constraints.get("minLength", 0)):  # type: ignore[call-overload]
            yield f"{where}: too short"
        elif "pattern" in constraints:
            allowed = letters if where.endswith(".flags") else "adgimsuvxy"
            if not re.fullmatch(f"[{allowed}]*", value):
                yield f"{where}: a flag outside {allowed}"
    elif get_origin(hint) is list:
        if not isinstance(value, list):
            yield f"{where}: not a list"
            return
        (item,) = get_args(hint)
        for position, member in enumerate(value):
            yield from typed_errors(member, item, f"{where}[{position}]", letters)
    elif get_origin(hint) is Literal:
        if value not in get_args(hint):
            yield f"{where}: not one of {get_args(hint)}"
    else:
        raise AssertionError(f"no reading of {hint!r}")


@functools.cache
def _hints(shape: Any) -> dict[str, Any]:
    return get_type_hints(shape, include_extras=True)


def _object_errors(value: Any, shape: Any, where: str, letters: str) -> Iterator[str]:
    if not isinstance(value, dict):
        yield f"{where}: not an object"
        return
    hints = _hints(shape)
    for key in value.keys() - hints.keys():
        yield f"{where}.{key}: not a key of {shape.__name__}"
    for key, hint in hints.items():
        if key in value:
            yield from typed_errors(value[key], hint, f"{where}.{key}", letters)
        elif get_origin(hint) is not NotRequired:
            yield f"{where}.{key}: missing"


def document_errors(document: Any) -> list[str]:
    dialect = document.get("regex_dialect", "python") if isinstance(document, dict) else "python"
    return list(typed_errors(document, GraphDocument, "$", DIALECT_LETTERS.get(dialect, "")))


def test_the_second_reading_refuses_what_it_should() -> None:
    good = {"name": "g", "entries": [{"id": "a", "match": {"regex": "x", "flags": "i"}}]}
    assert document_errors(good) == []
    assert document_errors({**good, "extra": 1})
    assert document_errors({**good, "regex_dialect": "javascript", "entries": [{"id": "a", "match": {
        "all": [{"regex": "x", "flags": "x"}]}}]})


# -- the corpus ------------------------------------------------------------------------------------------------


@functools.cache
def corpus() -> list[tuple[str, Any]]:
    """Every graph document of the test data, the examples and the conformance corpus, by where it comes from."""
    found: list[tuple[str, Any]] = []
    for path in sorted([*ROOT.glob("tests/data/**/*.json"), *ROOT.glob("examples/**/*.json"),
                        *ROOT.glob("fuzzroute/examples/*.json")]):
        try:
            document = json.loads(path.read_text("utf-8"))
        except ValueError:
            continue
        if isinstance(document, dict) and "entries" in document:
            found.append((str(path.relative_to(ROOT)), document))
    for number, line in enumerate((ROOT / "tests/data/conformance_cases.jsonl").read_text("utf-8").splitlines()):
        found.append((f"conformance case {number + 1}", json.loads(line)["graph"]))
    return found


def broken(document: dict[str, Any]) -> Iterator[Any]:
    """Variants of a document with one thing wrong (or, for the dialect, one thing changed)."""
    yield {**document, "surprise": True}
    yield {key: value for key, value in document.items() if key != "entries"}
    yield {**document, "name": ""}
    yield {**document, "mount": "sideways"}
    changed = copy.deepcopy(document)
    for entry in changed.get("entries") or []:
        if isinstance(entry, dict) and isinstance(entry.get("match"), dict) and "regex" in entry["match"]:
            entry["match"]["flags"] = "g"  # a JavaScript flag: refused in a Python-dialect document
            break
    yield changed
    yield {**document, "regex_dialect": "javascript"}
    yield {**document, "entries": [{"id": 7}]}


def schema_accepts(document: Any) -> bool:
    """The shipped schema's verdict, as loading asks it (the compiled validator: the same verdicts as jsonschema,
    `test_engine_jsonformat` shows, in a fraction of the time)."""
    try:
        graph_validator.validate(document)  # type: ignore[no-untyped-call]  # generated code, untyped
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def test_the_schema_and_the_types_accept_and_refuse_the_same_documents() -> None:
    documents = corpus()
    assert len(documents) > 150
    verdicts = set()
    for where, document in documents:
        for shown in [document, *(broken(document) if isinstance(document, dict) else [])]:
            by_schema = schema_accepts(shown)
            by_types = document_errors(shown) == []
            assert by_schema == by_types, (where, shown, document_errors(shown))
            verdicts.add(by_schema)
    assert verdicts == {True, False}


def test_the_compiled_validator_reads_the_shipped_schema_on_the_corpus() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(graph_schema.SCHEMA_PATH.read_text("utf-8")))
    for where, document in corpus()[::20]:
        assert validator.is_valid(document) == schema_accepts(document), where
