"""Hostile processes, streams and numbers: nothing hangs, and every exit code means one thing.

Each case runs `fuzzroute` (or pytest) as a user would, in a process of its
own session (a fork of one process that imported fuzzroute once:
`helpers.cli_server`), killed with its whole process group and failed if it
is not done within its bound.  Every case asserts the exact
exit code, that no traceback reached the user, that every input file is byte
for byte as it was, and how long the run took.  The codes: 0 clean, 1 the
--fail-on policy tripped, 2 bad input or environment, 3 a fuzzroute bug,
130 interrupted; graph code never chooses one.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.cli import invoke
from helpers.cli_server import CliServer
from helpers.files import hashes

from fuzzroute.cli import main
from fuzzroute.report.persistence.ledger import ledger_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: A run that hangs is killed and failed after this long (each case ends in a few seconds).
BOUND = 60.0
#: The condition limit the stuck cases use, so the supervisor's grace (2 s) dominates their time.
SHORT_LIMIT = "200ms"
ON_LINUX = sys.platform.startswith("linux")
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the watched child needs os.fork")

GRAPH_HEAD = "from fuzzroute import Graph, keywords\n"
GOOD_JSON = json.dumps({"name": "shop", "entries": [
    {"id": "orders", "match": {"keywords": ["order"]}, "examples": ["my order"]},
    {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund please"]},
]})
#: A `when` that never returns from one call of C code: no signal can stop it.
STUCK_IN_C = "sum(range(4 * 10**10)) > 0"
#: Rule "b"'s `when` runs `BODY` only in a worker process of `report --workers` (its checkup runs in the main one).
IN_WORKERS = (
    "import multiprocessing, os, signal\n" + GRAPH_HEAD
    + "def gate(ctx):\n"
    "    if multiprocessing.current_process().name != 'MainProcess':\n"
    "        BODY\n"
    "    return False\n"
    "graph = (Graph('w').entry('a', match=keywords('refund'), examples=['refund please'])\n"
    "         .entry('b', when=gate).entry('c', match=keywords('order')))\n"
)


@dataclass
class Done:
    code: int
    out: str
    err: str
    seconds: float


_server: list[CliServer] = []


@pytest.fixture(scope="module", autouse=True)
def _one_server_per_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`fuzzroute` command lines fork from one process that imported fuzzroute once (see helpers.cli_server)."""
    yield
    while _server:
        _server.pop().close()


def _served(args: list[str], cwd: Path, bound: float) -> Done:
    if not _server:
        import tempfile

        _server.append(CliServer(Path(tempfile.mkdtemp(prefix="fuzzroute-cli-"))))
    done = _server[0].run(args, cwd, bound=bound)
    if done.code is None:
        pytest.fail(f"`fuzzroute {' '.join(args)}` did not end within {bound:g} s")
    return Done(done.code, done.out, done.err, done.seconds)


def run(args: list[str], cwd: Path, *, program: list[str] | None = None, bound: float = BOUND,
        env: dict[str, str] | None = None, stdout: int | None = subprocess.PIPE, shell: str | None = None) -> Done:
    """Run a command in a session of its own; kill the whole session and fail if it outlives `bound`.

    `fuzzroute ARGS` itself runs as a fork of one server process (the same command line, minus a second
    of imports); other programs and shell lines run as subprocesses.
    """
    if program is None and shell is None and env is None and stdout == subprocess.PIPE:
        return _served(args, cwd, bound)
    command = shell if shell is not None else [*(program or [sys.executable, "-m", "fuzzroute"]), *args]
    started = time.monotonic()
    child = subprocess.Popen(
        command, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, **(env or {})}, shell=shell is not None, executable="/bin/bash" if shell else None,
    )
    try:
        out, err = child.communicate(timeout=bound)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(f"{command!r} did not end within {bound:g} s")
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signal.SIGKILL)  # nothing of the run may outlive it (a supervised child)
    return Done(child.returncode, out or "", err or "", time.monotonic() - started)


