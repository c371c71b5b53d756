"""Refusals at declaration time: routing-semantics.md sections 1, 2, 5.1 and 6.1, in order.

A refusal must name the entry (or the row) and the fix.  The assertions check
the facts a message must carry, never its exact wording.
"""

from __future__ import annotations

import re

import pytest

from fuzzroute import MOUNTS, DeclarationError, Graph, intent, keywords


def refusal(action: object) -> str:
    """Run a declaration that must be refused; return the message."""
    assert callable(action)
    with pytest.raises(DeclarationError) as raised:
        action()
    return str(raised.value)


# -- the entry itself ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad_id", ["", "   ", "\ufeff", None, 7])
def test_blank_or_non_string_id_is_refused(bad_id: object) -> None:
    graph = Graph("support").entry("billing", match=keywords("refund"))
    message = refusal(lambda: graph.entry(bad_id, match=keywords("x")))  # type: ignore[arg-type]
    assert "entry #2" in message  # names which entry, since it has no usable id
    assert "non-empty string" in message
    assert ".entry(" in message  # the fix shows a valid declaration
    assert len(graph.entries) == 1


def test_id_with_only_u0085_is_not_blank() -> None:
    # JavaScript's trim keeps U+0085, so this id is not blank.
    assert Graph("g").entry("\u0085", match=keywords("x")).entries[0].id == "\u0085"


def test_match_and_when_together_are_refused() -> None:
    message = refusal(lambda: Graph("g").entry("b", match=re.compile("x"), when=lambda ctx: True))
    assert 'entry "b"' in message
    assert "both" in message and "`match`" in message and "`when`" in message


def test_match_and_when_is_refused_before_the_matcher_is_compiled() -> None:
    # Even an unusable matcher gets the both-conditions refusal first.
    message = refusal(lambda: Graph("g").entry("b", match="refund", when=lambda ctx: True))
    assert "both" in message


def test_bare_string_match_is_refused_with_both_fixes() -> None:
    message = refusal(lambda: Graph("g").entry("billing", match="refund"))
    assert 'entry "billing"' in message
    assert "re.compile('refund')" in message
    assert "keywords('refund')" in message


def test_when_that_is_not_callable_is_refused() -> None:
    message = refusal(lambda: Graph("g").entry("billing", when="refund"))  # type: ignore[arg-type]
    assert 'entry "billing"' in message
    assert "`when`" in message and "match=" in message


def test_unsupported_match_is_refused_naming_the_entry() -> None:
    message = refusal(lambda: Graph("g").entry("billing", match={"keywords": []}))
    assert 'entry "billing"' in message
    assert "keywords(" in message


@pytest.mark.parametrize("mount", ["rules", "scorer", "read"])
def test_intent_on_a_non_classifier_mount_is_refused(mount: str) -> None:
    graph = Graph("support", mount=mount)
    message = refusal(lambda: graph.entry("billing", match=intent("customer wants a refund", ["charged"])))
    assert 'entry "billing"' in message
    assert repr(mount) in message
    assert "mount='classifier'" in message
    assert graph.entries == ()


def test_intent_on_a_classifier_mount_is_accepted() -> None:
    graph = Graph("g", mount="classifier").entry("billing", match=intent("refunds", ["charged twice"]))
    assert graph.entries[0].is_intent


@pytest.mark.parametrize("mount", ["", "Rules", "cascade", None, 1])
def test_bad_mount_is_refused_listing_the_mounts(mount: object) -> None:
    message = refusal(lambda: Graph("support", mount=mount))  # type: ignore[arg-type]
    assert "'support'" in message
    for name in MOUNTS:
        assert name in message


@pytest.mark.parametrize("name", ["", "  ", None])
def test_blank_graph_name_is_refused(name: object) -> None:
    message = refusal(lambda: Graph(name))  # type: ignore[arg-type]
    assert "Graph(" in message


