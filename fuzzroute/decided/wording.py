"""The words of decided items and the boundary of the decided tier."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from fuzzroute.engine.entries import Entry

#: Seconds one timed run of a ReDoS attack may take before it is stopped (`redos`); here, so that `check`
#: reads it without loading the automata.
EVIDENCE_SECONDS = 0.5

BOUNDARY = (
    "Decided findings hold for every possible message, not only for declared or sampled ones. Each data rule "
    "(regex, keywords, all-of) becomes a finite automaton that reads text exactly as Python's `re` and the keyword "
    "rule do, over all of Unicode, and the automata are explored completely. Decided: whether two data rules can "
    "match the same message; whether earlier data rules match everything a rule matches (it then never starts a "
    "turn under the cascade); which rules a default hides under the cold walk; on which regexes Python's `re` can "
    "backtrack without bound (ReDoS, with an attack). Not decided: `when` predicates and "
    "intents (an earlier `when` rule can only take more), and order under a scorer or read mount. A rule with a "
    "lookaround, backreference, conditional, atomic group or possessive repeat, and a question past its bound "
    "(counted in automaton states, never in time, so every machine decides the same), is undecided with the "
    "reason, never guessed. Every witness was re-run through the compiled "
    "matchers and both claim laws; one they contradict is a fuzzroute defect, not a finding."
)


@lru_cache(maxsize=8192)
def rule(entry: Entry) -> str:
    """How messages name a rule (kept per entry: captions are rebuilt from the pattern on each call)."""
    return f'"{entry.id}" (rule #{entry.index + 1}, `{entry.caption}`)'


def rules(entries: Sequence[Entry]) -> str:
    return ", ".join(rule(e) for e in entries)


def quoted(phrase: str) -> str:
    return json.dumps(phrase, ensure_ascii=False)


def live_law(mount: str) -> str:
    """Which law starts the turn under `mount`, as a sentence for messages that name a law."""
    if mount == "classifier":
        return "Here the cascade is the live law (the `classifier` mount runs tier 1 first)."
    if mount == "rules":
        return (
            "Here the cold walk is the live law (the `rules` mount); the cascade becomes live if the agent is "
            "mounted with conversation continuity."
        )
    return f"Here neither law picks the start (the `{mount}` mount ranks or reads the entries), so order is moot."

