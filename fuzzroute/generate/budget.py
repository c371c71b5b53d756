"""How much exploring a run may do: a phrase count, a wall-clock limit, a stop flag.

The phrase budget counts distinct phrases judged through both laws (a phrase
two generators produce is judged, and counted, once).  A run that hits the
phrase budget is complete; one cut by time or by `should_stop` is partial.
"""

from __future__ import annotations

import time
from collections.abc import Callable

DEFAULT_PHRASES = 2000
PROGRESS_EVERY = 25
STOP_POLL_EVERY = 8

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
        """True once time is up or a stop was requested (the run becomes partial)."""
        if self.partial:
            return True
        if self.seconds is not None and self.elapsed() >= self.seconds:
            self.partial = True
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

    def finish(self) -> None:
        if self._progress is not None:
            self._progress(self.judged, self.phrases)
