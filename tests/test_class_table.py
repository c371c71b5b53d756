"""The shipped class table is what `re` matches, and the alphabet reads it only for its own Unicode version."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.automata import alphabet, class_table
from fuzzroute.engine.automata.alphabet import TABLED_FLAGS, resolve_nodes, scan_node

this_database = pytest.mark.skipif(
    unicodedata.unidata_version != class_table.UNIDATA_VERSION,
    reason="the table is for another Unicode version; this interpreter scans instead",
)


def _node(source: str, flags: int = 0) -> tuple[object, int]:
    tree = regex_syntax.parser.parse(source, flags)
    return tree[0], tree.state.flags


def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget what earlier tests resolved, so each lookup is made again."""
    monkeypatch.setattr(alphabet, "_node_sets", {})


@this_database
@pytest.mark.parametrize("source", [".", r"\s", r"\S", r"\d", r"\D", r"\w", r"\W"])
@pytest.mark.parametrize("flags", [0, re.I, re.S, re.I | re.S | re.M, re.A, re.A | re.I])
def test_every_big_class_is_what_a_scan_finds(source: str, flags: int, monkeypatch: pytest.MonkeyPatch) -> None:
    node, used = _node(source, flags)
    assert (repr(node), used & TABLED_FLAGS) in class_table.BIG_CLASSES
    _fresh(monkeypatch)
    assert resolve_nodes([(node, used)]) == [scan_node(node, used)]


@this_database
def test_sampled_case_classes_fold_exactly_as_re_does() -> None:
    classes = [tuple(int(c, 16) for c in members.split(",")) for members in class_table.CASE_CLASSES.split()]
    assert len(classes) > 1000
    chosen = random.Random(5).sample(classes, 12) + [c for c in classes if ord("k") in c or ord("s") in c]
    for members in chosen:
        for code in members:
            scanned = {c for lo, hi in scan_node((regex_syntax.constants.LITERAL, code), int(re.U | re.I))
                       for c in range(lo, hi)}
            assert scanned == set(members), (hex(code), members)


_LETTERS = st.sampled_from(list("aAbBkKsSiIıİſÅåǅǆΣσςßẞ0-_ éÉ") + ["\u212a", "\u212b", "\u1e9e", "\u03c2"])


@settings(max_examples=25, deadline=None)
@given(literals=st.lists(_LETTERS, min_size=1, max_size=4),
       ranges=st.lists(st.tuples(st.integers(32, 600), st.integers(0, 40)), max_size=2))
def test_ignorecase_literals_resolve_as_a_scan_of_every_code_point(
    literals: list[str], ranges: list[tuple[int, int]]
) -> None:
    parts = [re.escape(ch) for ch in literals] + [f"\\u{lo:04x}-\\u{lo + width:04x}" for lo, width in ranges]
    node, used = _node(f"[{''.join(parts)}]", re.I)
    saved = dict(alphabet._node_sets)
    alphabet._node_sets.clear()
    try:
        assert resolve_nodes([(node, used)]) == [scan_node(node, used)]
    finally:
        alphabet._node_sets.clear()
        alphabet._node_sets.update(saved)


def test_another_unicode_version_scans_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_table, "UNIDATA_VERSION", "0.0.0")
    alphabet._case_class_of.cache_clear()
    _fresh(monkeypatch)
    try:
        node, used = _node(r"\d")
        assert resolve_nodes([(node, used)]) == [scan_node(node, used)]
        assert alphabet._case_class_of() is None
        node, used = _node("[kS]", re.I)
        assert resolve_nodes([(node, used)]) == [scan_node(node, used)]
    finally:
        alphabet._case_class_of.cache_clear()
