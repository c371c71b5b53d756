"""Candidate edits for a near miss: the rule widened to the variant, and to the rest of its word's class.

A near miss is a declared example written the way another person types it
(another case, `’` for `'`, "cannot" for "can't", "colour" for "color",
"wi-fi" for "wifi", an article dropped, a plural) that the rule misses.
The fix widens the part of the rule that misses it, in the graph's own
syntax, by the smallest edit that covers every form of that word's class:

* a keyword list gets the other forms as keywords ("payslips" beside
  "payslip"; "cannot" and "can not" beside "can't");
* a regex gets the case flag for a case variant, else only the characters
  the forms differ in change where the word is written: `tables?`,
  `don['’]t`, `colou?r`, `wi[- ]?fi`, `(?:a )?table`, `organi[sz]e`.

The allowed set is the rule's messages with the word replaced by each form
(the rule itself, or the rule with the word's text substituted); the near
miss is declared as an example of the rule, so the checkup proves it from
then on.  Rules the automata cannot read get no fix (`fixing` says why).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.authoring.rule_edits import AddExamples, AddKeywords, RuleEdit, SetRegex, leaves
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import Keywords, Regex, keyword_pattern
from fuzzroute.engine.text import indefinite_article
from fuzzroute.fix import regex_text
from fuzzroute.fix.allowed import any_of
from fuzzroute.fix.candidates import Candidate, name, regex_or_none, with_leaf
from fuzzroute.fix.gaps import Gap


@dataclass(frozen=True)
class Word:
    """What the forms of a class differ in: the text of the example (`text`) and each form's text there."""

    text: str
    forms: tuple[str, ...]


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch in "'’"


def changed_word(source: str, phrases: Sequence[str]) -> Word | None:
    """The whole words `source` and each phrase differ in (None when they do not differ)."""
    everything = [source, *phrases]
    prefix = min(_common_prefix(source, p) for p in phrases)
    suffix = min(_common_suffix(source, p, prefix) for p in phrases)
    while prefix > 0 and _is_word(source[prefix - 1]) and any(
        prefix < len(f) - suffix and _is_word(f[prefix]) for f in everything
    ):
        prefix -= 1
    while suffix > 0 and _is_word(source[len(source) - suffix]) and any(
        len(f) - suffix > prefix and _is_word(f[len(f) - suffix - 1]) for f in everything
    ):
        suffix -= 1
    pieces = [f[prefix:len(f) - suffix] for f in everything]
    if pieces[0] in pieces[1:] or not any(pieces):
        return None
    return Word(pieces[0], tuple(dict.fromkeys(pieces[1:])))


def with_context(source: str, phrases: Sequence[str]) -> list[Word]:
    """`changed_word`, and for a word added or dropped the same with the word after it, or before it.

    "book a table" without "a" is found in `(book|reserve) a table` as "a
    table" (the word after it), which becomes `(?:a )?table`.
    """
    word = changed_word(source, phrases)
    if word is None:
        return []
    found = [word]
    if word.text.strip() and all(f.strip() for f in word.forms):
        return found
    at = source.find(word.text) if word.text else _common_prefix(source, phrases[0])
    end = at + len(word.text)
    after = re.match(r"\s*[\w'’-]+", source[end:])
    before = re.search(r"[\w'’-]+\s*$", source[:at])
    for left, right in (("", after.group(0) if after else ""), (before.group(0) if before else "", "")):
        if not left and not right:
            continue
        grown = Word(
            (left + word.text + right).strip(), tuple(dict.fromkeys((left + f + right).strip() for f in word.forms))
        )
        if grown.text and grown not in found:
            found.append(grown)
    return found


def _common_prefix(a: str, b: str) -> int:
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


def _common_suffix(a: str, b: str, prefix: int) -> int:
    k = 0
    while k < min(len(a), len(b)) - prefix and a[len(a) - 1 - k] == b[len(b) - 1 - k]:
        k += 1
    return k


def written(word: Word) -> str:
    """How a class changes the word, for the allowed set's description."""
    spelled = [repr(f.strip()) for f in dict.fromkeys(word.forms) if f.strip()]
    ways = (["left out"] if any(not f.strip() for f in word.forms) else []) + \
        ([f"written {' or '.join(spelled)}"] if spelled else [])
    return f"with {word.text.strip()!r} {' or '.join(ways)}"


def declaring(entry: Entry, phrase: str) -> tuple[RuleEdit, ...]:
    """The edit declaring `phrase` as an example of the rule (none when it is declared already)."""
    return () if phrase in (entry.examples or ()) else (AddExamples(entry.index, (phrase,)),)


def _like(written: str, form: str) -> str:
    """A form in the case the rule writes the word in (a lower-case word gets lower-case forms)."""
    return form.lower() if written == written.lower() else form


def _keyword_candidates(gap: Gap, position: int, leaf: Keywords, word: Word, phrase: str) -> list[Candidate]:
    entry = gap.rule
    assert gap.source is not None
    for keyword in leaf.keywords:
        if not re.search(keyword_pattern(keyword), gap.source, re.IGNORECASE):
            continue
        at = keyword.lower().find(word.text.lower())
        if at < 0:
            continue
        as_written = keyword[at:at + len(word.text)]
        new = [keyword[:at] + _like(as_written, f) + keyword[at + len(word.text):] for f in word.forms]
        known = {k.lower() for k in leaf.keywords}
        new = [k for k in dict.fromkeys(new) if k.strip() and k.lower() not in known]
        if not new or not Keywords((*leaf.keywords, *new)).matches(phrase):
            continue
        matcher = entry.data_matcher
        assert matcher is not None
        allowed = any_of(
            f"{name(entry)}'s messages {written(word)}", [matcher, with_leaf(entry, position, Keywords(tuple(new)))]
        )
        shown = ", ".join(repr(k) for k in new)
        return [Candidate(
            "add-keywords", (AddKeywords(entry.index, position, tuple(new)), *declaring(entry, phrase)),
            f"add the keyword{'s' if len(new) > 1 else ''} {shown} to {name(entry)} and declare {phrase!r}",
            allowed, declared=(phrase,), shown=(phrase,),
        )]
    return []


