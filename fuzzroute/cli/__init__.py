"""The `fuzzroute` command line: one module per command over the Python API (see `app`).

Each command's module is imported only when that command runs (or `--help`
lists them all), so `fuzzroute check` loads the engine, the graph loaders and
the decided tier, never the generation engine or the report's renderers.
"""

from __future__ import annotations

import click

from fuzzroute.cli.app import main


def _accept() -> click.Command:
    from fuzzroute.cli.accept import accept

    return accept


def _check() -> click.Command:
    from fuzzroute.cli.check import check

    return check


def _claim() -> click.Command:
    from fuzzroute.cli.claim import claim

    return claim


def _diff() -> click.Command:
    from fuzzroute.cli.diff import diff

    return diff


def _example() -> click.Command:
    from fuzzroute.cli.example import example

    return example


def _fix() -> click.Command:
    from fuzzroute.cli.fix import fix

    return fix


def _merge() -> click.Command:
    from fuzzroute.cli.merge import merge

    return merge


def _report() -> click.Command:
    from fuzzroute.cli.report import report

    return report


def _suggest() -> click.Command:
    from fuzzroute.cli.suggest import suggest

    return suggest


for _name, _loader in (("check", _check), ("claim", _claim), ("report", _report), ("suggest", _suggest),
                       ("accept", _accept), ("merge", _merge), ("diff", _diff), ("fix", _fix),
                       ("example", _example)):
    main.add_lazy_command(_name, _loader)

__all__ = ["main"]
