"""Answer the questions of many rules on one process or several, with the same answers.

The questions about a rule depend only on that rule and the rules before it
(`questions.RuleQuestions`), and every bound is counted in automaton
states, so running rules on a pool of forked processes changes when they
finish, never what they answer: answers come back in rule order (`imap`).
The automata are built before the pool starts and inherited; items travel
back as plain records (entry positions, not entries, since a rule's `when`
function need not pickle) and every witness is verified in the worker.
Worker processes ignore Ctrl-C; a stop request is polled between rules,
and the rules not reached are returned as such.  Once the parent's listing
of a kind of shared text is full, the workers count such items without
building or sending them (`_FullFlags`).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from fuzzroute.decided.decisions import CO_OCCURRENCE, FIXED_WORDS, WILDCARD, DecidedItem
from fuzzroute.decided.questions import DISJOINT_RELATION as DISJOINT
from fuzzroute.decided.questions import Answers, Context, RuleQuestions
from fuzzroute.decided.verify import verify
from fuzzroute.engine.entries import Entry
from fuzzroute.results.decided_records import DefectRecord

#: How often (seconds) the parent polls for a stop request while workers run.
POLL_SECONDS = 0.1
#: Rules per worker process below which forking costs more than it saves (the answers are the same).
RULES_PER_PROCESS = 32

Record = tuple[Any, ...]


@dataclass
class Checked:
    """One rule's answers after verification: kept items and tool defects as records, and the counts."""

    rule: int
    items: list[Record] = field(default_factory=list)
    defects: list[DefectRecord] = field(default_factory=list)
    answers: Answers | None = None


class _Position(int):
    """A rule sent as its position (a rule's `when` function need not pickle); read back as the rule."""


def _sent(value: Any) -> Any:
    if isinstance(value, Entry):
        return _Position(value.index)
    if isinstance(value, tuple) and any(isinstance(part, Entry) for part in value):
        return tuple(_sent(part) for part in value)
    return value


def _received(value: Any, entries: Sequence[Entry]) -> Any:
    if isinstance(value, _Position):
        return entries[value]
    if isinstance(value, tuple):
        return tuple(_received(part, entries) for part in value)
    return value


#: The item's fields in declaration order, and the positions of those whose type holds rules (read once).
_FIELDS = tuple(name.name for name in fields(DecidedItem))
_RULE_AT = tuple(position for position, name in enumerate(fields(DecidedItem)) if "Entry" in str(name.type))


def item_record(item: DecidedItem) -> Record:
    """Every field of the item, in declaration order, its rules as positions (so a new field travels as is)."""
    values = [getattr(item, name) for name in _FIELDS]
    for position in _RULE_AT:
        values[position] = _sent(values[position])
    return tuple(values)


def item_from(record: Record, entries: Sequence[Entry]) -> DecidedItem:
    values = list(record)
    for position in _RULE_AT:
        values[position] = _received(values[position], entries)
    return DecidedItem(*values)


def check(context: Context, answers: Answers) -> Checked:
    """Verify every witness of one rule's answers with the compiled matchers and `graph.claims`.

    Where the claims follow the matches (`verify.claims_follow_matches`), an
    overlap is verified by the matchers alone; its claims are read in the
    parent only if it is listed (most are counted).
    """
    checked = Checked(answers.rule)
    claims = not context.claims_follow_matches
    for item in answers.items:
        defect = verify(context.graph, item, claims=claims)
        if defect is None:
            checked.items.append(item_record(item))
        else:
            checked.defects.append(defect)
    answers.items = []  # sent as records; the counts and examples travel as they are
    checked.answers = answers
    return checked


def answer(context: Context, index: int) -> Checked:
    return check(context, RuleQuestions(context, index).run())


_CONTEXT: Context | None = None


def ignore_interrupt() -> None:
    """A worker process's start: Ctrl-C is for the parent, which stops the pool and keeps what was decided."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_answer(indexes: list[int]) -> list[Checked]:
    assert _CONTEXT is not None
    return [answer(_CONTEXT, index) for index in indexes]


def fork_available() -> bool:
    """Whether worker processes may be forked here: the platform has `fork` and no other thread is running.

    A thread running while the process forks may hold a lock the child then
    waits on for ever (an import, logging, a C library), so with other
    threads live the work stays on this process.
    """
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def answer_all(
    context: Context,
    rules: Sequence[int],
    *,
    workers: int = 1,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Checked]:
    """Each rule's checked answers, in the order of `rules`; stops early (and quietly) when asked to."""
    workers = min(workers, len(rules) // RULES_PER_PROCESS)
    if workers <= 1 or not fork_available():
        for index in rules:
            if should_stop is not None and should_stop():
                return
            yield answer(context, index)
            if progress is not None:
                progress(1)
        return
    yield from _answer_on_pool(context, rules, workers, should_stop, progress)


def _answer_on_pool(
    context: Context,
    rules: Sequence[int],
    workers: int,
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int], None] | None,
) -> Iterator[Checked]:
    global _CONTEXT
    forked = multiprocessing.get_context("fork")
    listing_full = context.full
    flags = _FullFlags(forked) if listing_full is not None else None
    context.full = None if flags is None else flags.full  # what the workers read
    _CONTEXT = context
    # Rules go out in small batches (one result per batch), in order; imap gives them back in that order.
    size = max(1, len(rules) // (workers * 16))
    batches = [list(rules[start : start + size]) for start in range(0, len(rules), size)]
    try:
        with forked.Pool(min(workers, len(batches)), initializer=ignore_interrupt) as pool:
            results = pool.imap(_worker_answer, batches, chunksize=1)
            for _ in batches:
                while True:
                    if should_stop is not None and should_stop():
                        pool.terminate()
                        return
                    try:
                        answered = results.next(timeout=POLL_SECONDS)
                        break
                    except multiprocessing.TimeoutError:
                        continue
                yield from answered
                if flags is not None and listing_full is not None:
                    flags.update(listing_full)  # every rule answered so far is listed now
                if progress is not None:
                    progress(len(answered))
    finally:
        _CONTEXT = None
        context.full = listing_full


class _FullFlags:
    """`Listing.full` as the workers see it: flags the parent raises once the listing of a strength is full.

    The parent lists the answers in rule order and raises a flag only after
    listing every rule up to some rule r; a rule a worker is answering then
    has not been listed yet, so it comes after r, and the listing, which only
    fills, is still full when its items arrive.  A flag not yet raised only
    means the items are built and sent, as they were before the flag: the
    answers are the same whenever a flag goes up.
    """

    def __init__(self, forked: Any) -> None:
        self._flags = {kind: forked.RawValue("b", 0) for kind in (FIXED_WORDS, WILDCARD, CO_OCCURRENCE, DISJOINT)}

    def full(self, strength: str) -> bool:
        flag = self._flags.get(strength)
        return flag is not None and bool(flag.value)

    def update(self, listing_full: Callable[[str], bool]) -> None:
        for strength, flag in self._flags.items():
            if not flag.value and listing_full(strength):
                flag.value = 1
