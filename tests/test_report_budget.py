"""`parse_budget`: one option, two kinds of budget, and a clear refusal for anything else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.engine.errors import FuzzrouteError
from fuzzroute.report import BudgetError, describe_budget, parse_budget


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5000", (5000, None)),
        (" 12 ", (12, None)),
        ("30s", (None, 30.0)),
        ("2m", (None, 120.0)),
        ("1h", (None, 3600.0)),
        ("500ms", (None, 0.5)),
        ("1.5s", (None, 1.5)),
        ("10 S", (None, 10.0)),
    ],
)
def test_accepted_forms(text: str, expected: tuple[int | None, float | None]) -> None:
    assert parse_budget(text) == expected


@pytest.mark.parametrize("text", ["", "0", "0s", "-5", "30x", "s", "5000 phrases", "1e3", "2m30s", "∞"])
def test_refusals_name_the_accepted_forms(text: str) -> None:
    with pytest.raises(BudgetError) as caught:
        parse_budget(text)
    message = str(caught.value)
    assert repr(text) in message and "5000" in message and "30s" in message


def test_a_budget_error_is_a_user_error() -> None:
    # The CLI maps FuzzrouteError to exit 2, and click users may catch ValueError.
    assert issubclass(BudgetError, FuzzrouteError) and issubclass(BudgetError, ValueError)


@settings(max_examples=50)
@given(st.integers(min_value=1, max_value=10**9))
def test_every_positive_count_is_a_phrase_budget(count: int) -> None:
    assert parse_budget(str(count)) == (count, None)


@settings(max_examples=50)
@given(st.integers(min_value=1, max_value=10**6), st.sampled_from([("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]))
def test_every_positive_duration_is_a_time_budget(amount: int, unit: tuple[str, float]) -> None:
    phrases, seconds = parse_budget(f"{amount}{unit[0]}")
    assert phrases is None and seconds == pytest.approx(amount * unit[1])


def test_describe_budget() -> None:
    assert describe_budget(5000, None) == "5000 phrases"
    assert describe_budget(None, 30.0) == "30 s"
    assert describe_budget(None, None) == "engine default"
