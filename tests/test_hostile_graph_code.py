"""Graph code never fakes a verdict: what a `.py` graph does to fuzzroute's process is bad input, named.

Each case is a command line run as a user runs it (`tests/helpers/cli_server.py`
forks one per case from a process that did the imports once, so seventy
cases cost seconds, not a minute of interpreter starts).  Every case asserts
the exact exit code, the one-paragraph message, that no traceback reached the
user, that the run ended within its bound, that every input is byte for byte
as it was, and that `--format json` wrote either nothing (bad input) or
exactly one JSON document.

What is told apart, and how (`engine.graph_code`, `engine.signal_origin`):
a signal the graph's code sends its own process is not the user's (the
watching parent, which never runs graph code, knows who sent each signal);
a `KeyboardInterrupt` raised with no Ctrl-C is the graph's own exception;
replaced essentials, exit handlers, forks, changed signal handlers and
closed descriptors are found when the call returns or where graph code ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers.cli_server import CliServer, Done
from helpers.files import hashes

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the watched child needs os.fork")
pytestmark = needs_fork

HEAD = "import atexit, builtins, gc, os, signal, sys, threading, time\nfrom fuzzroute import Graph, keywords\n"
#: The graph an import case declares after its hostile code (one rule, its example claimed).
IMPORT_TAIL = "graph = Graph('x').entry('a', match=keywords('order'), examples=['my order'])\n"
#: Rule "a" is the `when`, rule "b" a keyword rule after it.  A `when` that returns False misses its own
#: example: a warning (a `when` may wait for conversation state), exit 0; one that throws: an error, exit 1.
WHEN_GRAPH = (
    HEAD + "def gate(ctx):\nBODY\n    return False\n"
    "graph = Graph('x').entry('a', when=gate, examples=['refund please'])"
    ".entry('b', match=keywords('refund'), examples=['refund it'])\n"
)
IMPORT_CALL = "in the import of the graph file g.py"
WHEN_CALL = "in the `when` of rule 'a' (rule #1, g.py:"
CHECK_JSON = ["check", "g.py", "--format", "json"]


def at_import(code: str) -> str:
    return HEAD + textwrap.dedent(code).strip() + "\n" + IMPORT_TAIL


def in_when(code: str) -> str:
    return WHEN_GRAPH.replace("BODY", textwrap.indent(textwrap.dedent(code).strip(), "    "))


@dataclass
class Case:
    """A graph (g.py, or several files), the command, and what must come of it."""

    text: str
    code: int
    says: str | None = None
    args: list[str] = field(default_factory=lambda: list(CHECK_JSON))
    files: dict[str, str] = field(default_factory=dict)
    bound: float = 20.0


def sent(name: str, call: str) -> str:
    return f"the graph's code sent {name} to fuzzroute's own process (os.kill, os.killpg or signal.raise_signal) {call}"


# -- the cases named by the report that found them ------------------------------------------------------------

NAMED = {
    "sigterm_import": Case(at_import("os.kill(os.getpid(), signal.SIGTERM)"), 2, sent("SIGTERM", IMPORT_CALL)),
    "sigterm_when": Case(in_when("os.kill(os.getpid(), signal.SIGTERM)"), 2, sent("SIGTERM", WHEN_CALL)),
    "sighup_import": Case(at_import("os.kill(os.getpid(), signal.SIGHUP)"), 2, sent("SIGHUP", IMPORT_CALL)),
    "sighup_when": Case(in_when("os.kill(os.getpid(), signal.SIGHUP)"), 2, sent("SIGHUP", WHEN_CALL)),
    "sigint_import": Case(at_import("os.kill(os.getpid(), signal.SIGINT)"), 2, sent("SIGINT", IMPORT_CALL)),
    "sigint_when": Case(in_when("os.kill(os.getpid(), signal.SIGINT)"), 2, sent("SIGINT", WHEN_CALL)),
    "keyboard_interrupt_import": Case(at_import("raise KeyboardInterrupt"), 2,
                                      "g.py:3: importing the graph file raised KeyboardInterrupt itself; no Ctrl-C "
                                      "was pressed"),
    # the predicate's own exception: it throws, so its example misses its rule (a proven error, exit 1)
    "keyboard_interrupt_when": Case(in_when("raise KeyboardInterrupt"), 1),
    "system_exit_import": Case(at_import("raise SystemExit(0)"), 2, "the file called sys.exit(0) while being imported"),
    "system_exit_when": Case(in_when("raise SystemExit(0)"), 1),
    "sys_exit_patched": Case(at_import("sys.exit = lambda *a: None"), 2,
                             f"the graph's code replaced sys.exit of fuzzroute's own process {IMPORT_CALL}"),
    "os_exit_patched": Case(at_import("os._exit = lambda code: None"), 2, f"replaced os._exit of fuzzroute's own "
                            f"process {IMPORT_CALL}"),
    "builtins_open_none": Case(at_import("builtins.open = None"), 2, f"replaced builtins.open of fuzzroute's own "
                               f"process {IMPORT_CALL}"),
    "atexit_print": Case(at_import("atexit.register(print, 'GARBAGE')"), 2,
                         f"the graph's code registered an exit handler (atexit.register(print)) {IMPORT_CALL}"),
    "atexit_sleep": Case(at_import("atexit.register(time.sleep, 10**6)"), 2,
                         f"registered an exit handler (atexit.register(sleep)) {IMPORT_CALL}"),
    "fork_import": Case(at_import("os.fork()"), 2, f"the graph's code forked the process (os.fork) {IMPORT_CALL}"),
    "fork_when": Case(in_when("os.fork()"), 2, f"the graph's code forked the process (os.fork) {WHEN_CALL}"),
    "sigchld_handler_raises": Case(at_import("""
        def on_child(*args):
            raise RuntimeError('child')
        signal.signal(signal.SIGCHLD, on_child)
        """), 2, "the graph's code changed the handler of SIGCHLD of fuzzroute's own process (found after the import"),
    "when_closes_descriptors": Case(in_when("os.closerange(3, 1024)"), 2,
                                    "the graph's code closed file descriptor"),
}

# -- of our own: more ways to signal, exit, patch, fork and leak ----------------------------------------------------

OWN = {
    "raise_signal_when": Case(in_when("signal.raise_signal(signal.SIGTERM)"), 2, sent("SIGTERM", WHEN_CALL)),
    "killpg_when": Case(in_when("os.killpg(0, signal.SIGTERM)"), 2, sent("SIGTERM", WHEN_CALL)),
    "killpg_sigint_import": Case(at_import("os.killpg(0, signal.SIGINT)"), 2, sent("SIGINT", IMPORT_CALL)),
    "kill_group_from_a_subprocess": Case(at_import("import subprocess; subprocess.run(['kill', '-TERM', '0'])"), 2,
                                         sent("SIGTERM", IMPORT_CALL)),
    "swallowed_sigint_when": Case(in_when("""
        try:
            os.kill(os.getpid(), signal.SIGINT)
        except BaseException:
            return True
        """), 2, sent("SIGINT", WHEN_CALL)),
    "swallowed_sigterm_import": Case(at_import("""
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)
        except BaseException:
            pass
        """), 2, sent("SIGTERM", IMPORT_CALL)),
    "own_sigterm_handler": Case(at_import("""
        signal.signal(signal.SIGTERM, lambda *a: None)
        os.kill(os.getpid(), signal.SIGTERM)
        """), 2, "the graph's code replaced the handler of SIGTERM of fuzzroute's own process"),
    "default_sigterm_then_kill": Case(at_import("""
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        """), 2, "the process was ended by SIGTERM while it ran the import of the graph file g.py, before it "
                 "finished; nobody sent fuzzroute that signal"),
    "ignored_sigint_import": Case(at_import("signal.signal(signal.SIGINT, signal.SIG_IGN)"), 2,
                                  "the graph's code replaced the handler of SIGINT"),
    "sigkill_when": Case(in_when("os.kill(os.getpid(), signal.SIGKILL)"), 2,
                         "the process was killed by SIGKILL while it ran the `when` of rule 'a'"),
    "sigstop_when": Case(in_when("os.kill(os.getpid(), signal.SIGSTOP)"), 2,
                         "the graph's own code stopped its process with SIGSTOP while it ran the `when` of rule 'a'"),
    "sigstop_import": Case(at_import("os.kill(os.getpid(), signal.SIGSTOP)"), 2,
                           "stopped its process with SIGSTOP while it ran the import of the graph file g.py"),
    "sigquit_when": Case(in_when("os.kill(os.getpid(), signal.SIGQUIT)"), 2,
                         "the process was ended by SIGQUIT while it ran the `when` of rule 'a'"),
    "sigusr1_when": Case(in_when("os.kill(os.getpid(), signal.SIGUSR1)"), 2,
                         "the process was ended by SIGUSR1 while it ran the `when` of rule 'a'"),
    # the watcher is not the graph's process: a signal the graph sends it is neither obeyed nor passed on
    "sigterm_to_the_watcher": Case(in_when("os.kill(os.getppid(), signal.SIGTERM)"), 0),
    "sigusr1_to_the_watcher": Case(in_when("os.kill(os.getppid(), signal.SIGUSR1)"), 0),
    "sigalrm_when": Case(in_when("os.kill(os.getpid(), signal.SIGALRM)"), 0),
    "thread_signals_later": Case(HEAD + textwrap.dedent("""
        go = threading.Event()
        def later():
            go.wait()
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=later, daemon=True).start()
        def gate(ctx):
            go.set()
            time.sleep(0.3)
            return False
        graph = Graph('t').entry('a', when=gate, examples=['refund please'])
        """), 2, "the graph's code sent SIGINT to fuzzroute's own process"),
    "bool_sends_sigterm": Case(in_when("""
        class Verdict:
            def __bool__(self):
                os.kill(os.getpid(), signal.SIGTERM)
                return True
        return Verdict()
        """), 2, sent("SIGTERM", WHEN_CALL)),
    "bool_raises_keyboard_interrupt": Case(in_when("""
        class Verdict:
            def __bool__(self):
                raise KeyboardInterrupt
        return Verdict()
        """), 1),
    "exception_text_sends_sigint": Case(at_import("""
        class Loud(Exception):
            def __str__(self):
                os.kill(os.getpid(), signal.SIGINT)
                return 'loud'
        raise Loud()
        """), 2, sent("SIGINT", "in the text (__str__) of a Loud raised by the graph's code")),
    "sys_exit_patched_in_when": Case(in_when("sys.exit = lambda *a: None"), 2,
                                     f"replaced sys.exit of fuzzroute's own process {WHEN_CALL}"),
    "sorted_patched_in_when": Case(in_when("builtins.sorted = lambda *a, **k: []"), 2,
                                   f"replaced builtins.sorted of fuzzroute's own process {WHEN_CALL}"),
    "print_patched": Case(at_import("builtins.print = lambda *a, **k: None"), 2, "replaced builtins.print"),
    "len_removed": Case(at_import("del builtins.len"), 2, "removed builtins.len"),
    "os_kill_patched": Case(at_import("os.kill = lambda *a: None"), 2, "replaced os.kill"),
    "os_fork_patched": Case(at_import("os.fork = lambda: 0"), 2, "replaced os.fork"),
    "monotonic_patched": Case(at_import("time.monotonic = lambda: 0.0"), 2, "replaced time.monotonic"),
    "recursion_limit": Case(at_import("sys.setrecursionlimit(60)"), 2, "changed the recursion limit"),
    "digit_limit": Case(at_import("sys.set_int_max_str_digits(640)"), 2, "changed the integer digit limit"),
    "trace_function": Case(at_import("sys.settrace(lambda *a: None)"), 2, "changed the trace function"),
    "gc_disabled": Case(at_import("gc.disable()"), 2, "changed whether the garbage collector runs"),
    "sigalrm_blocked": Case(at_import("signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])"), 2,
                            "blocked SIGALRM"),
    "sigalrm_handler_replaced": Case(in_when("signal.signal(signal.SIGALRM, signal.SIG_IGN)"), 2,
                                     "replaced the handler of SIGALRM (fuzzroute's time limits)"),
    "sigpipe_handler_in_when": Case(in_when("signal.signal(signal.SIGPIPE, lambda *a: None)"), 2,
                                    "changed the handler of SIGPIPE"),
    "atexit_in_when": Case(in_when("atexit.register(print, 'late')"), 2,
                           f"registered an exit handler (atexit.register(print)) {WHEN_CALL}"),
    "atexit_by_alias": Case(at_import("from atexit import register as on_exit\non_exit(os.getpid)"), 2,
                            "registered an exit handler (atexit.register(getpid))"),
    "fork_by_multiprocessing": Case(in_when("""
        import multiprocessing
        multiprocessing.get_context('fork').Process(target=print).start()
        """), 2, f"the graph's code forked the process (os.fork) {WHEN_CALL}"),
    "forkpty_import": Case(at_import("import pty; pty.fork()"), 2, f"forked the process (os.fork) {IMPORT_CALL}"),
    # a raw fork (no Python hook runs): the copy ends when it returns to fuzzroute, so the command runs once
    "raw_fork_import": Case(at_import("import ctypes; ctypes.CDLL(None).fork()"), 0),
    "fork_swallowed": Case(at_import("""
        try:
            os.fork()
        except BaseException:
            pass
        """), 2, "forked the process"),
    "closes_stderr": Case(in_when("os.close(2)"), 2,
                          "the graph's code closed file descriptor 2 (fuzzroute's standard error)"),
    "replaces_stderr": Case(in_when("os.dup2(os.open(os.devnull, os.O_WRONLY), 2)"), 2,
                            "replaced file descriptor 2 (fuzzroute's standard error)"),
    "closes_everything": Case(in_when("os.closerange(0, 4096)"), 2, "closed file descriptor 2"),
    "class_property_interrupts": Case(at_import("""
        class Sly:
            @property
            def __class__(self):
                raise KeyboardInterrupt
        sly = Sly()
        """), 2, "looking for the module-level Graph raised KeyboardInterrupt"),
    "class_property_never_returns": Case(at_import("""
        class Sly:
            @property
            def __class__(self):
                while True:
                    pass
        sly = Sly()
        """), 2, "looking for the module-level Graph did not finish within 0.3 s",
        args=[*CHECK_JSON, "--import-limit", "300ms"]),
    "subclass_name_raises": Case(HEAD + textwrap.dedent("""
        class Mine(Graph):
            @property
            def name(self):
                raise ValueError('no name')
            @name.setter
            def name(self, value):
                pass
        graph = Mine('x').entry('a', match=keywords('order'), examples=['my order'])
        """), 2, "g.py: looking for the module-level Graph raised ValueError: no name"),
    "subclassed_matcher": Case(HEAD + textwrap.dedent("""
        from fuzzroute.engine.matchers import Keywords
        class Always(Keywords):
            def matches(self, message):
                return True
        graph = Graph('x').entry('a', match=Always(('order',)), examples=['anything'])
        """), 2, "its matcher is of class Always, a subclass of fuzzroute's"),
    # ...and what must stay as it is: no false alarm
    "builtin_added": Case(at_import("builtins._ = str"), 0),
    "stdlib_registers_at_import": Case(at_import("import logging, concurrent.futures, multiprocessing"), 0),
    "a_subprocess_is_no_fork": Case(in_when("import subprocess; subprocess.run(['true'], check=True)"), 0),
    "os_system_is_no_fork": Case(at_import("os.system('true')"), 0),
    "stdout_closed_at_import": Case(at_import("sys.stdout.close()"), 0),
    "stdout_replaced_at_import": Case(at_import("sys.stdout = open(os.devnull, 'w')"), 0),
    # inside the capture window descriptor 1 is the graph's own (a copy of the capture): closing it harms nothing
    "fd_1_closed_in_when": Case(in_when("""
        try:
            os.close(1)
        except OSError:
            pass
        """), 0),
    "signal_handler_restored_within_the_call": Case(in_when("""
        previous = signal.signal(signal.SIGCHLD, lambda *a: None)
        signal.signal(signal.SIGCHLD, previous)
        """), 0),
    "import_prints": Case(at_import("print('loading the graph'); print('more', file=sys.stderr)"), 0),
    # a thread the graph leaves running writes while the results are printed: never into them
    "thread_writes_descriptor_1": Case(at_import("""
        def spam():
            while True:
                os.write(1, b'GARBAGE\\n')
                time.sleep(0.0002)
        threading.Thread(target=spam, daemon=True).start()
        """), 0),
    "thread_prints": Case(at_import("""
        def spam():
            while True:
                print('GARBAGE', flush=True)
                time.sleep(0.0002)
        threading.Thread(target=spam, daemon=True).start()
        """), 0),
}

# -- a Graph subclass's own methods are never run: they could only choose the verdict ---------------------------------

SUBCLASS = HEAD + textwrap.dedent("""
    from fuzzroute.engine.problems import Checkup
    class Mine(Graph):
        def checkup(self, *args, **kwargs):
            BODY
    graph = Mine('x').entry('a', match=keywords('order'), examples=['refund please'])
    """)
OWN |= {
    "subclass_checkup_raises": Case(SUBCLASS.replace("BODY", "raise ValueError('mine')"), 1),
    "subclass_checkup_fakes_a_pass": Case(SUBCLASS.replace("BODY", "return Checkup((), (), (), ())"), 1),
    "subclass_checkup_exits": Case(SUBCLASS.replace("BODY", "os._exit(0)"), 1),
}

COMMANDS = {
    "claim_sigterm": Case(in_when("os.kill(os.getpid(), signal.SIGTERM)"), 2, "sent SIGTERM",
                          args=["claim", "g.py", "refund please"]),
    "report_sigint": Case(in_when("os.kill(os.getpid(), signal.SIGINT)"), 2, "sent SIGINT",
                          args=["report", "g.py", "--budget", "20", "--workers", "1", "--no-decide", "-o", "r.html"]),
    "report_fork": Case(in_when("os.fork()"), 2, "forked the process",
                        args=["report", "g.py", "--budget", "20", "--workers", "1", "--no-decide", "-o", "r.html"]),
    "suggest_sigint": Case(in_when("os.kill(os.getpid(), signal.SIGINT)"), 2, "sent SIGINT", args=["suggest", "g.py"]),
    "diff_sigterm_import": Case(at_import("os.kill(os.getpid(), signal.SIGTERM)"), 2, "sent SIGTERM",
                                args=["diff", "good.py", "g.py"],
                                files={"good.py": HEAD + IMPORT_TAIL}),
    "check_two_graphs": Case(at_import("atexit.register(print, 'x')"), 2, "registered an exit handler",
                             args=["check", "good.py", "g.py", "--format", "json"],
                             files={"good.py": HEAD + IMPORT_TAIL}),
}

IN_WORKERS = (
    HEAD + "import multiprocessing\n"
    "def gate(ctx):\n"
    "    if multiprocessing.current_process().name != 'MainProcess':\n"
    "        BODY\n"
    "    return False\n"
    "graph = (Graph('w').entry('a', match=keywords('refund'), examples=['refund please'])\n"
    "         .entry('b', when=gate).entry('c', match=keywords('order')))\n"
)
REPORT_WORKERS = ["report", "g.py", "--workers", "2", "--budget", "200", "--no-decide", "-o", "r.html"]
COMMANDS |= {
    "worker_sigterm": Case(IN_WORKERS.replace("BODY", "os.kill(os.getpid(), signal.SIGTERM)"), 2,
                           "a worker process ended while it judged the phrases of rule", args=REPORT_WORKERS),
    "worker_keyboard_interrupt": Case(IN_WORKERS.replace("BODY", "raise KeyboardInterrupt"), 0, args=REPORT_WORKERS),
    "worker_fork": Case(IN_WORKERS.replace("BODY", "os.fork()"), 2, "forked the process", args=REPORT_WORKERS),
    # its results could never come back: the worker ends naming the rule, the run never waits for them
    "worker_closes_descriptors": Case(IN_WORKERS.replace("BODY", "os.closerange(3, 1024)"), 2,
                                      "(it was running the graph's code, which closed file descriptor",
                                      args=REPORT_WORKERS),
}

CASES = NAMED | OWN | COMMANDS


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CliServer]:
    server = CliServer(tmp_path_factory.mktemp("outputs"))
    yield server
    server.close()


def expect(done: Done, code: int, says: str | None, *, bound: float, json_output: bool) -> None:
    """The exact code, no traceback, one error paragraph that says `says`, within the bound, stdout as promised."""
    assert done.code is not None, f"did not end within {bound:g} s: {done.err[-1000:]}"
    assert done.code == code, (done.code, done.err[-2000:], done.out[-500:])
    assert "Traceback" not in done.err and "Traceback" not in done.out, done.err
    assert "interrupted" not in done.err, done.err  # never read as the user's Ctrl-C
    errors = [line for line in done.err.splitlines() if line.startswith("fuzzroute: error:")]
    if says is not None:
        assert len(errors) == 1 and says in errors[0], done.err
    if code == 2:
        assert done.out == "", done.out  # bad input: nothing half-written on stdout
    elif json_output:
        json.loads(done.out)  # exactly one JSON document (garbage after it would not decode)
    assert "GARBAGE" not in done.out + done.err


@pytest.mark.parametrize("name", sorted(CASES))
def test_graph_code_cannot_choose_the_outcome(cli: CliServer, tmp_path: Path, name: str) -> None:
    case = CASES[name]
    (tmp_path / "g.py").write_text(case.text, encoding="utf-8")
    for other, text in case.files.items():
        (tmp_path / other).write_text(text, encoding="utf-8")
    before = hashes(tmp_path)
    done = cli.run(case.args, tmp_path, bound=case.bound)
    expect(done, case.code, case.says, bound=case.bound, json_output="json" in case.args)
    after = hashes(tmp_path)
    written = {"r.html"} if case.code != 2 and "report" in case.args else set()
    assert {k: v for k, v in after.items() if k not in written} == before
    assert case.code == 2 or "report" not in case.args or (tmp_path / "r.html").exists()
    assert not (tmp_path / "r.html").exists() or case.code != 2


def test_a_graph_that_forks_at_import_never_runs_the_command_twice(cli: CliServer, tmp_path: Path) -> None:
    """The copy the fork makes ends before it returns to the graph's code or to fuzzroute's."""
    (tmp_path / "g.py").write_text(at_import("""
        child = os.fork()
        open(f'ran-{os.getpid()}-{child}', 'w').close()
        """), encoding="utf-8")
    done = cli.run(CHECK_JSON, tmp_path)
    expect(done, 2, f"the graph's code forked the process (os.fork) {IMPORT_CALL}", bound=20, json_output=True)
    markers = sorted(p.name for p in tmp_path.glob("ran-*"))
    assert len(markers) == 1 and not markers[0].endswith("-0"), markers  # only the parent went on
    assert done.err.count("fuzzroute: error:") == 1


@pytest.mark.parametrize(("how", "number", "code"), [
    ("kill", signal.SIGINT, 130),
    ("terminal", signal.SIGINT, 130),
    ("kill", signal.SIGTERM, 143),
    ("kill", signal.SIGHUP, 129),
])
def test_only_the_users_signal_interrupts(cli: CliServer, tmp_path: Path, how: str, number: int, code: int) -> None:
    """The user's signal, sent to fuzzroute (or typed as ^C on its terminal) while a `when` runs: interrupted."""
    marker = tmp_path / "called"
    (tmp_path / "g.py").write_text(in_when(f"open({str(marker)!r}, 'w').close()\ntime.sleep(30)"), encoding="utf-8")
    before = hashes(tmp_path)
    done = cli.run([*CHECK_JSON, "--condition-limit", "60s"], tmp_path, bound=30,
                   signal_when={"file": str(marker), "how": how, "signal": int(number)})
    assert done.code == code, (done.code, done.err)
    assert done.stopped_after is not None and done.stopped_after < 10
    assert "Traceback" not in done.err and done.out == ""
    if number == signal.SIGINT:
        assert "fuzzroute: interrupted (Ctrl-C)" in done.err and "fuzzroute: error:" not in done.err
    marker.unlink()
    assert hashes(tmp_path) == before