def in_process(args: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch) -> Done:
    """The command in this process (click's runner), for inputs refused before any graph code runs."""
    monkeypatch.chdir(cwd)
    started = time.monotonic()
    result = invoke(*args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args!r} raised {result.exception!r}") from result.exception
    return Done(result.exit_code, result.stdout, result.stderr, time.monotonic() - started)


def expect(done: Done, code: int, *, within: float = 30.0, says: str | None = None) -> None:
    """The exact code, no traceback, one `fuzzroute: error:` paragraph when `says`, and the time it took."""
    assert done.code == code, (done.code, done.err[-2000:], done.out[-500:])
    assert "Traceback" not in done.err and "Traceback" not in done.out, done.err
    assert done.seconds < within, done.seconds
    if says is not None:
        assert says in done.err, done.err
        assert "fuzzroute: error:" in done.err or "fuzzroute: internal error:" in done.err


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# -- nothing hangs ------------------------------------------------------------------------------------------------

WORKER_DEATHS = {
    "sigkill": "os.kill(os.getpid(), signal.SIGKILL)",
    "os_exit_0": "os._exit(0)",
}


@needs_fork
@pytest.mark.parametrize("how", sorted(WORKER_DEATHS))
def test_a_dead_worker_stops_the_report_naming_the_rule(tmp_path: Path, how: str) -> None:
    graph = write(tmp_path, "g.py", IN_WORKERS.replace("BODY", WORKER_DEATHS[how]))
    before = hashes(tmp_path)
    done = run(["report", "g.py", "--workers", "2", "--budget", "200", "--no-decide", "-o", "r.html"], tmp_path)
    expect(done, 2, says="a worker process ended while it judged the phrases of rule")
    assert "rule 'b'" in done.err  # the `when` that was running when it died
    assert not (tmp_path / "r.html").exists() and hashes(tmp_path) == before and graph.exists()


@needs_fork
def test_a_worker_stuck_in_c_code_stops_the_report(tmp_path: Path) -> None:
    write(tmp_path, "g.py", IN_WORKERS.replace("BODY", STUCK_IN_C))
    before = hashes(tmp_path)
    done = run(["report", "g.py", "--workers", "2", "--budget", "200", "--no-decide", "-o", "r.html",
                "--condition-limit", SHORT_LIMIT], tmp_path)
    expect(done, 2, says="could not be stopped there (it was inside C code")
    assert "rule 'b'" in done.err and hashes(tmp_path) == before


LINGERING_THREAD = (
    "import threading, time\n" + GRAPH_HEAD
    + "threading.Thread(target=lambda: time.sleep(10**6), name='graph-thread').start()\n"
    "graph = Graph('t').entry('a', match=keywords('refund'), examples=['refund please'])\n"
)


@pytest.mark.parametrize("command", [
    ["check", "g.py"],
    ["claim", "g.py", "refund"],
    ["report", "g.py", "--budget", "30", "--workers", "1", "--no-decide", "-o", "r.html"],
])
def test_a_graph_thread_left_running_never_keeps_the_command_alive(tmp_path: Path, command: list[str]) -> None:
    write(tmp_path, "g.py", LINGERING_THREAD)
    before = hashes(tmp_path)
    done = run(command, tmp_path)
    expect(done, 0)
    after = hashes(tmp_path)
    assert {name: after[name] for name in before} == before


def test_a_graph_thread_left_running_never_keeps_pytest_alive(tmp_path: Path) -> None:
    write(tmp_path, "g.py", LINGERING_THREAD)
    write(tmp_path, "test_plain.py", "def test_nothing():\n    pass\n")
    before = hashes(tmp_path)
    done = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_plain.py", "--fuzzroute", "g.py"], tmp_path,
               program=[sys.executable])
    assert done.code == 0, done.out[-2000:]
    # the plain test, the graph's declared row and its rule's decided item
    assert "3 passed" in done.out and done.seconds < 30
    assert hashes(tmp_path) == before


