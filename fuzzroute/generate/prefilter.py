"""A cheap necessary condition per rule, so the overlap scan skips rules that cannot match.

The overlap scan asks every rule after a phrase's claimant whether it also
matches; on a thousand-rule graph that is most of the run.  Most rules need
some literal text: a keyword rule needs one of its keywords, `\\border\\b`
needs "order", `where is my (order|package)` needs "where is my ".  Looking
for that text with `in` is far cheaper than a regex search, and when it is
absent the rule cannot match.  Case-insensitive rules are compared
case-folded: `fold` maps together every pair of characters `re.IGNORECASE`
equates (`casefold`, plus the dotless i, which `re` equates with i and I but
`casefold` keeps apart; checked over the first three Unicode planes).
A rule with no such text (a `when`, `(array|host)\\w*`) is always searched.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, Keywords, Regex
from fuzzroute.strategies.regex_tree import UnsupportedRegex, parse, required_literal

Needs = tuple[tuple[str, ...], bool]


def fold(text: str) -> str:
    """Case-fold so that text `re.IGNORECASE` would match contains the folded needle."""
    return text.casefold().replace("\u0131", "i")


def _regex_needs(regex: Regex) -> Needs | None:
    try:
        text = required_literal(parse(regex.pattern))
    except (UnsupportedRegex, re.error, RecursionError):
        return None
    if not text:
        return None
    folded = bool(regex.pattern.flags & re.IGNORECASE)
    return ((fold(text) if folded else text,), folded)


def needs(entry: Entry) -> Needs | None:
    """Texts of which at least one must occur for the entry to match (and whether case-folded)."""
    matcher = entry.data_matcher
    if isinstance(matcher, Keywords):
        return (tuple(fold(k) for k in matcher.keywords), True)
    if isinstance(matcher, Regex):
        return _regex_needs(matcher)
    if isinstance(matcher, AllOf):
        for part in matcher.parts:
            found = needs_of_part(part)
            if found is not None:
                return found
    return None


def needs_of_part(part: Regex | Keywords) -> Needs | None:
    if isinstance(part, Keywords):
        return (tuple(fold(k) for k in part.keywords), True)
    return _regex_needs(part)


def may_match(required: Needs | None) -> Callable[[str, str], bool]:
    """A test on (phrase, case-folded phrase): False only when the rule cannot match."""
    if required is None:
        return lambda phrase, folded: True
    texts, fold = required
    if len(texts) == 1:
        (text,) = texts
        if fold:
            return lambda phrase, folded: text in folded
        return lambda phrase, folded: text in phrase
    if fold:
        return lambda phrase, folded: any(t in folded for t in texts)
    return lambda phrase, folded: any(t in phrase for t in texts)
