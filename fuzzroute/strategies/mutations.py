"""Small edits of a declared example: what a user types instead of what the author wrote.

Each edit is one step away from the example: case, punctuation, spacing, an
inflected word, a dropped, inserted or swapped word, a small typo, or a token
of ANOTHER rule spliced in.  `labelled_mutations` lists them all, each with
its edit kind and a label that says exactly what changed ("inflection: order
-> orders", "typo: swapped letters"), so a reader can judge whether a person
would type it.  Inflections come from a dictionary (`inflection.word_forms`):
only real English words, never "orderer".  Typos are deliberate non-words
and are labelled as typos.  `keeps_content` is the filter that keeps a
mutation about the same thing: every content word of what matched (its first
four letters) must survive, so "refund my order" -> "my order" is not called
a near miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from hypothesis import strategies as st

from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.inflection import word_forms

INSERTIONS = ("please", "the", "my", "just", "for", "again", "now")
_TRAILING_PUNCT = re.compile(r"[.!?,;:]+$")


class Mutation(NamedTuple):
    """One edit of an example: its kind (case, inflection, typo, ...), the phrase, and what changed."""

    kind: str
    phrase: str
    label: str


def _join(words: Sequence[str]) -> str:
    return " ".join(words)


def _inflections(words: list[str]) -> list[Mutation]:
    out: list[Mutation] = []
    for i, word in enumerate(words):
        bare = _TRAILING_PUNCT.sub("", word)
        tail = word[len(bare):]
        for form in word_forms(bare):
            phrase = _join(words[:i] + [form + tail] + words[i + 1:])
            out.append(Mutation("inflection", phrase, f"inflection: {bare} -> {form}"))
    return out


def _typos(words: list[str]) -> list[Mutation]:
    """Slips of the keyboard in words of four or more letters; non-words on purpose."""
    out: list[Mutation] = []
    for i, word in enumerate(words):
        if len(word) <= 3 or not word.isalpha():
            continue
        slips = (
            (word[:-1], "dropped last letter"),
            (word[0] + word[2:], "dropped a letter"),
            (word[:2] + word[1:], "doubled a letter"),
            (word[0] + word[2] + word[1] + word[3:], "swapped letters"),
        )
        for typo, what in slips:
            if typo != word:
                phrase = _join(words[:i] + [typo] + words[i + 1:])
                out.append(Mutation("typo", phrase, f"typo: {what} ({word} -> {typo})"))
    return out


def labelled_mutations(example: str, tokens: Sequence[str] = ()) -> list[Mutation]:
    """Every single-edit mutation of `example`, labelled, without repeats (first label wins)."""
    words = example.split()
    found: list[Mutation] = []

    def add(kind: str, label: str, *phrases: str) -> None:
        found.extend(Mutation(kind, p, f"{kind}: {label}") for p in phrases)

    add("case", "lower case", example.lower())
    add("case", "upper case", example.upper())
    add("case", "capitalised", example[:1].upper() + example[1:])
    add("case", "title case", example.title())
    stripped = _TRAILING_PUNCT.sub("", example)
    for mark in ("?", "!", ".", "..."):
        add("punctuation", f"ends with {mark}", stripped + mark)
    add("punctuation", "no end mark", stripped)
    add("punctuation", "no punctuation", re.sub(r"[^\w\s]", "", example))
    if len(words) > 1:
        add("punctuation", "comma after the first word", _join([words[0] + ","] + words[1:]))
    found.extend(_inflections(words))
    if len(words) > 1:
        for i in range(len(words)):
            add("drop", f"dropped {words[i]!r}", _join(words[:i] + words[i + 1:]))
        for i in range(len(words) - 1):
            add("swap", f"swapped {words[i]!r} and {words[i + 1]!r}",
                _join(words[:i] + [words[i + 1], words[i]] + words[i + 2:]))
        for i in range(1, len(words)):
            add("spacing", "double space", _join(words[:i]) + "  " + _join(words[i:]))
        for glue, what in (("", "joined"), ("-", "hyphenated")):
            for i in range(1, len(words)):
                add("spacing", f"{what} {words[i - 1]!r} and {words[i]!r}",
                    _join(words[: i - 1] + [words[i - 1] + glue + words[i]] + words[i + 1:]))
    add("spacing", "leading space", " " + example)
    add("spacing", "trailing space", example + " ")
    for w in INSERTIONS:
        for i in range(len(words) + 1):
            add("insertion", f"inserted {w!r}", _join(words[:i] + [w] + words[i:]))
    found.extend(_typos(words))
    for token in tokens:
        add("splice", f"another rule's {token!r} added", f"{token} {example}", f"{example} {token}")
        for i in range(len(words)):
            replaced = _join(words[:i] + [token] + words[i + 1:])
            add("splice", f"{words[i]!r} replaced by another rule's {token!r}", replaced)
    seen: dict[str, Mutation] = {}
    for mutation in found:
        phrase = mutation.phrase
        if phrase and phrase.strip() and phrase != example:
            seen.setdefault(phrase, mutation)
    return list(seen.values())


def mutations(example: str, tokens: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Every single-edit mutation of `example` as (edit kind, phrase), without repeats."""
    return [(m.kind, m.phrase) for m in labelled_mutations(example, tokens)]


def content_stems(text: str) -> list[str]:
    """The first four letters (lower-cased) of each content word of `text` (words of 4+ letters).

    Text with no such word keeps its longest word, so a stem is never empty.
    """
    words = [w.lower() for w in re.findall(r"[^\W_]+", text)]
    content = [w for w in words if len(w) >= 4] or sorted(words, key=len, reverse=True)[:1]
    return [w[:4] for w in content]


def keeps_content(mutation: str, stems: Sequence[str]) -> bool:
    """True when every stem still occurs (case-insensitively) in the mutation."""
    lowered = mutation.lower()
    return all(stem in lowered for stem in stems)


def mutation_strategy(example: str, tokens: Sequence[str] = ()) -> st.SearchStrategy[str]:
    """One mutation of `example` as a hypothesis strategy (shrinks toward case edits)."""
    options = [m.phrase for m in labelled_mutations(example, tokens)] or [example]

    def one(chooser: Chooser) -> str:
        return pick(chooser, options)

    return as_strategy(one)
