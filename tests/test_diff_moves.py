"""`fuzzroute diff` against brute force: the moved pairs are exactly the ones that happen.

The bundled `examples/support_v2.py` is `examples/support.py` with a rule
moved above another, a keyword added and a regex narrowed.  Brute force runs
every string of up to `TOKENS_LONG` tokens from a small alphabet of the
rules' own words (plus a stranger word and a bare letter) through both
versions' `claims()`, under each law, and collects the (old claimant, new
claimant) pairs whose claimant changed.  The diff must list exactly those
pairs as moved (decided), every witness must reproduce its pair through both
graphs, and the pairs the diff leaves undecided must be ones no string
reaches on the cold context (they need the `when` rule to claim, which it
never does on a cold start).

A property test does the same on random small graphs and random edits over
a character alphabet: no string of up to `LENGTH` characters may route a
pair the diff calls impossible, and every witness must reproduce.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.diff import GraphDiff, diff_graphs, diff_versions, load_version
from fuzzroute.engine.laws import Claims

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TOKENS = ["where is my ", "order ", "package ", "payment ", "cancel ", "plan ", "subscription ", "hello ", "x"]
TOKENS_LONG = 3
LAWS = ("cold_walk", "cascade")


def claimant_id(claims: Claims, law: str) -> str | None:
    found = claims.cold_walk if law == "cold_walk" else claims.cascade
    return None if found is None else found.id


def brute_force_moves(base: Graph, head: Graph, strings: list[str]) -> set[tuple[str, str | None, str | None]]:
    """(law, old id, new id) for every string whose claimant changes (ids are unique in these graphs)."""
    moved = set()
    for text in strings:
        old, new = base.claims(text), head.claims(text)
        for law in LAWS:
            pair = (law, claimant_id(old, law), claimant_id(new, law))
            if pair[1] != pair[2]:
                moved.add(pair)
    return moved


def decided_moves(diff: GraphDiff) -> set[tuple[str, str | None, str | None]]:
    return {(m.law, m.old.id if m.old else None, m.new.id if m.new else None) for m in diff.moves}


def assert_witnesses_reproduce(diff: GraphDiff, base: Graph, head: Graph) -> None:
    for move in [*diff.moves, *diff.sampled]:
        old, new = base.claims(move.witness), head.claims(move.witness)
        assert claimant_id(old, move.law) == (move.old and move.old.id), move
        assert claimant_id(new, move.law) == (move.new and move.new.id), move
        assert old == move.base_claims and new == move.head_claims


@pytest.fixture(scope="module")
def bundled() -> tuple[GraphDiff, Graph, Graph]:
    base, head = load_version(str(EXAMPLES / "support.py")), load_version(str(EXAMPLES / "support_v2.py"))
    return diff_versions(base, head), base.graph, head.graph


def test_the_moved_pairs_of_the_bundled_versions_are_exactly_the_brute_force_ones(
    bundled: tuple[GraphDiff, Graph, Graph],
) -> None:
    diff, base, head = bundled
    strings = ["".join(t).strip() for n in range(TOKENS_LONG + 1) for t in itertools.product(TOKENS, repeat=n)]
    expected = brute_force_moves(base, head, strings)
    assert decided_moves(diff) == expected
    # The three edits, as a reader would name them.
    assert ("cold_walk", "order-status", "tracking") in expected  # tracking moved above order-status
    assert ("cascade", None, "billing") in expected  # the keyword "payment" added to billing
    assert ("cold_walk", "cancel", None) in expected  # cancel narrowed to subscriptions
    assert_witnesses_reproduce(diff, base, head)


def test_undecided_pairs_need_the_when_rule_and_no_string_reaches_them(
    bundled: tuple[GraphDiff, Graph, Graph],
) -> None:
    diff, base, head = bundled
    undecided = {(u.law, u.old and u.old.id, u.new and u.new.id) for u in diff.undecided}
    assert undecided
    assert all("follow-up" in pair for pair in undecided)
    assert all('"follow-up" (rule #5: a `when` predicate)' in u.reason for u in diff.undecided)
    strings = ["".join(t) for n in range(TOKENS_LONG + 1) for t in itertools.product(TOKENS, repeat=n)]
    assert not undecided & brute_force_moves(base, head, strings)


def test_extent_and_rule_changes_of_the_bundled_versions(bundled: tuple[GraphDiff, Graph, Graph]) -> None:
    diff, _base, _head = bundled
    changes = {(c.old and c.old.id, c.new and c.new.id): c.changes for c in diff.rules}
    assert changes == {
        ("tracking", "tracking"): ("reordered",),
        ("billing", "billing"): ("matcher-changed",),
        ("cancel", "cancel"): ("matcher-changed",),
    }
    # "order status please" stays with order-status, so its move to tracking is partial.
    extents = {(m.old and m.old.id, m.new and m.new.id): m.extent for m in diff.moves}
    assert extents[("order-status", "tracking")] == "partial"
    assert diff.defects == ()


# -- random graphs and edits ------------------------------------------------------------------------

ALPHABET = ["a", "b", " "]
LENGTH = 5
STRINGS = ["".join(t) for n in range(LENGTH + 1) for t in itertools.product(ALPHABET, repeat=n)]
REGEXES = ["a", "b", "ab", "ba", r"\ba\b", r"a+b", "^a", "b$", r"a\s*b", "[ab]a", r"\bb", "aa|bb"]
KEYWORD_SETS = [("a",), ("b",), ("ab",), ("a", "b"), ("ba", "aa"), ("b a",)]


def b_in_message(ctx: object) -> bool:
    """A pure `when` predicate the automata cannot read."""
    return "bb" in str(getattr(ctx, "user_message", ""))


@st.composite
def rules(draw: st.DrawFn) -> tuple[str, object]:
    kind = draw(st.integers(0, 9))
    if kind <= 3:
        return ("regex", draw(st.sampled_from(REGEXES)))
    if kind <= 6:
        return ("keywords", draw(st.sampled_from(KEYWORD_SETS)))
    if kind == 7:
        return ("all", (draw(st.sampled_from(REGEXES)), draw(st.sampled_from(KEYWORD_SETS))))
    if kind == 8:
        return ("when", None)
    return ("default", None)


def build(rule_list: list[tuple[str, tuple[str, object]]]) -> Graph:
    graph = Graph("random")
    for rule_id, (kind, value) in rule_list:
        if kind == "regex":
            graph.entry(rule_id, match=re.compile(str(value)))
        elif kind == "keywords":
            graph.entry(rule_id, match=keywords(*value))  # type: ignore[misc]
        elif kind == "all":
            pattern, words = cast(tuple[str, tuple[str, ...]], value)
            graph.entry(rule_id, match=all_of(re.compile(pattern), keywords(*words)))
        elif kind == "when":
            graph.entry(rule_id, when=b_in_message)
        else:
            graph.entry(rule_id)
    return graph


@st.composite
def versions(draw: st.DrawFn) -> tuple[Graph, Graph]:
    olds = [(f"r{n}", rule) for n, rule in enumerate(draw(st.lists(rules(), min_size=1, max_size=4)))]
    news = list(olds)
    for _ in range(draw(st.integers(1, 3))):
        edit = draw(st.integers(0, 3))
        if edit == 0 and len(news) > 1:  # move a rule above another
            rule = news.pop(draw(st.integers(0, len(news) - 1)))
            news.insert(draw(st.integers(0, len(news))), rule)
        elif edit == 1:  # change a rule's matcher (a keyword added, a regex narrowed or widened)
            position = draw(st.integers(0, len(news) - 1))
            news[position] = (news[position][0], draw(rules()))
        elif edit == 2 and len(news) > 1:  # remove a rule
            news.pop(draw(st.integers(0, len(news) - 1)))
        else:  # add a rule
            news.insert(draw(st.integers(0, len(news))), (f"n{len(news)}", draw(rules())))
    return build(olds), build(news)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(versions())
def test_no_string_routes_a_pair_the_diff_calls_impossible(pair: tuple[Graph, Graph]) -> None:
    base, head = pair
    diff = diff_graphs(base, head, budget=0)
    assert diff.defects == ()
    assert_witnesses_reproduce(diff, base, head)
    # A rule removed and an identical one added under a new id is a rename: its messages stay with it.
    renamed = {(c.old.id, c.new.id) for c in diff.rules if "renamed" in c.changes and c.old and c.new}
    assert all(c.old.caption == c.new.caption for c in diff.rules if "renamed" in c.changes and c.old and c.new)
    seen = {m for m in brute_force_moves(base, head, STRINGS) if (m[1], m[2]) not in renamed}
    undecided = {(u.law, u.old and u.old.id, u.new and u.new.id) for u in diff.undecided}
    assert seen <= decided_moves(diff) | undecided
    if not any(e.when is not None for e in [*base.entries, *head.entries]):
        assert not undecided  # every rule is readable and the searches are small: all decided
    for move in diff.moves:
        if move.extent == "total":  # every message the old rule started starts the new one now
            old_id, new_id = move.old and move.old.id, move.new and move.new.id
            for text in STRINGS:
                if claimant_id(base.claims(text), move.law) == old_id:
                    assert claimant_id(head.claims(text), move.law) == new_id, (move, text)
