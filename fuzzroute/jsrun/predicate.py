"""A JavaScript `when` predicate as the claim laws call it: the code, run in this process's V8 sandbox.

The graph file's reader (`graphfiles.ts_predicates`) writes each predicate
as a factory function (the constants it reads, then the predicate) and says
what it knows of it; this object keeps that, names the predicate by its
source, and runs it on a routing context turned into the reference's JSON
shape: `{iteration, userMessage, history, activatedInjectionIds}`.  The
verdict is JavaScript's truthiness of the result, read inside V8.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from fuzzroute.engine.context import RoutingContext
from fuzzroute.engine.script_when import ScriptWhen
from fuzzroute.engine.time_limit import call_with_time_limit
from fuzzroute.jsrun import client


def context_json(context: RoutingContext) -> str:
    """The context as the reference hands it to a start rule (its key order: iteration, userMessage, ...)."""
    return json.dumps({
        "iteration": context.iteration,
        "userMessage": context.user_message,
        "history": context.history,
        "activatedInjectionIds": context.activated_injection_ids,
    })


class ScriptPredicate(ScriptWhen):
    """One JavaScript predicate: its factory's code, a caption, and what the reader found out about it."""

    def __init__(
        self,
        factory: str,
        caption: str,
        fingerprint: str,
        strings: tuple[str, ...] = (),
        *,
        queues_jobs: bool = False,
        always_true: str | None = None,
        original: str | None = None,
    ) -> None:
        self.factory = factory
        #: The factory as written in the file, types and all (what TypeScript's own compiler would strip).
        self.original = factory if original is None else original
        self.key = hashlib.sha256(factory.encode("utf-8", "surrogatepass")).hexdigest()
        self._fingerprint = fingerprint
        self._strings = strings
        #: It may queue jobs (an `async` function, a Promise): they run inside the call's own limit.
        self.queues_jobs = queues_jobs
        #: Why the predicate's result is always true (an async function's Promise), when it is.
        self.always_true = always_true
        shown = caption if len(caption) <= 60 else caption[:57] + "..."
        self.__name__ = shown

    @property
    def fingerprint(self) -> str:
        return self._fingerprint

    @property
    def string_constants(self) -> tuple[str, ...]:
        return self._strings

    def compile_error(self) -> str | None:
        """Compile the factory in the sandbox now (starting it if needed): V8's error, or None when it compiled."""
        return client.define(self.key, self.factory)

    def prefetch(self, contexts: Sequence[RoutingContext], seconds: float | None) -> None:
        if self.queues_jobs:  # its jobs must run inside each call's own limit
            return
        if not client.running():
            call_with_time_limit(client.STARTUP_SECONDS, client.start,
                                 lambda: "starting the JavaScript sandbox (V8)", alarm=False)
        payloads = [context_json(c) for c in contexts]
        call_with_time_limit(seconds, lambda: client.prefetch(self.key, self.factory, payloads, seconds),
                             lambda: f"the `when` predicate {self.__name__}, run on {len(payloads)} contexts at once",
                             alarm=False)

    def run_limited(self, context: RoutingContext, seconds: float | None, activity: Callable[[], str]) -> bool:
        if not client.running():  # starting V8 is no part of the predicate's time
            call_with_time_limit(client.STARTUP_SECONDS, client.start,
                                 lambda: "starting the JavaScript sandbox (V8)", alarm=False)
        payload = context_json(context)
        return call_with_time_limit(
            seconds, lambda: client.call(self.key, self.factory, payload, seconds, self.queues_jobs), activity,
            alarm=False,
        )

    def __repr__(self) -> str:
        return f"ScriptPredicate({self.__name__!r})"
