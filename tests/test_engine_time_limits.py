"""A `when` predicate or a regex `re` cannot finish is stopped at the condition time limit, never waited on."""

from __future__ import annotations

import contextlib
import re
import time

import pytest

import fuzzroute
from fuzzroute import Graph
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.engine.limits import (
    DEFAULT_CONDITION_SECONDS,
    DEFAULT_IMPORT_SECONDS,
    condition_seconds,
    remembering_slow_conditions,
    time_limits,
    timeouts_logged,
    timeouts_since,
)
from fuzzroute.engine.time_limit import TimedOut, TimeLimitExceeded, call_with_time_limit, schedule


def spin(ctx: object) -> bool:
    while True:
        pass


def test_the_defaults_are_generous_and_documented() -> None:
    assert (DEFAULT_CONDITION_SECONDS, DEFAULT_IMPORT_SECONDS) == (1.0, 30.0)
    assert condition_seconds() == 1.0
    with time_limits(condition_seconds=0.2):
        assert condition_seconds() == 0.2
        with time_limits(condition_seconds=None):
            assert condition_seconds() is None
        assert condition_seconds() == 0.2
    assert condition_seconds() == 1.0
    with pytest.raises(ValueError, match="positive"), time_limits(condition_seconds=-1):
        pass


def test_an_endless_loop_and_a_sleep_are_stopped_at_their_limit() -> None:
    started = time.monotonic()
    with pytest.raises(TimedOut):
        call_with_time_limit(0.2, lambda: spin(None))
    with pytest.raises(TimedOut):
        call_with_time_limit(0.2, lambda: time.sleep(10))
    assert time.monotonic() - started < 2.0
    assert call_with_time_limit(0.2, lambda: 7) == 7
    with pytest.raises(ZeroDivisionError):
        call_with_time_limit(0.2, lambda: 1 / 0)


def test_a_predicate_that_swallows_the_first_stop_is_stopped_again() -> None:
    def stubborn() -> None:
        with contextlib.suppress(BaseException):  # user code that swallows everything, once
            spin(None)
        spin(None)

    started = time.monotonic()
    with pytest.raises(TimedOut):
        call_with_time_limit(0.2, stubborn)
    assert time.monotonic() - started < 2.0


def test_an_outer_limit_passes_through_an_inner_one() -> None:
    outer = schedule(0.2)
    try:
        with pytest.raises(TimeLimitExceeded) as caught:
            call_with_time_limit(5.0, lambda: time.sleep(10))
        assert caught.value.deadline is outer
    finally:
        from fuzzroute.engine.time_limit import cancel

        cancel(outer)


def test_pythons_re_is_interrupted_inside_a_catastrophic_match() -> None:
    pattern = re.compile(r"(?=a)(a+)+$")  # a lookahead: no automaton, so `re` runs, under the limit
    started = time.monotonic()
    with pytest.raises(TimedOut):
        call_with_time_limit(0.2, lambda: pattern.search("a" * 60 + "!"))
    assert time.monotonic() - started < 2.0


def test_a_slow_predicate_is_a_defect_named_with_its_rule_and_phrase() -> None:
    graph = Graph("slow").entry("spinner", when=spin, examples=["hello there"]).entry("fallback")
    with time_limits(condition_seconds=0.2):
        mark = timeouts_logged()
        checkup = graph.checkup()
        logged = timeouts_since(mark)
        # The same call on the same cold context is not made again: it would only run past the limit again.
        started = time.monotonic()
        assert runs_on(graph.entries[0], "hello there") is Outcome.TIMED_OUT
        assert time.monotonic() - started < 0.1 and timeouts_since(mark) == logged
    errors = [p for p in checkup.problems if p.code == "example-misses-own-rule"]
    assert [(p.kind, p.skill, p.example) for p in errors] == [("error", "spinner", "hello there")]
    assert "time limit" in errors[0].message and "spinner" in errors[0].message
    assert [(t.rule_index, t.phrase, t.what) for t in logged] == [(0, "hello there", "when")]
    # Reported like a predicate that raises: the cold walk goes on to the default.
    with time_limits(condition_seconds=0.2):
        assert graph.claims("hello there").ids() == ("fallback", None)


def test_generation_stops_calling_a_predicate_that_ran_over_but_the_checkup_does_not() -> None:
    calls = {"n": 0}

    def sleepy(ctx: object) -> bool:
        calls["n"] += 1
        time.sleep(5)
        return True

    entry = Graph("g").entry("sleepy", when=sleepy).entries[0]
    with time_limits(condition_seconds=0.1):
        with remembering_slow_conditions():
            assert [runs_on(entry, p) for p in ("a", "b", "c")] == [Outcome.TIMED_OUT] * 3
        assert calls["n"] == 1
        assert runs_on(entry, "d") is Outcome.TIMED_OUT  # outside generation: called again on a new phrase
    assert calls["n"] == 2
    with time_limits(condition_seconds=0.2):
        assert runs_on(entry, "d") is Outcome.TIMED_OUT  # a longer limit than the one it ran past: tried again
    assert calls["n"] == 3


def test_a_regex_the_automata_cannot_read_is_named_when_re_runs_past_the_limit() -> None:
    graph = Graph("g").entry("nested", match=re.compile(r"^(?=\w)(\w+\s?)*$"), examples=["ok"])
    phrase = "a" * 40 + "!"
    assert graph.entries[0].data_matcher.plan.mode == "guarded"  # type: ignore[union-attr]
    with time_limits(condition_seconds=0.2), pytest.raises(ConditionTimeLimit) as caught:
        graph.claims(phrase)
    message = str(caught.value)
    assert '"nested"' in message and "lookahead" in message and caught.value.phrase == phrase
    with time_limits(condition_seconds=0.2), pytest.raises(ConditionTimeLimit):
        fuzzroute.Graph("h").entry("nested", match=re.compile(r"^(?=\w)(\w+\s?)*$"), examples=[phrase]).checkup()
