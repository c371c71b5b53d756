"""The messages a fix may move: one set per kind of fix, written as matchers the automata can read.

A fix is safe only when every message whose winning rule it changes lies
in the set its finding is about, decided for all messages (`prove`):

* a case fix: the messages equal up to case to one the rule already
  matched: the rule with the `i` flag;
* an inflection, spelling, apostrophe, contraction, compound or function-word
  fix: the rule's messages with that word replaced by its variants: the
  rule as it was, or the rule with the word's text substituted (one
  matcher per form of the class);
* a reorder or a narrowing of a shared-text or never-wins pair: the
  messages both rules match;
* a `[M-m]` range made `[Mm]`: the messages the rule matched only through
  the range's other characters: matched by the rule as it was, not by the
  rule with the range's two letters.

A set is kept as its complement's ways out (`Escape`): a message leaves the
set when every `must` matcher of some escape matches it and none of its
`must_not` matchers does.  The prover asks the automata for a moved message
on each way out; none on any is the proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.engine.matchers import DataMatcher


@dataclass(frozen=True)
class Escape:
    """One way out of an allowed set: every `must` matches the message, and no `must_not` does."""

    must: tuple[DataMatcher, ...] = ()
    must_not: tuple[DataMatcher, ...] = ()

    def holds(self, message: str) -> bool:
        return all(m.matches(message) for m in self.must) and not any(m.matches(message) for m in self.must_not)


@dataclass(frozen=True)
class Allowed:
    """The messages a fix may move, said in words and kept as the ways out of the set."""

    #: "messages both "incident" and "scale" match", for the summary line.
    said: str
    escapes: tuple[Escape, ...]

    def holds(self, message: str) -> bool:
        """Whether a message lies in the set (checked on the real matchers, for witnesses)."""
        return not any(escape.holds(message) for escape in self.escapes)

    @property
    def matchers(self) -> tuple[DataMatcher, ...]:
        """Every matcher the set is written with, each once (the automata need them all)."""
        found: list[DataMatcher] = []
        for escape in self.escapes:
            for matcher in (*escape.must, *escape.must_not):
                if not any(matcher is known for known in found):
                    found.append(matcher)
        return tuple(found)


def any_of(said: str, matchers: Sequence[DataMatcher]) -> Allowed:
    """The messages at least one of `matchers` matches."""
    return Allowed(said, (Escape(must_not=tuple(matchers)),))


def both(said: str, one: DataMatcher, other: DataMatcher) -> Allowed:
    """The messages both matchers match."""
    return Allowed(said, (Escape(must_not=(one,)), Escape(must_not=(other,))))


def only_before(said: str, before: DataMatcher, after: DataMatcher) -> Allowed:
    """The messages `before` matches and `after` does not."""
    return Allowed(said, (Escape(must_not=(before,)), Escape(must=(after,))))
