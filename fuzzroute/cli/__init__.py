"""The `fuzzroute` command line: one module per command over the Python API (see `app`)."""

from __future__ import annotations

from fuzzroute.cli.accept import accept
from fuzzroute.cli.app import main
from fuzzroute.cli.check import check
from fuzzroute.cli.claim import claim
from fuzzroute.cli.diff import diff
from fuzzroute.cli.example import example
from fuzzroute.cli.merge import merge
from fuzzroute.cli.report import report
from fuzzroute.cli.suggest import suggest

for _command in (check, claim, report, suggest, accept, merge, diff, example):
    main.add_command(_command)

__all__ = ["main"]
