"""The documentation is tested like code: every sample is tagged, run or regenerated, and complete.

Every fenced block of `README.md` and `docs/` carries a tag on the line before
it (see `scripts/regenerate_docs.py`): runnable blocks run here, regenerated
blocks must equal what their command prints today (a stale one fails with the
command that refreshes it), and every command-line option must be on the
generated reference page.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import click
import pytest
import yaml

from fuzzroute.cli import main
from fuzzroute.graphfiles.jsonformat import graph_from_json

ROOT = Path(__file__).resolve().parent.parent
REFRESH = "python scripts/regenerate_docs.py"


def load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


docs = load_script("regenerate_docs")
BLOCKS = docs.all_blocks()
RUNNABLE_LANGUAGES = {"python", "json", "yaml", "toml", "sh"}


def ids(blocks: list[object]) -> list[str]:
    return [b.where for b in blocks]  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", sorted(docs.generated_pages()), ids=lambda p: p.name)
def test_the_pages_written_from_the_code_are_what_the_code_says(path: Path) -> None:
    assert path.read_text(encoding="utf-8") == docs.generated_pages()[path], (
        f"{path.relative_to(ROOT)} is stale: run `{REFRESH}` and commit the result"
    )


def test_every_fenced_block_is_tagged_with_what_happens_to_it() -> None:
    assert len(BLOCKS) > 30
    untagged = [b.where for b in BLOCKS if b.kind is None]
    assert untagged == [], "tag each block <!-- run -->, <!-- regenerated: CMD --> or <!-- not-run: REASON -->"
    assert [b.where for b in BLOCKS if b.kind == "not-run" and len(b.arg) < 10] == [], "say why it is not run"
    assert [b.where for b in BLOCKS if b.kind == "regenerated" and not b.arg] == []
    assert [b.where for b in BLOCKS if b.kind == "run" and b.lang not in RUNNABLE_LANGUAGES] == []


def test_the_block_parser_reads_tags_fences_and_indentation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "text\n<!-- run -->\n```sh\necho hi\n```\n\n- item\n\n  <!-- not-run: shown for its shape only -->\n"
        "  ```json\n  {\"a\": 1}\n  ```\n```text\nuntagged\n```\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(docs, "ROOT", tmp_path)
    found = list(docs.blocks_of(page))
    assert [(b.kind, b.lang, b.body, b.line) for b in found] == [
        ("run", "sh", "echo hi\n", 3),
        ("not-run", "json", '{"a": 1}\n', 10),
        (None, "text", "untagged\n", 13),
    ]
    assert found[1].arg == "shown for its shape only"
    assert docs.rewrite(page, {10: '{"b": 2}\n'})
    assert '  ```json\n  {"b": 2}\n  ```' in page.read_text(encoding="utf-8")


RUN_BLOCKS = [b for b in BLOCKS if b.kind == "run" and b.lang != "python"]
PYTHON_FILES = sorted({b.path for b in BLOCKS if b.kind == "run" and b.lang == "python"})


@pytest.mark.parametrize("block", RUN_BLOCKS, ids=ids(RUN_BLOCKS))
def test_runnable_block_runs(block: object) -> None:
    body, lang = block.body, block.lang  # type: ignore[attr-defined]
    if lang == "json":
        document = json.loads(body)
        if isinstance(document, dict) and "entries" in document:
            assert graph_from_json(document, block.where).entries  # type: ignore[attr-defined]
    elif lang == "yaml":
        assert yaml.safe_load(body)
    elif lang == "toml":
        assert tomllib.loads(body)
    else:
        expected = int(re.fullmatch(r"exit (\d+)", block.arg).group(1)) if block.arg else 0  # type: ignore[attr-defined, union-attr]
        script = body if expected else "set -e\n" + body
        done = docs.run_shell(script)
        assert done.returncode == expected, f"{block.where}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", PYTHON_FILES, ids=[str(p.relative_to(ROOT)) for p in PYTHON_FILES])
def test_python_blocks_of_a_page_run_in_order(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's Python blocks share one namespace (a later one may use an earlier one's graph)."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in [b for b in BLOCKS if b.path == path and b.kind == "run" and b.lang == "python"]:
        exec(compile(block.body, block.where, "exec"), namespace)  # our own documentation


REGENERATED = [b for b in BLOCKS if b.kind == "regenerated"]


@pytest.mark.parametrize("block", REGENERATED, ids=ids(REGENERATED))
def test_regenerated_block_is_what_its_command_prints_today(block: object) -> None:
    fresh = docs.regenerated_text(block)
    assert fresh == block.body, f"{block.where} is stale: run `{REFRESH}`"  # type: ignore[attr-defined]


def test_bundled_example_graphs_equal_their_twins_in_examples() -> None:
    assert docs.stale_bundled_examples() == [], f"run `{REFRESH}`"


# -- the command reference ------------------------------------------------------------------------


def every_command(group: click.Group, prefix: str = "fuzzroute") -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = [(prefix, group)]
    ctx = click.Context(group)
    # Asked as click asks (commands load on first use): `group.commands` holds only those loaded so far.
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found += every_command(command, f"{prefix} {name}")
        else:
            found.append((f"{prefix} {name}", command))
    return found


hooks = load_script("mkdocs_hooks")


def reference_markdown() -> str:
    """What the site's build hook writes for the command reference page's marker."""
    page = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    assert "<!-- generated: cli-reference -->" in page, "docs/reference/cli.md must render the commands"
    main.load_every_command()  # as the site's build hook does
    return str(hooks.cli_reference_markdown())


def test_every_command_and_option_is_on_the_reference_page() -> None:
    rendered = reference_markdown()
    # The first cell of each option row: `-o, --output FILE`, `--decide / --no-decide`.
    listed = {word.strip(",") for cell in re.findall(r"^\| <code>([^<]*)</code> \|", rendered, re.MULTILINE)
              for word in html.unescape(cell).split()}
    missing = []
    for path, command in every_command(main):
        if not re.search(rf"^#+ {re.escape(path.split()[-1])} ", rendered, re.MULTILINE):
            missing.append(path)
        for param in command.params:
            if isinstance(param, click.Option):
                missing += [f"{path} {opt}" for opt in param.opts + param.secondary_opts if opt not in listed]
    assert missing == []


def test_the_option_check_notices_an_option_the_reference_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    rendered = reference_markdown()
    assert "<code>--max-states N</code>" in rendered and "--no-such-option" not in rendered
    hidden = click.Option(["--no-such-option"], hidden=True)
    check = main.get_command(click.Context(main), "check")
    assert check is not None
    monkeypatch.setattr(check, "params", [*check.params, hidden])
    with pytest.raises(AssertionError):
        test_every_command_and_option_is_on_the_reference_page()


# -- what the repository cites ----------------------------------------------------------------------

#: Names of documents that live outside the repository (spelled in pieces so this file does not cite them).
OUTSIDE = ("ROUTING" + ".md", "REFERENCE" + "-NOTES", "../" + "shared")


def test_no_source_test_or_script_cites_a_document_outside_the_repository() -> None:
    citing = [
        f"{path.relative_to(ROOT)}: {name}"
        for folder in ("fuzzroute", "tests", "benchmarks", "scripts")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.is_file() and path.suffix in {".py", ".md", ".json", ".txt", ".toml", ".yml", ".yaml", ".j2", ".ts"}
        for name in OUTSIDE
        if name in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert citing == [], "cite docs/explanation/routing-semantics.md instead"


def test_the_routing_semantics_page_has_the_sections_the_code_cites() -> None:
    page = (ROOT / "docs" / "explanation" / "routing-semantics.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\. ?", page, flags=re.MULTILINE)
    headings += re.findall(r"^### (\d+\.\d+) ", page, flags=re.MULTILINE)
    assert {str(n) for n in range(1, 12)} <= set(headings)
    assert {"5.1", "5.2", "5.3", "6.1", "6.2"} <= set(headings)
    cited = set()
    for folder in ("fuzzroute", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for match in re.finditer(r"routing-semantics\.md,? (?:section )?(\d+(?:\.\d+)?)", text):
                cited.add(match.group(1).rstrip("."))
    assert {c.split(".")[0] for c in cited} <= set(headings)


# -- the README -----------------------------------------------------------------------------------


def test_readme_fits_on_two_screens() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250


def test_readme_links_into_the_docs_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert targets
    assert [t for t in targets if not (ROOT / t).exists()] == []


# -- the Python API the guides use ----------------------------------------------------------------


def test_every_name_a_guide_tells_users_to_call_has_an_api_entry() -> None:
    """`fuzzroute.report.write_report`, `diff_graphs(...)`: each such name is on the Python API page."""
    import fuzzroute

    entries = [(module, name) for name, module in fuzzroute._PUBLIC.items()]
    entries += [(module, name) for module, names in hooks.API_MODULES.items() for name in names]
    documented = {id(getattr(importlib.import_module(module), name)) for module, name in entries}
    modules = [importlib.import_module(module) for module in hooks.API_MODULES]
    pages = [ROOT / "README.md", *sorted((ROOT / "docs" / "how-to").glob("*.md")),
             *sorted((ROOT / "docs" / "tutorial").glob("*.md")), ROOT / "docs" / "reference" / "report-document.md"]
    undocumented = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        named = [("fuzzroute" + path, name) for path, name in
                 re.findall(r"\bfuzzroute((?:\.[a-z_]+)*)\.([A-Za-z_]\w*)\b", text)]
        named += [(loaded.__name__, name) for name in re.findall(r"`(\w+)\(", text)  # a bare call
                  for loaded in modules if hasattr(loaded, name)]
        for module, name in named:
            value = getattr(importlib.import_module(module), name, None)
            if value is None or isinstance(value, ModuleType) or name.startswith("_"):
                continue  # a module path (`fuzzroute.report`), not a name in one
            if id(value) not in documented:
                undocumented.add(f"{page.name}: {module}.{name}")
    assert undocumented == set()
