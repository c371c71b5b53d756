"""`decide(graph)`: the questions about start rules that automata answer for every message.

For every data rule B, in declaration order:

1. B's matcher is translated (`languages`); if it cannot be, B is
   *undecided* with the reason and no question about it is answered.
2. For every earlier data rule A: do A and B match a common message?  Either
   a witness (decided overlap) or a complete exploration with none
   (decided disjoint).
3. Is every message B matches also matched by some earlier data rule?  Then
   under the cascade B never starts a turn, whatever the `when` rules and
   intents before it do (they can only claim earlier).  Otherwise a
   counter-witness: a phrase B matches that no earlier data rule matches.
   With an earlier `when` rule this says only that no *data* rule takes it;
   the witness is still run through both laws on the cold context.  The
   cheap question comes first (is some phrase of B's own text free?), then
   each earlier rule alone, then their union.  An earlier rule the automata
   cannot read is run on the counter-witness itself; if it matches, the
   question stays undecided.
4. Under the cold walk, an unconditional entry claims every message from its
   position on: every later rule is dead under that law.

Every answer with a witness is re-run through the compiled matchers and
`graph.claims` (`verify`) before it is kept.

Cost is bounded: every search stops at `max_states` product states and at
`pair_timeout` seconds (only a safety net: it makes results depend on the
machine), and the whole run at `total_states`.  Questions past a limit are
undecided; questions not asked once the run's budget is spent are counted
(`questions_not_asked`), not listed.  Questions are asked in a fixed order, so with the same graph
and limits the state limits give the same answers on every machine.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from fuzzroute.decided.languages import Languages, languages_for
from fuzzroute.decided.model import (
    CAN_WIN,
    COLD_WALK_DEAD,
    CONTAINMENT,
    DEFAULT,
    DISJOINT,
    MATCHER,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    PAIR,
    UNDECIDED,
    DecidedItem,
    Decisions,
)
from fuzzroute.decided.nfa import Undecidable
from fuzzroute.decided.product import FOUND, LIMIT, NONE, Outcome, Rule, search
from fuzzroute.decided.readable import spaced
from fuzzroute.decided.verify import verify
from fuzzroute.decided.wording import BOUNDARY, live_law, quoted, rule, rules
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph

PAIR_TIMEOUT = 2.0
MAX_STATES = 20_000
TOTAL_STATES = 5_000_000
#: States a pair's search for a more readable witness (one rule's own text) may visit; it only
#: picks the witness, so past this it gives up and the full search answers the question.
READABLE_STATES = 400
#: Up to this many containing rules, the list is reduced to the rules actually needed.
MINIMISE_UP_TO = 8


def _matches(entry: Entry, phrase: str) -> bool:
    matcher = entry.data_matcher
    return matcher is not None and matcher.matches(phrase)


class _Run:
    def __init__(
        self, graph: Graph, languages: Languages, pair_timeout: float, max_states: int, total_states: int
    ) -> None:
        self.graph = graph
        self.entries = graph.entries
        self.languages = languages
        self.pair_timeout = pair_timeout
        self.max_states = max_states
        self.total_states = total_states
        self.spent = 0
        self.searches = 0
        self.skipped = 0
        self.items: list[DecidedItem] = []
        self.overlaps: dict[tuple[int, int], str] = {}

    # -- searching -------------------------------------------------------------
    def ask(self, must: Sequence[Rule], must_not: Sequence[Rule] = (), cap: int | None = None) -> Outcome:
        if self.spent >= self.total_states:
            return Outcome(LIMIT, reason=f"the run's budget of {self.total_states} states was spent")
        deadline = time.monotonic() + self.pair_timeout if self.pair_timeout > 0 else None
        limit = min(self.max_states if cap is None else cap, self.total_states - self.spent)
        outcome = search(must, must_not, self.languages.cells, max_states=limit, deadline=deadline)
        self.spent += outcome.states
        self.searches += 1
        return outcome

    def readable(
        self, own: int, must: Sequence[Rule], must_not: Sequence[Rule], cap: int | None = None
    ) -> str | None:
        """A phrase that is rule `own`'s whole text and fits the question, if one is found."""
        whole = self.languages.whole(own)
        if whole is None:
            return None
        outcome = self.ask([whole, *must], must_not, cap=cap)
        return outcome.phrase if outcome.verdict == FOUND else None

    # -- questions ---------------------------------------------------------------
    def matcher(self, entry: Entry) -> Rule | None:
        try:
            return self.languages.search(entry.index)
        except Undecidable as error:
            self.items.append(
                DecidedItem(
                    UNDECIDED, MATCHER, entry,
                    f"{rule(entry)} is undecided: its matcher uses {error}. No question about this rule is "
                    "decided; the generated suggestions still sample it.",
                    reason=str(error),
                )
            )
            return None

    @property
    def exhausted(self) -> bool:
        """The run's state budget is spent: later questions are not asked (counted, not listed)."""
        return self.spent >= self.total_states

    def pair(self, a: Entry, b: Entry, lang_a: Rule, lang_b: Rule) -> None:
        if self.exhausted:
            self.skipped += 1
            return
        phrase = self.readable(b.index, [lang_a], [], READABLE_STATES) or self.readable(
            a.index, [lang_b], [], READABLE_STATES
        )
        outcome = Outcome(FOUND, phrase) if phrase is not None else self.ask([lang_a, lang_b])
        self.overlaps[(a.index, b.index)] = outcome.verdict
        if outcome.verdict == FOUND:
            assert outcome.phrase is not None
            witness = spaced(outcome.phrase, lambda text: _matches(a, text) and _matches(b, text))
            self.items.append(
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
            self.items.append(
                DecidedItem(
                    DISJOINT, PAIR, b,
                    f"{rule(a)} and later {rule(b)} never match the same message, for every possible message: "
                    "their relative order does not matter.",
                    other=a,
                )
            )
        else:
            self.items.append(
                DecidedItem(
                    UNDECIDED, PAIR, b,
                    f"Whether {rule(a)} and {rule(b)} can match the same message is undecided: {outcome.reason}.",
                    other=a, reason=outcome.reason,
                )
            )

    def containment(self, b: Entry, lang_b: Rule, earlier: list[Entry], unreadable: list[Entry]) -> None:
        if self.exhausted:
            self.skipped += 1
            return
        alone = self.ask([lang_b])
        if alone.verdict == NONE:
            self.items.append(
                DecidedItem(
                    NEVER_MATCHES, CONTAINMENT, b,
                    f"{rule(b)} matches no message at all, so it never starts a turn under either law. Its "
                    "pattern contradicts itself (an anchor or edge that cannot hold); fix or remove the rule.",
                )
            )
            return
        if not earlier and not unreadable:
            return
        candidates = [a for a in earlier if self.overlaps.get((a.index, b.index)) != NONE]
        languages = [self.languages.search(a.index) for a in candidates]
        # Most rules can win with their own text: that small search settles them.
        own = self.readable(b.index, [], languages)
        if own is not None:
            outcome = Outcome(FOUND, own)
        else:
            # B's own text is taken: is one earlier rule enough to take everything B matches?
            pairs = zip(candidates, languages, strict=True)
            singles = [a for a, lang in pairs if self.ask([lang_b], [lang]).verdict == NONE]
            if singles:
                self.never_wins(b, lang_b, singles)
                return
            outcome = self.ask([lang_b], languages)
        if outcome.verdict == NONE:
            self.never_wins(b, lang_b, self.minimal(lang_b, candidates))
            return
        if outcome.verdict == LIMIT:
            self.items.append(
                DecidedItem(
                    UNDECIDED, CONTAINMENT, b,
                    f"Whether every message {rule(b)} matches is taken by an earlier rule is undecided: "
                    f"{outcome.reason}.",
                    reason=outcome.reason,
                )
            )
            return
        assert outcome.phrase is not None
        phrase = outcome.phrase
        phrase = spaced(phrase, lambda text: _matches(b, text) and not any(_matches(a, text) for a in earlier))
        takers = [a for a in unreadable if _matches(a, phrase)]
        if takers:
            reason = f"the counter-witness {quoted(phrase)} is matched by {rules(takers)}, which cannot be decided"
            self.items.append(
                DecidedItem(
                    UNDECIDED, CONTAINMENT, b,
                    f"Whether every message {rule(b)} matches is taken by an earlier rule is undecided: {reason}.",
                    reason=reason,
                )
            )
            return
        whens = [e for e in self.entries[: b.index] if e.when is not None]
        caveat = (
            f" An earlier `when` rule ({rules(whens)}) may still take it on some contexts; the claims shown are "
            "those of the cold context."
            if whens
            else ""
        )
        self.items.append(
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

    def never_wins(self, b: Entry, lang_b: Rule, containing: list[Entry]) -> None:
        example = self.readable(b.index, [], []) or self.ask([lang_b]).phrase
        defaults = [e for e in self.entries[: b.index] if e.is_unconditional]
        laws = "under the cascade" + ("" if defaults else " and under the cold walk")
        shown = f" For example {quoted(example)} starts an earlier rule." if example is not None else ""
        self.items.append(
            DecidedItem(
                NEVER_WINS, CONTAINMENT, b,
                f"{rule(b)} never starts a turn {laws}: every message it matches, for every possible message, is "
                f"also matched by earlier {rules(containing)}.{shown} Remove the rule, narrow the earlier ones, or "
                f"declare it before them. {live_law(self.graph.mount)}",
                witness=example, containing=tuple(containing), law="cascade" if defaults else "both",
            )
        )

    def cold_walk(self) -> None:
        candidates = [e for e in self.entries if not e.is_intent]
        for position, default in enumerate(candidates):
            if default.is_unconditional:
                dead = tuple(candidates[position + 1 :])
                if dead:
                    witness = self.first_phrase(dead)
                    self.items.append(
                        DecidedItem(
                            COLD_WALK_DEAD, DEFAULT, default,
                            f"Under the cold walk the default {rule(default)} claims every message from its position "
                            f"on, so {len(dead)} later {'rule is' if len(dead) == 1 else 'rules are'} never reached: "
                            f"{rules(dead[:5])}{', ...' if len(dead) > 5 else ''}. The cascade ignores defaults, "
                            f"so this matters while the cold walk is live. {live_law(self.graph.mount)} Move the "
                            "default to the end.",
                            witness=witness, dead=dead, law="cold_walk",
                        )
                    )
                return

    def first_phrase(self, dead: Sequence[Entry]) -> str | None:
        """A phrase of the first dead data rule the automata can read (shows the default taking it)."""
        for entry in dead:
            if entry.index in self.languages.rules and self.languages.rules[entry.index].decidable:
                try:
                    found = self.readable(entry.index, [], []) or self.ask([self.languages.search(entry.index)]).phrase
                except Undecidable:
                    continue
                if found is not None:
                    return found
        return None


def decide(
    graph: Graph,
    *,
    pair_timeout: float = PAIR_TIMEOUT,
    max_states: int = MAX_STATES,
    total_states: int = TOTAL_STATES,
) -> Decisions:
    """Decide overlap, disjointness and never-wins for the data rules of `graph`; see the module docstring."""
    started = time.monotonic()
    entries = graph.entries
    languages = languages_for(graph)
    run = _Run(graph, languages, pair_timeout, max_states, total_states)
    readable: list[tuple[Entry, Rule]] = []
    unreadable: list[Entry] = []
    for entry in entries:
        if entry.data_matcher is None:
            continue
        lang = run.matcher(entry)
        if lang is None:
            unreadable.append(entry)
            continue
        for a, lang_a in readable:
            run.pair(a, entry, lang_a, lang)
        if graph.order_decides:
            run.containment(entry, lang, [a for a, _l in readable], list(unreadable))
        readable.append((entry, lang))
    if graph.order_decides:
        run.cold_walk()
    decisions = Decisions(boundary=BOUNDARY)
    for item in run.items:
        defect = verify(graph, item)
        if defect is None:
            decisions.items.append(item)
        else:
            decisions.defects.append(defect)
    decisions.stats = _stats(run, languages, started, pair_timeout, max_states, total_states)
    return decisions


def _stats(
    run: _Run, languages: Languages, started: float, pair_timeout: float, max_states: int, total_states: int
) -> dict[str, Any]:
    return {
        "data_rules": len(languages.rules),
        "decidable_rules": sum(1 for r in languages.rules.values() if r.decidable),
        "cells": len(languages.cells),
        "searches": run.searches,
        "questions_not_asked": run.skipped,
        "states": run.spent,
        "pair_timeout": pair_timeout,
        "max_states": max_states,
        "total_states": total_states,
        "elapsed_seconds": round(time.monotonic() - started, 3),
    }
