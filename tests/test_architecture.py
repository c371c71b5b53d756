"""The package's layers import one way: no cycle, no layer reaching above itself, no hidden imports.

The rules are written here once, for contributors: `LAYERS` (who may import
whom), `LAZY_ONLY`, `INNER_RULES`, `REPORT_PARTS`, `FRONT_ENDS` and each
layer's job (`LAYER_JOBS`).  The table of docs/contributing/code-organisation.md
is written from them (`layer_table`, by scripts/regenerate_docs.py), and
tests/test_docs.py fails while the page differs.

Read with `ast` (nothing is executed) for the layer rules: a layer may import
the layers listed below it in `LAYERS` and itself, and inside a layer a part
listed in `INNER_RULES` may import only what its rule names; the engine
imports none of the others, so no generated or decided finding can change a
proven verdict.  Imports inside functions count too; relative imports are
resolved from the importing module's own package (an `__init__` is its own
package); `importlib.import_module`/`__import__` of anything but a constant
is refused outside the one lazy loader of the public API, whose table is
checked like an import.  Because an `ast` scan cannot see the order in which
a cycle through a package `__init__` bites, every module is also imported
first, alone, in a fresh interpreter.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import fuzzroute

PACKAGE = Path(fuzzroute.__file__).parent

#: Each layer and the layers it may import (besides itself).
LAYERS: dict[str, frozenset[str]] = {
    # The findings model: records every layer builds or reads; it imports nothing else of fuzzroute.
    "results": frozenset(),
    # The engine builds findings records (the laws' claims), so it may import the model and nothing else.
    "engine": frozenset({"results"}),
    "graphfiles": frozenset({"engine", "jsregex", "jsrun"}),
    # The V8 sandbox that runs JavaScript `when` predicates, in a helper process of its own.
    "jsrun": frozenset({"engine"}),
    # The JavaScript regex dialect: translated into the engine's own regexes when a rule is built.
    "jsregex": frozenset({"engine"}),
    "decided": frozenset({"engine", "results"}),
    "strategies": frozenset({"engine"}),
    "generate": frozenset({"engine", "strategies", "results", "decided"}),
    "report": frozenset({"engine", "graphfiles", "decided", "results", "generate"}),
    "authoring": frozenset({"engine", "graphfiles", "results", "generate", "report"}),
    # Two versions of a graph: the automata over both, samples of what they leave undecided, the rows' verdicts.
    "diff": frozenset({"engine", "graphfiles", "decided", "results", "generate", "report"}),
    # `fuzzroute fix`: candidate edits, proved on the graph before and after as `diff` compares two versions.
    "fix": frozenset(
        {"engine", "graphfiles", "decided", "strategies", "results", "generate", "report", "authoring", "diff"}
    ),
    "cli": frozenset(
        {"engine", "graphfiles", "decided", "results", "generate", "report", "authoring", "diff", "fix", "root"}
    ),
    # Test-runner plugins (pytest): what the command line may use, loaded only when asked for.
    "integrations": frozenset(
        {"engine", "graphfiles", "decided", "results", "generate", "report", "authoring", "diff", "fix", "root"}
    ),
    # The root: the lazy public API (`__init__`), `python -m fuzzroute`, and the documented `fuzzroute.location`.
    "root": frozenset({"engine", "graphfiles", "decided", "generate", "cli"}),
}
ROOT_MODULES = {"__init__.py", "__main__.py", "location.py"}
#: Layers a layer may import only inside a function (or for type checkers), never when its module loads:
#: the engine loads the JavaScript dialect only in the function that builds a JavaScript regex.
LAZY_ONLY: dict[str, frozenset[str]] = {"engine": frozenset({"jsregex"})}

#: What each layer is for: the table of docs/contributing/code-organisation.md is written from these rows and
#: the rules above (`layer_table`, run by scripts/regenerate_docs.py; a test fails while the page is stale).
LAYER_JOBS: dict[str, str] = {
    "results": (
        "the typed results every layer builds or reads: what generation returns (`suggestions`), the report "
        "document (`document`), its JSON form in both directions (`jsonform`), the one catalogue per kind of "
        "finding (`finding_kinds`: decided kinds, suggestion kinds, problem codes and notes, each with what every "
        "output says of it), what `check` writes (`check_document`), the diff of two versions (`diff_document`), "
        "the one order of suggestions (`ordering`), what the writers lay out beside the report and never write into "
        "its JSON (`presentation`) and the rows of declared phrases (`rows`); the published schemas are generated "
        "from these records (`schemas`)"
    ),
    "engine": (
        "graphs, entries, matchers (every kind answers `DataMatcherKind`; per-kind behaviour is a `match` ending in "
        "`assert_never`), the two claim laws (with the one literal prefilter, `literal_prefilter` + `literals`), the "
        "proven checks, the JSON format's TypedDicts (`graph_document`); `regex_syntax` is the only module that "
        "reads Python's private regex parser; `automata/`, the one automaton engine (regexes and keyword lists as "
        "exact automata over one alphabet of character classes): the laws run a regex `re` could backtrack on "
        "through it in linear time, and the decided tier asks it its questions; every call into a graph's own "
        "code goes through `graph_code` (what that code did to the process: `process_state`; whose signal it "
        "was: `signal_origin`; the watched process: `supervision`)"
    ),
    "graphfiles": (
        "reading graph files: the `.py` loader, the JSON format (its schema generated from the engine's TypedDicts "
        "by `graph_schema`, compiled to `graph_validator`), TypeScript and JavaScript graphs (`typescript`, and "
        "`ts_predicates`: a `when` made runnable from the same tree, its types blanked), where each rule is declared"
    ),
    "jsrun": (
        "the V8 sandbox of TypeScript and JavaScript `when` predicates: `host.py`, a script run as a helper process "
        "(it imports nothing of fuzzroute, and no fuzzroute process ever loads V8, so forking stays safe), "
        "`client` (this process's helper, its time limits and what it answered), `predicate` (a predicate as the "
        "laws call it)"
    ),
    "jsregex": (
        "the JavaScript regex dialect: a JavaScript regex parsed by ECMAScript's grammar (`syntax`), over V8's "
        "Unicode tables (`charsets`, `data/js_unicode.json`), translated into a Python regex that matches as V8 "
        "does (`translation`); the engine imports it only inside the function that builds a JavaScript regex, so "
        "a Python graph never loads it"
    ),
    "decided": (
        "the decided tier, run by `tier.decide`: each data rule's automata (`languages`, built by "
        "`engine/automata`, on every core by `build_pool`), per-rule facts (`facts`; `ends`: how anchored rules' "
        "messages begin and end, and how long they can be; `word_index`: the words each rule needs, with their "
        "edges) and the sets of pairs they settle in bulk (`pair_sets`), the questions (`questions`: shared text, "
        "co-occurrence, never-wins, `untaken` for a rule that can win; `redos`), bounded in counted work and "
        "answered on every core (`pool`), each witness re-verified (`verify`), the build policy (`verdict`)"
    ),
    "strategies": (
        "phrase generators, each also a hypothesis strategy; the role of a word in a message (`roles`), which "
        "inflections and rewordings follow"
    ),
    "generate": (
        "exploration: work units, budgets, workers, grouping of findings, witnesses ranked by how naturally they "
        "read (`naturalness`)"
    ),
    "report": (
        "three parts, importing one way: `assembly/` builds the findings model (`build`: the one pipeline from the "
        "tiers' findings to a `Report`; `check_run`: `check`'s one `CheckDocument`; `merge`; `pipeline`: "
        "`write_report`), `persistence/` keeps it on disk (the `--db` ledger, atomic writes, baselines, output "
        "paths) and reads only the model, `render/` lays it out (one module per format, `check`'s outputs listed in "
        "`check_outputs`, the diff's writers, the HTML templates) and reads only the model; `fuzzroute.report` is "
        "the door every front end goes through"
    ),
    "authoring": (
        "`suggest`: picking examples worth declaring; editing the graph's source (examples, and the rule edits "
        "`fix` makes: `rule_edits` in memory, `python_rules`, `json_rules`, `ts_rules` in each form, proved by "
        "loading the result again in `rule_source`)"
    ),
    "diff": "`fuzzroute diff`: two versions of a graph, the automata over both, samples where they leave a pair "
            "undecided, the declared rows' verdicts",
    "fix": "`fuzzroute fix`: the findings it works on (`gaps`, `near_miss_gaps`), candidate edits (`candidates`, "
           "`variant_fixes`, `regex_text`), each proved on the graph before and after (`prove`, over `diff`'s "
           "automata, with the set of messages it may move from `allowed`), made one by one (`fixing`), and its "
           "document (`fix_document`, `fix_schema`)",
    "cli": "one module per command over the Python API, shared options in `options`, the group and bad-input "
           "handling in `app`",
    "integrations": "the pytest plugin, loaded only when asked for",
    "root": "the public API (`__init__`, which loads each name on first use so `import fuzzroute` stays cheap), "
            "`python -m fuzzroute` and the documented `fuzzroute.location`",
}


def layer_table() -> str:
    """The table of layers of docs/contributing/code-organisation.md, from `LAYERS`, `LAZY_ONLY` and `LAYER_JOBS`."""
    order = list(LAYERS)

    def imports(layer: str) -> str:
        allowed = [other for other in order if other in LAYERS[layer]]
        lazy = [f"`{other}` (only inside a function)" for other in order if other in LAZY_ONLY.get(layer, ())]
        names = [f"`{name}`" if name != "root" else "the root" for name in allowed]
        shown = ", ".join([*names, *lazy])
        return shown or "nothing else of fuzzroute"

    def folder(layer: str) -> str:
        return "the package root" if layer == "root" else f"`fuzzroute/{layer}/`"

    rows = [f"| {folder(layer)} | {LAYER_JOBS[layer]} | {imports(layer)} |" for layer in order]
    parts = "; ".join(
        f"`{part.rsplit('.', 1)[1]}` may import " + ", ".join(f"`{a.removeprefix('fuzzroute.')}`" for a in allowed)
        for part, allowed in REPORT_PARTS.items()
    )
    fronts = ", ".join(f"`{front.removeprefix('fuzzroute.')}`" for front in FRONT_ENDS)
    return "\n".join([
        "| folder | job | may import |", "|---|---|---|", *rows, "",
        f"Inside `report`, each part keeps its own rule: {parts}. The front ends ({fronts}) import the report "
        f"through `{REPORT_API}` (and the files `report.persistence` keeps), never its assembly or its writers.",
    ]) + "\n"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in {"__main__", "location"}:
        return "root"
    return parts[1]


#: Marks an `import_module(x)`/`__import__(x)` whose target is not a constant: no scan can follow it.
DYNAMIC = "importlib:<dynamic>"


def imported_modules(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Every module a source file imports (relative imports resolved), plus importlib targets.

    `from . import x` names both the package and `package.x` (x may be a
    module or a name); the caller keeps the longest one that exists.
    """
    package = module if is_package or "." not in module else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
            else:
                found.add(node.module or "")
                found.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in {"import_module", "__import__"}:
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add("importlib:" + first.value)
                else:
                    found.add(DYNAMIC)
    return found


