"""pytest plugin: every declared example and never-route row of a graph as one test item.

Registered through the `pytest11` entry point, so pytest loads it in every
project where fuzzroute is installed; it therefore imports nothing of
fuzzroute at import time (only pytest and the standard library), and loads
the engine only when a graph is given:

    pytest --fuzzroute examples/support.py          # repeatable
    pytest --fuzzroute                              # the graphs of pyproject.toml's [tool.fuzzroute]
    # or in pytest.ini / pyproject.toml [tool.pytest.ini_options]:
    fuzzroute_graphs = examples/support.py

It stays idle unless asked: `[tool.fuzzroute] graphs` alone never turns it
on, so a project's test run does not grow routing items by surprise.  A
bare `--fuzzroute` uses those graphs; the ini key, when set, wins over them.
The policy comes from `--fuzzroute-fail-on`, else the `fuzzroute_fail_on`
ini key, else `fail-on` of `[tool.fuzzroute.check]` or `[tool.fuzzroute]`
(the plugin fails as `fuzzroute check` does), else `decided`.

Items are named `<graph file>::<rule id>#<position>::'<phrase>'` (and
`<graph file>::never-routes::'<phrase>'`), the same on every run and every
xdist worker, so `-k`, `--deselect`, `-n` and `--junitxml` treat them like
any test.  An item fails exactly when the proven checkup reports an error
for its phrase, with every problem of that phrase (file:line, code, what to
do) and both laws' claimants; a warning passes with a pytest warning (a
`when` rule may be gated on conversation state the checkup cannot run, and
a default shadowing a rule depends on the mount).

Each data rule also gets one decided item, `<graph file>::<rule id>::decided`
(a repeated id gets ` (2)`), that fails exactly as `fuzzroute check
--fail-on decided` fails on the rule: it never wins, never matches, is dead
under the cold walk, an earlier rule takes its fixed words, or its regex has
a ReDoS attack.  An undecided rule's item is skipped with the reason; an
accepted overlap passes, its reason in the item's report section and in
`--junitxml` as a property.  The id names the rule, not its position: fixing
a never-wins or shared-text bug usually means moving the rule, and the item
that failed must be the one that passes afterwards.
`--fuzzroute-fail-on proven` (or `fuzzroute_fail_on = proven`) leaves the
decided items out.

The decided tier runs once per graph per session: on the xdist controller,
which sends each worker the verdicts as plain data (`workerinput`), or, with
no xdist, once in the one process (kept on the config).  Generated findings
never fail a test: `--fuzzroute-explore` lists them, with the decided ones,
in a terminal summary section.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # pragma: no cover - types only; nothing of fuzzroute is imported at run time here
    from fuzzroute.integrations.decided_verdicts import SessionVerdicts
    from fuzzroute.results.check_document import RuleVerdict
    from fuzzroute.results.rows import ProvenRow

INI_NAME = "fuzzroute_graphs"
FAIL_ON_INI = "fuzzroute_fail_on"
FAIL_ON_CHOICES = ("decided", "proven")
SECTION_TITLE = "fuzzroute: decided and generated findings (generated ones never fail a test)"
#: The key of `workerinput` under which the xdist controller sends the decided verdicts.
WORKER_VERDICTS = "fuzzroute_decided_verdicts"
#: ... and what the forked probe found of each `.py` graph (`forked_probe`).
WORKER_PROBES = "fuzzroute_probes"
#: Name of the item of a rule's decided verdict.
DECIDED_ITEM = "decided"


class FuzzrouteProvenWarning(UserWarning):
    """A proven warning about a declared phrase (the item passes; the warning says what to look at)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fuzzroute", "fuzzroute routing checks")
    group.addoption(
        "--fuzzroute", action="append", dest="fuzzroute_graphs", default=[], metavar="GRAPH", nargs="?",
        const=FROM_TABLE,
        help="Check this graph's declared examples and never-route rows, and its data rules' decided verdicts, as "
        "test items (repeatable; a .json file, a .py file with one Graph, file.py:name, or a TypeScript or "
        "JavaScript graph file). Without GRAPH (last, or as --fuzzroute=): the fuzzroute_graphs ini key's "
        "graphs, else the graphs of pyproject.toml's [tool.fuzzroute].",
    )
    group.addoption(
        "--fuzzroute-explore", action="store_true", dest="fuzzroute_explore", default=False,
        help="Also decide and explore each graph and list the findings in a summary section (never failures).",
    )
    group.addoption(
        "--fuzzroute-budget", type=int, dest="fuzzroute_budget", default=500, metavar="N",
        help="Phrases --fuzzroute-explore generates per graph (default: 500).",
    )
    group.addoption(
        "--fuzzroute-fail-on", dest="fuzzroute_fail_on", default=None, choices=FAIL_ON_CHOICES,
        help="decided (the default): also one item per data rule that fails as `fuzzroute check --fail-on "
        "decided` does; proven: only the declared rows. Default: the fuzzroute_fail_on ini key, else fail-on of "
        "pyproject.toml's [tool.fuzzroute.check] or [tool.fuzzroute], else decided.",
    )
    parser.addini(INI_NAME, "Graph files whose declared rows are test items, one per line (paths relative to the "
                  "ini file); setting it turns the plugin on.", type="linelist")
    parser.addini(FAIL_ON_INI, "decided or proven: whether each data rule gets a decided item (default: fail-on "
                  "of [tool.fuzzroute.check] or [tool.fuzzroute], else decided).", default="")


