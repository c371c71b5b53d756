"""Run exploration units on one process or on several, with the same results.

A unit (`unit.RuleUnit`) depends only on its inputs, so running units in a
pool of processes changes when they finish, never what they find: results
come back in unit order (`imap`), and the explorer merges them in that
order.  Processes are forked, so the graph (with its `when` functions, which
need not pickle) is inherited rather than sent; where fork is unavailable
the units run in the calling process.

With a time budget each unit gets a share of what is left when it starts:
the remaining generation time divided by the number of turns the remaining
units need on the available processes.  A unit that used up its share
resumes when time is left over: in one process, after the other units, with
the time they did not use; in a pool, as soon as no unit waits to start.
Worker processes ignore Ctrl-C; the explorer sets a shared stop flag
instead, so a stopped run still returns what its units found.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine import process_state, supervision
from fuzzroute.engine.errors import FuzzrouteError
from fuzzroute.engine.graph import Graph
from fuzzroute.generate.unit import RuleUnit, UnitResult

#: How often (seconds) the explorer polls for progress and stop requests while workers run.
POLL_SECONDS = 0.1
#: Units that ran out of time one process keeps for a second turn (each holds up to ~50 MB).
WAITING_UNITS = 3
#: Beacon slots for workers the pool starts in place of dead ones (the run stops at the first death).
SPARE_SLOTS = 8
#: A worker adds to the shared progress counter every this many phrases.
PROGRESS_BATCH = 25


@dataclass(frozen=True)
class UnitPlan:
    """One unit to run: the rule and its share of the phrase budget (None: time-limited)."""

    rule: int
    quota: int | None


@dataclass(frozen=True)
class Shared:
    """What every unit of one run reads (inherited by forked workers, never pickled)."""

    graph: Graph
    seed: int
    hypothesis_draws: int
    decided: dict[int, list[str]]
    pool: list[str]
    generation_end: float | None  # perf_counter() deadline of generation, or None
    processes: int
    units: int
    #: Generate typo near misses too (`StreamSettings.typos`).
    typos: bool = False


_SHARED: Shared | None = None
_STARTED: Any = None  # multiprocessing.Value: units started so far
_JUDGED: Any = None  # multiprocessing.Value: phrases judged so far (progress)
_STOP: Any = None  # multiprocessing.Event
_CACHE: dict[str, object] = {}
_SLOTS: Any = None  # multiprocessing.Value: beacon slots handed out to workers so far
_BEACON: Any = None  # supervision.Beacon: what each worker process is doing


class WorkerLost(FuzzrouteError):
    """A worker process ended, or stuck in C code, while it judged a rule's phrases: the run stops (exit 2)."""


