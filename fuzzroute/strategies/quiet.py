"""exrex, imported and run so that it can never write to our stdout.

exrex prints "cannot handle expression" warnings with `print`, i.e. to
stdout, which would corrupt `fuzzroute ... --format json`.  Every exrex call
in this package goes through `exrex_call`, which captures that output and
hands it back as diagnostics instead.
"""

from __future__ import annotations

import contextlib
import io
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import exrex as _exrex

exrex: Any = _exrex


def exrex_call(function: Callable[[], T]) -> tuple[T, str]:
    """Run `function` with stdout captured; returns its result and what exrex printed."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = function()
    return result, sink.getvalue()
