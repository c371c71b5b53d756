"""The choice record that keeps samplers from repeating themselves, and resumable units."""

from __future__ import annotations

import random
import re
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.generate import unit as unit_module
from fuzzroute.generate.sources import StreamFactory, StreamSettings
from fuzzroute.generate.unit import RuleUnit
from fuzzroute.strategies.choice_tree import ChoiceTree, FreshChooser, NodeAllowance
from fuzzroute.strategies.choosers import Chooser, RandomChooser, pick
from fuzzroute.strategies.keyword_phrases import KeywordPhrases


def nested(widths: list[int]):  # type: ignore[no-untyped-def]
    """A generator of len(widths) choices, the later ones present only after some answers."""

    def draw(chooser: Chooser) -> tuple[int, ...]:
        made: list[int] = []
        for position, width in enumerate(widths):
            if position % 2 and not chooser.chance(40):
                made.append(-1)  # this question was skipped: a shorter sequence
                continue
            made.append(chooser.integer(0, width - 1))
        return tuple(made)

    return draw


def every_outcome(widths: list[int]) -> set[tuple[int, ...]]:
    options = [range(w) if position % 2 == 0 else [-1, *range(w)] for position, w in enumerate(widths)]
    return set(product(*options))


def draw_all(draw, tree: ChoiceTree, seed: int, limit: int) -> list[object]:  # type: ignore[no-untyped-def]
    chooser = FreshChooser(random.Random(seed), tree)
    made: list[object] = []
    while not tree.exhausted and len(made) < limit:
        chooser.begin()
        made.append(draw(chooser))
        chooser.end()
    return made


