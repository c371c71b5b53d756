"""Rewrite the word tables the generated tier reads at run time (package data of `fuzzroute.strategies`).

Two tables, made from two kept sources that are build-time dependencies only
(the `dev` extra), never imported by fuzzroute itself:

* `data/word_frequencies.txt.gz`: English word frequencies on the Zipf scale
  (log10 of occurrences per billion words), from wordfreq's `large` English
  list (the data is CC BY-SA 4.0, by Robyn Speer and the wordfreq
  contributors; the table keeps that licence and says so in its header).
  Only lower-case words of letters (with one inner apostrophe, "don't") down
  to `FLOOR`, one line per frequency rounded to a tenth: `4.7<TAB>words...`.
  The naturalness gate asks it whether a word is a real one and the
  inflection gate whether an inflected form is common enough.
* `data/us_uk_spellings.txt`: pairs of American and British spellings of one
  word ("enroll enrol", "counseling counselling"), from breame's spelling
  table (Apache-2.0, by Charles Pierse), kept where both spellings are words
  of the frequency table and neither is on `AMBIGUOUS` (a pair whose
  spellings are also two different words, "tire"/"tyre", "draft"/"draught").
* `data/person_nouns.txt`: nouns whose first (most frequent) sense names a
  person ("member", "friend", "pharmacist"), from WordNet 3.0's noun index
  (Princeton University's WordNet licence, which allows redistribution with
  its notice; read from Debian's `wordnet-base` files, or the folder
  `WORDNET_DIR` names), kept where the word is in the frequency table at
  `PERSON_FLOOR` or more and is no name of one person (an instance in
  WordNet).  The naturalness gate reads it: an article is not dropped before
  a person ("bring friend"), and "the pharmacist" made plural is not the one
  a customer asks for.

    python scripts/make_word_tables.py

The tables are sorted, so a rerun with the same sources writes the same bytes.
"""

from __future__ import annotations

import gzip
import os
import re
from importlib.metadata import version
from pathlib import Path

from breame.data.spelling_constants import AMERICAN_ENGLISH_SPELLINGS
from wordfreq import iter_wordlist, zipf_frequency

DATA = Path(__file__).resolve().parent.parent / "fuzzroute" / "strategies" / "data"
FREQUENCIES = DATA / "word_frequencies.txt.gz"
SPELLINGS = DATA / "us_uk_spellings.txt"
PERSONS = DATA / "person_nouns.txt"
#: Where WordNet's database files are (Debian's `wordnet-base`); `WORDNET_DIR` overrides it.
WORDNET = Path(os.environ.get("WORDNET_DIR", "/usr/share/wordnet"))
#: WordNet's lexicographer file of nouns that name people (`noun.person`).
NOUN_PERSON = 18
#: The synsets "person" and "people" themselves (filed under other lexicographer files).
PERSON_SYNSETS = frozenset({"00007846", "07942152"})
#: The rarest person nouns kept (Zipf 2.0: about 1 in 10 million words).
PERSON_FLOOR = 2.0
#: The rarest words kept (Zipf 1.5: about 3 in 100 million words).
FLOOR = 1.5
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?$")
#: Pairs whose two spellings are also different words in either country: a rule on one is not missing the other.
AMBIGUOUS = frozenset({
    "tire", "tires", "tired", "tiring", "curb", "curbs", "draft", "drafts", "drafty", "story", "stories", "disk",
    "disks", "meter", "meters", "check", "checks", "program", "programs", "ton", "tons", "pudgy", "gage", "jail",
    "plow", "mold", "molds", "molt", "whiskey", "buses", "busses", "inquiry", "inquiries", "practice", "license",
    "licensed", "licenses", "annex", "annexes", "artifact", "artifacts", "sulfur", "mustache", "skeptic", "sizable",
})


def frequency_table() -> str:
    by_value: dict[float, list[str]] = {}
    for word in iter_wordlist("en", "large"):
        value = zipf_frequency(word, "en", wordlist="large")
        if value < FLOOR:
            break
        if _WORD.match(word):
            by_value.setdefault(round(value, 1), []).append(word)
    head = (
        f"# English word frequencies (Zipf scale) from wordfreq {version('wordfreq')}, 'large' English list, words of"
        f" lower-case letters down to Zipf {FLOOR}.\n"
        "# Data licence: CC BY-SA 4.0 (wordfreq's data, by Robyn Speer and contributors). Made by"
        " scripts/make_word_tables.py.\n"
    )
    rows = [f"{value:.1f}\t{' '.join(sorted(words))}\n" for value, words in sorted(by_value.items(), reverse=True)]
    return head + "".join(rows)


def spelling_table(known: set[str]) -> str:
    pairs = sorted(
        (american, british) for american, british in AMERICAN_ENGLISH_SPELLINGS.items()
        if american in known and british in known and american != british
        and not ({american, british} & AMBIGUOUS) and _WORD.match(american) and _WORD.match(british)
    )
    head = (
        "# American and British spellings of one word, one pair a line: american british.\n"
        "# From breame 0.1.2's spelling table (Apache-2.0, Charles Pierse), kept where both spellings are in\n"
        "# word_frequencies.txt.gz and neither is another word too (scripts/make_word_tables.py: AMBIGUOUS).\n"
    )
    return head + "".join(f"{a} {b}\n" for a, b in pairs)


def person_table(known: dict[str, float]) -> str:
    """Single words whose first WordNet sense is a person, rarest ones and names of one person left out."""
    lexicographer: dict[str, tuple[int, bool]] = {}
    licence: list[str] = []
    for line in (WORDNET / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            licence.append(line.strip().partition(" ")[2].rstrip())  # WordNet's licence, kept with its data
            continue
        offset, filenum, _rest = line.split(" ", 2)
        lexicographer[offset] = (int(filenum), " @i " in line.partition(" | ")[0])
    words = []
    for line in (WORDNET / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        lemma, senses, pointers = fields[0], int(fields[2]), int(fields[3])
        first = fields[6 + pointers:][0]
        filenum, instance = lexicographer[first]
        assert len(fields[6 + pointers:]) == senses, line
        if _WORD.match(lemma) and not instance and known.get(lemma, 0.0) >= PERSON_FLOOR \
                and (filenum == NOUN_PERSON or first in PERSON_SYNSETS):
            words.append(lemma)
    head = (
        "# Nouns whose most frequent sense names a person, one a line, from WordNet 3.0's noun index (first sense in\n"
        "# noun.person, or the synsets person and people), kept at Zipf >= 2.0 in word_frequencies.txt.gz, names of\n"
        "# one person left out. Made by scripts/make_word_tables.py. WordNet's licence, which stays with this list:\n"
        + "".join(f"#   {line}".rstrip() + "\n" for line in licence)
    )
    return head + "".join(f"{w}\n" for w in sorted(words))


def main() -> None:
    table = frequency_table()
    # mtime=0: the same table gives the same bytes on every run.
    FREQUENCIES.write_bytes(gzip.compress(table.encode("utf-8"), compresslevel=9, mtime=0))
    known = {w for line in table.splitlines() if not line.startswith("#") for w in line.split("\t")[1].split()}
    SPELLINGS.write_text(spelling_table(known), encoding="utf-8")
    values = {w: float(line.split("\t")[0]) for line in table.splitlines() if not line.startswith("#")
              for w in line.split("\t")[1].split()}
    PERSONS.write_text(person_table(values), encoding="utf-8")
    print(f"wrote {FREQUENCIES} ({len(known)} words), {SPELLINGS} and {PERSONS}")


if __name__ == "__main__":
    main()
