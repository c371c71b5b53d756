"""Near-miss variants: the author's own sentence, spelled the ways people spell it, one change at a time.

A keyword or regex written from one phrasing misses the same words typed
another way, and those misses are what users send: "I can't log in" against
`cannot log in`, "I’d like to order" (a phone's curly apostrophe) against
`i'd like to order`, "enroll" against `enrol`, "wi-fi" against `wifi`,
"restart service payments" against `restart the service`.  `phrase_variants`
lists, for one phrase (a declared example, or a rule's own literal words),
every variant that differs from it by exactly one such change, in a stable
order, each with its kind code:

* `case`: the first letter capitalised, all capitals, all lower case;
* `apostrophe`: a straight apostrophe made curly (’) or the other way, or
  left out of a contraction people type without one ("dont", "cant");
* `contraction`: a contraction written out or the other way ("can't" /
  "cannot" / "can not", "I'd" / "I would", "don't" / "do not");
* `us-uk`: a word in its other national spelling ("enrol" / "enroll",
  "counselling" / "counseling"; `word_frequencies.other_spelling`);
* `compound`: a compound closed, hyphenated or spaced ("wifi" / "wi-fi" /
  "wi fi", "log in" / "login" / "log-in"): the forms of `COMPOUNDS`, and a
  hyphenated word of the phrase spaced or closed;
* `function-word`: one article, "please", "my" or "your" dropped, or
  "please" added at either end, or "the" after an opening verb that has no
  determiner ("restart service" -> "restart the service");
* `inflection`: the rule's own trigger word (`trigger`, its last word) in
  another form, with the sentence agreeing ("where is my payslip" -> "where
  are my payslips", never "where is my payslips").

Kinds (a) to (f) are natural by construction: the same sentence, spelled as
people spell it.  An inflection can make a word nobody types ("dairies",
"globalprotects", "on calls", "informations"), so it is measured, not
guessed (`inflection_allowed`): only the trigger's head noun (made plural)
or a finite verb, only a noun lemminflect counts (it has a plural of its
own) that is not on the kept list of mass nouns, only where the inflected
form's frequency is at least `INFLECTION_MIN_ZIPF` and within
`INFLECTION_MAX_DROP` of the word's own (a tenth as common or more), and
never inside a fixed phrase of `FIXED_PHRASES` ("on call", "log in").

`Variant.before` and `after` are the words that changed, as spelled in the
phrase and in the variant ("cannot" -> "can't"; "the" -> "" for a dropped
word, "" -> "please" for an added one; for an inflection the trigger word
alone, though agreeing words change with it).  A tool that edits the rule
(widen a keyword, add a flag) reads them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from typing import Literal, NamedTuple, get_args

from lemminflect import getInflection

from fuzzroute.strategies.agreement import MASS_NOUNS, plural_of_trigger
from fuzzroute.strategies.roles import (
    FUNCTION_WORDS,
    NUMBER_FREE,
    PARTICIPLE,
    SINGULAR_DET,
    VERB_BASE,
    VERB_FINITE,
    bare,
    fitting_forms,
    lemmas,
    role_of,
)
from fuzzroute.strategies.word_frequencies import other_spelling, zipf

#: The kinds of near-miss variant, in the order they are listed (stable codes: reports and `fix` read them).
VariantKind = Literal["case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection"]
VARIANT_KINDS: tuple[VariantKind, ...] = get_args(VariantKind)
#: The kinds that only respell the author's sentence (listed before inflections).
RESPELLINGS: tuple[VariantKind, ...] = VARIANT_KINDS[:-1]
#: Each kind in words, for a row of the overview ("a contraction written the other way").
KIND_WORDS: dict[VariantKind, str] = {
    "case": "the same words in other capitals",
    "apostrophe": "the other apostrophe",
    "contraction": "a contraction written the other way",
    "us-uk": "the other national spelling",
    "compound": "a compound closed, hyphenated or spaced",
    "function-word": "a small word dropped or added",
    "inflection": "the rule's own word in another form",
}

#: An inflected form is offered only when at least this common (Zipf 1.5: 3 in 100 million words)...
INFLECTION_MIN_ZIPF = 1.5
#: ... and at most this much rarer than the word itself (1.0 on the Zipf scale: a tenth as common).
INFLECTION_MAX_DROP = 1.0
#: A sentence's object keeps its number, unless it heads a multi-word trigger whose plural is at most this much
#: rarer than its singular (Zipf scale: "plants" 0.2 below "plant", "orders" 0.8 below "order").
COMMON_PLURAL_DROP = 0.3
#: Phrases whose words are fixed: a word of one is never inflected ("who is on call" -> "on calls" is no message).
FIXED_PHRASES = frozenset({
    "on call", "log in", "log on", "log out", "sign in", "sign up", "sign out", "check in", "check out", "set up",
    "in person", "on time", "at home", "by phone", "by email", "in stock", "on hold", "at work", "for sale",
    "in charge", "on duty", "on leave", "in time", "on board", "in store", "on site", "in line", "of course",
    "by hand", "in cash", "on sale", "in advance", "at night", "in touch", "on foot", "by car", "by bus",
    "at risk", "in use", "out of order", "on fire", "by post", "by mail", "in full", "in bulk", "on the way",
    "at the moment", "in the morning", "take place", "make sure", "pay attention", "for free", "at once",
})

#: Compounds people write closed, hyphenated and spaced; each form is offered for the others.
COMPOUNDS: tuple[tuple[str, ...], ...] = (
    ("wifi", "wi-fi", "wi fi"), ("email", "e-mail"), ("login", "log-in", "log in"), ("logon", "log-on", "log on"),
    ("logout", "log-out", "log out"), ("signup", "sign-up", "sign up"), ("signin", "sign-in", "sign in"),
    ("setup", "set-up", "set up"), ("checkin", "check-in", "check in"), ("checkout", "check-out", "check out"),
    ("checkup", "check-up", "check up"), ("online", "on-line"), ("offline", "off-line"),
    ("autoscaling", "auto-scaling", "auto scaling"), ("autoscale", "auto-scale"), ("autopay", "auto-pay"),
    ("autorenew", "auto-renew"), ("backup", "back-up", "back up"), ("pickup", "pick-up", "pick up"),
    ("dropoff", "drop-off", "drop off"), ("takeaway", "take-away"), ("takeout", "take-out"),
    ("followup", "follow-up", "follow up"), ("voicemail", "voice mail"), ("username", "user name"),
    ("passcode", "pass code"), ("website", "web site"), ("webpage", "web page"), ("homepage", "home page"),
    ("ebook", "e-book"), ("eticket", "e-ticket"), ("ecommerce", "e-commerce"), ("healthcare", "health care"),
    ("childcare", "child care"), ("daycare", "day care"), ("payslip", "pay slip"), ("paycheck", "pay check"),
    ("walkthrough", "walk-through"), ("startup", "start-up"), ("shutdown", "shut-down"), ("printout", "print-out"),
    ("copay", "co-pay"), ("preorder", "pre-order"), ("reenroll", "re-enroll"), ("reenrol", "re-enrol"),
    ("xray", "x-ray"), ("tshirt", "t-shirt"), ("addon", "add-on"), ("carpark", "car park"),
    ("smartwatch", "smart watch"), ("touchscreen", "touch screen"), ("keycard", "key card"),
    ("timeslot", "time slot"), ("carpool", "car pool"),
    ("lockscreen", "lock screen"),
)
_COMPOUND_FORMS: dict[str, tuple[str, ...]] = {
    form: tuple(f for f in group if f != form) for group in COMPOUNDS for form in group if len(set(group)) > 1
}

#: Contractions and their written-out forms; every form is offered for the others.
CONTRACTED: dict[str, tuple[str, ...]] = {
    "can't": ("cannot", "can not"), "cannot": ("can't", "can not"), "can not": ("can't", "cannot"),
    "don't": ("do not",), "doesn't": ("does not",), "didn't": ("did not",), "isn't": ("is not",),
    "aren't": ("are not",), "wasn't": ("was not",), "weren't": ("were not",), "won't": ("will not",),
    "wouldn't": ("would not",), "couldn't": ("could not",), "shouldn't": ("should not",),
    "haven't": ("have not",), "hasn't": ("has not",), "hadn't": ("had not",), "i'm": ("i am",),
    "i'd": ("i would",), "i'll": ("i will",), "i've": ("i have",), "you're": ("you are",), "you've": ("you have",),
    "you'll": ("you will",), "you'd": ("you would",), "we're": ("we are",), "we've": ("we have",),
    "we'll": ("we will",), "we'd": ("we would",), "they're": ("they are",), "they've": ("they have",),
    "they'll": ("they will",), "it's": ("it is",), "that's": ("that is",), "what's": ("what is",),
    "where's": ("where is",), "who's": ("who is",), "how's": ("how is",), "there's": ("there is",),
    "here's": ("here is",), "he's": ("he is",), "she's": ("she is",),
}
#: The written-out pairs and their contraction (the other way round).
_WRITTEN_OUT: dict[str, str] = {
    out: short for short, outs in CONTRACTED.items() if "'" in short for out in outs
}
#: Second words after which a contraction may not end a clause ("that is" at the end never becomes "that's").
_NOT_AT_END = frozenset({"is", "am", "are", "will", "would", "have"})
#: Contractions people type without their apostrophe, where the bare form is no other common word.
_WITHOUT_APOSTROPHE = frozenset({
    "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "can't", "couldn't", "wouldn't",
    "shouldn't", "haven't", "hasn't", "i'm", "i've", "what's", "that's", "you're", "they're",
})
#: Function words a person leaves out or puts in.
DROPPABLE = frozenset({"a", "an", "the", "my", "your", "please"})
_EDGE = re.compile(r"^([^\w'’]*)(.*?)([^\w'’]*)$", re.DOTALL)
_APOSTROPHES = "'\u2019"


class Variant(NamedTuple):
    """One near-miss variant of a phrase: its kind, the whole varied phrase, and what changed.

    `before` is the word(s) of the source that changed, as spelled there;
    `after` what they became ("" on either side for a word dropped or
    added).  For an inflection they are the trigger word alone (agreeing
    words may change with it: "is" -> "are").
    """

    kind: VariantKind
    phrase: str
    before: str
    after: str


def _split(token: str) -> tuple[str, str, str]:
    """A token's leading punctuation, its core (letters, digits, apostrophes, hyphens) and its trailing one."""
    found = _EDGE.match(token)
    assert found is not None
    return found.group(1), found.group(2), found.group(3)


