"""`decide(graph)` (the decided tier's run): the questions about start rules that automata answer for every message.

For every data rule B, in declaration order (`questions.RuleQuestions`):

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
   the witness is still run through both laws on the cold context.  An
   earlier rule the automata cannot read is run on the counter-witness
   itself; if it matches, the question stays undecided.
4. Can Python's `re` backtrack on B's regex without bound (ReDoS)?  A
   structural answer from the automaton's ambiguity, with an attack string.
5. Under the cold walk, an unconditional entry claims every message from its
   position on: every later rule is dead under that law.

Every answer with a witness is re-run through the compiled matchers and
`graph.claims` (`verify`) before it is kept.

Every bound is counted in work, never in time: a question stops after
`max_states` automaton states and the questions about one rule after
`rule_states` (undecided then, with the bound as the reason).  So the same
graph gives the same decisions on every machine, under any load and for any
number of `workers` (processes; each rule's questions depend only on the
rules before it).  `should_stop()` is polled between rules: a stop (a time
budget, Ctrl-C) leaves the rules after it *not reached*, listed as such with
the reason, and never changes a decision that was made.  `progress(done,
total)` counts rules.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fuzzroute.decided.build_pool import Linear, build_on_workers
from fuzzroute.decided.decisions import (
    CAN_WIN,
    CO_OCCURRENCE,
    COLD_WALK_DEAD,
    DEFAULT,
    FIXED_WORDS,
    NOT_REACHED,
    OVERLAP,
    PAIR,
    SHARED_TEXT,
    UNDECIDED,
    DecidedItem,
    Decisions,
    Pairs,
)
from fuzzroute.decided.facts import Facts, FactsPlan, gather, plan_facts
from fuzzroute.decided.languages import Languages, languages_for
from fuzzroute.decided.pool import answer_all, item_from
from fuzzroute.decided.questions import (
    DISJOINT_RELATION,
    EXAMPLES,
    MAX_STATES,
    RULE_STATES,
    UNDECIDED_RELATION,
    Answers,
    Context,
    first_phrase,
    overlap_message,
)
from fuzzroute.decided.ranges import case_range_items
from fuzzroute.decided.redos import redos_items
from fuzzroute.decided.verify import verify, with_claims
from fuzzroute.decided.wording import BOUNDARY, live_law, rule, rules
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph

#: How a rule that can start a turn is witnessed (`decide(winners=...)`).
SHORTEST = "shortest"
ANY = "any"

STOPPED_REASON = "the decided tier was stopped (a time budget or a stop request) before it reached these rules"
#: Automaton states one run of the decided tier may visit in all (`decide(run_states=...)`): far above what a
#: graph of 50,000 rules needs, so it is reached only where deciding would take minutes.
RUN_STATES = 20_000_000


def run_bound_reason(run_states: int) -> str:
    return f"the bound of {run_states} automaton states for the whole run was spent before these rules"

Progress = Callable[[int, int], None]


def build_automata(
    languages: Languages, workers: int = 1, plan: FactsPlan | None = None
) -> tuple[Linear, Facts | None]:
    """Every data rule's automata, before any question (and before worker processes fork).

    With `workers`, a big graph's parts are built on forked processes
    (`build_pool`), which also gather the rules' facts given their `plan`:
    the same automata and facts, made sooner.  Returns the regex leaves
    those processes already found linear for the ReDoS question, and the
    facts they gathered.
    """
    left, linear, facts = build_on_workers(languages, list(languages.rules), workers, plan)
    for index in left:
        try:
            languages.search(index)
        except Undecidable:
            continue
        languages.own(index)
    return linear, facts


def cold_walk(context: Context) -> DecidedItem | None:
    """Under the cold walk, the first default claims every message from its position on."""
    graph = context.graph
    candidates = [e for e in graph.entries if not e.is_intent]
    for position, default in enumerate(candidates):
        if default.is_unconditional:
            dead = tuple(candidates[position + 1 :])
            if not dead:
                return None
            return DecidedItem(
                COLD_WALK_DEAD, DEFAULT, default,
                f"Under the cold walk the default {rule(default)} claims every message from its position "
                f"on, so {len(dead)} later {'rule is' if len(dead) == 1 else 'rules are'} never reached: "
                f"{rules(dead[:5])}{', ...' if len(dead) > 5 else ''}. The cascade ignores defaults, "
                f"so this matters while the cold walk is live. {live_law(graph.mount)} Move the "
                "default to the end.",
                witness=first_phrase(context, dead), dead=dead, law="cold_walk",
            )
    return None


#: Decided items listed per kind of finding, graph-wide, in rule order; the rest are counted
#: (`Decisions.shared_unlisted`, `undecided_unlisted`) so no graph lists one item per pair.
SHARED_LISTED = 500
WILDCARD_LISTED = 50
UNDECIDED_LISTED = 50


class Listing:
    """Puts one rule's answers into the decisions: findings listed up to the caps, pairs counted."""

    def __init__(self, decisions: Decisions, graph: Graph, entries: tuple[Entry, ...]) -> None:
        self.decisions = decisions
        self.graph = graph
        self.entries = entries
        self.listed: dict[str, int] = {}

    def _room(self, key: str, cap: int) -> bool:
        if self.listed.get(key, 0) >= cap:
            return False
        self.listed[key] = self.listed.get(key, 0) + 1
        return True

    def full(self, kind: str) -> bool:
        """Whether what a rule adds of `kind` would only be counted.

        For a strength of shared text: no room is left and every example is
        kept; for co-occurring or disjoint pairs: every example is kept.
        """
        if kind in (CO_OCCURRENCE, DISJOINT_RELATION):
            pairs = self.decisions.co_occurrence if kind == CO_OCCURRENCE else self.decisions.disjoint
            return len(pairs.examples) >= EXAMPLES
        shared_in = kind
        cap = SHARED_LISTED if shared_in == FIXED_WORDS else WILDCARD_LISTED
        return (
            self.listed.get(f"shared-{shared_in}", 0) >= cap
            and len(self.decisions.shared_unlisted.examples) >= EXAMPLES
        )

    def add(self, item: DecidedItem) -> None:
        decisions = self.decisions
        if item.kind == CAN_WIN:  # counted, with its verified witness kept off the list
            decisions.winning[item.entry.index] = item
            return
        if item.kind == OVERLAP and item.relation == SHARED_TEXT:
            cap = SHARED_LISTED if item.shared_in == FIXED_WORDS else WILDCARD_LISTED
            if not self._room(f"shared-{item.shared_in}", cap):
                _count(decisions.shared_unlisted, item.other, item.entry, item.witness)
                return
        elif item.kind == UNDECIDED and item.question == PAIR and not self._room("undecided", UNDECIDED_LISTED):
            _count(decisions.undecided_unlisted, item.other, item.entry, None)
            return
        if item.said is not None and not item.message:
            item.message = overlap_message(item)
        decisions.items.append(with_claims(self.graph, item))  # a listed overlap shows its claims

    def count(self, answers: Answers) -> None:
        decisions = self.decisions
        entries = self.entries
        later = entries[answers.rule]
        decisions.co_occurrence.count += answers.co_occurrence
        decisions.disjoint.count += answers.disjoint
        decisions.shared_unlisted.count += answers.unlisted.get(SHARED_TEXT, 0)
        decisions.undecided_unlisted.count += answers.unlisted.get(UNDECIDED_RELATION, 0)
        for relation, pairs in ((CO_OCCURRENCE, decisions.co_occurrence), (DISJOINT_RELATION, decisions.disjoint)):
            for earlier, witness in answers.examples.get(relation, []):
                if len(pairs.examples) < EXAMPLES:
                    pairs.add_example(entries[earlier], later, _checked(entries[earlier], later, witness))
        for relation, mask in answers.relations.items():
            decisions.relations.add(relation, answers.rule, mask)


