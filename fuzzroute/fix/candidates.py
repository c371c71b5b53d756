"""Candidate edits for a decided finding, smallest first, each with the set of messages it may move.

For a shared-text or never-wins pair (an earlier rule E takes messages a
later rule L is written for) the candidates are narrowings of E, so it no
longer matches the witness (one keyword taken out, one alternative of its
regex taken out, a `\\b` or a `^` added; never a lookaround, which the
automata cannot prove), then L moved above E.  Either may move only the
messages both rules match.  For a `[M-m]` range, the range's two letters.

A candidate is only a proposal: `prove` decides what it does to every
message, and `choose` keeps the safe ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from fuzzroute.authoring.rule_edits import MoveRule, RemoveKeyword, RuleEdit, SetRegex, built_regex, leaves
from fuzzroute.decided.literal_words import case_ranges
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import DeclarationError
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Regex, keyword_pattern
from fuzzroute.fix import regex_text
from fuzzroute.fix.allowed import Allowed, Escape, both, only_before
from fuzzroute.fix.gaps import Gap

FixKind = Literal["add-keywords", "case-flag", "regex-edit", "case-range", "narrow", "reorder"]
#: Narrowings tried per pair at most (each is proved, so the count bounds the work).
MOST_NARROWINGS: Final = 6


@dataclass(frozen=True)
class Candidate:
    """One proposed fix: the edits, how the listing says it, and the messages it may move."""

    kind: FixKind
    edits: tuple[RuleEdit, ...]
    said: str
    allowed: Allowed
    #: Phrases the fix declares as examples (they must pass once it is made).
    declared: tuple[str, ...] = ()
    #: Texts to show first as witnesses of what moves (the finding's own phrase).
    shown: tuple[str, ...] = field(default=())

    @property
    def narrowing(self) -> bool:
        return self.kind == "narrow"


def name(entry: Entry) -> str:
    return f'"{entry.id}" (rule #{entry.index + 1})'


def with_leaf(entry: Entry, leaf: int, new: Regex | Keywords) -> DataMatcher:
    """The rule's matcher with one leaf replaced (the rule itself when it has one leaf)."""
    parts = list(leaves(entry))
    parts[leaf] = new
    matcher = entry.data_matcher
    return AllOf(tuple(parts)) if isinstance(matcher, AllOf) else parts[0]


def regex_or_none(like: Regex, source: str, flags: str, entry: Entry) -> Regex | None:
    try:
        return built_regex(like, source, flags, f'entry "{entry.id}"')
    except (DeclarationError, re.error, RecursionError, ValueError):
        return None


def _narrowed_regexes(source: str) -> list[tuple[str, str]]:
    """Narrower sources of a regex, smallest change first: an alternative cut, a `\\b` added, a `^` added."""
    out: list[tuple[str, str]] = []
    for start, end in regex_text.alternatives(source):
        cut = source[start:end].strip("|")
        out.append((source[:start] + source[end:], f"take the alternative `{cut}` out"))
    for offset, side in regex_text.word_edges(source):
        out.append((source[:offset] + "\\b" + source[offset:], f"add `\\b` {side} `{_word_at(source, offset, side)}`"))
    if not source.startswith("^"):
        out.append(("^" + source, "anchor it at the start of the message (`^`)"))
    return out


def _word_at(source: str, offset: int, side: str) -> str:
    if side == "before":
        found = re.match(r"\w+", source[offset:])
        return found.group(0) if found else source[offset:offset + 8]
    found = re.search(r"\w+$", source[:offset])
    return found.group(0) if found else source[max(0, offset - 8):offset]


