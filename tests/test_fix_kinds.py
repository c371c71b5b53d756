"""One test per kind of fix, each re-checked on the edited graph by the claim laws, never by trusting the edit.

Every graph is written to a file, fixed by `fix_graph`, the new text is
written and loaded again as a user would load it, and the phrases the
finding is about are run through `graph.claims()`: the near miss now starts
its rule under both laws, the shared text goes to the later rule, a
narrowed rule still claims its own examples, and the checkup passes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzzroute.authoring.rule_edits import SetRegex
from fuzzroute.engine.graph import Graph
from fuzzroute.fix import FixResult, FixRun, fix_graph
from fuzzroute.graphfiles.loader import load_graph

HEADER = "import re\n\nfrom fuzzroute import Graph, all_of, keywords\n\n"


def _fixed(tmp_path: Path, body: str, *, unsafe: bool = False) -> tuple[FixRun, Graph]:
    path = tmp_path / "graph.py"
    path.write_text(HEADER + body, encoding="utf-8")
    run = fix_graph(load_graph(str(path)), unsafe=unsafe)
    path.write_text(run.new, encoding="utf-8")
    return run, load_graph(str(path)).graph


def _result(run: FixRun, code: str, rule: str, kind: str | None = None) -> FixResult:
    found = [r for r in run.results if r.gap.code == code and r.gap.rule.id == rule
             and (kind is None or r.gap.variant_kind == kind)]
    assert found, [(r.gap.code, r.gap.rule.id, r.gap.variant_kind) for r in run.results]
    return found[0]


def _starts(graph: Graph, phrase: str) -> tuple[str | None, str | None]:
    return graph.claims(phrase).ids()


def _proven_errors(graph: Graph) -> list[str]:
    return [p.code for p in graph.checkup().problems if p.kind == "error"]


def test_a_keyword_rule_gets_the_other_forms_of_the_word_as_keywords(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = Graph("hr").entry("payroll", match=keywords("payslip", "salary"),'
        ' examples=["where is my payslip"]).entry("agent")\n'
    ))
    result = _result(run, "near-miss-claimed-elsewhere", "payroll", "inflection")
    assert result.status == "safe" and result.made and result.chosen is not None
    assert result.chosen.candidate.kind == "add-keywords"
    assert _starts(graph, "where are my payslips") == ("payroll", "payroll")
    assert "where are my payslips" in (graph.entries[0].examples or ())
    assert _starts(graph, "what is the weather") == ("agent", None)  # nothing else moved
    assert not _proven_errors(graph)


KEYWORD_CLASSES = [
    # (variant kind, keyword, example, near miss, keywords the fix must add: the variant's whole class)
    ("us-uk", "cancelled booking", "my cancelled booking", "my canceled booking", {"canceled booking"}),
    ("compound", "wifi password", "what is the wifi password", "what is the wi-fi password",
     {"wi-fi password", "wi fi password"}),
    ("contraction", "can't check in", "I can't check in", "I cannot check in", {"cannot check in", "can not check in"}),
    ("apostrophe", "can't check in", "I can't check in", "I can’t check in", {"can’t check in", "cant check in"}),
]


@pytest.mark.parametrize(("kind", "keyword", "example", "near_miss", "added"), KEYWORD_CLASSES,
                         ids=[k[0] for k in KEYWORD_CLASSES])
def test_a_keyword_rule_gets_the_variant_class_of_its_word_as_keywords(
    tmp_path: Path, kind: str, keyword: str, example: str, near_miss: str, added: set[str]
) -> None:
    run, graph = _fixed(tmp_path, (
        f'graph = Graph("hotel").entry("desk", match=keywords({keyword!r}), examples=[{example!r}])'
        '.entry("agent")\n'
    ))
    (result,) = [r for r in run.results if r.gap.variant_kind == kind and r.gap.phrase == near_miss]
    assert result.status == "safe" and result.made and result.chosen is not None
    assert result.chosen.candidate.kind == "add-keywords"
    keywords_now = set(graph.entries[0].data_matcher.keywords)  # type: ignore[union-attr]
    assert added <= keywords_now and keyword in keywords_now
    for member in added:  # every member of the class now reaches the rule, not only the phrase found
        assert _starts(graph, example.replace(keyword, member)) == ("desk", "desk")
    assert near_miss in (graph.entries[0].examples or ())
    assert _starts(graph, "where is the gym") == ("agent", None)  # nothing else moved
    assert not _proven_errors(graph)


def test_a_regex_without_the_case_flag_gets_it(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = Graph("bistro").entry("booking", match=re.compile(r"\\bbook a table\\b"),'
        ' examples=["book a table for two"])\n'
    ))
    result = _result(run, "near-miss-unclaimed", "booking", "case")
    assert result.chosen is not None and result.chosen.candidate.kind == "case-flag" and result.made
    assert "re.I)" in run.new
    for phrase in ("Book a table for two", "BOOK A TABLE FOR TWO", "book A Table for two"):
        assert _starts(graph, phrase) == ("booking", "booking")
    assert _starts(graph, "book a chair") == (None, None)


REGEX_EDITS = [
    # (variant kind, regex, example, near miss, the edit in the new source)
    ("inflection", r"\binsurance claim\b", "I want to file an insurance claim", "insurance claims", "claims?"),
    ("us-uk", r"\bmy appointment was cancelled\b", "my appointment was cancelled",
     "my appointment was canceled", "cancell?ed"),
    ("compound", r"\bwifi password\b", "what is the wifi password", "what is the wi-fi password", "wi[- ]?fi"),
    ("contraction", r"\bi can't make it\b", "I can't make it today", "I cannot make it today",
     "(?:can't|cannot|can not)"),
    ("apostrophe", r"\bwhere's my parcel\b", "where's my parcel", "where’s my parcel", "where['’]"),
    ("function-word", r"\bbook an appointment\b", "book an appointment for tomorrow",
     "book appointment for tomorrow", "(?:an |the )?"),
]


@pytest.mark.parametrize(("kind", "regex", "example", "near_miss", "edit"), REGEX_EDITS,
                         ids=[r[0] for r in REGEX_EDITS])
def test_a_regex_gets_a_small_edit_where_the_word_is_written(
    tmp_path: Path, kind: str, regex: str, example: str, near_miss: str, edit: str
) -> None:
    run, graph = _fixed(tmp_path, (
        f'graph = Graph("clinic").entry("desk", match=re.compile(r"{regex}", re.I), examples=[{example!r}])\n'
    ))
    result = _result(run, "near-miss-unclaimed", "desk", kind)
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "regex-edit"
    made = result.chosen.candidate.edits[0]
    assert isinstance(made, SetRegex) and edit in made.source, made
    assert _starts(graph, near_miss) == ("desk", "desk")
    assert _starts(graph, example) == ("desk", "desk")
    assert not _proven_errors(graph)


def test_a_dropped_article_is_fixed_for_the_slot_once(tmp_path: Path) -> None:
    """"book appointment" and "book the appointment" are one slot: one optional group, never two in a row."""
    run, graph = _fixed(tmp_path, (
        'graph = Graph("clinic").entry("desk", match=re.compile(r"\\bbook an appointment\\b", re.I), '
        'examples=["book an appointment for tomorrow"])\n'
    ))
    result = _result(run, "near-miss-unclaimed", "desk", "function-word")
    made = result.chosen.candidate.edits[0] if result.chosen is not None else None
    assert isinstance(made, SetRegex) and made.source.count("(?:") == 1, made
    for phrase in ("book appointment for tomorrow", "book the appointment for tomorrow",
                   "book an appointment for tomorrow"):
        assert _starts(graph, phrase) == ("desk", "desk"), phrase
    assert _starts(graph, "book an the appointment") == (None, None)


def test_a_range_across_both_cases_becomes_its_two_letters(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = Graph("bistro").entry("menu", match=re.compile(r"\\b[M-m]enu\\b"), examples=["the Menu please"])'
        '.entry("front-desk")\n'
    ))
    result = _result(run, "decided-case-range", "menu")
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "case-range"
    assert "[Mm]enu" in run.new
    assert _starts(graph, "the Menu please") == ("menu", "menu")
    assert _starts(graph, "the _enu please") == ("front-desk", None)
    assert _starts(graph, "Renu") == ("front-desk", None)


def test_an_earlier_rule_is_narrowed_when_that_moves_only_the_shared_messages(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = (Graph("shop")\n'
        '    .entry("account", match=keywords("account", "password", "order history"),'
        ' examples=["change my password"])\n'
        '    .entry("orders", match=keywords("order history", "track my order"),'
        ' examples=["show my order history"])\n'
        '    .entry("agent"))\n'
    ))
    result = _result(run, "decided-overlap", "orders")
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "narrow"
    assert result.chosen.proof.moves and all(m.new is not None and m.new.id == "orders"
                                             for m in result.chosen.proof.moves)
    # Moving "orders" above "account" would let it take "order history", one of account's own keywords.
    (reorder,) = [a for a in result.attempts if a.candidate.kind == "reorder"]
    assert [(i.kind, i.entry.id) for i in reorder.proof.new_findings] == [("decided-overlap", "account")]
    assert [e.id for e in graph.entries] == ["account", "orders", "agent"]
    assert _starts(graph, "show my order history") == ("orders", "orders")
    assert _starts(graph, "change my password") == ("account", "account")
    assert _starts(graph, "my account order history") == ("account", "account")  # not a message it moves
    assert not _proven_errors(graph)


def test_a_later_rule_moves_above_the_earlier_one_when_narrowing_would_move_more(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = (Graph("devops")\n'
        '    .entry("incident", match=keywords("outage", "down"), examples=["the site is down"])\n'
        '    .entry("scale", match=re.compile(r"\\bscale (up|down)\\b", re.I), examples=["scale down the workers"])\n'
        '    .entry("helpdesk"))\n'
    ))
    result = _result(run, "decided-overlap", "scale")
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "reorder"
    narrowings = [a for a in result.attempts if a.candidate.kind == "narrow"]
    assert narrowings and not any(a.proof.safe for a in narrowings)  # taking "down" out moves "the site is down"
    assert [e.id for e in graph.entries] == ["scale", "incident", "helpdesk"]
    assert _starts(graph, "scale down the workers") == ("scale", "scale")
    assert _starts(graph, "the site is down") == ("incident", "incident")
    assert not _proven_errors(graph)


def test_an_earlier_regex_loses_the_alternative_that_is_the_later_rule_s_own_words(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = (Graph("shop")\n'
        '    .entry("account", match=re.compile(r"\\b(password|login|order history)\\b", re.I),'
        ' examples=["change my password"])\n'
        '    .entry("orders", match=keywords("order history", "track my order"),'
        ' examples=["show my order history"])\n'
        '    .entry("agent"))\n'
    ))
    result = _result(run, "decided-overlap", "orders")
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "narrow"
    (edit,) = result.chosen.candidate.edits
    assert isinstance(edit, SetRegex) and edit.source == r"\b(password|login)\b"
    assert [e.id for e in graph.entries] == ["account", "orders", "agent"]
    assert _starts(graph, "show my order history") == ("orders", "orders")
    assert _starts(graph, "I forgot my login") == ("account", "account")
    assert _starts(graph, "my password and order history") == ("account", "account")  # still the earlier rule's
    assert not _proven_errors(graph)


def test_a_rule_that_never_wins_moves_above_the_rule_that_takes_its_messages(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = (Graph("bank")\n'
        '    .entry("cards", match=keywords("card"), examples=["my card is blocked"])\n'
        '    .entry("lost-card", match=keywords("lost card", "stolen card"), examples=["report a stolen card"])\n'
        '    .entry("agent"))\n'
    ))
    result = _result(run, "decided-never-wins", "lost-card")
    assert result.made and result.chosen is not None and result.chosen.candidate.kind == "reorder"
    assert [e.id for e in graph.entries] == ["lost-card", "cards", "agent"]
    for phrase in ("report a stolen card", "I have a lost card"):
        assert _starts(graph, phrase) == ("lost-card", "lost-card")
    assert _starts(graph, "my card is blocked") == ("cards", "cards")
    assert not _proven_errors(graph)


UNSAFE = (
    'graph = (Graph("support")\n'
    '    .entry("order-status", match=re.compile(r"\\border\\b", re.I), examples=["where is my order"])\n'
    '    .entry("tracking", match=re.compile(r"where is my (order|package)", re.I),'
    ' examples=["where is my order", "where is my package"]))\n'
)


def test_when_the_only_candidate_is_unsafe_it_is_shown_with_what_it_breaks_and_not_made(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, UNSAFE)
    result = _result(run, "decided-overlap", "tracking")
    assert result.status == "unsafe" and not result.made and result.chosen is not None
    assert all(not a.proof.safe for a in result.attempts)
    broken = [c.row.label for c in result.chosen.proof.broken_rows]
    assert broken == ["order-status#2::'where is my order'"]  # its label after the move
    assert [e.id for e in graph.entries] == ["order-status", "tracking"]  # nothing was moved


def test_unsafe_makes_the_best_unsafe_candidate(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, UNSAFE, unsafe=True)
    result = _result(run, "decided-overlap", "tracking")
    assert result.status == "unsafe" and result.made
    assert [e.id for e in graph.entries] == ["tracking", "order-status"]
    assert _starts(graph, "where is my order") == ("tracking", "tracking")


def test_a_rule_the_automata_cannot_read_gets_no_fix_with_the_reason(tmp_path: Path) -> None:
    run, graph = _fixed(tmp_path, (
        'graph = Graph("bistro").entry("booking", match=re.compile(r"(?<!not )\\bbook a table\\b"),'
        ' examples=["book a table for two"])\n'
    ))
    result = _result(run, "near-miss-unclaimed", "booking", "case")
    assert result.status == "no-fix" and not result.made and result.reason is not None
    assert "the automata cannot read" in result.reason and "lookbehind" in result.reason
    assert run.new == run.old


def test_between_safe_candidates_fewer_changed_rows_first_then_a_narrowing() -> None:
    from fuzzroute.fix.allowed import Allowed
    from fuzzroute.fix.candidates import Candidate
    from fuzzroute.fix.fixing import Attempt, best_attempt
    from fuzzroute.fix.prove import Proof

    def attempt(kind: str, fixed: int) -> Attempt:
        rows = tuple(_Changed() for _ in range(fixed))
        return Attempt(Candidate(kind, (), kind, Allowed("", ())), Proof(fixed_rows=rows))  # type: ignore[arg-type]

    reorder, narrow, narrower = attempt("reorder", 1), attempt("narrow", 1), attempt("narrow", 2)
    assert best_attempt([reorder, narrow]) is narrow  # a tie: the narrowing
    assert best_attempt([narrower, reorder]) is reorder  # fewer declared rows changed wins first


class _Changed:
    """A declared row a proof says the fix mends (only `base` is read to count it)."""

    base = object()