def test_every_mount_is_accepted() -> None:
    assert MOUNTS == ("rules", "classifier", "scorer", "read")
    for mount in MOUNTS:
        assert Graph("g", mount=mount).mount == mount
    assert Graph("g").mount == "rules"


def test_one_skill_may_have_several_rules() -> None:
    graph = Graph("g").entry("a", match=re.compile("x")).entry("a", match=re.compile("y"))
    assert [(e.index, e.id) for e in graph.entries] == [(0, "a"), (1, "a")]


# -- examples: routing-semantics.md 5.1, in order -----------------------------------------------------------


def examples_refusal(examples: object, *, mount: str = "rules", **entry: object) -> str:
    graph = Graph("g", mount=mount)
    if not entry:
        entry = {"match": keywords("refund")}
    return refusal(lambda: graph.entry("billing", examples=examples, **entry))  # type: ignore[arg-type]


def test_absent_examples_are_fine() -> None:
    assert Graph("g").entry("billing", match=keywords("refund")).entries[0].examples is None


@pytest.mark.parametrize("examples", ["refund me", 42, {"refund me": 1}])
def test_1_examples_that_are_not_a_list_are_refused(examples: object) -> None:
    message = examples_refusal(examples)
    assert 'entry "billing"' in message
    assert "non-empty list of non-empty strings" in message
    assert "empty list declares nothing" not in message  # that clause is for an empty list only


def test_1_an_empty_examples_list_is_refused() -> None:
    message = examples_refusal([])
    assert 'entry "billing"' in message
    assert "`examples`" in message
    assert "empty list declares nothing" in message
    assert "drop the field" in message  # the fix


@pytest.mark.parametrize(
    ("examples", "position", "shown"),
    [(["ok", "  "], 1, '"  "'), ([42], 0, "42"), (["a", "b", None], 2, "null"), (["\ufeff"], 0, None)],
)
def test_2_a_bad_item_is_refused_naming_its_index(examples: list[object], position: int, shown: str | None) -> None:
    message = examples_refusal(examples)
    assert 'entry "billing"' in message
    assert f"`examples[{position}]`" in message
    if shown is not None:
        assert shown in message


def test_2_the_first_bad_item_is_named() -> None:
    assert "`examples[1]`" in examples_refusal(["ok", "", 5])


def test_2_an_item_of_only_u0085_is_not_blank() -> None:
    graph = Graph("g").entry("billing", match=keywords("refund"), examples=["\u0085"])
    assert graph.entries[0].examples == ("\u0085",)


def test_3_an_intent_with_rule_level_examples_is_refused() -> None:
    message = examples_refusal(
        ["refund my order"], mount="classifier", match=intent("customer wants a refund", ["charged twice"])
    )
    assert 'entry "billing"' in message
    assert "SCORING material" in message and "TEST material" in message
    assert "two different jobs" in message


def test_4_an_unconditional_entry_with_examples_is_refused() -> None:
    graph = Graph("g")
    message = refusal(lambda: graph.entry("concierge", examples=["refund me"]))
    assert 'entry "concierge"' in message
    assert "EVERY message" in message
    assert "`match`" in message and "`when`" in message  # the fix: give it a condition


def test_shape_refusals_come_before_the_intent_and_unconditional_refusals() -> None:
    assert "empty list declares nothing" in refusal(lambda: Graph("g").entry("d", examples=[]))
    assert "`examples[0]`" in refusal(lambda: Graph("g").entry("d", examples=[42]))
    classifier = Graph("g", mount="classifier")
    shipping = intent("where is my parcel", ["track it"])
    assert "`examples[0]`" in refusal(lambda: classifier.entry("s", match=shipping, examples=["  "]))
    assert "non-empty list" in refusal(lambda: classifier.entry("s", match=shipping, examples="x"))


def test_intent_examples_refusal_comes_before_the_mount_refusal() -> None:
    # The reference refuses examples while declaring the entry, an intent without a
    # classifier only when the graph is built.
    rules = Graph("g")
    message = refusal(lambda: rules.entry("s", match=intent("where is my parcel", ["x"]), examples=["y"]))
    assert "two different jobs" in message


