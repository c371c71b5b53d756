"""The role a word plays in a short message, read from its neighbours and lemminflect's lemma tables.

A near miss or a reworded example is only worth an author's time when a
person could have typed it.  Inflecting a word into any form the dictionary
knows gives "what is my balanced", "the site is downs" and "disputed this
payment": real words, wrong in their sentence.  What decides which forms fit
is the word's role, and in a chat message the role shows in the neighbours:

* the first word of a message, or a word after "to", "please" or a modal, is
  a verb in its base form (an imperative or an infinitive): it keeps its form;
* a noun after "the", "my", "your" ... may change number ("activate my new
  cards"), unless "a", "this", "every", a number, or the verb it agrees with
  ("my card was declined", "where is my order") fixes its number; a noun that
  modifies the next noun ("the latency dashboard") keeps its form;
* a verb after a subject pronoun may change tense, in the person of the
  pronoun ("I want" -> "I wanted", "she wants" -> "she wanted");
* an adjective at the end of a question after "is" may become a comparative
  ("why is the api slow" -> "why is the api slower");
* a participle after "was" or "has", function words, and words the lexicon
  does not know keep their form.

A heuristic, not a parser (no model is loaded): it errs on the side of
offering nothing.  Its parts of speech come from lemminflect's own lemma
tables, which already ship with the package; a closed list of function words
covers what those tables get wrong ("my" and "what" are listed as nouns
there).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllInflections, getAllLemmas, getInflection

#: Determiners after which a noun may be singular or plural.
NUMBER_FREE = frozenset({"the", "my", "your", "our", "their", "his", "her", "its", "no", "some", "any"})
#: ... that want a singular noun.
SINGULAR_DET = frozenset({"a", "an", "this", "that", "each", "every", "one", "another", "either", "neither"})
#: ... that want a plural noun.
PLURAL_DET = frozenset({"these", "those", "many", "several", "few", "both", "all", "two", "three", "four", "five"})
SUBJECT_SINGULAR = frozenset({"he", "she", "it"})
SUBJECT_OTHER = frozenset({"i", "you", "we", "they"})
#: A verb after these is in its base form (infinitive, imperative, after a modal or do-support).
BASE_BEFORE = frozenset({
    "to", "please", "pls", "plz", "can", "could", "will", "would", "should", "must", "may", "might", "shall",
    "do", "does", "did", "don't", "doesn't", "didn't", "cannot", "can't", "won't", "wouldn't", "shouldn't",
    "couldn't", "let's", "lets", "let", "not", "never",
})
AUX_SINGULAR = frozenset({"is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't"})
AUX_PLURAL = frozenset({"are", "were", "have", "do", "aren't", "weren't", "haven't", "don't"})
COPULA = frozenset({"is", "was", "are", "were", "am", "be", "been", "being", "isn't", "wasn't", "aren't", "weren't"})
AUXILIARIES = COPULA | AUX_SINGULAR | AUX_PLURAL | frozenset({"had", "having", "did", "will", "would", "can", "could"})
#: Question words: a question that starts with one puts its subject after the verb.
WH_WORDS = frozenset({"what", "why", "where", "when", "who", "whom", "whose", "which", "how"})
#: Words that open a message without being part of its sentence ("hi, refund my order").
INTERJECTIONS = frozenset({"hi", "hey", "hello", "ok", "okay", "so", "yes", "no", "thanks", "well", "oh", "please"})
PRONOUNS = SUBJECT_SINGULAR | SUBJECT_OTHER | frozenset({
    "me", "him", "us", "them", "myself", "yourself", "mine", "yours", "this", "that", "there", "here", "someone",
    "something", "anything", "everything", "nothing", "anyone", "everyone",
})
PREPOSITIONS = frozenset({
    "to", "for", "of", "on", "in", "at", "by", "with", "from", "about", "into", "onto", "over", "under", "near",
    "after", "before", "since", "until", "via", "per", "without", "within", "through", "off", "up", "down", "out",
})
CONJUNCTIONS = frozenset({"and", "or", "but", "if", "because", "than", "then", "so", "as", "while", "though"})
#: Closed-class words: never inflected, never a noun's modifier, never swapped for a rule's word.
FUNCTION_WORDS = (
    NUMBER_FREE | SINGULAR_DET | PLURAL_DET | BASE_BEFORE | AUXILIARIES | WH_WORDS | PRONOUNS | PREPOSITIONS
    | CONJUNCTIONS | INTERJECTIONS
    | frozenset({"not", "just", "again", "now", "also", "too", "very", "really", "still", "yet"})
)

_EDGE_PUNCT = re.compile(r"^[^\w']+|[^\w']+$")

NOUN, MODIFIER, VERB_BASE, VERB_FINITE, PARTICIPLE, ADJECTIVE, FUNCTION, OTHER = (
    "noun", "modifier", "verb-base", "verb-finite", "participle", "adjective", "function", "other",
)


@dataclass(frozen=True)
class Role:
    """What a word does in its message.

    `number` is for a noun: "free" (either number fits), "singular" or "plural"
    (fixed by a determiner or by agreement); `person` is for a finite verb:
    "3" after he/she/it, "other" after I/you/we/they.
    """

    kind: str
    number: str | None = None
    person: str | None = None


def bare(word: str) -> str:
    """The word without the punctuation around it, lower case ("Order?" -> "order")."""
    return _EDGE_PUNCT.sub("", word).lower()


@lru_cache(maxsize=8192)
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """lemminflect's lemmas of a lower-case word, by part of speech (empty for an unknown word)."""
    if not word.isascii() or not word.isalpha():
        return {}
    return dict(getAllLemmas(word))


