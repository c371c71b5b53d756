"""Edits of a declared example: the slips listed on request, and the near-miss variants as labelled edits.

The near misses people type (case, apostrophe, contraction, us-uk, compound,
function-word, inflection) are `variants.phrase_variants`; `labelled_mutations`
gives them as labelled edits ("contraction: cannot -> can't").  A keyword
router's author does not act on a letter typo, a word swap, a dropped
content word, spacing slips or end punctuation, so those slips are generated
only on request (`typos=True`, the CLI's `--typos`: `slip_mutations`), each
labelled with what changed ("typo: swapped letters (order -> odrer)").
Typos are deliberate non-words and are labelled as typos.  An insertion says
where its word went (`Mutation.inserted`), so a claim made by that word alone
is told apart.  `keeps_content` is the filter that keeps a mutation about the
same thing: every content word of what matched (its first four letters) must
survive, so "refund my order" -> "my order" is not called a near miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from hypothesis import strategies as st

from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.roles import bare
from fuzzroute.strategies.variants import phrase_variants

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


#: Function words a slip leaves out together with a content word (with `--typos`, "drop-content" keeps them).
DROPPABLE = frozenset({"a", "an", "the", "my", "your", "our", "this", "that", "please", "just", "to", "for", "of",
                       "in", "on", "at", "with", "from", "about", "some", "any"})
#: Edits listed only on request: slips a keyword author does not act on.
TYPO_EDITS = ("typo", "swap", "drop-content", "spacing")


#: Where a person adds a word to a message: a politeness or filler word at its start or its end.
_OPENERS = ("please", "just")
_CLOSERS = ("please", "now", "again", "for me")


def _insertions(words: list[str], *, anywhere: bool = False) -> list[Mutation]:
    """A common word put in where people add one ("please ...", "... now"), never next to itself.

    With `anywhere` (typo mode) every filler word goes in at every position,
    "good my morning" included: slips, not what a person means to write.
    """
    out: list[Mutation] = []
    lowered = [bare(w) for w in words]
    places = [(w, i) for w in INSERTIONS for i in range(len(words) + 1)] if anywhere else \
        [(w, 0) for w in _OPENERS] + [(w, len(words)) for w in _CLOSERS]
    for w, i in places:
        if (i > 0 and lowered[i - 1] == w) or (i < len(words) and lowered[i] == w):
            continue
        start = len(_join(words[:i])) + (1 if i else 0)
        phrase = _join(words[:i] + [w] + words[i:])
        out.append(Mutation("insertion", phrase, f"insertion: inserted {w!r}", (start, start + len(w))))
    return out


def _slips(example: str, words: list[str]) -> list[Mutation]:
    """Typos, word swaps, dropped content words and spacing slips: generated only on request."""
    found: list[Mutation] = []

    def add(kind: str, label: str, *phrases: str) -> None:
        found.extend(Mutation(kind, p, f"{kind}: {label}") for p in phrases)

    if len(words) > 1:
        add("punctuation", "comma after the first word", _join([words[0] + ","] + words[1:]))
        for i in range(len(words)):
            if bare(words[i]) not in DROPPABLE:
                add("drop", f"dropped {words[i]!r}", _join(words[:i] + words[i + 1:]))
        for i in range(len(words) - 1):
            if bare(words[i]) != bare(words[i + 1]):
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
    found.extend(_insertions(words, anywhere=True))
    found.extend(_typos(words))
    return found


def slip_mutations(example: str) -> list[Mutation]:
    """The slips of `example` a keyword author rarely acts on (listed only with `--typos`), without repeats:
    letter typos, word swaps, dropped content words, spacing slips, punctuation and filler words anywhere."""
    words = example.split()
    found: list[Mutation] = []
    stripped = _TRAILING_PUNCT.sub("", example)
    for mark in ("?", "!", "."):
        found.append(Mutation("punctuation", stripped + mark, f"punctuation: ends with {mark}"))
    found.append(Mutation("punctuation", stripped, "punctuation: no end mark"))
    found.extend(_slips(example, words))
    seen: dict[str, Mutation] = {}
    for mutation in found:
        if mutation.phrase and mutation.phrase.strip() and mutation.phrase != example:
            seen.setdefault(mutation.phrase, mutation)
    return list(seen.values())


def labelled_mutations(example: str, trigger: str | None = None, *, typos: bool = False) -> list[Mutation]:
    """Every single-edit mutation of `example`, labelled, without repeats (first label wins).

    By default the near-miss variants people type (`variants.phrase_variants`:
    case, apostrophe, contraction, us-uk, compound, function-word, and an
    inflection of the `trigger` words with the sentence agreeing), each
    labelled "<kind>: <before> -> <after>"; `typos=True` adds the slips of
    `slip_mutations`.  `trigger` is the text the example's rule matched in
    it, if known.
    """
    found: list[Mutation] = []
    for variant in phrase_variants(example, trigger=trigger):
        if variant.before and variant.after:
            label = f"{variant.kind}: {variant.before} -> {variant.after}"
        elif variant.before:
            label = f"{variant.kind}: dropped {variant.before!r}"
        else:
            label = f"{variant.kind}: added {variant.after!r}"
        found.append(Mutation(variant.kind, variant.phrase, label))
    if typos:
        found.extend(slip_mutations(example))
    seen: dict[str, Mutation] = {}
    for mutation in found:
        seen.setdefault(mutation.phrase, mutation)
    return list(seen.values())


def mutations(example: str, *, typos: bool = False) -> list[tuple[str, str]]:
    """Every single-edit mutation of `example` as (edit kind, phrase), without repeats."""
    return [(m.kind, m.phrase) for m in labelled_mutations(example, typos=typos)]


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


def mutation_strategy(example: str, *, typos: bool = False) -> st.SearchStrategy[str]:
    """One mutation of `example` as a hypothesis strategy (shrinks toward case edits)."""
    options = [m.phrase for m in labelled_mutations(example, typos=typos)] or [example]

    def one(chooser: Chooser) -> str:
        return pick(chooser, options)

    return as_strategy(one)
