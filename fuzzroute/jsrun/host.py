"""The helper process that runs JavaScript `when` predicates in V8 (run as a script, never imported by fuzzroute).

V8 does not survive a `fork`: its threads stay behind, and an isolate used
in a forked child hangs.  fuzzroute forks (the watched child of a command,
the worker pools of `report`, the probe of the pytest plugin), so no V8 ever
lives in a fuzzroute process: each process that runs predicates starts this
script as a fresh interpreter (`fuzzroute.jsrun.client`) and asks it, one
line of JSON at a time.  This file imports nothing of fuzzroute, so it starts
with the interpreter and mini-racer only.

The sandbox, set up once before any graph code is compiled:

- V8 alone (mini-racer): ECMAScript's built-ins and nothing of Node.js or a
  browser, so no module loader, no network, no file system.  The timer
  mini-racer installs is disabled with what it needs (`Atomics`), and the
  built-ins that queue work for later (`WebAssembly`, `SharedArrayBuffer`,
  `FinalizationRegistry`, `WeakRef`, `AsyncDisposableStack`,
  `Array.fromAsync`) are removed: nothing a predicate starts outlives its call.
- Code generation from strings is off (`eval`, `Function`: an EvalError).
- Every built-in object reachable from the global object is frozen, and so is
  the global object: a predicate cannot change what another one sees.
- The heap is capped (`HEAP_BYTES`: V8 stops the code when it passes it) and,
  on Linux, so is the process's data (`DATA_BYTES`: an ArrayBuffer past it
  fails to allocate).
- Each call runs under the time limit the caller gives (V8 stops the code).

A predicate is defined once as a factory, `function () { const K = ...;
return (PREDICATE); }`, and each call makes it anew: the module-level
constants it reads are fresh on every call, so no call can leave state for
the next.  The factory's text is checked against what V8 compiled
(`Function.prototype.toString`), so code that closes the factory early is
refused, never run at the top level.

Protocol (one JSON object per line): the host says `{"ready": v8_version}`
(or `{"error": why}` and ends); then answers `{"op": "define", "key",
"code"}` with `{"ok": true}` or `{"error": why}`, and `{"op": "call", "key",
"context" (JSON text), "seconds", "drain"}` with `{"value": bool}`,
`{"threw": text}`, `{"timeout": true}` or `{"oom": true}`.  `drain` asks
for the jobs the call queued (an `async` predicate's) to run inside the same
limit.  `{"op": "many", "key", "contexts", "seconds"}` runs one predicate on
many contexts in one run of V8 (each call costs microseconds there, each
question hundreds), answered `{"values": [...]}` only when all of them ran
within `seconds` together, else `{"timeout": true}`.  An answer with
`"stuck": true` says V8 did not stop when told to: this process ends right
after it.  End of input ends the host.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import sys
import time
from typing import Any, TextIO

#: V8 stops the code of a call once its heap passes this many bytes.
HEAP_BYTES = 256 * 1024 * 1024
#: The helper process's data segment (Linux `RLIMIT_DATA`): memory outside the heap (an ArrayBuffer) included.
DATA_BYTES = 1024 * 1024 * 1024

#: How long V8 may take to show it is free again after it was told to stop a call.
IDLE_SECONDS = 0.25

V8_FLAGS = ("--single-threaded", "--disallow-code-generation-from-strings")

#: Built-ins that queue work to run after a call ends, or block on shared memory: removed before any graph code.
REMOVED_GLOBALS = ("Atomics", "SharedArrayBuffer", "WebAssembly", "FinalizationRegistry", "WeakRef",
                   "AsyncDisposableStack")

HARNESS = r"""
const __fuzzroute = (() => {
  'use strict';
  for (const name of %(removed)s) {
    delete globalThis[name];
  }
  delete Array.fromAsync;
  const secret = %(token)s;  // read by `define` from its closure, never shown in a function's source
  const parse = JSON.parse, stringify = JSON.stringify;
  const apply = Reflect.apply;
  const source = Function.prototype.toString;
  const factories = new Map();
  const has = Map.prototype.has, get = Map.prototype.get, set = Map.prototype.set;
  const ErrorType = Error;
  const describe = (thrown) => {
    try {
      if (thrown instanceof ErrorType) {
        return String(thrown.name) + ': ' + String(thrown.message);
      }
      return 'a thrown ' + (thrown === null ? 'null' : typeof thrown);
    } catch (_) {
      return 'an exception whose message cannot be read';
    }
  };
  const seen = new Set();
  const pending = [globalThis];
  while (pending.length > 0) {
    const value = pending.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) {
      continue;
    }
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const property = Reflect.getOwnPropertyDescriptor(value, key);
      if (property === undefined) continue;
      if ('value' in property) pending.push(property.value);
      else pending.push(property.get, property.set);
    }
    pending.push(Reflect.getPrototypeOf(value));
    Object.freeze(value);
  }
  return Object.freeze({
    define(token, key, expected, factory) {
      if (token !== secret) return 'mismatch';
      if (apply(has, factories, [key])) return 'ok';
      if (typeof factory !== 'function' || apply(source, factory, []) !== expected) return 'mismatch';
      apply(set, factories, [key, factory]);
      return 'ok';
    },
    call(key, context) {
      const factory = apply(get, factories, [key]);
      let result;
      try {
        result = factory()(parse(context));
      } catch (thrown) {
        return 'threw:' + describe(thrown);
      }
      return result ? 'true' : 'false';
    },
    callMany(key, contexts) {
      const factory = apply(get, factories, [key]);
      const list = parse(contexts);
      const answers = [];
      for (let position = 0; position < list.length; position += 1) {
        try {
          answers[position] = factory()(parse(list[position])) ? 'true' : 'false';
        } catch (thrown) {
          answers[position] = 'threw:' + describe(thrown);
        }
      }
      return stringify(answers);
    },
  });
})();
"""


def _limit_data() -> None:
    if not sys.platform.startswith("linux"):
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    wanted = DATA_BYTES if hard == resource.RLIM_INFINITY else min(DATA_BYTES, hard)
    if soft == resource.RLIM_INFINITY or soft > wanted:
        resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))


class Sandbox:
    """One V8 isolate set up as the module docstring says."""

    def __init__(self) -> None:
        import py_mini_racer

        py_mini_racer.init_mini_racer(flags=V8_FLAGS, ignore_duplicate_init=True)
        self.errors = py_mini_racer
        self.racer = py_mini_racer.MiniRacer()
        self.racer.set_hard_memory_limit(HEAP_BYTES)
        # Only this process's own define calls know the token: code that escaped a factory cannot define one.
        self.token = secrets.token_hex(16)
        self.racer.eval(HARNESS % {"removed": json.dumps(list(REMOVED_GLOBALS)), "token": json.dumps(self.token)})
        self.version = str(self.racer.v8_version)

    def define(self, key: str, code: str) -> dict[str, Any]:
        script = f"__fuzzroute.define({json.dumps(self.token)}, {json.dumps(key)}, {json.dumps(code)}, {code})"
        try:
            answer = self.racer.eval(script, timeout_sec=10.0)
        except self.errors.JSEvalException as exc:
            return {"error": _first_line(str(exc))}
        if answer != "ok":
            return {"error": "the code does not read as one function expression (V8 compiled something else)"}
        return {"ok": True}

    def call(self, key: str, context: str, seconds: float | None, drain: bool) -> dict[str, Any]:
        started = time.monotonic()
        script = f"__fuzzroute.call({json.dumps(key)}, {json.dumps(context)})"
        try:
            answer = self.racer.eval(script, timeout_sec=seconds)
            if drain:  # the jobs the call queued run now, in what is left of its time
                left = None if seconds is None else max(seconds - (time.monotonic() - started), 0.001)
                self.racer.eval("0", timeout_sec=left)
        except self.errors.JSTimeoutException:
            return {"timeout": True} if self.idle() else {"timeout": True, "stuck": True}
        except self.errors.JSOOMException:
            self.racer.low_memory_notification()
            return {"oom": True} if self.idle() else {"oom": True, "stuck": True}
        except self.errors.JSEvalException as exc:
            return {"threw": _first_line(str(exc))}
        if isinstance(answer, str) and answer.startswith("threw:"):
            return {"threw": answer[len("threw:"):]}
        return {"value": answer == "true"}


    def idle(self) -> bool:
        """Whether V8 is free again: a built-in written in C++ (`Array.prototype.fill` on a huge array) runs on
        past the request to stop, and this process is then of no more use (the caller starts another)."""
        try:
            self.racer.eval("0", timeout_sec=IDLE_SECONDS)
        except self.errors.JSEvalException:
            return False
        return True

    def call_many(self, key: str, contexts: list[str], seconds: float | None) -> dict[str, Any]:
        """Many calls in one run of V8, all within `seconds` together (else none is answered)."""
        script = f"__fuzzroute.callMany({json.dumps(key)}, {json.dumps(json.dumps(contexts))})"
        try:
            answer = self.racer.eval(script, timeout_sec=seconds)
        except self.errors.JSOOMException:
            self.racer.low_memory_notification()
            return {"timeout": True} if self.idle() else {"timeout": True, "stuck": True}
        except self.errors.JSEvalException:  # a timeout, or a throw the harness could not catch
            return {"timeout": True} if self.idle() else {"timeout": True, "stuck": True}
        return {"values": json.loads(str(answer))}


def _first_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    for line in lines:
        if "Error" in line:
            return line.strip()[:300]
    return (lines[0] if lines else text).strip()[:300]


def _answer(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C is the caller's to handle
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    os.dup2(2, 1)  # anything else written to stdout goes to stderr, never into the answers
    try:
        _limit_data()
        sandbox = Sandbox()
    except BaseException as exc:  # any failure to start is the caller's message, then this process ends
        _answer(out, {"error": f"{type(exc).__name__}: {_first_line(str(exc))}"})
        os._exit(1)
    _answer(out, {"ready": sandbox.version})
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "define":
            answer = sandbox.define(request["key"], request["code"])
            _answer(out, answer)
        elif request["op"] == "many":
            answer = sandbox.call_many(request["key"], request["contexts"], request["seconds"])
            _answer(out, answer)
        else:
            answer = sandbox.call(request["key"], request["context"], request["seconds"], request["drain"])
            _answer(out, answer)
        if answer.get("stuck"):
            os._exit(0)
    os._exit(0)  # no interpreter teardown: V8's threads could hold it


if __name__ == "__main__":
    main()