def is_content(word: str) -> bool:
    """A word that is not a function word (a noun, verb, adjective, or a word the lexicon does not know)."""
    return bool(word) and word not in FUNCTION_WORDS and not word.isdigit()


def _is_noun_like(word: str) -> bool:
    """Could modify or head a noun phrase: a noun or adjective reading, or an unknown content word ("ssl")."""
    if not is_content(word):
        return False
    found = lemmas(word)
    return not found or "NOUN" in found or "ADJ" in found


def _is_plural_noun(word: str) -> bool:
    nouns = lemmas(word).get("NOUN", ())
    return bool(nouns) and word not in nouns


def _determiner(words: Sequence[str], i: int) -> tuple[str | None, int]:
    """The determiner of the noun at `i` (None when bare) and the position where its phrase starts."""
    j = i - 1
    skipped = 0
    while j >= 0 and skipped < 2 and _is_noun_like(words[j]):
        j -= 1
        skipped += 1
    if j >= 0 and (words[j] in NUMBER_FREE | SINGULAR_DET | PLURAL_DET or words[j].isdigit()):
        return words[j], j
    return None, j + 1


def _noun_number(words: Sequence[str], i: int) -> str:
    """Which numbers the noun at `i` may take: free, or fixed by a determiner or agreement."""
    determiner, start = _determiner(words, i)
    if determiner is None:
        return "fixed"
    if determiner in SINGULAR_DET or determiner in PLURAL_DET or determiner.isdigit():
        return "fixed"
    after = words[i + 1] if i + 1 < len(words) else None
    if after in AUX_SINGULAR or after in AUX_PLURAL:
        return "fixed"  # it is the subject of that verb: "my card was declined"
    before = words[start - 1] if start > 0 else None
    if before in COPULA or before in AUX_SINGULAR or before in AUX_PLURAL:
        return "fixed"  # the subject of a question: "where is my order"
    return "free"


def _opens_sentence(words: Sequence[str], i: int) -> bool:
    """Whether `i` is where the sentence starts (after an opening interjection or "please")."""
    j = 0
    while j < i and words[j] in INTERJECTIONS:
        j += 1
    return j == i