def _count(pairs: Pairs, earlier: Entry | None, later: Entry, witness: str | None) -> None:
    pairs.count += 1
    if earlier is not None and len(pairs.examples) < EXAMPLES:
        pairs.add_example(earlier, later, witness)


def _checked(a: Entry, b: Entry, witness: str | None) -> str | None:
    """The example's witness when both compiled matchers match it (examples are shown, so they are checked)."""
    if witness is None:
        return None
    try:
        ok = all(e.data_matcher is not None and e.data_matcher.matches(witness) for e in (a, b))
    except RegexTimedOut:
        return None  # re could not finish on it, so it is not shown
    return witness if ok else None


def decide(
    graph: Graph,
    *,
    max_states: int = MAX_STATES,
    rule_states: int = RULE_STATES,
    workers: int = 1,
    build_workers: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    exhaustive: bool = False,
    winners: str = SHORTEST,
    run_states: int = RUN_STATES,
) -> Decisions:
    """Decide overlap, disjointness and never-wins for the data rules of `graph`; see the module docstring.

    `exhaustive=True` turns off the shortcuts that settle a question without
    its search (`questions`); the decisions are the same, only the work
    differs (the test that holds them equal runs both).  `workers` processes
    answer the rules' questions and `build_workers` (by default as many)
    build the automata first; `check` builds on every core but answers on
    one, where the answering pool's start-up outweighs its work.

    `winners` says how a rule that can start a turn is witnessed: by the
    shortest message of it no earlier data rule matches, as the searches of
    the cover find it (`SHORTEST`, the default), or by any verified such
    message, often one of its declared examples or texts as written, found
    without those searches (`ANY`: `check` and `report` count these rules and
    show none of them).  The decisions are the same.

    `run_states` bounds the automaton states of the whole run (the facts
    and every rule's questions, counted in rule order, whatever the number
    of workers): the rules after the one that reaches it are left undecided
    with that reason (`Decisions.not_reached`, `stats["rules_over_run_bound"]`),
    the same on every machine.
    """
    if winners not in (SHORTEST, ANY):
        raise ValueError(f"winners must be {SHORTEST!r} or {ANY!r}, not {winners!r}")
    started = time.monotonic()
    languages = languages_for(graph)
    plan = plan_facts(graph, languages)
    linear, known = build_automata(languages, workers if build_workers is None else build_workers, plan)
    context = Context.of(graph, languages, max_states, rule_states, exhaustive,
                         gather(graph, languages, known, plan), plan)
    context.any_winner = winners == ANY and not exhaustive
    entries = graph.entries
    data = [e.index for e in entries if e.data_matcher is not None]
    total = len(data)
    done = [0]

    def advanced(n: int) -> None:
        done[0] += n
        if progress is not None:
            progress(done[0], total)

    decisions = Decisions(boundary=BOUNDARY)
    spent = [context.facts.states]
    searches = context.facts.searches
    answered: set[int] = set()
    listing = Listing(decisions, graph, entries)
    context.full = listing.full  # read only when the rules are answered in order on this process

    def stop() -> bool:
        return spent[0] >= run_states or (should_stop is not None and should_stop())

    for checked in answer_all(context, data, workers=workers, should_stop=stop, progress=advanced):
        if spent[0] >= run_states:
            break  # a pool answers ahead: the rules after the bound are dropped here, in rule order
        answered.add(checked.rule)
        for record in checked.items:
            listing.add(item_from(record, entries))
        decisions.defects.extend(checked.defects)
        answers = checked.answers
        assert answers is not None
        listing.count(answers)
        spent[0] += answers.states
        searches += answers.searches
    decisions.items.extend(redos_items(languages, [entries[i] for i in data if i in answered], known_linear=linear))
    for lint in case_range_items([entries[i] for i in data]):
        if lint.witness is not None:  # shown like every decided witness: with the claims both laws give it
            try:
                lint.claims = graph.claims(lint.witness)
            except RegexTimedOut:
                lint.witness = None
        decisions.items.append(lint)
    missing = [entries[i] for i in data if i not in answered]
    bounded = bool(missing) and spent[0] >= run_states
    if missing:
        reason = run_bound_reason(run_states) if bounded else STOPPED_REASON
        decisions.not_reached = tuple(missing)
        decisions.not_reached_reason = reason
        decisions.items.append(
            DecidedItem(
                UNDECIDED, NOT_REACHED, missing[0],
                f"{len(missing)} data {'rule was' if len(missing) == 1 else 'rules were'} not reached: "
                f"{rules(missing[:5])}{', ...' if len(missing) > 5 else ''}. The questions about them are "
                + (f"undecided: {reason}" if bounded else "neither decided nor undecided")
                + "; every decision listed was made in full.",
                reason=reason,
            )
        )
    if graph.order_decides:
        item = cold_walk(context)
        if item is not None:
            defect = verify(graph, item)
            if defect is None:
                decisions.items.append(item)
            else:
                decisions.defects.append(defect)
    decisions.stats = _stats(context, spent[0], searches, len(missing), started)
    decisions.stats["run_states"] = run_states
    decisions.stats["rules_over_run_bound"] = len(missing) if bounded else 0
    return decisions


def _stats(context: Context, states: int, searches: int, not_reached: int, started: float) -> dict[str, Any]:
    languages = context.languages
    return {
        "data_rules": len(languages.rules),
        "decidable_rules": sum(1 for r in languages.rules.values() if r.decidable),
        "cells": len(languages.cells),
        "searches": searches,
        "states": states,
        "max_states": context.max_states,
        "rule_states": context.rule_states,
        "rules_not_reached": not_reached,
        "elapsed_seconds": round(time.monotonic() - started, 3),
    }
