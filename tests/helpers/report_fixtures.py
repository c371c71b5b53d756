"""Hand-built explorations for the report tests, shared by the report tests.

The report is built against the `Exploration` contract, not the generation
engine, so these helpers play the engine: `judge_samples` runs a fixed list
of phrases per rule through the real laws (`runs_on`, `Graph.claims`) and
fills the value types from what the laws say.  Nothing here hard-codes a
claimant; tests/test_report_fixtures.py checks that the figures agree with the laws.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fuzzroute import Graph, keywords
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.report import build_report
from fuzzroute.results.message_table import written_document
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    SHADOWED_BY_EARLIER_RULE,
    SUGGESTION_KINDS,
    Exploration,
    RuleStats,
    Suggestion,
    Witness,
)

HOSTILE_SCRIPT = "<script>alert(1)</script>"


HOSTILE_ATTRIBUTE = '"onmouseover=alert(2) x="'


HOSTILE_ID = "<img src=x onerror=alert(3)>"


def sparse(matrix: Sequence[Sequence[int]]) -> tuple[tuple[int, int, int], ...]:
    """A dense steals matrix (`matrix[taker][source]`) as the sparse cells an exploration reports."""
    return tuple((i, j, n) for i, row in enumerate(matrix) for j, n in enumerate(row) if n)


def dense(cells: Sequence[Sequence[int]], size: int) -> list[list[int]]:
    """Sparse steal cells back as a `size` x `size` matrix `[taker][source]`."""
    matrix = [[0] * size for _ in range(size)]
    for taker, source, count in cells:
        matrix[taker][source] = count
    return matrix


def build_json(*args: Any, **options: Any) -> dict[str, Any]:
    """The report document's JSON form (what `--json` writes), built by the one pipeline."""
    document: dict[str, Any] = written_document(build_report(*args, **options))
    return document


def support_graph() -> Graph:
    """A small graph with proven errors, warnings, a default, and hostile text in an id."""
    return (
        Graph("help-desk")
        .entry("billing", match=keywords("invoice", "charge", "payment"),
               examples=["my invoice is wrong", "why was I charged twice"])
        .entry("refunds", match=re.compile(r"\brefund|money back", re.I),
               examples=["I want a refund", "refund my payment"])
        .entry("account", match=keywords("password", "login", "sign in"), examples=["reset my password"])
        .entry("shipping", match=re.compile(r"\b(ship|deliver|track)", re.I), examples=["track my parcel"])
        .entry(HOSTILE_ID, match=re.compile(r"[<\"]"), examples=["<b>"])
        .entry("scripts", match=re.compile(r"script|onmouseover"), examples=["run my script"])
        .entry("fallback")
        .never_routes(["hello there", "cancel my login"])
    )


SUPPORT_SAMPLES: dict[int, list[str]] = {
    0: ["invoice please", "payment failed", "charge on my card", "refund the payment", "a payment refund"],
    1: ["refund now", "money back please", "refund the payment", "refund my invoice", "refund"],
    2: ["forgot password", "login broken", "sign in help", "password login"],
    3: ["ship it", "track parcel", "deliver today", "track my payment", "shipping"],
    5: [HOSTILE_SCRIPT, HOSTILE_ATTRIBUTE + "<b>bold</b>", "script\u200bzero\nwidth<", "my script"],
}


SUPPORT_NEAR_MISSES: dict[int, list[str]] = {0: ["my invoices are wrong"], 3: ["trak my parcel"]}


def law_claimant(graph: Graph, phrase: str) -> int | None:
    """The index the mount's law starts on (the cascade for a classifier, else the cold walk)."""
    claims = graph.claims(phrase)
    who = claims.cascade if graph.has_classifier else claims.cold_walk
    return None if who is None else who.index


def witness(graph: Graph, phrase: str, generator: str) -> Witness:
    """A witness whose claimants are whatever the laws say now."""
    claims = graph.claims(phrase)
    return Witness(
        phrase,
        None if claims.cold_walk is None else claims.cold_walk.id,
        None if claims.cascade is None else claims.cascade.id,
        None if claims.cold_walk is None else claims.cold_walk.index,
        None if claims.cascade is None else claims.cascade.index,
        generator,
    )


