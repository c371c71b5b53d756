"""`fuzzroute merge`: combine the JSON reports of sharded runs into one report (HTML and JSON).

A thin layer over `fuzzroute.report.merge_shards`; bad input (unreadable files,
reports of different graphs, seeds, budgets or versions, a shard missing or
given twice) is one paragraph on stderr and exit code 2.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from fuzzroute.cli.app import reports_bad_input
from fuzzroute.cli.options import MERGE_EPILOG, FilePath, color_option, verbosity, verbosity_options
from fuzzroute.engine.errors import InputError

#: `I/N` in ASCII digits (`\d` alone would take full-width and other scripts' digits too).
_SHARD = re.compile(r"^\s*([0-9]+)\s*/\s*([0-9]+)\s*$", re.ASCII)


def parse_shard(text: str) -> tuple[int, int]:
    """`I/N` with 1 <= I <= N, else bad input."""
    found = _SHARD.match(text)
    if found is None or not 1 <= int(found.group(1)) <= int(found.group(2)):
        raise InputError(
            f"--shard {text!r} is not a slice. Write I/N with 1 <= I <= N, e.g. --shard 2/4 for the second "
            "of four slices, and run every I from 1 to N with the same seed and budget."
        )
    return int(found.group(1)), int(found.group(2))


@click.command(epilog=MERGE_EPILOG)
@click.argument("reports", nargs=-1, required=True, type=FilePath(dir_okay=False, path_type=Path))
@click.option(
    "-o", "--output", "html_path", type=FilePath(dir_okay=False, path_type=Path), required=True,
    help="HTML file to write.",
)
@click.option(
    "--json", "json_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
    help="Also write the merged JSON document.",
)
@verbosity_options
@color_option
@reports_bad_input
def merge(
    reports: tuple[Path, ...], html_path: Path, json_path: Path | None, quiet: bool = False, verbose: bool = False,
) -> None:
    """Combine the --json reports of `report --shard I/N` runs into the report of the whole run."""
    from fuzzroute.report import merge_shards, render_html, summary_text
    from fuzzroute.report.persistence.atomic import unwritable, write_all_atomically
    from fuzzroute.report.persistence.paths import NamedPath, refuse_collisions
    from fuzzroute.results.jsonform import compact_bytes

    refuse_collisions(
        [NamedPath(f"shard report {i}", path) for i, path in enumerate(reports, 1)],
        [NamedPath(role, path) for role, path in (("-o", html_path), ("--json", json_path)) if path is not None],
    )
    merged, document = merge_shards(reports)
    files: list[tuple[str | Path, str | bytes]] = [(html_path, render_html(merged))]
    if json_path is not None:
        files.append((json_path, compact_bytes(document)))
    try:
        write_all_atomically(files)
    except OSError as exc:
        raise unwritable(exc, html_path, "the merged report", "choose a writable path with -o/--json.") from None
    click.echo(summary_text(
        merged, html_path=str(html_path), json_path=None if json_path is None else str(json_path),
        verbosity=verbosity(quiet, verbose),
    ))
    sys.exit(merged.summary.exit_status)

