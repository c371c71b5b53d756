"""The plural of a rule's own trigger word inside its declared example, with the sentence agreeing.

The near miss authors act on most is a keyword written in the singular while
people type the plural: a rule on `payslip` misses "where are my payslips",
one on `checked bag` misses "how much do checked bags cost".  Inflecting the
noun alone gives "where is my payslips", which nobody types, so the words
that agree with the noun change with it: "a"/"an" is dropped, "this" becomes
"these", and the verb the noun is the subject of ("is", "does", "was", "has")
takes the plural.  Only the last word of the trigger (what the example's rule
matched) is inflected: the head of "checked bag", "water the plant", "pay stub".

A trigger word the lexicon does not know ("payslip") still gets lemminflect's
regular plural, as the rule's own word is a noun far more often than not; an
uncountable or irregular case ("music", "news") is skipped when lemminflect
offers no form different from the word.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from lemminflect import getInflection

from fuzzroute.strategies.roles import (
    AUX_SINGULAR,
    AUXILIARIES,
    BASE_BEFORE,
    FUNCTION_WORDS,
    NUMBER_FREE,
    PREPOSITIONS,
    SINGULAR_DET,
    SUBJECT_OTHER,
    SUBJECT_SINGULAR,
    VERB_BASE,
    VERB_FINITE,
    bare,
    is_content,
    lemmas,
    role_of,
)


class Plural(NamedTuple):
    """The example with its trigger in the plural, and the label saying what changed."""

    phrase: str
    label: str

#: The edit kind of these near misses (the rule's own words in the plural).
PLURAL = "plural"
#: The plural of a verb a singular subject takes.
PLURAL_VERB = {
    "is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't", "wasn't": "weren't",
    "hasn't": "haven't", "doesn't": "don't", "costs": "cost", "needs": "need", "seems": "seem",
}
#: Nouns a request uses uncounted ("turn the heatings down", "travel insurances", "maternities"): their
#: plural is a word no one types there.  The lexicon lists a plural for each (and for "ticket" alike), so
#: the list is kept here, closed and short; the near-miss generator and `suggest`'s naturalness check
#: (`generate.natural`) both read this one list.
MASS_NOUNS = frozenset({
    "access", "accommodation", "advice", "air", "baggage", "billing", "bread", "cash", "clothing", "coffee",
    "cooling", "damage", "data", "dental", "electricity", "energy", "equipment", "evidence", "feedback", "food",
    "fun", "furniture", "garbage", "hardware", "health", "heating", "help", "hire", "homework", "information",
    "insurance", "internet", "knowledge", "laundry", "leave", "lighting", "luck", "luggage", "mail", "maternity",
    "milk",
    "money", "music", "news", "parking", "paternity", "pay", "payroll", "power", "pricing", "privacy",
    "progress", "research", "rice", "rubbish", "safety", "salary", "security", "shipping", "software", "spam",
    "staff", "storage", "support", "tea", "time", "traffic", "training", "trash", "travel", "usage",
    "ventilation", "volume", "water", "weather", "wifi", "work",
})
#: A question word with "is" contracted, and the two words it becomes before a plural.
S_CONTRACTIONS = {
    "what's": "what are", "where's": "where are", "who's": "who are", "how's": "how are", "there's": "there are",
    "here's": "here are", "which's": "which are",
}
#: How far after a noun its verb is looked for, over a prepositional phrase ("printer on floor 3 is").
PHRASE_AFTER_NOUN = 5
#: Singular determiners and what they become before a plural ("" drops the word).
PLURAL_DETERMINER = {"a": "", "an": "", "this": "these", "that": "those"}
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")


def _plural(word: str) -> str | None:
    """The usual plural of a singular noun, or None (already plural, a verb only, or no plural)."""
    if word in FUNCTION_WORDS or word in MASS_NOUNS or word.endswith("ing"):
        return None  # "hellos", "insurances", "phishings": not what people type
    found = lemmas(word)
    if found and "NOUN" not in found:
        return None
    nouns = found.get("NOUN", ())
    if nouns and word not in nouns:
        return None  # already a plural ("blinds")
    if not found and (len(word) < 4 or word.endswith("s")):
        return None  # an unknown short word ("vpn") or one that may already be plural
    forms = getInflection(word, tag="NNS") or ()
    first: str | None = str(forms[0]) if forms else None
    if first is None or first == word or not first.isalpha():
        return None
    return first


def _trigger_head(words: list[str], trigger: str) -> int | None:
    """The position of the trigger's last word among the example's words (None when not found)."""
    wanted = [w.lower() for w in _WORD.findall(trigger)]
    if not wanted:
        return None
    lowered = [bare(w) for w in words]
    n = len(wanted)
    for start in range(len(lowered) - n + 1):
        if lowered[start:start + n] == wanted:
            return start + n - 1
    return None


def _same_case(form: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return form.upper()
    if like[:1].isupper():
        return form[:1].upper() + form[1:]
    return form


def _plural_verb(word: str) -> str | None:
    """The plural-subject form of a singular-subject verb ("is" -> "are", "keeps" -> "keep"), else None."""
    if word in PLURAL_VERB:
        return PLURAL_VERB[word]
    verbs = lemmas(word).get("VERB", ())
    if word.endswith("s") and verbs and word not in verbs:
        return verbs[0]
    return None


def _respell(word: str, form: str) -> str:
    """`form` in place of the bare word inside `word`, keeping its punctuation and case."""
    core = bare(word)
    at = word.lower().find(core)
    return word[:at] + _same_case(form, word[at:at + len(core)]) + word[at + len(core):]


def plural_of_trigger(words: list[str], trigger: str) -> list[Plural]:
    """The example with its trigger's head noun in the plural and its agreement fixed (at most one)."""
    head = _trigger_head(words, trigger)
    if head is None:
        return []
    stripped = words[head].rstrip(".!?,;:")
    if role_of([bare(w) for w in words], head).kind in (VERB_BASE, VERB_FINITE):
        return []  # "dispute this payment": the trigger is a verb here, with no plural
    if len(_WORD.findall(trigger)) > 1 and "ADV" in lemmas(stripped.lower()):
        return []  # "money back", "sign up", "log in": the last word is a particle here, never a plural noun
    plural = _plural(stripped.lower()) if stripped.isalpha() else None
    if plural is None:
        return []
    new = list(words)
    new[head] = _same_case(plural, stripped) + words[head][len(stripped):]
    start = head  # the noun phrase starts after its determiner, back over modifiers ("checked")
    while start > 0 and is_content(bare(new[start - 1])):
        start -= 1
    determiner = bare(new[start - 1]) if start > 0 else None
    before = start - 1
    if determiner in PLURAL_DETERMINER:
        replacement = PLURAL_DETERMINER[determiner]
        if replacement:
            new[start - 1] = _respell(new[start - 1], replacement)
            before = start - 2  # "is this bag" -> "are these bags"
        else:
            del new[start - 1]
            head -= 1
            start -= 1
            before = start - 1
    elif determiner in SINGULAR_DET:
        return []  # "every bag", "another bag": no plural reads right
    elif determiner in NUMBER_FREE:
        before = start - 2
    if before >= 1 and bare(new[before]) == "there":
        before -= 1  # "was there a gate change" -> "were there gate changes"
    said_s = bare(new[before]).replace("\u2019", "'") if before >= 0 else ""
    asked = before >= 0 and bare(new[before]) in AUX_SINGULAR
    if said_s in S_CONTRACTIONS:  # "what's the gate number" -> "what are the gate numbers"
        new[before] = _respell(new[before], S_CONTRACTIONS[said_s])
    elif asked:  # "where is my payslip", "how much does a checked bag cost"
        verb = _plural_verb(bare(new[before]))
        if verb is None:
            return []
        new[before] = _respell(new[before], verb)
    elif head + 1 < len(new) and is_content(bare(new[head + 1])):
        if head > 0 and role_of([bare(w) for w in words], 0).kind == VERB_BASE:
            return []  # "update microchip details": the object of a command modifies the next word, no verb
        following = bare(new[head + 1])
        verb = _plural_verb(following)
        if verb is None:
            return []  # the noun modifies the next word ("payslip history"): its number stays
        new[head + 1] = _respell(new[head + 1], verb)  # "my bag is lost", "the vpn keeps dropping"
    elif head + 1 < len(new) and bare(new[head + 1]) in AUX_SINGULAR:
        verb = _plural_verb(bare(new[head + 1]))
        if verb is None:
            return []
        new[head + 1] = _respell(new[head + 1], verb)
    elif head + 1 < len(new) and bare(new[head + 1]) in PREPOSITIONS:
        # The verb after a prepositional phrase agrees too: "the printer on floor 3 is jammed".
        for at in range(head + 2, min(len(new), head + 2 + PHRASE_AFTER_NOUN)):
            word = bare(new[at])
            if word in AUX_SINGULAR:
                verb = _plural_verb(word)
                if verb is None:
                    return []
                new[at] = _respell(new[at], verb)
                break
            if word in AUXILIARIES or word in BASE_BEFORE or word in SUBJECT_SINGULAR | SUBJECT_OTHER:
                break
    phrase = " ".join(new)
    if phrase.split() == [new[head]]:
        return []  # the whole message is the word: "hellos" is not a message
    # The label names the whole trigger when only its last word changed ("checked bag -> checked bags"),
    # else the word alone ("package -> packages" where "where is my package" became "where are my packages").
    said = trigger.strip()
    plural_word = _same_case(plural, stripped)
    before_head = said[: len(said) - len(stripped)]
    if said.lower().endswith(stripped.lower()) and " ".join(new).find(before_head + plural_word) >= 0:
        label = f"{said} -> {before_head}{plural_word}"
    else:
        label = f"{stripped} -> {plural_word}"
    return [Plural(phrase, f"{PLURAL}: {label}")]