@needs_fork
@pytest.mark.parametrize(("command", "limit"), [
    (["check", "g.py"], "--condition-limit"),
    (["report", "g.py", "--budget", "30", "--workers", "1", "--no-decide", "-o", "r.html"], "--condition-limit"),
])
def test_a_when_stuck_in_c_code_is_stopped(tmp_path: Path, command: list[str], limit: str) -> None:
    write(tmp_path, "g.py", GRAPH_HEAD + f"graph = Graph('c').entry('a', when=lambda ctx: {STUCK_IN_C}, "
          "examples=['refund please']).entry('b', match=keywords('refund'))\n")
    before = hashes(tmp_path)
    done = run([*command, limit, SHORT_LIMIT], tmp_path)
    expect(done, 2, says="the `when` of rule 'a'")
    assert "inside C code" in done.err and hashes(tmp_path) == before and not (tmp_path / "r.html").exists()


@needs_fork
def test_an_import_stuck_in_c_code_is_stopped(tmp_path: Path) -> None:
    write(tmp_path, "g.py", f"x = {STUCK_IN_C}\n")
    before = hashes(tmp_path)
    done = run(["check", "g.py", "--import-limit", "300ms"], tmp_path)
    expect(done, 2, says="the import of the graph file g.py did not return within its time limit of 0.3 s")
    assert hashes(tmp_path) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(("command", "name"), [
    (["check"], "g.json"),
    (["check"], "g.py"),
    (["report", "PATH", "-o", "r.html"], "g.json"),
])
def test_a_fifo_graph_is_refused_before_open(tmp_path: Path, command: list[str], name: str) -> None:
    os.mkfifo(tmp_path / name)
    args = [name if a == "PATH" else a for a in command]
    done = run(args if "PATH" in command else [*args, name], tmp_path, bound=30)
    expect(done, 2, within=20, says=f"{name} is a named pipe (FIFO), not a graph file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(("fifo", "command", "says"), [
    ("shard.json", ["merge", "shard.json", "-o", "m.html"], "shard.json is a named pipe (FIFO), not a report file"),
    ("base.json", ["report", "g.json", "--baseline", "base.json", "-o", "r.html", "--budget", "10"],
     "base.json is a named pipe (FIFO), not a baseline file"),
    ("db/witnesses/shop.json", ["report", "g.json", "--db", "db", "-o", "r.html", "--budget", "10", "--no-decide"],
     "is a named pipe (FIFO), not a --db witness ledger"),
    ("head.json", ["diff", "g.json", "head.json"], "head.json is a named pipe (FIFO)"),
])
def test_a_fifo_in_place_of_any_json_input_is_refused(
    tmp_path: Path, fifo: str, command: list[str], says: str
) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    (tmp_path / fifo).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(tmp_path / fifo)
    done = run(command, tmp_path, bound=30)
    expect(done, 2, within=20, says=says)
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "m.html").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_acceptance_file_beside_the_graph_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    os.mkfifo(tmp_path / "g.json.accepted.json")
    done = run(["check", "g.json"], tmp_path, bound=30)
    expect(done, 2, within=20, says="g.json.accepted.json is a named pipe (FIFO), not a file of accepted overlaps")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_graph_is_refused(tmp_path: Path, device: str, monkeypatch: pytest.MonkeyPatch) -> None:
    done = in_process(["check", device], tmp_path, monkeypatch)
    expect(done, 2, within=20, says=f"{device} is a device, not a graph file")


TEXT_NEVER_COMES = "class E(Exception):\n    def __str__(self):\n        while True:\n            pass\n\nraise E()\n"


def test_an_exception_whose_text_never_comes_is_read_under_a_limit(tmp_path: Path) -> None:
    write(tmp_path, "g.py", TEXT_NEVER_COMES)
    before = hashes(tmp_path)
    done = run(["check", "g.py"], tmp_path)
    expect(done, 2, says="g.py:6: importing the graph file raised E: <E whose message did not come within 1 s>")
    assert hashes(tmp_path) == before


