"""Declared examples reworded with the rule's own words: the most natural witnesses there are.

A witness an author is asked to read or paste should read like a message a
user types.  The best material for that is what the author already wrote: a
declared example.  The smallest edit of it that uses the rule's own words
swaps one of its alternatives for another:

* a regex alternation: "revert to the previous version" of
  `\\b(roll ?back|revert)\\b.*\\b(deploy|release|version)\\b` gives "roll back
  to the previous version", "revert to the previous deploy" (the word an
  earlier deploy rule owns: the defect, in the author's own sentence), ...;
  "scale out the workers" of `\\bscale (up|down|out|in)\\b` gives "scale down
  the workers";
* a keyword list: "my card was declined" of `keywords("card", "credit",
  "debit")` gives "my debit was declined"; keywords are a bag of triggers,
  not one slot's alternatives, so a keyword only replaces another when it
  fits that word's role ("the site is down" never becomes "the site is
  outage"; see `roles.fits`);
* an all-of rule also completes another rule's example that already has some
  of its parts: "my card was declined" (a card rule's example) becomes "my
  card was stolen" for `all_of(keywords("lost", "stolen"), keywords("card"))`.

A regex alternation offers its finite, small branches only (no classes or
unbounded repeats), each spelled out ("roll ?back" is "roll back" and
"rollback").  Every rewording is kept only if the rule's matcher accepts it;
"a"/"an" before the new word is adjusted.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, assert_never

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Leaf, Regex
from fuzzroute.engine.text import indefinite_article
from fuzzroute.strategies.regex_tree import REPEAT_OPS, UnsupportedRegex, literal_runs, parse
from fuzzroute.strategies.roles import bare, fits, is_content

_c: Any = regex_syntax.constants

#: A regex alternation offers at most this many spelled-out branches.
MAX_BRANCHES = 8
#: An all-of rule borrows at most this many other rules' examples.
BORROWED_EXAMPLES = 24
_WORDY = re.compile(r"\w(?:.*\w)?", re.DOTALL)


@dataclass(frozen=True)
class Choices:
    """Words that may stand in for each other in a rule: `checked` ones (keywords) only where they fit the role."""

    words: tuple[str, ...]
    checked: bool
    ignore_case: bool


def _spelled(seq: Sequence[Any], limit: int) -> list[str] | None:
    """Every string a small finite tree matches (None when it is not finite or has over `limit`)."""
    out = [""]
    for op, av in seq:
        if op is _c.LITERAL:
            options: list[str] | None = [chr(av)]
        elif op is _c.AT:
            continue
        elif op is _c.SUBPATTERN:
            options = _spelled(av[3], limit)
        elif op is _c.BRANCH:
            options = []
            for alternative in av[1]:
                spelled = _spelled(alternative, limit)
                if spelled is None:
                    return None
                options.extend(spelled)
        elif op in REPEAT_OPS and av[1] <= 2:
            body = _spelled(av[2], limit)
            if body is None:
                return None
            options = []
            for count in range(av[0], av[1] + 1):
                options.extend(_repeat(body, count))
        else:
            return None
        if options is None:
            return None
        out = [head + tail for head in out for tail in options]
        if len(out) > limit:
            return None
    return list(dict.fromkeys(out))


def _repeat(body: list[str], count: int) -> list[str]:
    out = [""]
    for _ in range(count):
        out = [head + tail for head in out for tail in body]
    return out


@lru_cache(maxsize=1024)
def _regex_choices(pattern: re.Pattern[str]) -> tuple[Choices, ...]:
    try:
        tree = parse(pattern)
    except (UnsupportedRegex, re.error, RecursionError):
        return ()
    ignore_case = bool(pattern.flags & re.IGNORECASE)
    found: list[Choices] = []

    def visit(seq: Sequence[Any]) -> None:
        for op, av in seq:
            if op is _c.SUBPATTERN:
                spelled = _spelled(av[3], MAX_BRANCHES)
                if spelled is not None and len(spelled) > 1 and all(_WORDY.fullmatch(s) for s in spelled):
                    found.append(Choices(tuple(spelled), False, ignore_case))
                    continue
                visit(av[3])
            elif op is _c.BRANCH:
                for alternative in av[1]:
                    visit(alternative)
            elif op in REPEAT_OPS:
                visit(av[2])

    whole = _spelled(tree, MAX_BRANCHES)
    if whole is not None and len(whole) > 1 and all(_WORDY.fullmatch(s) for s in whole):
        return (Choices(tuple(whole), False, ignore_case),)
    visit(tree)
    return tuple(found)


def spelled_out(pattern: re.Pattern[str], limit: int) -> list[str] | None:
    """Every string a small finite regex matches, spelled out (None when its language is infinite or larger
    than `limit`): `\\b(book|reserve) a table\\b` gives "book a table" and "reserve a table"."""
    try:
        return _spelled(parse(pattern), limit)
    except (UnsupportedRegex, re.error, RecursionError):
        return None


def leaf_choices(leaf: Leaf) -> tuple[Choices, ...]:
    """The groups of interchangeable words of one regex or keyword list."""
    match leaf:
        case Keywords():
            return (Choices(leaf.keywords, True, True),) if len(leaf.keywords) > 1 else ()
        case Regex():
            return _regex_choices(leaf.pattern)
        case _:
            assert_never(leaf)


def choices(matcher: DataMatcher | None) -> tuple[Choices, ...]:
    """The groups of interchangeable words of one matcher (an all-of's parts each give theirs)."""
    return () if matcher is None else tuple(c for leaf in matcher.leaves for c in leaf_choices(leaf))


def _leaf_texts(leaf: Leaf) -> list[str]:
    match leaf:
        case Keywords():
            return list(leaf.keywords)
        case Regex():
            texts: list[str] = []
            with contextlib.suppress(UnsupportedRegex, re.error, RecursionError):
                texts += literal_runs(parse(leaf.pattern))
            return texts + [w for c in leaf_choices(leaf) for w in c.words]
        case _:
            assert_never(leaf)


def own_words(matcher: DataMatcher | None) -> frozenset[str]:
    """The words a rule spells out itself (lower case): keywords, literal runs, spelled-out alternations.

    A phrase that exercises one of these where no declared example does
    widens what the examples cover; a word a wildcard absorbed does not.
    """
    texts = [] if matcher is None else [t for leaf in matcher.leaves for t in _leaf_texts(leaf)]
    return frozenset(w.lower() for t in texts for w in re.findall(r"[^\W_]+", t))


def _word_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


def _article_fixed(text: str, start: int, new: str) -> tuple[str, int]:
    """`text` with an "a"/"an" right before `start` agreeing with `new`, and the shift of `start`."""
    found = re.search(r"(?:^|\s)(an?|An?|AN?)\s+$", text[:start])
    if not found or not new[:1].isalpha():
        return text, 0
    article = found.group(1)
    wanted = indefinite_article(new)
    if article.lower() == wanted:
        return text, 0
    spelled = wanted.upper() if article.isupper() and len(article) > 1 else (
        wanted.capitalize() if article[:1].isupper() else wanted
    )
    at = found.start(1)
    return text[:at] + spelled + text[found.end(1):], len(spelled) - len(article)


def _spelled_like(new: str, old: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def swap(text: str, start: int, end: int, new: str) -> str:
    """`text` with `text[start:end]` replaced by `new` in its case, an article before it agreeing."""
    spelled = _spelled_like(new, text[start:end])
    fixed, shift = _article_fixed(text, start, spelled)
    return fixed[: start + shift] + spelled + fixed[end + shift:]


def _position(spans: list[tuple[int, int]], end: int) -> int | None:
    """The index of the word the character before `end` belongs to."""
    for index, (s, e) in enumerate(spans):
        if s < end <= e:
            return index
    return None


def reworded(example: str, matcher: DataMatcher | None) -> list[str]:
    """The example with one of the rule's words swapped for another of the same group, accepted by `matcher`."""
    out: dict[str, None] = {}
    spans = _word_spans(example)
    words = [bare(example[s:e]) for s, e in spans]
    for group in choices(matcher):
        flags = re.IGNORECASE if group.ignore_case else 0
        for old in group.words:
            for found in re.finditer(rf"(?<!\w){re.escape(old)}(?!\w)", example, flags):
                index = _position(spans, found.end())
                for new in group.words:
                    if new.lower() == old.lower() or (group.checked and (index is None or not fits(words, index, new))):
                        continue
                    phrase = swap(example, found.start(), found.end(), new)
                    if phrase != example and _accepts(matcher, phrase):
                        out.setdefault(phrase, None)
    return list(out)


def completed(example: str, matcher: AllOf) -> list[str]:
    """Another rule's example with one content word replaced so that every part of `matcher` matches.

    Only an example that some part already matches is completed: "my card was
    declined" becomes "my card was stolen" for lost AND card, never an
    unrelated sentence with the rule's words forced in.
    """
    missing = [part for part in matcher.parts if not part.matches(example)]
    if not missing or len(missing) == len(matcher.parts):
        return []
    spans = _word_spans(example)
    words = [bare(example[s:e]) for s, e in spans]
    out: dict[str, None] = {}
    for part in missing:
        words_of_part = _leaf_words(part)
        for index, (s, e) in enumerate(spans):
            if not is_content(words[index]):
                continue
            core = re.search(r"\w(?:[\w'-]*\w)?", example[s:e])
            if core is None:
                continue
            for new in words_of_part:
                if fits(words, index, new):
                    phrase = swap(example, s + core.start(), s + core.end(), new)
                    if _accepts(matcher, phrase):
                        out.setdefault(phrase, None)
    return list(out)


def _leaf_words(leaf: Leaf) -> tuple[str, ...]:
    """The words a part of an all-of can be completed with: its keywords, or its regex's choices."""
    match leaf:
        case Keywords():
            return leaf.keywords
        case Regex():
            return tuple(w for c in leaf_choices(leaf) for w in c.words)
        case _:
            assert_never(leaf)


def _accepts(matcher: object, phrase: str) -> bool:
    test = getattr(matcher, "matches", None)
    return bool(test(phrase)) if callable(test) else False


def rewordings(own: Sequence[str], others: Sequence[str], matcher: DataMatcher | None) -> Iterator[str]:
    """The rule's own examples reworded, then (for an all-of) other rules' examples completed."""
    seen: set[str] = set(own)
    for example in own:
        for phrase in reworded(example, matcher):
            if phrase not in seen:
                seen.add(phrase)
                yield phrase
    if isinstance(matcher, AllOf):  # only an all-of completes another rule's example
        for example in others[:BORROWED_EXAMPLES]:
            for phrase in completed(example, matcher):
                if phrase not in seen:
                    seen.add(phrase)
                    yield phrase
