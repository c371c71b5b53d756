"""The decided tier's later shortcuts: each settles a question a search would, and the decisions stay the same.

Like `test_decided_shortcuts`, every test runs `decide(graph)` and
`decide(graph, exhaustive=True)` (every search run) and holds the two equal,
item for item; and counts the searches each ran, so a shortcut that stopped
firing would show.  The shortcuts:

* a rule whose own text its automata read matches some message, so the search
  over the rule alone is not run (unless it could run out of its bound);
* minimising a never-wins cover never repeats the search `covers_alone` asked,
  and keeps the messages of B its searches find to refute later subsets; one
  rule covering B alone settles the cover before the search over all of them;
* B's own text as written stands for the search for A's match inside B's text
  when both matchers and both automata take it;
* on a graph whose conditions are all data matchers that always finish, an
  overlap's witness is verified by the two matchers alone (the claim laws then
  surely start the earlier rule or one before it); the claims of a listed
  overlap are still read;
* shared text the full graph-wide listing would only count is counted without
  building its item, on one process and (by a flag the parent raises) on two.
"""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

from helpers.decided_snapshot import decided_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import NEVER_MATCHES, NEVER_WINS, OVERLAP, UNDECIDED, decide
from fuzzroute.decided import pool as pool_module
from fuzzroute.decided import questions as questions_module
from fuzzroute.decided.decisions import WILDCARD
from fuzzroute.decided.questions import MAX_STATES
from fuzzroute.decided.verify import claims_follow_matches


def both(graph: Graph, max_states: int = MAX_STATES) -> tuple[dict[str, Any], dict[str, Any], tuple[int, int]]:
    rules = len(graph.entries)
    fast = decide(graph, max_states=max_states)
    slow = decide(graph, max_states=max_states, exhaustive=True)
    return decided_data(fast, rules), decided_data(slow, rules), (fast.stats["searches"], slow.stats["searches"])


def test_an_own_text_spares_the_search_over_the_rule_alone() -> None:
    """Three rules that share nothing: each one's own text shows it matches a message; only the exhaustive run
    searches each rule alone (three searches more)."""
    graph = Graph("apart")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("cards", match=keywords("card"))
    graph.entry("lost", match=keywords("lost"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    assert fast["winning"] and len(fast["winning"]) == 3
    assert slow_searches - fast_searches == 3


def test_a_rule_that_matches_nothing_is_still_searched_and_found_empty() -> None:
    graph = Graph("impossible")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("impossible", match=re.compile(r"a\bb"))  # no word boundary can sit between two letters
    fast, slow, _searches = both(graph)
    assert fast == slow
    assert [i["rule"] for i in fast["items"] if i["kind"] == NEVER_MATCHES] == ["impossible"]


def test_a_search_that_could_run_out_is_run() -> None:
    """With a bound of one state the search over B alone runs out: the question is undecided either way."""
    graph = Graph("tight")
    graph.entry("cards", match=keywords("card"))
    graph.entry("refunds", match=keywords("refund"))
    fast, slow, (fast_searches, slow_searches) = both(graph, max_states=1)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == UNDECIDED and i["rule"] == "refunds"]
    assert item["reason"] == "more than 1 automaton states"
    assert fast_searches == slow_searches


def test_minimising_a_cover_does_not_repeat_the_search_over_one_rule() -> None:
    """`refunds` alone leaves "card" of the later rules, `both` alone covers them: the cover kept is `both`."""
    graph = Graph("minimal")
    graph.entry("both", match=keywords("refund", "card"))
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("either", match=re.compile(r"\b(?:refund|card)\b"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS and i["rule"] == "either"]
    assert [r["rule"] for r in item["containing_rules"]] == ["both"]
    assert fast_searches < slow_searches


def test_a_cover_of_several_rules_is_minimised_alike() -> None:
    """Messages a search finds while minimising refute later subsets; the rules kept are the same."""
    graph = Graph("several")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("cards", match=keywords("card"))
    graph.entry("refund-or-lost", match=keywords("refund", "lost"))
    graph.entry("lost", match=re.compile(r"\blost\b"))
    graph.entry("all", match=re.compile(r"\b(?:refund|card|lost)\b"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS and i["rule"] == "all"]
    assert [r["rule"] for r in item["containing_rules"]] == ["cards", "refund-or-lost"]
    assert fast_searches < slow_searches


def test_the_own_text_as_written_stands_for_the_search_inside_it() -> None:
    graph = Graph("inside")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("refund-card", match=re.compile(r"\brefund my card\b"))
    fast, slow, (fast_searches, slow_searches) = both(graph)
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == OVERLAP]
    assert item["witness"] == "refund my card"
    assert fast_searches < slow_searches


def test_the_claims_follow_the_matches_only_for_data_matchers_that_always_finish() -> None:
    plain = Graph("plain").entry("refunds", match=keywords("refund")).entry("fallback")
    assert claims_follow_matches(plain)
    gated = Graph("gated").entry("refunds", match=keywords("refund")).entry("vip", when=lambda ctx: True)
    assert not claims_follow_matches(gated)
    guarded = Graph("guarded").entry("echo", match=re.compile(r"(\w+)+\1x"))  # a backreference re must run
    assert not claims_follow_matches(guarded)


def test_a_listed_overlap_still_shows_the_claims_of_its_witness() -> None:
    graph = Graph("claims")
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("refund-card", match=re.compile(r"\brefund my card\b"))
    (item,) = decide(graph).of_kind(OVERLAP)
    assert item.witness is not None
    assert item.claims == graph.claims(item.witness)
    assert item.claims is not None and item.claims.cascade is not None
    assert item.claims.cascade.index == 0


WORDS = ("refund", "card", "lost", "order")
SHAPES = (r"\b{a}\b", r"\b{a}\b.*\b{b}\b", r"(?i)\b{a} (?:{b}|order)\b", r"^{a}", r"{a}$", r"\w+ing", r"\d+")


@st.composite
def matchers(draw: st.DrawFn) -> object:
    a, b = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=2, unique=True))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return keywords(*draw(st.lists(st.sampled_from([a, f"{a} {b}", b]), min_size=1, max_size=3, unique=True)))
    if kind == 1:
        return all_of(keywords(a), re.compile(rf"\b{b}\b"))
    return re.compile(draw(st.sampled_from(SHAPES)).format(a=a, b=b))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matchers(), min_size=2, max_size=7), st.booleans())
