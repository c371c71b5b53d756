"""`check`, `claim` and the pytest plugin load the engine, the graph loaders and the decided tier, nothing more.

They run on every commit (pre-commit) and at every test collection, so their
cost is mostly start-up.  Each command runs here in a fresh interpreter, as
a user runs it; what it imported is read from `sys.modules` at exit.  The
third-party packages are pinned exactly; fuzzroute's own modules by layer
(and, in the report layer, module by module, since most of that layer is the
report's heavy machinery).  A flag that needs more (`--sarif`, `--junit`)
imports its writer when given, which the last test shows.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GRAPH = ROOT / "examples" / "banking.json"

#: Runs `python -m fuzzroute ARGS` and writes the names in `sys.modules` at exit to the file named first.
PROBE = r"""
import atexit, json, runpy, sys
out, args = sys.argv[1], sys.argv[2:]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["fuzzroute", *args]
runpy.run_module("fuzzroute", run_name="__main__")
"""

#: What the heavy commands (report, suggest) and generation need; never loaded by the lean ones.
HEAVY = {"hypothesis", "hypothesis_jsonschema", "numpy", "lemminflect", "jinja2", "rich", "libcst", "jsonschema",
         "exrex", "tree_sitter", "tree_sitter_typescript", "markupsafe"}
#: The third-party packages `check` and `claim` import (click runs the command line; fastjsonschema's exception
#: classes come with the compiled graph schema; pyahocorasick is the claim laws' prefilter; msgspec defines the
#: findings records the laws answer with, and loads typing_extensions when it is installed).
LEAN_PACKAGES = {"click", "fastjsonschema", "ahocorasick", "msgspec", "typing_extensions"}
#: The modules of the report layer a lean command may load: output paths and atomic writes, the exit policy, the
#: one-line finding format, and the text and JSON of decided items.
LEAN_REPORT_MODULES = {
    "fuzzroute.report", "fuzzroute.report.persistence", "fuzzroute.report.persistence.paths",
    "fuzzroute.report.persistence.atomic", "fuzzroute.report.assembly", "fuzzroute.report.assembly.fail_on_findings",
    "fuzzroute.report.assembly.check_run", "fuzzroute.report.render", "fuzzroute.report.render.lines",
    "fuzzroute.report.render.decided_text", "fuzzroute.report.render.check_text",
    "fuzzroute.report.render.check_outputs", "fuzzroute.report.render.check_json",
}
#: Of the findings model, a lean command may load the proven tier's records, the decided tier's records (it
#: builds them), the laws' claims (and the record base under them), check's typed listing lines and the JSON
#: helper that keeps graph text inert, check's document, the catalogue of finding kinds and which kinds
#: `fuzzroute fix` has an edit for; never the report document.
LEAN_RESULTS_MODULES = {
    "fuzzroute.results", "fuzzroute.results.jsonform", "fuzzroute.results.claims", "fuzzroute.results.proven_records",
    "fuzzroute.results.decided_records", "fuzzroute.results.record", "fuzzroute.results.check_document",
    "fuzzroute.results.rows", "fuzzroute.results.finding_kinds", "fuzzroute.results.fix_kinds",
}


def bare_modules() -> set[str]:
    """What this interpreter loads before running anything (site hooks such as an editable install's finder)."""
    shown = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
                           capture_output=True, text=True, check=True)
    return set(json.loads(shown.stdout))


