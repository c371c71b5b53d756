"""`when` contexts without hypothesis-jsonschema: fuzzroute's own generator, and the choice between the two.

hypothesis-jsonschema 0.23.1 breaks on object schemas from hypothesis 6.170.10 on, and fuzzroute no
longer pins hypothesis below that, so the context strategy falls back to `schema_values`.  Every draw of
the fallback must be valid against its schema (jsonschema decides), for the schemas the bundled examples
build and for any schema of the subset; the choice is made by a probe draw, tested both ways.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import hypothesis_jsonschema
import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute.cli import main
from fuzzroute.generate.seeded import draw_examples
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.strategies import contexts
from fuzzroute.strategies.contexts import context_schema, routing_contexts
from fuzzroute.strategies.schema_values import UnsupportedSchema, from_context_schema

ROOT = Path(__file__).resolve().parent.parent
#: The bundled examples whose rules have a `when` predicate (their contexts are drawn from the schema).
WHEN_GRAPHS = ["examples/support.py", "examples/planted_defects.py",
               "examples/defaults.py:raising_when", "examples/support_v2.py"]


@pytest.fixture()
def fresh_choice() -> Iterator[None]:
    """The generator choice is cached per process; each test here decides it anew and leaves no trace."""
    contexts.context_generator.cache_clear()
    yield
    contexts.context_generator.cache_clear()


@pytest.fixture()
def broken_jsonschema(monkeypatch: pytest.MonkeyPatch, fresh_choice: None) -> None:
    """hypothesis-jsonschema as it behaves on hypothesis >= 6.170.10: its object strategy raises when drawn."""
    def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
        def explode(_: Any) -> Any:
            raise AttributeError("'many' object has no attribute 'more'")
        return st.just(None).map(explode)
    monkeypatch.setattr(hypothesis_jsonschema, "from_schema", from_schema)


def graph_schema(spec: str) -> dict[str, Any]:
    """The context schema `fuzzroute report` builds for a graph (its examples as history, its ids as injections)."""
    graph = load_graph(str(ROOT / spec)).graph
    texts = [x for e in graph.entries for x in (e.examples or ())]
    assert any(e.when is not None for e in graph.entries), f"{spec} has no `when` rule"
    return context_schema(texts, [e.id for e in graph.entries])


@pytest.mark.parametrize("spec", WHEN_GRAPHS)
def test_the_fallback_draws_valid_contexts_for_the_bundled_examples(spec: str) -> None:
    schema = graph_schema(spec)
    drawn = draw_examples(from_context_schema(schema), 60, 11)
    assert len(drawn) >= 30
    for document in drawn:
        jsonschema.validate(document, schema)
    assert len({json.dumps(d, sort_keys=True) for d in drawn}) >= 20  # it explores, not one value repeated
    assert any(d["history"] for d in drawn) and any(d["iteration"] > 1 for d in drawn)


def test_the_fallback_draws_valid_contexts_for_the_bare_schema() -> None:
    schema = context_schema()  # no texts, no ids: the free strings of the bundled schema
    for document in draw_examples(from_context_schema(schema), 60, 2):
        jsonschema.validate(document, schema)


def leaf_schemas() -> st.SearchStrategy[dict[str, Any]]:
    bounds = st.integers(-300, 300)
    return st.one_of(
        st.builds(lambda lo, span: {"type": "integer", "minimum": lo, "maximum": lo + span},
                  bounds, st.integers(0, 50)),
        st.builds(lambda lo: {"type": "integer", "exclusiveMinimum": lo}, bounds),
        st.builds(lambda hi: {"type": "integer", "maximum": hi}, bounds),
        st.builds(lambda lo, span: {"type": "string", "minLength": lo, "maxLength": lo + span},
                  st.integers(0, 5), st.integers(0, 30)),
        st.just({"type": "string", "pattern": "^(on|off) [0-9]{1,3}$"}),
        st.lists(st.text(max_size=8) | st.integers(), min_size=1, max_size=5, unique_by=json.dumps).map(
            lambda values: {"enum": values}),
        st.just({"const": "billing"}),
        st.just({"type": "boolean"}),
        st.just({"type": ["null", "integer"], "minimum": 0, "maximum": 3}),
    )


def subset_schemas() -> st.SearchStrategy[dict[str, Any]]:
    def extend(inner: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
        arrays = st.builds(
            lambda items, lo, span, unique: {"type": "array", "items": items, "minItems": lo, "maxItems": lo + span,
                                             "uniqueItems": unique},
            inner, st.integers(0, 1), st.integers(0, 3), st.booleans())
        objects = st.dictionaries(st.sampled_from(["a", "b", "role", "content"]), inner, max_size=3).flatmap(
            lambda props: st.builds(
                lambda required: {"type": "object", "properties": props, "required": sorted(required),
                                  "additionalProperties": False},
                st.sets(st.sampled_from(sorted(props)) if props else st.nothing())))
        return arrays | objects
    return st.recursive(leaf_schemas(), extend, max_leaves=6)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_every_fallback_draw_is_valid_against_its_schema(data: st.DataObject) -> None:
    schema = data.draw(subset_schemas(), label="schema")
    value = data.draw(from_context_schema(schema), label="value")
    jsonschema.validate(value, schema)


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {"type": "integer"}}},  # additionalProperties left open: junk keys
    {"type": "string", "format": "email"},
    {"oneOf": [{"type": "integer"}]},
    {"type": "number"},
])
def test_the_fallback_refuses_schemas_outside_its_subset(schema: dict[str, Any]) -> None:
    with pytest.raises(UnsupportedSchema):
        from_context_schema(schema)


def test_the_probe_chooses_hypothesis_jsonschema_exactly_where_it_works(fresh_choice: None) -> None:
    # Decided by the library's behaviour, checked here against what is known of the versions: 0.23.1 works
    # with hypothesis up to 6.170.9 and raises on object schemas from 6.170.10 on.
    release = tuple(int(part) for part in version("hypothesis").split(".")[:3])
    works = version("hypothesis-jsonschema") != "0.23.1" or release < (6, 170, 10)
    expected = "hypothesis-jsonschema" if works else "fuzzroute"
    assert contexts.context_generator() == expected


def test_a_broken_hypothesis_jsonschema_hands_contexts_to_the_fallback(broken_jsonschema: None) -> None:
    assert contexts.jsonschema_generator_works() is False
    assert contexts.context_generator() == "fuzzroute"
    schema = context_schema(["refund my order"], ["billing"])
    drawn = draw_examples(routing_contexts(["refund my order"], ["billing"]), 20, 3)
    assert len(drawn) >= 10
    for document in drawn:
        jsonschema.validate(document, schema)


def test_a_working_hypothesis_jsonschema_is_chosen(monkeypatch: pytest.MonkeyPatch, fresh_choice: None) -> None:
    # Whatever the installed versions do, a from_schema that draws valid instances is trusted.
    monkeypatch.setattr(hypothesis_jsonschema, "from_schema", from_context_schema)
    assert contexts.context_generator() == "hypothesis-jsonschema"


def run_report(tmp_path: Path) -> tuple[dict[str, Any], str]:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["report", str(ROOT / "examples/support.py"), "--seed", "0", "--budget", "300",
                                       "--workers", "1", "-o", str(tmp_path / "r.html"), "--json", str(out)])
    assert result.exit_code == 1, result.output  # support.py holds proven errors on purpose
    document: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return document, result.output


def test_the_report_says_the_fallback_drew_the_contexts(broken_jsonschema: None, tmp_path: Path) -> None:
    document, output = run_report(tmp_path)
    assert document["run"]["context_generator"] == "fuzzroute"
    assert "contexts:  `when` contexts drawn by fuzzroute's own generator" in output
    assert 'data-context-generator="fuzzroute"' in (tmp_path / "r.html").read_text("utf-8")


def test_the_report_says_hypothesis_jsonschema_drew_the_contexts(fresh_choice: None, tmp_path: Path) -> None:
    if not contexts.jsonschema_generator_works():
        pytest.skip(f"hypothesis-jsonschema does not run with hypothesis {version('hypothesis')} (the probe says so)")
    document, output = run_report(tmp_path)
    assert document["run"]["context_generator"] == "hypothesis-jsonschema"
    assert "contexts:" not in output
    assert 'data-context-generator="hypothesis-jsonschema"' in (tmp_path / "r.html").read_text("utf-8")