def test_an_exception_whose_text_sleeps_is_read_under_a_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "g.py", "import time\nclass E(Exception):\n    def __str__(self):\n        time.sleep(10**6)\n"
          "        return 'never'\n\nraise E()\n")
    done = in_process(["claim", "g.py", "x"], tmp_path, monkeypatch)
    expect(done, 2, says="<E whose message did not come within 1 s>")


# -- exit codes mean one thing each ------------------------------------------------------------------------------

TS_HEAD = (
    "import { defineSkill, skillGraph } from 'agentfootprint';\n"
    "const a = defineSkill({ id: 'a', description: 'a', body: 'a' });\n"
)


@pytest.mark.parametrize(("name", "text", "says"), [
    ("escape.ts", TS_HEAD + "export const g = skillGraph().entry(a, { match: { keywords: ['a\\u{110000}'] } })"
     ".build({ check: 'off' });\n", "escape.ts:3: the string escape `\\u{110000}` names no character"),
    ("escape_huge.ts", TS_HEAD + "export const g = skillGraph().entry(a, { match: { keywords: ['x'] } })"
     ".neverRoutes('b\\u{FFFFFFFFFFFF}').build({ check: 'off' });\n", "escape_huge.ts:3: the string escape"),
    ("number.json", '{"name": "x", "n": ' + "9" * 5000 + ', "entries": []}',
     "number.json:1:20: a number of 5,000 digits"),
    ("negative.json", '{"name": "x",\n "entries": [{"id": "a", "match": {"keywords": ["a"]}, "n": -' + "1" * 4400
     + "}]}", "negative.json:2:61: a number of 4,400 digits"),
    ("in_examples.json", '{"name": "x", "entries": [{"id": "a", "match": {"keywords": ["a"]}, "examples": ['
     + "7" * 4301 + "]}]}", "a number of 4,301 digits"),
    ("flags.json", json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "(?a)(?u)a"}}]}),
     "ASCII and UNICODE flags are incompatible"),
    ("locale.json", json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "(?L)a"}}]}),
     "does not compile (error: bad inline flags"),
    ("repeat.json", json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "a{4294967295}"}}]}),
     "does not compile (OverflowError: the repetition number is too large)"),
    ("nested.json", json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "(" * 1000 + "a"
                                                                              + ")" * 1000}}]}),
     "it nests 1000 groups inside one another; fuzzroute reads regexes nested at most 400 deep"),
    ("nested_450.json", json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "(" * 450 + "a"
                                                                                  + ")" * 450}}]}),
     "it nests 450 groups"),
    ("nested_js.json", json.dumps({"name": "x", "regex_dialect": "javascript", "entries": [
        {"id": "a", "match": {"regex": "(" * 1000 + "a" + ")" * 1000}}]}), "the JavaScript regex cannot be used"),
    ("nested.ts", TS_HEAD + "export const g = skillGraph().entry(a, { match: /" + "(" * 1000 + "a" + ")" * 1000
     + "/ }).build({ check: 'off' });\n", "nested.ts:3:"),
])
def test_inputs_that_used_to_crash_are_bad_input(
    tmp_path: Path, name: str, text: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, name, text)
    before = hashes(tmp_path)
    done = in_process(["check", name], tmp_path, monkeypatch)
    expect(done, 2, says=says)
    assert done.out == "" and hashes(tmp_path) == before


def test_a_javascript_regex_nested_far_past_190_groups_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = "(" * 350 + "ab" + ")" * 350
    write(tmp_path, "deep.ts", TS_HEAD + f"export const g = skillGraph().entry(a, {{ match: /{source}/, "
          "examples: ['ab'] }).build({ check: 'off' });\n")
    done = in_process(["check", "deep.ts"], tmp_path, monkeypatch)
    expect(done, 0)
    assert "0 error(s)" in done.out


