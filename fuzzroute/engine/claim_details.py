"""Why a law picked its claimant: the condition and the text that matched.

A debugging aid for `fuzzroute claim`; it reads the same laws and adds, for
the chosen entry, its caption and the matched text (the witness).
"""

from __future__ import annotations

from dataclasses import dataclass

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant
from fuzzroute.engine.unread import NotRun, is_unread, walk
from fuzzroute.results.claims import ClaimAnswer, ClaimDetail, RuleRef
from fuzzroute.results.record import OMIT, Omitted


@dataclass(frozen=True)
class PhraseClaims:
    """Both laws' claimants for one phrase.

    A law that reaches a `when` fuzzroute does not run (`engine.unread`)
    has no known claimant: its `*_depends_on` names that rule instead.
    """

    phrase: str
    cold_walk: ClaimDetail | None
    cascade: ClaimDetail | None
    cold_walk_depends_on: Entry | None = None
    cascade_depends_on: Entry | None = None

    def record(self) -> ClaimAnswer:
        """The answer as `claim --format json` writes it: each law's claimant id, its detail, what it waits on."""
        def waits_on(entry: Entry | None) -> RuleRef | Omitted:
            return OMIT if entry is None else RuleRef(entry.id, entry.index)

        return ClaimAnswer(
            self.phrase, None if self.cold_walk is None else self.cold_walk.id,
            None if self.cascade is None else self.cascade.id, self.cold_walk, self.cascade,
            waits_on(self.cold_walk_depends_on), waits_on(self.cascade_depends_on),
        )


def _detail(entries: tuple[Entry, ...], claimant: Claimant | None, phrase: str) -> ClaimDetail | None:
    if claimant is None:
        return None
    entry = entries[claimant.index]
    matcher = entry.data_matcher
    witness = matcher.witness(phrase) if matcher is not None else None
    return ClaimDetail(entry.id, entry.index, entry.caption, witness)


def explain_claims(graph: Graph, phrase: str) -> PhraseClaims:
    """Who claims `phrase` under each law, and by which condition."""
    entries = graph.entries
    if any(is_unread(e) for e in entries):
        laws = graph.laws
        cold = walk(laws.worth_running(phrase), phrase)
        cascade = walk(laws.worth_running(phrase, conditional_only=True), phrase)
        return PhraseClaims(
            phrase,
            None if not isinstance(cold, Entry) else _detail(entries, laws.both(phrase).cold_walk, phrase),
            None if not isinstance(cascade, Entry) else _detail(entries, laws.both(phrase).cascade, phrase),
            cold.entry if isinstance(cold, NotRun) else None,
            cascade.entry if isinstance(cascade, NotRun) else None,
        )
    claims = graph.claims(phrase)
    return PhraseClaims(phrase, _detail(entries, claims.cold_walk, phrase), _detail(entries, claims.cascade, phrase))
