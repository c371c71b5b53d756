"""`fuzzroute example`: write a bundled example graph to try the other commands on.

The example graphs ship inside the package (`fuzzroute/examples/`), so a
first run works from a wheel as well as from a checkout.
"""

from __future__ import annotations

from pathlib import Path

import click

from fuzzroute.cli.app import reports_bad_input
from fuzzroute.cli.options import quiet_verbose, verbosity
from fuzzroute.engine.errors import InputError

#: The folder of bundled example graphs (package data).
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: What each bundled graph shows, for the listing.
DESCRIPTIONS: dict[str, str] = {
    "support.json": "a support desk with proven errors on purpose: a broad rule shadows a later one",
    "banking.json": "eleven banking rules, two of which can never win (decided for all messages)",
    "support.ts": "a support desk declared in TypeScript with the reference library, read without running it",
}


def bundled_examples() -> list[str]:
    """Names of the bundled example graphs, in listing order."""
    present = {path.name for path in EXAMPLES.iterdir() if path.is_file()}
    return [name for name in DESCRIPTIONS if name in present]


@click.command()
@click.argument("name", required=False)
@click.option(
    "--to",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Folder to write the graph into (created if missing).",
)
@quiet_verbose(
    quiet_help="Print nothing when the graph is written; the listing shows the names only.",
    verbose_help="Also say what the written graph shows.",
)
@reports_bad_input
def example(name: str | None, folder: Path, quiet: bool = False, verbose: bool = False) -> None:
    """Write the bundled example graph NAME into a folder; without NAME, list them.

    The file keeps its name, and an existing file is never replaced. Then run,
    for instance, `fuzzroute report support.json`. Exit 0, or 2 for an
    unknown NAME or a file that already exists.
    """
    level = verbosity(quiet, verbose)
    names = bundled_examples()
    if name is None:
        for known in names:
            click.echo(known if level < 0 else f"{known:<14} {DESCRIPTIONS[known]}")
        return
    if name not in names:
        raise InputError(
            f"{name!r} is not a bundled example graph; the bundled ones are {', '.join(names)} "
            "(`fuzzroute example` lists them)."
        )
    target = folder / name
    if target.exists() or target.is_symlink():
        raise InputError(f"{target}: already exists; nothing was written. Remove it, or pass --to another folder.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(target, "x", encoding="utf-8") as out:
            out.write((EXAMPLES / name).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"{target}: cannot be written ({exc}); pass --to a folder you can write.") from None
    if level >= 0:
        click.echo(f"wrote {target}: try `fuzzroute report {target}`")
    if level > 0:
        click.echo(f"{name}: {DESCRIPTIONS[name]}")
