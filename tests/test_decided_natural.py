"""Decided witnesses read as messages: the later rule's declared example, else the words its regex spells.

A third-party movie bot wrote `[M-m]ovie\\s*today`; the automata's shortest
own text of that is "aovietoday".  The witness an author reads is "movie
today": the range that spans both cases of one letter gives that letter,
`\\s*` between words gives one space.  Such a range is also a likely mistake,
listed once per rule with the class meant.  Every witness still re-runs
through the compiled matchers and both claim laws (no tool defect).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute.cli import main
from fuzzroute.decided.literal_words import case_ranges, literal_words

MOVIES = Path(__file__).parent / "data" / "natural" / "movies.py"


def decided_json(spec: Path) -> dict[str, object]:
    result = CliRunner().invoke(main, ["check", str(spec), "--decide", "--format", "json"])
    assert result.exit_code == 1, result.output  # the declared example "book" loses to "tickets"
    document: dict[str, object] = json.loads(result.output)
    return document


def test_witnesses_on_the_movie_bot_read_as_messages() -> None:
    document = decided_json(MOVIES)
    items = document["decided"]
    assert isinstance(items, list)
    assert document["decided_defects"] == []
    (never,) = [i for i in items if i["kind"] == "decided-never-wins"]
    # No declared example: the rule's literal words, one space where `\s*` joins them.
    assert (never["rule"], never["witness"]) == ("today-at-pathe", "movie today at pathe")
    assert never["containing_rules"] == [{"rule": "showtimes", "rule_index": 0}]
    shared = {i["rule"]: i["witness"] for i in items if i["kind"] == "decided-overlap"}
    # A declared example that shows the earlier rule's match is the witness.
    assert shared["book"] == "can I book tickets for tonight"
    # Without one, the later rule's own words: "refund my ticket", not "aefund my ticket".
    assert shared["refund"] == "refund my ticket"
    counted = document["decided_counts"]
    assert isinstance(counted, dict)
    glued = [e["witness"] for e in counted["co_occurrence"]["examples"]]
    assert "movie today pathe cinema" in glued
    shown = [*glued, *shared.values(), never["witness"]]
    assert not any(re.search(r"\b(?!m)\w+ovie|\b(?!p)\w+ath", w) for w in shown)


def test_a_range_over_both_cases_of_one_letter_is_listed_once_per_rule_with_the_fix() -> None:
    document = decided_json(MOVIES)
    items = document["decided"]
    assert isinstance(items, list)
    ranges = [i for i in items if i["kind"] == "decided-case-range"]
    assert [i["rule"] for i in ranges] == ["showtimes", "pathe", "today-at-pathe", "refund"]
    both = ranges[2]
    assert both["reason"] == "M-m -> [Mm]; P-p -> [Pp]"
    assert "33 characters" in both["message"] and "write `[Mm]`" in both["message"]
    # What the range lets in, shown on the rule's own words and re-run through the matcher and both laws.
    assert [i["witness"] for i in ranges] == ["_ovie today", "_athe cinema", "_ovie today at pathe", "_efund my ticket"]
    assert all(i["claims"] is not None for i in ranges)
    assert "write `[Pp]`" in both["message"]
    text = CliRunner().invoke(main, ["check", str(MOVIES), "--decide"])
    assert text.exit_code == 1
    lines = [line for line in text.output.splitlines() if "decided-case-range" in line]
    assert len(lines) == 4
    assert "movies.py:11: decided-case-range [today-at-pathe]" in lines[2] and "M-m -> [Mm]; P-p -> [Pp]" in lines[2]


def test_the_range_reaches_the_report_and_its_sarif(tmp_path: Path) -> None:
    out, sarif = tmp_path / "r.json", tmp_path / "r.sarif"
    result = CliRunner().invoke(
        main, ["report", str(MOVIES), "--budget", "200", "--json", str(out), "--sarif", str(sarif),
               "-o", str(tmp_path / "r.html")],
    )
    assert result.exit_code == 1, result.output
    document = json.loads(out.read_text("utf-8"))
    rows = [r for r in document["overview"] if r["kind"] == "decided-case-range"]
    assert [r["rule"] for r in rows] == ["showtimes", "pathe", "today-at-pathe", "refund"]
    results = json.loads(sarif.read_text("utf-8"))["runs"][0]["results"]
    assert sum(1 for r in results if r["ruleId"] == "decided-case-range") == 4
    assert "Regex ranges from a capital to a small letter" in (tmp_path / "r.html").read_text("utf-8")


def test_literal_words_spell_the_pattern_as_written() -> None:
    cases = {
        r"[M-m]ovie\s*today": "movie today",
        r"\bwhere is my (order|package)\b": "where is my order",
        r"book\s+tickets?": "book ticket",
        r"cancel.*booking": "cancel booking",
        r"(?i)[Ee]-?mail": "Email",
        r"what's running on \w+": "what's running on a",
    }
    assert {p: literal_words(re.compile(p)) for p in cases} == cases
    assert literal_words(re.compile(r"(?<=x)y")) is None  # a lookbehind has no literal reading


def test_ranges_within_one_case_are_not_mistakes() -> None:
    assert case_ranges(re.compile(r"[a-z][A-Z][0-9][M-Pm-p]")) == []
    (wide,) = case_ranges(re.compile(r"[A-z]+"))
    assert (wide.written, wide.size, wide.fix) == ("A-z", 58, "[A-Za-z]")


@settings(max_examples=60, deadline=None)
@given(st.from_regex(r"[a-z]{1,6}( [a-z]{1,6}){0,3}", fullmatch=True), st.sampled_from([r"\s*", r"\s+", " "]))
def test_words_joined_by_spaces_read_back_as_the_words(words: str, joint: str) -> None:
    parts = words.split(" ")
    pattern = re.compile(joint.join(re.escape(p) for p in parts))
    written = literal_words(pattern)
    assert written == words and pattern.search(written)
