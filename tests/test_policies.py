"""The policies pinned directly, each by the smallest case that tells it from its likeliest mistake.

The golden documents show that a whole report stays what it was; these
tests say which rule each policy follows, so a mistake in one of them fails
here, with its name, and not only as a difference somewhere in a golden
file: a merged acceptance is stale only when every shard found it stale, a
near miss keeps every content word of the example's matched text, the
overview ranks shared text by the share of the later rule's phrases taken
(largest first), the decided tier's items are listed fixed words before
wildcards.  `scripts/mutation_test.py` runs a mutation tool over these
modules to find the next policy no test pins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from fuzzroute.decided.verdict import covering, fails_build
from fuzzroute.report.assembly.merge import _accepted
from fuzzroute.report.assembly.overview import overview
from fuzzroute.results.decided_records import Redos
from fuzzroute.results.document import (
    AcceptedFinding,
    AcceptedSection,
    Report,
    RuleFigures,
    StaleAcceptance,
    SuggestionRecord,
)
from fuzzroute.strategies.mutations import content_stems, keeps_content


@dataclass(frozen=True)
class Shard:
    """What `merge._accepted` reads of a shard's report: its accepted section."""

    accepted: AcceptedSection


def shard(*stale: tuple[str, str], findings: tuple[tuple[str, int | None], ...] = ()) -> Report:
    """A shard whose acceptances of the pairs `stale` matched no finding, and which accepted `findings`
    (a later rule taken by rule "a", and how many phrases)."""
    section = AcceptedSection(
        [AcceptedFinding("suggested", "rules-overlap", "a", later, "on purpose", count, None)
         for later, count in findings],
        [StaleAcceptance(a, b, "on purpose", "no finding", None) for a, b in stale],
    )
    return cast(Report, Shard(section))


def test_a_merged_acceptance_is_stale_only_when_stale_in_every_shard() -> None:
    merged = _accepted([shard(("a", "b"), ("c", "d")), shard(("a", "b"))])
    assert [(s.earlier, s.later) for s in merged.stale] == [("a", "b")]  # c/d matched a finding in shard 2
    assert _accepted([shard(("a", "b")), shard()]).stale == []
    # Listed in the first shard's order.
    merged = _accepted([shard(("a", "b"), ("c", "d")), shard(("c", "d"), ("a", "b"))])
    assert [(s.earlier, s.later) for s in merged.stale] == [("a", "b"), ("c", "d")]


def test_merged_accepted_findings_add_up_their_counts_across_shards() -> None:
    merged = _accepted([shard(findings=(("b", 2), ("c", None), ("e", None))),
                        shard(findings=(("b", 3), ("d", 1), ("e", 4)))])
    # A count a shard does not know (None) adds nothing.
    assert [(f.later, f.count) for f in merged.findings] == [("b", 5), ("c", None), ("e", 4), ("d", 1)]


def test_which_decided_findings_fail_a_build() -> None:
    redos = cast(Redos, object())  # only whether an attack is there counts
    fails = {
        ("decided-never-wins", None, None, None): True,
        ("decided-overlap", "shared-text", "fixed-words", None): True,
        ("decided-overlap", "shared-text", "wildcard", None): False,
        ("decided-overlap", "shared-text", None, None): False,  # where the text is shared is not known
        ("decided-overlap", "co-occurrence", "fixed-words", None): False,
        ("decided-redos", None, None, redos): True,
        ("decided-redos", None, None, None): False,
        ("decided-case-range", None, None, None): False,
        ("undecided", None, None, None): False,
    }
    for (kind, relation, shared_in, attack), expected in fails.items():
        assert fails_build(kind, relation=relation, shared_in=shared_in, redos=attack) is expected, kind


def test_an_acceptance_covers_an_overlap_of_its_pair_and_a_rule_that_never_wins_only_when_all_takers_are() -> None:
    accepted = {("a", "b")}
    assert covering("decided-overlap", "b", "a", "shared-text", [], accepted) == [("a", "b")]
    # An overlap from a document written before relations were recorded is covered all the same.
    assert covering("decided-overlap", "b", "a", None, [], accepted) == [("a", "b")]
    assert covering("decided-overlap", "b", "a", "co-occurrence", [], accepted) == []
    assert covering("decided-never-wins", "b", None, None, ["a"], accepted) == [("a", "b")]
    # Never-wins is judged on every rule that takes its messages, even when one is named as its other rule.
    assert covering("decided-never-wins", "b", "a", None, ["a", "c"], accepted) == []
    assert covering("decided-dead-under-cold-walk", "b", "a", None, ["a"], accepted) == []


def test_a_near_miss_keeps_every_content_word_of_the_matched_text() -> None:
    stems = content_stems("cancel subscription")
    assert len(stems) == 2
    assert keeps_content("please cancel my subscriptions", stems)
    assert not keeps_content("cancel my plan", stems)  # one content word kept is not enough
    assert not keeps_content("my subscription", stems)


def _shadowing(number: int, later: int, shared: int) -> SuggestionRecord:
    return SuggestionRecord(
        "generated-shadowed-by-earlier", f"r{later}", later, "r0", 0, f"r{later}", later, count=shared,
        relation="shared-text", shared_in="fixed-words", shared_count=shared, message=f"s{number}",
    )


def _figures(index: int, phrases: int) -> RuleFigures:
    return RuleFigures(index, f"r{index}", "caption", 0, phrases, phrases, 0, {}, phrases, phrases, 0, None, None)


def test_shared_text_rows_are_ranked_by_the_share_taken_largest_first() -> None:
    # r1 loses 5 of its 100 phrases to r0, r2 loses 9 of its 10: r2's row comes first, whatever the list's order.
    suggestions = [_shadowing(1, later=1, shared=5), _shadowing(2, later=2, shared=9)]
    figures = [_figures(0, 50), _figures(1, 100), _figures(2, 10)]
    rows = overview([], [], suggestions, figures).rows
    assert [row.rule for row in rows] == ["r2", "r1"]
    rows = overview([], [], suggestions[::-1], figures).rows
    assert [row.rule for row in rows] == ["r2", "r1"]