def modules_of(tmp_path: Path, *args: str) -> tuple[set[str], set[str], set[str]]:
    """Run `fuzzroute ARGS` in a fresh interpreter: its third-party top-level packages, fuzzroute's layers, and
    fuzzroute's modules."""
    out = tmp_path / "modules.json"
    policy = ("--fail-on", "proven") if args[0] == "check" else ()
    done = subprocess.run([sys.executable, "-c", PROBE, str(out), *args, *policy],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr  # the bundled banking graph has no proven error
    loaded = set(json.loads(out.read_text("utf-8"))) - bare_modules()
    tops = {name.split(".")[0] for name in loaded} - set(sys.stdlib_module_names) - {"__main__", "__mp_main__"}
    ours = {name for name in loaded if name.startswith("fuzzroute.")}
    layers = {name.split(".")[1] for name in ours}
    return tops - {"fuzzroute"}, layers, ours


@pytest.mark.parametrize(
    ("args", "layers"),
    [
        (("check", str(GRAPH)), {"cli", "engine", "graphfiles", "report"}),
        (("check", str(GRAPH), "--format", "json"), {"cli", "engine", "graphfiles", "report"}),
        (("check", str(GRAPH), "--decide"), {"cli", "engine", "graphfiles", "report", "decided"}),
        (("check", str(GRAPH), "--decide", "--format", "json"), {"cli", "engine", "graphfiles", "report", "decided"}),
        (("claim", str(GRAPH), "send 20 dollars to my savings"), {"cli", "engine", "graphfiles"}),
    ],
    ids=["check", "check-json", "check-decide", "check-decide-json", "claim"],
)
def test_a_lean_command_imports_the_engine_loaders_and_decided_tier_only(
    tmp_path: Path, args: tuple[str, ...], layers: set[str]
) -> None:
    tops, found_layers, ours = modules_of(tmp_path, *args)
    assert tops == LEAN_PACKAGES
    assert not tops & HEAVY
    # Deciding is allowed to any lean command (`check` decides by default once it does); nothing else is.
    assert layers <= found_layers <= layers | {"decided", "results"}
    assert {m for m in ours if m.startswith("fuzzroute.report")} <= LEAN_REPORT_MODULES
    assert {m for m in ours if m.startswith("fuzzroute.results")} <= LEAN_RESULTS_MODULES
    assert not {m for m in ours if m.startswith("fuzzroute.jsregex")}  # a Python-dialect graph


def test_the_sarif_and_junit_writers_load_only_when_asked_for(tmp_path: Path) -> None:
    _tops, _layers, plain = modules_of(tmp_path, "check", str(GRAPH))
    _tops, _layers, written = modules_of(tmp_path, "check", str(GRAPH), "--sarif", str(tmp_path / "c.sarif"),
                                         "--junit", str(tmp_path / "c.xml"))
    assert (tmp_path / "c.sarif").is_file() and (tmp_path / "c.xml").is_file()
    writers = {"fuzzroute.report.render.sarif", "fuzzroute.report.render.junit"}
    assert not writers & plain
    assert writers <= written


@pytest.mark.parametrize("fail_on", ["proven", "decided"])
def test_the_pytest_plugin_collects_and_runs_rows_on_the_lean_path(tmp_path: Path, fail_on: str) -> None:
    """At collection and run the plugin loads the graph, the proven rows and (by default) the decided tier;
    generation only when exploring."""
    (tmp_path / "graph.json").write_text(GRAPH.read_text("utf-8"), "utf-8")
    (tmp_path / "conftest.py").write_text(
        "import json, sys\n"
        "def pytest_sessionfinish(session):\n"
        "    with open('modules.json', 'w') as out:\n"
        "        json.dump(sorted(sys.modules), out)\n",
        "utf-8",
    )
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--fuzzroute", "graph.json",
                           "--fuzzroute-fail-on", fail_on], cwd=tmp_path, capture_output=True, text=True, check=False)
    # proven: warnings only, every row passes; decided: lost-card and credit-line never win, two items fail
    assert done.returncode == (0 if fail_on == "proven" else 1), done.stdout + done.stderr
    assert " passed" in done.stdout and (fail_on == "proven" or "2 failed" in done.stdout), done.stdout
    loaded = set(json.loads((tmp_path / "modules.json").read_text("utf-8")))
    ours = {name for name in loaded if name.startswith("fuzzroute.")}
    expected_layers = {"engine", "graphfiles", "integrations", "report"}
    # The decided tier is part of the lean path (its verdicts name the plugin's decided items).
    assert expected_layers <= {name.split(".")[1] for name in ours} <= expected_layers | {"decided", "results"}
    assert {m for m in ours if m.startswith("fuzzroute.report")} <= {
        "fuzzroute.report", "fuzzroute.report.assembly", "fuzzroute.report.assembly.proven_rows",
        "fuzzroute.report.assembly.check_run", "fuzzroute.report.render", "fuzzroute.report.render.junit",
        "fuzzroute.report.render.lines", "fuzzroute.report.render.decided_text",
        "fuzzroute.report.render.check_outputs",
    }
    assert {m for m in ours if m.startswith("fuzzroute.results")} <= LEAN_RESULTS_MODULES
    assert not {name.split(".")[0] for name in loaded} & HEAVY