def test_a_descriptor_limit_is_the_environment_not_a_bug(cli: CliServer, tmp_path: Path) -> None:
    """`ulimit -n 16` and four workers on a JSON graph: exit 2 naming the limit and the fix."""
    graph = {"name": "shop", "entries": [
        {"id": f"r{i}", "match": {"keywords": [f"word{i}"]}, "examples": [f"word{i} please"]} for i in range(8)]}
    (tmp_path / "g.json").write_text(json.dumps(graph), encoding="utf-8")
    before = hashes(tmp_path)
    done = cli.run(["report", "g.json", "--workers", "4", "--budget", "200", "-o", "r.html"], tmp_path, nofile=16)
    expect(done, 2, "the system refused to open one more file for fuzzroute (too many open files: this process may "
           "hold at most 16) (EMFILE", bound=20, json_output=False)
    assert "ulimit -n" in done.err and "--workers 1" in done.err
    assert hashes(tmp_path) == before


# -- pytest: one failing item per bad graph, the rest of the session runs -----------------------------------------

TS_HEAD = (
    "import { defineSkill, skillGraph } from 'agentfootprint';\n"
    "const a = defineSkill({ id: 'a', description: 'a', body: 'a' });\n"
)
GOOD_JSON = json.dumps({"name": "shop", "entries": [
    {"id": "orders", "match": {"keywords": ["order"]}, "examples": ["my order"]},
    {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund please"]},
]})
#: Each bad graph of a session, and the one item of it that must fail (`load`, or a declared row).
PYTEST_BAD_GRAPHS = {
    **{f"{name}.py": (CASES[name].text, "load") for name in (
        "sigterm_import", "sigterm_when", "sighup_when", "sigint_import", "sigint_when", "keyboard_interrupt_import",
        "sys_exit_patched", "builtins_open_none", "atexit_print", "atexit_sleep", "fork_import", "fork_when",
        "sigchld_handler_raises", "when_closes_descriptors", "sigstop_when", "killpg_sigint_import",
        "thread_signals_later", "os_exit_patched")},
    "keyboard_interrupt_when.py": (CASES["keyboard_interrupt_when"].text, "a#1::'refund please'"),
    "exit_import.py": ("import os\nos._exit(0)\n", "load"),
    "exit_when.py": (in_when("os._exit(0)"), "load"),
    "escape.ts": (TS_HEAD + "export const g = skillGraph().entry(a, { match: { keywords: ['a\\u{110000}'] } })"
                  ".build({ check: 'off' });\n", "load"),
    "octal.ts": (TS_HEAD + "export const g = skillGraph().entry(a, { match: { keywords: ['\\101'] } })"
                 ".build({ check: 'off' });\n", "load"),
    "number.json": ('{"name": "x", "n": ' + "9" * 5000 + ', "entries": []}', "load"),
    "flags.json": (json.dumps({"name": "x", "entries": [{"id": "a", "match": {"regex": "(?a)(?u)a"}}]}), "load"),
    "nested.ts": (TS_HEAD + "export const g = skillGraph().entry(a, { match: /" + "(" * 1000 + "a" + ")" * 1000
                  + "/ }).build({ check: 'off' });\n", "load"),
}


#: Graphs that cost their time limits (the probe waits them out): in the one-process session only.
SLOW_BAD_GRAPHS = {
    "stuck.py": (in_when("sum(range(4 * 10**10))"), "load"),
    "text_hangs.py": (
        "class E(Exception):\n    def __str__(self):\n        while True:\n            pass\n\nraise E()\n", "load"),
}


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_pytest_turns_each_bad_graph_into_one_failing_item_and_goes_on(tmp_path: Path, workers: list[str]) -> None:
    bad = PYTEST_BAD_GRAPHS | ({} if workers else SLOW_BAD_GRAPHS)
    for name, (text, _) in bad.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "good.json").write_text(GOOD_JSON, encoding="utf-8")
    (tmp_path / "test_plain.py").write_text("def test_nothing():\n    pass\n", encoding="utf-8")
    before = hashes(tmp_path)
    graphs = [arg for name in sorted(bad) for arg in ("--fuzzroute", name)]
    done = _run_pytest(tmp_path, ["-rA", *workers, "test_plain.py", *graphs, "--fuzzroute", "good.json"], bound=120)
    assert done.code == 1, done.out[-3000:]
    assert "INTERNALERROR" not in done.out and "Traceback" not in done.out + done.err, done.out[-3000:]
    assert "interrupted" not in done.out.lower() and "no tests ran" not in done.out
    failed = [line for line in done.out.splitlines() if line.startswith("FAILED ")]
    for name, (_, item) in bad.items():
        mine = [line for line in failed if line.startswith(f"FAILED {name}::")]
        assert len(mine) == 1 and mine[0].startswith(f"FAILED {name}::{item}"), (name, mine, done.out[-3000:])
    assert len(failed) == len(bad), failed
    assert "PASSED test_plain.py::test_nothing" in done.out
    assert hashes(tmp_path) == before