def fail_on(config: pytest.Config) -> str:
    """`decided` or `proven`: the option, else the ini value, else the table's (a wrong value is a usage error)."""
    chosen = config.getoption("fuzzroute_fail_on") or str(config.getini(FAIL_ON_INI)).strip()
    where = FAIL_ON_INI
    if not chosen:
        from fuzzroute.graphfiles.project_config import table_value

        table = project_table(config)
        found = None if table is None else table_value(table, "fail-on", "check")
        if found is None:
            return "decided"
        chosen, where = str(found[0]), found[1]
    if chosen not in FAIL_ON_CHOICES:
        raise pytest.UsageError(
            f"{where} = {chosen!r} is not a policy of the fuzzroute plugin; use one of: "
            f"{', '.join(FAIL_ON_CHOICES)} (set {FAIL_ON_INI} in the ini file to choose the plugin's own)."
        )
    return chosen


#: The value of a bare `--fuzzroute`: the graphs of the ini key, else of pyproject.toml's [tool.fuzzroute].
FROM_TABLE = ""


def project_table(config: pytest.Config) -> Any:
    """The `[tool.fuzzroute]` settings of the nearest pyproject.toml (None without one), read once per session."""
    cached = getattr(config, "_fuzzroute_table", False)
    if cached is False:
        from fuzzroute.engine.errors import FuzzrouteError
        from fuzzroute.graphfiles.project_config import project_config

        try:
            cached = project_config(Path(config.invocation_params.dir))
        except FuzzrouteError as error:
            raise pytest.UsageError(f"fuzzroute: {' '.join(str(error).split())}") from None
        config._fuzzroute_table = cached  # type: ignore[attr-defined]
    return cached


def pytest_configure(config: pytest.Config) -> None:
    """Refuse option values the plugin cannot use, as pytest refuses its own (a usage error)."""
    _PROBED.update(getattr(config, "workerinput", {}).get(WORKER_PROBES, {}))  # an xdist worker: the controller's
    budget = config.getoption("fuzzroute_budget", 500)
    if not isinstance(budget, int) or budget < 1:
        raise pytest.UsageError(
            f"--fuzzroute-budget {budget}: give the number of phrases to generate per graph, 1 or more "
            "(default 500)."
        )


