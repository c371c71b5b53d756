"""A message showing a rule can start a turn, found without the searches of the cover.

A rule that can start a turn (some message of it no earlier data rule
matches) is counted, never shown, by `check`, `report` and the pytest
plugin (`decide(winners=ANY)`).  Where its own text is taken by earlier
rules, the cover's searches would look for the shortest message of it that
none of them matches; any such message proves the same, and one is often
among the rule's declared examples and its texts as written, or those texts
written so that the earlier rules no longer take them (`_unlike`).  Each is
checked with the compiled matchers of the rule and of every earlier data
rule (`prefilter.Takers.taken`), so what it shows holds for that message.
"""

from __future__ import annotations

import itertools

from fuzzroute.decided.pair_sets import Context, written_texts
from fuzzroute.decided.word_index import special_forms
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry

#: Messages tried at most (the first ones are the rule's own words; the rest cost a scan each).
UNTAKEN_TRIED = 48
#: All-of texts (one text of each part, joined) tried at most.
COMBINATIONS = 16


def untaken_message(context: Context, rule: Entry) -> str | None:
    """A message of `rule` that no earlier data rule matches, or None when none of those tried is."""
    by_part: dict[int, list[str]] = {}
    for position, text in written_texts(context, rule.index):
        by_part.setdefault(position, []).append(text)
    parts = len(context.languages.rules[rule.index].leaves)
    texts: list[str] = list(rule.examples or ())
    own = context.texts.get(rule.index)
    if own:
        texts.append(own)
    if parts == 1:
        texts.extend(by_part.get(0, []))
    elif len(by_part) == parts:
        texts.extend(" ".join(combo) for combo in itertools.islice(itertools.product(*by_part.values()), COMBINATIONS))
    tried: set[str] = set()
    for candidate in itertools.chain(texts, (v for text in texts for v in _unlike(text))):
        if candidate in tried:
            continue
        tried.add(candidate)
        if len(tried) > UNTAKEN_TRIED:
            break
        if _matches(rule, candidate) and not context.takers.taken(candidate, rule.index):
            return candidate
    return None


def _matches(entry: Entry, phrase: str) -> bool:
    matcher = entry.data_matcher
    try:
        return matcher is not None and matcher.matches(phrase)
    except RegexTimedOut:
        return False


def _unlike(text: str) -> list[str]:
    """`text` written so that earlier rules may no longer take it, while the rule itself may still match.

    Glued (no word edge between its words), with a letter against either
    end (no word edge there), in other cases (a case-sensitive rule no longer
    matches), and with a letter that case folding equates with a non-ASCII
    character written as that character (`special_forms`).
    """
    glued = text.replace(" ", "")
    return [
        glued, f"a{text}", f"{text}a", f"a{text}a", text.upper(), text.title(), text.swapcase(),
        *special_forms(text)[:4],
    ]
