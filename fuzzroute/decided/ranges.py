"""A likely mistake read off the regex itself: a class range from a capital to a small letter (`[M-m]`).

Not a question the automata answer, but a fact about the pattern as
written, listed with the decided findings because the author acts on it the
same way (fix the rule).  `[M-m]ovie` matches "movie" and "Movie", and also
"_ovie", "Rovie" and "aovie": the range runs through every capital after M,
six signs and every small letter before m.  Reported once per rule (every
such range of the rule in one item), with the class to write instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.decided.decisions import CASE_RANGE, DecidedItem
from fuzzroute.decided.literal_words import CaseRange, case_ranges, literal_words
from fuzzroute.decided.wording import quoted, rule
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import Regex, regexes

QUESTION = "regex-lint"


def _regexes(entry: Entry) -> list[Regex]:
    return list(regexes(entry.data_matcher))


def _said(found: CaseRange) -> str:
    low, high = found.written[0], found.written[-1]
    holds = (
        f"every capital from {low} to Z, the signs [ \\ ] ^ _ ` and every small letter from a to {high}"
    )
    if found.same_letter:
        meant = f"it is almost surely meant as the two letters {low} and {high}: write `{found.fix}`"
    else:
        meant = f"if letters of both cases are meant, write `{found.fix}`"
    return f"`{found.written}` holds {found.size} characters ({holds}); {meant}"


def _unmeant(entry: Entry, regexes: Sequence[Regex], found: Sequence[CaseRange]) -> str | None:
    """A message the rule matches with a sign where the range's letter was meant ("_ovie today"), if any.

    Built from the rule's words as written, with the first letter a range
    stands for replaced by `_` (which every such range holds), and kept only
    when the rule's compiled matcher matches it.
    """
    matcher = entry.data_matcher
    if matcher is None:
        return None
    texts = [literal_words(r.pattern) for r in regexes]
    for letter in (r.written[-1] for r in found if r.same_letter):
        for text in texts:
            if text is None or letter not in text.lower():
                continue
            at = text.lower().index(letter)
            candidate = [t for t in texts if t is not None]
            candidate[candidate.index(text)] = text[:at] + "_" + text[at + 1 :]
            phrase = " ".join(candidate)
            try:
                if matcher.matches(phrase):
                    return phrase
            except RegexTimedOut:
                return None
    return None


def case_range_items(entries: Sequence[Entry]) -> list[DecidedItem]:
    """One item per data rule whose regexes hold a capital-to-small range, in rule order."""
    items: list[DecidedItem] = []
    for entry in entries:
        found: list[CaseRange] = []
        regexes = _regexes(entry)
        for regex in regexes:
            found.extend(r for r in case_ranges(regex.pattern) if r not in found)
        if not found:
            continue
        ranges = "; ".join(_said(r) for r in found)
        unmeant = _unmeant(entry, regexes, found)
        shown = "" if unmeant is None else f" (it matches {quoted(unmeant)})"
        items.append(
            DecidedItem(
                CASE_RANGE, QUESTION, entry,
                f"{rule(entry)} has a class range from a capital to a small letter: {ranges}. Such a range also "
                f"lets in the signs and letters between the two, so the rule matches words its author never "
                f"meant{shown}.",
                witness=unmeant,
                reason="; ".join(f"{r.written} -> {r.fix}" for r in found),
            )
        )
    return items
