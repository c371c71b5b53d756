"""The questions about one data rule B, answered by automata within a bound counted in automaton states.

For rule B, against every earlier data rule A the automata read:

1. *Shared text.*  Does A match inside B's own text (what B matches, with
   the wildcards search makes redundant taken off its ends; for an all-of,
   one of its parts' texts)?  First inside B's fixed words (B's wildcards
   reading only blank characters, that no rule's literal is), then
   anywhere in B's own text, where only B's wildcards absorb A's words.
   Either is a finding about the pair, listed with a witness that is B's
   own text.  `pair_sets` keeps most pairs away from these searches: the
   laws' prefilter and the word index (`word_index`) over B's own texts
   rule A out; an A that matches any text holding its own text between
   spaces shares every text of a B with a free gap; and an A that matches
   one of B's texts as written shares it.  Such a pair is searched only for
   the witness of a finding that may still be listed, in `witnessing`,
   where its searches spend no bound.
2. *Co-occurrence.*  Otherwise, do A and B match a common message at all?
   Two rules that each match any message holding their own text between
   spaces do; for the rest the witness is looked for in their own texts
   side by side (the compiled matchers judge), in A's own text matched by
   B, and in the product of both automata, which also proves disjointness.
   Co-occurring and disjoint pairs are counted, not listed; `pair_sets`
   settles most of them from facts (how rules meet, how anchored rules'
   messages begin and end).
3. *Never wins.*  Is every message B matches also matched by earlier data
   rules?  Found by refining a set of earlier rules with counter-witnesses:
   B's own text first; whatever earlier data rules match the current
   counter-witness (run with the compiled matchers) join the set, and the
   automata look for a message of B that none of the set matches.  None: B
   never wins.  One no earlier data rule matches: B can win (counted).
   Where such a rule is counted and never shown (`Context.any_winner`), a
   message of B no earlier data rule matches among its examples and texts
   as written (`untaken`) shows it first, without the cover's searches.

Some answers need no search, and then none is run (`Context.exhaustive`
runs them all, for the test that holds the two equal): when minimising a
cover, a message of B found on the way (a counter-witness, or what a
search of the minimisation found) that none of the other rules matches
keeps the rule that took it; a cover is proven when each keyword of one
of B's keyword lists is listed by a keyword rule of it, or when one of
its rules alone covers B (one search excluding that rule, asked once and
kept); B's own text shows B matches some message, and, as written, that an
earlier rule matches inside it, where the search could not run out.  Each
proves exactly what the search over all the rules would answer, so the
decisions are the same wherever those searches finish within their
bounds; only fewer states are spent.

Shared text beyond the graph-wide listing (`tier.Listing`) is only
counted: once the listing of its kind is full, it is verified and counted
without its item (`counted_as_matched`, `counted_unbuilt`).

Every search counts its states against `max_states` per question and
`rule_states` for all questions about B (but a search for a witness only);
past a bound a question is undecided with the bound as its reason.  No clock is read: the same graph
gives the same answers on any machine, under any load, on any number of
processes (each rule's questions depend only on the rule and those before).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fuzzroute.decided.advice import with_advice
from fuzzroute.decided.decisions import (
    CAN_WIN,
    CO_OCCURRENCE,
    CONTAINMENT,
    FIXED_WORDS,
    MATCHER,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    PAIR,
    SHARED_TEXT,
    UNDECIDED,
    WILDCARD,
    DecidedItem,
)
from fuzzroute.decided.facts import Facts, FactsPlan, bits, first, gather, ones, plan_facts
from fuzzroute.decided.languages import Languages
from fuzzroute.decided.pair_sets import pair_sets
from fuzzroute.decided.prefilter import Takers
from fuzzroute.decided.product import FOUND, LIMIT, NONE, Outcome, Rule, accepts, search
from fuzzroute.decided.readable import spaced, worded
from fuzzroute.decided.untaken import untaken_message
from fuzzroute.decided.verify import claims_follow_matches, verify
from fuzzroute.decided.wording import live_law, quoted, rule, rules
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import Keywords

#: Automaton states one question may visit.
MAX_STATES = 20_000
#: Automaton states all the questions about one rule may visit together.
RULE_STATES = 400_000
#: States a search for a more readable witness may visit; it only picks the witness.
READABLE_STATES = 400
#: Up to this many containing rules, the list is reduced to the rules actually needed.
MINIMISE_UP_TO = 8
#: Items about one rule kept for listing at most (the graph-wide caps are applied in rule order).
LISTED_PER_RULE = 50
#: Examples kept per counted kind of pair.
EXAMPLES = 5

DISJOINT_RELATION = "disjoint"
UNDECIDED_RELATION = "undecided"


def _matches(entry: Entry, phrase: str) -> bool:
    """Whether the rule's compiled matcher surely matches (a regex re could not finish on does not)."""
    matcher = entry.data_matcher
    try:
        return matcher is not None and matcher.matches(phrase)
    except RegexTimedOut:
        return False


