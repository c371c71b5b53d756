"""Every near miss a rule has among the ways people spell its own sentences: deterministic, no sampling.

A rule's author wrote its examples and its keywords one way; users type the
same sentence another way (`strategies.variants`: case, apostrophes,
contractions, US/UK spellings, compounds, a small word dropped or added,
the trigger word inflected).  Those variants are few (a dozen or two per
sentence), so they are all tried, for every declared example and every
literal phrase of every rule, with no seed, no budget and no hypothesis:
the same graph always gives the same near misses, in the same order.

A near miss is a variant the rule's own condition does not accept although
its source does: the rule misses a sentence it was written for.  Each one
names the rule (position and id), the source (`example` or `literal`), the
variant (kind, phrase, the words that changed) and who starts the turn on
it under each claim law (another rule, the default, or nobody).  Sources the
rule itself misses are skipped: a declared example its rule misses is a
proven error already, and its variants say nothing more.

`fuzzroute fix` reads these to widen the rule; the generated tier lists
them as near-miss suggestions (`explore`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Literal, assert_never

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import ConditionTimeLimit
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claims, Outcome, runs_on
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Regex
from fuzzroute.strategies.regex_tree import UnsupportedRegex, literal_runs, parse
from fuzzroute.strategies.rewording import spelled_out
from fuzzroute.strategies.variants import VARIANT_KINDS, Variant, VariantKind, phrase_variants

#: Where a near miss's source sentence comes from: a declared example, or the rule's own literal words.
SourceKind = Literal["example", "literal"]
#: A regex is spelled out into at most this many literal phrases (a finite alternation); else its literal runs.
MAX_SPELLED = 8
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class NearMiss:
    """A variant of one of a rule's own sentences that the rule misses, and who takes it instead.

    `rule_index` is the rule's position in the graph (0-based, `Entry.index`)
    and `rule` its id; `source` the sentence varied (`source_kind` says
    whether a declared example or the rule's literal words: a keyword, a
    regex spelled out); `variant` the one change (`Variant.kind`, `.phrase`,
    `.before`, `.after`).  The claims are who starts the turn on the
    variant under the cold walk and under the cascade (ids and positions;
    None when no entry does): an earlier or later rule, the default, or
    nobody.
    """

    rule_index: int
    rule: str
    source: str
    source_kind: SourceKind
    variant: Variant
    cold_walk: str | None
    cold_walk_index: int | None
    cascade: str | None
    cascade_index: int | None

    @property
    def phrase(self) -> str:
        """The varied phrase the rule misses."""
        return self.variant.phrase

    @property
    def kind(self) -> VariantKind:
        """The variant's kind code (`case`, `apostrophe`, ..., `inflection`)."""
        return self.variant.kind

    @property
    def unclaimed(self) -> bool:
        """True when no entry starts the turn under either law."""
        return self.cold_walk_index is None and self.cascade_index is None


def literal_sources(entry: Entry) -> list[str]:
    """The rule's own literal phrases that it accepts: each keyword, or a regex's spelled-out phrases.

    A regex whose language is finite and small is spelled out whole
    (`\\b(book|reserve) a table\\b` gives "book a table", "reserve a table");
    otherwise its literal runs of letters are offered (`restart the
    service\\b` gives "restart the service").  Only what the rule's own
    condition accepts is kept, so a run that is only part of what a regex
    needs is left out.
    """
    texts = _literal_texts(entry.data_matcher)
    kept = [t for t in dict.fromkeys(texts) if t and _LETTER.search(t)]
    return [t for t in kept if runs_on(entry, t) is Outcome.MATCH]


def _literal_texts(matcher: DataMatcher | None) -> list[str]:
    """A matcher's literal phrases: its keywords, a regex spelled out (or its literal runs); none for an all-of
    rule, whose parts each match only part of what it needs."""
    match matcher:
        case None | AllOf():
            return []
        case Keywords():
            return list(matcher.keywords)
        case Regex():
            spelled = spelled_out(matcher.pattern, MAX_SPELLED)
            if spelled is not None:
                return [s.strip() for s in spelled]
            try:
                return [run.strip() for run in literal_runs(parse(matcher.pattern))]
            except (UnsupportedRegex, re.error, RecursionError):
                return []
        case _:
            assert_never(matcher)


