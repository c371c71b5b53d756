"""What makes a generated phrase read like a message a user types: the measures witnesses and picks are ranked by.

No language model is loaded; these are plain, explainable counts, chosen by
reading what the generators produce on the bundled graphs (measured with
`scripts/measure_naturalness.py`):

* `glued_marks`: punctuation between words ("deploy: outage", "cancel,
  subscription order") is how phrases look when fragments are glued
  together, not how people write (an opening "hi," and the marks that end a
  message are fine);
* `odd_capitals`: a capital inside a lower-case sentence ("hey Dispute now")
  is a case probe, not a message; `dangling_end`: nor is a phrase that
  stops on "a", "to" or "and" ("refund a");
* `from_example`: a phrase built from a declared example (reworded with the
  rule's own words, or one small edit of it) is the author's own sentence;
* `foreign_words`: a word that is neither the rule's own, nor a function
  word, nor part of a sentence frame nor of the rule's examples was put next
  to a trigger by a sampler ("ok week incident").
"""

from __future__ import annotations

import re
from functools import lru_cache

from fuzzroute.engine.entries import Entry
from fuzzroute.strategies.rewording import own_words
from fuzzroute.strategies.roles import FUNCTION_WORDS
from fuzzroute.strategies.vocabulary import vocabulary

#: Generators whose phrases are built from a declared example (see `from_example`).
EXAMPLE_GENERATORS = ("example/", "mutation/", "variant/")
#: Marks that glue fragments together when they stand between words (the end of a message aside).
_GLUE_MARKS = re.compile(r"[:;,()\[\]{}\"#*|<>=+!?]|(?<!\d)\.|\.(?!\d)|[-'](?!(?<=\w.)\w)")
_END_MARKS = re.compile(r"[\s.!?]+$")
#: Words after which a comma is how people write ("hi, where is my order").
_OPENERS = re.compile(r"^(?:hi|hey|hello|ok|okay|so|yes|no|well|thanks|please|oh),\s", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+")
#: Words a message does not end on: determiners, prepositions, conjunctions, a bare copula.
_DANGLING = frozenset({
    "a", "an", "the", "my", "your", "our", "their", "his", "her", "its", "this", "these", "those", "to", "for",
    "of", "on", "at", "in", "with", "from", "by", "and", "or", "but", "is", "was", "are", "were", "than",
})


def glued_marks(phrase: str) -> int:
    """How many punctuation marks sit between the words of a phrase ("deploy: outage" has one).

    The marks that end a message, hyphens and apostrophes inside a word
    ("on-call", "what's") and a comma after an opening "hi" or "ok" are how
    people write and do not count.
    """
    body = _END_MARKS.sub("", phrase.strip())
    body = _OPENERS.sub("", body, count=1)
    return len(_GLUE_MARKS.findall(body))


def odd_capitals(phrase: str) -> int:
    """Capitalised words inside a lower-case sentence ("hey Dispute now"); "I" and acronyms do not count."""
    words = phrase.split()[1:]
    return sum(1 for w in words if w[:1].isupper() and not w.isupper() and not w.startswith(("I'", "I\u2019")))


def dangling_end(phrase: str) -> int:
    """1 when the phrase ends on a word that wants a complement ("refund a", "show me the status of")."""
    words = _WORD.findall(phrase)
    return 1 if len(words) > 1 and words[-1].lower() in _DANGLING else 0


@lru_cache(maxsize=4096)
def naturalness_penalty(phrase: str) -> int:
    """How unlike a typed sentence a readable phrase is: glued punctuation, capitals mid-sentence, a
    dangling last word.  Cached: a witness is ranked in its group and again among its rule's samples."""
    return glued_marks(phrase) + odd_capitals(phrase) + dangling_end(phrase)


def from_example(generator: str) -> bool:
    """Whether a generator builds its phrases from a declared example (reworded or edited)."""
    return generator.startswith(EXAMPLE_GENERATORS)


def rule_words(entry: Entry) -> frozenset[str]:
    """The words the rule spells out itself, lower case (keywords, literal runs, spelled-out alternations)."""
    return own_words(entry.data_matcher)


@lru_cache(maxsize=1)
def _frame_words() -> frozenset[str]:
    return frozenset(w.lower() for f in vocabulary().frames for w in _WORD.findall(f))


@lru_cache(maxsize=4096)
def _known_words(entry: Entry) -> frozenset[str]:
    example_words = {w.lower() for x in entry.examples or () for w in _WORD.findall(x)}
    return rule_words(entry) | example_words | _frame_words() | FUNCTION_WORDS


def foreign_words(phrase: str, entry: Entry) -> int:
    """Words of `phrase` that are not the rule's own, its examples', a frame's or function words."""
    known = _known_words(entry)
    return sum(1 for w in _WORD.findall(phrase) if w.lower() not in known)