@dataclass
class Context:
    """What every rule's questions read: the graph, its automata, prefilters and facts (never changed)."""

    graph: Graph
    languages: Languages
    takers: Takers
    facts: Facts
    #: What each rule's facts and gates read of the whole graph (`facts.FactsPlan`).
    plan: FactsPlan
    max_states: int = MAX_STATES
    rule_states: int = RULE_STATES

    #: The graph's entries (`Graph.entries` builds a new tuple on every call) and its data rules as bits.
    entries: tuple[Entry, ...] = ()
    data: int = 0
    #: The positions of the `when` rules, and of the first unconditional entry (None: there is none), read
    #: once so a rule's answers do not scan every rule before it.
    whens: tuple[int, ...] = ()
    first_default: int | None = None
    #: Every shortcut of `shortcuts` off: the same decisions by the searches alone (the test holds them equal).
    exhaustive: bool = False
    #: Whether a rule that can start a turn may be shown by any verified message of it, not the search's
    #: shortest one (what `check` and `report` ask: they count such rules, never show them).
    any_winner: bool = False
    #: Whether an overlap's witness is verified by the matchers alone (`verify.claims_follow_matches`).
    claims_follow_matches: bool = False
    #: Whether the graph-wide listing of shared text of a strength, or of a counted kind's examples, is
    #: complete (`Listing.full`): what a rule would add there is no longer built.  On one process rules are
    #: answered and listed in order, so it is known when a rule's questions run; on a pool, flags the parent
    #: raises (`pool`).  None: nothing is known to be complete.
    full: Callable[[str], bool] | None = None

    @classmethod
    def of(
        cls, graph: Graph, languages: Languages, max_states: int, rule_states: int, exhaustive: bool = False,
        facts: Facts | None = None, plan: FactsPlan | None = None,
    ) -> Context:
        entries = graph.entries
        data = bits([e.index for e in entries if e.data_matcher is not None])
        plan = plan_facts(graph, languages) if plan is None else plan
        facts = gather(graph, languages, plan=plan) if facts is None else facts
        context = cls(graph, languages, Takers(graph), facts, plan, max_states, rule_states)
        context.entries, context.data = entries, data
        context.whens = tuple(e.index for e in entries if e.when is not None)
        context.first_default = next((e.index for e in entries if e.is_unconditional), None)
        context.exhaustive = exhaustive
        context.claims_follow_matches = claims_follow_matches(graph)
        return context

    @functools.cached_property
    def finder(self) -> CellFinder:
        """The cell of each character, over the graph's alphabet."""
        return CellFinder(self.languages.cells)

    def defaults_before(self, index: int) -> bool:
        """Whether an unconditional entry is declared before entry `index`."""
        return self.first_default is not None and self.first_default < index

    def readable(self, index: int) -> bool:
        """Whether the automata read rule `index` (its reason is kept on the rule otherwise)."""
        return bool(self.facts.readable >> index & 1)

    @property
    def texts(self) -> dict[int, str | None]:
        return self.facts.texts


@dataclass
class Answers:
    """What the questions about one rule produced, and what they cost."""

    rule: int
    items: list[DecidedItem] = field(default_factory=list)
    co_occurrence: int = 0
    disjoint: int = 0
    undecided: int = 0
    #: Counted pairs beyond the listed items: (relation, [(earlier index, witness)]) examples.
    examples: dict[str, list[tuple[int, str | None]]] = field(default_factory=dict)
    unlisted: dict[str, int] = field(default_factory=dict)
    can_win: bool = False
    #: Per relation, the earlier rules (bits over entry positions) that meet the rule that way.
    relations: dict[str, int] = field(default_factory=dict)
    #: The states and searches the decisions took: the rule's bound and the run's count these.  Searches
    #: made only for a witness of a decision already made are counted apart: they are not made once such
    #: witnesses are only counted (`Context.full`), so the decisions and their bounds do not depend on it.
    states: int = 0
    searches: int = 0
    witness_states: int = 0
    witness_searches: int = 0


class _Witnessing:
    def __init__(self, questions: RuleQuestions) -> None:
        self.questions = questions

    def __enter__(self) -> None:
        self.questions._witnessing += 1

    def __exit__(self, *exc: object) -> None:
        self.questions._witnessing -= 1


