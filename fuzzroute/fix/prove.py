"""Proven before offered: what a candidate edit does to every message, decided on the graph before and after.

`prove(before, after, allowed, ...)` asks what `fuzzroute diff` asks of two
versions: under each claim law, for every pair (old winner, new winner),
does some message route that way (`diff.moves.decide_law`, automata over
both versions).  For each pair that moves messages it then asks once more
per way out of the fix's allowed set (`allowed.Escape`): is there a moved
message *outside* the set?  A witness of one is re-run through both
graphs' claim laws and the set's real matchers before it is kept; none, for
every message, is the proof.  A pair the automata cannot decide makes the
fix unproven, never safe.

The rest of what "safe" means is checked on the two graphs as they are: no
new decided finding that fails a build (the decided tier on both), no
declared example or never-route row whose verdict changes except rows the
fix mends (the proven checkup on both, rows paired as `diff` pairs them),
and the finding the fix is for gone (`resolved`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fuzzroute.decided import decide
from fuzzroute.decided.decisions import DecidedItem, Decisions
from fuzzroute.decided.verdict import judge
from fuzzroute.diff.automata import FOUND, LIMIT, MAX_STATES, NONE, TOTAL_STATES, Automata, Budget
from fuzzroute.diff.matching import RuleMatching, match_rules
from fuzzroute.diff.moves import MOVED, UNDECIDED, LawTable, Question, decide_law, question, stays
from fuzzroute.diff.proven import RowChange, compare_rows
from fuzzroute.diff.winners import LAWS, Winner, claimant
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import DataMatcher
from fuzzroute.fix.allowed import Allowed, Escape
from fuzzroute.results.diff_document import FIXED, NEW_ERROR, ROW_ADDED


@dataclass(frozen=True)
class MovedMessages:
    """Messages that change the rule starting the turn under one law: from `old` to `new` (None: no rule)."""

    law: str
    old: Entry | None
    new: Entry | None
    witness: str


@dataclass(frozen=True)
class Proof:
    """What a candidate does, decided: the moves inside and outside its allowed set, and what else changes."""

    #: One witness per moved pair that stays inside the allowed set.
    moves: tuple[MovedMessages, ...] = ()
    #: Witnesses of messages that would move outside the allowed set.
    escapes: tuple[MovedMessages, ...] = ()
    #: Why some moves could not be decided (the fix is then not proven).
    undecided: tuple[str, ...] = ()
    #: Decided findings the edited graph has and the graph before had not.
    new_findings: tuple[DecidedItem, ...] = ()
    #: Declared rows whose verdict would change for the worse (or change, without being mended).
    broken_rows: tuple[RowChange, ...] = ()
    #: Declared rows the fix mends (their errors go away, or it declares them and they pass).
    fixed_rows: tuple[RowChange, ...] = ()
    #: Why the finding the fix is for would still be there (None: it is gone).
    unresolved: str | None = None
    #: The edited graph's decided tier, for the next round.
    decisions: Decisions | None = field(default=None, compare=False)

    @property
    def safe(self) -> bool:
        return not (self.escapes or self.undecided or self.new_findings or self.broken_rows or self.unresolved)

    @property
    def changed_rows(self) -> int:
        """How many declared rows change verdict (the tie-break between two safe candidates)."""
        return len(self.broken_rows) + sum(1 for c in self.fixed_rows if c.base is not None)


def _rule_key(entry: Entry, entries: Sequence[Entry]) -> tuple[str, int]:
    """A rule by id and occurrence: stable when rules move."""
    return entry.id, sum(1 for e in entries[: entry.index] if e.id == entry.id)


def finding_key(item: DecidedItem, entries: Sequence[Entry]) -> tuple[object, ...]:
    """A decided finding as two versions of a graph can compare it (rules by id, not position)."""
    other = None if item.other is None else _rule_key(item.other, entries)
    containing = tuple(sorted(_rule_key(e, entries) for e in item.containing))
    return item.kind, _rule_key(item.entry, entries), other, containing, item.relation, item.shared_in


def _failing(graph: Graph, decisions: Decisions) -> list[DecidedItem]:
    return list(judge(decisions, graph.acceptances).failing)


def _winner(winners: Sequence[Winner], index: int | None) -> Winner:
    return next(w for w in winners if w.index == index)


def _extra_entries(matchers: Sequence[DataMatcher]) -> list[Entry]:
    return [Entry(position, f"allowed-{position}", match) for position, match in enumerate(matchers)]


class _Escapes:
    """Asks, for one moved pair, whether a moved message lies outside the allowed set."""

    def __init__(self, before: Graph, after: Graph, allowed: Allowed, automata: Automata,
                 extra: Sequence[Entry]) -> None:
        self.before = before
        self.after = after
        self.allowed = allowed
        self.automata = automata
        self.keys = {id(e.match): automata.key("extra", e) for e in extra}

    def changes_inside(self, matching: RuleMatching) -> bool:
        """Whether every message a changed rule gained or lost lies in the set (then so does every move).

        Without a change of order, a message can only change its winning
        rule where a changed rule's verdict on it changed: inside the
        symmetric difference of the rule's old and new condition.  When the
        automata find no message of that difference outside the set (two
        searches per changed rule and way out), no pair needs asking; else
        (or undecided) the pairs are asked one by one.
        """
        count = len(self.before.entries)
        if len(self.after.entries) != count or sorted(matching.head_of.items()) != [(a, a) for a in range(count)]:
            return False  # a rule moved (or came or went): messages can change rule without any verdict changing
        pairs = [(a, b) for a, b in matching.head_of.items()
                 if self.before.entries[a].match is not self.after.entries[b].match]
        for a, b in pairs:
            old_key = self.automata.key("base", self.before.entries[a])
            new_key = self.automata.key("head", self.after.entries[b])
            if old_key is None or new_key is None:
                return False
            for escape in self.allowed.escapes:
                must, must_not = self.keys_of(escape.must), self.keys_of(escape.must_not)
                if must is None or must_not is None:
                    return False
                for gained, lost in ((new_key, old_key), (old_key, new_key)):
                    if self.automata.ask([gained, *must], [lost, *must_not]).verdict != NONE:
                        return False
        return True

    def keys_of(self, matchers: Sequence[DataMatcher]) -> list[int] | None:
        found = [self.keys.get(id(m)) for m in matchers]
        return None if any(k is None for k in found) else [k for k in found if k is not None]

    def outside(self, law: str, old: Winner, old_q: Question, new: Winner, new_q: Question,
                ) -> tuple[str | None, str | None]:
        """`(witness, None)` of a moved message outside the set, `(None, None)` for none, `(None, why)` undecided."""
        for escape in self.allowed.escapes:
            must, must_not = self.keys_of(escape.must), self.keys_of(escape.must_not)
            if must is None or must_not is None:
                return None, "the automata cannot read the fix's allowed set"
            answer = self.automata.ask(
                [*old_q.must, *new_q.must, *must], [*old_q.must_not, *new_q.must_not, *must_not]
            )
            if answer.verdict == LIMIT or (answer.verdict == FOUND and answer.phrase is None):
                return None, answer.reason or "the search stopped at its limit"
            if answer.verdict == FOUND:
                assert answer.phrase is not None
                if self.verified(law, old, new, answer.phrase, escape):
                    return answer.phrase, None
                if old_q.opaque or new_q.opaque:
                    names = ", ".join(dict.fromkeys((*old_q.opaque, *new_q.opaque)))
                    return None, f"the automata cannot read {names}"
                return None, f"fuzzroute's automata disagree with the real matchers on {answer.phrase!r}"
        return None, None

    def verified(self, law: str, old: Winner, new: Winner, phrase: str, escape: Escape) -> bool:
        got_old = claimant(self.before.claims(phrase), law)
        got_new = claimant(self.after.claims(phrase), law)
        return (
            (None if got_old is None else got_old.index) == old.index
            and (None if got_new is None else got_new.index) == new.index
            and escape.holds(phrase)
        )


def _readable(before: Graph, after: Graph, law: str, a: int | None, b: int | None, texts: Sequence[str],
              found: str) -> str:
    """The first of `texts` (the finding's own phrases) that moves from `a` to `b` under `law`, else `found`."""
    for text in texts:
        old, new = claimant(before.claims(text), law), claimant(after.claims(text), law)
        if (None if old is None else old.index) == a and (None if new is None else new.index) == b:
            return text
    return found


def _shown_moves(before: Graph, after: Graph, texts: Sequence[str]) -> list[MovedMessages]:
    """How each of `texts` moves under each law (nothing for a text that stays)."""
    found: list[MovedMessages] = []
    for text in texts:
        old_claims, new_claims = before.claims(text), after.claims(text)
        for law in LAWS:
            old, new = claimant(old_claims, law), claimant(new_claims, law)
            old_index, new_index = (None if old is None else old.index), (None if new is None else new.index)
            old_entry = None if old_index is None else before.entries[old_index]
            new_entry = None if new_index is None else after.entries[new_index]
            if old_entry is None and new_entry is None:
                continue
            if old_entry is not None and new_entry is not None and old_entry.id == new_entry.id:
                continue
            found.append(MovedMessages(law, old_entry, new_entry, text))
    return found


def _moves(before: Graph, after: Graph, allowed: Allowed, max_states: int, total_states: int,
           texts: Sequence[str] = ()) -> tuple[list[MovedMessages], list[MovedMessages], list[str]]:
    matching = match_rules(before.entries, after.entries)
    extra = _extra_entries(allowed.matchers)
    automata = Automata(before.entries, after.entries, Budget(max_states, total_states), extra=extra)
    escapes = _Escapes(before, after, allowed, automata, extra)
    settled = escapes.changes_inside(matching)
    inside: list[MovedMessages] = []
    outside: list[MovedMessages] = []
    undecided: list[str] = []
    if settled:
        # Every message that could move lies in the set (decided above): the pairs are not asked one by one,
        # and the moves shown are those of the finding's own phrases.
        return _shown_moves(before, after, texts), outside, undecided
    for law in LAWS:
        table: LawTable = decide_law(before, after, law, automata, matching)
        for (a, b), answer in sorted(table.answers.items(), key=lambda item: _order(item[0])):
            if stays(matching, a, b):
                continue
            old_entry = None if a is None else before.entries[a]
            new_entry = None if b is None else after.entries[b]
            if answer.status not in (MOVED, UNDECIDED):
                continue
            old, new = _winner(table.base_winners, a), _winner(table.head_winners, b)
            # An undecided pair (a rule the automata cannot read takes part) may still be proved to move
            # nothing outside the set: the search leaves the unread rule out, so "none" stays a proof.
            witness, why = (None, None) if settled else escapes.outside(
                law, old, question(automata, "base", old), new, question(automata, "head", new)
            )
            if why is not None:
                undecided.append(why if answer.status == MOVED else (answer.reason or why))
            elif witness is not None:
                outside.append(MovedMessages(law, old_entry, new_entry, witness))
            elif answer.status == MOVED and answer.witness is not None:
                witness = _readable(before, after, law, a, b, texts, answer.witness)
                inside.append(MovedMessages(law, old_entry, new_entry, witness))
    # The finding's own phrases first: "book table for two at 8" reads better than two rules' words glued.
    inside.sort(key=lambda moved: moved.witness not in texts)
    return inside, outside, list(dict.fromkeys(undecided))


def _order(pair: tuple[int | None, int | None]) -> tuple[int, int]:
    a, b = pair
    return (10**9 if a is None else a, 10**9 if b is None else b)


def _rows(before: Graph, after: Graph, declared: Sequence[str]) -> tuple[list[RowChange], list[RowChange]]:
    """Declared rows the edit breaks, and rows it mends (its own new examples among them, when they pass)."""
    broken: list[RowChange] = []
    fixed: list[RowChange] = []
    for change in compare_rows(before, after, match_rules(before.entries, after.entries)):
        if ROW_ADDED in change.changes:
            row = change.row
            (fixed if row.phrase in declared and not row.problems else broken).append(change)
        elif NEW_ERROR in change.changes:
            broken.append(change)
        elif FIXED in change.changes:
            fixed.append(change)
        else:
            base = {(p.kind, p.code) for p in (change.base.problems if change.base else ())}
            head = {(p.kind, p.code) for p in (change.head.problems if change.head else ())}
            (fixed if head < base else broken).append(change)
    return broken, fixed


#: What a fix must make true of the edited graph: None when its finding is gone, else why not.
Resolution = Callable[[Graph, Decisions], str | None]


def prove(
    before: Graph,
    after: Graph,
    allowed: Allowed,
    *,
    resolved: Resolution,
    declared: Sequence[str] = (),
    witnesses: Sequence[str] = (),
    before_decisions: Decisions | None = None,
    max_states: int = MAX_STATES,
    total_states: int = TOTAL_STATES,
) -> Proof:
    """Everything `fix` must know before it calls a candidate safe; see the module docstring.

    `declared` are the phrases the fix declares as examples (new rows that
    must pass); `witnesses` are shown first when they move (the finding's
    own phrases read better than the shortest text the automata find);
    `before_decisions` saves deciding the unedited graph again.
    """
    decisions_before = before_decisions if before_decisions is not None else decide(before)
    decisions_after = decide(after)
    known = {finding_key(item, before.entries) for item in _failing(before, decisions_before)}
    new_findings = tuple(
        item for item in _failing(after, decisions_after) if finding_key(item, after.entries) not in known
    )
    broken, fixed = _rows(before, after, declared)
    unresolved = resolved(after, decisions_after)
    inside, outside, undecided = _moves(before, after, allowed, max_states, total_states, witnesses)
    return Proof(
        moves=tuple(inside), escapes=tuple(outside), undecided=tuple(undecided), new_findings=new_findings,
        broken_rows=tuple(broken), fixed_rows=tuple(fixed), unresolved=unresolved, decisions=decisions_after,
    )