def judge_samples(
    graph: Graph,
    samples: Mapping[int, Sequence[str]],
    *,
    near_misses: Mapping[int, Sequence[str]] | None = None,
    seed: int = 0,
    budget_phrases: int | None = None,
    budget_seconds: float | None = None,
    partial: bool = False,
    max_witnesses: int = 3,
) -> Exploration:
    """Play the generation engine on fixed samples, judging each with the real laws."""
    entries = graph.entries
    size = len(entries)
    steals = [[0] * size for _ in range(size)]
    stats: list[RuleStats] = []
    pairs: dict[tuple[int, int], list[str]] = {}
    disagree: dict[int, list[str]] = {}
    generated = 0
    for entry in entries:
        phrases = list(samples.get(entry.index, ()))
        generated += len(phrases)
        rejected = won = 0
        lost_to: dict[str, int] = {}
        for phrase in phrases:
            if runs_on(entry, phrase) is not Outcome.MATCH:
                rejected += 1
                continue
            winner = law_claimant(graph, phrase)
            assert winner is not None  # the entry itself matches, so some entry claims it
            steals[winner][entry.index] += 1
            if winner == entry.index:
                won += 1
            else:
                lost_to[entries[winner].id] = lost_to.get(entries[winner].id, 0) + 1
                pairs.setdefault((winner, entry.index), []).append(phrase)
            claims = graph.claims(phrase)
            if claims.disagree:
                disagree.setdefault(entry.index, []).append(phrase)
        if phrases:
            # As the engine counts: `generated` is the accepted phrases, rejects apart.
            stats.append(RuleStats(entry.index, entry.id, entry.caption, len(entry.examples or ()),
                                   len(phrases) - rejected, won, rejected, lost_to))
    suggestions: list[Suggestion] = []
    for (winner, loser), phrases in sorted(pairs.items()):
        w, lo = entries[winner], entries[loser]
        suggestions.append(Suggestion(
            SHADOWED_BY_EARLIER_RULE, lo.id, lo.index, w.id, w.index, lo.id, lo.index, len(phrases),
            tuple(witness(graph, p, "regex") for p in phrases[:max_witnesses]),
            f'{len(phrases)} phrases generated from "{lo.id}" are claimed first by "{w.id}".',
        ))
    for stat in stats:
        if stat.won == 0 and stat.generated > 0:
            entry = entries[stat.index]
            suggestions.append(Suggestion(
                RULE_NEVER_WINS, entry.id, entry.index, None, None, entry.id, entry.index,
                stat.generated, (), f'"{entry.id}" won none of its generated phrases.',
            ))
    for index, missed in (near_misses or {}).items():
        disagree.setdefault(index, []).extend(p for p in missed if graph.claims(p).disagree)
    for index, disagreeing in sorted(disagree.items()):
        entry = entries[index]
        suggestions.append(Suggestion(
            LAWS_DISAGREE, entry.id, entry.index, None, None, None, None, len(disagreeing),
            tuple(witness(graph, p, "keywords") for p in disagreeing[:max_witnesses]),
            "The cold walk and the cascade start different entries on these phrases.",
        ))
    for index, edited in sorted((near_misses or {}).items()):
        unclaimed = [p for p in edited if graph.claims(p).cascade is None]
        if unclaimed:
            entry = entries[index]
            suggestions.append(Suggestion(
                NEAR_MISS_UNCLAIMED, entry.id, entry.index, None, None, None, None, len(unclaimed),
                tuple(witness(graph, p, "mutation") for p in unclaimed[:max_witnesses]),
                f'A small edit of an example of "{entry.id}" reaches no rule.',
            ))
            generated += len(edited)
    return Exploration(
        seed=seed, budget_phrases=budget_phrases, budget_seconds=budget_seconds,
        phrases_generated=generated, phrases_judged=generated, elapsed_seconds=0.25,
        suggestions=tuple(suggestions), rules=tuple(stats),
        steals=sparse(steals), partial=partial,
        generator_counts={"regex": generated},
    )


def support_exploration(**options: Any) -> Exploration:
    return judge_samples(support_graph(), SUPPORT_SAMPLES, near_misses=SUPPORT_NEAR_MISSES, **options)


def fake_explorer(
    samples: Mapping[int, Sequence[str]], near_misses: Mapping[int, Sequence[str]] | None = None
) -> Callable[..., Exploration]:
    """An `explore`-shaped callable over fixed samples that honours `should_stop`."""

    def explore(
        graph: Graph, *, seed: int = 0, budget_phrases: int | None = None, budget_seconds: float | None = None,
        progress: Any = None, should_stop: Callable[[], bool] | None = None,
    ) -> Exploration:
        stopped = should_stop is not None and should_stop()
        chosen = {k: v[:1] for k, v in samples.items()} if stopped else samples
        return judge_samples(graph, chosen, near_misses=None if stopped else near_misses, seed=seed,
                             budget_phrases=budget_phrases, budget_seconds=budget_seconds, partial=stopped)

    return explore


def wide_graph(size: int = 100) -> Graph:
    graph = Graph("wide-graph-of-many-rules")
    for k in range(size):
        graph.entry(f"skill-{k:03d}-with-a-longish-name", match=keywords(f"word{k}", f"shared{k % 7}"),
                    examples=[f"please word{k}"])
    return graph


def wide_exploration(graph: Graph, *, seed: int = 7, suggestions: int = 300, witnesses: int = 3) -> Exploration:
    """A synthetic exploration of a many-rule graph: dense steals, many suggestions.

    Steals only go from earlier to later rules, as the laws allow when each
    rule's phrases are accepted by the rule itself.
    """
    rng = random.Random(seed)
    size = len(graph.entries)
    steals = [[0] * size for _ in range(size)]
    stats = []
    for j, entry in enumerate(graph.entries):
        total = 50
        for i in rng.sample(range(j), min(j, 6)):
            steals[i][j] = rng.randint(1, 8)
        steals[j][j] = max(total - sum(steals[i][j] for i in range(j)), 0)
        lost = {graph.entries[i].id: steals[i][j] for i in range(j) if steals[i][j]}
        accepted = sum(steals[i][j] for i in range(size))
        stats.append(RuleStats(j, entry.id, entry.caption, 1, accepted, steals[j][j], 2, lost))
    kinds = list(SUGGESTION_KINDS)
    found = []
    for n in range(suggestions):
        j = rng.randrange(1, size)
        i = rng.randrange(0, j)
        phrases = tuple(
            Witness(f"word{j} and shared{j % 7} sample {n}-{m} " + "x" * rng.randint(0, 40),
                    graph.entries[i].id, graph.entries[i].id, i, i, "regex")
            for m in range(witnesses)
        )
        found.append(Suggestion(kinds[n % len(kinds)], graph.entries[j].id, j, graph.entries[i].id, i,
                                graph.entries[j].id, j, rng.randint(1, 40), phrases, f"synthetic suggestion {n}"))
    return Exploration(seed, 5000, None, 5000, 5000, 3.5, tuple(found), tuple(stats), sparse(steals))
