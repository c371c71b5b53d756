"""The overview at 1280 px on a 20-rule graph: every row's phrase visible without scrolling sideways.

A near miss that twelve rules share is one row naming how many (its members
one a line), and the default's by-design explanation sits below its row, so
neither pushes the Phrase column off-screen.  Measured in a real Chromium
(found as the other browser tests find it): each phrase cell's box.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.browser import Visit

from fuzzroute import Graph, keywords
from fuzzroute.decided import decide
from fuzzroute.generate import explore
from fuzzroute.report import build_report, render_html, write_atomically

WIDTH = 1280
#: A phrase cell narrower than this cannot show a phrase of a few words.
MIN_PHRASE_WIDTH = 200
NOUNS = ("invoice", "payslip", "parcel", "voucher", "ticket", "booking", "receipt", "refund", "order", "account",
         "password", "subscription", "delivery", "statement", "card", "transfer", "appointment", "reservation")


def twenty_rules() -> Graph:
    graph = Graph("long-names")
    for noun in NOUNS:  # each rule's keyword is singular, so "where are my <noun>s" misses in every one
        graph = graph.entry(f"customer-{noun}-enquiries-team", match=keywords(noun), examples=[f"where is my {noun}"])
    return graph.entry("front-desk-general-assistant").never_routes(
        ["what is the weather like", "tell me a joke", "who won the match last night"]
    )


def test_every_phrase_cell_is_visible_at_1280_px(browser: Any, tmp_path: Path) -> None:
    graph = twenty_rules()
    assert len(graph.entries) == len(NOUNS) + 1 >= 19  # the rules and the default
    report = build_report(graph, graph.checkup(), explore(graph, budget_phrases=200), decisions=decide(graph))
    folded = [row for row in report.overview if len(row.members) >= 12]
    assert folded and folded[0].variant == "inflection", [(r.kind, r.variant, len(r.members)) for r in report.overview]
    page_path = tmp_path / "report.html"
    write_atomically(page_path, render_html(report))
    visit = Visit(browser, page_path, width=WIDTH)
    visit.assert_quiet()
    cells: list[dict[str, float]] = visit.page.evaluate(
        """() => [...document.querySelectorAll('table.findings td.what')].map(td => {
               const box = td.getBoundingClientRect();
               return {left: box.left, right: box.right, width: box.width};
           })"""
    )
    assert cells, "the overview has rows"
    for cell in cells:
        assert cell["right"] <= WIDTH and cell["left"] >= 0, cell
        assert cell["width"] >= MIN_PHRASE_WIDTH, cell
    scrolls = visit.page.evaluate(
        "() => { const t = document.querySelector('table.findings').parentElement;"
        " return [t.scrollWidth, t.clientWidth]; }"
    )
    assert scrolls[0] <= scrolls[1], scrolls  # no sideways scrolling inside the table
    assert visit.page.evaluate("() => document.querySelectorAll('table.findings td.what .reason').length") == 0
    members = visit.page.evaluate("() => document.querySelectorAll('table.findings ul.members li').length")
    assert members >= 12  # each rule of the folded row on its own line
