"""What the facts settle about every earlier rule of one later rule B, as sets of rules, before any search.

A graph of n rules has n(n-1)/2 pairs; `RuleQuestions.pairs` searches only
the pairs these sets leave open.  Each set is a Python integer used as bits
over entry positions, and each is exact in the direction it is used
(`tests/test_decided_dismissal.py` holds them to exhaustive searches on
random small graphs):

* `fixed_gate`, `own_gate`: the earlier rules that may match inside B's
  fixed words, or inside its own texts (`facts.FactsPlan.gates`: the laws'
  prefilter, then the word index with its edges).  A rule left out cannot.
* `gap`: the `infix` rules, which match inside B's own text where B has a
  free gap (they share that text).
* `meeting`: the rules surely matching a message B matches too (`facts`:
  `infix`, `prefix`, `suffix`, `room`), so co-occurring unless they share text.
* `apart`: the rules sharing no message with B (first characters, the ends
  of anchored rules, the lengths of their messages, rules that match nothing).
* `shown`: the rules shown to match inside B's own text by a text of B's as
  written (`shown_inside`) or by B's free gap: shared text, decided without
  a search.
* `walked`: the pairs the walk over pairs has always asked one by one, in
  rule order; findings and counted examples keep that order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from fuzzroute.decided.ends import disjoint
from fuzzroute.decided.facts import Facts, FactsPlan, starting_with
from fuzzroute.decided.languages import Languages
from fuzzroute.decided.literal_words import literal_words
from fuzzroute.decided.prefilter import Takers
from fuzzroute.decided.product import Rule, accepts
from fuzzroute.decided.word_index import folds_case, special_forms
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.literals import regex_texts
from fuzzroute.engine.matchers import Keywords


class Context(Protocol):
    """What these sets read of the questions' context (`questions.Context`), never changed."""

    @property
    def facts(self) -> Facts: ...
    @property
    def plan(self) -> FactsPlan: ...
    @property
    def languages(self) -> Languages: ...
    @property
    def entries(self) -> tuple[Entry, ...]: ...
    @property
    def takers(self) -> Takers: ...
    @property
    def finder(self) -> CellFinder: ...
    @property
    def texts(self) -> dict[int, str | None]: ...
    @property
    def exhaustive(self) -> bool: ...

#: Literal texts of one regex tried as its written texts (`written_texts`).
MAX_WRITTEN = 16


@dataclass(frozen=True)
class PairSets:
    """The sets of the module docstring, for one later rule (bits over entry positions)."""

    fixed_gate: int = 0
    own_gate: int = 0
    gap: int = 0
    first_meeting: int = 0
    meeting: int = 0
    first_apart: int = 0
    apart: int = 0
    walked: int = 0
    shown: int = 0


def pair_sets(
    context: Context, index: int, earlier: int, own: tuple[Rule, ...] | None, fixed: tuple[Rule, ...] | None
) -> PairSets:
    """The sets for later rule `index` over the readable earlier data rules `earlier` (see the module docstring)."""
    facts = context.facts
    wild = context.languages.rules[index].wild
    # A message that is one of B's own texts starts with one of these: A must be able to start there.
    can_start = starting_with(facts, facts.first_own.get(index, -1))
    if facts.empty_own >> index & 1:
        can_start |= facts.empty
    opened = earlier & can_start
    gates = context.plan.gates(index)
    laws_fixed = gates.laws_fixed & opened
    laws_own = gates.laws_own & opened if wild else 0
    fixed_gate = gates.fixed & opened
    own_gate = gates.own & opened if wild else 0
    gap = facts.infix & earlier if index in facts.gaps and wild else 0
    first_meeting = 0
    if facts.infix >> index & 1:
        first_meeting = (facts.infix | facts.prefix) & earlier
    elif facts.prefix >> index & 1:
        first_meeting = facts.infix & earlier
    meeting = (first_meeting | meeting_by_facts(context, index, earlier)) & earlier
    # Rules whose messages start with other characters than B's, and neither matches the empty message.
    first_apart = 0 if facts.empty >> index & 1 else earlier & ~facts.empty & ~starting_with(
        facts, facts.first.get(index, -1)
    )
    apart = first_apart | apart_by_ends(context, index, earlier)
    if own is None or fixed is None:  # B's own text is too large for the automata: no relation is decided
        fixed_gate, own_gate, gap, laws_fixed, laws_own = 0, 0, 0, 0, 0
    walked = laws_fixed | (laws_own & ~gap) | (earlier & ~first_meeting & ~first_apart)
    inside = 0 if context.exhaustive else shown_inside(context, context.entries[index], fixed_gate | own_gate,
                                                       meeting, own)
    return PairSets(fixed_gate, own_gate, gap, first_meeting, meeting, first_apart, apart, walked, gap | inside)