def graph_specs(config: pytest.Config) -> list[str]:
    """The graphs given with --fuzzroute, then those of the ini option (relative to the ini file); a bare
    --fuzzroute without the ini option: the graphs of pyproject.toml's [tool.fuzzroute]."""
    given = list(config.getoption("fuzzroute_graphs") or [])
    for spec in given:
        if spec and (os.path.isdir(spec) or "::" in spec):
            raise pytest.UsageError(
                f"--fuzzroute took {spec!r} as its graph, but it is a {'folder' if os.path.isdir(spec) else 'test id'}"
                ". To use the configured graphs, write --fuzzroute last or as --fuzzroute= ; to check a graph, "
                "give its file: --fuzzroute graphs/support.py."
            )
    specs = [spec for spec in given if spec != FROM_TABLE]
    base = config.inipath.parent if config.inipath is not None else config.rootpath
    ini = list(config.getini(INI_NAME))
    for line in ini:
        specs.append(line if os.path.isabs(line) else _near(base / line))
    if FROM_TABLE in given and not ini:
        specs += table_graphs(config)
    return list(dict.fromkeys(specs))


def table_graphs(config: pytest.Config) -> list[str]:
    """The `graphs` of pyproject.toml's [tool.fuzzroute] (a bare --fuzzroute without them is a usage error)."""
    from fuzzroute.engine.errors import FuzzrouteError
    from fuzzroute.graphfiles.project_config import configured_graphs

    table = project_table(config)
    try:
        graphs = [] if table is None else configured_graphs(table)
    except FuzzrouteError as error:
        raise pytest.UsageError(f"fuzzroute: {' '.join(str(error).split())}") from None
    if not graphs:
        raise pytest.UsageError(
            "--fuzzroute without a graph uses the fuzzroute_graphs ini key or the graphs of pyproject.toml's "
            "[tool.fuzzroute], and neither lists any. Give one (--fuzzroute graphs/support.py), or add "
            'graphs = ["graphs/support.py"] to [tool.fuzzroute].'
        )
    return graphs


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Add the graphs' items before `-k`, `-m` and `--deselect` select among all items."""
    for spec in graph_specs(config):
        graph_file = GraphFile.from_parent(session, path=Path(_file_of(spec)).resolve())
        graph_file.spec = spec
        found = list(_items(graph_file))
        # Reported as collected, so the terminal's "collected N items" counts them.
        nodes: list[pytest.Item | pytest.Collector] = list(found)
        config.hook.pytest_collectreport(report=pytest.CollectReport(graph_file.nodeid, "passed", None, nodes))
        items.extend(found)