def _run_pytest(folder: Path, args: list[str], bound: float) -> Done:
    import subprocess
    import time

    started = time.monotonic()
    child = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=folder,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = child.communicate(timeout=bound)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"the pytest session did not end within {bound:g} s: {out[-2000:]}")
    finally:
        with_suppressed_kill(child.pid)
    return Done(child.returncode, out, err, time.monotonic() - started)


def with_suppressed_kill(group: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)  # nothing of the session may outlive it (a forked probe)


# -- in this process: the same rules through the Python API, and the environment ---------------------------------

def test_in_the_api_a_keyboard_interrupt_the_graph_raises_is_its_own_exception() -> None:
    """No watcher to ask: a KeyboardInterrupt with no SIGINT behind it is the predicate's exception (it throws)."""
    from fuzzroute import Graph, keywords

    def gate(ctx: object) -> bool:
        raise KeyboardInterrupt

    graph = Graph("api").entry("a", when=gate, examples=["refund please"]).entry("b", match=keywords("refund"))
    checkup = graph.checkup()
    assert [(p.code, p.example) for p in checkup.problems if p.kind == "error"] == [
        ("example-misses-own-rule", "refund please")]
    assert graph.claims("refund it").cold_walk is not None  # the walk goes on past the throwing `when`


def test_in_the_api_a_real_sigint_during_a_when_is_the_users() -> None:
    """Without a watcher a SIGINT cannot be told from the user's: it interrupts, as a Ctrl-C must."""
    from fuzzroute import Graph

    def gate(ctx: object) -> bool:
        signal.raise_signal(signal.SIGINT)
        return False

    graph = Graph("api").entry("a", when=gate, examples=["refund please"])
    with pytest.raises(KeyboardInterrupt):
        graph.checkup()


