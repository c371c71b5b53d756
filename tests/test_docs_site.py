"""The documentation site as a reader gets it: built once with mkdocs, then read as files.

The command reference must show what `--help` shows (real defaults and
metavars, the exit codes), every name the guides tell a user to call must
have an API entry, and the site must work opened from `file://`: every link
is to a file (no directory-style URL, which a browser shows as a listing),
and search has its index in a script (a browser refuses to fetch a file's
JSON from `file://`).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urlsplit

import click
import pytest

import fuzzroute
from fuzzroute.cli import main

ROOT = Path(__file__).resolve().parent.parent


def built_from_these_sources(folder: Path) -> bool:
    """Whether `folder` holds a site built after every source it is built from last changed.

    `.ci/run` builds the site (`mkdocs build --strict`) just before the tests run, so they read that build
    instead of making another; anywhere else a site older than a page, the code or the build hook is stale.
    """
    marker = folder / "reference" / "cli.html"
    if not marker.is_file():
        return False
    sources = [ROOT / "mkdocs.yml", ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "action.yml",
               *(ROOT / "scripts").glob("*.py"), *(ROOT / "docs").rglob("*"), *(ROOT / "fuzzroute").rglob("*.py")]
    newest = max(path.stat().st_mtime for path in sources if path.is_file())
    return marker.stat().st_mtime > newest


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if built_from_these_sources(ROOT / "site"):
        return ROOT / "site"
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT, capture_output=True, text=True, check=False, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def text_of(page: Path) -> str:
    """A page's text as a reader sees it: tags removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_the_command_reference_shows_real_defaults_metavars_and_exit_codes(site: Path) -> None:
    page = text_of(site / "reference" / "cli.html")
    assert "Sentinel" not in page and "UNSET" not in page
    assert "reports/{name}.html" in page and "reports/.html" not in page  # no placeholder read as a tag
    for shown in ("--fail-on proven|decided|new|never", "decided; proven with --no-decide", "--budget N|30s|2m",
                  "2000 phrases", "--db [DIR]", "--workers N", "-o, --output FILE", "--condition-limit DURATION",
                  "Usage: fuzzroute report [OPTIONS] [GRAPH]", "--config FILE", "--isolated"):
        assert shown in page, shown
    context = click.Context(main)
    with_epilog = [n for n in main.list_commands(context) if (c := main.get_command(context, n)) and c.epilog]
    assert page.count("Exit codes:") >= len(with_epilog) >= 6
    assert "--fail-on decided (the default)" in page


def test_every_link_of_the_site_opens_a_file(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30
    broken = []
    for page in pages:
        if page.name == "404.html":
            continue  # served only, from the site's root: its links are absolute on purpose
        for target in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            parts = urlsplit(target)
            if parts.scheme or target.startswith(("#", "//", "mailto:")):
                continue
            path = unquote(parts.path)
            resolved = (page.parent / path).resolve() if path else page
            if path.endswith("/") or not resolved.is_file():
                broken.append(f"{page.relative_to(site)}: {target}")
    assert broken == []
    assert (site / "search" / "search_index.js").is_file()  # search from file:// (the offline plugin)


def test_every_name_the_guides_call_has_an_api_entry(site: Path) -> None:
    page = (site / "reference" / "python-api.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="(fuzzroute\.[\w.]+)"', page))
    hooks = load_hooks()
    wanted = [(module, name) for name, module in fuzzroute._PUBLIC.items()]
    wanted += [(module, name) for module, names in hooks.API_MODULES.items() for name in names]
    missing = [f"{module}.{name}" for module, name in wanted if hooks.identifier(module, name) not in ids]
    assert missing == []


def load_hooks() -> ModuleType:
    import importlib.util

    spec = importlib.util.spec_from_file_location("mkdocs_hooks_for_site", ROOT / "scripts" / "mkdocs_hooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_page_names_a_repository_the_project_does_not_have(site: Path) -> None:
    sources = [ROOT / "mkdocs.yml", ROOT / "action.yml", ROOT / "README.md", ROOT / ".pre-commit-hooks.yaml",
               *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "examples").rglob("*.yml"))]
    built = sorted(site.rglob("*.html"))
    for path in [*sources, *built]:
        text = path.read_text(encoding="utf-8")
        assert "OWNER" not in text, path
        assert not re.search(r"github\.com/[^/\s\"']+/fuzzroute", text), path
        assert "rev: v0.1.0" not in text and "@v0.1.0" not in text, path