@pytest.fixture(scope="module")
def report_json(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The --json of a small report, as another run would have written it."""
    folder = tmp_path_factory.mktemp("report")
    write(folder, "g.json", GOOD_JSON)
    result = CliRunner().invoke(main, ["report", str(folder / "g.json"), "--budget", "20", "--workers", "1",
                                       "--no-decide", "-o", str(folder / "r.html"), "--json", str(folder / "r.json")])
    assert result.exit_code == 0, result.output
    return (folder / "r.json").read_text(encoding="utf-8")


def _with_long_number(document: str) -> str:
    return document.replace("{", '{"padding": ' + "8" * 4400 + ", ", 1)


def test_a_long_number_in_a_merge_shard_is_bad_input(
    tmp_path: Path, report_json: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "a.json", _with_long_number(report_json))
    before = hashes(tmp_path)
    done = in_process(["merge", "a.json", "-o", "m.html"], tmp_path, monkeypatch)
    expect(done, 2, says="a.json:1:13: the report holds a number of 4,400 digits")
    assert hashes(tmp_path) == before and not (tmp_path / "m.html").exists()


def test_a_long_number_in_a_baseline_is_bad_input(
    tmp_path: Path, report_json: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    write(tmp_path, "base.json", _with_long_number(report_json))
    before = hashes(tmp_path)
    done = in_process(["report", "g.json", "--baseline", "base.json", "--budget", "20", "--workers", "1", "--no-decide",
                "-o", "r.html"], tmp_path, monkeypatch)
    expect(done, 2, says="base.json:1:13:")
    assert hashes(tmp_path) == before


def test_a_long_number_in_the_ledger_is_bad_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    first = in_process(["report", "g.json", "--db", "db", "--budget", "20", "--workers", "1", "--no-decide",
                 "-o", "r.html"], tmp_path, monkeypatch)
    expect(first, 0)
    ledger = ledger_path(tmp_path / "db", "shop")
    ledger.write_text(_with_long_number(ledger.read_text(encoding="utf-8")), encoding="utf-8")
    before = hashes(tmp_path)
    done = in_process(["report", "g.json", "--db", "db", "--budget", "20", "--workers", "1", "--no-decide",
                   "-o", "r2.html"], tmp_path, monkeypatch)
    expect(done, 2, says="witness ledger is corrupt (at line 1, column 13 it holds a number of 4,400 digits")
    assert hashes(tmp_path) == before


def test_a_long_number_in_the_acceptance_file_is_bad_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    write(tmp_path, "g.json.accepted.json", '{"accepted": [], "n": ' + "5" * 4500 + "}")
    before = hashes(tmp_path)
    done = in_process(["check", "g.json"], tmp_path, monkeypatch)
    expect(done, 2, says="g.json.accepted.json:1:23: a number of 4,500 digits")
    assert hashes(tmp_path) == before


@pytest.mark.parametrize("command", [["claim", "ABS", "refund"]])
def test_a_deleted_working_directory_is_bad_environment(tmp_path: Path, command: list[str]) -> None:
    graph = write(tmp_path, "g.json", GOOD_JSON)
    gone = tmp_path / "gone"
    gone.mkdir()
    args = " ".join(str(graph) if a == "ABS" else a for a in command)
    done = run([], tmp_path, shell=f"cd {gone} && rmdir {gone} && {sys.executable} -m fuzzroute {args}")
    expect(done, 2, says="the working directory cannot be read")


@pytest.mark.parametrize("command", [["check", "g.json"], ["claim", "g.json", "refund"]])
def test_a_closed_stdout_is_bad_environment(tmp_path: Path, command: list[str]) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    done = run([], tmp_path, shell=f"{sys.executable} -m fuzzroute {' '.join(command)} >&-", stdout=None)
    expect(done, 2, says="standard output is closed")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["check", "g.json", "--format", "json"], ["check", "g.py"]])
def test_a_full_stdout_is_bad_environment(tmp_path: Path, command: list[str]) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    write(tmp_path, "g.py", GRAPH_HEAD + "graph = Graph('p').entry('a', match=keywords('refund'))\n")
    done = run([], tmp_path, shell=f"{sys.executable} -m fuzzroute {' '.join(command)} > /dev/full", stdout=None)
    expect(done, 2, says="cannot write to standard output (No space left on device)")


def _many_failing_rows(rules: int) -> str:
    """A graph whose every later rule's example is taken by the first rule: one proven error line each."""
    entries = [{"id": "orders", "match": {"keywords": ["order"]}}]
    entries += [{"id": f"r{i}", "match": {"keywords": [f"w{i}"]}, "examples": [f"order w{i} " + "x" * 40]}
                for i in range(rules)]
    return json.dumps({"name": "many", "entries": entries})


@pytest.mark.parametrize(("command", "code"), [
    ("check g.json --format json", 1),
    ("check g.json --fail-on never", 0),
])
def test_a_reader_that_leaves_early_ends_the_run_quietly_with_its_own_code(
    tmp_path: Path, command: str, code: int
) -> None:
    write(tmp_path, "g.json", _many_failing_rows(800))  # far more output than a pipe holds
    done = run([], tmp_path, shell=f"set -o pipefail; {sys.executable} -m fuzzroute {command} | head -c 1 >/dev/null")
    expect(done, code)
    assert done.err == ""


@pytest.mark.parametrize("debug", ["", "1"])
def test_an_internal_error_in_a_command_is_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, debug: str) -> None:
    write(tmp_path, "g.json", GOOD_JSON)

    def broken(*args: object, **kwargs: object) -> str:
        raise KeyError("simulated bug")

    from fuzzroute.report.render import check_text

    monkeypatch.setattr(check_text, "checkup_text", broken)
    monkeypatch.setenv("FUZZROUTE_DEBUG", debug)
    done = in_process(["check", "g.json"], tmp_path, monkeypatch)
    assert done.code == 3, done.err
    assert "fuzzroute: internal error: KeyError: 'simulated bug'. This is a bug in fuzzroute" in done.err
    assert ("Traceback" in done.err) == (debug == "1")


