"""The questions about one data rule B, answered by automata within a bound counted in automaton states.

For rule B, in order:

1. For every earlier data rule A the automata read: do A and B match a
   common message?  A witness is looked for where a reader finds it most
   telling first: B's own text that A matches, then A's own text that B
   matches (each a small search, skipped when the laws' prefilter shows the
   own text cannot hold what the other rule needs), then the two rules' own
   texts side by side (checked with the compiled matchers, no automaton),
   and only then the full search over both automata, which also proves
   disjointness when it finds nothing.
2. Is every message B matches also matched by earlier data rules (B never
   starts a turn under the cascade)?  Found by refining a set of earlier
   rules with counter-witnesses: B's own text first; whatever earlier data
   rules match the current counter-witness (run with the compiled matchers)
   join the set, and the automata look for a message of B that none of the
   set matches.  None: B never wins (the set, reduced to the rules needed,
   contains it).  One no earlier data rule matches: B can win.  Each round
   adds a rule, and only rules that take B's phrases are ever in a product.

Every search counts its states against two bounds: `max_states` per
question and `rule_states` for all questions about B.  A question past a
bound is undecided with the bound as its reason; the questions of B not
asked once its bound is spent are listed as one undecided item.  No clock
is read: the same graph gives the same answers on any machine, under any
load, on any number of processes (each rule's questions depend only on the
rule and the rules before it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fuzzroute.decided.languages import Languages
from fuzzroute.decided.model import (
    CAN_WIN,
    CONTAINMENT,
    DISJOINT,
    MATCHER,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    PAIR,
    UNDECIDED,
    DecidedItem,
)
from fuzzroute.decided.nfa import Undecidable
from fuzzroute.decided.prefilter import OwnTexts, Takers
from fuzzroute.decided.product import FOUND, LIMIT, NONE, Outcome, Rule, search
from fuzzroute.decided.readable import spaced
from fuzzroute.decided.wording import live_law, quoted, rule, rules
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph

#: Automaton states one question may visit.
MAX_STATES = 20_000
#: Automaton states all the questions about one rule may visit together.
RULE_STATES = 400_000
#: States a search for a more readable witness (one rule's own text) may visit; it only
#: picks the witness, so past this it gives up and the next step answers the question.
READABLE_STATES = 400
#: Up to this many containing rules, the list is reduced to the rules actually needed.
MINIMISE_UP_TO = 8


def _matches(entry: Entry, phrase: str) -> bool:
    matcher = entry.data_matcher
    return matcher is not None and matcher.matches(phrase)


@dataclass
class Context:
    """What every rule's questions read: the graph, its automata and prefilters (shared, never changed)."""

    graph: Graph
    languages: Languages
    own_texts: OwnTexts
    takers: Takers
    max_states: int = MAX_STATES
    rule_states: int = RULE_STATES
    #: Each readable rule's shortest, most readable own text (`shortest_texts`), found once for all questions.
    texts: dict[int, str | None] = field(default_factory=dict)
    #: What finding `texts` cost.
    states: int = 0
    searches: int = 0

    @classmethod
    def of(cls, graph: Graph, languages: Languages, max_states: int, rule_states: int) -> Context:
        return cls(graph, languages, OwnTexts(graph), Takers(graph), max_states, rule_states)

    def shortest_texts(self) -> None:
        """Each readable rule's own text, or its shortest message when it has none (bounded per rule)."""
        cells = self.languages.cells
        for index in self.languages.rules:
            if not self.readable(index):
                continue
            found: str | None = None
            whole = self.languages.whole(index)
            questions = [[whole]] if whole is not None else []
            questions.append([self.languages.search(index)])
            for must in questions:
                outcome = search(must, [], cells, max_states=READABLE_STATES, deadline=None)
                self.states += outcome.states
                self.searches += 1
                if outcome.verdict == FOUND:
                    found = outcome.phrase
                    break
            self.texts[index] = found

    def readable(self, index: int) -> bool:
        """Whether the automata read rule `index` (its reason is kept on the rule otherwise)."""
        automata = self.languages.rules.get(index)
        return automata is not None and automata.decidable


@dataclass
class Answers:
    """What the questions about one rule produced, and what they cost."""

    rule: int
    items: list[DecidedItem] = field(default_factory=list)
    states: int = 0
    searches: int = 0


