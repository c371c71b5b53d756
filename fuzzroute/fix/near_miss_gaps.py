"""Near misses as findings `fix` works on: one per rule and word, with the other forms of the word's class.

`generate.near_misses` lists every variant of a rule's own sentences (its
declared examples, its literal words) that the rule misses, with no
sampling.  A fix covers the word's whole class (can't, cannot and can not;
every plural the variants offer; the `i` flag for every case), so the near
misses of one rule that change the same word the same way are one finding
here: the first one found (a declared example's before a literal's), with
the forms of its class beside it.  Function-word variants of a rule's bare
words (a literal, or an example that is only a keyword) are left out: a
keyword is not a sentence ("credit the line" is no message anyone types).

Which variants a rule misses depends on the rule alone, so they are kept
per rule (its matcher and examples) for the run: after a fix only the
rules it edited are varied again; who takes each variant is asked anew.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from fuzzroute.decided.decisions import Decisions
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.graph_document import matcher_json
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.engine.matchers import AllOf, Keywords
from fuzzroute.engine.text import indefinite_article
from fuzzroute.fix.gaps import NEAR_MISS_CLAIMED_ELSEWHERE, NEAR_MISS_UNCLAIMED, Gap
from fuzzroute.generate.near_misses import NearMiss, rule_near_misses
from fuzzroute.strategies.variants import phrase_variants

#: A rule's near misses, each with the forms of its class: `(source, source kind, kind, phrase, before, forms)`.
Missed = tuple[str, str, str, str, str, tuple[str, ...]]


def _keywords(entry: Entry) -> list[str]:
    matcher = entry.data_matcher
    parts = matcher.parts if isinstance(matcher, AllOf) else (matcher,)
    return [k for part in parts if isinstance(part, Keywords) for k in part.keywords]


def _shape(entry: Entry) -> str:
    matcher = None if entry.match is None else matcher_json(entry.match)
    return json.dumps([matcher, entry.examples], ensure_ascii=False, sort_keys=True)


def _trigger(entry: Entry, miss: NearMiss) -> str | None:
    """The rule's own text in the source sentence, as the near misses were made from it."""
    if miss.source_kind == "literal":
        return miss.source
    matcher = entry.data_matcher
    return None if matcher is None else matcher.witness(miss.source)


def _class(entry: Entry, miss: NearMiss) -> tuple[str, ...]:
    """The changed word as the variant writes it, then as the other variants of its class do.

    The class is the source's variants of the same kind that change the
    same word (a function word: the same word the same way) and that the
    rule misses too; a form the rule already takes needs no fix.
    """
    variant = miss.variant
    if miss.kind == "case":
        return ()
    same_way = miss.kind == "function-word"
    forms = [variant.after]
    for other in phrase_variants(miss.source, trigger=_trigger(entry, miss), kinds=(miss.kind,)):
        if other.before.lower() != variant.before.lower() or other.phrase == variant.phrase:
            continue
        if same_way and other.after.lower() != variant.after.lower():
            continue
        if runs_on(entry, other.phrase) is Outcome.NO_MATCH:
            forms.append(other.after)
    return tuple(dict.fromkeys(forms))


class NearMissGaps:
    """The near-miss findings of a graph, with each rule's variants kept while the rule is unchanged."""

    def __init__(self) -> None:
        self._missed: dict[str, tuple[Missed, ...]] = {}

    def missed(self, graph: Graph, entry: Entry) -> tuple[Missed, ...]:
        key = _shape(entry)
        if key not in self._missed:
            found: list[Missed] = []
            seen: set[tuple[str, str]] = set()
            bare = {k.strip().lower() for k in _keywords(entry)}
            for miss in rule_near_misses(graph, entry):
                bare_words = miss.source_kind == "literal" or miss.source.strip().lower() in bare
                if miss.kind == "function-word" and bare_words:
                    continue  # a keyword is not a sentence: "credit the line" is no message anyone types
                word = "" if miss.kind == "case" else miss.variant.before.lower()
                if (miss.kind, word) in seen:
                    continue
                seen.add((miss.kind, word))
                found.append((miss.source, miss.source_kind, miss.kind, miss.phrase, miss.variant.before,
                              _class(entry, miss)))
            self._missed[key] = tuple(found)
        return self._missed[key]

    def __call__(self, graph: Graph, decisions: Decisions) -> list[Gap]:
        gaps: list[Gap] = []
        for entry in graph.entries:
            if entry.is_intent or entry.is_unconditional:
                continue
            for source, source_kind, kind, phrase, before, forms in self.missed(graph, entry):
                if runs_on(entry, phrase) is not Outcome.NO_MATCH:
                    continue
                gaps.append(_gap(graph, entry, (source, source_kind), kind, phrase, before, forms))
        return gaps


def _gap(graph: Graph, entry: Entry, sourced: tuple[str, str], kind: str, phrase: str, before: str,
         forms: Sequence[str]) -> Gap:
    source, source_kind = sourced
    try:
        claims = graph.claims(phrase)
        taker = claims.cascade if graph.has_classifier else claims.cold_walk
    except RegexTimedOut:
        taker = None
    takers = () if taker is None else (graph.entries[taker.index],)
    return Gap(
        NEAR_MISS_UNCLAIMED if taker is None else NEAR_MISS_CLAIMED_ELSEWHERE, entry, takers, phrase,
        variant_kind=kind, source=source, source_kind=source_kind, word=before, forms=tuple(forms),
        message=f'"{entry.id}" misses {phrase!r}, {indefinite_article(kind)} {kind} variant of {source!r}',
    )


def near_miss_gaps(graph: Graph, decisions: Decisions) -> list[Gap]:
    """Every near-miss finding of the graph (one per rule and changed word), in rule order."""
    return NearMissGaps()(graph, decisions)
