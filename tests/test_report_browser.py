"""The report in a real headless Chromium, opened from file:// as a reader would.

Checks what only a browser can: the page loads with no console error and no
request beyond its own file, both halves and both boundaries are visible,
hostile phrases show as text and run nothing, the rendered numbers are the
JSON's, the bundled example's page fits in 4,000 px with its `<details>`
closed and every finding is one link away from the overview.  Screenshots go
to the test's tmp dir, and to reports/screenshots/ as well when
FUZZROUTE_SAVE_SCREENSHOTS is set.

Chromium is found the way users install it: playwright's own browser when
`playwright install chromium` has put it in place, else a system Chromium or
Chrome on PATH.  Without one the tests skip on a developer's machine, but
fail under CI (CI=true), where a skipped browser test would hide a broken page.
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.browser import ROOT, Visit, find_chromium, no_browser
from helpers.report_fixtures import (
    HOSTILE_ATTRIBUTE,
    HOSTILE_ID,
    HOSTILE_SCRIPT,
    SUPPORT_NEAR_MISSES,
    SUPPORT_SAMPLES,
    fake_explorer,
    support_graph,
    wide_exploration,
    wide_graph,
)

from fuzzroute import Graph, keywords
from fuzzroute.cli import main
from fuzzroute.report import build_report, render_html, write_atomically, write_report
from fuzzroute.report.assembly.pipeline import empty_exploration

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
#: The bundled example's report, at the default budget, must fit in this many pixels at 1280 px width.
MAX_PAGE_HEIGHT = 4000










def test_chromium_is_found_on_path_when_playwright_has_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class NoBundled:
        class chromium:
            executable_path = str(tmp_path / "not-installed" / "chrome")

    fake = tmp_path / "bin" / "chromium-browser"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(fake.parent))
    assert find_chromium(NoBundled()) == str(fake)
    bundled = tmp_path / "chrome"
    bundled.write_text("")
    NoBundled.chromium.executable_path = str(bundled)
    assert find_chromium(NoBundled()) == str(bundled)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    NoBundled.chromium.executable_path = str(tmp_path / "gone")
    assert find_chromium(NoBundled()) is None


def test_a_missing_browser_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        no_browser("no Chromium found")
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception):
        no_browser("no Chromium found")




@pytest.fixture(scope="module")
def support_report(tmp_path_factory: pytest.TempPathFactory) -> Any:
    out = tmp_path_factory.mktemp("report")
    return write_report(support_graph(), html_path=out / "help-desk.html", json_path=out / "help-desk.json",
                        explore=fake_explorer(SUPPORT_SAMPLES, SUPPORT_NEAR_MISSES), now=NOW,
                        budget_phrases=5000, source_path="graphs/help_desk.py")


def test_report_loads_quietly_and_shows_both_halves(browser: Any, support_report: Any, tmp_path: Path) -> None:
    visit = Visit(browser, support_report.html_path)
    try:
        page = visit.page
        for selector in ("#proven", "#generated", "#proven-boundary", "#generated-boundary"):
            assert page.locator(selector).is_visible(), selector
        assert "not proof" in page.locator("#generated-title").inner_text().lower()
        assert "nothing about coverage" in page.locator("#generated-boundary").inner_text()
        assert "not checked" in page.locator("#proven-boundary").inner_text()
        # The two halves look different: another border style and colour.
        border = "e => getComputedStyle(e).borderTopStyle + getComputedStyle(e).borderTopColor"
        styles = [page.locator(s).evaluate(border) for s in ("#proven", "#generated")]
        assert styles[0] != styles[1] and styles[1].startswith("dashed")
        # Proven comes first on the page.
        tops = [page.locator(s).bounding_box()["y"] for s in ("#proven", "#generated")]
        assert tops[0] < tops[1]
        visit.screenshot(tmp_path, "help-desk-report")
        visit.assert_quiet()
    finally:
        visit.close()


def test_hostile_phrases_show_as_text_and_run_nothing(browser: Any, support_report: Any) -> None:
    visit = Visit(browser, support_report.html_path)
    try:
        page = visit.page
        visit.open_all_details()
        page.locator("#generated .phrase").first.hover()
        for text in (HOSTILE_SCRIPT, HOSTILE_ATTRIBUTE, HOSTILE_ID):
            located = page.get_by_text(text, exact=False).first
            assert located.is_visible(), text
        page.locator(".phrase", has_text=HOSTILE_ATTRIBUTE).first.hover()
        assert page.evaluate("document.querySelectorAll('script, img, iframe').length") == 0
        handlers = "[...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/.test(a.name)))"
        assert page.evaluate(handlers + ".length") == 0
        visit.assert_quiet()
    finally:
        visit.close()


def test_rendered_numbers_are_the_jsons(browser: Any, support_report: Any) -> None:
    document = json.loads(support_report.json_path.read_text())
    visit = Visit(browser, support_report.html_path)
    try:
        page = visit.page

        def shown(name: str) -> int:
            return int(page.locator(f"[data-count='{name}']").inner_text())

        assert shown("proven-errors") == document["summary"]["proven_errors"]
        assert shown("proven-warnings") == document["summary"]["proven_warnings"]
        assert shown("suggestions") == document["summary"]["suggestions"] == page.locator(".suggestion").count()
        assert shown("phrases-generated") == document["run"]["phrases_generated"]
        assert shown("rules") == document["graph"]["rule_count"]
        problems = document["proven"]["problems"]
        assert page.locator(".finding").count() == len({p["example"] for p in problems})
        assert page.locator(".finding .problem").count() == len(problems)
        assert page.locator("tr[data-rule]").count() == len(document["rules"])
    finally:
        visit.close()


def test_empty_report_states_both_boundaries(browser: Any, tmp_path: Path) -> None:
    graph = Graph("bare").entry("billing", match=keywords("refund")).entry("fallback")
    doc = build_report(graph, graph.checkup(), empty_exploration(0, None, 1.0, partial=False), now=NOW)
    path = write_atomically(tmp_path / "bare.html", render_html(doc))
    visit = Visit(browser, path)
    try:
        for selector in ("#proven-boundary", "#generated-boundary", "#proven-empty", "#generated-empty"):
            assert visit.page.locator(selector).is_visible(), selector
        visit.screenshot(tmp_path, "empty-report")
        visit.assert_quiet()
    finally:
        visit.close()


def test_partial_report_shows_its_banner(browser: Any, tmp_path: Path) -> None:
    def interrupted(graph: Any, **options: Any) -> Any:
        raise KeyboardInterrupt

    result = write_report(support_graph(), html_path=tmp_path / "cut.html", explore=interrupted, now=NOW)
    visit = Visit(browser, result.html_path)
    try:
        banner = visit.page.locator("#partial")
        assert banner.is_visible() and "Partial report" in banner.inner_text()
        visit.assert_quiet()
    finally:
        visit.close()


def test_hundred_rule_report_scrolls_inside_the_matrix(browser: Any, tmp_path: Path) -> None:
    graph = wide_graph(100)
    doc = build_report(graph, graph.checkup(), wide_exploration(graph, suggestions=300), now=NOW)
    path = write_atomically(tmp_path / "wide.html", render_html(doc))
    visit = Visit(browser, path)
    try:
        page = visit.page
        scroller = page.locator(".matrix-scroll").first
        box = scroller.bounding_box()
        assert box["width"] <= 1280 and box["height"] <= 900
        assert scroller.evaluate("e => e.scrollWidth > e.clientWidth && e.scrollHeight > e.clientHeight")
        # Headers stay in view while the matrix scrolls.
        scroller.evaluate("e => { e.scrollTop = 400; e.scrollLeft = 600; }")
        header = scroller.locator("thead th").nth(5).bounding_box()
        row_head = scroller.locator("tbody th").nth(20).bounding_box()
        assert abs(header["y"] - box["y"]) < 5 and abs(row_head["x"] - box["x"]) < 5
        # The page itself never scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        visit.screenshot(tmp_path, "hundred-rule-report")
        visit.assert_quiet()
    finally:
        visit.close()


def test_bundled_example_report_in_the_browser(browser: Any, tmp_path: Path) -> None:
    from fuzzroute.graphfiles.loader import load_graph

    example = ROOT / "examples" / "support.py"
    loaded = load_graph(str(example))
    result = write_report(loaded.graph, html_path=tmp_path / "support.html", budget_phrases=400,
                          source_path="examples/support.py", graph_format=loaded.format)
    visit = Visit(browser, result.html_path)
    try:
        page = visit.page
        assert int(page.locator("[data-count='suggestions']").inner_text()) == result.document["summary"]["suggestions"]
        for selector in ("#proven-boundary", "#generated-boundary"):
            assert page.locator(selector).is_visible()
        # Every suggestion kind on the page comes with its plain-language explanation.
        for group in page.locator("details.group").all():
            assert "What it means:" in group.locator(".kind-help").text_content()
        visit.screenshot(tmp_path, "support-report")
        visit.assert_quiet()
    finally:
        visit.close()


@pytest.fixture(scope="module")
def bundled_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """`fuzzroute report examples/support.py` at the default budget, run as a user runs it."""
    out = tmp_path_factory.mktemp("bundled")
    html, as_json = out / "support.html", out / "support.json"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, ["report", "examples/support.py", "-o", str(html), "--json", str(as_json)])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 1, result.output  # the example has proven errors on purpose
    document: dict[str, Any] = json.loads(as_json.read_text(encoding="utf-8"))
    assert document["run"]["budget_phrases"] == 2000
    return html, document


def test_bundled_report_fits_in_4000_px_and_links_every_finding(
    browser: Any, bundled_report: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    html, document = bundled_report
    visit = Visit(browser, html)
    try:
        page = visit.page
        visit.close_all_details()
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= MAX_PAGE_HEIGHT, f"the page is {height} px tall with every <details> closed"
        # The overview comes first: right under the header, before either half.
        tops = {s: page.locator(s).bounding_box()["y"] for s in ("header.top", "#overview", "#proven", "#generated")}
        assert tops["header.top"] < tops["#overview"] < tops["#proven"] < tops["#generated"]
        # The overview table is the JSON overview, row for row, and every row links to a card or section.
        links = page.eval_on_selector_all(
            "#findings a[href^='#']:not(.also a)", "as => as.map(a => a.getAttribute('href'))"
        )
        assert links == ["#" + row["anchor"] for row in document["overview"]]
        assert len(links) == len(set(links))
        # A row standing for weaker findings about the same two rules links each of them too.
        also = page.eval_on_selector_all("#findings .also a", "as => as.map(a => a.getAttribute('href'))")
        assert also == ["#" + a["anchor"] for row in document["overview"] for a in row["also"]]
        for link in [*links, *also]:
            assert page.locator(link).count() == 1, link
        problems = {p["example"] for p in document["proven"]["problems"]}
        tiers = page.eval_on_selector_all("#findings tbody tr", "rs => rs.map(r => r.dataset.tier)")
        assert tiers[: len(problems)] == ["proven"] * len(problems)
        cards = page.eval_on_selector_all(".finding, .decided-finding, .suggestion", "cs => cs.map(c => '#' + c.id)")
        assert len(cards) == len(set(cards)) and set(links) - {"#co-occurrence", "#generated"} <= set(cards)
        # No declared phrase has more than one proven card.
        phrases = page.eval_on_selector_all(".finding[data-phrase]", "cs => cs.map(c => c.dataset.phrase)")
        assert len(phrases) == len(set(phrases)) == len(problems)
        # A link to a card inside a closed <details> opens it: the card is on screen after the click.
        suggestion_link = page.locator("#findings a[href^='#suggestion-']").last
        target = suggestion_link.get_attribute("href")
        suggestion_link.click()
        assert page.locator(target).is_visible()
        assert page.evaluate("location.hash") == target
        # The map's rule names lead to the per-rule table.
        rule_link = page.locator("#matrix tbody th a").first
        rule_link.click()
        assert page.locator(rule_link.get_attribute("href")).is_visible()
        visit.assert_quiet()
    finally:
        visit.close()


def test_readme_screenshot_of_the_top_of_the_report(browser: Any, bundled_report: tuple[Path, dict[str, Any]]) -> None:
    """The picture in the README: the first screen of the bundled example's report.

    Refresh it with FUZZROUTE_SAVE_SCREENSHOTS=1; the check here is that the
    first screen shows the overview table with its first rows.
    """
    html, _ = bundled_report
    visit = Visit(browser, html)
    try:
        page = visit.page
        first_row = page.locator("#findings tbody tr").first.bounding_box()
        assert first_row["y"] + first_row["height"] < 900, "the first finding is below the first screen"
        shot = page.screenshot(full_page=False)
        assert len(shot) > 10_000
        if os.environ.get("FUZZROUTE_SAVE_SCREENSHOTS"):
            keep = ROOT / "reports" / "screenshots"
            keep.mkdir(parents=True, exist_ok=True)
            (keep / "support-report-top.png").write_bytes(shot)
        assert re.search(r"\d+ generated, \d+ distinct judged", page.locator("header.top").inner_text())
    finally:
        visit.close()
