"""Generated phrases for what the automata left undecided: samples, never proof.

The automata cannot read a `when` predicate or a regex with a lookbehind or
backreference, and a bounded search may stop before it answers.  For the
pairs left undecided that way, phrases are generated from the rules
involved (the same generators as `fuzzroute report`, seeded, with a phrase
budget: the same graphs, seed and budget give the same samples), plus every
declared example, never-route row and decided witness, and each phrase is
run through both versions under both laws.  A phrase that routes an
undecided pair shows that pair moves; finding none proves nothing.  A
phrase that routes a pair the automata proved impossible would be a bug of
fuzzroute and is listed as a defect.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from fuzzroute.diff.moves import NO_MESSAGE, UNDECIDED, LawTable
from fuzzroute.diff.winners import claimant
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Claims
from fuzzroute.generate.sources import Candidate, StreamFactory, StreamSettings
from fuzzroute.results.diff_document import Law

#: Witnesses kept per sampled pair.
WITNESSES = 3


@dataclass
class SampledPair:
    """An undecided pair that generated phrases route: how many did, and the first few."""

    law: Law
    old: int | None
    new: int | None
    count: int = 0
    witnesses: list[tuple[str, Claims, Claims]] = field(default_factory=list)


@dataclass
class Sampling:
    """What sampling did and found."""

    seed: int
    budget: int
    phrases: int = 0
    rules: tuple[str, ...] = ()
    pairs: list[SampledPair] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)
    ran: bool = False


def _streams(
    graph: Graph, entries: Sequence[Entry], seed: int, pool: Sequence[str]
) -> list[Iterator[Candidate | None]]:
    def pool_at(position: int) -> str | None:
        return pool[position] if position < len(pool) else None

    factory = StreamFactory(graph.entries, StreamSettings(seed, hypothesis_draws=0), pool_at)
    found = []
    for entry in entries:
        stream = factory.stream(entry)
        if stream is not None:
            found.append(stream)
    return found


def sample_undecided(
    base: Graph, head: Graph, tables: Sequence[LawTable], undecided: Sequence[tuple[Law, int | None, int | None]],
    *, seed: int, budget: int, known: Sequence[str] = (),
) -> Sampling:
    """Judge up to `budget` distinct phrases in both versions; see the module docstring.

    `undecided` lists the (law, old index, new index) pairs to look for;
    `known` are phrases worth judging first (declared and decided ones).
    """
    sampling = Sampling(seed, budget)
    if not undecided or budget <= 0:
        return sampling
    sampling.ran = True
    old_rules = {old for _law, old, _new in undecided if old is not None}
    new_rules = {new for _law, _old, new in undecided if new is not None}
    old_entries = [e for e in base.entries if e.index in old_rules or e.when is not None]
    new_entries = [e for e in head.entries if e.index in new_rules or e.when is not None]
    sampling.rules = tuple(dict.fromkeys([e.id for e in old_entries] + [e.id for e in new_entries]))
    pool = list(dict.fromkeys(known))
    streams = _streams(base, old_entries, seed, pool) + _streams(head, new_entries, seed, pool)
    wanted = set(undecided)
    by_law = {t.law: t for t in tables}
    found: dict[tuple[Law, int | None, int | None], SampledPair] = {}
    seen: set[str] = set()
    for phrase in _phrases(pool, streams):
        if phrase in seen:
            continue
        seen.add(phrase)
        if len(seen) > budget:
            break
        base_claims, head_claims = base.claims(phrase), head.claims(phrase)
        for law, table in by_law.items():
            old, new = claimant(base_claims, law), claimant(head_claims, law)
            key = (law, None if old is None else old.index, None if new is None else new.index)
            status = table.answer(key[1], key[2]).status
            if key in wanted and status == UNDECIDED:
                pair = found.setdefault(key, SampledPair(*key))
                pair.count += 1
                if len(pair.witnesses) < WITNESSES:
                    pair.witnesses.append((phrase, base_claims, head_claims))
            elif status == NO_MESSAGE:
                sampling.defects.append(
                    f"{law}: the automata found no message for the pair ({key[1]}, {key[2]}), but {phrase!r} is one"
                )
    sampling.phrases = min(len(seen), budget)
    sampling.pairs = [found[k] for k in sorted(found, key=_order)]
    return sampling


def _order(key: tuple[Law, int | None, int | None]) -> tuple[str, int, int]:
    law, old, new = key
    return (law, -1 if old is None else old, -1 if new is None else new)


def _phrases(first: Sequence[str], streams: list[Iterator[Candidate | None]]) -> Iterator[str]:
    """The known phrases, then the streams in turn (one candidate each per turn) until all end."""
    yield from first
    active = list(streams)
    while active:
        still = []
        for stream in active:
            try:
                item = next(stream)
            except StopIteration:
                continue
            still.append(stream)
            if item is not None:
                yield item.phrase
        active = still