def test_an_internal_error_is_exit_3_with_one_paragraph(tmp_path: Path) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    inject = ("import sys, fuzzroute.report.render.check_text as c\n"
              "def broken(*a, **k):\n    raise ZeroDivisionError('simulated bug')\n"
              "c.checkup_text = broken\n"
              "import sys; sys.argv = ['fuzzroute', 'check', 'g.json']\n"
              "from fuzzroute.__main__ import run\nrun()\n")
    done = run(["-c", inject], tmp_path, program=[sys.executable])
    expect(done, 3, says="fuzzroute: internal error: ZeroDivisionError: simulated bug. This is a bug in fuzzroute")
    assert "FUZZROUTE_DEBUG=1" in done.err and len(done.err.strip().splitlines()) == 1


# -- graph code never chooses the exit code ----------------------------------------------------------------------

ENDINGS_AT_IMPORT = {
    "os_exit_0": "import os\nos._exit(0)\n",
    "os_exit_3": "import os\nos._exit(3)\n",
    "sigkill": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
}


@needs_fork
@pytest.mark.parametrize("how", sorted(ENDINGS_AT_IMPORT))
def test_graph_code_ending_the_process_at_import_is_exit_2(tmp_path: Path, how: str) -> None:
    write(tmp_path, "g.py", ENDINGS_AT_IMPORT[how])
    before = hashes(tmp_path)
    done = run(["check", "g.py"], tmp_path)
    says = "killed by SIGKILL" if how == "sigkill" else "the graph's own code ended the process"
    expect(done, 2, says=says)
    assert "the import of the graph file g.py" in done.err and done.out == "" and hashes(tmp_path) == before


