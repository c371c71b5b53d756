"""Small edits of a declared example: what a user types instead of what the author wrote.

Each edit is one step away from the example: case, punctuation, spacing, an
inflected word, a dropped, inserted or swapped word, or a small typo.
`labelled_mutations` lists them all, each with its edit kind and a label that
says exactly what changed ("inflection: order -> orders", "typo: swapped
letters"), so a reader can judge whether a person would type it.

Inflections are real English words (lemminflect's lexicon) in a form that
fits the word's role in that example (`roles.fitting_forms`): "show me my
orders", never "what is my balanced" or "my cards was declined".  Typos are
deliberate non-words and are labelled as typos.  A near miss is never made
by putting another rule's trigger into the example: "grant access to
database" only says that two triggers were glued together, which the
co-occurrence of the two rules already covers.  The filler words an
insertion adds are common words, and an insertion says where its word went
(`Mutation.inserted`), so a claim made by that word alone is told apart.
`keeps_content` is the filter that keeps a mutation about the same thing:
every content word of what matched (its first four letters) must survive, so
"refund my order" -> "my order" is not called a near miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from hypothesis import strategies as st

from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.roles import bare, fitting_forms

INSERTIONS = ("please", "the", "my", "just", "for", "again", "now")
_TRAILING_PUNCT = re.compile(r"[.!?,;:]+$")


class Mutation(NamedTuple):
    """One edit of an example: its kind (case, inflection, typo, ...), the phrase, and what changed.

    `inserted` is the `(start, end)` span of the word an insertion put in the phrase.
    """

    kind: str
    phrase: str
    label: str
    inserted: tuple[int, int] | None = None


def _join(words: Sequence[str]) -> str:
    return " ".join(words)


def same_case(form: str, like: str) -> str:
    """`form` spelled in the case of `like` ("orders", "Order" -> "Orders")."""
    if like.isupper() and len(like) > 1:
        return form.upper()
    if like[:1].isupper():
        return form[:1].upper() + form[1:]
    return form


def _inflections(words: list[str]) -> list[Mutation]:
    """Each word in the other forms that fit its role in this example (see `roles`)."""
    out: list[Mutation] = []
    lowered = [bare(w) for w in words]
    for i, word in enumerate(words):
        core = _TRAILING_PUNCT.sub("", word)
        tail = word[len(core):]
        if not core.isalpha() or core.lower() != lowered[i]:
            continue
        for form in fitting_forms(lowered, i):
            spelled = same_case(form, core)
            phrase = _join(words[:i] + [spelled + tail] + words[i + 1:])
            out.append(Mutation("inflection", phrase, f"inflection: {core} -> {spelled}"))
    return out


def _insertions(words: list[str]) -> list[Mutation]:
    out: list[Mutation] = []
    for w in INSERTIONS:
        for i in range(len(words) + 1):
            start = len(_join(words[:i])) + (1 if i else 0)
            phrase = _join(words[:i] + [w] + words[i:])
            out.append(Mutation("insertion", phrase, f"insertion: inserted {w!r}", (start, start + len(w))))
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


def labelled_mutations(example: str) -> list[Mutation]:
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
    found.extend(_insertions(words))
    found.extend(_typos(words))
    seen: dict[str, Mutation] = {}
    for mutation in found:
        phrase = mutation.phrase
        if phrase and phrase.strip() and phrase != example:
            seen.setdefault(phrase, mutation)
    return list(seen.values())


def mutations(example: str) -> list[tuple[str, str]]:
    """Every single-edit mutation of `example` as (edit kind, phrase), without repeats."""
    return [(m.kind, m.phrase) for m in labelled_mutations(example)]


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


def mutation_strategy(example: str) -> st.SearchStrategy[str]:
    """One mutation of `example` as a hypothesis strategy (shrinks toward case edits)."""
    options = [m.phrase for m in labelled_mutations(example)] or [example]

    def one(chooser: Chooser) -> str:
        return pick(chooser, options)

    return as_strategy(one)
