"""Both versions' data rules as automata over ONE alphabet: the diff's only door into `fuzzroute.decided`.

A question about a message couples the two versions ("the old rules start
A and the new rules start B"), so every rule of both versions must read the
same cells of characters: the alphabet is cut once from the rules of both.
Two rules with the same condition (the same regex and flags, the same
keywords) are the same language and get one automaton, so an unchanged
rule costs nothing twice and a product never carries two copies of it.

Every search is bounded by a count of automaton states, per search and for
the whole diff, never by the clock: the same two graphs and limits give the
same answers on every machine.  A search past a limit decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from fuzzroute.decided.advice import with_advice
from fuzzroute.decided.facts import as_written
from fuzzroute.decided.languages import build_languages
from fuzzroute.decided.product import FOUND, LIMIT, NONE, Rule, search
from fuzzroute.diff.matching import condition_key
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.entries import Entry

__all__ = ["FOUND", "LIMIT", "NONE", "Answer", "Automata", "Budget"]

#: States one search may visit.
MAX_STATES = 20_000
#: States all the searches of one diff may visit together.
TOTAL_STATES = 3_000_000
#: States the question "can these two rules match one message?" may visit (past it: assume they can).
PAIR_STATES = 2_000


@dataclass(frozen=True)
class Answer:
    """`FOUND` with a phrase, `NONE` (no message exists, for every message), or `LIMIT` with why."""

    verdict: str
    phrase: str | None = None
    reason: str | None = None


@dataclass
class Budget:
    """The states the diff may still visit, and what it has spent (reported in its figures)."""

    max_states: int = MAX_STATES
    total_states: int = TOTAL_STATES
    spent: int = 0
    searches: int = 0

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.total_states


class Automata:
    """The search-semantics automaton of every data rule of both versions (see the module docstring)."""

    def __init__(
        self, base: Sequence[Entry], head: Sequence[Entry], budget: Budget | None = None,
        extra: Sequence[Entry] = (),
    ) -> None:
        """`extra`: more data rules to ask about beside both versions' (side `extra`), over the same alphabet."""
        self.budget = budget if budget is not None else Budget()
        self._key: dict[tuple[str, int], int] = {}
        distinct: dict[str, int] = {}
        copies: list[Entry] = []
        for side, entries in (("base", base), ("head", head), ("extra", extra)):
            for entry in entries:
                if entry.data_matcher is None:
                    continue
                condition = condition_key(entry)
                if condition not in distinct:
                    distinct[condition] = len(copies)
                    copies.append(replace(entry, index=len(copies)))
                self._key[(side, entry.index)] = distinct[condition]
        self._languages = build_languages(copies)
        self._reasons: dict[int, str] = {}
        self._disjoint: dict[tuple[int, int], bool] = {}
        self._contained: dict[tuple[int, int], bool] = {}
        self._finder: CellFinder | None = None

    def key(self, side: str, entry: Entry) -> int | None:
        """The automaton of a data rule (shared by equal conditions), or None when it has none."""
        key = self._key.get((side, entry.index))
        if key is None or self.reason(key) is not None:
            return None
        return key

    def reason(self, key: int) -> str | None:
        """Why the automata cannot read this rule (a lookbehind, a backreference, too many states), or None."""
        if key not in self._reasons:
            try:
                self._languages.search(key)
                self._reasons[key] = ""
            except Undecidable as error:
                said = str(error)
                self._reasons[key] = with_advice(said) if said else "a construct the automata cannot translate"
        return self._reasons[key] or None

    def reason_for(self, side: str, entry: Entry) -> str | None:
        key = self._key.get((side, entry.index))
        return None if key is None else self.reason(key)

    def whole(self, key: int) -> Rule | None:
        """The rule's own text matched whole (for readable witnesses), when the automata have it."""
        return self._languages.whole(key)

    def written(self, key: int) -> str | None:
        """The rule's words as its author wrote them ("movie today"), when its own-text automaton accepts them."""
        whole = self.whole(key)
        if whole is None:
            return None
        if self._finder is None:
            self._finder = CellFinder(self._languages.cells)
        return as_written(self._languages.rules[key].leaves, (whole,), self._finder, "") or None

    def disjoint(self, one: int, other: int) -> bool:
        """Whether no message matches both rules (decided; a search past `PAIR_STATES` says no)."""
        key = (min(one, other), max(one, other))
        if key not in self._disjoint:
            self._disjoint[key] = self._search([one, other], [], None, PAIR_STATES).verdict == NONE
        return self._disjoint[key]

    def contained(self, inner: int, outer: int) -> bool:
        """Whether every message `inner` matches is matched by `outer` (decided; past `PAIR_STATES`: no)."""
        key = (inner, outer)
        if key not in self._contained:
            self._contained[key] = self._search([inner], [outer], None, PAIR_STATES).verdict == NONE
        return self._contained[key]

    def ask(
        self, must: Sequence[int], must_not: Sequence[int], *, own_text: int | None = None, cap: int | None = None
    ) -> Answer:
        """The shortest, most readable message every `must` rule matches and no `must_not` rule matches.

        `own_text` adds "and it is that rule's whole text" (a more readable
        witness, when one exists); `cap` lowers the state limit of this search.
        Before a full search (no `cap`), two facts about pairs of rules, each
        found by a small search of two automata and kept for the whole diff,
        shrink the product: a `must_not` rule that shares no message with a
        `must` rule can never match, so it is left out (same answer, smaller
        product); and a `must` rule contained in a `must_not` rule leaves no
        message at all (a widened rule keeps every message it had).
        """
        if set(must) & set(must_not):
            return Answer(NONE)
        needed = list(dict.fromkeys(must_not))
        if cap is None:
            needed = [x for x in needed if not any(self.disjoint(y, x) for y in must)]
            if any(self.contained(y, x) for y in must for x in needed):
                return Answer(NONE)
        return self._search(must, needed, own_text, cap)

    def _search(self, must: Sequence[int], must_not: Sequence[int], own_text: int | None, cap: int | None) -> Answer:
        if self.budget.exhausted:
            return Answer(LIMIT, reason=f"the diff's budget of {self.budget.total_states} automaton states was spent")
        rules: list[Rule] = [self._languages.search(k) for k in dict.fromkeys(must)]
        if own_text is not None:
            whole = self.whole(own_text)
            if whole is None:
                return Answer(LIMIT, reason="no whole-text automaton")
            rules.insert(0, whole)
        excluded = [self._languages.search(k) for k in dict.fromkeys(must_not)]
        limit = min(self.budget.max_states if cap is None else cap, self.budget.total_states - self.budget.spent)
        outcome = search(rules, excluded, self._languages.cells, max_states=max(limit, 1))
        self.budget.spent += outcome.states
        self.budget.searches += 1
        return Answer(outcome.verdict, outcome.phrase, outcome.reason)
