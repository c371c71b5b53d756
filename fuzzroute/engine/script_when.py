"""`when` predicates written in another language, run elsewhere under limits of their own.

A `when` read from a TypeScript or JavaScript graph runs in a V8 sandbox in
a helper process (`fuzzroute.jsrun`), not in this interpreter.  The signal
that stops a Python predicate at its time limit (`time_limit`) would
interrupt the wait for the helper's answer and leave the conversation with
it half done, so such a predicate keeps the limit itself: V8 stops the code
at the limit, and the wait for the answer is bounded a little later.  The
claim laws ask `run_limited` instead of calling it under an alarm; every
other use treats it as any `when`: opaque to the decided tier, a value two
graph versions compare by `fingerprint`, a source of the string constants
generation draws phrases from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from fuzzroute.engine.context import RoutingContext


class ScriptWhen(ABC):
    """A `when` predicate run outside this interpreter, under the limit the caller passes."""

    #: The caption names a `when` by its function's name; a script predicate is named by its source text.
    __name__: str

    @abstractmethod
    def run_limited(self, context: RoutingContext, seconds: float | None, activity: Callable[[], str]) -> bool:
        """The predicate's verdict on `context`, read with its own language's truthiness.

        Raises `time_limit.TimedOut` when it ran past `seconds` (None: no
        limit), and any other exception when it threw: the laws count both
        as no claim, exactly as for a Python predicate.  `activity` says in
        a line what the call is, for a watching process (`supervision`).
        """

    def prefetch(self, contexts: Sequence[RoutingContext], seconds: float | None) -> None:
        """Answer these contexts ahead, in bulk, so later calls on them cost nothing (the answers are the same).

        Allowed because such a predicate keeps no state between calls; one
        that cannot be answered in bulk within one call's limit is then run
        call by call, each under its own limit.  Does nothing by default.
        """
        return None

    @property
    @abstractmethod
    def fingerprint(self) -> str:
        """The code that runs, as text two graph versions compare: equal exactly when the code is the same."""

    @property
    @abstractmethod
    def string_constants(self) -> tuple[str, ...]:
        """The string literals of the predicate and of the constants it reads (its magic values)."""

    def __call__(self, context: RoutingContext) -> bool:
        from fuzzroute.engine.limits import condition_seconds

        return self.run_limited(context, condition_seconds(), lambda: f"the `when` predicate {self.__name__}")
