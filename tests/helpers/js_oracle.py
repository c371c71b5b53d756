"""V8 as a test oracle: JavaScript's own `RegExp`, through the `mini-racer` wheel (dev extra only).

Calls are batched: one `eval` judges a whole list of (pattern, flags, messages),
so ten thousand verdicts cost one round trip.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

_JUDGE = r"""
function judge(cases) {
  return cases.map(function (c) {
    var re;
    try { re = new RegExp(c[0], c[1].replace(/[gy]/g, '')); } catch (e) { return null; }
    return c[2].map(function (m) { return re.test(m); });
  });
}
"""


def _racer() -> Any:
    try:
        from py_mini_racer import MiniRacer
    except ImportError:  # pragma: no cover - the dev extra installs it
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("mini-racer (V8) is not installed: pip install -e '.[dev]'")
    return MiniRacer()


@contextmanager
def v8() -> Iterator[V8]:
    ctx = _racer()
    try:
        ctx.eval(_JUDGE)
        yield V8(ctx)
    finally:
        ctx.close()


class V8:
    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx

    def judge(self, cases: Sequence[tuple[str, str, Sequence[str]]]) -> list[list[bool] | None]:
        """For each (source, flags, messages): `new RegExp(source, flags).test(m)` per message, or None if it throws."""
        payload = json.dumps([[s, f, list(ms)] for s, f, ms in cases])
        result: list[list[bool] | None] = json.loads(self.ctx.eval(f"JSON.stringify(judge({payload}))"))
        return result

    def eval(self, code: str) -> Any:
        return self.ctx.eval(code)
