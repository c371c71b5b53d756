"""For every (old claimant, new claimant) pair under one law: does some message route that way?

The old version starts rule A on a message when A matches it and every
candidate before A declines it (`winners`); the same for B in the new
version.  So the pair (A, B) exists exactly when one message satisfies both
conditions at once, and a product search over both versions' automata
answers that for every message:

* FOUND: a shortest readable witness (the new rule's own text first, then
  the old rule's, then anything), re-run through both graphs' `claims()`;
  only a witness both graphs agree with is kept.
* NONE: no message routes that way, for every possible message.
* LIMIT: the bounded search did not finish; the pair is undecided.

A rule the automata cannot read (a `when` predicate, a regex with a
lookbehind or backreference) is left out of the question: the search then
answers about a larger set of messages.  NONE stays a proof (no message
even of the larger set), while a FOUND witness may be claimed by the left-out
rule: then the pair is undecided, and the witness shows why.  One thing is
known about such a rule without reading it: the same condition in both
versions (the same `when` code, the same regex) gives the same verdict on
the same message on the cold context, so a pair that needs it to match in
one version and decline in the other has no message (predicates are taken
to be pure, as the checks take them).

Rules that cannot win at all under a law are found first (one search each),
so their pairs are never asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fuzzroute.diff.automata import FOUND, LIMIT, NONE, Automata
from fuzzroute.diff.matching import condition_key
from fuzzroute.diff.winners import Winner, claimant, winners
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claims

#: States a search for a more readable witness (one rule's own text) may visit; past it the plain search answers.
READABLE_STATES = 400

MOVED = "found"
NO_MESSAGE = "none"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class PairAnswer:
    """What the automata say about one (old claimant, new claimant) pair under one law."""

    status: str  # MOVED (some message routes this way: `witness`), NO_MESSAGE or UNDECIDED (`reason`)
    witness: str | None = None
    reason: str | None = None
    base_claims: Claims | None = None
    head_claims: Claims | None = None


@dataclass(frozen=True)
class Question:
    """One version's half of a pair question, in automaton keys."""

    must: tuple[int, ...]
    must_not: tuple[int, ...]
    #: Rules left out because the automata cannot read them, each named with why (`"x" (rule #2: ...)`).
    opaque: tuple[str, ...]
    own_text: int | None
    #: Conditions of left-out rules that must match (the claimant) and that must decline (earlier rules).
    opaque_must: frozenset[str] = frozenset()
    opaque_must_not: frozenset[str] = frozenset()


@dataclass
class LawTable:
    """Every pair's answer under one law; pairs not listed have no message (NO_MESSAGE)."""

    law: str
    base_winners: list[Winner]
    head_winners: list[Winner]
    answers: dict[tuple[int | None, int | None], PairAnswer] = field(default_factory=dict)
    #: Witnesses the real matchers contradicted without any rule left out: bugs of fuzzroute, never findings.
    defects: list[str] = field(default_factory=list)

    def answer(self, old: int | None, new: int | None) -> PairAnswer:
        return self.answers.get((old, new), PairAnswer(NO_MESSAGE))


def _question(automata: Automata, side: str, winner: Winner) -> Question:
    must: list[int] = []
    opaque: list[str] = []
    opaque_must: set[str] = set()
    own_text = None
    entry = winner.entry
    if entry is not None and not entry.is_unconditional:
        key = automata.key(side, entry)
        if key is None:
            opaque.append(_unread(automata, side, entry))
            opaque_must.add(condition_key(entry))
        else:
            must.append(key)
            own_text = key
    must_not: list[int] = []
    opaque_must_not: set[str] = set()
    for earlier in winner.earlier:
        key = automata.key(side, earlier)
        if key is None:
            opaque.append(_unread(automata, side, earlier))
            opaque_must_not.add(condition_key(earlier))
        else:
            must_not.append(key)
    return Question(
        tuple(must), tuple(must_not), tuple(opaque), own_text, frozenset(opaque_must), frozenset(opaque_must_not)
    )