def narrowings(earlier: Entry, later: Entry, witness: str) -> list[Candidate]:
    """Edits of `earlier` after which it no longer matches `witness` (the later rule's own words)."""
    found: list[Candidate] = []
    matcher = earlier.data_matcher
    later_matcher = later.data_matcher
    if matcher is None or later_matcher is None:
        return found
    allowed = both(f"messages both {name(earlier)} and {name(later)} match", matcher, later_matcher)
    for position, leaf in enumerate(leaves(earlier)):
        if not leaf.matches(witness):
            continue
        if isinstance(leaf, Keywords):
            if len(leaf.keywords) < 2:
                continue
            for word in leaf.keywords:
                if re.search(keyword_pattern(word), witness, re.IGNORECASE):
                    found.append(Candidate(
                        "narrow", (RemoveKeyword(earlier.index, position, word),),
                        f"take the keyword {word!r} out of {name(earlier)}", allowed, shown=(witness,),
                    ))
            continue
        if leaf.flags and "x" in leaf.flags:
            continue
        for source, how in _narrowed_regexes(leaf.source):
            new = regex_or_none(leaf, source, leaf.flags, earlier)
            if new is None or new.matches(witness):
                continue
            found.append(Candidate(
                "narrow", (SetRegex(earlier.index, position, source, leaf.flags),),
                f"narrow {name(earlier)}: {how}, giving `/{source}/{leaf.flags}`", allowed, shown=(witness,),
            ))
    return found[:MOST_NARROWINGS]


def reorder(later: Entry, takers: Sequence[Entry]) -> Candidate | None:
    """`later` moved just above the first rule taking its messages."""
    first = min(takers, key=lambda e: e.index)
    later_matcher = later.data_matcher
    matchers = [t.data_matcher for t in takers]
    if later_matcher is None or any(m is None for m in matchers):
        return None
    takers_said = " or ".join(name(t) for t in takers)
    allowed = Allowed(
        f"messages both {name(later)} and {takers_said} match",
        (Escape(must_not=(later_matcher,)), Escape(must_not=tuple(m for m in matchers if m is not None))),
    )
    return Candidate(
        "reorder", (MoveRule(later.index, first.index),), f"move {name(later)} above {name(first)}", allowed,
    )


def pair_candidates(gap: Gap) -> list[Candidate]:
    """Narrowings of the one earlier rule (when one rule takes the messages), then the reorder."""
    found: list[Candidate] = []
    if len(gap.takers) == 1 and gap.phrase is not None:
        found.extend(narrowings(gap.takers[0], gap.rule, gap.phrase))
    moved = reorder(gap.rule, gap.takers) if gap.takers else None
    if moved is not None:
        found.append(replace(moved, shown=() if gap.phrase is None else (gap.phrase,)))
    return found


def case_range_candidates(entry: Entry) -> list[Candidate]:
    """Every capital-to-small range of the rule's regexes written as the letters meant."""
    edits: list[RuleEdit] = []
    for position, leaf in enumerate(leaves(entry)):
        if not isinstance(leaf, Regex):
            continue
        ranges = case_ranges(leaf.pattern)
        if not ranges:
            continue
        source = leaf.source
        for start, end in reversed(regex_text.class_spans(source)):
            body = source[start:end]
            for found in ranges:
                body = body.replace(found.written, found.fix[1:-1])
            source = source[:start] + body + source[end:]
        if source != leaf.source:
            edits.append(SetRegex(entry.index, position, source, leaf.flags))
    matcher = entry.data_matcher
    if not edits or matcher is None:
        return []
    parts = list(leaves(entry))
    for edit in edits:
        assert isinstance(edit, SetRegex)
        like = parts[edit.leaf]
        assert isinstance(like, Regex)
        new = regex_or_none(like, edit.source, edit.flags, entry)
        if new is None:
            return []
        parts[edit.leaf] = new
    fixed: DataMatcher = AllOf(tuple(parts)) if isinstance(matcher, AllOf) else parts[0]
    shown = ", ".join(f"`/{e.source}/`" for e in edits if isinstance(e, SetRegex))
    return [Candidate(
        "case-range", tuple(edits), f"write the range's letters in {name(entry)}: {shown}",
        only_before(f"messages {name(entry)} matched only through a range's other characters", matcher, fixed),
    )]
