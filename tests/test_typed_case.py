"""Witnesses shown in the capitals people type, re-cased at presentation only and only where verified."""

from __future__ import annotations

import re

from fuzzroute import Graph, keywords
from fuzzroute.report.assembly.build import verified_recasing
from fuzzroute.results.presentation import typed_case


def test_odd_capitals_are_written_as_people_type_them() -> None:
    assert typed_case("book a tablE") == "Book a table"
    assert typed_case("where is BA117") == "where is BA117"  # a code keeps its capitals; nothing odd, left alone
    assert typed_case("reset my VPN password") == "reset my VPN password"  # nothing odd: left as it is
    assert typed_case("CANCELLATION of my tablE") == "Cancellation of my table"
    assert typed_case("I need help") == "I need help"


def test_a_recasing_that_changes_what_a_rule_matches_is_not_shown() -> None:
    graph = (Graph("cafe").entry("book", match=re.compile(r"\bbook a tablE\b")).entry("any", match=keywords("table"))
             .entry("desk"))
    recase = verified_recasing(graph)
    assert recase("book a tablE") == "book a tablE"  # the case-sensitive regex would no longer match
    loose = Graph("cafe").entry("book", match=re.compile(r"(?i)\bbook a table\b")).entry("desk")
    assert verified_recasing(loose)("book a tablE") == "Book a table"
