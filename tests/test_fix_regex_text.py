"""The regex text `fix` edits: only the characters a word's forms differ in change, and every edit compiles.

Each widened source is also run: it must match every form of the word and
nothing the substituted sources (the allowed set's regexes) do not.
"""

from __future__ import annotations

import re

import pytest

from fuzzroute.fix import regex_text
from fuzzroute.fix.variant_fixes import changed_word, with_context

WIDENED = [
    # (source, word, forms, widened)
    (r"\b(book|reserve) a table\b", "table", ["tables"], r"\b(book|reserve) a tables?\b"),
    (r"\bpick a color\b", "color", ["colour"], r"\bpick a colou?r\b"),
    (r"\borganize my files\b", "organize", ["organise"], r"\borgani[sz]e my files\b"),
    (r"\bwifi\b", "wifi", ["wi-fi", "wi fi"], r"\bwi[- ]?fi\b"),
    (r"\bdon't charge me\b", "don't", ["don’t"], r"\bdon['’]t charge me\b"),
    (r"\bi can't log in\b", "can't", ["cannot", "can not"], r"\bi (?:can't|cannot|can not) log in\b"),
    (r"\bwhere is my parcel\b", "where is", ["where's"], r"\b(?:where is|where's) my parcel\b"),
    (r"\bbook a table\b", "a table", ["table"], r"\bbook (?:a )?table\b"),
    (r"\brefund\b", "refund", ["refunds", "refunded"], r"\brefund(?:s|ed)?\b"),
    (r"\bcancel subscription\b", "subscription", ["the subscription"], r"\bcancel (?:the )?subscription\b"),
]


@pytest.mark.parametrize(("source", "word", "forms", "expected"), WIDENED)
def test_a_word_is_widened_by_the_characters_its_forms_differ_in(
    source: str, word: str, forms: list[str], expected: str
) -> None:
    (place,) = regex_text.places(source, word, ignore_case=True)
    widened = regex_text.widened(source, place, [word, *forms])
    assert widened == expected
    compiled = re.compile(widened)
    substituted = [re.compile(regex_text.substituted(source, place, f)) for f in [word, *forms]]
    for form in [word, *forms]:
        text = source.replace(r"\b", "").replace("(book|reserve)", "book").replace(word, form)
        assert compiled.search(text), (widened, text)
        assert any(s.search(text) for s in substituted)


def test_a_word_inside_a_longer_word_or_under_a_quantifier_is_not_a_place() -> None:
    assert regex_text.places(r"\btablet\b", "table", ignore_case=False) == []
    assert regex_text.places(r"\btables?\b", "tables", ignore_case=False) == []  # the s is repeated
    assert [p.text for p in regex_text.places(r"[Tt]able|table", "table", ignore_case=False)] == ["table"]
    assert regex_text.places(r"TABLE", "table", ignore_case=False) == []
    assert [p.text for p in regex_text.places(r"TABLE", "table", ignore_case=True)] == ["TABLE"]


def test_alternatives_and_word_edges_give_narrower_regexes() -> None:
    source = r"where is my (order|package)"
    cut = [source[:a] + source[b:] for a, b in regex_text.alternatives(source)]
    assert cut == ["where is my (package)", "where is my (order)"]
    assert [("a|b|c"[:a] + "a|b|c"[b:]) for a, b in regex_text.alternatives("a|b|c")] == ["b|c", "a|c", "a|b"]
    assert regex_text.word_edges("book") == [(0, "before"), (4, "after")]
    assert regex_text.word_edges(r"\bbook\b") == []
    assert regex_text.class_spans(r"\b[M-m]enu\b") == [(2, 7)]


def test_sources_it_cannot_read_give_no_places() -> None:
    assert regex_text.tokens("abc\\") is None
    assert regex_text.tokens("[abc") is None
    assert regex_text.places("[abc", "abc", ignore_case=False) == []


def test_the_changed_word_is_whole_words_with_a_neighbour_for_a_dropped_one() -> None:
    word = changed_word("where is my payslip", ["where is my payslips"])
    assert word is not None and (word.text, word.forms) == ("payslip", ("payslips",))
    contracted = changed_word("I can't log in", ["I cannot log in", "I can not log in"])
    assert contracted is not None and contracted.forms == ("cannot", "can not")
    assert changed_word("same", ["same"]) is None
    texts = [(w.text, w.forms) for w in with_context("book a table for two", ["book table for two"])]
    assert ("a table", ("table",)) in texts
