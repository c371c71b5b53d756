"""Regenerate every "regenerated from a real run" part of the docs and the README.

    python scripts/regenerate_docs.py            # rewrite the blocks, the bundled examples, the screenshots
    python scripts/regenerate_docs.py --check    # list stale blocks and bundled examples, exit 1 if any
    python scripts/regenerate_docs.py --no-screenshots

Every fenced block in `README.md` and `docs/**/*.md` carries a tag on the line
just before it (an HTML comment, invisible on the rendered page):

- `<!-- run -->` (or `<!-- run: exit N -->` for a shell block expected to exit N):
  the test suite runs it (Python is executed, a JSON graph loads, YAML and TOML
  parse, a shell block runs in a scratch copy of `examples/`);
- `<!-- regenerated: COMMAND -->`: the block is the standard output of the shell
  COMMAND, run from a scratch folder holding a copy of `examples/`; this script
  writes it, and the test suite fails when it is stale;
- `<!-- not-run: REASON -->`: shown but not run, for the reason given.

Some pages are written from the code itself, so they cannot drift from it:
`docs/reference/finding-kinds.md` from the catalogue of finding kinds
(`fuzzroute/results/finding_kinds.py`), and the part of
`docs/contributing/code-organisation.md` between its `written from the code` markers
from the layer rules `tests/test_architecture.py` enforces.

The script also copies the example graphs the package ships (`fuzzroute/examples/`,
for `fuzzroute example`) from `examples/` where they have a twin there, and takes
the report screenshots with a headless Chromium (playwright's own, else a
system Chromium on PATH, found as the browser tests find it).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAG = re.compile(r"^\s*<!-- (?P<kind>run|regenerated|not-run)(?::\s*(?P<arg>.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<ticks>```+)(?P<lang>[\w+-]*)\s*$")
#: Bundled example graphs with a twin in examples/ (the package's copy must equal it).
BUNDLED_TWINS = ("banking.json", "support.ts")
SCREENSHOT = ROOT / "docs" / "assets" / "screenshots" / "report-top.png"
SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


@dataclass(frozen=True)
class Block:
    """One fenced block of a Markdown file and the tag that says what happens to it."""

    path: Path
    line: int  # 1-based line of the opening fence
    kind: str | None  # run, regenerated, not-run, or None when untagged
    arg: str
    lang: str
    indent: str
    body: str  # the text between the fences, indentation removed
    start: int  # 0-based index of the first body line
    end: int  # 0-based index of the closing fence

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks_of(path: Path) -> Iterator[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, ticks = opening.group("indent"), opening.group("ticks")
        close = next(
            (j for j in range(index + 1, len(lines)) if lines[j].strip() == ticks and lines[j].startswith(indent)),
            None,
        )
        if close is None:
            raise ValueError(f"{path}:{index + 1}: a fenced block that never closes")
        tag = TAG.match(lines[index - 1]) if index else None
        body = "\n".join(line[len(indent):] for line in lines[index + 1:close])
        yield Block(
            path=path,
            line=index + 1,
            kind=tag.group("kind") if tag else None,
            arg=(tag.group("arg") or "") if tag else "",
            lang=opening.group("lang"),
            indent=indent,
            body=body + "\n" if body else "",
            start=index + 1,
            end=close,
        )
        index = close + 1


def all_blocks() -> list[Block]:
    return [block for path in markdown_files() for block in blocks_of(path)]


# -- running ------------------------------------------------------------------------------------


def scratch_folder() -> Path:
    """A fresh folder holding a copy of examples/, so commands may write reports or patch files."""
    folder = Path(tempfile.mkdtemp(prefix="fuzzroute-docs-"))
    shutil.copytree(ROOT / "examples", folder / "examples")
    return folder


def command_environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update({"NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100", "PYTHONHASHSEED": "0"})
    env.pop("CI", None)
    return env


def run_shell(script: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    folder = scratch_folder()
    try:
        return subprocess.run(
            ["bash", "-c", script], cwd=folder, env=command_environment(), capture_output=True, text=True,
            timeout=timeout,
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def regenerated_text(block: Block) -> str:
    done = run_shell(block.arg)
    if not done.stdout.strip():
        raise RuntimeError(f"{block.where}: `{block.arg}` printed nothing on stdout:\n{done.stderr}")
    return done.stdout if done.stdout.endswith("\n") else done.stdout + "\n"


def rewrite(path: Path, fresh: dict[int, str]) -> bool:
    """Put each block's fresh body (keyed by opening line) in place; True when the file changed."""
    blocks = {b.line: b for b in blocks_of(path)}
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in sorted(fresh, reverse=True):
        block = blocks[line]
        body = [block.indent + text if text else text for text in fresh[line].rstrip("\n").split("\n")]
        lines[block.start:block.end] = body
    new = "\n".join(lines) + "\n"
    changed = new != path.read_text(encoding="utf-8")
    if changed:
        path.write_text(new, encoding="utf-8")
    return changed


