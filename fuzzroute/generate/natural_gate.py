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
  form ("why was I charged a charge"), unless a declared example does so;
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
from fuzzroute.generate.naturalness import rule_words
from fuzzroute.generate.near_misses import literal_sources
from fuzzroute.strategies.agreement import MASS_NOUNS, S_CONTRACTIONS
from fuzzroute.strategies.rewording import choices
from fuzzroute.strategies.roles import (
    AUX_PLURAL,
    AUX_SINGULAR,
    FUNCTION_WORDS,
    INTERJECTIONS,
    PREPOSITIONS,
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
from fuzzroute.strategies.word_frequencies import is_listed, other_spelling, zipf

_TOKEN = re.compile(r"[\w'’-]+")
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
    seen: dict[str, str] = {}
    for word in _words(phrase):
        if not is_content(word) or len(word) < 3:
            continue
        for lemma in _lemmas_of(word):
            if lemma in seen and lemma not in allowed:
                return word
        for lemma in _lemmas_of(word):
            seen[lemma] = word
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
    return [
        _Edit(i1, list(phrase[j1:j2]), list(source[i1:i2]), source, sentence)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    ]


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


class Gate:
    """The naturalness gate of one graph (see the module docstring); `why` judges one phrase."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.entries = graph.entries
        self._graph_words: set[str] = set()
        for entry in self.entries:
            self._graph_words |= {w for x in entry.examples or () for w in _words(x)}
            if entry.data_matcher is not None:
                self._graph_words |= set(rule_words(entry))
        self._sources: dict[int, list[tuple[list[str], bool]]] = {}

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
            lambda: article_before_mass_noun(phrase),
            lambda: _said(doubled_word(phrase, examples), "the word {!r} is doubled"),
            lambda: _said(repeated_lemma(phrase, examples), "the word {!r} is said twice"),
            lambda: self._non_word(phrase),
            lambda: inflected_fixed_phrase(phrase),
            lambda: filler_on_fragment(phrase, self._graph_words),
            lambda: disagreement(phrase),
            lambda: None if entry is None else self._edit_of_source(phrase, entry),
            lambda: self._glued(phrase, entry) if glue else None,
        )
        for check in checks:
            found = check()
            if found is not None:
                return found
        return None

    def _non_word(self, phrase: str) -> str | None:
        for word in _words(phrase):
            if any(ch.isdigit() for ch in word) or word in FUNCTION_WORDS or word in self._graph_words:
                continue
            parts = [p for p in word.split("-") if p]
            if all(is_listed(p) or p in self._graph_words or p in FUNCTION_WORDS for p in parts):
                continue
            return f"{word!r} is not a word people write"
        return None

    def _edit_of_source(self, phrase: str, entry: Entry) -> str | None:
        """Judge the phrase as an edit of the rule's closest own sentence (see the module docstring)."""
        words = _words(phrase)
        best: tuple[int, list[_Edit]] | None = None
        for source, sentence in self.sources(entry):
            edits = _edits(words, source, sentence)
            changed = sum(len(e.new) + len(e.old) for e in edits)
            if best is None or changed < best[0]:
                best = (changed, edits)
        if best is None or not best[1]:
            return None
        changed, edits = best
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
                found = f"{' '.join(edit.old)!r} says one: {edit.new[0]!r} is not what was meant"  # "real persons"
            else:
                found = None
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
            if plural is not None and after is not None and nxt is not None:
                return f"'{gone[0]} {plural.old[0]}' says one: {plural.new[0]!r} is not what was meant"
        opening = edit.start == 0 or (edit.start == 1 and _imperative(edit.source))
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
            if edit.sentence and not agreeing and not self._plural_head(entry, old, new) and not verbless(edit.source):
                return f"{new!r} where the sentence means one {old!r} (nothing else in it agrees)"  # "lost my cards"
            return None
        if _same_slot(entry, old, new):
            return None  # a regex alternation's other branch ("scale out" -> "scale down")
        own = {w for w in rule_words(entry)} if entry.data_matcher is not None else set()
        if new in own:
            neighbours = {words[i] for i in (edit.start - 1, edit.start + 1) if 0 <= i < len(words)}
            if neighbours & own and not any(_adjacent(x, new, neighbours & own) for x in entry.examples or ()):
                return f"{new!r} lands beside another of the rule's words"
        return misfit_substitution(" ".join(words), [" ".join(edit.source)])

    def _plural_head(self, entry: Entry, old: str, new: str) -> bool:
        """`new` is the plural of a multi-word literal's last word, about as common as it (`variants`)."""
        heads = {words[-1] for words, sentence in self.sources(entry) if not sentence and len(words) > 1}
        return old in heads and round(zipf(old) - zipf(new), 1) <= COMMON_PLURAL_DROP

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
        spans: list[tuple[int, int]] = []
        for e in matched:
            found = e.data_matcher.witness(body) if e.data_matcher is not None else None
            if found:
                at = body.lower().find(found.lower())
                spans.append((at, at + len(found)))
        spans.sort()
        if all(a_end < b_end and a_start < b_start  # neither inside the other: side by side, or chained
               for (a_start, a_end), (b_start, b_end) in zip(spans, spans[1:], strict=False)):
            return "two rules' words glued together"  # side by side, or chained on a shared word
        return None


def _agrees(edit: _Edit) -> bool:
    """An edit that makes a verb or determiner plural ("is" -> "are", "this" -> "these", "a" dropped)."""
    olds = set(edit.old)
    return bool(olds & (AUX_SINGULAR | set(S_CONTRACTIONS) | {"a", "an", "this", "that"}))


def _plural_of(singular: str, form: str) -> bool:
    """Whether `form` is a plural of the noun `singular` ("card" -> "cards")."""
    return singular in lemmas(form).get("NOUN", ()) and form != singular or form in (singular + "s", singular + "es")


def filler_on_fragment(phrase: str, own: Iterable[str] = ()) -> str | None:
    """A filler word ("now", "just", "again") on a phrase with no verb ("hey locker now"): a sampler's frame
    (unless the graph's own words say it: a rule `status of \\w+ now`)."""
    words = _words(phrase)
    for first, second in zip(words, words[1:], strict=False):
        if first in ("please", "just") and second in ("hello", "hi", "hey", "good"):
            return f"{first!r} before a greeting"  # "please hello today"
    fillers = {words[0], words[-1]} & {"now", "just", "again"} if words else set()
    if not fillers or fillers <= set(own):
        return None
    rest = [w for w in words if w not in INTERJECTIONS and w not in ("now", "just", "again")]
    if any("VERB" in lemmas(w) and role_of(rest, i).kind in ("verb-base", "verb-finite") for i, w in enumerate(rest)):
        return None
    return "a filler word on a phrase with no verb"


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
