"""Whether words fill the slot they were put in: a keyword in a frame, or a rule's alternative in a sentence.

The generated tier makes many phrases by putting a rule's words where other
words stood: a keyword inside one of the generator's frames ("is there a way
to {}", "what about {}?", "hey {} now"), or one branch of a regex alternation
(or one word of an all-of rule's keyword list) in place of another in the
author's sentence.  Both read as a message only when the words can do what
the slot asks for:

* a slot that wants a verb ("is there a way to {}", "please {} today", the
  verb of "renew my loans online") gets a verb phrase, never a noun
  ("renewal my loans online", "please membership card today") nor a noun
  compound ("study space a book for me", "hey book club now");
* a slot that wants a noun phrase (after a preposition or as a verb's
  object: "can you help me with {}?", "I need {} asap") gets one, never a
  verb phrase ("what about open tomorrow?") nor a word that is an adjective
  or an answer before it is a topic ("fine", "overdue"); words reported as
  said ("I said {} yesterday") make a sentence;
* a frame of filler words only ("hey {} now", "ok {}.", "so {}, thanks")
  wraps a request: a verb phrase or a clause, never a bare topic; "{} for
  my account" wants a request or a named thing ("a new card");
* inside a frame that is a sentence ("is there a way to {}"), and where it
  is all a frame without a verb names ("what about {}?"), a countable noun
  in the singular keeps its article ("get membership card" is a telegram,
  not the rest of a sentence);
* a word in a noun's slot keeps its number and its kind: a thing that does
  something (an agent noun, "printer") is replaced only by another such
  thing ("the scan is jammed" is no message);
* words that stop on "and" or "our" are cut off;
* a sibling keyword of another length takes an uncounted keyword's place
  after a quantifier when it is a noun compound ("do I need extra damage
  waiver" from "do I need extra insurance"): measured out, a kind of product
  takes no article;
* an activity (a verb's "-ing" form that is no noun) is not named as
  someone's own thing ("your in-room dining?"), and a noun and an adjective
  are not joined by "and" as two of a kind ("tv and broken").

The parts of speech come from lemminflect's tables (`roles.lemmas`), as
everywhere in the gate; no word list is kept here.  A two-word phrase of a
verb-or-noun and a bare singular noun ("book club", "study space") reads as
a noun compound: as a verb and its object, the noun would take an article
("book a club").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getInflection

from fuzzroute.strategies.agreement import MASS_NOUNS
from fuzzroute.strategies.roles import (
    AUXILIARIES,
    FUNCTION_WORDS,
    INTERJECTIONS,
    NUMBER_FREE,
    PARTICIPLE,
    PLURAL_DET,
    PREPOSITIONS,
    PRONOUNS,
    SINGULAR_DET,
    VERB_BASE,
    VERB_FINITE,
    WH_WORDS,
    bare,
    fits,
    is_content,
    lemmas,
    role_of,
)
from fuzzroute.strategies.vocabulary import vocabulary

_TOKEN = re.compile(r"[\w'’-]+")

#: What a run of words is, read from its first words: "verb" (a verb phrase: "renew my books"), "noun" (a noun
#: phrase or compound: "membership card", "book club"), "either" (one word that is both: "scan"), "clause" (it has
#: its own subject or asks: "I lost my card", "where is my order", "forgot my password"), "infinitive" ("to renew"),
#: "answer" (one word that is an adjective or an answer before it is a topic: "fine", "overdue"), or "other".
VERB, NOUN, EITHER, CLAUSE, INFINITIVE, ANSWER, OTHER = (
    "verb", "noun", "either", "clause", "infinitive", "answer", "other")

#: Subject pronouns: a run of words opening with one has its own subject.
_SUBJECTS = frozenset({"i", "we", "they", "he", "she", "you", "it"})
#: Words that open a message to greet, after which any topic may follow ("hi, parking permit").
_GREETING_WORDS = frozenset({"hi", "hello", "hey"})
#: Articles and possessives: the start of an object after a verb ("book the room"); never a time ("this week").
_ARTICLES = frozenset({"a", "an", "the", "my", "your", "our"})
#: Endings of nouns that name an activity or a service, which people name without an article ("printing").
_ACTIVITY_ENDINGS = ("tion", "sion", "ment", "ance", "ence", "ing", "ery", "ary")


def _words(text: str) -> list[str]:
    return [w for w in (bare(t).replace("\u2019", "'") for t in _TOKEN.findall(text)) if w]


def bare_singular(word: str, *, head: bool = False) -> bool:
    """A countable noun in the singular, which an argument needs an article for ("card"; not "music",
    "printing", "wifi", nor a word that is an adjective too, unless it is the `head` of a compound: "nail trim")."""
    found = lemmas(word)
    return word in found.get("NOUN", ()) and (head or "ADJ" not in found) and word not in MASS_NOUNS \
        and not word.endswith(_ACTIVITY_ENDINGS)


def kind_of(words: Sequence[str], verbs: AbstractSet[str] | None = None, nouns: AbstractSet[str] = frozenset()) -> str:
    """What the run of `words` is (see `VERB` ... `OTHER`), read from its first words.  `verbs`, when given, are
    the words the graph's own sentences use as verbs: a first word that may be a noun or a verb ("school",
    "travel") opens a verb phrase of several words only if the graph uses it as a verb ("school admission" is a
    noun compound; "book classes" may be either where the graph books things).  `nouns` are words the rule itself
    offers only as nouns (its alternatives' siblings stand as nouns in its sentences: "blanket" beside "towels"):
    alone, such a word is a noun."""
    if not words:
        return OTHER
    first = words[0]
    if first == "to":
        return INFINITIVE
    if first in _SUBJECTS or first in WH_WORDS or first in AUXILIARIES or "'" in first:
        return CLAUSE  # "I lost my card", "where is my order", "can't log in", "i'd like to transfer"
    if first in SINGULAR_DET | NUMBER_FREE | PLURAL_DET:
        return NOUN
    if first in FUNCTION_WORDS:
        return OTHER
    found = lemmas(first)
    if not found:
        return NOUN  # a name or a word the lexicon does not know ("wifi", "libby")
    base_verb = first in found.get("VERB", ())
    if "VERB" in found and not base_verb and "NOUN" not in found and "ADJ" not in found:
        if first.endswith("ing"):
            return NOUN if len(words) == 1 else EITHER  # a gerund: "printing", "printing a form"
        if len(words) > 1 and _participle(first) and is_content(words[1]) \
                and ("NOUN" in lemmas(words[1]) or not lemmas(words[1])):
            return NOUN  # a participle before a noun: "checked bag", "missed bin"
        return CLAUSE  # a finite verb, its subject left out ("forgot my password")
    if len(words) == 1:
        if "ADJ" in found and ("ADV" in found or not {"NOUN", "VERB"} & set(found)):
            return ANSWER  # "fine", "overdue", "open"
        if base_verb and "NOUN" in found:
            return NOUN if first in nouns else EITHER
        if base_verb:
            return VERB
        return NOUN if "NOUN" in found else OTHER
    if words[1] in AUXILIARIES and words[1] not in ("can", "could", "will", "would"):
        return CLAUSE  # a subject and its verb: "class was cancelled", "boiler is not working"
    if not base_verb:
        return NOUN  # "membership card", "loud music"
    if "NOUN" not in found and "ADJ" not in found:
        return VERB  # "get membership card", "cancel the delivery"
    second = words[1]
    if second in SINGULAR_DET | NUMBER_FREE | PLURAL_DET | PRONOUNS or "ADV" in lemmas(second):
        return VERB  # "book the sauna", "open tomorrow", "pay monthly"
    if second in FUNCTION_WORDS:
        return EITHER  # "dose for my child", "apply for a permit"
    if bare_singular(second, head=len(words) == 2) and all("NOUN" in lemmas(w) or not lemmas(w) for w in words[2:]):
        return NOUN  # "book club", "study space": as a verb and its object it would read "book a club"
    if verbs is not None and first not in verbs:
        return NOUN  # "school admission", "travel insurance": the graph never uses the word as a verb
    return EITHER  # "book classes" or "email alerts"


def _past(word: str) -> bool:
    """A verb in the past tense ("said", "told"), not also its present ("read", "put")."""
    forms = lemmas(word).get("VERB", ())
    return bool(forms) and word not in forms \
        and any(word in (getInflection(lemma, tag="VBD") or ()) for lemma in forms)


def _participle(word: str) -> bool:
    """A past participle ("checked", "missed", "lost"; not "forgot"), which may modify a noun."""
    return any(word in (getInflection(lemma, tag="VBN") or ()) for lemma in lemmas(word).get("VERB", ()))


@dataclass(frozen=True)
class _Frame:
    """One of the generator's frames: the words before and after its slot, and the kind of slot it is."""

    template: str
    pattern: re.Pattern[str]
    slot: str
    sentence: bool
    suffix: bool
    verbless: bool = False


#: Slot kinds of a frame: one wanting a verb phrase, a noun phrase (after a preposition), a verb's object, a
#: request (filler words only around it), or any message (a greeting or punctuation around it).
VERB_SLOT, NOUN_SLOT, OBJECT_SLOT, REQUEST_SLOT, MESSAGE_SLOT = "verb", "noun", "object", "request", "message"
#: A slot after a determiner ("a {}", "my {}"): anything but a verb phrase or a clause.
DETERMINER_SLOT = "determiner"
#: A slot after a subject ("are you {}", "can I {}"): a verb, an adjective, or a noun phrase with its article.
PREDICATE_SLOT = "predicate"
#: The object of a verb in the past ("I said {} yesterday"): reported words, which make a clause.
REPORTED_SLOT = "reported"
#: A slot before a prepositional phrase and nothing else ("{} for my account"): a verb phrase or a noun phrase
#: with its determiner ("reset my pin for my account", "a new card for my account").
ADJUNCT_SLOT = "adjunct"
#: A noun slot between filler words and no verb ("about {} again"): a noun phrase with its determiner.
TOPIC_SLOT = "topic"


def _slot_of(before: Sequence[str], after: Sequence[str]) -> str:
    """The kind of slot a frame's words make, read from the word right before it (and the fillers around it)."""
    if not before and after and after[0] in PREPOSITIONS:
        return ADJUNCT_SLOT
    if len(before) == 1 and before[0] in PREPOSITIONS and after and all(w in FUNCTION_WORDS for w in after):
        return TOPIC_SLOT  # "about {} again"
    if before and before[-1] in SINGULAR_DET | NUMBER_FREE | PLURAL_DET:
        return DETERMINER_SLOT
    if before and before[-1] == "to":
        return VERB_SLOT
    if list(before) == ["please"]:
        return VERB_SLOT  # a command after "please"
    if before and before[-1] in PREPOSITIONS:
        return NOUN_SLOT
    if before and before[-1] in _SUBJECTS and len(before) >= 2 and before[-2] in AUXILIARIES:
        return PREDICATE_SLOT  # "are you {}", "can I {}"
    verb = lemmas(before[-1]) if before else {}
    inflected = "VERB" in verb and before[-1] not in verb["VERB"]  # "wants", "said"
    if len(before) >= 2 and "VERB" in verb and before[-1] not in AUXILIARIES \
            and ("NOUN" not in verb or before[-2] in _SUBJECTS or inflected):
        if _past(before[-1]):
            return REPORTED_SLOT  # "I said {}"
        return OBJECT_SLOT  # "I need {}", "my friend wants {}"
    if before and all(w in INTERJECTIONS for w in before) and (after or before[0] not in _GREETING_WORDS):
        return REQUEST_SLOT  # "hey {} now", "ok {}.", "so {}, thanks"
    return MESSAGE_SLOT


@lru_cache(maxsize=1)
def frames() -> tuple[_Frame, ...]:
    """The generator's frames (`vocabulary().frames`) with the kind of slot each makes."""
    found: list[_Frame] = []
    for template in vocabulary().frames:
        head, _, tail = template.partition("{}")
        if not (head.strip() or tail.strip()):
            continue
        before, after = _words(head), _words(tail)
        pattern = re.compile("^" + re.escape(head.strip()) + r"\s*(.+?)\s*" + re.escape(tail.strip()) + "$",
                             re.IGNORECASE) if head.strip() else \
            re.compile(r"^(.+?)\s*" + re.escape(tail.strip()) + "$", re.IGNORECASE)
        # a frame is a sentence when it says more than a greeting, a filler or "please" around its slot
        sentence = any(w not in INTERJECTIONS and w not in FUNCTION_WORDS for w in before) \
            or len([w for w in before if w not in INTERJECTIONS]) >= 2
        verbless = not any(w in AUXILIARIES or ("VERB" in lemmas(w) and "NOUN" not in lemmas(w)) for w in before)
        found.append(_Frame(template, pattern, _slot_of(before, after), sentence, bool(after), verbless))
    return tuple(found)


def _object_without_article(words: Sequence[str]) -> str | None:
    """A verb phrase whose object is a bare countable singular noun ("get membership card"), or None."""
    rest = list(words[1:])
    if not rest or any(w in FUNCTION_WORDS for w in rest) or not bare_singular(rest[-1]):
        return None
    if not all("NOUN" in lemmas(w) or not lemmas(w) for w in rest):
        return None
    return " ".join(rest)


def _with_determiner(words: Sequence[str]) -> bool:
    return bool(words) and words[0] in SINGULAR_DET | NUMBER_FREE | PLURAL_DET


def _bare_object(words: Sequence[str]) -> bool:
    """A noun phrase with no determiner whose head is a countable singular noun ("book club"; not "loud music",
    "parking permits", "planning permission")."""
    return not _with_determiner(words) and bare_singular(words[-1], head=len(words) > 1)


def misfit_in_slot(filled: Sequence[str], slot: str, *, sentence: bool = False,
                   verbs: AbstractSet[str] | None = None, suffix: bool = False, verbless: bool = False,
                   nouns: AbstractSet[str] = frozenset()) -> str | None:
    """Why `filled` cannot stand in a slot of kind `slot` (see the module docstring), or None.  `sentence`: the
    frame is a sentence of its own; `suffix`: the frame has words after the slot; `verbless`: the frame has no
    verb before the slot ("what about {}?"), so the slot's noun phrase is all the message names."""
    kind = kind_of(filled, verbs, nouns)
    said = " ".join(filled)
    if slot == REPORTED_SLOT:
        if kind != CLAUSE or filled[0] not in _SUBJECTS:  # "I said when are you open yesterday"
            return f"{said!r} is reported as said, but is no sentence"  # "I said fine yesterday"
        return None
    if slot == ADJUNCT_SLOT:
        if kind in (NOUN, ANSWER, OTHER, CLAUSE) and not (kind == NOUN and _with_determiner(filled)):
            return f"{said!r} is no request and no named thing before its adjunct"  # "school admission for my account"
        return None
    if slot == TOPIC_SLOT:
        if not _with_determiner(filled):
            return f"{said!r} between filler words names no thing of the writer's"  # "about loud music again"
        return None
    if slot == OBJECT_SLOT and sentence and kind == NOUN and _bare_object(filled):
        return f"{said!r} is the object of a sentence without its article"  # "my friend wants book club"
    if slot == VERB_SLOT:
        if kind not in (VERB, EITHER):
            return f"{said!r} stands where a verb is wanted"
        bare_object = _object_without_article(filled) if sentence and kind == VERB else None
        if bare_object is not None:
            return f"{bare_object!r} is a countable noun without its article inside a sentence"
        return None
    if slot in (NOUN_SLOT, OBJECT_SLOT):
        allowed = (NOUN, EITHER, INFINITIVE) if slot == OBJECT_SLOT else (NOUN, EITHER)
        if kind not in allowed:
            return f"{said!r} stands where a noun phrase is wanted"
        if slot == NOUN_SLOT and verbless and kind == NOUN and _bare_object(filled):
            return f"{said!r}, a countable noun, has no article where it is all the message names"
        return None
    if slot == DETERMINER_SLOT:
        subject_first = kind == CLAUSE and "NOUN" in lemmas(filled[0])  # "my [boiler isn't working]"
        if len(filled) > 1 and kind in (VERB, CLAUSE, INFINITIVE) and not subject_first:
            return f"{said!r}, a verb phrase, stands after a determiner"  # "do you offer a pay monthly"
        return None
    if slot == PREDICATE_SLOT:
        if kind == NOUN and filled[0] not in SINGULAR_DET | NUMBER_FREE | PLURAL_DET:
            return f"{said!r} is a noun without its article after a subject"
        return None
    if slot == REQUEST_SLOT:
        if kind in (NOUN, ANSWER, OTHER) or (kind == CLAUSE and suffix):  # "hey when are you open now"
            return f"{said!r} is a bare topic inside filler words: no request"
        return None
    if kind == ANSWER:
        return f"{said!r} is an answer or a description, not a topic"
    return None


def unframed(phrase: str) -> list[str]:
    """The words inside the generator's frame around a phrase ("hey book club now" -> ["book", "club"]), or all
    its words when no frame holds it."""
    text = phrase.strip()
    for known in frames():
        matched = known.pattern.match(text)
        if matched is not None and _words(matched.group(1)):
            return _words(matched.group(1))
    return _words(text)


#: Words that join or open something and cannot end a phrase ("planning applications and", "my flat our").
_CUT_OFF = frozenset({"and", "or", "but", "because", "if", "than", "a", "an", "the", "my", "your", "our", "their"})


def cut_off(phrase: str) -> str | None:
    """A phrase (inside its frame) that ends on a word that joins or opens something ("I need planning
    applications and asap", "hey damp in my flat our now"), or on a determiner and an adjective with no noun
    after them ("your squeaky?"), or None."""
    inner = unframed(phrase)
    if len(inner) > 1 and inner[-1] in _CUT_OFF:
        return f"the words stop on {inner[-1]!r}, which leads on to more"
    if len(inner) >= 2 and inner[-2] in _CUT_OFF and is_content(inner[-1]):
        found = lemmas(inner[-1])
        if found and "NOUN" not in found and "VERB" not in found:
            return f"{inner[-2]!r} is followed by {inner[-1]!r} and no noun"  # "your squeaky?"
    return None


#: Words that make a noun someone's own ("my card", "your pool").
_POSSESSIVES = frozenset({"my", "your", "our"})


def _pure_gerund(word: str) -> bool:
    """A verb's "-ing" form the lexicon knows as no noun ("dining", "parking", "cleaning"; not "booking",
    "heating", which are things too)."""
    found = lemmas(word)
    return word.endswith("ing") and set(found) == {"VERB"}


def owned_activity(phrase: str) -> str | None:
    """A message that only names an activity as someone's own thing ("your in-room dining?", "my cleaning"): a
    possessive and a noun phrase headed by a verb's "-ing" form with nothing done to it.  People ask about a
    service ("is in-room dining available", "your restaurant?") or name a thing they own ("my booking?"); an
    activity is nobody's belonging.  None otherwise."""
    words = _words(phrase)
    if 2 <= len(words) <= 4 and words[0] in _POSSESSIVES and _pure_gerund(words[-1]) \
            and not any(w in FUNCTION_WORDS for w in words[1:]):
        return f"{' '.join(words[1:])!r}, an activity, is named as a thing someone owns ({words[0]!r})"
    return None


def _adjective_only(word: str) -> bool:
    """A word that describes and names nothing: an adjective or a participle the lexicon knows as no noun and no
    verb's base ("broken", "noisy", "poisoned"; not "clean", "light", "fine")."""
    found = lemmas(word)
    return "ADJ" in found and "NOUN" not in found and word not in found.get("VERB", ())


def _noun_only(word: str) -> bool:
    """A word that names a thing and says nothing else ("room", "tv", "pool"): a noun, or a word the lexicon does
    not know (a name), and no adjective."""
    found = lemmas(word)
    return is_content(word) and (not found or ("NOUN" in found and "ADJ" not in found))


def unlike_conjuncts(phrase: str) -> str | None:
    """A noun and an adjective joined by "and" as two of a kind ("tv and broken", "noisy and room"): "and" joins
    words that do the same job, and a thing is not a description.  The adjective must be the whole conjunct (the
    message's first or last word), so "broken and dirty rooms" (two adjectives before one noun) stays; None
    otherwise."""
    words = _words(phrase)
    for at in range(1, len(words) - 1):
        if words[at] != "and":
            continue
        left, right = words[at - 1], words[at + 1]
        whole_right = at + 2 == len(words)
        whole_left = at == 1
        if (_noun_only(left) and _adjective_only(right) and whole_right) \
                or (_adjective_only(left) and whole_left and _noun_only(right)):
            return f"{left!r} and {right!r} are joined by 'and', but one names a thing and one describes"
    return None


def frame_misfit(phrase: str, verbs: AbstractSet[str] | None = None,
                 nouns: AbstractSet[str] = frozenset()) -> str | None:
    """A phrase that is one of the generator's frames around words that do not fit its slot ("is there a way to
    fine", "please membership card today", "hey book club now"), or a single word that names no topic ("fine"),
    or None."""
    text = phrase.strip()
    whole = _words(text)
    if len(whole) == 1:
        found = misfit_in_slot(whole, MESSAGE_SLOT)
        if found is not None:
            return found
    for known in frames():
        matched = known.pattern.match(text)
        if matched is None:
            continue
        filled = _words(matched.group(1))
        if not filled:
            continue
        found = misfit_in_slot(filled, known.slot, sentence=known.sentence, verbs=verbs, suffix=known.suffix,
                               verbless=known.verbless, nouns=nouns)
        if found is not None:
            return f"{found} (in {known.template!r})"
    return None


def literal_misfit(words: Sequence[str], literal: Sequence[str], verbs: AbstractSet[str] | None = None) -> str | None:
    """A rule's literal words (a keyword, a regex's literal text) with words put before it that make a slot it
    does not fit ("are you closing time": a bare noun after a subject), judged as a frame is; None when the
    literal is not in the phrase or nothing stands before it."""
    n = len(literal)
    at = next((i for i in range(1, len(words) - n + 1) if list(words[i:i + n]) == list(literal)), None)
    if at is None:
        return None
    before, after = words[:at], words[at + n:]
    if after and len(literal) > 1 and after[0] in _ARTICLES and kind_of(literal) == NOUN \
            and literal[0] in lemmas(literal[0]).get("VERB", ()):
        return f"{' '.join(literal)!r}, a noun, is followed by an object as a verb is"  # "study space the book"
    slot = _slot_of(before, after)
    if slot == MESSAGE_SLOT or (slot == VERB_SLOT and before[-1] == "to"):
        return None  # "to" is a preposition too ("connect to eduroam"): only a frame says which
    sentence = any(w not in INTERJECTIONS and w not in FUNCTION_WORDS for w in before) \
        or len([w for w in before if w not in INTERJECTIONS]) >= 2
    return misfit_in_slot(literal, slot, sentence=sentence, verbs=verbs, suffix=bool(after))


#: Words that measure out an uncounted thing ("extra insurance", "more storage", "any cover"): after one, a noun
#: compound naming a kind of that thing is uncounted too ("do I need extra damage waiver").
QUANTIFIERS = frozenset({"extra", "more", "additional", "any", "some", "enough", "no"})


def quantified_compound(before: str | None, new: Sequence[str]) -> bool:
    """Whether `new`, a noun compound ("damage waiver"), stands after a word that measures an uncounted thing
    (`QUANTIFIERS`): there it names a kind of product or service, which takes no article."""
    return before in QUANTIFIERS and len(new) > 1 and kind_of(new) in (NOUN, EITHER) \
        and not any(w in FUNCTION_WORDS for w in new)


def sibling_fits(old: Sequence[str], new: Sequence[str], before: str | None = None) -> bool:
    """Whether one keyword can take its sibling's place though their lengths differ ("nail trim" -> "haircut"): both
    noun phrases (or both verb phrases) whose heads have the same number.  After a quantifier (`before`: "extra
    insurance" -> "extra damage waiver"), an uncounted noun may give way to a noun compound of the same number."""
    kinds = {kind_of(old), kind_of(new)}
    if not (kinds <= {NOUN, EITHER} or kinds <= {VERB, EITHER}):
        return False
    plural = [bool(lemmas(w[-1]).get("NOUN")) and w[-1] not in lemmas(w[-1]).get("NOUN", ()) for w in (old, new)]
    if kinds <= {VERB, EITHER} and VERB in kinds:
        return True  # "revert" -> "roll back": verbs have no number here
    counted = [bare_singular(w[-1], head=len(w) > 1) for w in (old, new)]  # not "food" -> "weight loss"
    if plural[0] == plural[1] and not plural[0] and not counted[0] and quantified_compound(before, new):
        return True
    return plural[0] == plural[1] and counted[0] == counted[1]


def agent_noun(word: str) -> bool:
    """A noun naming a thing or person that does what a verb says ("printer", "scanner", "sender")."""
    if "NOUN" not in lemmas(word) or not word.endswith(("er", "or")):
        return False
    stem = word[:-2]
    candidates = {stem, word[:-1], stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem}
    return any(c in lemmas(c).get("VERB", ()) for c in candidates if c)


def alternative_misfit(source: Sequence[str], at: int, new: Sequence[str]) -> str | None:
    """An alternative of the rule (a regex branch, a word of one of an all-of rule's keyword lists) put where
    `source[at]` stood without doing what it did there: a verb's place taken by a noun or a noun compound
    ("renewal my loans online", "study space a book for me"), a gerund's by a countable noun ("how much does
    photocopy cost"), a noun's by one of another number, an agent noun's by a thing that does nothing ("the scan
    is jammed").  None when it fits."""
    old = source[at]
    if old in FUNCTION_WORDS or not new or not lemmas(old):
        return None
    said = " ".join(new)
    role = role_of(source, at)
    if role.kind in (VERB_BASE, VERB_FINITE):
        fitting = fits(source, at, said) if len(new) == 1 else kind_of(new) in (VERB, EITHER)
        if not fitting:
            return f"{said!r} is put in the place of the verb {old!r}"
        return None
    if role.kind == PARTICIPLE and old.endswith("ing") and len(new) == 1 and not fits(source, at, said):
        return f"{said!r} is put in the place of {old!r}, an activity"
    if role.kind == NOUN and role.number in ("singular", "plural") and len(new) == 1:
        heads = lemmas(new[-1]).get("NOUN", ())
        if heads and (new[-1] not in heads) != (role.number == "plural"):
            return f"{said!r} has another number than {old!r}, which its sentence fixes"  # "another blankets"
    found = lemmas(old)
    if "NOUN" in found and len(new) == 1 and old in found["NOUN"]:
        head = new[-1]
        if agent_noun(old) and not agent_noun(head) and lemmas(head):
            return f"{said!r} does not do what {old!r} does"
    return None
