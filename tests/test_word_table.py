"""The shipped word table is Python's `\\w`, and the alphabet reads it only for its own Unicode version."""

from __future__ import annotations

import re
import unicodedata

import pytest

from fuzzroute.engine.automata import alphabet, word_table
from fuzzroute.engine.automata.alphabet import ASCII_WORD, ascii_word_set, scan_pattern, unicode_word_set


@pytest.mark.skipif(unicodedata.unidata_version != word_table.UNIDATA_VERSION,
                    reason="the table is for another Unicode version; this interpreter scans instead")
def test_the_table_is_what_a_scan_of_every_code_point_finds() -> None:
    assert scan_pattern(r"\w") == word_table.WORD_INTERVALS
    assert unicode_word_set() is word_table.WORD_INTERVALS


def test_another_unicode_version_scans_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(word_table, "UNIDATA_VERSION", "0.0.0")
    monkeypatch.setattr(word_table, "WORD_INTERVALS", ((0, 1),))
    assert unicode_word_set() == scan_pattern(r"\w")
    assert unicode_word_set() != ((0, 1),)


def test_the_ascii_word_ranges_are_what_re_matches() -> None:
    assert ascii_word_set() == ASCII_WORD == scan_pattern("[A-Za-z0-9_]")
    words = "".join(chr(c) for lo, hi in ASCII_WORD for c in range(lo, hi))
    assert re.fullmatch("[A-Za-z0-9_]+", words)
    assert alphabet.contains(ASCII_WORD, ord("_")) and not alphabet.contains(ASCII_WORD, ord("-"))