def test_verifying_overlaps_by_the_matchers_decides_as_the_laws_do(found: list[object], fallback: bool) -> None:
    """The same decided tier (claims included) whether overlaps are verified by the matchers or by the laws."""
    graph = Graph("random")
    for number, matcher in enumerate(found):
        graph.entry(f"r{number}", match=matcher)
    if fallback:
        graph.entry("fallback")
    assert claims_follow_matches(graph)
    rules = len(graph.entries)
    by_matchers = decided_data(decide(graph), rules)
    with mock.patch.object(questions_module, "claims_follow_matches", lambda graph: False):
        by_laws = decided_data(decide(graph), rules)
    assert by_matchers == by_laws


def _crowded() -> Graph:
    """70 one-word keyword rules, then four rules whose free gap holds any of them: far more shared text in
    wildcards than is listed, so the later rules' shared texts are only counted."""
    graph = Graph("crowded")
    for number in range(70):
        graph.entry(f"word{number}", match=keywords(f"w{number}x"))
    for number in range(4):
        graph.entry(f"gap{number}", match=re.compile(rf"\bstart{number}\b.*\bend{number}\b"))
    return graph


def test_shared_text_only_counted_is_not_built_and_decides_alike() -> None:
    """Once the listing of a kind is full, a shared text is verified and counted without its item: the same
    decided tier as building every item, on one process or two."""
    graph = _crowded()
    rules = len(graph.entries)
    counted: list[str] = []
    questions = questions_module.RuleQuestions
    as_matched, unbuilt = questions.counted_as_matched, questions.counted_unbuilt

    def spy_matched(self: questions_module.RuleQuestions, a: Any, witness: str, strength: str) -> bool:
        found = as_matched(self, a, witness, strength)
        counted.extend(["as matched"] if found else [])
        return found

    def spy_unbuilt(self: questions_module.RuleQuestions, a: Any, witness: str, strength: str) -> bool:
        found = unbuilt(self, a, witness, strength)
        counted.extend(["unbuilt"] if found else [])
        return found

    with (
        mock.patch.object(questions, "counted_as_matched", spy_matched),
        mock.patch.object(questions, "counted_unbuilt", spy_unbuilt),
    ):
        lean = decide(graph)
    assert "as matched" in counted
    with (
        mock.patch.object(questions, "counted_as_matched", lambda self, a, witness, strength: False),
        mock.patch.object(questions, "counted_unbuilt", spy_unbuilt),
    ):
        reworded = decide(graph)  # every counted shared text reworded first, then counted unbuilt
    assert "unbuilt" in counted
    assert decided_data(reworded, rules) == decided_data(lean, rules)
    with mock.patch("fuzzroute.decided.tier.Listing.full", lambda self, shared_in: False):
        built = decide(graph)
    assert decided_data(lean, rules) == decided_data(built, rules)
    assert decided_data(decide(graph, workers=2), rules) == decided_data(lean, rules)
    assert lean.counted().shared_text_unlisted.count > 100


def test_workers_count_what_the_full_listing_would_only_count() -> None:
    """On two processes, the parent raises a flag once the listing of shared text in wildcards is full; the
    workers then count such items without sending them, and the decided tier is the one of one process."""
    graph = _crowded()
    rules = len(graph.entries)
    raised: list[bool] = []
    update = pool_module._FullFlags.update

    def spy(self: Any, listing_full: Any) -> None:
        update(self, listing_full)
        raised.append(self.full(WILDCARD))

    with mock.patch.object(pool_module._FullFlags, "update", spy):
        two = decide(graph, workers=2)
    assert raised and raised[-1] and not raised[0]
    assert decided_data(two, rules) == decided_data(decide(graph), rules)


def test_one_rule_covering_alone_settles_the_cover_before_the_search_over_all() -> None:
    """`both` alone covers the later regex: asked once (and kept for minimising), it stands for the search
    excluding every containing rule; the cover and every other decision are those of every search."""
    graph = Graph("one-covers")
    graph.entry("both", match=keywords("refund", "card"))
    graph.entry("refunds", match=keywords("refund"))
    graph.entry("either", match=re.compile(r"\b(?:refund|card)\b"))
    settled: list[str | None] = []
    one_covers = questions_module.RuleQuestions.one_covers

    def spy(self: questions_module.RuleQuestions, lang_b: Any, containing: Any, shown: Any) -> Any:
        outcome = one_covers(self, lang_b, containing, shown)
        settled.append(None if outcome is None else outcome.verdict)
        return outcome

    with mock.patch.object(questions_module.RuleQuestions, "one_covers", spy):
        fast, slow, (fast_searches, slow_searches) = both(graph)
    assert "none" in settled
    assert fast == slow
    (item,) = [i for i in fast["items"] if i["kind"] == NEVER_WINS and i["rule"] == "either"]
    assert [r["rule"] for r in item["containing_rules"]] == ["both"]
    assert fast_searches < slow_searches
