"""The words of decided items and the boundary of the decided tier."""

from __future__ import annotations

import json
from collections.abc import Sequence

from fuzzroute.entries import Entry

BOUNDARY = (
    "Decided findings hold for every possible message, not only for sampled or declared ones: each "
    "data rule (regex, keywords, all-of) is translated into a finite automaton that reads text exactly "
    "as Python's `re` and the keyword rule do, over all of Unicode (case folding, `\\w`, `\\b` and the "
    "ASCII keyword edges included), and questions about the rules are answered by exploring those "
    "automata completely. What is covered: whether two data rules can match the same message, whether "
    "every message a rule matches is also matched by an earlier data rule (so the rule never starts a "
    "turn under the cascade), and which rules an earlier default makes unreachable under the cold walk. "
    "What is not: `when` predicates and intents (their verdicts are not languages; an earlier `when` "
    "rule can only take more), and the order of the start when a scorer or a model read picks it. A "
    "rule using a lookaround, a backreference, a conditional, an atomic group or a possessive repeat, "
    "and any question that ran past its state or time limit, is listed as undecided with the reason, "
    "never guessed. Every witness shown was run again through the compiled matchers and both claim "
    "laws; a witness they contradict is reported as a defect of fuzzroute, not as a finding."
)


def rule(entry: Entry) -> str:
    return f'"{entry.id}" (rule #{entry.index + 1}, `{entry.caption}`)'


def rules(entries: Sequence[Entry]) -> str:
    return ", ".join(rule(e) for e in entries)


def quoted(phrase: str) -> str:
    return json.dumps(phrase, ensure_ascii=False)


def live_law(mount: str) -> str:
    """Which law starts the turn under `mount`, for messages that name a law."""
    if mount == "classifier":
        return "the cascade is the live law here (the `classifier` mount runs tier 1 first)"
    if mount == "rules":
        return (
            "the cold walk is the live law here (the `rules` mount), and the cascade becomes live if the "
            "agent is mounted with conversation continuity"
        )
    return f"neither law picks the start here (the `{mount}` mount ranks or reads the entries), so order is moot"