def same_case(form: str, like: str) -> str:
    """`form` in the capitals of `like` ("can't", "Cannot" -> "Can't"; "I" keeps "I'd" capitalised)."""
    if like.isupper() and len(like) > 1 and not like.startswith(("I'", "I\u2019")):
        return form.upper()
    if like[:1].isupper():
        return form[:1].upper() + form[1:]
    return form


def _normal(word: str) -> str:
    return word.lower().replace("\u2019", "'")


def _apostrophe_of(text: str) -> str:
    return "\u2019" if "\u2019" in text else "'"


def _replaced(tokens: Sequence[str], start: int, end: int, new: Sequence[str]) -> str:
    return " ".join([*tokens[:start], *new, *tokens[end:]])


# -- (a) case -------------------------------------------------------------------
def _case(phrase: str, tokens: Sequence[str]) -> Iterator[Variant]:
    first = tokens[0]
    if phrase[:1].islower():
        yield Variant("case", phrase[:1].upper() + phrase[1:], first, first[:1].upper() + first[1:])
    upper = phrase.upper()
    if upper != phrase:
        yield Variant("case", upper, phrase, upper)
    lower = phrase.lower()
    if lower != phrase:
        changed = [t for t in tokens if t != t.lower()]
        yield Variant("case", lower, " ".join(changed), " ".join(t.lower() for t in changed))


