"""How common an English word is, its other national spelling, and whether it names a person: tables shipped as data.

Whether a generated phrase is something a person types depends in part on
its words being words people use: "payslips" is one, "globalprotects" and
"eduroams" are not, and "dairies" is one nobody types where "dairy" was
meant.  No language model is loaded: the figures are word frequencies on the
Zipf scale (log10 of occurrences per billion words: 6 is "the"-common, 3 is
an everyday word such as "refund", below 1.5 not listed), made once from
wordfreq's English list by `scripts/make_word_tables.py` and shipped in
`data/word_frequencies.txt.gz` (CC BY-SA 4.0, as wordfreq's data).  The
American and British spellings of one word ("enroll"/"enrol") come from the
same script, out of breame's table (`data/us_uk_spellings.txt`), and the
nouns that name a person ("member", "pharmacist") out of WordNet's noun
index (`data/person_nouns.txt`; a person is spoken of with an article
where a thing may go without: "book class" is a message, "bring friend" is
not).  Each is read on first use only, so `check` never pays for them.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

from lemminflect import getAllLemmas

#: The rarest frequency the table lists: a word below it reads as 0.0 (not listed).
TABLE_FLOOR = 1.5


def _data(name: str) -> bytes:
    return resources.files(__package__).joinpath("data", name).read_bytes()


@lru_cache(maxsize=1)
def _frequencies() -> dict[str, float]:
    text = gzip.decompress(_data("word_frequencies.txt.gz")).decode("utf-8")
    table: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        value, _, words = line.partition("\t")
        zipf_value = float(value)
        for word in words.split():
            table[word] = zipf_value
    return table


def _key(word: str) -> str:
    return word.lower().replace("\u2019", "'")


def zipf(word: str) -> float:
    """The word's frequency on the Zipf scale (0.0 when the table does not list it); case-insensitive."""
    return _frequencies().get(_key(word), 0.0)


def is_listed(word: str) -> bool:
    """Whether the table lists the word at all (a word people write, at Zipf 1.5 or more)."""
    return _key(word) in _frequencies()


@lru_cache(maxsize=1)
def _spellings() -> dict[str, str]:
    pairs: dict[str, str] = {}
    for line in _data("us_uk_spellings.txt").decode("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        american, british = line.split()
        pairs.setdefault(american, british)
        pairs.setdefault(british, american)
    return pairs


def other_spelling(word: str) -> str | None:
    """The word's spelling in the other of American and British English ("enrol" -> "enroll"), or None."""
    return _spellings().get(_key(word))


@lru_cache(maxsize=1)
def _persons() -> frozenset[str]:
    lines = _data("person_nouns.txt").decode("utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def names_a_person(noun: str) -> bool:
    """Whether the noun's most frequent sense is a person ("member", "friends": a plural counts as its singular)."""
    key = _key(noun)
    persons = _persons()
    return key in persons or any(lemma in persons for lemma in getAllLemmas(key).get("NOUN", ()))
