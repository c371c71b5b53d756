"""Parse the `--budget` option: a phrase count or a duration.

One option carries both kinds of budget because an author thinks "give it
thirty seconds" or "try five thousand phrases", never both at once.  A bare
integer is a phrase count; a number with a unit is a duration.
"""

from __future__ import annotations

import re

from fuzzroute.engine.errors import FuzzrouteError

UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
_COUNT = re.compile(r"[0-9]+")
_DURATION = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)")


class BudgetError(FuzzrouteError, ValueError):
    """A `--budget` value that is neither a phrase count nor a duration."""


#: The largest phrase count accepted (a larger one is a typo, not a plan).
MAX_PHRASES = 1_000_000_000


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """Return `(phrases, None)` for "5000" and `(None, seconds)` for "30s", "2m", "500ms", "1h".

    Raises BudgetError with the accepted forms when the value is anything else
    (including zero, which would generate nothing and read as a clean run).
    """
    value = text.strip().lower() if isinstance(text, str) else ""
    if _COUNT.fullmatch(value):
        phrases = int(value)
        if phrases <= 0:
            raise BudgetError(_refusal(text, "a budget of zero phrases generates nothing"))
        if phrases > MAX_PHRASES:
            raise BudgetError(
                _refusal(
                    text,
                    f"more than {MAX_PHRASES:,} phrases is not a count a run can reach; "
                    "for a long run give a time budget such as 10m",
                )
            )
        return phrases, None
    found = _DURATION.fullmatch(value)
    if found:
        seconds = float(found.group(1)) * UNIT_SECONDS[found.group(2)]
        if seconds <= 0:
            raise BudgetError(_refusal(text, "a budget of zero time generates nothing"))
        return None, seconds
    return _raise(text)


def _raise(text: object) -> tuple[int | None, float | None]:
    raise BudgetError(_refusal(text, "it is neither a phrase count nor a duration"))


def _refusal(text: object, why: str) -> str:
    return (
        f"--budget {text!r} is not a budget: {why}. Give a number of phrases such as 5000, "
        "or a duration with a unit such as 30s, 2m, 500ms or 1h."
    )


def describe_budget(phrases: int | None, seconds: float | None) -> str:
    """The budget in words, for the report header and the terminal summary."""
    parts: list[str] = []
    if phrases is not None:
        parts.append(f"{phrases} phrases")
    if seconds is not None:
        parts.append(f"{seconds:g} s")
    return " or ".join(parts) if parts else "engine default"