class RuleQuestions:
    """The questions about rule `index` (see the module docstring); `run()` answers them."""

    def __init__(self, context: Context, index: int) -> None:
        self.context = context
        self.graph = context.graph
        self.languages = context.languages
        self.facts = context.facts
        self.entries = context.entries
        self.entry = context.entries[index]
        self.answers = Answers(index)
        self._listed: dict[str, int] = {}
        #: Per earlier rule, whether it alone matches every message of this rule (`covers_alone`).
        self._alone: dict[int, bool] = {}
        #: Above 0 while searches only look for witnesses (`witnessing`).
        self._witnessing = 0
        #: Per earlier rule (and whether for a witness), the search for a message both it and B match.
        self._products: dict[tuple[int, bool], Outcome] = {}

    # -- searching ---------------------------------------------------------------
    def ask(self, must: Sequence[Rule], must_not: Sequence[Rule] = (), cap: int | None = None) -> Outcome:
        if self._witnessing:
            # Only a witness is being looked for: the decision is made, and the rule's bound is not spent.
            outcome = search(must, must_not, self.languages.cells,
                             max_states=self.context.max_states if cap is None else cap)
            self.answers.witness_states += outcome.states
            self.answers.witness_searches += 1
            return outcome
        left = self.context.rule_states - self.answers.states
        if left <= 0:
            return Outcome(LIMIT, reason=self._spent_reason())
        limit = min(self.context.max_states if cap is None else cap, left)
        outcome = search(must, must_not, self.languages.cells, max_states=limit)
        self.answers.states += outcome.states
        self.answers.searches += 1
        if outcome.verdict == LIMIT and limit == left and (cap is None or cap > left):
            return Outcome(LIMIT, reason=self._spent_reason(), states=outcome.states)
        return outcome

    def left(self) -> int:
        """States a search may still visit: the question's bound, within what is left of the rule's."""
        if self._witnessing:
            return self.context.max_states
        return min(self.context.max_states, self.context.rule_states - self.answers.states)

    def witnessing(self) -> contextlib.AbstractContextManager[None]:
        """Within it, searches only look for witnesses of decisions already made (`ask`)."""
        return _Witnessing(self)

    def _spent_reason(self) -> str:
        return f"the bound of {self.context.rule_states} automaton states for the questions about one rule was spent"

    def own_text(self, index: int) -> str | None:
        return self.context.texts.get(index)

    def _add(self, item: DecidedItem) -> None:
        self.answers.items.append(item)

    def _example(self, relation: str, earlier: int, witness: str | None) -> None:
        examples = self.answers.examples.setdefault(relation, [])
        if len(examples) < EXAMPLES:
            examples.append((earlier, witness))

    # -- the questions -------------------------------------------------------------
    def run(self) -> Answers:
        b = self.entry
        try:
            lang_b = self.languages.search(b.index)
        except Undecidable as error:
            reason = with_advice(str(error))
            self._add(
                DecidedItem(
                    UNDECIDED, MATCHER, b,
                    f"{rule(b)} is undecided: the automata stopped at {reason}. Until then no question about "
                    "this rule is decided; the generated suggestions still sample it.",
                    reason=reason,
                )
            )
            return self.answers
        earlier = self.context.data & ((1 << b.index) - 1)
        self.pairs(lang_b, earlier)
        if self.graph.order_decides:
            unreadable = [self.entries[i] for i in ones(earlier & ~self.facts.readable)]
            self.containment(lang_b, earlier, unreadable)
        return self.answers

    # -- 1 and 2: how each earlier rule meets B -------------------------------------
    def pairs(self, lang_b: Rule, earlier: int) -> None:
        """How every earlier rule meets B: searched one by one only where the facts leave the pair open.

        The findings and counted examples come out in the order of the walk
        over the pairs the laws' prefilter and the first facts leave open
        (`walked`), then the pairs settled in bulk, as they always have: the
        listing keeps the first of them.  Pairs the word index, the ends of
        anchored rules or the suffix facts settle are kept in that order too.
        """
        b = self.entry
        earlier_bits = earlier & self.facts.readable
        if not earlier_bits:
            return
        own = self.languages.own(b.index)
        fixed = self.languages.fixed(b.index)
        settled = pair_sets(self.context, b.index, earlier_bits, own, fixed)
        fixed_gate, own_gate, gap_bulk = settled.fixed_gate, settled.own_gate, settled.gap
        meeting, apart, walked, shown = settled.meeting, settled.apart, settled.walked, settled.shown
        first_meeting = settled.first_meeting
        counting = self.counting()
        inside = fixed_gate | (own_gate & ~gap_bulk) | (gap_bulk & walked)
        if counting:
            inside &= ~shown
        asked = inside | (earlier_bits & ~meeting & ~apart & ~shown)
        relations = {SHARED_TEXT: 0, CO_OCCURRENCE: 0, DISJOINT_RELATION: 0, UNDECIDED_RELATION: 0}
        phrases: dict[int, str | None] = {}
        spent = False
        for index in ones(asked):
            bit = 1 << index
            a = self.entries[index]
            lang_a = self.languages.search(index)
            if bit & shown:
                with self.witnessing():
                    self.witness_shared(a, lang_a, own, fixed, bool(bit & fixed_gate), bool(bit & own_gate),
                                        bool(bit & gap_bulk))
                relations[SHARED_TEXT] |= bit
                continue
            if spent:
                continue
            if self.answers.states >= self.context.rule_states:
                rest = asked & ~shown & ~((1 << index) - 1)
                self._not_asked(ones(rest))
                relations[UNDECIDED_RELATION] |= rest
                spent = True
                continue
            relation = self.relate(a, lang_a, lang_b, own, fixed, bool(bit & fixed_gate), bool(bit & own_gate),
                                   bool(bit & gap_bulk), bool(bit & meeting), bool(bit & apart), phrases)
            relations[relation] |= bit
        # The pairs no search was needed for.
        bulk_shared = shown & ~asked
        shared = bulk_shared.bit_count()
        if not counting:
            for index in first(bulk_shared, LISTED_PER_RULE):  # the rest are counted, not built
                self.shared(self.entries[index], self.gap_witness(index), WILDCARD)
            shared -= min(shared, LISTED_PER_RULE)
        if shared:
            self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + shared
        relations[SHARED_TEXT] |= bulk_shared
        relations[CO_OCCURRENCE] |= meeting & ~asked & ~bulk_shared
        relations[DISJOINT_RELATION] |= apart & ~asked & ~bulk_shared
        self.answers.co_occurrence += relations[CO_OCCURRENCE].bit_count()
        self.answers.disjoint += relations[DISJOINT_RELATION].bit_count()
        self.counted_examples(relations, walked, first_meeting, phrases)
        self.answers.relations = relations

    def witness_shared(
        self, a: Entry, lang_a: Rule, own: tuple[Rule, ...] | None, fixed: tuple[Rule, ...] | None,
        fixed_candidate: bool, own_candidate: bool, in_gap: bool,
    ) -> None:
        """The finding of a pair decided shared text (`pairs`), its witness found as `relate` finds it.

        Asked within `witnessing`: its searches spend no bound.  A pair the
        searches do not show (one ran out) is counted, as every such pair is
        once the listing is complete.  Once the listing of shared text in
        wildcards is complete (`counted`), a pair not shown in B's fixed words
        is counted without looking for its witness: whatever that witness,
        `shared` would count it.
        """
        if fixed_candidate and fixed is not None:
            outcome = self.evident_inside(fixed, a, lang_a) or self.inside(fixed, lang_a)
            if outcome.verdict == FOUND and self.shared(a, outcome.phrase, FIXED_WORDS):
                return
        if self.counted(WILDCARD):
            self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + 1
            return
        if in_gap:
            self.shared(a, self.gap_witness(a.index), WILDCARD)
            return
        if own_candidate and own is not None:
            outcome = self.evident_inside(own, a, lang_a) or self.inside(own, lang_a)
            if outcome.verdict == FOUND and self.shared(a, outcome.phrase, WILDCARD):
                return
        self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + 1

    def counted(self, strength: str) -> bool:
        """Whether shared text of `strength` is only counted from here on: its listing is complete
        (`Context.full`) and an overlap is verified by the matchers alone (`verify.claims_follow_matches`)."""
        full = self.context.full
        return (
            self.context.claims_follow_matches and not self.context.exhaustive and full is not None and full(strength)
        )

    def counting(self) -> bool:
        """Whether all shared text is only counted from here on (`counted`, both strengths)."""
        return self.counted(FIXED_WORDS) and self.counted(WILDCARD)

    def counted_examples(
        self, relations: dict[str, int], walked: int, first_meeting: int, phrases: dict[int, str | None]
    ) -> None:
        """The first co-occurring and disjoint pairs of B as examples, in the order the walk over the pairs gave.

        First the pairs of `walked` (a co-occurring one shows the rules' texts
        side by side when the first facts knew it, else the message `meet`
        finds), then the others (side by side).  Skipped once the graph-wide
        examples are complete (`Context.full`): nothing would read them.
        """
        full = self.context.full
        for relation in (CO_OCCURRENCE, DISJOINT_RELATION):
            if full is not None and full(relation):
                continue
            found = relations[relation]
            for index in (*first(found & walked, EXAMPLES), *first(found & ~walked, EXAMPLES))[:EXAMPLES]:
                witness: str | None = None
                if relation == CO_OCCURRENCE:
                    if not walked >> index & 1 or first_meeting >> index & 1:
                        witness = self.side_by_side(index)
                    elif index in phrases:
                        witness = phrases[index]
                    else:
                        with self.witnessing():
                            witness = self.meet(self.entries[index], self.languages.search(index),
                                                self.languages.search(self.entry.index)).phrase
                self._example(relation, index, witness)

    def gap_witness(self, index: int) -> str | None:
        text, inside = self.own_text(self.entry.index), self.own_text(index)
        where = self.facts.gaps.get(self.entry.index)
        if text is None or inside is None or where is None:
            return None
        return f"{text[:where]} {inside} {text[where:]}"

    def side_by_side(self, index: int) -> str | None:
        first, second = self.own_text(index), self.own_text(self.entry.index)
        return None if first is None or second is None else f"{first} {second}"

    def relate(
        self, a: Entry, lang_a: Rule, lang_b: Rule, own: tuple[Rule, ...] | None, fixed: tuple[Rule, ...] | None,
        fixed_candidate: bool, own_candidate: bool, in_gap: bool, overlaps: bool, apart: bool,
        phrases: dict[int, str | None],
    ) -> str:
        """The relation of earlier rule `a` to B, recording the finding or undecided question.

        A co-occurring pair's message, when `meet` found one, is kept in
        `phrases` (the first pairs are shown as examples).
        """
        undecided: str | None = None
        if fixed_candidate and fixed is not None:
            outcome = self.evident_inside(fixed, a, lang_a) or self.inside(fixed, lang_a)
            if outcome.verdict == FOUND and self.shared(a, outcome.phrase, FIXED_WORDS):
                return SHARED_TEXT
            if outcome.verdict == LIMIT:
                undecided = outcome.reason
        if in_gap:
            self.shared(a, self.gap_witness(a.index), WILDCARD)
            return SHARED_TEXT
        if own_candidate and own is not None and undecided is None:
            outcome = self.evident_inside(own, a, lang_a) or self.inside(own, lang_a)
            if outcome.verdict == FOUND and self.shared(a, outcome.phrase, WILDCARD):
                return SHARED_TEXT
            if outcome.verdict == LIMIT:
                undecided = outcome.reason
        if undecided is not None:
            self.undecided_pair(a, f"whether it matches inside the later rule's own text is undecided: {undecided}")
            return UNDECIDED_RELATION
        if overlaps:
            return CO_OCCURRENCE
        if apart:
            return DISJOINT_RELATION
        outcome = self.meet(a, lang_a, lang_b)
        if outcome.verdict == FOUND:
            phrases[a.index] = outcome.phrase
            return CO_OCCURRENCE
        if outcome.verdict == NONE:
            return DISJOINT_RELATION
        self.undecided_pair(a, f"whether they can match the same message is undecided: {outcome.reason}")
        return UNDECIDED_RELATION

    def evident_inside(self, readings: tuple[Rule, ...], a: Entry, lang_a: Rule) -> Outcome | None:
        """A's match inside B's text shown by B's own text as written, when that settles `inside` unsearched.

        For a rule of one reading, whose own text as written (`texts`) that
        reading accepts and A's automata accept too, the search of `inside`
        would surely find a text (it cannot run out: the two automata have
        fewer states together than the bound left).  Which text it finds is
        never shown: `shared` replaces it by the own text as written whenever
        both compiled matchers match that, which is asked here too.  So the
        own text stands for the search's answer.  None: not settled this way.
        """
        if self.context.exhaustive or len(readings) != 1:
            return None
        b = self.entry
        text = self.own_text(b.index)
        own = self.languages.own(b.index)
        if not text or own is None or len(own) != 1:
            return None
        (reading,) = readings
        size = 1
        for part in (*reading.parts, *lang_a.parts):
            size *= part.states
        if size >= self.left():
            return None
        cells = self.cells_of(text)
        if not (accepts(reading, cells) and accepts(lang_a, cells) and _matches(a, text) and _matches(b, text)):
            return None
        return Outcome(FOUND, text)

    def inside(self, readings: tuple[Rule, ...], lang_a: Rule) -> Outcome:
        """A text of one of B's readings (one per part) that A matches; LIMIT if a search ran out."""
        limited: Outcome | None = None
        for reading in readings:
            outcome = self.ask([reading, lang_a])
            if outcome.verdict == FOUND:
                return outcome
            if outcome.verdict == LIMIT:
                limited = outcome
        return limited if limited is not None else Outcome(NONE)

    def shared(self, a: Entry, text: str | None, strength: str) -> bool:
        """A finding: `a` matches inside B's own text `text`; False when no message of B shows it (an all-of).

        For a rule of one part, its own text is a message it matches.  For an
        all-of, a part's own text must still be completed into a message of
        the whole rule that `a` also matches.
        """
        b = self.entry
        own = self.languages.own(b.index)
        written = self.own_text(b.index)  # B's words as its author wrote them, when the automata accept them
        if written is not None and text is not None and _matches(a, written) and _matches(b, written):
            text = written
        witness = text if own is not None and len(own) == 1 else self.message_of(a, text)
        if witness is None:
            return False
        if self.counted_as_matched(a, witness, strength):
            return True
        witness = worded(witness, lambda phrase: _matches(a, phrase) and _matches(b, phrase))
        if text is not None and own is not None and len(own) == 1:
            text = witness  # the own text, read as words
        witness = self.declared(lambda phrase: _matches(a, phrase) and _matches(b, phrase)
                                and self._started_by(phrase, a.index)) or witness
        if not self._listable(strength):
            self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + 1
            self._example(SHARED_TEXT, a.index, witness)
            return True
        if self.counted_unbuilt(a, witness, strength):
            return True
        # The message is written only if the item is listed (`overlap_message`): most are counted.
        said = quoted(text) if text is not None else "one of its own texts"
        self._add(
            DecidedItem(
                OVERLAP, PAIR, b, "", witness=witness, other=a, relation=SHARED_TEXT, shared_in=strength, said=said,
            )
        )
        return True

    def counted_as_matched(self, a: Entry, witness: str, strength: str) -> bool:
        """`counted_unbuilt` before the witness is reworded: where the matchers alone verify an overlap.

        Rewording (`worded`) and a declared example only ever replace the
        witness by one both matchers match; so when both match it already, the
        final witness passes verification too, and a shared text the listing
        would only count is counted as is (it is listable on this rule, as
        `_listable` would have found, and counts there).
        """
        full = self.context.full
        if not self.context.claims_follow_matches or full is None or not full(strength):
            return False
        listed = self._listed.get(strength, 0)
        if listed >= LISTED_PER_RULE or not (_matches(a, witness) and _matches(self.entry, witness)):
            return False
        self._listed[strength] = listed + 1
        self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + 1
        return True

    def counted_unbuilt(self, a: Entry, witness: str, strength: str) -> bool:
        """Count a verified shared text without building its item, when the graph-wide listing is already full.

        The listing (`tier.Listing`) would only count it: no room is left
        for its kind and the counted pairs have all their examples.  Its
        witness is verified here as `pool.check` would; one the matchers
        contradict is built after all, so the defect is reported in its place.
        """
        full = self.context.full
        if full is None or not full(strength):
            return False
        probe = DecidedItem(OVERLAP, PAIR, self.entry, "", witness=witness, other=a, relation=SHARED_TEXT,
                            shared_in=strength)
        if verify(self.graph, probe, claims=not self.context.claims_follow_matches) is not None:
            return False
        self.answers.unlisted[SHARED_TEXT] = self.answers.unlisted.get(SHARED_TEXT, 0) + 1
        return True

    def declared(self, fits: Callable[[str], bool]) -> str | None:
        """B's first declared example that shows the finding: what its author wrote, read before any text of ours."""
        for example in self.entry.examples or ():
            if fits(example):
                return example
        return None

    def _started_by(self, phrase: str, last: int) -> bool:
        """Whether both laws start rule `last` or an earlier one on `phrase` (as `verify` checks an overlap)."""
        try:
            claims = self.graph.claims(phrase)
        except RegexTimedOut:
            return False
        return all(c is not None and c.index <= last for c in (claims.cascade, claims.cold_walk))

    def _listable(self, strength: str) -> bool:
        listed = self._listed.get(strength, 0)
        if listed < LISTED_PER_RULE:
            self._listed[strength] = listed + 1
            return True
        return False

    def message_of(self, a: Entry, text: str | None) -> str | None:
        """A message both rules match that shows the shared text: the text itself, or (all-of) with the rest."""
        b = self.entry
        if text is None:
            return None
        if _matches(a, text) and _matches(b, text):
            return text
        rest = self.own_text(b.index)
        if rest is not None:
            for candidate in (rest, f"{text} {rest}", f"{rest} {text}"):
                if _matches(a, candidate) and _matches(b, candidate):
                    return candidate
        outcome = self.product(a, self.languages.search(a.index), self.languages.search(b.index))
        return outcome.phrase if outcome.verdict == FOUND else None

    def product(self, a: Entry, lang_a: Rule, lang_b: Rule) -> Outcome:
        """The search for a message both `a` and B match, asked once per pair and kept (`message_of` and
        `meet` both ask it; a witness's search and a decision's are kept apart, as their bounds are)."""
        key = (a.index, self._witnessing > 0)
        found = self._products.get(key)
        if found is None:
            found = self._products[key] = self.ask([lang_a, lang_b])
        return found

    def meet(self, a: Entry, lang_a: Rule, lang_b: Rule) -> Outcome:
        """Whether `a` and B match a common message: their texts glued, A's own text matched by B, or the product.

        A's own text is a message of A only when A has one part: an all-of's
        part text alone is not one (B matching it says nothing about A).
        """
        b = self.entry
        phrase = self.glued(a, b)
        if phrase is None:
            own_a = self.languages.own(a.index)
            if own_a is not None and len(own_a) == 1:
                for reading in own_a:
                    found = self.ask([reading, lang_b], cap=READABLE_STATES)
                    if found.verdict == FOUND:
                        phrase = found.phrase
                        break
        return Outcome(FOUND, phrase) if phrase is not None else self.product(a, lang_a, lang_b)

    def undecided_pair(self, a: Entry, why: str) -> None:
        b = self.entry
        self.answers.undecided += 1
        if not self._listable(UNDECIDED):
            self.answers.unlisted[UNDECIDED_RELATION] = self.answers.unlisted.get(UNDECIDED_RELATION, 0) + 1
            return
        reason = why.split(": ", 1)[-1]
        self._add(
            DecidedItem(
                UNDECIDED, PAIR, b, f"For {rule(a)} and later {rule(b)}, {why}.", other=a, reason=reason,
            )
        )

    def _not_asked(self, others: list[int]) -> None:
        b = self.entry
        entries = [self.entries[i] for i in others]
        self.answers.undecided += len(entries)
        self._add(
            DecidedItem(
                UNDECIDED, PAIR, b,
                f"How {rule(b)} meets {len(entries)} earlier {'rule' if len(entries) == 1 else 'rules'} "
                f"({rules(entries[:3])}{', ...' if len(entries) > 3 else ''}) is undecided: {self._spent_reason()}.",
                other=entries[0], reason=self._spent_reason(),
            )
        )

    def glued(self, a: Entry, b: Entry) -> str | None:
        """The two rules' own texts, alone or side by side, if the compiled matchers both match that."""
        first, second = self.own_text(a.index), self.own_text(b.index)
        if first is None or second is None:
            return None
        for candidate in (f"{first} {second}", f"{second} {first}", first, second):
            if _matches(a, candidate) and _matches(b, candidate):
                return candidate
        return None

    # -- 3: never wins -------------------------------------------------------------
    def containment(self, lang_b: Rule, earlier: int, unreadable: list[Entry]) -> None:
        b = self.entry
        alone = self.some_message(lang_b)
        if alone.verdict == NONE:
            self._add(
                DecidedItem(
                    NEVER_MATCHES, CONTAINMENT, b,
                    f"{rule(b)} matches no message at all, so it never starts a turn under either law. Its "
                    "pattern contradicts itself (an anchor or edge that cannot hold); fix or remove the rule.",
                )
            )
            return
        if not earlier:
            self._can_win(self.own_text(b.index) or alone.phrase or "")
            return
        if alone.verdict == LIMIT:
            self._containment_undecided(alone.reason)
            return
        phrase = self.own_text(b.index) or alone.phrase
        assert phrase is not None
        containing: list[Entry] = []
        languages: list[Rule] = []
        shown: list[str] = []  # B's counter-witnesses so far: each refutes dropping its only taker
        while True:
            shown.append(phrase)
            takers = [e for e in self.context.takers.earlier(phrase, b.index) if e not in containing]
            if not takers:
                self._can_win(spaced(phrase, lambda text: _matches(b, text) and not self._taken(text)))
                return
            beyond = [e for e in takers if e in unreadable]
            if beyond:
                reason = f"the counter-witness {quoted(phrase)} is matched by {rules(beyond)}, which cannot be decided"
                self._containment_undecided(reason)
                return
            if len(shown) == 1 and self.context.any_winner and not unreadable:
                untaken = untaken_message(self.context, b)
                if untaken is not None:
                    self._can_win(untaken)
                    return
            containing.extend(takers)
            languages.extend(self.languages.search(e.index) for e in takers)
            outcome = Outcome(NONE) if self.keyword_cover(containing) else self.one_covers(lang_b, containing, shown)
            if outcome is None:
                outcome = self.own_text_left(languages)
            if outcome is None:
                outcome = self.ask([lang_b], languages)
            if outcome.verdict == NONE:
                self.never_wins(lang_b, self.minimal(lang_b, sorted(containing, key=lambda e: e.index), shown))
                return
            if outcome.verdict == LIMIT:
                self._containment_undecided(outcome.reason)
                return
            assert outcome.phrase is not None
            phrase = outcome.phrase

    def some_message(self, lang_b: Rule) -> Outcome:
        """Whether B matches any message: its own text shows it does, else a search over B alone.

        The search is skipped only when it could not run out (B's automata
        have fewer states, all parts together, than the bound left) and B's
        own text is read by them: it would then surely find a message.  Its
        phrase is not read when B has an own text, so the outcome carries that text.
        """
        text = self.own_text(self.entry.index)
        if not self.context.exhaustive and text:
            size = 1
            for part in lang_b.parts:
                size *= part.states
            if size < self.left() and accepts(lang_b, self.cells_of(text)):
                return Outcome(FOUND, text)
        return self.ask([lang_b])

    def cells_of(self, phrase: str) -> tuple[int, ...]:
        finder = self.context.finder
        return tuple(finder.cell(ch) for ch in phrase)

    def one_covers(self, lang_b: Rule, containing: list[Entry], shown: Sequence[str]) -> Outcome | None:
        """NONE when one of the containing rules alone covers B (`covers_alone`), so all of them do.

        Asked only where the cover will be minimised (two rules or more, up to
        `MINIMISE_UP_TO`), which asks the same question of the rules it keeps
        trying: the first rule, in declaration order, that matches every
        message of B found so far and is not known already is searched (one
        search at most per call), and its answer is kept for `minimal`.
        None: not shown this way (the search over all of them decides).
        """
        if self.context.exhaustive or not 2 <= len(containing) <= MINIMISE_UP_TO:
            return None
        messages = self.messages_of(lang_b, shown)
        for x in sorted(containing, key=lambda e: e.index):
            known = self._alone.get(x.index)
            if known is not None:
                if known:
                    return Outcome(NONE)
                continue
            if all(self.matched_by(m, [x]) for m in messages):
                return Outcome(NONE) if self.covers_alone(lang_b, x, messages) else None
        return None

    def own_text_left(self, taken: list[Rule]) -> Outcome | None:
        """B's own text that none of `taken` matches, if a small search finds one (a readable counter-witness)."""
        own = self.languages.own(self.entry.index)
        if own is None or len(own) != 1:  # an all-of's part text alone is not a message of the rule
            return None
        for reading in own:
            outcome = self.ask([reading], taken, cap=READABLE_STATES)
            if outcome.verdict == FOUND:
                return outcome
        return None

    def _taken(self, phrase: str) -> bool:
        return bool(self.context.takers.earlier(phrase, self.entry.index))

    def _can_win(self, phrase: str) -> None:
        """B can start a turn: `phrase` is B's and no earlier data rule's (counted; the witness is kept)."""
        b = self.entry
        self.answers.can_win = True
        whens = [self.entries[i] for i in self.context.whens if i < b.index]
        caveat = (
            f" An earlier `when` rule ({rules(whens)}) may still take it on some contexts; the claims shown are "
            "those of the cold context."
            if whens
            else ""
        )
        self._add(
            DecidedItem(
                CAN_WIN, CONTAINMENT, b,
                f"{rule(b)} can start a turn: it matches {quoted(phrase)}, which no earlier data rule matches, so "
                f"under the cascade no earlier rule takes it.{caveat}",
                witness=phrase,
            )
        )

    def _containment_undecided(self, reason: str | None) -> None:
        b = self.entry
        self.answers.undecided += 1
        self._add(
            DecidedItem(
                UNDECIDED, CONTAINMENT, b,
                f"Whether every message {rule(b)} matches is taken by an earlier rule is undecided: {reason}.",
                reason=reason,
            )
        )

    def minimal(self, lang_b: Rule, candidates: list[Entry], shown: Sequence[str] = ()) -> list[Entry]:
        """Drop containing rules one by one while the rest still cover B (deterministic, greedy).

        A rule stays when the rest do not cover B.  A message of B's already
        found that none of the rest matches proves that without a search: the
        search could only have found a message or run out, and either keeps
        the rule.  Such messages are the counter-witnesses that brought the
        rules in (`shown`) and every message of B a search of this
        minimisation finds on the way (one rule alone not covering B, or the
        rest not covering it).  When the rest is one rule, the search over it
        is the one `covers_alone` asked, and is not asked again.  Membership
        is read on the same automata the search reads.
        """
        if len(candidates) > MINIMISE_UP_TO:
            return candidates
        exhaustive = self.context.exhaustive
        messages = [] if exhaustive else self.messages_of(lang_b, shown)
        kept = list(candidates)
        for a in list(candidates):
            rest = [x for x in kept if x is not a]
            if not rest or any(not self.matched_by(message, rest) for message in messages):
                continue
            if self.surely_covered(lang_b, rest, messages):
                kept = rest
                continue
            if not exhaustive and len(rest) == 1:
                continue  # `covers_alone` searched exactly this: the rest does not cover B
            outcome = self.ask([lang_b], [self.languages.search(x.index) for x in rest])
            if outcome.verdict == NONE:
                kept = rest
            elif outcome.verdict == FOUND and not exhaustive:
                self.learn(messages, lang_b, outcome.phrase)
        return kept

    def surely_covered(self, lang_b: Rule, rules: Sequence[Entry], messages: list[tuple[int, ...]]) -> bool:
        """Whether `rules` are proven to match every message of B without a search over all of them at once.

        By their keywords (`keyword_cover`), or because one of them alone
        covers B (`covers_alone`); False only means "not proven this way".
        `messages` (B's messages found so far) grows by what the searches find.
        """
        if self.context.exhaustive:
            return False
        if self.keyword_cover(rules):
            return True
        return any(self.covers_alone(lang_b, x, messages) for x in rules)

    def covers_alone(self, lang_b: Rule, x: Entry, messages: list[tuple[int, ...]]) -> bool:
        """Whether rule `x` alone matches every message of B: one search with one rule excluded, asked once.

        A rule that misses a message of B's already found cannot, and is not
        searched; a message the search finds joins `messages`.
        """
        found = self._alone.get(x.index)
        if found is None:
            found = all(self.matched_by(m, [x]) for m in messages)
            if found:
                outcome = self.ask([lang_b], [self.languages.search(x.index)])
                found = outcome.verdict == NONE
                if outcome.verdict == FOUND:
                    self.learn(messages, lang_b, outcome.phrase)
            self._alone[x.index] = found
        return found

    def keyword_cover(self, rules: Sequence[Entry]) -> bool:
        """Whether `rules` match every message of B by their keywords alone (no search needed to know).

        A keyword list matches exactly the messages holding one of its
        keywords, each keyword read the same way in every rule; so when some
        keyword list of B (the rule, or a part of an all-of, which matches
        less) has each of its keywords listed by a keyword rule of `rules`,
        every message of B is matched by one of them.
        """
        if self.context.exhaustive:
            return False
        listed: set[str] = set()
        for entry in rules:
            if isinstance(entry.data_matcher, Keywords):
                listed.update(entry.data_matcher.keywords)
        if not listed:
            return False
        leaves = self.languages.rules[self.entry.index].leaves
        return any(isinstance(leaf, Keywords) and listed.issuperset(leaf.keywords) for leaf in leaves)

    def learn(self, messages: list[tuple[int, ...]], lang_b: Rule, phrase: str | None) -> None:
        """Keep `phrase`, found by a search, among B's known messages (if B's automata read it so)."""
        if phrase is not None:
            messages.extend(self.messages_of(lang_b, [phrase]))

    def messages_of(self, lang_b: Rule, phrases: Sequence[str]) -> list[tuple[int, ...]]:
        """The phrases B's automata accept, as cells (the letters the automata read)."""
        finder = self.context.finder
        found = []
        for phrase in dict.fromkeys(phrases):
            cells = tuple(finder.cell(ch) for ch in phrase)
            if accepts(lang_b, cells):
                found.append(cells)
        return found

    def matched_by(self, cells: tuple[int, ...], rules: Sequence[Entry]) -> bool:
        """Whether one of `rules` (read by the automata) matches the message of `cells`."""
        return any(accepts(self.languages.search(x.index), cells) for x in rules)

    def never_wins(self, lang_b: Rule, containing: list[Entry]) -> None:
        b = self.entry
        example = self.declared(lambda phrase: _matches(b, phrase) and self._taken(phrase)) or self.own_text(b.index)
        if example is None:
            outcome = self.ask([lang_b])
            example = outcome.phrase if outcome.verdict == FOUND else None
        defaults = self.context.defaults_before(b.index)
        laws = "under the cascade" + ("" if defaults else " and under the cold walk")
        shown = f" For example {quoted(example)} starts an earlier rule." if example is not None else ""
        self._add(
            DecidedItem(
                NEVER_WINS, CONTAINMENT, b,
                f"{rule(b)} never starts a turn {laws}: every message it matches, for every possible message, is "
                f"also matched by earlier {rules(containing)}.{shown} Remove the rule, narrow the earlier ones, or "
                f"declare it before them. {live_law(self.graph.mount)}",
                witness=example, containing=tuple(containing), law="cascade" if defaults else "both",
                relation=SHARED_TEXT,
            )
        )


def overlap_message(item: DecidedItem) -> str:
    """The message of a shared-text item (`RuleQuestions.shared`), written when the item is listed."""
    a, b, said = item.other, item.entry, item.said
    assert a is not None and said is not None
    if item.shared_in == FIXED_WORDS:
        where = f"the own words of later {rule(b)}"
        advice = f'narrow `{a.caption}` or declare "{b.id}" first'
    else:
        where = f"a text of later {rule(b)} where only its wildcards hold those words"
        advice = f'narrow the wildcards of `{b.caption}`, or declare "{b.id}" first'
    return (
        f"{rule(a)} matches inside {said}, {where}: a message that says just that starts \"{a.id}\", "
        f'never "{b.id}". If it belongs to "{b.id}", {advice}; if it belongs to "{a.id}", declare the '
        "phrase in its examples so a reordering is caught."
    )


def first_phrase(context: Context, dead: Sequence[Entry]) -> str | None:
    """A phrase of the first dead data rule the automata can read (shows the default taking it)."""
    for entry in dead:
        found = context.texts.get(entry.index)
        if found is not None:
            return found
    return None