def _near(path: Path) -> str:
    """`path` relative to the working directory when it lies below it (messages then name it short)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _file_of(spec: str) -> str:
    head, sep, tail = spec.rpartition(":")
    return head if sep and head.endswith(".py") and tail.isidentifier() else spec


def _items(node: pytest.Collector) -> Iterator[pytest.Item]:
    for child in node.collect():
        if isinstance(child, pytest.Item):
            yield child
        else:
            assert isinstance(child, pytest.Collector)
            yield from _items(child)


class GraphFile(pytest.File):
    """One graph file: its rules (and never-route list) as collectors of row items."""

    spec: str = ""

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        from fuzzroute.engine.errors import FuzzrouteError
        from fuzzroute.graphfiles.loader import load_graph, split_spec
        from fuzzroute.report import check_document, checked_graph

        graph_path, attribute = split_spec(self.spec)
        if graph_path.suffix.lower() == ".py" and graph_path.is_file():
            failure = probed_failure(self.spec)
            if failure is not None:
                yield GraphLoadItem.from_parent(self, name="load", message=" ".join(failure.split()))
                return
        before = _running_threads()
        try:
            loaded = load_graph(self.spec)
            checked = checked_graph(self.spec, loaded, decide=False)
            rows = list(check_document([checked], parts={"rows"}).graphs[0].rows or ())
        except FuzzrouteError as error:
            yield GraphLoadItem.from_parent(self, name="load", message=" ".join(str(error).split()))
            return
        except Exception as error:  # a fuzzroute bug (or the environment's) fails this graph's item, not the session
            yield GraphLoadItem.from_parent(self, name="load", message=failure_text(error))
            return
        finally:
            _GRAPH_THREADS.update(_running_threads() - before)
        groups: dict[str, list[ProvenRow]] = {}
        for row in rows:
            groups.setdefault(row.owner, []).append(row)
        for owner, rows in groups.items():
            name = owner if attribute is None else f"{attribute}.{owner}"
            # pytest splits a node id at every `::`: a rule id holding one is written `:\:`, as phrases are,
            # so the item's id can be given back to pytest to select it.
            yield RuleRows.from_parent(self, name=name.replace("::", ":\\:"), rows=rows)
        if fail_on(self.config) == "decided":
            for label in decided_labels(loaded.graph):
                name = label if attribute is None else f"{attribute}.{label}"
                yield DecidedRule.from_parent(self, name=name.replace("::", ":\\:"), label=label)


def failure_text(error: BaseException) -> str:
    """The one paragraph for an exception no layer meant to raise: the graph's doing, the environment's, or a bug."""
    from fuzzroute.engine import graph_code
    from fuzzroute.engine.errors import environment_problem

    blamed = graph_code.blame(error)
    text = str(blamed) if blamed is not None else environment_problem(error)
    return " ".join(text.split()) if text is not None else internal_error_text(error)


def internal_error_text(error: BaseException) -> str:
    """The one paragraph for an error fuzzroute did not mean to raise (a bug of fuzzroute's, not the graph's)."""
    what = " ".join(f"{type(error).__name__}: {error}".split())[:300]
    return (f"internal error: {what}. This is a bug in fuzzroute, not a finding about the graph; please report it "
            "to the fuzzroute maintainers with the graph if you can share it.")


#: Threads the graphs' own code started (and may leave running): they must not keep pytest alive.
_GRAPH_THREADS: set[threading.Thread] = set()
_EXIT_STATUS: list[int] = []


def _running_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if not t.daemon and t.is_alive()}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS[:] = [int(exitstatus)]


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """If a graph's code left threads running, end the process with the session's status once it is done.

    Python waits for every non-daemon thread before a process ends, so a
    graph module that starts one and never stops it would keep pytest alive
    after its summary.  A daemon thread waits for the main thread to finish
    (Python marks it finished before it waits for the others), then ends the
    process with the session's exit status.
    """
    lingering = [t for t in _GRAPH_THREADS if t.is_alive() and not t.daemon]
    if not lingering:
        return
    status = _EXIT_STATUS[0] if _EXIT_STATUS else 0

    def end_when_main_is_done() -> None:
        threading.main_thread().join()
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)

    threading.Thread(target=end_when_main_is_done, name="fuzzroute-graph-threads", daemon=True).start()


class RuleRows(pytest.Collector):
    """The rows one rule declares (or the graph's never-route rows)."""

    def __init__(self, *, rows: list[ProvenRow], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows = rows

    def collect(self) -> Iterable[pytest.Item]:
        for row in self.rows:
            yield RowItem.from_parent(self, name=row.phrase_label, row=row)


class ProvenFailure(Exception):
    """A proven error about a declared phrase; its text is the whole explanation."""


class RowItem(pytest.Item):
    """One declared example or never-route row: fails exactly on a proven error about it."""

    def __init__(self, *, row: ProvenRow, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.row = row

    def runtest(self) -> None:
        from fuzzroute.report import problem_line, row_problems_text

        if self.row.errors:
            raise ProvenFailure(row_problems_text(self.row))
        where = self.row.location
        for problem in self.row.warnings:
            warnings.warn_explicit(
                FuzzrouteProvenWarning(problem_line(problem)), FuzzrouteProvenWarning,
                str(self.path if where is None else where.file), 1 if where is None else where.line,
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ProvenFailure):
            kind = "declared example" if self.row.kind == "example" else "never-route row"
            return f"fuzzroute: proven error in the {kind} {self.row.phrase!r}\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        where = self.row.location
        return self.path, (None if where is None else where.line - 1), f"fuzzroute: {self.row.label}"


def decided_labels(graph: Any) -> list[str]:
    """The name of each data rule's decided item (see `decided.verdict.verdict_labels`), without deciding."""
    from fuzzroute.decided.verdict import RuleVerdict as TierVerdict
    from fuzzroute.decided.verdict import verdict_labels

    return verdict_labels([TierVerdict(e, (), (), None) for e in graph.entries if e.data_matcher is not None])


#: What the forked probe said of each `.py` graph, so collection and the decided tier fork once per graph.
_PROBED: dict[str, str | None] = {}


def _probed(spec: str) -> bool:
    """Whether a graph runs code of its author's, so it is probed first (a `.py` file)."""
    from fuzzroute.graphfiles.loader import split_spec

    path, _attribute = split_spec(spec)
    return path.suffix.lower() == ".py" and path.is_file()


def probed_failure(spec: str) -> str | None:
    """Why a `.py` graph's code cannot run in this process (see `forked_probe`), probed once per session
    (under xdist once, by the controller, which sends every worker what it found)."""
    if spec not in _PROBED:
        from fuzzroute.integrations.forked_probe import probe_failure

        _PROBED[spec] = probe_failure(spec)
    return _PROBED[spec]


def decided_verdicts(spec: str) -> dict[str, RuleVerdict]:
    """Each data rule's decided verdict (the graph's check document's), by item label.

    A graph that cannot be loaded has none (its load item fails).
    """
    from fuzzroute.engine.errors import FuzzrouteError
    from fuzzroute.graphfiles.loader import load_graph, split_spec
    from fuzzroute.report import check_document, checked_graph

    graph_path, _attribute = split_spec(spec)
    if graph_path.suffix.lower() == ".py" and graph_path.is_file() and probed_failure(spec) is not None:
        return {}  # its code ends or stalls the process: never run here (its load item fails instead)
    try:
        loaded = load_graph(spec)
        checked = checked_graph(spec, loaded, decide=True, build_workers=1)
    except FuzzrouteError:
        return {}
    except Exception:  # the graph's load item says what went wrong; the session (and the xdist controller) goes on
        return {}
    verdicts = check_document([checked], fail_on="decided", parts={"verdicts"}).graphs[0].verdicts or ()
    return {verdict.label: verdict for verdict in verdicts}


def session_verdicts(config: pytest.Config) -> SessionVerdicts:
    """Every graph's decided verdicts, computed once per session (see the module docstring).

    An xdist worker reads the verdicts the controller sent (as plain data) instead of deciding again.
    """
    cached: SessionVerdicts | None = getattr(config, "_fuzzroute_verdicts", None)
    if cached is None:
        sent = getattr(config, "workerinput", {}).get(WORKER_VERDICTS)
        if sent is not None:
            from fuzzroute.integrations.decided_verdicts import received

            cached = received(sent)
        else:
            cached = {spec: decided_verdicts(spec) for spec in graph_specs(config)}
        config._fuzzroute_verdicts = cached  # type: ignore[attr-defined]
    return cached


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist, on the controller: decide each graph once and send every worker the verdicts."""
    config = node.config
    if fail_on(config) == "decided" and graph_specs(config):
        from fuzzroute.integrations.decided_verdicts import sendable

        node.workerinput[WORKER_VERDICTS] = sendable(session_verdicts(config))
    # Each `.py` graph is probed once, here, not once more per worker (a stuck probe costs its time limit).
    node.workerinput[WORKER_PROBES] = {spec: probed_failure(spec) for spec in graph_specs(config) if _probed(spec)}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A skipped decided item points at its rule in the graph file, not at this plugin's `skip` call."""
    outcome = yield
    if isinstance(item, DecidedItem) and call.when == "call":
        report = outcome.get_result()  # type: ignore[attr-defined]
        if report.skipped and isinstance(report.longrepr, tuple):
            line = item.verdict_line()
            report.longrepr = (_near(item.path), line, str(report.longrepr[2]))


class DecidedRule(pytest.Collector):
    """One data rule, holding its decided item (so the item's id is `<file>::<rule id>::decided`)."""

    def __init__(self, *, label: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label

    def collect(self) -> Iterable[pytest.Item]:
        yield DecidedItem.from_parent(self, name=DECIDED_ITEM, label=self.label)


class DecidedFailure(Exception):
    """A decided finding `--fail-on decided` fails on; its text is the whole explanation."""


class DecidedItem(pytest.Item):
    """A data rule's decided verdict: fails, is skipped or passes exactly as `check --fail-on decided` judges it."""

    def __init__(self, *, label: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label

    def _verdict(self) -> RuleVerdict:
        spec = getattr(self.parent.parent if self.parent is not None else None, "spec", "")
        verdicts = session_verdicts(self.config).get(spec, {})
        found = verdicts.get(self.label)
        if found is None:
            raise DecidedFailure(f"no decided verdict for rule {self.label!r}: the graph changed during the session")
        return found

    def verdict_line(self) -> int | None:
        """The rule's line, 1-based (None when the graph does not say)."""
        where = self._verdict().location
        return None if where is None else where.line

    def runtest(self) -> None:
        from fuzzroute.report import item_line

        verdict = self._verdict()
        if verdict.outcome == "failed":
            raise DecidedFailure("\n".join(item_line(item) for item in verdict.failing))
        if verdict.outcome == "skipped":
            pytest.skip(f"undecided: {verdict.undecided}")
        if verdict.accepted:
            self.add_report_section("call", "fuzzroute accepted", "\n".join(item_line(i) for i in verdict.accepted))
            for item in verdict.accepted:
                self.user_properties.append(("fuzzroute-accepted", item.accepted))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, DecidedFailure):
            fixable = "fuzzroute fix" in str(excinfo.value)
            how = (
                f"`fuzzroute fix {self.path}` proposes an edit of the rule or its order, proven to move only the "
                "messages this finding is about (--write makes it)" if fixable else "Fix the rule or its order"
            )
            return (
                f"fuzzroute: decided for every message, rule {self.label!r} fails --fail-on decided:\n"
                f"{excinfo.value}\n{how}; if the overlap is intended, accept it: "
                "`fuzzroute accept GRAPH EARLIER LATER --reason ...`."
            )
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"fuzzroute: {self.label}::decided"


class GraphLoadItem(pytest.Item):
    """A graph that cannot be loaded: one failing item with the loader's one-paragraph message."""

    def __init__(self, *, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = message

    def runtest(self) -> None:
        raise ProvenFailure(self.message)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return f"fuzzroute: the graph cannot be loaded: {excinfo.value}"

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, "fuzzroute: load the graph"


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """With --fuzzroute-explore: the decided and generated findings of each graph, as information."""
    if not config.getoption("fuzzroute_explore") or hasattr(config, "workerinput"):
        return
    specs = graph_specs(config)
    if not specs:
        return
    terminalreporter.write_sep("=", SECTION_TITLE)
    for spec in specs:
        try:
            lines = explore_lines(spec, int(config.getoption("fuzzroute_budget")))
        except Exception as error:  # a summary section never ends the session
            lines = [f"{spec}: cannot be explored: {failure_text(error)}"]
        for line in lines:
            terminalreporter.write_line(line)


def explore_lines(spec: str, budget: int) -> list[str]:
    """The decided items and generated suggestions of one graph, one line each."""
    from fuzzroute.decided import ANY, decide
    from fuzzroute.engine.errors import FuzzrouteError
    from fuzzroute.generate import explore
    from fuzzroute.graphfiles.loader import load_graph
    from fuzzroute.results.finding_kinds import decided_row

    try:
        graph = load_graph(spec).graph
    except FuzzrouteError as error:
        return [f"{spec}: cannot be loaded: {' '.join(str(error).split())}"]
    decisions = decide(graph, winners=ANY)
    exploration = explore(graph, seed=0, budget_phrases=budget)
    lines = [f"{spec} (graph {graph.name!r}): decided for every message, then sampled ({budget} phrases, not proof)"]
    for item in decisions.items:
        if decided_row(item.kind).summary_line:
            witness = f" e.g. {item.witness!r}" if item.witness is not None else ""
            rules = item.entry.id if item.other is None else f"{item.other.id} / {item.entry.id}"
            lines.append(f"  decided   [{item.kind}] {rules}{witness}")
    for suggestion in exploration.suggestions:
        best = suggestion.witnesses[0].phrase if suggestion.witnesses else None
        shown = f" e.g. {best!r}" if best is not None else ""
        lines.append(f"  suggested [{suggestion.kind}] {suggestion.rule}{shown}")
    if len(lines) == 1:
        lines.append("  nothing found (finding nothing in samples proves nothing)")
    return lines