def _regex_candidates(gap: Gap, position: int, leaf: Regex, word: Word, phrase: str) -> list[Candidate]:
    entry = gap.rule
    matcher = entry.data_matcher
    assert matcher is not None and gap.source is not None
    found: list[Candidate] = []
    ignore_case = "i" in leaf.flags
    for place in regex_text.places(leaf.source, word.text, ignore_case=ignore_case):
        forms = [place.text, *(_like(place.text, f) for f in word.forms)]
        source = regex_text.widened(leaf.source, place, forms)
        new = regex_or_none(leaf, source, leaf.flags, entry)
        if new is None or not new.matches(phrase) or not new.matches(gap.source):
            continue
        substituted = [regex_or_none(leaf, regex_text.substituted(leaf.source, place, f), leaf.flags, entry)
                       for f in forms[1:]]
        if any(s is None for s in substituted):
            continue
        allowed = any_of(
            f"{name(entry)}'s messages {written(word)}",
            [matcher, *(with_leaf(entry, position, s) for s in substituted if s is not None)],
        )
        new_text = source[place.start:len(source) - (len(leaf.source) - place.end)]
        found.append(Candidate(
            "regex-edit", (SetRegex(entry.index, position, source, leaf.flags), *declaring(entry, phrase)),
            f"write `{new_text}` for `{leaf.source[place.start:place.end]}` in {name(entry)}'s regex "
            f"(`/{source}/{leaf.flags}`) and declare {phrase!r}",
            allowed, declared=(phrase,), shown=(phrase,),
        ))
        break
    return found


def _case_candidates(gap: Gap, position: int, leaf: Regex, phrase: str) -> list[Candidate]:
    entry = gap.rule
    matcher = entry.data_matcher
    assert matcher is not None
    flags = leaf.flags + "i"
    new = regex_or_none(leaf, leaf.source, flags, entry)
    if new is None or not new.matches(phrase):
        return []
    return [Candidate(
        "case-flag", (SetRegex(entry.index, position, leaf.source, flags), *declaring(entry, phrase)),
        f"add the case flag `i` to {name(entry)}'s regex `/{leaf.source}/{leaf.flags}` and declare {phrase!r}",
        any_of(f"messages equal up to case to one {name(entry)} matched", [with_leaf(entry, position, new)]),
        declared=(phrase,), shown=(phrase,),
    )]


def variant_candidates(gap: Gap) -> list[Candidate]:
    """The smallest edit of the leaf that misses the near miss, covering the word's whole class."""
    entry: Entry = gap.rule
    phrase, source = gap.phrase, gap.source
    if phrase is None or source is None or entry.data_matcher is None:
        return []
    for position, leaf in enumerate(leaves(entry)):
        if leaf.matches(phrase) or not leaf.matches(source):
            continue
        if gap.variant_kind == "case":
            return _case_candidates(gap, position, leaf, phrase) if isinstance(leaf, Regex) else []
        if isinstance(leaf, Regex) and "x" in leaf.flags:
            return []
        for word in _words(gap, source, phrase):
            found = (_keyword_candidates(gap, position, leaf, word, phrase) if isinstance(leaf, Keywords)
                     else _regex_candidates(gap, position, leaf, word, phrase))
            if found:
                return found
        return []
    return []


def _words(gap: Gap, source: str, phrase: str) -> list[Word]:
    """The word to widen: as the variant names it (the trigger alone, for an inflection), else as the phrases differ."""
    found: list[Word] = []
    forms = tuple(f for f in gap.forms if f)
    if gap.word and forms and gap.variant_kind != "function-word":
        found.append(Word(gap.word, forms))
    for from_text in with_context(source, [phrase, *_other_articles(gap, source, phrase)]):
        if from_text not in found:
            found.append(from_text)
    return found


#: An article dropped is a slot people fill either way: "book an appointment", "book appointment",
#: "book the appointment".  Each maps to the article a fix accepts beside it (the indefinite one by the next sound).
_OTHER_ARTICLE = {"a": "the", "an": "the", "the": "a"}


def _other_articles(gap: Gap, source: str, phrase: str) -> list[str]:
    """For a dropped article, the source with the other article in its place, so one fix covers the slot's class.

    Without it, fixing "book appointment" declares that phrase, whose own near miss "book the appointment"
    then asks for a second optional group (`(?:an )?(?:the )?`) that also accepts "book an the appointment".
    """
    word = (gap.word or "").lower()
    if gap.variant_kind != "function-word" or word not in _OTHER_ARTICLE or any(gap.forms):
        return []
    found = re.search(rf"(?i)(?<![\w'’-]){re.escape(word)}(?=\s+([\w'’-]+))", source)
    if found is None or (source[:found.start()] + source[found.end():].lstrip()).lower() != phrase.lower():
        return []  # the variant changed more than the article: leave its class as it is
    other = _OTHER_ARTICLE[word]
    if other == "a":
        other = indefinite_article(found.group(1))
    return [source[:found.start()] + other + source[found.end():]]