# -- (b) apostrophes --------------------------------------------------------------
def _apostrophes(tokens: Sequence[str]) -> Iterator[Variant]:
    for i, token in enumerate(tokens):
        head, core, tail = _split(token)
        if not any(mark in core for mark in _APOSTROPHES):
            continue
        for old, new in (("'", "\u2019"), ("\u2019", "'")):
            if old in core:
                respelled = core.replace(old, new)
                yield Variant("apostrophe", _replaced(tokens, i, i + 1, [head + respelled + tail]), core, respelled)
        if _normal(core) in _WITHOUT_APOSTROPHE:
            bare_form = core.replace("'", "").replace("\u2019", "")
            yield Variant("apostrophe", _replaced(tokens, i, i + 1, [head + bare_form + tail]), core, bare_form)


# -- (c) contractions -------------------------------------------------------------
def _participle(word: str) -> bool:
    """A past participle ("lost", "forgotten", "been"): what "have" is an auxiliary of."""
    if word in ("been", "got", "gotten"):
        return True
    verbs = lemmas(word).get("VERB", ())
    return bool(verbs) and word not in verbs and word.endswith(("ed", "en", "t"))


def _contractions(tokens: Sequence[str]) -> Iterator[Variant]:
    lowered = [_normal(_split(t)[1]) for t in tokens]
    for i, token in enumerate(tokens):
        head, core, tail = _split(token)
        for form in CONTRACTED.get(lowered[i], ()):
            spelled = same_case(form.replace("'", _apostrophe_of(core)), core)
            yield Variant("contraction", _replaced(tokens, i, i + 1, [head + spelled + tail]), core, spelled)
    for i in range(len(tokens) - 1):
        pair = f"{lowered[i]} {lowered[i + 1]}"
        short = _WRITTEN_OUT.get(pair)
        first_head, first, first_tail = _split(tokens[i])
        second_head, second, second_tail = _split(tokens[i + 1])
        if short is None or first_tail or second_head:
            continue
        if lowered[i + 1] in _NOT_AT_END and (i + 2 >= len(tokens) or second_tail.strip(".!?") != second_tail):
            continue  # "that is" at the end of a clause is never "that's"
        if lowered[i + 1] == "have" and not (i + 2 < len(tokens) and _participle(lowered[i + 2])):
            continue  # "I have a question" is not "I've a question"
        others = [short] if short != "can't" else ["can't", "cannot"]
        for form in others:
            spelled = same_case(form.replace("'", _apostrophe_of(" ".join(tokens))), first)
            before = f"{first} {second}"
            yield Variant("contraction", _replaced(tokens, i, i + 2, [first_head + spelled + second_tail]), before,
                          spelled)


