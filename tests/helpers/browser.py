"""A real headless Chromium for the report's browser tests, found the way users install it.

playwright's own browser when `playwright install chromium` has put it in place, else a system
Chromium or Chrome on PATH. Without one the tests skip on a developer's machine, but fail under CI
(CI=true), where a skipped browser test would hide a broken page.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]


#: Names a system Chromium or Chrome goes by on PATH, most common first.
SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def find_chromium(playwright: Any) -> str | None:
    """Playwright's own Chromium if it is installed, else the first system browser on PATH."""
    try:
        bundled = playwright.chromium.executable_path
    except Exception:  # playwright raises when its browser registry has no entry
        bundled = None
    if bundled and Path(bundled).exists():
        return str(bundled)
    for name in SYSTEM_BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def no_browser(reason: str) -> NoReturn:
    """Skip on a developer's machine; under CI a missing browser is a failure, never a skip."""
    if under_ci():
        pytest.fail(f"{reason}; CI must run the browser tests (install chromium, see .ci/run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright import sync_api
    except ImportError:
        no_browser("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_api.sync_playwright() as playwright:
        executable = find_chromium(playwright)
        if executable is None:
            no_browser("no Chromium found: neither playwright's own nor " + "/".join(SYSTEM_BROWSERS) + " on PATH")
        launched = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
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

    def open_all_details(self) -> None:
        self.page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")

    def close_all_details(self) -> None:
        self.page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = false; })")

    def close(self) -> None:
        self.page.close()
