"""`compact_bytes` writes a document piece by piece: the bytes must be those of `compact_text`, always."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.results.jsonform import compact_bytes, compact_text

# Text with what the writer escapes (bidi controls, separators, lone surrogates) and what it keeps.
_CHARACTERS = ["a", " ", '"', "\\", "\n", "é", "→", "\u202e", "\u2028", "\ud800", "😀", "\x00"]
_TEXT = st.text(alphabet=st.sampled_from(_CHARACTERS))
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=600) | st.dictionaries(_TEXT, inner, max_size=5)
    | st.dictionaries(st.integers(), inner, max_size=3),
    max_leaves=800,
)


def _expected(document: Any) -> bytes:
    return compact_text(document).encode("utf-8", "backslashreplace")


@settings(max_examples=200, deadline=None)
@given(_VALUES)
def test_the_pieces_make_the_same_bytes_as_the_whole_text(document: Any) -> None:
    assert compact_bytes(document) == _expected(document)


def test_a_long_list_is_cut_into_pieces_that_join_as_one() -> None:
    document = {"items": [{"text": f"rule {n} \u202e→"} for n in range(1000)], "empty": [], "none": {}}
    written = compact_bytes(document)
    assert written == _expected(document)
    assert written.endswith(b"}\n") and b"\\u202e" in written