@needs_fork
@pytest.mark.parametrize("command", [
    ["check", "g.py", "--fail-on", "never"],
    ["claim", "g.py", "refund please"],
    ["report", "g.py", "--budget", "20", "--workers", "1", "--no-decide", "-o", "r.html"],
])
def test_graph_code_ending_the_process_in_a_when_is_exit_2(tmp_path: Path, command: list[str]) -> None:
    write(tmp_path, "g.py", "import os\n" + GRAPH_HEAD + "graph = Graph('x').entry('a', when=lambda ctx: os._exit(0), "
          "examples=['refund please']).entry('b', match=keywords('refund'))\n")
    before = hashes(tmp_path)
    done = run(command, tmp_path)
    expect(done, 2, says="the graph's own code ended the process (exit status 0) while it ran the `when` of rule 'a'")
    assert hashes(tmp_path) == before and not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(("option", "value"), [
    ("--condition-limit", "99999999999m"),
    ("--import-limit", "9300000000s"),
    ("--condition-limit", "9" * 400 + "s"),
    ("--import-limit", "1" + "0" * 20 + "ms"),
])
@pytest.mark.parametrize("command", [["check", "g.json"], ["claim", "g.json", "refund"]])
def test_limits_the_timer_cannot_hold_are_refused_when_parsed(
    tmp_path: Path, option: str, value: str, command: list[str]
, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "g.json", GOOD_JSON)
    done = in_process([*command, option, value], tmp_path, monkeypatch)
    expect(done, 2, says=f"{option} ")
    assert "longer than a time limit can be" in done.err and done.out == ""


# -- pytest ------------------------------------------------------------------------------------------------------
# (one failing item per bad graph under pytest and pytest -n 2: tests/test_hostile_graph_code.py)


def test_pytest_refuses_a_budget_below_one(tmp_path: Path) -> None:
    write(tmp_path, "good.json", GOOD_JSON)
    done = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--fuzzroute", "good.json", "--fuzzroute-explore",
                "--fuzzroute-budget", "-1"], tmp_path, program=[sys.executable])
    assert done.code == 4, (done.out, done.err)  # pytest's own code for a usage error
    assert "--fuzzroute-budget -1" in done.err and "Traceback" not in done.err + done.out


# -- what --help promises --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("command", "has_exit_1"), [
    ("check", True), ("report", True), ("diff", True), ("merge", True),
    ("claim", False), ("suggest", False), ("accept", False),
])
def test_each_help_lists_exactly_the_codes_its_command_returns(command: str, has_exit_1: bool) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    codes = result.output.split("Exit codes:", 1)[1]
    listed = {line.split()[0] for line in codes.splitlines() if line.startswith("    ") and line.split()[0].isdigit()}
    assert listed == ({"0", "1", "2", "3", "130"} if has_exit_1 else {"0", "2", "3", "130"}), codes
    assert "FUZZROUTE_DEBUG=1" in codes
    if not has_exit_1:
        assert "--fail-on" not in result.output


@pytest.mark.parametrize(("name", "text", "forks"), [
    ("g.json", GOOD_JSON, False),
    ("g.ts", TS_HEAD + "export const g = skillGraph().entry(a, { match: { keywords: ['x'] } })"
     ".build({ check: 'off' });\n", False),
    ("g.py", GRAPH_HEAD + "graph = Graph('p').entry('a', match=keywords('refund'))\n", True),
])
def test_only_a_graph_that_runs_python_code_is_watched_from_a_child(
    tmp_path: Path, name: str, text: str, forks: bool
) -> None:
    """The watched child costs a fork: JSON and TypeScript graphs run no code of their author's, so they get none."""
    from fuzzroute.engine import supervision
    from fuzzroute.graphfiles.loader import load_graph

    asked: list[str] = []
    supervision.on_graph_code(lambda: asked.append(name))
    try:
        load_graph(write(tmp_path, name, text))
    finally:
        supervision.on_graph_code(None)
    assert asked == ([name] if forks else [])