# -- (d) US and UK spellings --------------------------------------------------------
def _national(tokens: Sequence[str]) -> Iterator[Variant]:
    for i, token in enumerate(tokens):
        head, core, tail = _split(token)
        if not core.isalpha():
            continue
        other = other_spelling(core)
        if other is not None:
            spelled = same_case(other, core)
            yield Variant("us-uk", _replaced(tokens, i, i + 1, [head + spelled + tail]), core, spelled)


# -- (e) compounds -----------------------------------------------------------------
def _compounds(tokens: Sequence[str]) -> Iterator[Variant]:
    lowered = [_normal(_split(t)[1]) for t in tokens]
    for i, token in enumerate(tokens):
        head, core, tail = _split(token)
        word = lowered[i]
        forms = list(_COMPOUND_FORMS.get(word, ()))
        parts = word.split("-")
        if not forms and len(parts) == 2 and all(p.isalpha() for p in parts):
            forms = [" ".join(parts)]  # "self-service" -> "self service" (people drop hyphens)
            if zipf("".join(parts)) >= INFLECTION_MIN_ZIPF + 0.5:
                forms.append("".join(parts))  # closed only where the closed form is a word people write
        for form in forms:
            spelled = same_case(form, core)
            yield Variant("compound", _replaced(tokens, i, i + 1, [head + spelled + tail]), core, spelled)
    for i in range(len(tokens) - 1):
        spaced = f"{lowered[i]} {lowered[i + 1]}"
        first_head, first, first_tail = _split(tokens[i])
        second_head, second, second_tail = _split(tokens[i + 1])
        if spaced not in _COMPOUND_FORMS or first_tail or second_head:
            continue
        for form in _COMPOUND_FORMS[spaced]:
            if " " in form:
                continue
            spelled = same_case(form, first)
            yield Variant("compound", _replaced(tokens, i, i + 2, [first_head + spelled + second_tail]),
                          f"{first} {second}", spelled)


# -- (f) function words -------------------------------------------------------------
#: Openings of a request, after which "please" reads right at the end ("can you reset my password please").
_REQUEST_OPENINGS = frozenset({"can", "could", "would", "will", "i'd", "i", "please", "how", "what", "where", "when",
                               "who", "which", "is", "are", "do", "does"})


