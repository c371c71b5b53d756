"""How two rules meet on a phrase: on the later rule's own text, or only where two texts are glued.

Under search semantics two unanchored rules "overlap" on almost any message
that mentions both triggers ("dashboard ssl"); that is how first-match routing
works and is not a finding.  What an author acts on is an earlier rule A
taking the words a later rule B exists for: "scale down" taken by a rule whose
keywords include `down`.  So every sampled overlap and shadowing witness is
classified by where A's match sits relative to B's *own text*:

* B's own text is what B matches once the parts search semantics make
  redundant are taken off its ends: a leading or trailing repeat that may
  match nothing (`.*coming soon.*` matches exactly the messages `coming soon`
  matches, so its own text is "coming soon").  A keyword's own text is the
  keyword; an all-of's is each of its parts' own texts.
* `shared-text` when the match A makes on the phrase (leftmost, as routing
  searches) shares characters with an occurrence of B's own text in it; it
  is in B's *fixed words* when A's match covers a literal character of B,
  else only in a *wildcard* of B (A's trigger sits in the gap of a B like
  `send .* to`), a weaker finding.
* `co-occurrence` when A's match only sits beside B's text: two texts glued
  together, expected first-match behaviour ("cancel my trip trip protection").

The classification reads the compiled rules' own match spans, so it is what
Python's `re` does on the phrase; a rule whose own text cannot be written
back as a pattern is read as a whole (none of its characters count as fixed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, assert_never

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import Keywords, Leaf, Regex
from fuzzroute.results.suggestions import Relation, SharedIn
from fuzzroute.strategies.regex_tree import (
    GLOBAL_FLAGS,
    REPEAT_OPS,
    UnsupportedRegex,
    flag_prefix,
    parse,
    unparse,
    walk,
)

SHARED_TEXT: Final = "shared-text"
CO_OCCURRENCE: Final = "co-occurrence"
#: Where shared text sits in the later rule: among its literal words, or only inside its wildcards.
FIXED_WORDS: Final = "fixed-words"
WILDCARD: Final = "wildcard"

_c: Any = regex_syntax.constants
_FIXED = "fx"


@dataclass(frozen=True)
class Meeting:
    """How two rules meet on one phrase: `relation` and, for shared text, `shared_in`."""

    relation: Relation
    shared_in: SharedIn | None = None

    @property
    def strength(self) -> int:
        """0 strongest (shared fixed words), 1 shared only in wildcards, 2 co-occurrence."""
        if self.relation == CO_OCCURRENCE:
            return 2
        return 0 if self.shared_in == FIXED_WORDS else 1


SHARED_FIXED = Meeting(SHARED_TEXT, FIXED_WORDS)
SHARED_WILDCARD = Meeting(SHARED_TEXT, WILDCARD)
GLUED = Meeting(CO_OCCURRENCE)
_BY_STRENGTH = {0: SHARED_FIXED, 1: SHARED_WILDCARD, 2: GLUED}


def relation_of(strength: int) -> Relation | None:
    """The relation of a group whose strongest meeting has this strength (None: not an overlap kind)."""
    found = _BY_STRENGTH.get(strength)
    return None if found is None else found.relation


def shared_in_of(strength: int) -> SharedIn | None:
    found = _BY_STRENGTH.get(strength)
    return None if found is None else found.shared_in


@dataclass(frozen=True)
class Occurrence:
    """One occurrence of a rule's own text in a phrase, and the spans of its literal characters."""

    start: int
    end: int
    fixed: tuple[tuple[int, int], ...]


class OwnText:
    """A rule's own text as patterns whose named groups mark its literal runs."""

    def __init__(self, patterns: Sequence[re.Pattern[str]], literal: Sequence[re.Pattern[str]] = ()) -> None:
        """`patterns` mark their literal runs with named groups; every match of a `literal` pattern (a
        keyword's own search pattern, compiled once for routing) is literal text as a whole."""
        self.patterns = tuple(patterns)
        self.literal = tuple(literal)

    def occurrences(self, phrase: str) -> Iterator[Occurrence]:
        for pattern in self.patterns:
            fixed_names = [name for name in pattern.groupindex if name.startswith(_FIXED)]
            for found in _all_matches(pattern, phrase):
                spans = tuple(
                    span for span in (found.span(name) for name in fixed_names) if span[0] >= 0 and span[1] > span[0]
                )
                yield Occurrence(found.start(), found.end(), spans)
        for pattern in self.literal:
            for found in _all_matches(pattern, phrase):
                start, end = found.span()
                yield Occurrence(start, end, ((start, end),) if end > start else ())


def _all_matches(pattern: re.Pattern[str], phrase: str) -> Iterator[re.Match[str]]:
    """Every match starting at a distinct position (overlapping ones too), leftmost first."""
    position = 0
    while position <= len(phrase):
        found = pattern.search(phrase, position)
        if found is None:
            return
        yield found
        position = found.start() + 1


