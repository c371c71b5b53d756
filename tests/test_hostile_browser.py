"""Right-to-left overrides, terminal escapes and right-to-left names, rendered by a real Chromium.

A rule id holding U+202E (right-to-left override) must not reorder the text
after it, its invisible characters must show as `U+XXXX` markers, a rule id
in Hebrew must be isolated (its own direction, not pulling the rule number
into its run), and escape sequences from the graph's name must appear as
markers, never as raw control characters.  The browser is found as in
test_report_browser (and a missing one fails under CI=true).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.browser import Visit

from fuzzroute.cli import main

RTL_OVERRIDE = "billing\u202eevil"
HEBREW = "\u05e9\u05dc\u05d5\u05dd"
NAME = "shop\x1b]0;pwned\x07"


@pytest.fixture(scope="module")
def hostile_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    graph = {"name": NAME, "entries": [
        {"id": "orders", "match": {"keywords": ["order", "refund"]}, "examples": ["my order"]},
        {"id": RTL_OVERRIDE, "match": {"keywords": ["refund"]}, "examples": ["refund \x1b[2J please"]},
        {"id": HEBREW, "match": {"keywords": ["invoice", "order"]}, "examples": ["invoice 42"]},
    ]}
    (folder / "g.json").write_text(json.dumps(graph), encoding="utf-8")
    result = CliRunner().invoke(main, ["report", str(folder / "g.json"), "-o", str(folder / "r.html"),
                                       "--budget", "200", "--workers", "1"])
    assert result.exit_code == 1, result.stderr  # the examples of rules 2 and 3 are shadowed by "orders"
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    return folder / "r.html"


def test_the_html_holds_no_raw_control_or_override_character(hostile_page: Path) -> None:
    html = hostile_page.read_text(encoding="utf-8")
    for char in ("\x1b", "\x07", "\u202e"):
        assert char not in html
    assert "U+202E" in html and "U+001B" in html and f'<bdi dir="ltr">#3 {HEBREW}</bdi>' in html


def test_rtl_and_escapes_render_inert_in_chromium(browser: Any, hostile_page: Path) -> None:
    visit = Visit(browser, hostile_page)
    try:
        page = visit.page
        visit.open_all_details()
        text = page.evaluate("document.body.innerText")
        for char in ("\x1b", "\x07", "\u202e"):
            assert char not in text
        assert "billingU+202Eevil" in text.replace("\n", "")
        assert "U+001B]0;pwnedU+0007" in page.evaluate("document.title") + page.locator("h1").inner_text()
        # Every marker is a visible box naming its character.
        markers = page.evaluate(
            "[...document.querySelectorAll('span.ctl')].map(s => [s.textContent, s.title, s.offsetWidth])"
        )
        assert ["U+202E", "RIGHT-TO-LEFT OVERRIDE"] in [m[:2] for m in markers]
        assert all(width > 0 for _, _, width in markers)
        # The text after the override reads left to right: "evil" is drawn right of "billing".
        order = page.evaluate("""() => {
            const marker = [...document.querySelectorAll('span.ctl')].find(s => s.textContent === 'U+202E');
            const before = marker.previousSibling, after = marker.nextSibling;
            const box = node => { const r = document.createRange(); r.selectNodeContents(node);
                                  return r.getBoundingClientRect(); };
            return [before.textContent, box(before).left, box(marker).left, after.textContent, box(after).left];
        }""")
        assert order[0].endswith("billing") and order[3].startswith("evil")
        assert order[1] < order[2] < order[4]
        # The Hebrew id is isolated (<bdi>, unicode-bidi isolate), and "#3" stays before it, never after.
        isolated = page.evaluate(f"""() => [...document.querySelectorAll('bdi')]
            .filter(b => b.textContent.includes('{HEBREW}')).map(b => getComputedStyle(b).unicodeBidi)""")
        assert isolated and all(style == "isolate" for style in isolated)
        label = page.evaluate(f"""() => {{
            const b = [...document.querySelectorAll('bdi')].find(e => e.textContent === '#3 {HEBREW}'
                                                                   && e.getClientRects().length);
            if (!b) return null;
            const text = b.firstChild, box = (start, end) => {{
                const r = document.createRange(); r.setStart(text, start); r.setEnd(text, end);
                return r.getBoundingClientRect(); }};
            return [box(0, 2).left, box(3, 7).left];
        }}""")
        assert label is not None and label[0] < label[1]  # "#3" is drawn left of the name
        visit.assert_quiet()
    finally:
        visit.close()
