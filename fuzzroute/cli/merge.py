"""`fuzzroute merge`: combine the JSON reports of sharded runs into one report (HTML and JSON).

A thin layer over `fuzzroute.report.merge`; bad input (unreadable files,
reports of different graphs, seeds, budgets or versions, a shard missing or
given twice) is one paragraph on stderr and exit code 2.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from fuzzroute.cli.app import reports_bad_input
from fuzzroute.cli.options import MERGE_EPILOG, FilePath, verbosity, verbosity_options
from fuzzroute.engine.errors import InputError

if TYPE_CHECKING:
    from fuzzroute.results.document import Report

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
@reports_bad_input
def merge(
    reports: tuple[Path, ...], html_path: Path, json_path: Path | None, quiet: bool = False, verbose: bool = False,
) -> None:
    """Combine the --json reports of `report --shard I/N` runs into the report of the whole run."""
    from msgspec.structs import replace

    from fuzzroute.report.atomic import unwritable, write_all_atomically
    from fuzzroute.report.merge import load_shard
    from fuzzroute.report.paths import NamedPath, refuse_collisions
    from fuzzroute.report.render.html import render_html
    from fuzzroute.report.render.summary import summary_text
    from fuzzroute.report.run_id import new_run_id
    from fuzzroute.results.jsonform import compact_text
    from fuzzroute.results.record import to_json

    refuse_collisions(
        [NamedPath(f"shard report {i}", path) for i, path in enumerate(reports, 1)],
        [NamedPath(role, path) for role, path in (("-o", html_path), ("--json", json_path)) if path is not None],
    )
    documents = [load_shard(path) for path in reports]
    merged = merged_document(documents, [str(p) for p in reports])
    merged = replace(merged, run=replace(merged.run, run_id=new_run_id()))
    document = to_json(merged)
    refuse_invalid_result(document, reports)
    files: list[tuple[str | Path, str]] = [(html_path, render_html(merged))]
    if json_path is not None:
        files.append((json_path, compact_text(document)))
    try:
        write_all_atomically(files)
    except OSError as exc:
        raise unwritable(exc, html_path, "the merged report", "choose a writable path with -o/--json.") from None
    click.echo(summary_text(
        merged, html_path=str(html_path), json_path=None if json_path is None else str(json_path),
        verbosity=verbosity(quiet, verbose),
    ))
    sys.exit(merged.summary.exit_status)


def merged_document(documents: list[Report], names: list[str]) -> Report:
    """`merge_documents`, with shards that validate one by one but do not fit together refused as bad input.

    Each shard passed the report schema and its types were checked when it
    was read; what they cannot say (the same rules in every shard, withheld
    suggestions about rules that exist) would otherwise surface as an error
    half way through the merge.
    """
    from fuzzroute.report.merge import check_mergeable, merge_documents

    check_mergeable(documents, names)
    sizes = {(len(d.rules), d.graph.rule_count) for d in documents}
    if len(sizes) != 1:
        raise InputError(
            f"cannot merge {', '.join(names)}: their rule lists differ in length ({sorted(sizes)}), so they are not "
            "shards of one graph, whatever their graph_hash says. Merge the untouched shard reports of one run."
        )
    try:
        return merge_documents(documents, names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InputError(
            f"cannot merge {', '.join(names)}: the shard reports do not fit together ({type(exc).__name__}: "
            f"{exc}). They were edited or come from different runs; merge the untouched shard reports of one run."
        ) from None


def refuse_invalid_result(merged: dict[str, Any], reports: tuple[Path, ...]) -> None:
    """`merge` validates what it writes: a merged document that fails the report schema is never written."""
    from fuzzroute.report.schema import schema_errors

    errors = schema_errors(merged)
    if errors:
        raise InputError(
            f"cannot merge {', '.join(map(str, reports))}: the merged report would not be a valid report "
            f"({errors[0]}; {len(errors)} problem(s) in all), so nothing was written. The shards were edited or "
            "are not of one run; merge the untouched shard reports of one run."
        )