def role_of(words: Sequence[str], i: int) -> Role:
    """The role of `words[i]` among `words` (bare, lower-case words: see `bare`)."""
    word = words[i]
    if not is_content(word):
        return Role(FUNCTION)
    found = lemmas(word)
    if not found:
        return Role(OTHER)
    before = words[i - 1] if i > 0 else None
    after = words[i + 1] if i + 1 < len(words) else None
    base_verb = word in found.get("VERB", ())
    if "VERB" in found:
        if base_verb and (_opens_sentence(words, i) or before in BASE_BEFORE):
            return Role(VERB_BASE)
        if before in SUBJECT_SINGULAR | SUBJECT_OTHER:
            asked = i >= 2 and (words[i - 2] in AUXILIARIES or words[i - 2] in BASE_BEFORE)
            if asked:
                return Role(VERB_BASE if base_verb else PARTICIPLE)  # "why was i charged", "can i get"
            return Role(VERB_FINITE, person="3" if before in SUBJECT_SINGULAR else "other")
        if before in AUXILIARIES and not base_verb:
            return Role(PARTICIPLE)
    if "NOUN" in found:
        if after is not None and is_content(after):
            return Role(MODIFIER)  # "the error logs", "order status": the next word heads the phrase
        number = _noun_number(words, i)
        if number == "free":
            return Role(NOUN, number="free")
        return Role(NOUN, number="plural" if _is_plural_noun(word) else "singular")
    if "ADJ" in found:
        last = after is None
        if before in {"too", "very", "so", "really", "quite"}:
            return Role(OTHER)  # "too big" never becomes "too bigger"
        if before in COPULA or (last and words[0] in WH_WORDS | COPULA):
            return Role(ADJECTIVE)
    return Role(OTHER)


def _noun_forms(word: str) -> list[str]:
    singulars = lemmas(word).get("NOUN", ())
    if word in singulars:  # the usual plural only ("vacuums", never "vacua")
        return [f for f in getAllInflections(word, upos="NOUN").get("NNS", ())[:1] if f != word]
    return [s for s in singulars if s != word]


def _verb_forms(word: str, person: str) -> list[str]:
    out: list[str] = []
    for lemma in lemmas(word).get("VERB", ()):
        tags = ("VBZ", "VBD") if person == "3" else ("VBP", "VBD")
        for tag in tags:
            out.extend(getInflection(lemma, tag=tag) or ())
    return [f for f in dict.fromkeys(out) if f != word]


def fitting_forms(words: Sequence[str], i: int) -> list[str]:
    """The inflections of `words[i]` that fit its role (lower case; empty when none does)."""
    role = role_of(words, i)
    word = words[i]
    if role.kind == NOUN and role.number == "free":
        forms = _noun_forms(word)
    elif role.kind == VERB_FINITE and role.person is not None:
        forms = _verb_forms(word, role.person)
    elif role.kind == ADJECTIVE:
        # The lexicon's comparatives only: a rule-made one reads "includeder".
        forms = [f for lemma in lemmas(word).get("ADJ", ())
                 for f in getAllInflections(lemma, upos="ADJ").get("JJR", ())]
    else:
        forms = []
    return sorted(f for f in dict.fromkeys(forms) if f != word and f.isascii() and f.isalpha())


def fits(words: Sequence[str], i: int, replacement: str) -> bool:
    """Whether `replacement` (a word or a short phrase of content words) can stand where `words[i]` stands.

    Judged on the replacement's last word, which carries the role: a noun for
    a noun of the same number ("card" -> "debit", not "cards"; "balance" ->
    "credit limit"), a base verb for a base verb ("deploy the api" -> "release
    the api"), a participle for a participle ("my card was declined" -> "my
    card was stolen"), an unknown word for an unknown word ("ssl" -> "tls").
    """
    parts = [bare(p) for p in replacement.split()]
    if not parts or len(parts) > 3 or not all(is_content(p) and p.isalpha() for p in parts):
        return False
    head = parts[-1]
    role = role_of(words, i)
    found = lemmas(head)
    if role.kind == OTHER:
        return not lemmas(words[i]) and not found
    if not found:
        return False
    if role.kind in (NOUN, MODIFIER):
        if "NOUN" not in found:
            return False
        return _is_plural_noun(head) == _is_plural_noun(words[i])
    if role.kind == VERB_BASE:
        return head in found.get("VERB", ())
    if role.kind == PARTICIPLE:
        return any(head in (getInflection(lemma, tag="VBN") or ()) for lemma in found.get("VERB", ()))
    if role.kind == VERB_FINITE and role.person is not None:
        return any(head in _verb_forms(lemma, role.person) + [lemma] for lemma in found.get("VERB", ()))
    if role.kind == ADJECTIVE:
        return "ADJ" in found
    return False