def meeting_by_facts(context: Context, index: int, earlier: int) -> int:
    """Earlier rules that surely meet B beyond the first facts (`Facts.suffix`, `Facts.room`).

    One matches every message ending with its text (`suffix`), the other
    every message holding its text between spaces (`infix`) or starting
    with it (`prefix`): the other's text, then its own.  Or one's text has
    room for any words (`room`) and the other is `infix`: its text put there.
    """
    facts = context.facts
    found = 0
    if facts.suffix >> index & 1:
        found |= (facts.infix | facts.prefix) & earlier
    if (facts.infix | facts.prefix) >> index & 1:
        found |= facts.suffix & earlier
    if facts.room >> index & 1:
        found |= facts.infix & earlier
    if facts.infix >> index & 1:
        found |= facts.room & earlier
    return found


def apart_by_ends(context: Context, index: int, earlier: int) -> int:
    """Earlier anchored rules whose messages never begin or end as B's do (`ends`): no message is both.

    A rule that matches no message (`Facts.nothing`) shares none with any
    rule, nor do two rules whose messages' lengths cannot agree.
    """
    facts = context.facts
    if facts.nothing >> index & 1:
        return earlier
    found = earlier & facts.nothing | _apart_by_length(facts, index, earlier)
    mine = facts.ends.get(index)
    if mine is None:
        return found
    for other, theirs in facts.ends.items():
        if other < index and earlier >> other & 1 and disjoint(theirs, mine):
            found |= 1 << other
    return found


def _apart_by_length(facts: Facts, index: int, earlier: int) -> int:
    """Earlier rules whose messages are all shorter, or all longer, than every message of B's."""
    least = facts.least.get(index)
    if least is None:
        return 0
    found = 0
    for most, rules in facts.by_most.items():
        if most < least:
            found |= rules
    most_here = facts.most.get(index)
    if most_here is not None:
        for fewest, rules in facts.by_least.items():
            if fewest > most_here:
                found |= rules
    return found & earlier


def _matches(entry: Entry, phrase: str) -> bool:
    matcher = entry.data_matcher
    try:
        return matcher is not None and matcher.matches(phrase)
    except RegexTimedOut:
        return False


def shown_inside(
    context: Context, b: Entry, candidates: int, meeting: int, own: tuple[Rule, ...] | None
) -> int:
    """The earlier rules of `candidates` (bits) that one of B's own texts as written shows matching inside it.

    Each text (`written_texts`) that B's own reading of its part accepts is
    run through the compiled matchers of the candidates, and a rule that
    matches it and whose automata accept it too is shown: the search for a
    text of B that the rule matches could not come back empty.  For an
    all-of, a part's text is not a message of the rule: the pair is shown
    only where the rules are known to meet (`meeting`), so that a message of
    both shows the shared text (`RuleQuestions.message_of`); an `infix` rule
    is shown by a part whose own text has a free gap (`Facts.part_gaps`).
    """
    if own is None or not candidates:
        return 0
    facts = context.facts
    single = len(own) == 1
    found = 0
    if not single:
        candidates &= meeting
        if facts.part_gaps >> b.index & 1:
            found = candidates & facts.infix  # its text between spaces fits the part's free gap
    finder = context.finder
    for position, text in written_texts(context, b.index):
        left = candidates & ~found
        if not left:
            break
        cells = tuple(finder.cell(ch) for ch in text)
        if not accepts(own[position], cells) or (single and not _matches(b, text)):
            continue
        for index in context.takers.matching(text, left):
            if accepts(context.languages.search(index), cells):
                found |= 1 << index
    return found


def written_texts(context: Context, index: int) -> list[tuple[int, str]]:
    """Rule `index`'s texts as its author wrote them, per part: its keywords, a regex's literal texts and words.

    A part that folds case also gives each text with one letter written as
    the non-ASCII character case folding equates with it (`special_forms`):
    next to it an ASCII word edge holds ("baco" as a keyword matches inside
    "bacoki" with the Kelvin sign for its k).
    """
    leaves = context.languages.rules[index].leaves
    found: dict[tuple[int, str], None] = {}
    whole = context.texts.get(index)
    if whole and len(leaves) == 1:
        found[(0, whole)] = None
    for position, leaf in enumerate(leaves):
        if isinstance(leaf, Keywords):
            texts: list[str] = list(leaf.keywords)
        else:
            literal = regex_texts(leaf.pattern)
            texts = sorted(literal) if literal is not None and len(literal) <= MAX_WRITTEN else []
            words = literal_words(leaf.pattern)
            if words:
                texts.append(words)
        for text in texts:
            found[(position, text)] = None
        if folds_case(leaf):
            for text in texts:
                for variant in special_forms(text):
                    found[(position, variant)] = None
    return list(found)
