"""Run the command-line interface in-process as a user would, through click's own test runner."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from click.testing import CliRunner, Result

from fuzzroute.cli import main


def runner() -> CliRunner:
    """click's runner with stdout and stderr apart: the default from click 8.2, asked for before it (the
    dependency floor, click 8.1, is tested too)."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg, unused-ignore]
    except TypeError:
        return CliRunner()


def invoke(*args: str | Path, input: str | None = None, env: Mapping[str, str | None] | None = None) -> Result:
    """`fuzzroute ARGS...` in this process; stdout and stderr stay apart (`result.stdout`, `result.stderr`)."""
    return runner().invoke(main, [str(arg) for arg in args], input=input, env=env)


def code_out_err(result: Result) -> tuple[int, str, str]:
    """The three things most tests assert on, for unpacking: exit code, standard output, standard error."""
    return result.exit_code, result.stdout, result.stderr