def test_in_the_api_a_when_that_replaces_a_builtin_is_refused_and_undone() -> None:
    import builtins

    from fuzzroute import Graph
    from fuzzroute.engine.graph_code import GraphCodeError

    original = builtins.sorted

    def gate(ctx: object) -> bool:
        builtins.sorted = lambda *a, **k: []  # type: ignore[assignment]
        return False

    graph = Graph("api").entry("a", when=gate, examples=["refund please"])
    with pytest.raises(GraphCodeError, match="replaced builtins.sorted of fuzzroute's own process in the `when` of "
                       "rule 'a'"):
        graph.checkup()
    assert builtins.sorted is original


def test_the_time_limits_alarm_never_counts_as_the_graphs_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """An alarm that fires inside a garbage-collection callback (hypothesis keeps one) is fuzzroute's own.

    Python cannot raise from such a callback and prints "Exception ignored in ..." to stderr instead, which
    inside the capture window is the graph's output; the alarm is dropped there and fires again where it can.
    """
    import gc
    import time

    from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
    from fuzzroute.graphfiles.capture import GraphOutput

    fired_inside: list[bool] = []

    def slow_callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and not fired_inside:
            end = time.monotonic() + 2.0
            try:
                while time.monotonic() < end:  # the alarm fires in here
                    pass
            finally:
                fired_inside.append(True)

    def work() -> None:
        gc.collect()
        while True:
            time.sleep(0.01)

    monkeypatch.setattr(sys, "unraisablehook", sys.__unraisablehook__)  # Python's own, as in `fuzzroute`
    output = GraphOutput()
    gc.callbacks.append(slow_callback)
    try:
        with output.window(), pytest.raises(TimedOut):
            call_with_time_limit(0.05, work)
    finally:
        gc.callbacks.remove(slow_callback)
    assert fired_inside and output.lines == [] and output.cut_bytes == 0