def _unread(automata: Automata, side: str, entry: Entry) -> str:
    why = "a `when` predicate" if entry.when is not None else automata.reason_for(side, entry)
    return f'"{entry.id}" (rule #{entry.index + 1}: {why})'


def decide_law(base: Graph, head: Graph, law: str, automata: Automata) -> LawTable:
    """Answer every pair of `law`; see the module docstring."""
    table = LawTable(law, winners(base.entries, law), winners(head.entries, law))
    olds = [(w, _question(automata, "base", w)) for w in table.base_winners]
    news = [(w, _question(automata, "head", w)) for w in table.head_winners]
    olds = [(w, q) for w, q in olds if automata.ask(q.must, q.must_not).verdict != NONE]
    news = [(w, q) for w, q in news if automata.ask(q.must, q.must_not).verdict != NONE]
    for old, old_q in olds:
        for new, new_q in news:
            answer = _pair(base, head, law, automata, old, old_q, new, new_q, table.defects)
            if answer.status != NO_MESSAGE:
                table.answers[(old.index, new.index)] = answer
    return table


def _pair(
    base: Graph, head: Graph, law: str, automata: Automata,
    old: Winner, old_q: Question, new: Winner, new_q: Question, defects: list[str],
) -> PairAnswer:
    if (old_q.opaque_must | new_q.opaque_must) & (old_q.opaque_must_not | new_q.opaque_must_not):
        return PairAnswer(NO_MESSAGE)  # one unread condition would have to match and decline the same message
    must = old_q.must + new_q.must
    must_not = old_q.must_not + new_q.must_not
    opaque = old_q.opaque + new_q.opaque
    contradicted: PairAnswer | None = None
    for own in dict.fromkeys(k for k in (new_q.own_text, old_q.own_text) if k is not None):
        readable = automata.ask(must, must_not, own_text=own, cap=READABLE_STATES)
        if readable.verdict == FOUND:
            assert readable.phrase is not None
            contradicted = _verify(base, head, law, old, new, readable.phrase, opaque, defects)
            if contradicted.status == MOVED or not opaque:
                return contradicted
            break
    plain = automata.ask(must, must_not)
    if plain.verdict == NONE:
        return PairAnswer(NO_MESSAGE)
    if plain.verdict == LIMIT or plain.phrase is None:
        return contradicted or PairAnswer(UNDECIDED, reason=plain.reason)
    if contradicted is not None and contradicted.witness == plain.phrase:
        return contradicted
    return _verify(base, head, law, old, new, plain.phrase, opaque, defects)


def _verify(
    base: Graph, head: Graph, law: str, old: Winner, new: Winner, phrase: str,
    opaque: Sequence[str], defects: list[str],
) -> PairAnswer:
    """Run the witness through both graphs: kept only if they start the pair's rules on it."""
    base_claims, head_claims = base.claims(phrase), head.claims(phrase)
    got_old, got_new = claimant(base_claims, law), claimant(head_claims, law)
    old_index = None if got_old is None else got_old.index
    new_index = None if got_new is None else got_new.index
    if old_index == old.index and new_index == new.index:
        return PairAnswer(MOVED, phrase, None, base_claims, head_claims)
    said = (
        f"on {phrase!r} the old rules start {_name(got_old)} and the new rules start {_name(got_new)}"
    )
    if opaque:
        names = ", ".join(dict.fromkeys(opaque))
        return PairAnswer(UNDECIDED, phrase, f"the automata cannot read {names}; {said}", base_claims, head_claims)
    defects.append(f"{law}: pair ({old.index}, {new.index}): {said}")
    return PairAnswer(UNDECIDED, phrase, f"fuzzroute's automata disagree with the real matchers: {said}")


def _name(found: object) -> str:
    if found is None:
        return "no rule"
    return f'"{getattr(found, "id", "?")}" (rule #{getattr(found, "index", 0) + 1})'