def _sources(entry: Entry) -> Iterator[tuple[str, SourceKind]]:
    """The declared examples first, then the literal phrases; a sentence once."""
    seen: set[str] = set()
    for example in entry.examples or ():
        if example not in seen:
            seen.add(example)
            yield example, "example"
    for literal in literal_sources(entry):
        if literal not in seen:
            seen.add(literal)
            yield literal, "literal"


def _trigger(entry: Entry, source: str, source_kind: SourceKind) -> str | None:
    """The rule's own text in the source: what its matcher matched (the whole literal for a literal)."""
    if source_kind == "literal":
        return source
    matcher = entry.data_matcher
    return None if matcher is None else matcher.witness(source)


def rule_near_misses(
    graph: Graph, entry: Entry, kinds: Collection[VariantKind] = VARIANT_KINDS, tried: Counter[str] | None = None,
) -> tuple[NearMiss, ...]:
    """The near misses of one rule, in order: by source (examples first), then by variant order.

    `tried` (when given) counts every variant tried, by kind, missed or not.
    """
    if entry.is_intent or entry.is_unconditional:
        return ()
    found: list[NearMiss] = []
    listed: set[str] = set()
    for source, source_kind in _sources(entry):
        if runs_on(entry, source) is not Outcome.MATCH:
            continue  # the rule misses its own sentence: a proven error (or a literal it never accepts)
        trigger = _trigger(entry, source, source_kind)
        for variant in phrase_variants(source, trigger=trigger, kinds=kinds, sentence=source_kind == "example"):
            if tried is not None:
                tried[variant.kind] += 1
            if variant.phrase in listed or runs_on(entry, variant.phrase) is not Outcome.NO_MATCH:
                continue
            try:
                claims = graph.claims(variant.phrase)
            except ConditionTimeLimit:
                continue  # a regex ran past the time limit on it: no verdict to report
            listed.add(variant.phrase)
            found.append(_near_miss(entry, source, source_kind, variant, claims))
    return tuple(found)


#: The generator suffix of a near miss made from a rule's literal words rather than a declared sentence.
LITERAL_SUFFIX = "/literal"


def variant_generator(miss: NearMiss) -> str:
    """`Witness.generator` of a near miss: `variant/<kind>`, with `/literal` when made from the rule's own words
    (a keyword is a fragment, so a declared sentence's variant is shown before it)."""
    return f"variant/{miss.kind}" + (LITERAL_SUFFIX if miss.source_kind == "literal" else "")


def variant_label(variant: Variant) -> str:
    """How a near miss's change is said in a report: "contraction: cannot -> can't", "function-word: dropped 'the'"."""
    if variant.before and variant.after:
        return f"{variant.kind}: {variant.before} -> {variant.after}"
    if variant.before:
        return f"{variant.kind}: dropped {variant.before!r}"
    return f"{variant.kind}: added {variant.after!r}"


def _near_miss(entry: Entry, source: str, source_kind: SourceKind, variant: Variant, claims: Claims) -> NearMiss:
    cold, cascade = claims.cold_walk, claims.cascade
    return NearMiss(
        rule_index=entry.index, rule=entry.id, source=source, source_kind=source_kind, variant=variant,
        cold_walk=None if cold is None else cold.id, cold_walk_index=None if cold is None else cold.index,
        cascade=None if cascade is None else cascade.id, cascade_index=None if cascade is None else cascade.index,
    )


def deterministic_near_misses(
    graph: Graph, kinds: Collection[VariantKind] = VARIANT_KINDS,
) -> tuple[NearMiss, ...]:
    """Every near miss of every rule of `graph` (see the module docstring), in rule order.

    Deterministic: no seed, no budget; the same graph gives the same tuple.
    `kinds` limits the variant kinds tried (all seven by default).
    """
    return tuple(miss for entry in graph.entries for miss in rule_near_misses(graph, entry, kinds))
