"""Property: the checkup and the claims equal a naive reading of routing-semantics.md sections 4-7.

Random graphs mix regex, keywords, all-of, `when`, default and intent entries
under every mount, with examples and never-route rows drawn from one small
vocabulary so that claims collide, examples repeat and rows contradict
examples.  The oracle below is written from the text, deliberately without
cleverness: it evaluates EVERY entry on the phrase (no short-circuit, its own
keyword matcher, its own context object), then reads the laws and the checks
off that table.  Predicates are pure, so evaluating more of them than the
engine does cannot change a verdict.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Checkup, Graph, RoutingContext, all_of, intent, keywords

WORDS = ["refund", "Refund", "refunds", "order", "card", "hello", "v2?", "café", "caf", "zone", "x"]
KEYWORDS = ["refund", "order", "card", "v2?", "caf", " refund", "hello", "zone x"]
REGEXES: list[tuple[str, int]] = [
    (r"\brefund\b", re.IGNORECASE),
    ("order", 0),
    ("card|hello", 0),
    ("^hello", 0),
    ("", 0),
    ("caf", re.IGNORECASE),
    (r"v2\?", 0),
    ("zone.*x", re.IGNORECASE),
]


def _raise(ctx: Any) -> bool:
    raise ZeroDivisionError("predicate raised")


PREDICATES: dict[str, Callable[[Any], object]] = {
    "has-order": lambda ctx: "order" in ctx.user_message,
    "raises": _raise,
    "has-history": lambda ctx: len(ctx.history) > 0,
    "empty-list": lambda ctx: [],
    "yes": lambda ctx: "yes",
    "starts-hello": lambda ctx: ctx.user_message.startswith("hello"),
    "later-turn": lambda ctx: ctx.iteration > 1,
}
MOUNTS = ["rules", "classifier", "scorer", "read"]
ASCII_WORD = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


# -- the oracle's own model of a graph ------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """One entry as the oracle sees it: kind is regex | keywords | all | when | default | intent."""

    id: str
    kind: str
    data: Any
    examples: tuple[str, ...] | None


def naive_keyword(keyword: str, message: str) -> bool:
    """routing-semantics.md 2.2 read literally: a case-insensitive literal with ASCII edges."""
    size = len(keyword)
    for start in range(len(message) - size + 1):
        if message[start : start + size].lower() != keyword.lower():
            continue
        left_ok = keyword[0] not in ASCII_WORD or start == 0 or message[start - 1] not in ASCII_WORD
        end = start + size
        right_ok = keyword[-1] not in ASCII_WORD or end == len(message) or message[end] not in ASCII_WORD
        if left_ok and right_ok:
            return True
    return False


def naive_leaf(leaf: tuple[str, Any], message: str) -> bool:
    kind, data = leaf
    if kind == "regex":
        source, flags = data
        return re.search(source, message, flags) is not None
    return any(naive_keyword(k, message) for k in data)


def naive_outcome(spec: Spec, ctx: Any) -> str:
    """match | no-match | threw, for one entry on one context."""
    if spec.kind == "default":
        return "match"
    if spec.kind == "when":
        try:
            return "match" if PREDICATES[spec.data](ctx) else "no-match"
        except Exception:  # a raise is the `threw` verdict
            return "threw"
    if spec.kind == "all":
        return "match" if all(naive_leaf(leaf, ctx.user_message) for leaf in spec.data) else "no-match"
    return "match" if naive_leaf((spec.kind, spec.data), ctx.user_message) else "no-match"


def naive_laws(specs: list[Spec], ctx: Any) -> tuple[int | None, int | None]:
    """(cold-walk index, cascade index): evaluate every entry, then read the first match."""
    table = [None if s.kind == "intent" else naive_outcome(s, ctx) for s in specs]
    cold = next((i for i, s in enumerate(specs) if s.kind != "intent" and table[i] == "match"), None)
    cascade = next(
        (i for i, s in enumerate(specs) if s.kind not in ("intent", "default") and table[i] == "match"), None
    )
    return cold, cascade


def cold(phrase: str) -> Any:
    return SimpleNamespace(iteration=1, user_message=phrase, history=[], activated_injection_ids=[])


def naive_checkup(specs: list[Spec], mount: str, rows: list[str]) -> tuple[list[tuple[Any, ...]], list[str]]:
    order_decides = mount in ("rules", "classifier")
    has_classifier = mount == "classifier"
    problems: list[tuple[Any, ...]] = []
    notes: list[str] = []
    if any(s.examples for s in specs):
        for i, spec in enumerate(specs):
            for phrase in spec.examples or ():
                own = naive_outcome(spec, cold(phrase))
                if own != "match":
                    data = spec.kind in ("regex", "keywords", "all")
                    kind = "error" if own == "threw" or data else "warning"
                    problems.append((kind, "example-misses-own-rule", spec.id, phrase, None, None))
                if not order_decides:
                    continue
                cold_walk, cascade = naive_laws(specs, cold(phrase))
                winner = cascade if has_classifier else cold_walk
                if winner is None:
                    problems.append(("warning", "example-unclaimed", spec.id, phrase, None, None))
                elif winner >= i:
                    pass
                else:
                    # An earlier rule wins, or a default wins while the cascade also starts earlier.
                    both_earlier = specs[winner].kind != "default" or (cascade is not None and cascade < i)
                    kind, code = (
                        ("error", "example-shadowed-by-earlier")
                        if both_earlier
                        else ("warning", "example-shadowed-by-default")
                    )
                    problems.append((kind, code, spec.id, phrase, specs[winner].id, spec.id))
        notes = ["examples-boundary"] if order_decides else ["examples-order-not-checked", "examples-boundary"]
    for row in rows:
        key = row.strip().lower()
        owner = next((s for s in specs if any(x.strip().lower() == key for x in s.examples or ())), None)
        cold_walk, cascade = naive_laws(specs, cold(row))
        if owner is not None:
            problems.append(("error", "never-routes-contradicts-example", owner.id, row, None, None))
        elif cascade is not None:
            problems.append(("error", "never-routes-claimed", specs[cascade].id, row, None, None))
        elif cold_walk is not None:
            problems.append(("warning", "never-routes-by-default", specs[cold_walk].id, row, None, None))
    if rows:
        notes.append("never-routes-boundary")
    return problems, notes


# -- building the same graph through the API ------------------------------------------------------------


def declare(specs: list[Spec], mount: str, rows: list[str]) -> Graph:
    graph = Graph("random", mount=mount)
    for spec in specs:
        if spec.kind == "default":
            graph.entry(spec.id)
        elif spec.kind == "when":
            graph.entry(spec.id, when=PREDICATES[spec.data], examples=_listed(spec.examples))
        elif spec.kind == "intent":
            graph.entry(spec.id, match=intent(spec.data, ["an example"]))
        else:
            graph.entry(spec.id, match=_matcher(spec), examples=_listed(spec.examples))
    if rows:
        graph.never_routes(rows)
    return graph


def _listed(examples: tuple[str, ...] | None) -> list[str] | None:
    return None if examples is None else list(examples)


def _leaf(leaf: tuple[str, Any]) -> Any:
    kind, data = leaf
    return re.compile(data[0], data[1]) if kind == "regex" else keywords(*data)


def _matcher(spec: Spec) -> Any:
    if spec.kind == "all":
        return all_of(*[_leaf(leaf) for leaf in spec.data])
    return _leaf((spec.kind, spec.data))


# -- strategies -------------------------------------------------------------------------------------------

phrases = st.builds(
    lambda words, upper, pad: (" " if pad else "") + (" ".join(words).upper() if upper else " ".join(words)),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    st.booleans(),
    st.booleans(),
)
leaves = st.one_of(
    st.tuples(st.just("regex"), st.sampled_from(REGEXES)),
    st.tuples(st.just("keywords"), st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=3).map(tuple)),
)
examples = st.one_of(st.none(), st.lists(phrases, min_size=1, max_size=3).map(tuple))


@st.composite
def entry_specs(draw: st.DrawFn, mount: str) -> Spec:
    kinds = ["regex", "keywords", "all", "when", "default"] + (["intent"] if mount == "classifier" else [])
    kind = draw(st.sampled_from(kinds))
    skill = draw(st.sampled_from(["a", "b", "c", "d"]))  # ids repeat on purpose
    if kind == "default":
        return Spec(skill, kind, None, None)
    if kind == "intent":
        return Spec(skill, kind, "customer wants something", None)
    if kind == "when":
        return Spec(skill, kind, draw(st.sampled_from(sorted(PREDICATES))), draw(examples))
    if kind == "all":
        return Spec(skill, kind, tuple(draw(st.lists(leaves, min_size=1, max_size=3))), draw(examples))
    leaf_kind, data = draw(leaves.filter(lambda leaf: leaf[0] == kind))
    return Spec(skill, leaf_kind, data, draw(examples))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[Spec], str, list[str]]:
    mount = draw(st.sampled_from(MOUNTS))
    specs = draw(st.lists(entry_specs(mount), min_size=0, max_size=6))
    # Rows share the vocabulary (so they collide with examples); duplicates by key are refused
    # at declaration, so keep the first of each key.
    declared = sorted({x for spec in specs for x in spec.examples or ()})
    row_source = phrases
    if declared:
        # Half the time a row is an example re-spelt (case, padding), so contradictions happen.
        respelt = st.builds(
            lambda x, upper, pad: (" " if pad else "") + (x.upper() if upper else x) + (" " if pad else ""),
            st.sampled_from(declared),
            st.booleans(),
            st.booleans(),
        )
        row_source = st.one_of(phrases, respelt)
    rows: list[str] = []
    for row in draw(st.lists(row_source, max_size=4)):
        if row.strip().lower() not in {r.strip().lower() for r in rows}:
            rows.append(row)
    return specs, mount, rows


FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(graphs())
def test_checkup_equals_the_naive_reading(
    rows: Callable[[Checkup], list[tuple[Any, ...]]],
    notes: Callable[[Checkup], list[str]],
    case: tuple[list[Spec], str, list[str]],
) -> None:
    specs, mount, never = case
    checkup = declare(specs, mount, never).checkup()
    want_problems, want_notes = naive_checkup(specs, mount, never)
    assert rows(checkup) == want_problems
    assert notes(checkup) == want_notes


@FAST
@given(graphs(), st.lists(phrases, min_size=1, max_size=4), st.integers(1, 3), st.booleans())
def test_claims_equal_the_naive_laws(
    case: tuple[list[Spec], str, list[str]], asked: list[str], iteration: int, with_history: bool
) -> None:
    specs, mount, rows = case
    graph = declare(specs, mount, rows)
    for phrase in asked:
        want_cold, want_cascade = naive_laws(specs, cold(phrase))
        got = graph.claims(phrase)
        assert (None if got.cold_walk is None else got.cold_walk.index) == want_cold
        assert (None if got.cascade is None else got.cascade.index) == want_cascade
        assert got.ids() == (
            None if want_cold is None else specs[want_cold].id,
            None if want_cascade is None else specs[want_cascade].id,
        )
        if got.cold_walk is not None:
            assert got.cold_walk.unconditional is (specs[got.cold_walk.index].kind == "default")
        # The lazy laws the checks use agree with the one-pass answer.
        lazy_cold = graph.laws.under_cold_walk(phrase)
        lazy_cascade = graph.laws.under_cascade(phrase)
        assert (None if lazy_cold is None else lazy_cold.index) == want_cold
        assert (None if lazy_cascade is None else lazy_cascade.index) == want_cascade

        # A warmer context: the same laws, with predicates reading the context given.
        history = ["earlier turn"] if with_history else []
        warm = SimpleNamespace(iteration=iteration, user_message=phrase, history=history, activated_injection_ids=[])
        context = RoutingContext(iteration=iteration, user_message=phrase, history=list(history))
        want_cold, want_cascade = naive_laws(specs, warm)
        got = graph.claims(phrase, context)
        assert (None if got.cold_walk is None else got.cold_walk.index) == want_cold
        assert (None if got.cascade is None else got.cascade.index) == want_cascade


def test_the_oracle_keyword_matcher_agrees_on_the_documented_cases() -> None:
    # The oracle is only worth something if it reads routing-semantics.md 2.2 right.
    assert not naive_keyword("refund", "refunds")
    assert naive_keyword("refund", "refundé")
    assert naive_keyword("v2?", "is v2? ok") and not naive_keyword("v2?", "xv2?y")
    assert not naive_keyword(" refund", "refund") and naive_keyword(" refund", "a refund")
    assert naive_keyword("caf", "CAFÉ")
