"""Whether a generated phrase reads as a message a person sends, before `suggest` asks an author to declare it.

A declared example is a promise the author keeps, so `suggest` proposes only
sentences someone would type.  Samples that read badly come from a few
mechanisms, each checked here with the words of the phrase, the rule's
declared examples and lemminflect's lexicon (no model is loaded):

* a doubled word ("do you sell travel travel cover") or a content word said
  twice ("lamp the bedroom lamp", "notify me when the drops to Tokyo
  drops"), unless a declared example of the rule says it twice too;
* a declared example with one span replaced by a rule's trigger where the
  trigger does not take the replaced word's role and form: a noun phrase
  for a verb ("cheapest way to plane tickets to Rome"), a phrase with
  function words for a noun ("I want to talk to a call me back"); the
  replacement must stand where the replaced word stood (`roles.fits`);
* an inflection to a plural no one types: of a noun a request uses uncounted
  ("turn the heatings down", `MASS_NOUNS`), or other than the word's usual
  plural ("vacua");
* a word that is no word: neither in the rule's examples or own words, nor
  in the lexicon, nor a plural of one of those ("payslips" is fine when the
  rule says "payslip").

`unnatural` says which, or None.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lemminflect import getAllInflections

from fuzzroute.strategies.agreement import MASS_NOUNS
from fuzzroute.strategies.roles import FUNCTION_WORDS, bare, fits, is_content, lemmas

_WORD = re.compile(r"[\w'’-]+")
#: A span of the example this long at most is judged as swapped when nothing after it is kept.
MAX_REPLACED = 2
_INFLECTION = re.compile(r"^inflection:\s*(\S+)\s*->\s*(\S+)")


def _words(phrase: str) -> list[str]:
    return [w for w in (bare(t) for t in _WORD.findall(phrase)) if w]


def doubled_word(phrase: str, examples: Iterable[str] = ()) -> str | None:
    """The first word said twice in a row ("travel travel"), unless an example doubles it too."""
    allowed = {a for x in examples for a, b in zip(_words(x), _words(x)[1:], strict=False) if a == b}
    words = _words(phrase)
    for a, b in zip(words, words[1:], strict=False):
        if a == b and a not in allowed:
            return a
    return None


def repeated_word(phrase: str, examples: Iterable[str] = ()) -> str | None:
    """The first content word said twice anywhere in the phrase, unless an example repeats it too."""
    allowed: set[str] = set()
    for example in examples:
        seen: set[str] = set()
        for word in _words(example):
            if word in seen:
                allowed.add(word)
            seen.add(word)
    seen = set()
    for word in _words(phrase):
        if is_content(word) and len(word) > 1 and word in seen and word not in allowed:
            return word
        seen.add(word)
    return None


def _span(phrase: Sequence[str], example: Sequence[str]) -> tuple[int, list[str], list[str]]:
    """How `phrase` differs from `example`: the common prefix length, and the two middles that differ."""
    start = 0
    while start < min(len(phrase), len(example)) and phrase[start] == example[start]:
        start += 1
    end = 0
    while (end < min(len(phrase), len(example)) - start
           and phrase[len(phrase) - 1 - end] == example[len(example) - 1 - end]):
        end += 1
    return start, list(phrase[start : len(phrase) - end]), list(example[start : len(example) - end])


def misfit_substitution(phrase: str, examples: Iterable[str]) -> str | None:
    """A trigger put in a declared example where it does not fit (see the module docstring), or None.

    The example closest to the phrase (the longest common start and end) is
    the one it was made from.  Only a phrase that keeps at least one word of
    it on either side is judged; a phrase that is no edit of an example is
    judged by the other checks.
    """
    words = _words(phrase)
    best: tuple[int, list[str], list[str], list[str]] | None = None
    for example in examples:
        spelled = _words(example)
        start, inserted, replaced = _span(words, spelled)
        kept = len(words) - len(inserted)
        if kept and (best is None or kept > len(words) - len(best[1])):
            best = (start, inserted, replaced, spelled)
    if best is None:
        return None
    start, inserted, replaced, spelled = best
    if not inserted:
        return None  # a word dropped or nothing changed: no trigger was put anywhere
    if not replaced:
        return f"{' '.join(inserted)!r} inserted into a declared example"
    if start + len(replaced) == len(spelled) and len(replaced) > MAX_REPLACED:
        return None  # the example's whole ending was left for a shorter phrase ("scale down"), not a swap
    if not any(is_content(w) for w in replaced):
        if all(not is_content(w) for w in inserted):
            return None  # a particle for a particle ("scale out" -> "scale down")
        return f"{' '.join(inserted)!r} does not fit where {' '.join(replaced)!r} stood"
    head = start + len(replaced) - 1  # the replaced span's last word carries its role
    if not fits(spelled, head, " ".join(inserted)):
        return f"{' '.join(inserted)!r} does not fit where {' '.join(replaced)!r} stood"
    return None


def odd_inflection(mutation: str | None) -> str | None:
    """An inflection near miss that makes a mass noun plural ("heatings") or is not the word's usual plural
    ("vacua" for "vacuum"), or None."""
    found = _INFLECTION.match(mutation or "")
    if found is None:
        return None
    word, form = found.group(1).lower(), found.group(2).lower()
    if word not in lemmas(word).get("NOUN", ()):
        return None  # not a singular noun made plural (a verb's tense, a plural made singular)
    plurals = getAllInflections(word, upos="NOUN").get("NNS", ())
    if form not in plurals:
        return None  # a form lemminflect does not list: judged by `non_word`
    if word in MASS_NOUNS:
        return f"{word!r} is not counted in a request, so {form!r} reads wrong"
    if plurals and form != plurals[0]:
        return f"{form!r} is a rare plural of {word!r} (usually {plurals[0]!r})"
    return None


def _known(word: str, known: set[str]) -> bool:
    if word in known or word in FUNCTION_WORDS or word.isdigit() or lemmas(word):
        return True
    for ending in ("s", "es"):
        if word.endswith(ending) and word[: -len(ending)] in known:
            return True  # a plural of the rule's own word ("payslips" for "payslip")
    return "-" in word and all(_known(part, known) for part in word.split("-") if part)


def non_word(phrase: str, examples: Iterable[str], own: Iterable[str]) -> str | None:
    """The first word neither in the rule's examples or own words, nor in the lexicon, nor a plural of one."""
    known = {w for x in examples for w in _words(x)} | {w for o in own for w in _words(o)}
    for word in _words(phrase):
        if word.replace("'", "").replace("’", "").isalpha() and "'" not in word and "’" not in word \
                and not _known(word, known):
            return word
    return None


def unnatural(
    phrase: str, examples: Sequence[str], own: Iterable[str] = (), mutation: str | None = None
) -> str | None:
    """Why `phrase` does not read as a person's message (see the module docstring), or None when it does."""
    doubled = doubled_word(phrase, examples)
    if doubled is not None:
        return f"the word {doubled!r} is doubled"
    repeated = repeated_word(phrase, examples)
    if repeated is not None:
        return f"the word {repeated!r} is said twice"
    odd = odd_inflection(mutation)
    if odd is not None:
        return odd
    if mutation is None:
        misfit = misfit_substitution(phrase, examples)
        if misfit is not None:
            return misfit
    strange = non_word(phrase, examples, own)
    return None if strange is None else f"{strange!r} is not a word"