@given(st.lists(st.integers(1, 5), min_size=0, max_size=4), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_a_finite_space_is_enumerated_once_each_then_exhausted(widths: list[int], seed: int) -> None:
    space = every_outcome(widths)
    made = draw_all(nested(widths), ChoiceTree(), seed, limit=10 * len(space) + 10)
    assert len(made) == len(set(made)) == len(space)
    assert set(made) == space


def test_drawing_goes_on_across_choosers_sharing_a_tree() -> None:
    # A reseeded round continues the record of the rounds before it.
    widths = [3, 4, 5]
    tree = ChoiceTree()
    first = draw_all(nested(widths), tree, seed=1, limit=20)
    rest = draw_all(nested(widths), tree, seed=2, limit=10_000)
    assert not set(first) & set(rest)
    assert set(first) | set(rest) == every_outcome(widths)


def test_until_a_branch_is_finished_it_draws_what_the_plain_chooser_draws() -> None:
    sampler = KeywordPhrases(["refund", "charge"])
    plain = RandomChooser(random.Random("same"))
    fresh = FreshChooser(random.Random("same"), ChoiceTree())
    for _ in range(5):
        fresh.begin()
        assert sampler.sample(fresh) == sampler.sample(plain)
        fresh.end()


def test_the_record_is_bounded_and_drawing_goes_on_past_the_bound() -> None:
    tree = ChoiceTree(max_nodes=50)
    made = draw_all(nested([40, 40, 40, 40]), tree, seed=0, limit=2000)
    assert tree.nodes <= 50 and len(made) == 2000


def test_trees_sharing_an_allowance_stay_within_it_together() -> None:
    allowance = NodeAllowance(120)
    trees = [ChoiceTree(allowance=allowance) for _ in range(3)]
    for seed, tree in enumerate(trees):
        draw_all(nested([30, 30, 30, 30]), tree, seed=seed, limit=500)
    assert sum(t.nodes - 1 for t in trees) <= 120 and allowance.left == 0


def test_a_generator_that_asks_different_questions_at_one_place_is_not_recorded_wrongly() -> None:
    widths = iter(range(2, 10_000))

    def unstable(chooser: Chooser) -> int:
        return chooser.integer(0, next(widths))  # not a function of its choices

    made = draw_all(unstable, ChoiceTree(), seed=0, limit=200)
    assert len(made) == 200  # never "exhausted" on a false record


def _rounds(graph: Graph, share_trees: bool) -> list[int]:
    """New phrases per reseeded round of a keyword sampler, filtered by `known` as a unit does."""
    trees: dict[tuple[int, str], ChoiceTree] = {}
    have: set[str] = set()
    new_per_round = []
    for round_number in range(6):
        factory = StreamFactory(
            graph.entries, StreamSettings(round_number, 0), lambda _: None,
            known=have.__contains__, trees=trees if share_trees else None,
        )
        sampler = factory.sampler(graph.entries[0], "keywords/frame", factory_draw(factory), "frame")
        phrases = [c.phrase for c in sampler if c is not None]
        assert not have & set(phrases) and len(phrases) == len(set(phrases))
        have.update(phrases)
        new_per_round.append(len(phrases))
    return new_per_round


def test_reseeded_rounds_continue_the_record_instead_of_redrawing_old_phrases() -> None:
    graph = Graph("g").entry("billing", match=keywords("refund", "charge"))
    shared = _rounds(graph, share_trees=True)
    fresh = _rounds(graph, share_trees=False)
    assert all(n > 0 for n in shared)
    # A later round without the record spends its draws on phrases it already has.
    assert sum(shared[1:]) > 2 * sum(fresh[1:])


def factory_draw(factory: StreamFactory):  # type: ignore[no-untyped-def]
    return KeywordPhrases(["refund", "charge"], factory.words).sample


class FakeClock:
    """perf_counter for the unit module: every read advances a millisecond."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def _unit(graph: Graph, deadline: float) -> RuleUnit:
    return RuleUnit(graph, 0, 7, None, hypothesis_draws=0, deadline=deadline)


def test_a_resumed_unit_finds_what_an_uninterrupted_one_finds(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    graph = (
        Graph("g")
        .entry("billing", match=keywords("refund", "charge"), examples=["refund my order"])
        .entry("orders", match=re.compile(r"\border\b"))
    )
    clock = FakeClock()
    monkeypatch.setattr(unit_module, "time", clock)
    whole = _unit(graph, deadline=1e9).run()
    assert whole.ended == "exhausted"

    clock.now = 0.0
    cut = _unit(graph, deadline=0.05)
    first = cut.run()
    assert first.ended == "time-budget" and 0 < first.judged < whole.judged
    again = cut.resume(deadline=1e9)
    assert again.ended == "exhausted"
    assert again.judged == whole.judged and again.generated == whole.generated
    assert again.generator_counts == whole.generator_counts
    assert {k: [w.phrase for w in g.witnesses()] for k, g in again.findings.groups.items()} == {
        k: [w.phrase for w in g.witnesses()] for k, g in whole.findings.groups.items()
    }


def test_pick_still_reads_its_options_in_order() -> None:
    # `pick` is how every generator turns a choice into an option; with a tree it covers them all.
    tree = ChoiceTree()
    options = ["a", "b", "c"]
    chooser = FreshChooser(random.Random(0), tree)
    seen = []
    while not tree.exhausted:
        chooser.begin()
        seen.append(pick(chooser, options))
        chooser.end()
    assert sorted(seen) == options


def test_one_process_gives_a_unit_cut_short_the_time_later_units_left(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from fuzzroute.generate import workers

    graph = Graph("g").entry("billing", match=keywords("refund", "charge")).entry("ping", match=re.compile(r"^ping$"))
    clock = FakeClock()
    monkeypatch.setattr(unit_module, "time", clock)
    monkeypatch.setattr(workers, "time", clock)
    turns: list[tuple[int, int, str]] = []
    resume = RuleUnit.resume

    def spy(self: RuleUnit, deadline: float):  # type: ignore[no-untyped-def]
        before = self.result.judged
        result = resume(self, deadline)
        turns.append((self.rule, before, result.ended))
        return result

    monkeypatch.setattr(RuleUnit, "resume", spy)
    shared = workers.Shared(graph, 0, 0, {}, [], 2.0, 1, 2)
    plans = [workers.UnitPlan(0, None), workers.UnitPlan(1, None)]
    results = [result for result, _ in workers.run_units(shared, plans)]
    assert [r.rule for r in results] == [0, 1]  # still in unit order
    assert results[1].ended == "exhausted"
    ((rule, judged_first_turn, _ended),) = turns
    assert rule == 0 and 0 < judged_first_turn < results[0].judged
