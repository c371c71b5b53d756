"""Who claims a phrase, and whether a rule's own condition accepts it, each computed once.

`Judge.claims` is `graph.laws.both` memoised per phrase: the engine's single
pass over the entries, which evaluates each entry at most once.  Whether the
rule a phrase was generated from accepts it is read off that pass whenever
the pass reached the rule (the rule matched, or the pass went past it); only
when an earlier rule stopped the pass is the rule itself run, once.
"""

from __future__ import annotations

from fuzzroute.entries import Entry
from fuzzroute.graph import Graph
from fuzzroute.laws import Claimant, Claims, Outcome, runs_on

from .prefilter import fold, may_match, needs


class Judge:
    """Memoised verdicts for one graph (cold context)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.laws = graph.laws
        self.entries: tuple[Entry, ...] = graph.entries
        self.classifier = graph.has_classifier
        self._claims: dict[str, Claims] = {}
        self._own: dict[tuple[str, int], bool] = {}
        self._later: dict[tuple[str, int], tuple[int, ...]] = {}
        self.conditional_after: dict[int, tuple[int, ...]] = {}
        rules = [e.index for e in self.laws.rules]
        for position, index in enumerate(rules):
            self.conditional_after[index] = tuple(rules[position + 1:])
        self._may_match = {e.index: may_match(needs(e)) for e in self.laws.rules}

    def known(self, phrase: str) -> bool:
        return phrase in self._claims

    def claims(self, phrase: str) -> Claims:
        found = self._claims.get(phrase)
        if found is None:
            found = self.laws.both(phrase)
            self._claims[phrase] = found
        return found

    def winner(self, claims: Claims) -> Claimant | None:
        """The claimant under the mount's law: the cascade with a classifier, else the cold walk."""
        return claims.cascade if self.classifier else claims.cold_walk

    def accepts(self, phrase: str, index: int) -> bool:
        """Whether entry `index`'s own condition matches `phrase` on the cold context."""
        cascade = self.claims(phrase).cascade
        if cascade is not None and cascade.index == index:
            return True
        if cascade is None or cascade.index > index:
            return False  # the pass ran this rule and it did not match
        key = (phrase, index)
        verdict = self._own.get(key)
        if verdict is None:
            verdict = runs_on(self.entries[index], phrase) is Outcome.MATCH
            self._own[key] = verdict
        return verdict

    def later_matches(self, phrase: str, index: int) -> tuple[int, ...]:
        """The conditional rules after `index` that also match a phrase `index` claims.

        Only asked for phrases the pass stopped at `index`, so none of these
        rules has been run on the phrase yet.  Rules whose required text is
        absent are skipped without running them (`prefilter`).
        """
        key = (phrase, index)
        found = self._later.get(key)
        if found is None:
            folded = fold(phrase)
            may = self._may_match
            found = tuple(
                k
                for k in self.conditional_after.get(index, ())
                if may[k](phrase, folded) and runs_on(self.entries[k], phrase) is Outcome.MATCH
            )
            self._later[key] = found
        return found
