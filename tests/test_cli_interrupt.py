"""Ctrl-C, as a user presses it: in each phase the run stops within about a second and exits 130.

`fuzzroute report` runs with its progress display on a pseudo-terminal (the
display only draws on a terminal); the test waits until the display names
the phase, then sends SIGINT.  The report is still written (partial, the
proven half whole) and the exit code is 130 whatever --fail-on says.
`check` and `suggest` exit 130 too, instead of click's "Aborted!" and 1.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fuzzroute.report.assembly.interrupt import Aborted, RunInterrupted, StopRequest
from fuzzroute.results.message_table import full_form

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HANGS = Path(__file__).resolve().parent / "data" / "hangs"
BOUND = 90
#: Ctrl-C must take effect within about a second; this allows for a loaded machine.
STOPS_WITHIN = 10.0


def _ctrl_c_delivered() -> None:
    """In the child: Ctrl-C as on a terminal, even when this suite runs in the background.

    A shell starts background jobs with SIGINT ignored, the child inherits that, and
    Python then installs no KeyboardInterrupt handler: the run would rightly ignore
    the signal, as `nohup` intends, and the test would measure nothing.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted_run(args: list[str], when: str | Path, env: dict[str, str] | None = None) -> tuple[int, str, float]:
    """Run `python -m fuzzroute *args` with stderr on a terminal; SIGINT once `when` shows (text or a file).

    Returns the exit code, stdout, and the seconds from the signal to the exit.
    """
    master, slave = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "fuzzroute", *args], stdout=subprocess.PIPE, stderr=slave, text=True,
        env={**os.environ, **(env or {})}, preexec_fn=_ctrl_c_delivered,
    )
    os.close(slave)
    seen = b""
    signalled: float | None = None
    started = time.monotonic()
    try:
        while child.poll() is None:
            if time.monotonic() - started > BOUND:
                pytest.fail(f"`fuzzroute {' '.join(args)}` did not end within {BOUND} s; terminal: {seen[-500:]!r}")
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                with contextlib.suppress(OSError):  # the terminal closes when the child exits
                    seen += os.read(master, 65536)
            shown = Path(when).exists() if isinstance(when, Path) else when.encode() in seen
            if signalled is None and shown:
                child.send_signal(signal.SIGINT)
                signalled = time.monotonic()
        assert signalled is not None, f"the run ended before {when!r} showed: {seen[-500:]!r}"
        stopped = time.monotonic() - signalled
        assert child.stdout is not None
        return child.returncode, child.stdout.read(), stopped
    finally:
        if child.poll() is None:
            child.kill()
        os.close(master)


def slow_to_decide(path: Path, rules: int = 600) -> Path:
    """A graph of many regex rules: deciding every pair of them takes long enough to press Ctrl-C in."""
    rng = random.Random(0)
    words = ["order", "refund", "parcel", "invoice", "account", "password", "delivery", "return", "cancel", "upgrade",
             "plan", "billing", "charge", "card", "address", "email", "phone", "login", "reset", "status", "track"]
    entries = []
    for i in range(rules):
        a, b = rng.sample(words, 2)
        entries.append({"id": f"r{i}", "match": {"regex": rf"\b{a}\b.*\b{b}{i}\b", "flags": "i"}})
    path.write_text(json.dumps({"name": "many", "entries": entries}))
    return path


def test_ctrl_c_in_the_decided_tier_writes_a_partial_report_and_exits_130(tmp_path: Path) -> None:
    graph = slow_to_decide(tmp_path / "many.json")
    code, out, stopped = interrupted_run(
        ["report", str(graph), "-o", str(tmp_path / "r.html"), "--json", str(tmp_path / "r.json"),
         "--fail-on", "never"],
        when="decided tier",
    )
    assert code == 130, out
    assert stopped < STOPS_WITHIN
    document = full_form(json.loads((tmp_path / "r.json").read_text()))
    assert document["partial"] is True and "decided tier" in document["partial_reason"]
    # The tier stops between two rules: what it decided stands, the rules after are listed as not reached.
    decision = document["decision"]
    assert decision["ran"] is True and decision["not_reached"]
    not_reached = [i for i in document["decided"] if i["question"] == "not-reached"]
    assert len(not_reached) == 1 and str(len(decision["not_reached"])) in not_reached[0]["message"]
    assert document["run"]["phrases_generated"] == 0  # generation never started
    assert document["proven"]["ok"] is True
    assert "PARTIAL" in out


def test_ctrl_c_in_generation_writes_a_partial_report_and_exits_130(tmp_path: Path) -> None:
    code, out, stopped = interrupted_run(
        ["report", str(EXAMPLES / "support.py"), "-o", str(tmp_path / "r.html"), "--json", str(tmp_path / "r.json"),
         "--budget", "1000000", "--fail-on", "never"],
        when="generating phrases",
    )
    assert code == 130, out
    assert stopped < STOPS_WITHIN
    document = full_form(json.loads((tmp_path / "r.json").read_text()))
    assert document["partial"] is True and document["run"]["ended_by"] == "interrupted"
    assert document["decision"]["ran"] is True and document["proven"]["problems"]
    assert "time:" in out and "generation" in out.split("time:")[1]


@pytest.mark.parametrize("command", ["check", "suggest"])
def test_ctrl_c_exits_130_not_aborted(command: str, tmp_path: Path) -> None:
    marker = tmp_path / "called"
    code, out, stopped = interrupted_run(
        [command, str(HANGS / "endless.py"), "--condition-limit", "60s"], when=marker,
        env={"FUZZROUTE_TEST_MARKER": str(marker)},
    )
    assert code == 130 and out == ""
    assert stopped < STOPS_WITHIN


def test_the_first_ctrl_c_leaves_an_abortable_phase_at_once_and_the_second_aborts() -> None:
    request = StopRequest()
    with request.phase("cooperative"):
        request.interrupt()  # generation: only the flag
    assert request() is True
    with pytest.raises(Aborted):
        request.interrupt()
    fresh = StopRequest()
    with pytest.raises(RunInterrupted), fresh.phase("abortable"):
        fresh.interrupt()
    with pytest.raises(RunInterrupted), fresh.phase("abortable"):
        pass  # a stop already requested: an abortable phase does not even start
