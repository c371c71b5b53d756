"""The naturalness gate: whether a generated phrase is something a person would type to this bot.

Every phrase the generated tier shows (a near miss, a sample, a row of the
overview, a card's first witness) or writes (`suggest`) passes this gate
first; one that fails is never listed and never written, only counted
(`run.unnatural_withheld`).  A decided finding is always listed: only which
of its verified witnesses is shown may change.

No model is loaded.  A phrase is judged against the rule it is about (its
declared examples and literal words, the sentences it was most likely made
from) and the graph's words, with the shipped word frequencies
(`strategies.word_frequencies`) and lemminflect's lexicon:

* every word is a word: in the frequency table, a number or code ("BA117"),
  or one of the graph's own words; a plural of a graph's word only when
  people write it ("payslips" yes, "globalprotects" no);
* no word doubled ("travel travel") and no content word said twice, in any
  form ("why was I charged a charge"), unless a declared example does so or
  a preposition joins the word to itself in one expression ("full to full");
* the verb agrees with its subject ("the printers on floor 3 is jammed",
  "what's the gate numbers" are refused);
* no word of a fixed phrase inflected ("who is on calls");
* compared with the rule's closest own sentence, one change at most, and
  only a change people make: a respelling (case, apostrophe, contraction,
  national spelling, compound); an article, "my" or "your" dropped where
  people drop them (opening the message, or after an opening verb) or
  "please" added to a request; a word swapped for an alternative the rule
  offers in the same role that does not land beside another of the rule's
  words ("my debit credit is blocked"); the trigger inflected into a form
  people write there (`variants.inflection_allowed`: never "persons",
  "warmers", "dairies", a mass noun in the plural);
* a noun keeps the number the author's sentence gives it where nothing
  else agrees ("I lost my cards"), a person keeps the article before it
  ("bring friend", "talk to the pharmacists"), and the writer's own one
  thing ("is my pickup ready", "pay my council tax") is made plural only
  where people often have several ("my parking permits", "my children");
* no subject pronoun before a bare noun ("I entry card"), no everyday
  word capitalised mid-sentence, no number word counting nothing, no
  topic named in the singular that the rule's sentences name in the plural
  ("hi, side effect", "toll please"); a word the rule's sentences use only as
  a thing stands in no verb's slot ("please toll today");
* the rule's words fill the slot they stand in (`natural_slots`): a regex
  branch or another keyword list's word keeps the part of speech and number
  of what it replaces ("renewal my loans online", "the scan is jammed"), a
  keyword in one of the generator's frames is what the frame asks for ("is
  there a way to fine", "hey book club now", "what about open tomorrow?"),
  a countable noun keeps its article inside a sentence ("are you closing
  time"), and no two words are said twice in order ("are you when are you
  open");
* (near misses and written examples) not two rules' words glued together
  ("opening hours pharmacist"): an opening greeting aside.

`Gate.why` says why a phrase fails, or None.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllLemmas

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.generate.natural import doubled_word, misfit_substitution
from fuzzroute.generate.natural_slots import NOUN as PHRASE_NOUN
from fuzzroute.generate.natural_slots import VERB as PHRASE_VERB
from fuzzroute.generate.natural_slots import (
    alternative_misfit,
    bare_singular,
    cut_off,
    frame_misfit,
    kind_of,
    literal_misfit,
    owned_activity,
    quantified_compound,
    sibling_fits,
    unframed,
    unlike_conjuncts,
)
from fuzzroute.generate.naturalness import rule_words
from fuzzroute.generate.near_misses import literal_sources
from fuzzroute.strategies.agreement import MASS_NOUNS, S_CONTRACTIONS
from fuzzroute.strategies.rewording import choices
from fuzzroute.strategies.roles import (
    AUX_PLURAL,
    AUX_SINGULAR,
    FUNCTION_WORDS,
    INTERJECTIONS,
    NUMBER_FREE,
    PREPOSITIONS,
    SINGULAR_DET,
    WH_WORDS,
    bare,
    is_content,
    lemmas,
    role_of,
)
from fuzzroute.strategies.variants import (
    COMMON_PLURAL_DROP,
    CONTRACTED,
    DROPPABLE,
    FIXED_PHRASES,
    inflection_allowed,
    verbless,
)
from fuzzroute.strategies.vocabulary import vocabulary
from fuzzroute.strategies.word_frequencies import is_listed, names_a_person, other_spelling, zipf

_TOKEN = re.compile(r"[\w'’-]+")
#: The words the sampler puts beside a keyword (`KeywordPhrases`), lower case.
_SAMPLER_WORDS = frozenset(w.lower() for w in vocabulary().words)
#: Words that open a message without being part of its request ("hi, where is my order").
GREETINGS = ("hi", "hello", "hey", "hey there", "good morning", "good afternoon", "good evening")
#: Filler words a sampler adds that make no message when added to an author's sentence ("just hello").
_FILLERS = frozenset({"just", "now", "again", "for", "me"})


def _words(phrase: str) -> list[str]:
    return [w for w in (bare(t).replace("\u2019", "'") for t in _TOKEN.findall(phrase)) if w]


@lru_cache(maxsize=8192)
def _lemmas_of(word: str) -> frozenset[str]:
    """Every lemma of a word, any part of speech ("charged" -> {"charge"}); the word itself when unknown."""
    if not word.isalpha():
        return frozenset({word})
    found = getAllLemmas(word)
    return frozenset(lemma for forms in found.values() for lemma in forms) | {word}


def repeated_lemma(phrase: str, examples: Iterable[str] = ()) -> str | None:
    """A content word said twice in any of its forms ("charged ... charge"), unless an example does so too."""
    allowed: set[str] = set()
    for example in examples:
        seen_in: set[str] = set()
        for word in _words(example):
            if is_content(word):
                lemmas_here = _lemmas_of(word)
                allowed |= lemmas_here & seen_in
                seen_in |= lemmas_here
    seen: dict[str, int] = {}
    words = _words(phrase)
    for at, word in enumerate(words):
        if not is_content(word) or len(word) < 3:
            continue
        for lemma in _lemmas_of(word):
            if lemma in seen and lemma not in allowed and not _word_to_word(words, seen[lemma], at):
                return word
        for lemma in _lemmas_of(word):
            seen[lemma] = at
    return None


#: Prepositions that join a word to itself in a fixed expression ("door to door", "side by side", "like for like",
#: "day after day", "hand in hand"): the word said twice is the expression, not two phrases run together.
_SELF_LINKS = frozenset({"to", "by", "for", "after", "in"})


def _word_to_word(words: Sequence[str], first: int, second: int) -> bool:
    """Whether the same word stands at `first` and `second` with one linking preposition between ("full to full",
    the name of a fuel policy; "door to door"); a word and another form of it ("charge for charged") is not one."""
    return second == first + 2 and words[first] == words[second] and words[first + 1] in _SELF_LINKS


def repeated_pair(phrase: str, examples: Iterable[str] = ()) -> str | None:
    """Two words said twice in the same order ("are you when are you open"): two phrases run together, unless
    an example does so too."""
    def pairs(words: Sequence[str]) -> list[tuple[str, str]]:
        return list(zip(words, words[1:], strict=False))

    allowed = {p for x in examples for found in [pairs(_words(x))] for p in found if found.count(p) > 1}
    found = pairs(_words(phrase))
    for i, pair in enumerate(found):
        if pair not in allowed and pair in found[i + 2:]:
            return " ".join(pair)
    return None


def _plural_noun(word: str) -> bool:
    nouns = lemmas(word).get("NOUN", ())
    return bool(nouns) and word not in nouns


def _singular_noun(word: str) -> bool:
    found = lemmas(word)
    return word in found.get("NOUN", ()) and word not in MASS_NOUNS and "ADJ" not in found


def disagreement(phrase: str) -> str | None:
    """A verb that does not agree with its subject ("the printers on floor 3 is jammed", "what's the gate
    numbers"), or None.  Read with the word roles of `roles`: a heuristic that errs on the side of passing."""
    words = _words(phrase)
    for i, word in enumerate(words):
        contracted = word in S_CONTRACTIONS
        singular = word in AUX_SINGULAR or contracted
        plural = word in AUX_PLURAL
        if not singular and not plural:
            continue
        if i <= 1 and (i == 0 or words[0] in WH_WORDS or contracted):
            head = _following_head(words, i + 1)  # "where is my payslip", "what's the gate number"
        else:
            head = _preceding_head(words, i)  # "my card is blocked", "the printer on floor 3 is jammed"
        if head is None:
            continue
        if singular and _plural_noun(head):
            return f"{word!r} does not agree with {head!r}"
        if plural and word in ("are", "were") and _singular_noun(head) and i > 0 and words[i - 1] == head:
            return f"{word!r} does not agree with {head!r}"
    return None


def _following_head(words: Sequence[str], start: int) -> str | None:
    """The head noun of the noun phrase starting at `start` (its last content word before a function word)."""
    at = start
    while at < len(words) and words[at] in FUNCTION_WORDS and words[at] not in PREPOSITIONS and at - start < 2:
        at += 1
    head = None
    while at < len(words) and is_content(words[at]):
        head = words[at]
        at += 1
    return head


def _preceding_head(words: Sequence[str], verb: int) -> str | None:
    """The noun a verb agrees with, back over a prepositional phrase ("printer [on floor 3] is")."""
    at = verb - 1
    for back in range(verb - 1, max(-1, verb - 6), -1):
        if words[back] in PREPOSITIONS:
            at = back - 1
            break
    if at < 0 or not is_content(words[at]) or words[at].isdigit():
        return None
    return words[at]


def inflected_fixed_phrase(phrase: str) -> str | None:
    """A fixed phrase with one of its words inflected ("on calls" for "on call"), or None."""
    words = _words(phrase)
    text = " " + " ".join(words) + " "
    for fixed in FIXED_PHRASES:
        parts = fixed.split()
        for i, part in enumerate(parts):
            for form in (part + "s", part + "es"):
                changed = " ".join([*parts[:i], form, *parts[i + 1:]])
                if f" {changed} " in text:
                    return f"{changed!r} is the fixed phrase {fixed!r} inflected"
    return None


@dataclass(frozen=True)
class _Edit:
    """How a phrase differs from a source sentence: the common start, and the two middles that differ."""

    start: int
    new: list[str]
    old: list[str]
    source: list[str]
    sentence: bool = True


def _edits(phrase: list[str], source: list[str], sentence: bool) -> list[_Edit]:
    """The word-level edits that turn `source` into `phrase` (difflib's opcodes, equal runs left out);
    each `_Edit.start` is its position in the source."""
    matcher = difflib.SequenceMatcher(a=source, b=phrase, autojunk=False)
    found: list[_Edit] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1 > 1 and not _respelled(source[i1:i2], phrase[j1:j2]):
            # as many words for as many ("badge has" -> "badges have"): one change for each word
            found.extend(_Edit(i1 + k, [phrase[j1 + k]], [source[i1 + k]], source, sentence)
                         for k in range(i2 - i1) if phrase[j1 + k] != source[i1 + k])
            continue
        if tag == "replace" and not _respelled(source[i1:i2], phrase[j1:j2]):
            paired = _paired_by_lemma(source[i1:i2], phrase[j1:j2])
            if paired is not None:  # "does a" -> "do": "does" made "do", "a" dropped
                found.extend(_Edit(i1 + k, [phrase[j1 + m]] if m is not None else [], [source[i1 + k]], source,
                                   sentence) for k, m in paired if m is None or phrase[j1 + m] != source[i1 + k])
                continue
        found.append(_Edit(i1, list(phrase[j1:j2]), list(source[i1:i2]), source, sentence))
    return found


def _paired_by_lemma(old: Sequence[str], new: Sequence[str]) -> list[tuple[int, int | None]] | None:
    """Fewer words put where more stood, each new word a form of one old word in order ("does a" -> "do"): the
    old words each with the new word it became (None: dropped); None when a new word is no form of an old one."""
    if len(new) >= len(old) or (len(old) == 2 and old[0] in ("a", "an") and _plural_of(old[1], new[0])):
        return None  # "a member" -> "members" is one change, judged whole (`_one_made_several`)
    pairs: list[tuple[int, int | None]] = []
    at = 0
    for k, word in enumerate(old):
        if at < len(new) and _lemmas_of(word) & _lemmas_of(new[at]):
            pairs.append((k, at))
            at += 1
        else:
            pairs.append((k, None))
    return pairs if at == len(new) else None


def _edit(phrase: list[str], source: list[str], sentence: bool = True) -> _Edit:
    start = 0
    while start < min(len(phrase), len(source)) and phrase[start] == source[start]:
        start += 1
    end = 0
    while end < min(len(phrase), len(source)) - start and phrase[-1 - end] == source[-1 - end]:
        end += 1
    return _Edit(start, list(phrase[start:len(phrase) - end]), list(source[start:len(source) - end]), source, sentence)


def _imperative(words: Sequence[str]) -> bool:
    return bool(words) and words[0] not in FUNCTION_WORDS and role_of(words, 0).kind == "verb-base"


#: Openings that ask the bot to do something, after which the verb is a command's ("can you deliver my medicine").
_ASKING = (("can", "you"), ("could", "you"), ("would", "you"), ("please",))


def _request_verb_at(words: Sequence[str]) -> int | None:
    """Where the verb of a message that is a command stands ("book a class": 0; "can you deliver my medicine":
    2), or None when the message is no command (a question, a statement about the writer)."""
    if _imperative(words):
        return 0
    for opening in _ASKING:
        n = len(opening)
        if tuple(words[:n]) == opening and n < len(words) and words[n] not in FUNCTION_WORDS \
                and words[n] in lemmas(words[n]).get("VERB", ()):
            return n
    return None


def _splits_into(word: str, known: Callable[[str], bool]) -> bool:
    """Whether `word` is two or more `known` words of two letters or more, run together."""
    reachable = [True] + [False] * len(word)
    for end in range(2, len(word) + 1):
        for start in range(end - 1):
            if reachable[start] and (start > 0 or end < len(word)) and end - start >= 2 and known(word[start:end]):
                reachable[end] = True
                break
    return reachable[len(word)]


class Gate:
    """The naturalness gate of one graph (see the module docstring); `why` judges one phrase."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.entries = graph.entries
        self._graph_words: set[str] = set()
        #: The graph's words as its authors wrote them: in examples and keywords, not a regex's expansions.
        self._written_words: set[str] = set()
        for entry in self.entries:
            self._written_words |= {w for x in entry.examples or () for w in _words(x)}
            if entry.data_matcher is not None:
                self._graph_words |= set(rule_words(entry))
                self._written_words |= {w for leaf in entry.data_matcher.leaves
                                        for keyword in getattr(leaf, "keywords", ()) for w in _words(keyword)}
        self._graph_words |= self._written_words
        #: The graph's words it never writes capitalised inside a sentence (no name such as "Heathrow").
        self._everyday_words = self._graph_words - {
            bare(t) for e in self.entries for x in e.examples or () for t in x.split()[1:] if t[:1].isupper()
        }
        self._sources: dict[int, list[tuple[list[str], bool]]] = {}
        self._alternative_words: dict[int, frozenset[str]] = {}
        self._verb_words: dict[int, frozenset[str]] = {}
        self._choice_groups: dict[int, list[list[list[str]]]] = {}
        self._literal_words: dict[int, list[tuple[str, ...]]] = {}
        self._noun_words: dict[int, frozenset[str]] = {}
        self._said = [_words(x) for e in self.entries for x in e.examples or ()]
        self._said_with: dict[str, list[list[str]]] | None = None
        #: Words the graph's sentences use as verbs ("book a room"): a compound of such a word may be a verb phrase.
        self._verbs = frozenset(
            said[i] for e in self.entries for x in e.examples or () for said in [_words(x)]
            for i in range(len(said)) if role_of(said, i).kind in ("verb-base", "verb-finite"))
        #: Plural nouns the graph's sentences write after "my" ("transfer my prescriptions"): several are owned.
        self._owned_plurals = {
            said[i] for e in self.entries for x in e.examples or () for said in [_words(x)]
            for i in range(len(said)) if _plural_noun(said[i]) and _determiner_of(said, i) == "my"
        }

    def sources(self, entry: Entry) -> list[tuple[list[str], bool]]:
        """The rule's own sentences, as words, each with whether it is a sentence (a declared example) rather
        than the rule's literal words (a keyword)."""
        found = self._sources.get(entry.index)
        if found is None:
            examples = list(dict.fromkeys(entry.examples or ()))
            own = literal_sources(entry) if entry.data_matcher is not None else []
            literals = [t for t in own if t not in examples]
            found = [(_words(t), True) for t in examples] + [(_words(t), False) for t in literals]
            self._sources[entry.index] = found
        return found

    def why(self, phrase: str, rule: int | None, *, glue: bool = False) -> str | None:
        """Why `phrase` is not what a person types to this bot about rule `rule` (None: it is).

        `glue=True` also refuses two rules' words glued together (for near
        misses and written examples; an overlap's witness is two rules meeting
        on purpose).
        """
        entry = self.entries[rule] if rule is not None and 0 <= rule < len(self.entries) else None
        examples = tuple(entry.examples or ()) if entry is not None else ()
        checks: tuple[Callable[[], str | None], ...] = (
            lambda: title_case(phrase),
            lambda: capitals_inside(phrase, self._everyday_words),
            lambda: dangling_number(phrase, self._graph_words),
            lambda: ends_on_comma(phrase),
            lambda: article_before_mass_noun(phrase),
            lambda: _said(doubled_word(phrase, examples), "the word {!r} is doubled"),
            lambda: _said(repeated_lemma(phrase, examples), "the word {!r} is said twice"),
            lambda: _said(repeated_pair(phrase, examples), "the words {!r} are said twice"),
            lambda: self._non_word(phrase),
            lambda: inflected_fixed_phrase(phrase),
            lambda: filler_on_fragment(phrase, self._graph_words),
            lambda: disagreement(phrase),
            lambda: pronoun_before_noun(phrase),
            lambda: frame_misfit(phrase, self._verbs, self._nouns_only(entry) if entry is not None else frozenset()),
            lambda: cut_off(phrase),
            lambda: owned_activity(phrase),
            lambda: unlike_conjuncts(phrase),
            lambda: None if entry is None or not glue else self._sampler_word(phrase, entry),
            lambda: None if entry is None else self._literal_in_context(phrase, entry),
            lambda: None if entry is None else self._verb_made_noun(phrase, entry),
            lambda: None if entry is None else self._edit_of_source(phrase, entry, glue=glue),
            lambda: None if entry is None else singular_of_a_plural_topic(phrase, examples),
            lambda: self._glued(phrase, entry) if glue else None,
        )
        for check in checks:
            found = check()
            if found is not None:
                return found
        return None

    def _non_word(self, phrase: str) -> str | None:
        for word in _words(phrase):
            if any(ch.isdigit() for ch in word) or word in FUNCTION_WORDS:
                continue
            if word in self._graph_words and not self._closed_up(word):
                continue
            parts = [p for p in word.split("-") if p]
            if all(is_listed(p) or (p in self._graph_words and not self._closed_up(p)) or p in FUNCTION_WORDS
                   for p in parts):
                continue
            return f"{word!r} is not a word people write"
        return None

    def _closed_up(self, word: str) -> bool:
        """Whether `word` is only a regex's words run together by its optional spaces ("cycletowork").

        `cycle ?to ?work` spells "cycletowork", which nobody writes: a word
        no word list holds and no author wrote, made of two or more words
        that are, is not taken as the graph's own word.
        """
        if word in self._written_words or is_listed(word) or "-" in word:
            return False
        return _splits_into(word, lambda part: is_listed(part) or part in self._written_words)

    def _edit_of_source(self, phrase: str, entry: Entry, *, glue: bool = True) -> str | None:
        """Judge the phrase as an edit of the rule's closest own sentence (see the module docstring).

        A near miss or a written example (`glue`) is one change of a sentence, a swapped or inflected word one
        change (`_cost`).  A witness of two rules meeting is made of both rules' words, so it is read as an edit
        only when it is near one sentence word for word (every word swapped counts as two)."""
        words = _words(phrase)
        best: tuple[int, list[_Edit]] | None = None
        near: list[list[_Edit]] = []  # edits of the rule's sentences the phrase is close to
        for source, sentence in self.sources(entry):
            edits = _edits(words, source, sentence)
            changed = sum(_cost(e) if glue else len(e.old) + len(e.new) for e in edits)
            if best is None or changed < best[0]:
                best = (changed, edits)
            if sentence and changed <= 3:
                near.append(edits)
        if best is None or not best[1]:
            return None
        changed, edits = best
        # however far the phrase is from the sentence, an alternative must fit its slot; and where the phrase is
        # near a sentence of the rule, it must fit that sentence's slot too (a regex branch close to the phrase
        # may hide that "please clean my room" wants a verb where the branch put a noun)
        for edit in [*edits, *(e for found_edits in near for e in found_edits)]:
            found = _singular_left_bare(edit) or self._alternative_in_slot(edit, entry)
            if found is not None:
                return found
        # the sentence a keyword was swapped in need not be the closest source: "I'd like to renewal" is nearest
        # the keyword "renewal" alone, but it is "I'd like to extend my tenancy" with its sibling put in
        sibling = self._sibling_misfit(words, edits[0].source, entry)
        for source, sentence in self.sources(entry):
            if sibling is None and sentence and source != edits[0].source:
                sibling = self._sibling_misfit(words, source, entry, whole=True)
        if sibling is not None:
            return sibling
        if changed > 4 or changed >= len(words):
            return None  # no edit of an own sentence: judged by the other checks only
        for edit in edits:
            if not edit.new:
                found = self._dropped(edit, edits)
            elif not edit.old:
                found = self._added(edit, words)
            elif len(edit.new) == 1 and len(edit.old) == 1:
                found = self._replaced(edit, entry, words, agreeing=any(_agrees(e) for e in edits if e is not edit))
            elif len(edit.old) == 2 and len(edit.new) == 1 and edit.old[0] in ("a", "an") \
                    and _plural_of(edit.old[1], edit.new[0]):
                found = _one_made_several(edit.old[0], edit.old[1], edit.new[0],
                                          commanded=_request_verb_at(edit.source) == edit.start - 1,
                                          source=edit.source)
            elif self._siblings(entry, " ".join(edit.old), " ".join(edit.new)) \
                    and sibling_fits(edit.old, edit.new, _before(edit.source, edit.start)) \
                    and not _bare_where_counted(edit.source, edit.start, edit.new):
                found = None  # "how much is a nail trim" -> "how much is a haircut": one keyword for its sibling
            else:
                found = _reshaped(edit)
            if found is None and len(edit.old) == 1 and len(edit.new) == 2:
                found = _written_out_without_subject(edit)
            if found is not None:
                return found
        return None

    @staticmethod
    def _dropped(edit: _Edit, edits: Sequence[_Edit]) -> str | None:
        gone = edit.old
        if len(gone) == 1 and gone[0] == "please":
            return None
        if len(gone) == 1 and gone[0] in ("a", "an"):
            after = next((e for e in edits if e.start == edit.start + 1 or e.start == edit.start), None)
            nxt = edit.source[edit.start + 1] if edit.start + 1 < len(edit.source) else None
            plural = next((e for e in edits if e is not edit and e.old and e.new and len(e.old) == 1
                           and _plural_of(e.old[0], e.new[0])), None)
            if plural is not None and any(_agrees(e) for e in edits if e is not edit):
                return None  # "is there a delivery slot" -> "are there delivery slots": the verb agrees
            if plural is not None and after is not None and nxt is not None:
                return _one_made_several(gone[0], plural.old[0], plural.new[0],
                                         commanded=_request_verb_at(edit.source) == edit.start - 1,
                                         source=edit.source)
        if len(gone) == 1 and gone[0] != "please":
            person = _noun_after(edit.source, edit.start + 1)
            if person is not None and names_a_person(person):
                return f"{gone[0]!r} is left out before {person!r}, a person (nobody types 'bring friend')"
        following = edit.source[edit.start + len(gone)] if edit.start + len(gone) < len(edit.source) else None
        if gone == ["on"] and following in _WEEKDAYS:
            return None  # "are you open sunday": a day named alone says when, as a time word does
        verb = _request_verb_at(edit.source)
        opening = edit.start == 0 or (verb is not None and edit.start == verb + 1)
        if len(gone) == 1 and gone[0] in DROPPABLE and opening:
            return None  # "restart service", "wifi is down"
        return f"{' '.join(gone)!r} is left out where nobody leaves it out"

    @staticmethod
    def _added(edit: _Edit, words: Sequence[str]) -> str | None:
        new = edit.new
        source = edit.source
        if not edit.sentence:
            return None  # a keyword is a fragment: a message puts words around it
        if new == ["please"]:
            at_start, at_end = edit.start == 0, edit.start == len(source)
            if at_start and (_imperative(source) or (source and source[0] in ("can", "could", "would"))):
                return None
            if at_end and source and source[0] not in INTERJECTIONS and " ".join(source) not in GREETINGS:
                return None
        if new == ["the"] and edit.start == 1 and _imperative(source):
            return None
        if new[0] in _FILLERS or new == ["please"]:
            return f"{' '.join(new)!r} added where nobody adds it"
        return None

    def _replaced(self, edit: _Edit, entry: Entry, words: Sequence[str], *, agreeing: bool = False) -> str | None:
        old, new = edit.old[0], edit.new[0]
        if _same_word(old, new):
            return None  # a respelling: case, apostrophe, contraction, compound, national spelling
        if _lemmas_of(old) & _lemmas_of(new):
            if old in MASS_NOUNS:
                return f"{old!r} is not counted, so {new!r} reads wrong"
            found = lemmas(old)
            if "NOUN" not in found and "VERB" not in found and found:
                return f"{new!r} is no form of {old!r} a message uses"  # "warmer" -> "warmers"
            if not inflection_allowed(old, new):
                return f"{new!r} is far rarer than {old!r}"
            if not _plural_of(old, new):
                if role_of(edit.source, edit.start).kind in ("verb-base", "verb-finite", "participle"):
                    return f"{new!r} changes what {old!r} says (its tense or person)"  # "I forgot" -> "I forget"
                return None
            the_person = edit.start > 0 and edit.source[edit.start - 1] == "the" and names_a_person(old)
            if the_person and not agreeing:
                return f"'the {old}' is the one a customer asks for: {new!r} is not what was meant"
            owned = self._owned_one(entry, edit, old, new)
            if owned is not None:
                return owned
            # a sentence, or a literal that is a piece of one ("lost my card"), keeps its object's number unless
            # something else in it agrees, or people mostly speak of several ("for my children")
            piece = edit.sentence or any(w in FUNCTION_WORDS for w in edit.source)
            whole = next((x for x, sentence in self.sources(entry) if sentence and _contains(x, edit.source)),
                         edit.source)  # the rule's sentence a piece comes from says whether it has a verb
            if piece and not agreeing and not self._plural_head(entry, old, new, words) \
                    and not verbless(whole) and zipf(new) < zipf(old):
                return f"{new!r} where the sentence means one {old!r} (nothing else in it agrees)"  # "lost my cards"
            return None
        if _same_slot(entry, old, new):
            return None  # a regex alternation's other branch ("scale out" -> "scale down")
        own = {w for w in rule_words(entry)} if entry.data_matcher is not None else set()
        if new in own:
            neighbours = {words[i] for i in (edit.start - 1, edit.start + 1) if 0 <= i < len(words)}
            if self._keyword_for_keyword(edit, words, entry):
                return None  # "I lost my membership card": one of the rule's keywords for another
            if neighbours & own and not any(_adjacent(x, new, neighbours & own) for x in entry.examples or ()):
                return f"{new!r} lands beside another of the rule's words"
        return misfit_substitution(" ".join(words), [" ".join(edit.source)])

    def _alternative_in_slot(self, edit: _Edit, entry: Entry) -> str | None:
        """An edit putting one of the rule's alternatives where one word stood, without fitting its slot
        (`natural_slots.alternative_misfit`), or None."""
        new = " ".join(edit.new)
        if len(edit.old) != 1 or not edit.new or new not in self._alternatives(entry) \
                or _same_word(edit.old[0], new) or self._compound_of_alternative(entry, edit.new):
            return None
        return alternative_misfit(edit.source, edit.start, edit.new)

    def _literal_in_context(self, phrase: str, entry: Entry) -> str | None:
        """The rule's own literal words (a keyword, a regex branch, several words long or not) with words put before
        them that make a slot they do not fit (`natural_slots.literal_misfit`): "are you closing time"."""
        words = _words(phrase)
        for literal in self._literals(entry):
            found = literal_misfit(words, literal, self._verbs)
            if found is not None:
                return found
        return None

    def _sampler_word(self, phrase: str, entry: Entry) -> str | None:
        """One of the sampler's filler words (`vocabulary().words`) standing beside the rule's keyword and nothing
        else ("find a book subscription?", "overdue return"): a word drawn at random, which makes a message only
        where the graph's own sentences put it near that keyword ("reset my password")."""
        inner = unframed(phrase)
        for literal in self._literals(entry):
            n = len(literal)
            if len(inner) != n + 1 or not n:
                continue
            if list(inner[:n]) == list(literal):
                word = inner[n]
            elif list(inner[1:]) == list(literal):
                word = inner[0]
            else:
                continue
            if word in FUNCTION_WORDS or word not in _SAMPLER_WORDS or self._said_near(word, literal) \
                    or set(literal) & INTERJECTIONS or word in self._alternatives(entry):
                continue  # a greeting before a topic ("hello order") is how people open a message
            return f"{word!r} is a filler word put beside the keyword {' '.join(literal)!r}"
        return None

    def _said_near(self, word: str, literal: Sequence[str]) -> bool:
        """Whether a sentence of the graph has `word` within two words of `literal`."""
        if self._said_with is None:  # which sentences hold each word, made once (a big graph has thousands)
            self._said_with = {}
            for said in self._said:
                for token in set(said):
                    self._said_with.setdefault(token, []).append(said)
        for said in self._said_with.get(word, ()):
            at = _find(said, literal)
            if at is not None and word in said[max(0, at - 3):at + len(literal) + 3]:
                return True
        return False

    def _literals(self, entry: Entry) -> list[tuple[str, ...]]:
        """The rule's literal words (keywords, regex runs and branches), each as its words, in a stable order."""
        found = self._literal_words.get(entry.index)
        if found is None:
            literals = {tuple(x) for x, sentence in self.sources(entry) if not sentence}
            literals |= {tuple(_words(w)) for w in self._alternatives(entry)}
            found = sorted(x for x in literals if x)
            self._literal_words[entry.index] = found
        return found

    def _keyword_for_keyword(self, edit: _Edit, words: Sequence[str], entry: Entry) -> bool:
        """Whether a swapped word and its neighbours are one of the rule's keywords where another of its keywords
        stood, both counted alike ("I lost my library card" -> "I lost my membership card"; not "do you take pet
        insurance" -> "do you take claim form", a countable noun where an uncounted one stood, nor "a school
        place" -> "a school admission")."""
        alternatives = self._alternatives(entry)
        source = edit.source
        for a in range(max(0, edit.start - 2), edit.start + 1):
            for b in range(edit.start + 1, min(len(words), len(source), edit.start + 3) + 1):
                if b - a < 2 or " ".join(words[a:b]) not in alternatives \
                        or not {" ".join(source[a:b]), source[edit.start]} & alternatives:
                    continue  # "a study room" -> "a study space": "study space" where "room" stood
                if bare_singular(words[b - 1]) == bare_singular(source[b - 1]):
                    return True
        return False

    def _sibling_misfit(
        self, words: Sequence[str], source: Sequence[str], entry: Entry, *, whole: bool = False
    ) -> str | None:
        """One of the rule's keywords (or branches) put where its sibling stands in the rule's sentence, the
        sentence unchanged before it, when the two are not the same kind of phrase in the same number ("what are
        the opening hours" -> "what are the closing time").  With `whole`, the sentence must also be unchanged
        after it (a sentence other than the closest one: "I'd like to extend my tenancy" -> "I'd like to
        renewal")."""
        for spelled in self._groups(entry):
            for old in spelled:
                at = _find(source, old) if len(spelled) > 1 and old else None
                if at is None or list(words[:at]) != list(source[:at]):
                    continue
                for new in spelled:
                    if whole and (list(words[at + len(new):]) != list(source[at + len(old):])
                                  or {kind_of(old), kind_of(new)} != {PHRASE_NOUN, PHRASE_VERB}):
                        continue  # elsewhere only a verb phrase and a noun phrase swapped ("extend my tenancy")
                    if new != old and len(new) + len(old) > 2 and list(words[at:at + len(new)]) == new \
                            and (not sibling_fits(old, new, _before(source, at))
                                 or _bare_where_counted(source, at, new)) \
                            and not (_same_head(old, new) and not _bare_where_counted(source, at, new)):
                        return f"{' '.join(new)!r} does not take the place of {' '.join(old)!r}"
        return None

    def _compound_of_alternative(self, entry: Entry, new: Sequence[str]) -> bool:
        """Whether `new` is another of the rule's alternatives written closed or open ("rollback" for "roll back"):
        a respelling, which keeps the role of the words it spells ("rollback to the previous version")."""
        squashed = "".join(new).replace("-", "")
        return any(" " in other and other.replace(" ", "").replace("-", "") == squashed and other != " ".join(new)
                   for other in self._alternatives(entry))

    def _siblings(self, entry: Entry, old: str, new: str) -> bool:
        """Whether the rule offers `old` and `new` in one slot: two keywords of one list, two branches of one
        alternation."""
        return any([*old.split()] in spelled and [*new.split()] in spelled for spelled in self._groups(entry))

    def _groups(self, entry: Entry) -> list[list[list[str]]]:
        """The rule's groups of interchangeable words (`rewording.choices`), each word or phrase as its words."""
        found = self._choice_groups.get(entry.index)
        if found is None:
            found = [[_words(w) for w in dict.fromkeys(w.lower() for w in group.words)]
                     for group in choices(entry.data_matcher)]
            self._choice_groups[entry.index] = found
        return found

    def _verb_made_noun(self, phrase: str, entry: Entry) -> str | None:
        """One of the rule's words that its own sentences use only as a verb ("book a study room"), here after a
        determiner, as a noun ("is the book study space open"): the word no longer says what the rule is for."""
        verbs = self._verbs_only(entry)
        words = _words(phrase)
        for i, word in enumerate(words[1:], start=1):
            if word in verbs and words[i - 1] in SINGULAR_DET | NUMBER_FREE:
                return f"{word!r}, the rule's verb, stands here as a noun"
        return None

    def _nouns_only(self, entry: Entry) -> frozenset[str]:
        """The rule's one-word alternatives whose group stands only as nouns in the rule's sentences ("towel",
        "pillow", "blanket" where the examples say "extra towels", "another pillow"), and its one-word literals
        whose forms stand only as nouns there ("toll" where they say "who pays the tolls"): alone, each is a
        noun."""
        found = self._noun_words.get(entry.index)
        if found is None:
            nouns: set[str] = set()
            said = [_words(x) for x in entry.examples or ()]
            for group in self._groups(entry):
                singles = {w[0] for w in group if len(w) == 1}
                roles = {role_of(x, i).kind for x in said for i, w in enumerate(x) if w in singles}
                if roles and roles <= {"noun", "modifier"}:
                    nouns |= singles
            grouped = {w[0] for group in self._groups(entry) for w in group if len(w) == 1}
            for literal in self._literals(entry):
                if len(literal) != 1 or literal[0] in grouped:
                    continue  # a word of its own ("tolls?"): its sentences may name it in another number
                word = literal[0]
                roles = {role_of(x, i).kind for x in said for i, w in enumerate(x)
                         if w == word or word in lemmas(w).get("NOUN", ())}
                if roles and roles <= {"noun", "modifier"}:
                    nouns.add(word)  # "who pays the tolls": "toll" is a thing, never "please toll today"
            found = frozenset(nouns)
            self._noun_words[entry.index] = found
        return found

    def _verbs_only(self, entry: Entry) -> frozenset[str]:
        """The rule's one-word alternatives that are nouns and verbs both, which its examples use, and only as
        verbs."""
        found = self._verb_words.get(entry.index)
        if found is None:
            roles: dict[str, set[str]] = {}
            for example in entry.examples or ():
                said = _words(example)
                for i, word in enumerate(said):
                    if word in self._alternatives(entry) and {"NOUN", "VERB"} <= set(lemmas(word)):
                        roles.setdefault(word, set()).add(role_of(said, i).kind)
            found = frozenset(w for w, kinds in roles.items() if kinds <= {"verb-base", "verb-finite"})
            self._verb_words[entry.index] = found
        return found

    def _alternatives(self, entry: Entry) -> frozenset[str]:
        """The words the rule offers in one slot or another (regex alternations' branches, each keyword list's
        keywords), lower case."""
        found = self._alternative_words.get(entry.index)
        if found is None:
            found = frozenset(" ".join(words) for group in self._groups(entry) for words in group)
            self._alternative_words[entry.index] = found
        return found

    def _plural_head(self, entry: Entry, old: str, new: str, phrase: Sequence[str]) -> bool:
        """`new` is the plural of the last word of a multi-word literal ("entry card" -> "entry cards", "water the
        plant" -> "water the plants"), about as common as it (`variants`), and that literal stands pluralised in
        the phrase.  The writer's own thing ("lost my card") keeps its number: "lost my cards" is not what was
        meant."""
        if round(zipf(old) - zipf(new), 1) > COMMON_PLURAL_DROP:
            return False
        return any(
            not sentence and len(literal) > 1 and literal[-1] == old
            and not _POSSESSIVES & set(literal) and _contains(phrase, [*literal[:-1], new])
            for literal, sentence in self.sources(entry)
        )

    def _owned_one(self, entry: Entry, edit: _Edit, old: str, new: str) -> str | None:
        """The writer's own named thing ("my blue badge has expired", "pay my council tax": "my" and a word naming
        which kind) made plural ("my blue badges have expired", "council taxes"): a person holds one of such a
        thing, so the plural reads as a message only where people often hold several, measured as a plural about
        as common as its singular (`COMMON_PLURAL_DROP`: "my parking permits"), or where the graph itself writes it
        after "my" ("transfer my prescriptions"), or for an activity, which recurs ("my bin collections").  A bare
        "my order" is left to the other checks: people have several orders, refunds, parcels ("where are my
        orders").  The rule's sentence the phrase is an edit of says how the noun is owned; for an edit of a
        keyword, every sentence of the rule that names the noun must say it so."""
        if round(zipf(old) - zipf(new), 1) <= COMMON_PLURAL_DROP or new in self._owned_plurals \
                or old.endswith(_ACTIVITY_ENDINGS):
            return None
        if edit.sentence:
            owned = [_owned_named(edit.source, edit.start)]
        else:
            said = [x for x, sentence in self.sources(entry) if sentence]
            owned = [_owned_named(x, i) for x in said for i, w in enumerate(x) if w == old]
        if owned and all(owned):
            return f"'my ... {old}' is the writer's one {old}: {new!r} is not what a person with one types"
        return None

    def _glued(self, phrase: str, entry: Entry | None) -> str | None:
        """Two rules' words glued together (an opening greeting aside), unless a declared example does so."""
        body = phrase.strip()
        lowered = body.lower()
        for greeting in GREETINGS:
            if lowered.startswith(greeting) and not lowered[len(greeting):].lstrip(" ,").startswith("and "):
                body = body[len(greeting):].lstrip(" ,")
                break
        if any(body == x for e in self.entries for x in e.examples or ()):
            return None
        matched = [e for e in self.entries
                   if e.data_matcher is not None and not e.is_unconditional and e.data_matcher.witness(body)]
        if len({e.id for e in matched}) < 2:
            return None
        owned: list[tuple[int, int, str]] = []
        for e in matched:
            found = e.data_matcher.witness(body) if e.data_matcher is not None else None
            owned.extend((start, end, e.id) for start, end in _spans_of(body.lower(), found or ""))
        # Words one rule matches inside another rule's words ("pay" inside "pay monthly") are that rule's words,
        # not a second topic: a span inside another rule's span does not count.
        kept = [s for s in owned if not any(o[2] != s[2] and o[0] <= s[0] and s[1] <= o[1] for o in owned)]
        if len({rule for _, _, rule in kept}) < 2:
            return None
        spans = sorted({(start, end) for start, end, _ in kept})
        if all(a_end < b_end and a_start < b_start  # neither inside the other: side by side, or chained
               for (a_start, a_end), (b_start, b_end) in zip(spans, spans[1:], strict=False)):
            return "two rules' words glued together"  # side by side, or chained on a shared word
        return None


def _spans_of(lowered: str, witness: str) -> list[tuple[int, int]]:
    """Where a matcher's witness lies in the text: each part of an all-of witness ("lost + cat") on its own, since
    another rule's words may stand between them."""
    parts = [p for p in witness.lower().split(" + ") if p]
    starts = [lowered.find(p) for p in parts]
    return [(at, at + len(p)) for at, p in zip(starts, parts, strict=True) if at >= 0]


#: Negated auxiliaries that open a message without a subject only as people type them, contracted ("won't scan",
#: "isn't working"): their subject is a thing the message leaves out.  "can't" and "don't" are left aside: their
#: subject is the writer ("can't log in") or the reader ("don't charge me"), and the written-out form reads too.
_SUBJECTLESS_ONLY_CONTRACTED = frozenset(
    short for short in CONTRACTED if short.endswith("n't") and short not in ("can't", "don't")
)


def _written_out_without_subject(edit: _Edit) -> str | None:
    """A contraction written out at the very start of a message that has no subject ("won't scan" -> "will not
    scan"): people who leave the subject out type the short form; the long one wants a sentence."""
    old, new = edit.old[0], " ".join(edit.new)
    if edit.start == 0 and old in _SUBJECTLESS_ONLY_CONTRACTED and new in CONTRACTED.get(old, ()):
        return f"{new!r} opens a message that has no subject: people type {old!r} there"
    return None


def _cost(edit: _Edit) -> int:
    """How many changes an edit is: one for a word respelled, inflected or swapped ("a member" -> "members" is one
    too), otherwise one for each word dropped or added."""
    old, new = edit.old, edit.new
    if _respelled(old, new) or (len(old) == 1 and len(new) == 1):
        return 1
    if len(old) == 2 and len(new) == 1 and old[0] in ("a", "an") and _plural_of(old[1], new[0]):
        return 1
    return len(old) + len(new)


def _respelled(old: Sequence[str], new: Sequence[str]) -> bool:
    """The same words respelled across a word boundary: a compound ("drop-off" / "drop off") or a contraction
    ("i'd" / "i would", "what's" / "what are" with what follows made plural)."""
    joined_old, joined_new = " ".join(old), " ".join(new)
    if joined_old.replace(" ", "").replace("-", "").replace("'", "") \
            == joined_new.replace(" ", "").replace("-", "").replace("'", ""):
        return True
    return joined_new in CONTRACTED.get(joined_old, ()) or joined_old in CONTRACTED.get(joined_new, ()) \
        or S_CONTRACTIONS.get(joined_old) == joined_new or S_CONTRACTIONS.get(joined_new) == joined_old


def _bare_where_counted(source: Sequence[str], at: int, new: Sequence[str]) -> bool:
    """A countable noun in the singular put, with no article, inside a sentence where the author's words stood bare
    ("is room service still open" -> "is menu still open"): the author's words are uncounted there, the new ones
    are not.  The start of a message is left alone: people drop articles there ("menu please")."""
    if at == 0 or not new or _determiner_of(source, at) in SINGULAR_DET | NUMBER_FREE:
        return False  # "when is the next swimming lesson": its determiner stands before its adjectives
    if quantified_compound(source[at - 1], new):
        return False  # "do I need extra damage waiver": a kind of product, measured out, not counted
    return bare_singular(new[-1], head=len(new) > 1) and not any(w in FUNCTION_WORDS for w in new)


def _before(words: Sequence[str], at: int) -> str | None:
    return words[at - 1] if at > 0 else None


def _reshaped(edit: _Edit) -> str | None:
    """Words put where words of another shape stood ("I lost my card" -> "I entry card", "my recycling" ->
    "my missed bin"): a rule's other words fit a sentence only in the same slot, as many words for as many."""
    if not edit.old or not edit.new or len(edit.old) == len(edit.new) or _respelled(edit.old, edit.new) \
            or _same_head(edit.old, edit.new):
        return None
    return f"{' '.join(edit.new)!r} does not take the place of {' '.join(edit.old)!r}"


def _same_head(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether a noun phrase and its replacement end on the same head word ("electric bike" -> "e-bike",
    "membership card" -> "card"): the same kind of thing, said shorter or longer, fills the same slot."""
    if not old or not new or len(old) == len(new) or any(w in FUNCTION_WORDS for w in (*old, *new)):
        return False
    head_old, head_new = old[-1].replace("-", ""), new[-1].replace("-", "")
    shorter, longer = (head_old, head_new) if len(head_old) <= len(head_new) else (head_new, head_old)
    return len(shorter) >= 3 and longer.endswith(shorter) and (len(new) == 1 or len(old) == 1)


def _one_made_several(article: str, singular: str, plural: str, *, commanded: bool = False,
                      source: Sequence[str] = ()) -> str | None:
    """ "a pothole" said as "potholes": natural as the object of a command ("book a class" -> "book classes": a
    command may ask for several) or for a thing people mostly speak of in the plural (its plural at least as common
    as its singular in the word table: "I want to report potholes"); never for a person ("talk to real persons"),
    nor where the writer says what they need or have ("I need refills", "I have exemption certificates").  A
    question or a request for help that does not say what the writer holds ("how do I get a visitor permit", "help
    with an insurance claim") asks about the kind of thing, so a plural about as common as the singular
    (`COMMON_PLURAL_DROP`) reads as well: "how do I get visitor permits"."""
    if names_a_person(singular):
        return f"'{article} {singular}' says one: {plural!r} is not what was meant"
    if commanded or zipf(plural) >= zipf(singular):
        return None
    if source and source[0] not in _WRITER and round(zipf(singular) - zipf(plural), 1) <= COMMON_PLURAL_DROP:
        return None
    return f"'{article} {singular}' says one: {plural!r} is not what was meant"


def _noun_after(words: Sequence[str], at: int) -> str | None:
    """The noun a determiner at `at - 1` stood before, over its adjectives ("a real person" -> "person")."""
    while at < len(words):
        found = lemmas(words[at])
        if "NOUN" in found or not found:
            return words[at] if found else None
        if "ADJ" not in found:
            return None
        at += 1
    return None


#: Days of the week: "on" before one is often left out ("are you open sunday"), a day named alone saying when.
_WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})

#: Words opening a sentence in which the writer says what they need, want or have ("I need a refill").
_WRITER = frozenset({"i", "we", "i'd", "i'm", "i've", "we'd", "we're", "we've"})

#: Words that make a noun the writer's (or the reader's) own.
_POSSESSIVES = frozenset({"my", "your", "our"})
def _singular_left_bare(edit: _Edit) -> str | None:
    """A plural the sentence names bare, made singular: "do you sell e-bikes" -> "do you sell ebike".

    A countable noun in the singular needs a word before it ("an ebike");
    where the sentence had the plural alone, the singular alone is no
    sentence a person writes.  Mass nouns stand alone in either form.
    """
    if len(edit.old) != 1 or len(edit.new) != 1:
        return None
    old, new = edit.old[0].replace("-", ""), edit.new[0].replace("-", "")
    same_word = _plural_of(new, old)
    # or a sibling: "are pets allowed" -> "are dog allowed" (a plural noun the sentence names, a countable one)
    sibling = not same_word and _plural_noun(edit.old[0]) and bare_singular(edit.new[0])
    if not (same_word or sibling) or new in MASS_NOUNS or len(new) < 3:
        return None
    if edit.start == 0 or edit.source[edit.start - 1].isdigit():
        return None  # people drop articles at the start of a message ("ebike broken")
    if _determiner_of(edit.source, edit.start) in SINGULAR_DET | NUMBER_FREE | WH_WORDS:
        return None  # "my e-bikes" -> "my ebike", "which ebike"
    return f"{edit.new[0]!r}, one countable thing, stands bare where the sentence said {edit.old[0]!r}"

#: Subject pronouns: a verb follows one, never a bare noun ("I entry card").
_SUBJECTS = frozenset({"i", "we", "they", "he", "she"})


def pronoun_before_noun(phrase: str) -> str | None:
    """A subject pronoun directly followed by a word that can only be a noun ("I entry card"), or None."""
    words = _words(phrase)
    for first, second in zip(words, words[1:], strict=False):
        if first in _SUBJECTS and second not in FUNCTION_WORDS:
            found = lemmas(second)
            if found and set(found) == {"NOUN"}:
                return f"{first!r} is followed by the noun {second!r}, with no verb between"
    return None


#: Endings of nouns that name an activity or a service, which a message names uncounted ("vaccination",
#: "delivery", "parking") even where the rule's examples count them.
_ACTIVITY_ENDINGS = ("tion", "sion", "ment", "ance", "ence", "ing", "ery", "ary")


def singular_of_a_plural_topic(phrase: str, examples: Iterable[str]) -> str | None:
    """A message that only names a topic ("hi, side effect") in the singular, where the rule's own sentences name
    it in the plural ("does ibuprofen have side effects") and never in the singular without "a": people name a
    topic as they speak of it."""
    words = _words(phrase)
    while words and words[0] in INTERJECTIONS:
        words = words[1:]
    while words and words[-1] in INTERJECTIONS:
        words = words[:-1]  # "toll please": a topic with a word of politeness after it
    greeting_words = {w for g in GREETINGS for w in g.split()}
    if words and " ".join(words[:2]) in GREETINGS:
        words = words[2:]
    if not words or len(words) > 3 or any(w in FUNCTION_WORDS for w in words):
        return None
    head = words[-1]
    if head in greeting_words or not _singular_noun(head) or head.endswith(_ACTIVITY_ENDINGS):
        return None
    plurals = [f for f in _plural_forms(head) if f != head]
    if not plurals:
        return None
    said = [_words(x) for x in examples]
    named_plural = any(_contains(x, [*words[:-1], p]) for x in said for p in plurals)
    named_bare = any(
        at is not None and (at == 0 or x[at - 1] not in SINGULAR_DET)
        for x in said for at in [_find(x, words)]
    )
    if named_plural and not named_bare:
        return f"{' '.join(words)!r} is named in the plural in the rule's own sentences"
    return None


def _plural_forms(noun: str) -> tuple[str, ...]:
    from lemminflect import getAllInflections
    return tuple(getAllInflections(noun, upos="NOUN").get("NNS", ()))


def _owned_named(words: Sequence[str], at: int) -> bool:
    """Whether the noun at `at` is the writer's own thing named by kind: "my", then a word saying which ("my
    council tax", "my blue badge"; not "my order")."""
    return at >= 2 and words[at - 1] not in FUNCTION_WORDS and _determiner_of(words, at) == "my"


def _determiner_of(words: Sequence[str], at: int) -> str | None:
    """The function word opening the noun phrase whose head stands at `at`, back over its modifiers ("pay my
    council tax" -> "my"), or None when the noun phrase has none ("council tax")."""
    back = at - 1
    while back >= 0 and words[back] not in FUNCTION_WORDS and at - back <= 3:
        back -= 1
    return words[back] if back >= 0 and words[back] in FUNCTION_WORDS else None


def _find(words: Sequence[str], part: Sequence[str]) -> int | None:
    n = len(part)
    return next((i for i in range(len(words) - n + 1) if list(words[i:i + n]) == list(part)), None)


def _contains(words: Sequence[str], part: Sequence[str]) -> bool:
    return _find(words, part) is not None


def _agrees(edit: _Edit) -> bool:
    """An edit that makes a verb or determiner plural ("is" -> "are", "this" -> "these", "a" dropped)."""
    olds = set(edit.old)
    return bool(olds & (AUX_SINGULAR | set(S_CONTRACTIONS) | {"a", "an", "this", "that"}))


def _plural_of(singular: str, form: str) -> bool:
    """Whether `form` is a plural of the noun `singular` ("card" -> "cards")."""
    return singular in lemmas(form).get("NOUN", ()) and form != singular or form in (singular + "s", singular + "es")


def filler_on_fragment(phrase: str, own: Iterable[str] = ()) -> str | None:
    """A filler word ("now", "just", "again") on a phrase whose only verb, if any, is no word of the graph
    ("hey locker now", "hey package entry card now": a sampler's frame around a keyword and a gap word), unless
    the graph's own words say it (a rule `status of \\w+ now`)."""
    words = _words(phrase)
    for first, second in zip(words, words[1:], strict=False):
        if first in ("please", "just") and second in ("hello", "hi", "hey", "good"):
            return f"{first!r} before a greeting"  # "please hello today"
    fillers = {words[0], words[-1]} & {"now", "just", "again"} if words else set()
    if not fillers or fillers <= set(own):
        return None
    rest = [w for w in words if w not in INTERJECTIONS and w not in ("now", "just", "again")]
    own_words = set(own)
    if any("VERB" in lemmas(w) and role_of(rest, i).kind in ("verb-base", "verb-finite") and w in own_words
           for i, w in enumerate(rest)):
        return None  # "hey book the sauna now": the request's verb is the author's
    return "a filler word on a phrase with no verb of the graph's own"  # "hey package entry card now"


#: Number words a sampler may leave at the end of a message ("hi, spin classes three").
_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})


def dangling_number(phrase: str, own: Iterable[str] = ()) -> str | None:
    """A number word ending a message with nothing it counts and no preposition before it ("hi, transfer my
    prescription three"; "a table for three" is a message), unless the graph's own words end so."""
    words = _words(phrase)
    if len(words) >= 2 and words[-1] in _NUMBER_WORDS and words[-2] not in PREPOSITIONS and words[-1] not in own:
        return f"the number {words[-1]!r} ends the message counting nothing"
    return None


def ends_on_comma(phrase: str) -> str | None:
    """A message that stops on a comma ("hi, wifi,"): a frame's punctuation left behind, not a sentence's end."""
    return "the message ends on a comma" if phrase.rstrip().endswith(",") else None


_CAPITALISED = re.compile(r"^[A-Z][a-z]+$")
_SHOUTED = re.compile(r"^[A-Z]{2,}$")


def capitals_inside(phrase: str, own: Iterable[str] = ()) -> str | None:
    """Capitals probed into part of a lower-case message: two shouted words after lower-case ones ("hi PLANNING
    APPLICATIONS"), or one of the graph's everyday words capitalised mid-sentence ("hi, Council tax", "flu jab
    Ready to collect").  A whole message in capitals, "I", acronyms and names (which the graph never writes in
    lower case) stay."""
    tokens = [t.strip(".,!?;:\"()") for t in phrase.split()]
    tokens = [t for t in tokens if t]
    if not any(t.islower() for t in tokens):
        return None
    lowered_own = set(own)
    for i, token in enumerate(tokens[1:], start=1):
        if _SHOUTED.match(token) and i + 1 < len(tokens) and _SHOUTED.match(tokens[i + 1]) \
                and any(t.islower() for t in tokens[:i]):
            return f"{token} {tokens[i + 1]} is shouted inside a lower-case message"
        if _CAPITALISED.match(token) and token.lower() in lowered_own and token.lower() not in FUNCTION_WORDS \
                and any(t.islower() for t in tokens[:i]):
            return f"{token!r} is capitalised inside a lower-case message"
    return None


def title_case(phrase: str) -> str | None:
    """Every word of three or more capitalised ("Opening Times For The Weekend"): a heading, not a message."""
    words = phrase.split()
    if len(words) >= 3 and all(w[:1].isupper() and not w.isupper() for w in words):
        return "every word is capitalised"
    return None


def article_before_mass_noun(phrase: str) -> str | None:
    """"a" or "an" before a noun nobody counts ("make a loud music")."""
    words = _words(phrase)
    for i, word in enumerate(words):
        if word not in ("a", "an"):
            continue
        at = i + 1
        while at < len(words) - 1 and "ADJ" in lemmas(words[at]) and "NOUN" not in lemmas(words[at]):
            at += 1
        if at < len(words) and words[at] in MASS_NOUNS and (at + 1 >= len(words) or not is_content(words[at + 1])):
            return f"{word!r} before {words[at]!r}, which nobody counts"
    return None


def _same_slot(entry: Entry, old: str, new: str) -> bool:
    """Whether the rule offers `old` and `new` as branches of one regex alternation (one slot)."""
    for group in choices(entry.data_matcher):
        if group.checked:
            continue
        spelled = {w.lower() for w in group.words}
        for branch in spelled:
            words = branch.split()
            if old in words and " ".join(new if w == old else w for w in words) in spelled:
                return True
    return False


def _adjacent(example: str, word: str, others: set[str]) -> bool:
    words = _words(example)
    return any(w == word and ({words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else ""} & others)
               for i, w in enumerate(words))


def _same_word(old: str, new: str) -> bool:
    """The same word respelled: apostrophes, hyphens and spaces aside, or its other national spelling."""
    def squash(word: str) -> str:
        return word.replace("'", "").replace("-", "").lower()

    return squash(old) == squash(new) or other_spelling(old) == new or new in CONTRACTED.get(old, ())


def _said(found: str | None, template: str) -> str | None:
    return None if found is None else template.format(found)