def imports_of(path: Path) -> set[str]:
    """`imported_modules` of one file of the package, the public API's lazy table included."""
    name = module_name(path)
    found = imported_modules(path.read_text("utf-8"), name, is_package=path.name == "__init__.py")
    if name == "fuzzroute":
        # The root's lazy loader imports by name from a constant table: those names are its imports.
        found.discard(DYNAMIC)
        found.update(fuzzroute._PUBLIC.values())
    return found


def existing_module(target: str, names: set[str]) -> str | None:
    """The longest prefix of `target` that is a module of the package (`from x.y import name` names x.y)."""
    while target and target not in names:
        target = target.rsplit(".", 1)[0] if "." in target else ""
    return target or None


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in modules():
        edges[module_name(path)] = {m for m in imports_of(path) if m.startswith("fuzzroute")}
    return edges


def module_names() -> set[str]:
    return {module_name(path) for path in modules()}


def module_level_imports(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """`imported_modules` of what runs when the module loads: no function body, no `if TYPE_CHECKING:` block."""
    kept: list[ast.stmt] = []

    def collect(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(statement, ast.If) and ast.unparse(statement.test) in {"TYPE_CHECKING",
                                                                                 "typing.TYPE_CHECKING"}:
                collect(statement.orelse)
            elif isinstance(statement, ast.ClassDef):
                collect(statement.body)
            else:
                kept.append(statement)

    collect(ast.parse(source).body)
    return imported_modules(ast.unparse(ast.Module(body=kept, type_ignores=[])), module, is_package=is_package)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_own_layer_and_those_below(path: Path) -> None:
    name = module_name(path)
    layer = layer_of(name)
    assert layer in LAYERS, f"{name} is in no known layer; add its folder to LAYERS"
    allowed = LAYERS[layer] | {layer}
    names = module_names()
    eager = module_level_imports(path.read_text("utf-8"), name, is_package=path.name == "__init__.py")
    for target in imports_of(path):
        if target.startswith("fuzzroute"):
            real = existing_module(target, names)
            assert real is not None, f"{name} imports {target}, which is no module of the package"
            if layer_of(real) in LAZY_ONLY.get(layer, frozenset()):
                assert target not in eager, f"{name} imports {target} when it loads; import it where it is used"
                continue
            assert layer_of(real) in allowed, f"{name} imports {target}, a layer above or beside it"


def test_an_import_the_engine_may_make_only_lazily_is_told_from_one_made_when_it_loads() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from fuzzroute.jsregex.translation import JsTranslation\n"
        "def build():\n    from fuzzroute.jsregex.translation import translate\n"
        "class Rule:\n    def witness(self):\n        from fuzzroute.jsregex.translation import from_units\n"
    )
    assert module_level_imports(source, "fuzzroute.engine.matchers") == {"typing", "typing.TYPE_CHECKING"}
    eager = source + "from fuzzroute.jsregex.charsets import ALL\n"
    assert "fuzzroute.jsregex.charsets" in module_level_imports(eager, "fuzzroute.engine.matchers")
    in_class = source + "class Late:\n    from fuzzroute.jsregex import syntax\n"
    assert "fuzzroute.jsregex.syntax" in module_level_imports(in_class, "fuzzroute.engine.matchers")


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reaches_a_package_module_through_importlib(path: Path) -> None:
    found = imports_of(path)
    assert not [m for m in found if m.startswith("importlib:fuzzroute")]
    assert DYNAMIC not in found, f"{module_name(path)} imports a module named by a variable: no scan can follow it"


#: Rules inside a layer: a part (module prefix) and the package modules it may import besides its own part.
INNER_RULES: dict[str, frozenset[str]] = {
    # The automata read regex syntax and the shared limits, never the graph, the matchers or the laws.
    "fuzzroute.engine.automata": frozenset({
        "fuzzroute.engine", "fuzzroute.engine.regex_syntax", "fuzzroute.engine.limits", "fuzzroute.engine.text",
        "fuzzroute.engine.time_limit",
    }),
    # The findings model depends on nothing but itself and the engine's own types.
    "fuzzroute.results": frozenset({"fuzzroute.engine"}),
}


def allowed_inside(part: str, target: str) -> bool:
    if target == part or target.startswith(part + "."):
        return True
    return any(target == rule or (rule != "fuzzroute.engine" and target.startswith(rule + "."))
               or (rule == "fuzzroute.engine" and part.startswith("fuzzroute.results")
                   and target.startswith("fuzzroute.engine"))
               for rule in INNER_RULES[part])


@pytest.mark.parametrize("part", list(INNER_RULES))
def test_parts_of_a_layer_keep_their_own_rules(part: str) -> None:
    names = module_names()
    for path in modules():
        name = module_name(path)
        if name != part and not name.startswith(part + "."):
            continue
        for target in imports_of(path):
            real = existing_module(target, names) if target.startswith("fuzzroute") else None
            if real is not None:
                assert allowed_inside(part, real), f"{name} imports {real}, outside what {part} may use"


#: The report layer in three parts, and what each part may import of the package besides itself:
#: assembly builds the findings model (it may read every tier and the other two parts), persistence keeps it on
#: disk (the model, plus the error type and the file-name helpers), the writers lay it out (the model only, plus
#: the plain text helpers every output shares).
REPORT_PARTS: dict[str, tuple[str, ...]] = {
    "fuzzroute.report.assembly": (
        "fuzzroute.engine", "fuzzroute.graphfiles", "fuzzroute.decided", "fuzzroute.generate", "fuzzroute.results",
        "fuzzroute.report.persistence", "fuzzroute.report.render",
    ),
    "fuzzroute.report.persistence": (
        "fuzzroute.results", "fuzzroute.engine.errors", "fuzzroute.engine.jsonnumbers", "fuzzroute.graphfiles.special",
        "fuzzroute.graphfiles.loader",
    ),
    "fuzzroute.report.render": ("fuzzroute.results", "fuzzroute.engine.text"),
}
#: The report's public API, the one door every front end goes through (besides the files it keeps).
REPORT_API = "fuzzroute.report"
#: The front ends over the report: they import `fuzzroute.report` and its `persistence`, never its assembly or
#: its writers directly.
FRONT_ENDS = ("fuzzroute.cli", "fuzzroute.integrations", "fuzzroute.authoring", "fuzzroute.diff")


def within(target: str, prefix: str) -> bool:
    return target == prefix or target.startswith(prefix + ".")


def report_part_of(module: str) -> str | None:
    return next((part for part in REPORT_PARTS if within(module, part)), None)


def report_rule_breaks(module: str, targets: set[str]) -> list[str]:
    """The imports of `module` (resolved to package modules) that break the report package's rules."""
    broken = []
    part = report_part_of(module)
    for target in sorted(targets):
        if not within(target, "fuzzroute"):
            continue
        if part is not None:
            if not within(target, part) and not any(within(target, allowed) for allowed in REPORT_PARTS[part]):
                broken.append(f"{module} ({part.rsplit('.', 1)[1]}) imports {target}")
        elif within(module, "fuzzroute.results") and within(target, "fuzzroute.report"):
            broken.append(f"{module} (the findings model) imports {target}")
        elif any(within(module, front) for front in FRONT_ENDS) and within(target, "fuzzroute.report") \
                and target != REPORT_API and not within(target, "fuzzroute.report.persistence"):
            broken.append(f"{module} (a front end) imports {target}, past the report's public API")
    return broken


def resolved_imports(path: Path) -> set[str]:
    names = module_names()
    return {real for real in (existing_module(t, names) for t in imports_of(path) if t.startswith("fuzzroute"))
            if real is not None}


def test_every_report_module_is_in_one_of_its_three_parts() -> None:
    loose = sorted(p.name for p in (PACKAGE / "report").glob("*.py"))
    assert loose == ["__init__.py"]
    parts = sorted(p.name for p in (PACKAGE / "report").iterdir() if p.is_dir() and p.name != "__pycache__")
    assert parts == ["assembly", "persistence", "render"]
    for path in (PACKAGE / "report").rglob("*.py"):
        name = module_name(path)
        assert name == REPORT_API or report_part_of(name) is not None, name


@pytest.mark.parametrize(
    "path",
    sorted([*PACKAGE.glob("report/**/*.py"), *PACKAGE.glob("results/*.py"),
            *(path for front in FRONT_ENDS for path in PACKAGE.glob(f"{front.split('.')[1]}/*.py"))]),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_the_report_parts_import_one_way(path: Path) -> None:
    """Writers read the model, persistence keeps it, assembly builds it; the front ends go through the public API."""
    assert report_rule_breaks(module_name(path), resolved_imports(path)) == []


def test_the_report_rules_catch_an_import_the_wrong_way() -> None:
    planted = {
        # A writer building the report itself, reading the graph loader, the decided tier or the engine.
        "fuzzroute.report.render.sarif": {"fuzzroute.report.assembly.build"},
        "fuzzroute.report.render.junit": {"fuzzroute.graphfiles.loader", "fuzzroute.decided.verdict"},
        "fuzzroute.report.render.html": {"fuzzroute.engine.context"},
        # Persistence replaying witnesses itself, or laying out the page.
        "fuzzroute.report.persistence.ledger": {"fuzzroute.report.assembly.replay"},
        "fuzzroute.report.persistence.history": {"fuzzroute.report.render.html"},
        # The model reaching up into the report.
        "fuzzroute.results.document": {"fuzzroute.report.assembly.overview"},
        # A front end calling a writer or an assembly module directly.
        "fuzzroute.cli.check": {"fuzzroute.report.render.check_text"},
        "fuzzroute.cli.merge": {"fuzzroute.report.assembly.merge"},
        "fuzzroute.integrations.pytest_plugin": {"fuzzroute.report.assembly.check_run"},
        "fuzzroute.diff.run": {"fuzzroute.report.render.diff_text"},
        "fuzzroute.authoring.suggest": {"fuzzroute.report.assembly.build"},
    }
    for module, targets in planted.items():
        assert len(report_rule_breaks(module, targets)) == len(targets), module
    allowed = {
        "fuzzroute.report.render.html": {"fuzzroute.results.presentation", "fuzzroute.report.render.inert"},
        "fuzzroute.report.render.summary": {"fuzzroute.engine.text"},
        "fuzzroute.report.persistence.ledger": {"fuzzroute.report.persistence.atomic", "fuzzroute.results.jsonform"},
        "fuzzroute.report.assembly.pipeline": {"fuzzroute.report.render.html", "fuzzroute.report.persistence.ledger",
                                               "fuzzroute.generate", "fuzzroute.decided"},
        "fuzzroute.cli.check": {"fuzzroute.report", "fuzzroute.report.persistence.paths"},
        "fuzzroute.authoring.suggest": {"fuzzroute.report", "fuzzroute.report.persistence.atomic"},
        "fuzzroute.engine.graph": {"fuzzroute.engine.laws"},
    }
    for module, targets in allowed.items():
        assert report_rule_breaks(module, targets) == [], module


FRESH_IMPORTS = r"""
import importlib, os, sys, traceback
libraries, names = sys.argv[1].split(","), sys.argv[2:]
# Every other library the package imports, loaded once here and shared by the forked children;
# no module of the package is loaded in this parent.
for library in libraries:
    try:
        importlib.import_module(library)
    except Exception:
        pass
assert not [m for m in sys.modules if m == "fuzzroute" or m.startswith("fuzzroute.")]
failed = []
for name in names:
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(name)
        except BaseException:
            sys.stderr.write(name + ": " + traceback.format_exc(limit=-3) + "\n")
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        failed.append(name)
print("\n".join(failed))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forking children needs a POSIX system")
def test_every_module_imports_first_in_a_fresh_interpreter() -> None:
    """A cycle through a package `__init__` only bites when its module is the first one imported."""
    names = sorted(module_names() - {"fuzzroute.__main__"})
    libraries = sorted({
        target.split(".")[0] for path in modules() for target in imports_of(path)
        if target and not target.startswith(("fuzzroute", "importlib:"))
    })
    done = subprocess.run([sys.executable, "-c", FRESH_IMPORTS, ",".join(libraries), *names],
                          capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [], done.stderr


def test_python_private_regex_parser_is_read_in_one_module() -> None:
    readers = [
        module_name(p) for p in modules()
        if any(m in {"importlib:re._parser", "importlib:re._constants", "re._parser", "re._constants",
                     "re._compiler", "sre_parse", "sre_constants"}
               or m.startswith("importlib:re._")
               for m in imported_modules(p.read_text("utf-8"), module_name(p)))
    ]
    assert readers == ["fuzzroute.engine.regex_syntax"]


def test_there_is_no_import_cycle_between_modules() -> None:
    edges = graph()
    names = set(edges)

    def resolve(target: str) -> str | None:
        return existing_module(target, names)

    adjacency = {n: {t for t in (resolve(m) for m in targets) if t and t != n} for n, targets in edges.items()}
    # Package __init__ modules re-export their children; an edge child -> own package is not a cycle of code.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(adjacency[node]):
            if node.startswith(target + "."):
                continue
            if state.get(target) == 1:
                cycle = stack[stack.index(target):] + [target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for name in sorted(adjacency):
        if name not in state:
            visit(name)


def test_the_package_root_holds_only_the_public_api_and_the_cli_entry() -> None:
    loose = {p.name for p in PACKAGE.glob("*.py")}
    assert loose == ROOT_MODULES
    assert not any(p.is_symlink() for p in PACKAGE.rglob("*"))


def modules_sharing_a_name(paths: list[Path]) -> dict[str, list[str]]:
    """Module file names held by more than one module outside `cli/` (whose modules are named after commands)."""
    by_name: dict[str, list[str]] = {}
    for path in paths:
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "cli" or path.name in {"__init__.py", "__main__.py"}:
            continue
        by_name.setdefault(path.name, []).append(relative.as_posix())
    return {name: sorted(held) for name, held in sorted(by_name.items()) if len(held) > 1}


def test_no_two_modules_outside_the_cli_share_a_name() -> None:
    # A name says what a file holds: two `wording.py` make a reader open both to learn which one is meant.
    assert modules_sharing_a_name(sorted(PACKAGE.rglob("*.py"))) == {}
    planted = [PACKAGE / "report" / "render" / "wording.py", PACKAGE / "decided" / "wording.py",
               PACKAGE / "cli" / "report.py", PACKAGE / "report" / "__init__.py", PACKAGE / "cli" / "check.py",
               PACKAGE / "engine" / "check.py"]
    assert modules_sharing_a_name(planted) == {"wording.py": ["decided/wording.py", "report/render/wording.py"]}


def test_the_scanner_sees_every_spelling() -> None:
    spellings = {
        "from .generate import mutate": "fuzzroute.engine.generate",
        "from fuzzroute.report.render.html import render": "fuzzroute.report.render.html",
        "import fuzzroute.strategies.keywords": "fuzzroute.strategies.keywords",
        "def later():\n    from ..report import s\n": "fuzzroute.report",
        "import importlib\nimportlib.import_module('fuzzroute.report')": "importlib:fuzzroute.report",
        "import importlib\nname = 'fuzzroute.report'\nimportlib.import_module(name)": DYNAMIC,
        "__import__(''.join(['fuzzroute', '.report']))": DYNAMIC,
        "from . import matchers": "fuzzroute.engine.matchers",
    }
    for source, expected in spellings.items():
        assert expected in imported_modules(source, "fuzzroute.engine.laws")


def test_a_package_init_resolves_relative_imports_from_itself() -> None:
    found = imported_modules("from .laws import ClaimLaws\nfrom . import matchers\n", "fuzzroute.engine",
                             is_package=True)
    assert {"fuzzroute.engine.laws", "fuzzroute.engine.matchers"} <= found
    assert not [m for m in found if m.startswith("fuzzroute.laws")]
