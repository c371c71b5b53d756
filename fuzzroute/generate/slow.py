"""Find regexes the automata cannot read that are pathologically slow on a phrase built from their own text.

Catastrophic backtracking in a regex the automata can read is decided, not
timed (`decided-redos`); this timing search is only for the rest (a
lookaround, a backreference, an atomic group...), the cases no structural
answer covers.  The phrase grows step by step (a few characters at a time
while lengths are small, where exponential blow-up shows; doubling later,
where polynomial blow-up shows) and each single `search` is timed, under
the condition time limit so that no step can hang; the first length whose
time passes `SLOW_SECONDS` is the witness.  Near the threshold a step is
re-timed and the fastest run counts, so load on the machine rarely moves the
verdict.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from fuzzroute.engine.automata.plan import GUARDED
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.limits import condition_seconds
from fuzzroute.engine.matchers import Regex, regexes
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
from fuzzroute.generate.messages import SLOW_SECONDS
from fuzzroute.strategies.adversarial import Pump, has_risky_repeat, pumps
from fuzzroute.strategies.regex_tree import length_range, parse

LADDER: tuple[int, ...] = (*range(4, 42, 2), 64, 128, 256, 512, 1024)
#: Past this many characters a phrase is too long to be a plausible message.  At
#: this length a merely quadratic search stays about ten times under the threshold.
MAX_PHRASE = 2048


@dataclass(frozen=True)
class SlowPhrase:
    entry: Entry
    caption: str
    phrase: str
    expression: str


def regexes_of(entry: Entry) -> Iterator[Regex]:
    yield from regexes(entry.data_matcher)


def _timed(pattern: re.Pattern[str], phrase: str) -> float:
    start = time.perf_counter()
    try:
        call_with_time_limit(condition_seconds(), lambda: pattern.search(phrase))
    except TimedOut:
        return float("inf")
    return time.perf_counter() - start


def _settled(pattern: re.Pattern[str], phrase: str, first: float) -> float:
    """Re-time a step whose first time is near the threshold; the fastest run counts."""
    if not SLOW_SECONDS / 4 <= first <= SLOW_SECONDS * 4:
        return first
    return min(first, _timed(pattern, phrase), _timed(pattern, phrase))


def slow_phrase(pattern: re.Pattern[str], halted: Callable[[], bool]) -> tuple[Pump, int] | None:
    """The first (pump, repeat count) on which one search takes longer than `SLOW_SECONDS`."""
    for pump in pumps(pattern):
        for n in LADDER:
            phrase = pump.phrase(n)
            if len(phrase) > MAX_PHRASE:
                break
            if _settled(pattern, phrase, _timed(pattern, phrase)) > SLOW_SECONDS:
                return pump, n
            if halted():
                return None
    return None


def _too_long(regex: Regex) -> bool:
    """A pattern whose shortest text is longer than any phrase tried (its pump would not even be written)."""
    try:
        return length_range(parse(regex.pattern))[0] > MAX_PHRASE
    except (re.error, RecursionError):
        return True


def find_slow(entries: tuple[Entry, ...], halted: Callable[[], bool]) -> list[SlowPhrase]:
    """One slow phrase per regex (of regex and all-of rules) the automata cannot read, with a risky repeat."""
    found: list[SlowPhrase] = []
    for entry in entries:
        for regex in regexes_of(entry):
            if halted():
                return found
            if regex.plan.mode != GUARDED or not has_risky_repeat(regex.pattern) or _too_long(regex):
                continue
            hit = slow_phrase(regex.pattern, halted)
            if hit is not None:
                pump, n = hit
                found.append(SlowPhrase(entry, regex.caption, pump.phrase(n), pump.expression(n)))
    return found