# -- pages written from the code ---------------------------------------------------------------


GENERATED_PART = re.compile(
    r"(?P<start><!-- written from the code: (?P<name>[\w-]+) -->\n)(?P<body>.*?)"
    r"(?P<end><!-- end written from the code: (?P=name) -->)",
    re.S,
)


def with_parts(text: str, parts: dict[str, str]) -> str:
    """`text` with the body between each `written from the code: NAME` marker pair replaced by `parts[NAME]`."""
    found = {match.group("name") for match in GENERATED_PART.finditer(text)}
    if found != set(parts):
        raise ValueError(f"generated parts {sorted(found)} in the page, {sorted(parts)} to write")
    return GENERATED_PART.sub(lambda m: m.group("start") + parts[m.group("name")] + m.group("end"), text)


def layer_table() -> str:
    """The table of layers, from the rules tests/test_architecture.py enforces."""
    spec = importlib.util.spec_from_file_location("architecture_rules", ROOT / "tests" / "test_architecture.py")
    assert spec is not None and spec.loader is not None
    rules = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rules)
    table: str = rules.layer_table()
    return table


def generated_pages() -> dict[Path, str]:
    """Each page written (in whole or in part) from the code, and its text as the code has it now."""
    from fuzzroute.results.finding_kinds import finding_kinds_page

    organisation = ROOT / "docs" / "contributing" / "code-organisation.md"
    return {
        ROOT / "docs" / "reference" / "finding-kinds.md": finding_kinds_page(),
        organisation: with_parts(organisation.read_text(encoding="utf-8"), {"layers": layer_table()}),
    }


def stale_pages() -> list[Path]:
    return [path for path, text in generated_pages().items() if path.read_text(encoding="utf-8") != text]


def write_generated_pages() -> None:
    for path in stale_pages():
        path.write_text(generated_pages()[path], encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: written from the code")


# -- bundled examples ---------------------------------------------------------------------------


def stale_bundled_examples() -> list[str]:
    return [
        name for name in BUNDLED_TWINS
        if (ROOT / "examples" / name).read_bytes() != (ROOT / "fuzzroute" / "examples" / name).read_bytes()
    ]


def copy_bundled_examples() -> None:
    for name in stale_bundled_examples():
        shutil.copyfile(ROOT / "examples" / name, ROOT / "fuzzroute" / "examples" / name)
        print(f"fuzzroute/examples/{name}: copied from examples/")


# -- screenshots --------------------------------------------------------------------------------


def find_chromium(playwright: object) -> str | None:
    try:
        bundled = playwright.chromium.executable_path  # type: ignore[attr-defined]
    except Exception:  # playwright raises when its browser registry has no entry
        bundled = None
    if bundled and Path(bundled).exists():
        return str(bundled)
    return next((found for name in SYSTEM_BROWSERS if (found := shutil.which(name))), None)


def take_screenshots() -> None:
    """The first screen of the bundled example's report, 1280 px wide, as a reader opens it."""
    from playwright.sync_api import sync_playwright

    folder = scratch_folder()
    try:
        done = subprocess.run(
            ["fuzzroute", "report", "examples/support.py", "-q", "--workers", "1", "-o", "report.html"],
            cwd=folder, env=command_environment(), capture_output=True, text=True,
        )
        if done.returncode not in (0, 1):
            raise RuntimeError(f"fuzzroute report failed:\n{done.stderr}")
        with sync_playwright() as playwright:
            executable = find_chromium(playwright)
            if executable is None:
                raise RuntimeError("no Chromium found: install one (`apt-get install chromium`) or run with "
                                   "--no-screenshots")
            browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto((folder / "report.html").resolve().as_uri(), wait_until="load")
                SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOT), full_page=False)
            finally:
                browser.close()
        print(f"{SCREENSHOT.relative_to(ROOT)}: taken")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="report stale parts, change nothing (exit 1 if any)")
    parser.add_argument("--no-screenshots", action="store_true", help="leave the screenshots as they are")
    options = parser.parse_args()

    stale: list[str] = []
    by_file: dict[Path, dict[int, str]] = {}
    for block in all_blocks():
        if block.kind != "regenerated":
            continue
        fresh = regenerated_text(block)
        if fresh != block.body:
            stale.append(block.where)
            by_file.setdefault(block.path, {})[block.line] = fresh
    stale += [f"fuzzroute/examples/{name}" for name in stale_bundled_examples()]
    stale += [str(path.relative_to(ROOT)) for path in stale_pages()]
    if options.check:
        for where in stale:
            print(f"stale: {where}")
        return 1 if stale else 0
    for path, blocks in by_file.items():
        if rewrite(path, blocks):
            print(f"{path.relative_to(ROOT)}: {len(blocks)} block(s) regenerated")
    copy_bundled_examples()
    write_generated_pages()
    if not options.no_screenshots:
        take_screenshots()
    return 0


if __name__ == "__main__":
    sys.exit(main())
