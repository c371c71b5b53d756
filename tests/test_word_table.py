"""The alphabet's word sets: Python's `\\w` read from the class table for its own Unicode version, and ASCII's."""

from __future__ import annotations

import re
import unicodedata

import pytest

from fuzzroute.engine.automata import alphabet, class_table
from fuzzroute.engine.automata.alphabet import ASCII_WORD, ascii_word_set, scan_pattern, unicode_word_set


@pytest.mark.skipif(unicodedata.unidata_version != class_table.UNIDATA_VERSION,
                    reason="the table is for another Unicode version; this interpreter scans instead")
def test_the_tabled_word_set_is_what_a_scan_of_every_code_point_finds() -> None:
    assert unicode_word_set() == scan_pattern(r"\w")


def test_another_unicode_version_scans_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_table, "UNIDATA_VERSION", "0.0.0")
    monkeypatch.setattr(class_table, "SETS", tuple("0-1" for _ in class_table.SETS))
    alphabet._decoded_set.cache_clear()
    try:
        assert unicode_word_set() == scan_pattern(r"\w")
        assert unicode_word_set() != ((0, 1),)
    finally:
        alphabet._decoded_set.cache_clear()


def test_the_ascii_word_ranges_are_what_re_matches() -> None:
    assert ascii_word_set() == ASCII_WORD == scan_pattern("[A-Za-z0-9_]")
    words = "".join(chr(c) for lo, hi in ASCII_WORD for c in range(lo, hi))
    assert re.fullmatch("[A-Za-z0-9_]+", words)
    assert alphabet.contains(ASCII_WORD, ord("_")) and not alphabet.contains(ASCII_WORD, ord("-"))
