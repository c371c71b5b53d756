"""Many `fuzzroute` command lines for the price of one interpreter start.

A hostile case needs the real process: its own exit code, descriptors,
signals and watched child.  Starting `python -m fuzzroute` costs about half a
second of imports per case, so a test module starts one server process that
imports exactly what `python -m fuzzroute` imports (`fuzzroute.cli.entry`),
then, per case, forks and runs `entry.run` in the fork as the console script
does: in a session of its own, in the case's folder, with stdin from
/dev/null and stdout and stderr in files.  Nothing ran in the server before
the fork (it only imported), so each case starts as a fresh `fuzzroute` would,
minus the imports.  A case that outlives its bound is killed with its whole
session, and reported as timed out.

Options a case may ask for: environment variables, a descriptor limit
(`ulimit -n`), and a signal to send once a file exists (`signal_when`): to the
fuzzroute process (`kill`), or as a terminal's Ctrl-C (`terminal`: the case runs
with a pseudo-terminal as its controlling terminal, and the server types ^C).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SERVER = r'''
import json, os, pty, resource, signal, sys, time, tty
from fuzzroute.cli.entry import run

def case(request, slave):
    os.setsid()
    if slave is not None:
        import fcntl, termios
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    os.chdir(request["cwd"])
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(slave if slave is not None else null, 0)
    os.dup2(os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    err = slave if request.get("stderr_terminal") and slave is not None else \
        os.open(request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(err, 2)
    os.environ.update(request.get("env", {}))
    if request.get("nofile"):
        resource.setrlimit(resource.RLIMIT_NOFILE, (request["nofile"], request["nofile"]))
    os.closerange(3, 4096)
    sys.argv = ["fuzzroute", *request["argv"]]
    run(request["argv"])  # ends the process (SystemExit unwinds to the interpreter, as in `python -m fuzzroute`)

for line in sys.stdin:
    request = json.loads(line)
    terminal = (request.get("signal_when") or {}).get("how") == "terminal"
    master, slave = pty.openpty() if terminal else (None, None)
    sys.stdout.flush()
    child = os.fork()
    if child == 0:
        if master is not None:
            os.close(master)
        case(request, slave)
    if slave is not None:
        os.close(slave)
    started = time.monotonic()
    signal_when = request.get("signal_when")
    signalled_at = None
    status = None
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            break
        now = time.monotonic()
        if signal_when and signalled_at is None and os.path.exists(signal_when["file"]):
            signalled_at = now
            if signal_when["how"] == "terminal":
                os.write(master, b"\x03")
            else:
                os.kill(child, signal_when["signal"])
        if now - started > request["timeout"]:
            status = None
            break
        if master is not None:
            try:
                os.read(master, 65536) if __import__("select").select([master], [], [], 0.005)[0] else None
            except OSError:
                pass
        else:
            time.sleep(0.005)
    timed_out = status is None
    try:
        os.killpg(child, signal.SIGKILL)  # nothing of the case may outlive it (a supervised child)
    except OSError:
        pass
    if timed_out:
        os.waitpid(child, 0)
    if master is not None:
        os.close(master)
    code = None if timed_out else os.waitstatus_to_exitcode(status)
    stopped = None if signalled_at is None else time.monotonic() - signalled_at
    print(json.dumps({"code": code, "seconds": time.monotonic() - started, "stopped_after": stopped}), flush=True)
'''


@dataclass
class Done:
    """How one command line ended: its exit code (None: killed at its bound), stdout, stderr, seconds."""

    code: int | None
    out: str
    err: str
    seconds: float
    stopped_after: float | None = None


def _text(path: Path) -> str:
    return path.read_text("utf-8", "replace") if path.exists() else ""


class CliServer:
    """One server process; `run` sends it a command line and waits for the case to end."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.count = 0
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            start_new_session=True,
        )

    def run(self, args: list[str], cwd: Path, *, bound: float = 20.0, env: dict[str, str] | None = None,
            nofile: int | None = None, signal_when: dict[str, Any] | None = None) -> Done:
        self.count += 1
        out, err = self.scratch / f"{self.count}.out", self.scratch / f"{self.count}.err"
        request = {"argv": args, "cwd": str(cwd), "out": str(out), "err": str(err), "timeout": bound,
                   "env": env or {}, "nofile": nofile, "signal_when": signal_when}
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return Done(answer["code"], _text(out), _text(err), answer["seconds"], answer["stopped_after"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
