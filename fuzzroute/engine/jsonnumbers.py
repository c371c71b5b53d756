"""Where a JSON text holds a number too long to read, for a message that names the line.

Python refuses to turn more than `sys.get_int_max_str_digits()` digits (4,300
by default) into an int, a guard against slow conversions; `json.loads`
then raises a plain ValueError with no position.  Every JSON reader of
fuzzroute (graph, acceptance file, report shard, baseline, ledger) catches
it and names the place with `long_number_at`.
"""

from __future__ import annotations

import re
import sys


def _limit() -> int:
    getter = getattr(sys, "get_int_max_str_digits", None)
    return int(getter()) if getter is not None else 4300


def long_number_at(text: str) -> tuple[int, int, str]:
    """(line, column, what) of the first number past the limit: `a number of N digits (at most M ...)`."""
    limit = _limit()
    found = re.search(r"-?\d{" + str(limit + 1) + ",}", text) if limit > 0 else None
    if found is None:
        return 1, 1, f"a number longer than {limit:,} digits"
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    digits = len(found.group(0).lstrip("-"))
    return line, column, f"a number of {digits:,} digits (at most {limit:,} can be read as a whole number)"