def _alive(pid: int) -> bool:
    """Whether `pid` still runs (the pool reaps a dead worker within its 0.1 s upkeep, then this says no)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _lost_work(shared: Shared, beacon: supervision.Beacon) -> WorkerLost | None:
    """The error for a worker that died with a rule's work in hand, or is stuck past its limit (else None).

    `multiprocessing.Pool` replaces a dead worker but never the task it
    held, so without this the run would wait for that result forever.  The
    work is not redone: whatever ended the worker (the out-of-memory killer,
    graph code that exits) would most likely end the next one too.
    """
    for slot in range(beacon.slots):
        activity = beacon.read(slot)
        if activity.pid == 0 or activity.task < 0:
            continue
        entry = shared.graph.entries[activity.task]
        rule = f'rule "{entry.id}" (rule #{entry.index + 1})'
        if not _alive(activity.pid):
            during = f" (it was running {activity.label})" if activity.label else ""
            return WorkerLost(
                f"a worker process ended while it judged the phrases of {rule}{during}, before it returned "
                "them, so the run stopped; nothing was written. The system's out-of-memory killer does this, and "
                "so does graph code that ends its process (os._exit): run with fewer --workers (less memory), or "
                "remove the exit from the graph's code."
            )
        if activity.overdue():
            return WorkerLost(
                f"{activity.label or 'graph code'} did not return within its time limit of {activity.seconds:g} s "
                f"in the worker judging {rule}, and could not be stopped there (it was inside C code, which no "
                "signal interrupts); the run stopped and nothing was written. Make that `when` return within "
                "the limit, or raise --condition-limit."
            )
    return None


def fork_available() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _deadline(shared: Shared, started_before: int) -> float | None:
    if shared.generation_end is None:
        return None
    remaining_units = max(1, shared.units - started_before)
    turns = math.ceil(remaining_units / max(1, shared.processes))
    now = time.perf_counter()
    return now + max(0.0, shared.generation_end - now) / turns


def _build(
    shared: Shared,
    plan: UnitPlan,
    started_before: int,
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int], None] | None,
) -> RuleUnit:
    return RuleUnit(
        shared.graph,
        plan.rule,
        shared.seed,
        plan.quota,
        hypothesis_draws=shared.hypothesis_draws,
        decided=shared.decided.get(plan.rule, ()),
        pool=shared.pool if shared.graph.entries[plan.rule].when is not None else (),
        deadline=_deadline(shared, started_before),
        should_stop=should_stop,
        progress=progress,
        factory_cache=_CACHE,
        typos=shared.typos,
    )


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with _SLOTS.get_lock():
        slot = _SLOTS.value
        _SLOTS.value += 1
    # Each worker its own slot, the explorer watches them (`_lost_work`); a worker the pool starts to
    # replace a dead one must not write over the dead one's record, so slots are never reused.
    supervision.attach(_BEACON if slot < _BEACON.slots else None, slot)
    process_state.keep_open_descriptors("the worker's channel to the run")


def _worker_run(plan: UnitPlan) -> tuple[UnitResult, int]:
    assert _SHARED is not None
    with _STARTED.get_lock():
        started_before = _STARTED.value
        _STARTED.value += 1
    pending = [0]

    def progress(n: int) -> None:
        pending[0] += n
        if pending[0] >= PROGRESS_BATCH:
            with _JUDGED.get_lock():
                _JUDGED.value += pending[0]
            pending[0] = 0

    supervision.publish_task(plan.rule)
    found = _judge(plan, started_before, progress, pending)
    closed = process_state.descriptor_changes()
    if closed:
        # The result could not travel back (the graph's code closed the channel to the run): end here, with the
        # rule still published, so the explorer names it (`_lost_work`) instead of waiting for it forever.
        supervision.publish(0.0, 0.0, f"the graph's code, which {process_state.listed(closed)}")
        os._exit(2)
    supervision.publish_task(-1)
    return found


def _judge(
    plan: UnitPlan, started_before: int, progress: Callable[[int], None], pending: list[int]
) -> tuple[UnitResult, int]:
    assert _SHARED is not None
    unit = _build(_SHARED, plan, started_before, _STOP.is_set, progress)
    result = unit.run()
    end = _SHARED.generation_end
    # Once every unit has started, nothing waits for this process: a unit that ran
    # out of its share goes on until generation's end (the time would be idle otherwise).
    if (
        result.ended == "time-budget" and end is not None and _STARTED.value >= _SHARED.units
        and time.perf_counter() < end and not _STOP.is_set()
    ):
        result = unit.resume(end)
    with _JUDGED.get_lock():
        _JUDGED.value += pending[0]
    return result, os.getpid()


def run_units(
    shared: Shared,
    plans: Sequence[UnitPlan],
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[tuple[UnitResult, int]]:
    """Yield (result, worker number) per unit, in the order of `plans`."""
    _CACHE.clear()  # what units share (the token pool) belongs to this run's graph only
    if shared.processes <= 1 or len(plans) <= 1 or not fork_available():
        yield from _run_here(shared, plans, should_stop, progress)
        return
    yield from _run_pool(shared, plans, should_stop, progress)


def _run_here(
    shared: Shared,
    plans: Sequence[UnitPlan],
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int], None] | None,
) -> Iterator[tuple[UnitResult, int]]:
    """Units one after another in this process.

    With a time budget, the units that ran out of their share are resumed,
    in order, with the time the units after them left unused (a rule whose
    phrases run dry early would otherwise leave its share to no one); so
    results are held until that second turn is over.  Only the first
    `WAITING_UNITS` such units are kept for it, so memory stays bounded.
    """
    waiting: list[RuleUnit] = []
    results: list[UnitResult] = []
    for position, plan in enumerate(plans):
        if should_stop is not None and should_stop():
            break
        unit = _build(shared, plan, position, should_stop, progress)
        result = unit.run()
        if shared.generation_end is None:
            yield result, 0
            continue
        results.append(result)
        if result.ended == "time-budget" and len(waiting) < WAITING_UNITS:
            waiting.append(unit)  # kept whole (its record of choices and phrases) for a second turn
    for turn, unit in enumerate(waiting):
        assert shared.generation_end is not None
        now = time.perf_counter()
        if now >= shared.generation_end or (should_stop is not None and should_stop()):
            break
        unit.resume(now + (shared.generation_end - now) / (len(waiting) - turn))
    for result in results:
        yield result, 0


def _run_pool(
    shared: Shared,
    plans: Sequence[UnitPlan],
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int], None] | None,
) -> Iterator[tuple[UnitResult, int]]:
    global _SHARED, _STARTED, _JUDGED, _STOP, _SLOTS, _BEACON
    context = multiprocessing.get_context("fork")
    _SHARED = shared
    _SLOTS = context.Value("q", 0)
    _STARTED = context.Value("q", 0)
    _JUDGED = context.Value("q", 0)
    _STOP = context.Event()
    numbers: dict[int, int] = {}
    reported = 0
    processes = min(shared.processes, len(plans))
    _BEACON = supervision.Beacon(2 * processes + SPARE_SLOTS)
    try:
        with context.Pool(processes, initializer=_worker_init) as pool:
            results = pool.imap(_worker_run, plans, chunksize=1)
            for _ in plans:
                while True:
                    try:
                        result, pid = results.next(timeout=POLL_SECONDS)
                        break
                    except multiprocessing.TimeoutError:
                        lost = _lost_work(shared, _BEACON)
                        if lost is not None:
                            pool.terminate()
                            raise lost from None
                    finally:
                        if should_stop is not None and should_stop():
                            _STOP.set()
                        if progress is not None and _JUDGED.value > reported:
                            progress(_JUDGED.value - reported)
                            reported = _JUDGED.value
                yield result, numbers.setdefault(pid, len(numbers))
    finally:
        _SHARED = None