def _imperative(lowered: Sequence[str]) -> bool:
    """Whether the phrase opens with a verb in its base form ("restart the service", "book a table")."""
    return bool(lowered) and lowered[0] not in FUNCTION_WORDS and role_of(lowered, 0).kind == VERB_BASE


def _function_words(tokens: Sequence[str], sentence: bool) -> Iterator[Variant]:
    """Drop an article or possessive where people leave it out (opening the message, or right after an opening
    verb: "restart service", "wifi is down"), or "please" anywhere; add "please" to a request, "the" after an
    opening verb with a bare noun."""
    lowered = [_normal(_split(t)[1]) for t in tokens]
    imperative = _imperative(lowered)
    if len(tokens) > 2:
        for i, word in enumerate(lowered):
            if word not in DROPPABLE or _split(tokens[i])[2]:
                continue
            if word != "please" and not (i == 0 or (i == 1 and imperative)):
                continue  # "talk to real person", "where is payslip": nobody drops it there
            kept = list(tokens[:i]) + list(tokens[i + 1:])
            if i == 0 and tokens[0][:1].isupper() and kept[0][:1].islower():
                kept[0] = kept[0][:1].upper() + kept[0][1:]
            yield Variant("function-word", " ".join(kept), _split(tokens[i])[1], "")
    if "please" not in lowered:
        first = tokens[0]
        if imperative or lowered[0] in ("can", "could", "would"):
            capital = first[:1].isupper()
            opened = "Please" if capital else "please"
            rest = [first[:1].lower() + first[1:] if capital else first, *tokens[1:]]
            yield Variant("function-word", " ".join([opened, *rest]), "", opened)
        if imperative or lowered[0] in _REQUEST_OPENINGS:
            last_head, last, last_tail = _split(tokens[-1])
            closed = [*tokens[:-1], last_head + last + " please" + last_tail]
            yield Variant("function-word", " ".join(closed), "", "please")
    if sentence and imperative and len(lowered) >= 3 and lowered[1] not in FUNCTION_WORDS and not _split(tokens[0])[2]:
        found = lemmas(lowered[1])
        if lowered[1] in found.get("NOUN", ()) and "ADJ" not in found and "ADV" not in found:
            yield Variant("function-word", _replaced(tokens, 1, 1, ["the"]), "", "the")


# -- (g) inflections ----------------------------------------------------------------
def _in_fixed_phrase(lowered: Sequence[str], i: int) -> bool:
    before = f"{lowered[i - 1]} {lowered[i]}" if i > 0 else ""
    after = f"{lowered[i]} {lowered[i + 1]}" if i + 1 < len(lowered) else ""
    return before in FIXED_PHRASES or after in FIXED_PHRASES or any(
        " ".join(lowered[s:s + n]) in FIXED_PHRASES
        for n in (3, 4) for s in range(max(0, i - n + 1), min(i + 1, len(lowered) - n + 1))
    )


def verbless(lowered: Sequence[str]) -> bool:
    """A message that is a noun phrase only ("my order", "order status"): its noun may be plural ("my orders")."""
    return not any(w in FUNCTION_WORDS - NUMBER_FREE - SINGULAR_DET for w in lowered) and not any(
        role_of(lowered, i).kind in (VERB_BASE, VERB_FINITE, PARTICIPLE) for i in range(len(lowered)))


def inflection_allowed(word: str, form: str) -> bool:
    """Whether `form` of the trigger `word` is common enough to be typed: measured (see the module docstring)."""
    word, form = word.lower(), form.lower()
    if word in MASS_NOUNS or form == word:
        return False
    common = zipf(form)
    return common >= INFLECTION_MIN_ZIPF and common >= zipf(word) - INFLECTION_MAX_DROP


def _countable(word: str) -> bool:
    """A noun lemminflect gives a plural of its own (an unknown word gets its regular plural), not a mass noun."""
    if word in MASS_NOUNS:
        return False
    forms: tuple[str, ...] = tuple(getInflection(word, tag="NNS") or ())
    return bool(forms) and forms[0] != word


