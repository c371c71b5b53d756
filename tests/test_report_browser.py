"""The report in a real headless Chromium, opened from file:// as a reader would.

Checks what only a browser can: the page loads with no console error and no
request beyond its own file, both halves and both boundaries are visible,
hostile phrases show as text and run nothing, and the rendered numbers are
the JSON's.  Screenshots go to the test's tmp dir, and to reports/screenshots/
as well when FUZZROUTE_SAVE_SCREENSHOTS is set.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_report_fixtures import (
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
from fuzzroute.report import build_document, render_html, write_atomically, write_report
from fuzzroute.report.run import empty_exploration

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parent.parent
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed at /usr/bin/chromium")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Visit:
    """One page load, with every console message, dialog and request recorded."""

    def __init__(self, browser: Any, path: Path, width: int = 1280) -> None:
        self.console: list[tuple[str, str]] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page_errors: list[str] = []
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.page.on("console", lambda m: self.console.append((m.type, m.text)))
        self.page.on("dialog", self._dialog)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url, wait_until="load")

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def assert_quiet(self) -> None:
        assert [m for m in self.console if m[0] in ("error", "warning")] == []
        assert self.page_errors == [] and self.dialogs == []
        assert self.requests == [self.url]

    def screenshot(self, directory: Path, name: str) -> Path:
        shot = directory / f"{name}.png"
        self.page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        if os.environ.get("FUZZROUTE_SAVE_SCREENSHOTS"):
            keep = ROOT / "reports" / "screenshots"
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, keep / shot.name)
        return shot

    def close(self) -> None:
        self.page.close()


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
        assert page.locator(".finding").count() == len(document["proven"]["problems"])
        assert page.locator("tr[data-rule]").count() == len(document["rules"])
    finally:
        visit.close()


def test_empty_report_states_both_boundaries(browser: Any, tmp_path: Path) -> None:
    graph = Graph("bare").entry("billing", match=keywords("refund")).entry("fallback")
    doc = build_document(graph, graph.checkup(), empty_exploration(0, None, 1.0, partial=False), now=NOW)
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
    doc = build_document(graph, graph.checkup(), wide_exploration(graph, suggestions=300), now=NOW)
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
    import importlib

    from fuzzroute.loader import load_graph

    example = ROOT / "examples" / "support.py"
    if not example.exists() or getattr(importlib.import_module("fuzzroute.generate"), "explore", None) is None:
        pytest.skip("needs examples/support.py and the generation engine")
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
            assert "What it means:" in group.locator(".kind-help").inner_text()
        visit.screenshot(tmp_path, "support-report")
        visit.assert_quiet()
    finally:
        visit.close()
