"""For every (old claimant, new claimant) pair under one law: does some message route that way?

The old version starts rule A on a message when A matches it and every
candidate before A declines it (`winners`); the same for B in the new
version.  So the pair (A, B) exists exactly when one message satisfies both
conditions at once, and a product search over both versions' automata
answers that for every message:

* FOUND: a witness, re-run through both graphs' `claims()` (only a witness
  both graphs agree with is kept): first the cheap texts of `witnesses`,
  else the shortest readable phrase of the search (the new rule's own text
  first, then the old rule's, then anything).
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

Pairs the rule matching alone rules out are never asked (`_possible_pairs`),
nor pairs of a rule that cannot win at all under the law (one search each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fuzzroute.diff.automata import FOUND, LIMIT, NONE, Automata
from fuzzroute.diff.matching import RuleMatching, condition_key
from fuzzroute.diff.winners import Winner, claimant, winners
from fuzzroute.diff.witnesses import READABLE_STATES, Texts, candidates
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claimant, Claims
from fuzzroute.results.diff_document import Law

MOVED = "found"
NO_MESSAGE = "none"
UNDECIDED = "undecided"
#: A stay (a rule and its own match) of a rule with no move: not asked, since no answer needs it.
NOT_ASKED = "not-asked"


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
    """Every pair's answer under one law; pairs not listed have no message (NO_MESSAGE), except stays not asked."""

    law: Law
    base_winners: list[Winner]
    head_winners: list[Winner]
    answers: dict[tuple[int | None, int | None], PairAnswer] = field(default_factory=dict)
    #: Witnesses the real matchers contradicted without any rule left out: bugs of fuzzroute, never findings.
    defects: list[str] = field(default_factory=list)
    not_asked: set[tuple[int | None, int | None]] = field(default_factory=set)
    #: Rules that gain messages and could start no turn before (old index, new index, a text they now win),
    #: and rules that lose messages and can start none now (old index, new index, a text they won before).
    now_win: list[tuple[int, int, str | None]] = field(default_factory=list)
    no_longer_win: list[tuple[int, int, str | None]] = field(default_factory=list)

    def answer(self, old: int | None, new: int | None) -> PairAnswer:
        if (old, new) in self.not_asked:
            return PairAnswer(NOT_ASKED)
        return self.answers.get((old, new), PairAnswer(NO_MESSAGE))


def question(automata: Automata, side: str, winner: Winner) -> Question:
    """What must hold, in automaton keys, for `winner` to start the turn on one version's side."""
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


def decide_law(base: Graph, head: Graph, law: Law, automata: Automata, matching: RuleMatching) -> LawTable:
    """Answer every pair of `law` that can move messages (and the stays of rules that move); see the docstring."""
    table = LawTable(law, winners(base.entries, law), winners(head.entries, law))
    olds = [(w, question(automata, "base", w)) for w in table.base_winners]
    news = [(w, question(automata, "head", w)) for w in table.head_winners]
    possible = _possible_pairs(base, head, matching)
    texts = Texts(automata, base, head, matching)

    def wins(side: str, winner: Winner, question: Question) -> bool:
        return texts.winning(law, side, winner.index, question.must, question.must_not, question.own_text).possible

    def fragments(side: str, winner: Winner, question: Question) -> list[str]:
        found = texts.winning(law, side, winner.index, question.must, question.must_not, question.own_text).text
        changed = None if winner.index is None else texts.changed(side, winner.index)
        return [t for t in (found, changed) if t]

    def ask(old: Winner, old_q: Question, new: Winner, new_q: Question) -> None:
        # The rules' own declared examples first: a sentence their author wrote is the witness to read.
        declared = [x for w in (new, old) if w.entry is not None for x in w.entry.examples or ()]
        tries = list(dict.fromkeys(declared + candidates(fragments("base", old, old_q), fragments("head", new, new_q))))
        answer = _pair(base, head, law, automata, old, old_q, new, new_q, table.defects, tries)
        if answer.status != NO_MESSAGE:
            table.answers[(old.index, new.index)] = answer

    moving: set[int | None] = set()
    for old, old_q in olds:
        for new, new_q in news:
            if stays(matching, old.index, new.index) or not possible(old.index, new.index):
                continue
            if wins("base", old, old_q) and wins("head", new, new_q):
                ask(old, old_q, new, new_q)
                if table.answer(old.index, new.index).status == MOVED:
                    moving.add(old.index)
    _starts_changed(table, matching, olds, news, wins, texts)
    # Whether a move is total needs the stay of its rule too (every other pair is asked above or impossible).
    for old, old_q in olds:
        for new, new_q in news:
            if stays(matching, old.index, new.index):
                if old.index in moving:
                    ask(old, old_q, new, new_q)
                else:
                    table.not_asked.add((old.index, new.index))
    return table