def _trigger_head(lowered: Sequence[str], trigger: str) -> int | None:
    wanted = [bare(w) for w in trigger.split() if bare(w)]
    if not wanted:
        return None
    n = len(wanted)
    for start in range(len(lowered) - n + 1):
        if list(lowered[start:start + n]) == wanted:
            return start + n - 1
    return None


def _inflections(tokens: Sequence[str], trigger: str, sentence: bool) -> Iterator[Variant]:
    lowered = [bare(t) for t in tokens]
    head = _trigger_head(lowered, trigger)
    if head is None or _in_fixed_phrase(lowered, head):
        return
    core = _split(tokens[head])[1]
    word = lowered[head]
    if not core.isalpha() or (head > 0 and core[:1].isupper() and not core.isupper()):
        return  # a proper or product name ("Pathe", "GlobalProtect") is never inflected
    role = role_of(lowered, head)
    if role.kind == VERB_FINITE:  # "the app crashes" -> "the app crashed"
        for form in fitting_forms(lowered, head):
            if inflection_allowed(word, form):
                spelled = same_case(form, core)
                yield Variant("inflection", _replaced(tokens, head, head + 1, [spelled + _split(tokens[head])[2]]),
                              core, spelled)
        return
    known = lemmas(word)
    if role.kind == VERB_BASE or (known and "NOUN" not in known):
        return  # "cancel my order": the verb's form is fixed; an adjective or adverb has no plural
    # A word the lexicon does not know ("payslip") is read as a noun: a rule's own word is one far more often.
    if not _countable(word):
        return
    for plural in plural_of_trigger(list(tokens), trigger):
        form = plural.label.rpartition("->")[2].split()[-1]  # "plural: gate number -> gate numbers"
        words = plural.phrase.split()
        agreeing = len(set(words) - set(tokens)) > 1  # a verb or determiner changed with the noun
        bare_noun_phrase = not sentence and not any(w in FUNCTION_WORDS for w in lowered) \
            and role_of(lowered, 0).kind != VERB_BASE  # a keyword such as "exemption certificate"
        # A multi-word keyword's head people often say in the plural ("water the plants", "my pay stubs"): its
        # plural is about as common as the word itself (within COMMON_PLURAL_DROP on the Zipf scale).
        plural_as_common = len(trigger.split()) > 1 and round(zipf(word) - zipf(form), 1) <= COMMON_PLURAL_DROP
        if not agreeing and not bare_noun_phrase and not plural_as_common and not verbless(lowered):
            continue  # "forgot my password", "book a table": an object stays as the author meant it (one)
        if inflection_allowed(word, form):
            yield Variant("inflection", plural.phrase, core, form)


def phrase_variants(
    phrase: str, *, trigger: str | None = None, kinds: Collection[VariantKind] = VARIANT_KINDS, sentence: bool = True,
) -> tuple[Variant, ...]:
    """Every variant of `phrase` one change away, of the `kinds` asked for, deterministic and in a stable order.

    Kinds come in the order of `VARIANT_KINDS` (the respellings before
    inflections), and within a kind by position in the phrase.  `trigger` is
    the rule's text the phrase contains (what its matcher matched, or the
    keyword itself): only its last word is inflected, and without it no
    inflection is made.  `sentence=False` says the phrase is a rule's literal
    words (a keyword), not a message: no word is added to it, and its trigger
    may be made plural without a verb agreeing ("exemption certificates"),
    where a sentence's object keeps its number ("I forgot my password").  A
    phrase is listed once (under its first kind) and never equals `phrase`.
    """
    tokens = phrase.split()
    if not tokens:
        return ()
    made: list[Variant] = []
    if "case" in kinds:
        made += _case(phrase, tokens)
    if "apostrophe" in kinds:
        made += _apostrophes(tokens)
    if "contraction" in kinds:
        made += _contractions(tokens)
    if "us-uk" in kinds:
        made += _national(tokens)
    if "compound" in kinds:
        made += _compounds(tokens)
    if "function-word" in kinds:
        made += _function_words(tokens, sentence)
    if "inflection" in kinds and trigger:
        made += _inflections(tokens, trigger, sentence)
    seen: dict[str, Variant] = {}
    for variant in made:
        if variant.phrase.strip() and variant.phrase != phrase:
            seen.setdefault(variant.phrase, variant)
    return tuple(seen.values())
