"""Small edits of a declared example: what a user types instead of what the author wrote.

Each edit is one step away from the example.  By default only edits a person
types: case, end punctuation, an inflected word (the rule's own trigger in the
plural with its sentence agreeing, "where are my payslips"), a word spelled
another common way ("e-mail", "wi-fi"), a function word dropped or added.  A
keyword router's author does not act on a letter typo, a word swap or a
dropped content word, so those (and spacing slips) are generated only on
request (`typos=True`, the CLI's `--typos`).
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

from fuzzroute.strategies.agreement import MASS_NOUNS
from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.roles import bare, fitting_forms
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


def _inflections(words: list[str]) -> list[Mutation]:
    """Each word in the other forms that fit its role in this example (see `roles`)."""
    out: list[Mutation] = []
    lowered = [bare(w) for w in words]
    for i, word in enumerate(words):
        core = _TRAILING_PUNCT.sub("", word)
        tail = word[len(core):]
        if not core.isalpha() or core.lower() != lowered[i] or lowered[i] in MASS_NOUNS:
            continue
        for form in fitting_forms(lowered, i):
            spelled = same_case(form, core)
            phrase = _join(words[:i] + [spelled + tail] + words[i + 1:])
            out.append(Mutation("inflection", phrase, f"inflection: {core} -> {spelled}"))
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


#: Words people write both ways; each spelling is offered for the other ("e-mail" for "email").
COMMON_SPELLINGS = {
    "email": ("e-mail",), "e-mail": ("email",), "wifi": ("wi-fi",), "wi-fi": ("wifi",), "online": ("on-line",),
    "login": ("log-in", "log in"), "logon": ("log-on",), "setup": ("set-up",), "checkin": ("check-in",),
    "check-in": ("checkin", "check in"), "wake-up": ("wakeup",), "cancelled": ("canceled",),
    "canceled": ("cancelled",), "cancelling": ("canceling",), "travelling": ("traveling",),
}
#: Edits a person types: labelled near misses by default.  The rest (typos, word swaps, dropped
#: content words, glued or doubled spaces) only when asked for (`typos=True`).
TYPED_EDITS = ("plural", "case", "punctuation", "inflection", "spelling", "drop", "insertion")
#: Function words a person leaves out of a message ("set timer for 12 minutes", "water plant").
DROPPABLE = frozenset({"a", "an", "the", "my", "your", "our", "this", "that", "please", "just", "to", "for", "of",
                       "in", "on", "at", "with", "from", "about", "some", "any"})
#: Edits listed only on request: slips a keyword author does not act on.
TYPO_EDITS = ("typo", "swap", "drop-content", "spacing")


def _spellings(words: list[str]) -> list[Mutation]:
    """The example's words spelled another common way: a known pair ("email"/"e-mail") or a hyphen
    joined or spaced ("carry-on" -> "carryon", "carry on")."""
    out: list[Mutation] = []
    for i, word in enumerate(words):
        core = _TRAILING_PUNCT.sub("", word)
        tail = word[len(core):]
        lowered = core.lower()
        variants = list(COMMON_SPELLINGS.get(lowered, ()))
        if "-" in lowered.strip("-") and lowered.replace("-", "").isalpha():
            variants += [lowered.replace("-", ""), lowered.replace("-", " ")]
        for variant in dict.fromkeys(v for v in variants if v != lowered):
            spelled = same_case(variant, core)
            phrase = _join(words[:i] + [spelled + tail] + words[i + 1:])
            out.append(Mutation("spelling", phrase, f"spelling: {core} -> {spelled}"))
    return out


def _function_word_drops(words: list[str]) -> list[Mutation]:
    """A function word left out ("set a timer for 12 minutes" -> "set timer for 12 minutes")."""
    out: list[Mutation] = []
    for i, word in enumerate(words):
        if bare(word) in DROPPABLE and len(words) > 2:
            out.append(Mutation("drop", _join(words[:i] + words[i + 1:]), f"drop: dropped {word!r}"))
    return out


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