def test_a_bad_matcher_is_refused_before_the_examples() -> None:
    message = refusal(lambda: Graph("g").entry("billing", match=42, examples=[]))
    assert "cannot honor" in message


def test_examples_are_stored_as_an_immutable_copy_as_written() -> None:
    given = ["refund me", " refund me ", "refund me"]
    graph = Graph("g").entry("billing", match=keywords("refund"), examples=given)
    given.append("later")
    stored = graph.entries[0].examples
    assert stored == ("refund me", " refund me ", "refund me")  # no trim, no dedupe
    assert isinstance(stored, tuple)


def test_a_refused_entry_is_not_added() -> None:
    graph = Graph("g").entry("a", match=keywords("x"))
    with pytest.raises(DeclarationError):
        graph.entry("b", match=keywords("y"), examples=[])
    assert [e.id for e in graph.entries] == ["a"]


# -- never-route rows: routing-semantics.md 6.1, in order -----------------------------------------------------


def test_a_single_string_is_one_row() -> None:
    graph = Graph("g").never_routes("what is the weather")
    assert graph.never_route_phrases == ("what is the weather",)


@pytest.mark.parametrize("rows", [42, None, {"a": 1}])
def test_rows_that_are_not_a_list_are_refused(rows: object) -> None:
    message = refusal(lambda: Graph("g").never_routes(rows))
    assert "never_routes(" in message
    assert "non-empty list of non-empty strings" in message
    assert "empty list asserts nothing" not in message


def test_an_empty_list_of_rows_is_refused() -> None:
    message = refusal(lambda: Graph("g").never_routes([]))
    assert "empty list asserts nothing" in message


@pytest.mark.parametrize(
    ("rows", "position", "shown"), [(["ok", "   "], 1, '"   "'), ([7], 0, "7"), (["ok", "\ufeff"], 1, None)]
)
def test_a_bad_row_is_refused_naming_its_index(rows: list[object], position: int, shown: str | None) -> None:
    message = refusal(lambda: Graph("g").never_routes(rows))
    assert f"`never_routes[{position}]`" in message
    if shown is not None:
        assert shown in message


def test_a_blank_row_is_refused_before_a_duplicate() -> None:
    message = refusal(lambda: Graph("g").never_routes(["a", "A", " "]))
    assert "`never_routes[2]`" in message


def test_a_duplicate_in_the_same_list_is_refused_trimmed_and_case_folded() -> None:
    message = refusal(lambda: Graph("g").never_routes(["a phrase", "A PHRASE "]))
    assert '"A PHRASE "' in message
    assert "twice" in message and "trimmed" in message
    assert "Drop the duplicate" in message


def test_a_duplicate_of_an_earlier_call_is_refused_and_adds_nothing() -> None:
    graph = Graph("g").never_routes("what is the weather").never_routes(["book me a flight"])
    message = refusal(lambda: graph.never_routes(["new row", " WHAT IS THE WEATHER "]))
    assert "twice" in message
    assert graph.never_route_phrases == ("what is the weather", "book me a flight")


def test_inner_whitespace_is_kept_in_the_duplicate_key() -> None:
    graph = Graph("g").never_routes(["refund me", "refund  me"])
    assert graph.never_route_phrases == ("refund me", "refund  me")


def test_duplicate_key_uses_javascript_trim() -> None:
    # U+FEFF is trimmed (a duplicate); U+0085 is not (a different row).
    assert "twice" in refusal(lambda: Graph("g").never_routes(["x", "\ufeffx"]))
    assert Graph("g").never_routes(["x", "\u0085x"]).never_route_phrases == ("x", "\u0085x")


def test_rows_are_stored_as_written_and_accumulate() -> None:
    graph = Graph("g").never_routes(["  Refund ME "]).never_routes("other")
    assert graph.never_route_phrases == ("  Refund ME ", "other")
