"""What an author can change when the automata cannot read a rule, in plain words.

An undecided rule is only worth listing if its author can do something
about it.  `Undecidable` says which construct stopped the automata (a
lookbehind, a backreference, a bound too large); `what_to_change` adds the
rewrite that lets them read the rule, or says that the rule is fine as it
is and only the tier cannot prove anything about it.  For a JavaScript
regex without the `u` flag, `js_units_reason` names the part of the regex
that can match half of an emoji.
"""

from __future__ import annotations

from fuzzroute.engine.matchers import Regex

#: (words in the reason, what to change), first match wins.
_ADVICE: tuple[tuple[tuple[str, ...], str], ...] = (
    (("without the `u` flag",), ""),  # `js_units_reason` already ends with the fix
    (("lookbehind",), "write the condition without the lookbehind: `\\b` where it only asks for a word "
     "start, or an earlier rule or never-route row for the text it excludes"),
    (("lookahead",), "write the condition without the lookahead: `\\b` or `$` where it only asks for an "
     "ending, or an earlier rule for the text it excludes"),
    (("backreference",), "spell the repeated text out (or match it with a class) instead of `\\1`"),
    (("conditional group",), "split the two branches into an alternation or into two rules"),
    (("atomic group", "possessive"), "use a plain group or repeat where the rule matches the same messages "
     "without it"),
    (("bounded repeat", "states"), "lower the large bound of the repeat (`{1,3000}`) or write `+` where any "
     "length will do"),
    (("nested too deeply",), "flatten the nested groups"),
    (("anchor",), "use `^`, `$`, `\\A`, `\\Z` or `\\b` instead"),
)


def what_to_change(reason: str) -> str:
    """The rewrite that lets the automata read a rule refused for `reason` ("" when the reason says it)."""
    for words, advice in _ADVICE:
        if any(word in reason for word in words):
            return advice
    return "rewrite that part of the rule with plain text, classes and repeats"


def with_advice(reason: str) -> str:
    """`reason`, then what to change (one sentence an author can act on)."""
    advice = what_to_change(reason)
    return f"{reason}; to have it decided, {advice}" if advice else reason


def js_units_reason(regex: Regex) -> str:
    """Why a JavaScript regex without the `u` flag is undecided, ending with what to change."""
    if regex.pattern.search("") is not None:
        part = "it can match an empty string, so it also matches between the two halves of an emoji"
        rewrite = "or make it require at least one character (`x+` rather than `x*`)"
    else:
        part = ("a part of it (`.`, a negated class such as `[^a]`, `\\S` or `\\W`) can match one half of an "
                "emoji, which the automata do not model")
        rewrite = "or name the characters that part stands for (`[a-z ]` rather than `.`)"
    written = "" if regex.js is None else f" (`/{regex.js.source}/{regex.js.flags}u`)"
    return (
        f"a JavaScript regex without the `u` flag reads an emoji as two UTF-16 halves, and {part}; add the "
        f"`u` flag{written} so it reads an emoji as one character, {rewrite}"
    )