class RuleQuestions:
    """The questions about rule `index` (see the module docstring); `run()` answers them."""

    def __init__(self, context: Context, index: int) -> None:
        self.context = context
        self.graph = context.graph
        self.languages = context.languages
        self.entry = context.graph.entries[index]
        self.answers = Answers(index)

    # -- searching ---------------------------------------------------------------
    @property
    def spent(self) -> bool:
        return self.answers.states >= self.context.rule_states

    def ask(self, must: Sequence[Rule], must_not: Sequence[Rule] = (), cap: int | None = None) -> Outcome:
        left = self.context.rule_states - self.answers.states
        if left <= 0:
            return Outcome(LIMIT, reason=self._spent_reason())
        limit = min(self.context.max_states if cap is None else cap, left)
        outcome = search(must, must_not, self.languages.cells, max_states=limit, deadline=None)
        self.answers.states += outcome.states
        self.answers.searches += 1
        if outcome.verdict == LIMIT and limit == left and (cap is None or cap > left):
            return Outcome(LIMIT, reason=self._spent_reason(), states=outcome.states)
        return outcome

    def _spent_reason(self) -> str:
        return f"the bound of {self.context.rule_states} automaton states for the questions about one rule was spent"

    def readable(self, own: int, must: Sequence[Rule], must_not: Sequence[Rule], cap: int | None = None) -> str | None:
        """A phrase that is rule `own`'s whole text and fits the question, if one is found."""
        whole = self.languages.whole(own)
        if whole is None:
            return None
        outcome = self.ask([whole, *must], must_not, cap=cap)
        return outcome.phrase if outcome.verdict == FOUND else None

    def own_text(self, index: int) -> str | None:
        """The rule's shortest, most readable own text (or shortest message when it has none)."""
        return self.context.texts.get(index)

    def _add(self, item: DecidedItem) -> None:
        self.answers.items.append(item)

    # -- the questions -------------------------------------------------------------
    def run(self) -> Answers:
        b = self.entry
        try:
            lang_b = self.languages.search(b.index)
        except Undecidable as error:
            self._add(
                DecidedItem(
                    UNDECIDED, MATCHER, b,
                    f"{rule(b)} is undecided: its matcher uses {error}. No question about this rule is "
                    "decided; the generated suggestions still sample it.",
                    reason=str(error),
                )
            )
            return self.answers
        earlier = [e for e in self.graph.entries[: b.index] if e.data_matcher is not None]
        readable = [e for e in earlier if self.context.readable(e.index)]
        for position, a in enumerate(readable):
            if self.spent:
                self._not_asked(readable[position:])
                break
            self.pair(a, self.languages.search(a.index), lang_b)
        if self.graph.order_decides:
            unreadable = [e for e in earlier if not self.context.readable(e.index)]
            self.containment(lang_b, earlier, unreadable)
        return self.answers

    def _not_asked(self, others: list[Entry]) -> None:
        b = self.entry
        self._add(
            DecidedItem(
                UNDECIDED, PAIR, b,
                f"Whether {rule(b)} can match the same message as {len(others)} earlier "
                f"{'rule' if len(others) == 1 else 'rules'} ({rules(others[:3])}{', ...' if len(others) > 3 else ''}) "
                f"is undecided: {self._spent_reason()}.",
                other=others[0], reason=self._spent_reason(),
            )
        )

    def pair(self, a: Entry, lang_a: Rule, lang_b: Rule) -> None:
        b = self.entry
        hopeless = self.context.own_texts.hopeless
        phrase = None
        if not hopeless(b.index, a.index):
            phrase = self.readable(b.index, [lang_a], [], READABLE_STATES)
        if phrase is None and not hopeless(a.index, b.index):
            phrase = self.readable(a.index, [lang_b], [], READABLE_STATES)
        if phrase is None:
            phrase = self.glued(a, b)
        outcome = Outcome(FOUND, phrase) if phrase is not None else self.ask([lang_a, lang_b])
        if outcome.verdict == FOUND:
            assert outcome.phrase is not None
            witness = spaced(outcome.phrase, lambda text: _matches(a, text) and _matches(b, text))
            self._add(
                DecidedItem(
                    OVERLAP, PAIR, b,
                    f"{rule(a)} and later {rule(b)} both match {quoted(witness)}, so on such messages "
                    f'declaration order decides and "{a.id}" (or an earlier rule) starts the turn. If they belong '
                    f'to "{b.id}", narrow `{a.caption}` or declare "{b.id}" first; if they belong to "{a.id}", '
                    "declare the phrase in its examples so a reordering is caught.",
                    witness=witness, other=a,
                )
            )
        elif outcome.verdict == NONE:
            self._add(
                DecidedItem(
                    DISJOINT, PAIR, b,
                    f"{rule(a)} and later {rule(b)} never match the same message, for every possible message: "
                    "their relative order does not matter.",
                    other=a,
                )
            )
        else:
            self._add(
                DecidedItem(
                    UNDECIDED, PAIR, b,
                    f"Whether {rule(a)} and {rule(b)} can match the same message is undecided: {outcome.reason}.",
                    other=a, reason=outcome.reason,
                )
            )

    def glued(self, a: Entry, b: Entry) -> str | None:
        """The two rules' own texts side by side, if the compiled matchers both match that."""
        first, second = self.own_text(a.index), self.own_text(b.index)
        if first is None or second is None:
            return None
        for candidate in (f"{first} {second}", f"{second} {first}"):
            if _matches(a, candidate) and _matches(b, candidate):
                return candidate
        return None

    def containment(self, lang_b: Rule, earlier: list[Entry], unreadable: list[Entry]) -> None:
        b = self.entry
        alone = self.ask([lang_b])
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
            return
        if alone.verdict == LIMIT:
            self._containment_undecided(alone.reason)
            return
        phrase = self.own_text(b.index) or alone.phrase
        assert phrase is not None
        containing: list[Entry] = []
        languages: list[Rule] = []
        while True:
            takers = [e for e in self.context.takers.earlier(phrase, b.index) if e not in containing]
            if not takers:
                self._can_win(spaced(phrase, lambda text: _matches(b, text) and not self._taken(text, b.index)))
                return
            beyond = [e for e in takers if e in unreadable]
            if beyond:
                reason = f"the counter-witness {quoted(phrase)} is matched by {rules(beyond)}, which cannot be decided"
                self._containment_undecided(reason)
                return
            containing.extend(takers)
            languages.extend(self.languages.search(e.index) for e in takers)
            found = self.readable(b.index, [], languages, READABLE_STATES)
            outcome = Outcome(FOUND, found) if found is not None else self.ask([lang_b], languages)
            if outcome.verdict == NONE:
                self.never_wins(lang_b, self.minimal(lang_b, sorted(containing, key=lambda e: e.index)))
                return
            if outcome.verdict == LIMIT:
                self._containment_undecided(outcome.reason)
                return
            assert outcome.phrase is not None
            phrase = outcome.phrase

    def _taken(self, phrase: str, index: int) -> bool:
        return bool(self.context.takers.earlier(phrase, index))

    def _containment_undecided(self, reason: str | None) -> None:
        b = self.entry
        self._add(
            DecidedItem(
                UNDECIDED, CONTAINMENT, b,
                f"Whether every message {rule(b)} matches is taken by an earlier rule is undecided: {reason}.",
                reason=reason,
            )
        )

    def _can_win(self, phrase: str) -> None:
        b = self.entry
        whens = [e for e in self.graph.entries[: b.index] if e.when is not None]
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

    def minimal(self, lang_b: Rule, candidates: list[Entry]) -> list[Entry]:
        """Drop containing rules one by one while the rest still cover B (deterministic, greedy)."""
        if len(candidates) > MINIMISE_UP_TO:
            return candidates
        kept = list(candidates)
        for a in list(candidates):
            rest = [x for x in kept if x is not a]
            if rest and self.ask([lang_b], [self.languages.search(x.index) for x in rest]).verdict == NONE:
                kept = rest
        return kept

    def never_wins(self, lang_b: Rule, containing: list[Entry]) -> None:
        b = self.entry
        example = self.own_text(b.index)
        if example is None:
            outcome = self.ask([lang_b])
            example = outcome.phrase if outcome.verdict == FOUND else None
        defaults = [e for e in self.graph.entries[: b.index] if e.is_unconditional]
        laws = "under the cascade" + ("" if defaults else " and under the cold walk")
        shown = f" For example {quoted(example)} starts an earlier rule." if example is not None else ""
        self._add(
            DecidedItem(
                NEVER_WINS, CONTAINMENT, b,
                f"{rule(b)} never starts a turn {laws}: every message it matches, for every possible message, is "
                f"also matched by earlier {rules(containing)}.{shown} Remove the rule, narrow the earlier ones, or "
                f"declare it before them. {live_law(self.graph.mount)}",
                witness=example, containing=tuple(containing), law="cascade" if defaults else "both",
            )
        )


def first_phrase(context: Context, dead: Sequence[Entry]) -> str | None:
    """A phrase of the first dead data rule the automata can read (shows the default taking it)."""
    for entry in dead:
        found = context.texts.get(entry.index)
        if found is not None:
            return found
    return None
