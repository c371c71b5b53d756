"""How much exploring a run may do: a phrase count, a wall-clock limit, a stop flag.

The phrase budget counts distinct phrases judged through both laws (a phrase
two generators produce is judged, and counted, once).  Running out of phrases
or time is a normal end; only a `should_stop` request makes a run partial.
A time budget is shared: generation gets most of it, and the later phases
(slow matchers, warm contexts) keep a reserve so a timed run still does them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

DEFAULT_PHRASES = 2000
PROGRESS_EVERY = 25
STOP_POLL_EVERY = 8
#: Of a time budget, the later phases keep this share in reserve ...
RESERVE_SHARE = 0.2
#: ... but at least this many seconds (pumping one risky regex takes about a second),
RESERVE_MIN_SECONDS = 1.0
#: at most this many, and never more than half the budget.
RESERVE_MAX_SECONDS = 30.0


def generation_seconds(seconds: float) -> float:
    """The part of a time budget phrase generation may use."""
    reserve = min(max(seconds * RESERVE_SHARE, RESERVE_MIN_SECONDS), RESERVE_MAX_SECONDS, seconds / 2)
    return seconds - reserve

Progress = Callable[[int, "int | None"], None]


class Budget:
    """Counts judged phrases and time; polls the stop flag; reports progress."""

    def __init__(
        self,
        phrases: int | None,
        seconds: float | None,
        progress: Progress | None = None,
        should_stop: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if phrases is None and seconds is None:
            phrases = DEFAULT_PHRASES
        if phrases is not None and phrases < 0:
            raise ValueError(f"budget_phrases must be >= 0, not {phrases}")
        if seconds is not None and seconds < 0:
            raise ValueError(f"budget_seconds must be >= 0, not {seconds}")
        self.phrases = phrases
        self.seconds = seconds
        self._progress = progress
        self._should_stop = should_stop
        self._clock = clock
        self.started = clock()
        self.judged = 0
        self.partial = False
        self.time_up = False
        self._limit = None if seconds is None else generation_seconds(seconds)
        self._polls = 0

    def elapsed(self) -> float:
        return self._clock() - self.started

    def can_judge(self) -> bool:
        """True while one more new phrase fits in the phrase budget."""
        return self.phrases is None or self.judged < self.phrases

    def spend(self) -> None:
        self.judged += 1
        if self._progress is not None and self.judged % PROGRESS_EVERY == 0:
            self._progress(self.judged, self.phrases)

    def halted(self) -> bool:
        """True once the current phase's time is up or a stop was requested (then partial)."""
        if self.partial or self.time_up:
            return True
        if self._limit is not None and self.elapsed() >= self._limit:
            self.time_up = True
            return True
        self._polls += 1
        if self._should_stop is not None and self._polls % STOP_POLL_EVERY == 0 and self._should_stop():
            self.partial = True
        return self.partial

    def stop_now(self) -> bool:
        """Poll the stop flag immediately (between phases)."""
        if not self.partial and self._should_stop is not None and self._should_stop():
            self.partial = True
        return self.halted()

    def stop_requested(self) -> bool:
        """Poll the stop flag only (the clock is for the caller to watch); a stop makes the run partial."""
        if not self.partial and self._should_stop is not None and self._should_stop():
            self.partial = True
        return self.partial

    def begin_final_phases(self) -> None:
        """Give the later phases the rest of the time budget (the reserve)."""
        self._limit = self.seconds
        self.time_up = False

    def finish(self) -> None:
        if self._progress is not None:
            self._progress(self.judged, self.phrases)