def _trimmed(tree: list[Any]) -> list[Any]:
    """The tree without leading or trailing repeats that may match nothing (redundant under search)."""
    while len(tree) == 1 and tree[0][0] is _c.SUBPATTERN and not tree[0][1][1] and not tree[0][1][2]:
        tree = list(tree[0][1][3])
    while tree and tree[0][0] in REPEAT_OPS and tree[0][1][0] == 0:
        tree = tree[1:]
    while tree and tree[-1][0] in REPEAT_OPS and tree[-1][1][0] == 0:
        tree = tree[:-1]
    return tree


class _Marker:
    """Writes a tree back as a pattern with each run of literal characters in a named group."""

    def __init__(self) -> None:
        self.count = 0

    def sequence(self, tree: Sequence[Any]) -> str:
        out: list[str] = []
        run: list[Any] = []
        for op, av in tree:
            if op is _c.LITERAL:
                run.append((op, av))
                continue
            out.append(self._flush(run))
            run = []
            out.append(self.node(op, av))
        out.append(self._flush(run))
        return "".join(out)

    def _flush(self, run: list[Any]) -> str:
        if not run:
            return ""
        self.count += 1
        return f"(?P<{_FIXED}{self.count}>{unparse(run)})"

    def node(self, op: Any, av: Any) -> str:
        if op is _c.BRANCH:
            return "(?:" + "|".join(self.sequence(alt) for alt in av[1]) + ")"
        if op is _c.SUBPATTERN:
            _group, add, remove, body = av
            if add or remove:
                return unparse([(op, av)])
            return "(?:" + self.sequence(body) + ")"
        return unparse([(op, av)])


def _regex_own_text(regex: Regex) -> re.Pattern[str]:
    pattern = regex.pattern
    try:
        tree = _trimmed(list(parse(pattern)))
        if not tree or any(op is _c.GROUPREF or op is _c.GROUPREF_EXISTS for op, _av in walk(tree)):
            raise UnsupportedRegex("nothing left, or a backreference")
        return re.compile(flag_prefix(pattern.flags & GLOBAL_FLAGS) + _Marker().sequence(tree))
    except (UnsupportedRegex, re.error, RecursionError):
        return pattern


def _leaves(entry: Entry) -> tuple[Leaf, ...]:
    matcher = entry.data_matcher
    return () if matcher is None else matcher.leaves


@lru_cache(maxsize=4096)
def own_text(entry: Entry) -> OwnText:
    """The rule's own text (empty for a `when` rule, an intent or a default: they have no text)."""
    patterns: list[re.Pattern[str]] = []
    literal: list[re.Pattern[str]] = []
    for leaf in _leaves(entry):
        match leaf:
            case Keywords():
                # A keyword's own text is the keyword: all of what its search pattern matches is literal.
                literal.extend(leaf.patterns)
            case Regex():
                patterns.append(_regex_own_text(leaf))
            case _:
                assert_never(leaf)
    return OwnText(patterns, literal)


@lru_cache(maxsize=4096)
def _search_patterns(entry: Entry) -> tuple[re.Pattern[str], ...]:
    out: list[re.Pattern[str]] = []
    for leaf in _leaves(entry):
        match leaf:
            case Keywords():
                out.extend(leaf.patterns)
            case Regex():
                out.append(leaf.pattern)
            case _:
                assert_never(leaf)
    return tuple(out)


def _overlaps(pattern: re.Pattern[str], phrase: str, start: int, end: int) -> bool:
    """Whether some match of `pattern` shares at least one character with `phrase[start:end]`."""
    for found in _all_matches(pattern, phrase):
        if found.start() >= end:
            return False
        if found.end() > start and found.end() > found.start():
            return True
    return False


def matches_within(entry: Entry, phrase: str, start: int, end: int) -> bool:
    """Whether some match of the rule's own condition shares a character with `phrase[start:end]`.

    A near miss made by inserting a word is no near miss when the rule that
    claims it matches that inserted word: it says the word is a trigger.
    """
    return any(_overlaps(pattern, phrase, start, end) for pattern in _search_patterns(entry))


def _match_overlaps(pattern: re.Pattern[str], phrase: str, start: int, end: int) -> bool:
    """Whether the match `pattern` makes on `phrase` (its leftmost, as routing searches) shares a
    character with `phrase[start:end]`."""
    found = pattern.search(phrase)
    return found is not None and found.end() > found.start() and found.start() < end and found.end() > start


def meeting(earlier: Entry, later: Entry, phrase: str) -> Meeting | None:
    """How `earlier` meets `later` on `phrase` (None when the later rule has no text to share).

    Only the match the earlier rule makes (each of its patterns' leftmost) counts: in "cancel my
    trip trip protection" a rule on `trip` matches the first "trip", beside "trip protection", so
    the witness only glues two triggers (co-occurrence), although "trip" also occurs inside it.
    """
    texts = list(own_text(later).occurrences(phrase))
    if not texts:
        return None
    searches = _search_patterns(earlier)
    if not searches:
        return None
    wildcard = False
    for occurrence in texts:
        for pattern in searches:
            if any(_match_overlaps(pattern, phrase, s, e) for s, e in occurrence.fixed):
                return SHARED_FIXED
            if not wildcard and _match_overlaps(pattern, phrase, occurrence.start, occurrence.end):
                wildcard = True
    return SHARED_WILDCARD if wildcard else GLUED
