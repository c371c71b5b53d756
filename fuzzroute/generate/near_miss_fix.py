"""The change to a rule that makes it accept a near miss, in words an author can act on.

"Loosen the regex" leaves the work to the author; what a near miss shows is
one exact gap, so the advice names the one change: the regex has no i flag,
add "can't log in" to the keywords, accept both spellings with
`(?:enrol|enroll)`.  `fuzzroute fix` makes these edits; here they are only
said, in the near miss's message and its overview row.
"""

from __future__ import annotations

import re
from typing import assert_never

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, Keywords, Regex
from fuzzroute.strategies.variants import Variant


def _widened_keyword(matcher: Keywords, source: str, variant: Variant) -> str | None:
    """The keyword the source matched with the changed words respelled ("cannot log in" -> "can't log in")."""
    matched = matcher.witness(source)
    if matched is None:
        return None
    before, after = variant.before, variant.after
    if before and before.lower() in matched.lower():
        at = matched.lower().index(before.lower())
        widened = matched[:at] + after + matched[at + len(before):]
        return re.sub(r"\s+", " ", widened).strip() or None
    return None


def _escaped(text: str) -> str:
    """`re.escape` without escaping spaces (a regex reads "where is" the same), for advice a person reads."""
    return re.escape(text).replace("\\ ", " ")


def _alternation(before: str, after: str) -> str:
    """A regex piece that accepts both spellings ("wi-?fi" would be nicer; this one is always right)."""
    return f"(?:{_escaped(before.lower())}|{_escaped(after.lower())})"


def fix_advice(entry: Entry, source: str, variant: Variant) -> str:
    """What to change in `entry` so it accepts `variant` of `source` (one sentence, no trailing period)."""
    matcher = entry.data_matcher
    match matcher:
        case None:
            return "widen the rule's condition so it accepts the phrase"
        case Keywords():
            if variant.kind == "case":
                return "keywords ignore case, so another change is at work here: add the phrase as an example"
            widened = _widened_keyword(matcher, source, variant)
            if widened is not None:
                return f'add "{widened}" to the keywords (they match whole words exactly as written)'
            return "add the phrase's words as another keyword (keywords match whole words exactly as written)"
        case Regex():
            return _regex_fix(matcher, variant)
        case AllOf():
            return "widen the part of the all-of rule that no longer matches, or add the phrase's words to it"
        case _:
            assert_never(matcher)


def _regex_fix(matcher: Regex, variant: Variant) -> str:
    pattern = matcher.pattern
    kind, before, after = variant.kind, variant.before, variant.after
    if kind == "case" and not pattern.flags & re.IGNORECASE:
        return "the regex has no i flag: add it (re.I, or /.../i) so the same words in capitals match"
    if kind == "apostrophe":
        return "accept both apostrophes: write [’'] where the regex has an apostrophe"
    if kind == "function-word" and before and not after:
        return f'make "{before}" optional in the regex: ({_escaped(before)} )?'
    if kind == "function-word" and after:
        return f'the added "{after}" breaks the regex\'s anchors or spacing: allow words around the phrase'
    if kind == "inflection" and after.lower() == before.lower() + "s":
        return f"accept the plural too: {_escaped(before.lower())}s? in the regex"
    if before and after:
        return f"accept both forms: {_alternation(before, after)} in the regex"
    return "widen the regex so it accepts the phrase"
