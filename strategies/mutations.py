"""Small edits of a declared example: what a user types instead of what the author wrote.

Each edit is one step away from the example: case, punctuation, spacing, an
inflected word, a dropped, inserted or swapped word, a small typo, or a token
of ANOTHER rule spliced in.  `mutations` lists them all (tagged with the edit
kind); `keeps_content` is the filter that keeps a mutation about the same
thing: every content word of what matched (its first four letters) must
survive, so "refund my order" -> "my order" is not called a near miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hypothesis import strategies as st

from .choosers import Chooser, as_strategy, pick
from .keyword_phrases import inflections

INSERTIONS = ("please", "the", "my", "just", "for", "again", "now")
_WORD = re.compile(r"\S+")
_TRAILING_PUNCT = re.compile(r"[.!?,;:]+$")


def _words(text: str) -> list[str]:
    return text.split()


def _join(words: Sequence[str]) -> str:
    return " ".join(words)


def _inflected_words(words: list[str]) -> list[str]:
    out: list[str] = []
    for i, word in enumerate(words):
        bare = _TRAILING_PUNCT.sub("", word)
        tail = word[len(bare):]
        for form in inflections(bare):
            out.append(_join(words[:i] + [form + tail] + words[i + 1:]))
    return out


def mutations(example: str, tokens: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Every single-edit mutation of `example` as (edit kind, phrase), without repeats."""
    words = _words(example)
    found: list[tuple[str, str]] = []

    def add(kind: str, *phrases: str) -> None:
        found.extend((kind, p) for p in phrases)

    add("case", example.lower(), example.upper(), example[:1].upper() + example[1:], example.title())
    stripped = _TRAILING_PUNCT.sub("", example)
    add("punctuation", stripped + "?", stripped + "!", stripped + ".", stripped + "...", stripped)
    add("punctuation", re.sub(r"[^\w\s]", "", example))
    if len(words) > 1:
        add("punctuation", _join([words[0] + ","] + words[1:]))
    add("inflection", *_inflected_words(words))
    if len(words) > 1:
        add("drop", *(_join(words[:i] + words[i + 1:]) for i in range(len(words))))
        add("swap", *(_join(words[:i] + [words[i + 1], words[i]] + words[i + 2:]) for i in range(len(words) - 1)))
        add("spacing", *(_join(words[:i]) + "  " + _join(words[i:]) for i in range(1, len(words))))
        for glue in ("", "-"):
            for i in range(1, len(words)):
                add("spacing", _join(words[: i - 1] + [words[i - 1] + glue + words[i]] + words[i + 1:]))
    add("spacing", " " + example, example + " ")
    add("insertion", *(_join(words[:i] + [w] + words[i:]) for w in INSERTIONS for i in range(len(words) + 1)))
    for i, word in enumerate(words):
        if len(word) > 3 and word.isalpha():
            add("typo", _join(words[:i] + [word[:-1]] + words[i + 1:]))
            add("typo", _join(words[:i] + [word[0] + word[2:]] + words[i + 1:]))
            add("typo", _join(words[:i] + [word[:2] + word[1:]] + words[i + 1:]))
    for token in tokens:
        add("splice", f"{token} {example}", f"{example} {token}")
        for i in range(len(words)):
            add("splice", _join(words[:i] + [token] + words[i + 1:]))
    seen: dict[str, str] = {}
    for kind, phrase in found:
        if phrase and phrase.strip() and phrase != example:
            seen.setdefault(phrase, kind)
    return [(kind, phrase) for phrase, kind in seen.items()]


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
    options = [phrase for _, phrase in mutations(example, tokens)] or [example]

    def one(chooser: Chooser) -> str:
        return pick(chooser, options)

    return as_strategy(one)