@pytest.mark.parametrize(("error", "says"), [
    (PermissionError(13, "Permission denied", "/srv/graphs/g.json"),
     "permission denied on /srv/graphs/g.json (EACCES: Permission denied). Give fuzzroute read access"),
    (OSError(12, "Cannot allocate memory"), "the system could not give fuzzroute more memory (ENOMEM"),
    (MemoryError(), "the system could not give fuzzroute more memory (MemoryError)"),
    (OSError(24, "Too many open files"), "(EMFILE: Too many open files). Raise the limit (`ulimit -n 4096`)"),
    (OSError(28, "No space left on device", "r.json"), "no space left on the device on r.json (ENOSPC"),
])
def test_a_failure_of_the_environment_is_exit_2_naming_the_resource(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException, says: str
) -> None:
    from helpers.cli import code_out_err, invoke

    from fuzzroute.report.render import check_text

    def failing(*args: object, **kwargs: object) -> str:
        raise error

    (tmp_path / "g.json").write_text(GOOD_JSON, encoding="utf-8")
    monkeypatch.setattr(check_text, "checkup_text", failing)
    code, out, err = code_out_err(invoke("check", str(tmp_path / "g.json")))
    assert code == 2 and out == "" and "Traceback" not in err and "internal error" not in err, err
    assert err.startswith("fuzzroute: error: ") and says in err and err.count("\n") == 1, err


def test_an_ordinary_bug_is_still_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from helpers.cli import code_out_err, invoke

    from fuzzroute.report.render import check_text

    def failing(*args: object, **kwargs: object) -> str:
        raise OSError(9, "Bad file descriptor")  # no graph code ran: fuzzroute's own defect

    (tmp_path / "g.json").write_text(GOOD_JSON, encoding="utf-8")
    monkeypatch.setattr(check_text, "checkup_text", failing)
    code, _, err = code_out_err(invoke("check", str(tmp_path / "g.json")))
    assert code == 3 and "This is a bug in fuzzroute" in err