def _starts_changed(
    table: LawTable, matching: RuleMatching, olds: list[tuple[Winner, Question]], news: list[tuple[Winner, Question]],
    wins: Callable[[str, Winner, Question], bool], texts: Texts,
) -> None:
    """The rules a change lets start a turn for the first time, or keeps from starting any (a never-wins
    resolved or caused).  Only rules that gain or lose messages are asked: no other rule's answer changed."""
    moved = [(a, b) for (a, b), answer in table.answers.items()
             if answer.status == MOVED and not stays(matching, a, b)]
    gained = {b for _, b in moved if b is not None}
    lost = {a for a, _ in moved if a is not None}
    old_of = {w.index: (w, q) for w, q in olds if w.index is not None}
    new_of = {w.index: (w, q) for w, q in news if w.index is not None}
    for index in sorted(i for i in gained if i in matching.base_of and matching.base_of[i] in old_of):
        old, old_q = old_of[matching.base_of[index]]
        new, new_q = new_of[index]
        if not wins("base", old, old_q) and wins("head", new, new_q):
            text = texts.winning(table.law, "head", new.index, new_q.must, new_q.must_not, new_q.own_text).text
            table.now_win.append((old.index or 0, index, text))
    for index in sorted(i for i in lost if i in matching.head_of and matching.head_of[i] in new_of):
        old, old_q = old_of[index]
        new, new_q = new_of[matching.head_of[index]]
        if wins("base", old, old_q) and not wins("head", new, new_q):
            text = texts.winning(table.law, "base", old.index, old_q.must, old_q.must_not, old_q.own_text).text
            table.no_longer_win.append((index, new.index or 0, text))


def stays(matching: RuleMatching, old: int | None, new: int | None) -> bool:
    """The pair keeps messages where they were: no rule before and after, or a rule and its match."""
    if old is None:
        return new is None
    return old in matching.head_of and matching.head_of[old] == new


def _possible_pairs(base: Graph, head: Graph, matching: RuleMatching) -> Callable[[int | None, int | None], bool]:
    """A necessary condition for a pair to move a message, from the rule matching alone (no search).

    A rule whose condition did not change matches the same messages in both
    versions.  So two such rules can trade a message only if their relative
    order changed (the one that takes it must have moved before the other),
    "no rule" can give a message only to a changed or added rule, and take
    one only from a changed or removed rule.  Every pair this rejects has no
    message, for every message; a diff touching few rules asks few questions.
    """
    same = {
        a: b for a, b in matching.head_of.items()
        if condition_key(base.entries[a]) == condition_key(head.entries[b])
    }
    same_new = {b: a for a, b in same.items()}

    def possible(old: int | None, new: int | None) -> bool:
        if old is None:
            return new is not None and new not in same_new
        if new is None:
            return old not in same
        if old in same and new in same_new:
            return old < same_new[new] and new < same[old]
        return True

    return possible


def _pair(
    base: Graph, head: Graph, law: str, automata: Automata,
    old: Winner, old_q: Question, new: Winner, new_q: Question, defects: list[str], tries: Sequence[str] = (),
) -> PairAnswer:
    for text in tries:  # cheap candidates first: a text both graphs route this way settles it
        base_claims, head_claims = base.claims(text), head.claims(text)
        if _index(claimant(base_claims, law)) == old.index and _index(claimant(head_claims, law)) == new.index:
            return PairAnswer(MOVED, text, None, base_claims, head_claims)
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


def _index(found: Claimant | None) -> int | None:
    return None if found is None else found.index


def _name(found: object) -> str:
    if found is None:
        return "no rule"
    return f'"{getattr(found, "id", "?")}" (rule #{getattr(found, "index", 0) + 1})'
