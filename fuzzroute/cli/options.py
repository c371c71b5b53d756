"""How the `fuzzroute` command describes itself: readable command lists, exit codes, shared options.

click cuts a command's description in the group's `--help` at 45 characters
("Show which entry claims each PHRASE under the cold walk and the..."), which
leaves a reader guessing.  `ReadableGroup` lists each command with its whole
first sentence instead (or its `short_help`, when a command sets one), so a
command added later reads right without anyone remembering to set it.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


@contextlib.contextmanager
def working_directory_kept() -> Iterator[None]:
    """Run graph code, then return to the working directory it had (a graph calling `os.chdir` moves nothing).

    The editing commands (`suggest --write`, `accept`) write the graph file
    by the path the user gave, relative to where they ran the command.
    """
    start = os.getcwd()
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            if os.getcwd() != start:
                os.chdir(start)


def anchored(path: Path | None, start: Path) -> Path | None:
    """`path` made absolute against `start`, the working directory before any graph code ran.

    A `.py` graph (or its `when`) may call `os.chdir`; outputs, the memory
    folder and a graph file written back are still where the user meant.
    """
    return None if path is None else start / path


class FilePath(click.Path):
    """`click.Path` that refuses an empty value: pathlib reads `''` as `.`, and the messages would speak of it."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value:
            self.fail("the path is empty (''); give a file or folder name.", param, ctx)
        return super().convert(value, param, ctx)


def exit_codes_epilog(clean: str, failing: str | None = None, after: str = "", interrupted: str = "") -> str:
    """The exit codes one command can return, for its `--help` (`\\b` keeps click from re-wrapping them).

    Only a command that can fail a build lists exit 1; every command lists 2
    (bad input or environment), 3 (a fuzzroute bug) and 130 (Ctrl-C), the
    codes the whole process keeps whatever the command and the graph do.
    """
    lines = ["\b", "Exit codes:", f"  0    {clean}"]
    if failing is not None:
        lines.append(f"  1    {failing}")
    lines += [
        "  2    bad input or environment: a missing or invalid file or option, an",
        "       output that would overwrite an input, standard output closed or",
        "       full, a limit of the system (open files, memory) or a permission,",
        "       graph code past --import-limit or --condition-limit, stuck in C",
        "       code, ending, signalling, stopping or forking its own process,",
        "       registering an exit handler or replacing what fuzzroute runs on",
        "       (sys.exit, a builtin, a signal handler); one paragraph on stderr",
        "  3    internal error: a bug in fuzzroute, never a finding; one paragraph",
        "       on stderr says what to report (FUZZROUTE_DEBUG=1 adds the traceback)",
        f"  130  interrupted (Ctrl-C){interrupted}; only your own signal",
        "       interrupts (SIGTERM, SIGHUP: 128 + the signal, as for any program)",
    ]
    if after:
        lines.append(after)
    lines.append("Graph code never chooses the exit code. A reader that stops early (| head)")
    lines.append("ends the run quietly, with the code the run would have had.")
    return "\n".join(lines) + "\n"


#: How an author keeps an intended overlap from failing `--fail-on decided` (under `check` and `report`).
ACCEPTANCE_NOTE = """
\b
An overlap that is intended (a broad rule first on purpose) is accepted, not
fixed: `fuzzroute accept GRAPH EARLIER LATER --reason "..."` (or `accepted`
in a JSON graph, or GRAPH.accepted.json) lists it as accepted, and
--fail-on decided (the default) no longer fails on it.
"""
#: What `--fail-on decided` (the default of `check` and `report`) fails on, said once for both.
_DECIDED_POLICY = (
    "--fail-on decided (the default): 1 also on a decided finding to act on (a\n"
    "rule that never wins, never matches or is dead, an earlier rule taking a\n"
    "later rule's fixed words, a ReDoS with an attack); never on co-occurrence,\n"
    "wildcard-only shared text, undecided rules or accepted overlaps. Without\n"
    "--fail-on, --no-decide runs under --fail-on proven."
)
#: `check`: exit 1 on proven errors and decided findings, under --fail-on decided|proven|never.
CHECK_EPILOG = exit_codes_epilog(
    "no proven error and no decided finding to act on (warnings never fail\n"
    "       a build)",
    "at least one proven error or decided finding to act on (--fail-on\n"
    "       proven: proven errors only; --fail-on never: 0 instead)",
    after=_DECIDED_POLICY,
) + ACCEPTANCE_NOTE
#: `report`: exit 1 on proven errors and decided findings, or on new ones with --fail-on new.
REPORT_EPILOG = exit_codes_epilog(
    "no proven error and no decided finding to act on (warnings and generated\n"
    "       suggestions never fail a build)",
    "at least one proven error or decided finding to act on; --fail-on\n"
    "       proven: proven errors only; --fail-on new: a proven error,\n"
    "       suggestion or decided finding to act on that is new against\n"
    "       --baseline or --db; --fail-on never: 0",
    after=_DECIDED_POLICY,
    interrupted=", whatever --fail-on says; the report is still written,\n"
    "       marked partial, when the proven checks were done",
) + ACCEPTANCE_NOTE
#: `merge`: the merged report's status under the policy its shards ran with (merge has no --fail-on).
MERGE_EPILOG = exit_codes_epilog(
    "the merged report passes the --fail-on policy its shard runs were given",
    "the merged report fails that policy (by default a proven error or a\n"
    "       decided finding to act on)",
)
#: `claim`, `suggest`, `accept`: they find nothing that fails a build, so no exit 1 and no --fail-on.
CLAIM_EPILOG = exit_codes_epilog("the claims were shown (no claim fails a build)")
SUGGEST_EPILOG = exit_codes_epilog("done, whether or not examples were suggested or written")
ACCEPT_EPILOG = exit_codes_epilog("the accepted overlap was recorded in the graph (or its sidecar file)")
#: `diff`: exit 1 under its own --fail-on policy.
DIFF_EPILOG = exit_codes_epilog(
    "nothing the --fail-on policy fails on",
    "--fail-on proven (default): a declared example or never-route row has a\n"
    "       proven error the base did not have; --fail-on moved: that, or any\n"
    "       decided move of a message (sampled moves never fail)",
)
#: `fix`: exit 1 when, after the safe fixes (written or shown), `check --fail-on` would still fail.
FIX_EPILOG = exit_codes_epilog(
    "after the safe fixes (written, shown or only listed) `check --fail-on`\n"
    "       would pass",
    "after the safe fixes `check --fail-on` would still fail (a finding with no\n"
    "       safe fix, or a proven error no fix is for); --fail-on never: 0 instead",
    after="A second run after --write finds nothing more to do.",
)
#: Kept for callers that want the `report` wording.
EXIT_CODES_EPILOG = REPORT_EPILOG

_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


def summary_line(command: click.Command) -> str:
    """A command's description for a list: its `short_help`, else the whole first sentence of its help."""
    if command.short_help:
        return " ".join(command.short_help.split())
    help_text = (command.help or "").split("\b")[0]
    first_paragraph = " ".join(help_text.strip().split("\n\n")[0].split())
    return _SENTENCE_END.split(first_paragraph, maxsplit=1)[0]


class ReadableGroup(click.Group):
    """A click group whose command list shows whole sentences, never a cut-off one.

    Commands may also be added as loaders (`add_lazy_command`), imported
    only when the command runs or the list is shown: `fuzzroute check`, run
    on every commit, then never imports what `report` or `suggest` need.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loaders: dict[str, Callable[[], click.Command]] = {}

    def add_lazy_command(self, name: str, loader: Callable[[], click.Command]) -> None:
        """Register command `name`, built by `loader` the first time it is asked for."""
        self.loaders[name] = loader

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.loaders})

    def load_every_command(self) -> None:
        """Build every command now: for tools that read `commands` directly (the docs' reference renderer
        lists only what that dict holds once any command is in it)."""
        for name in self.loaders:
            if name not in self.commands:
                self.add_command(self.loaders[name](), name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.loaders:
            self.add_command(self.loaders[cmd_name](), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows: list[tuple[str, str]] = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            rows.append((name, summary_line(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


#: The help of `-q` and `-v` on the commands that list findings (check, report, merge, diff).
QUIET_HELP = "Say less: one summary line (and the output paths); no progress bar."
VERBOSE_HELP = "Say more: every finding, each with its phrase and (for near misses) the edit that made it."


def quiet_verbose(quiet_help: str = QUIET_HELP, verbose_help: str = VERBOSE_HELP) -> Callable[[F], F]:
    """`-q/--quiet` and `-v/--verbose`, on every command, each worded for what it changes there."""

    def decorate(command: F) -> F:
        command = click.option("-v", "--verbose", "verbose", is_flag=True, help=verbose_help)(command)
        return click.option("-q", "--quiet", "quiet", is_flag=True, help=quiet_help)(command)

    return decorate


def verbosity_options(command: F) -> F:
    """`-q/--quiet` and `-v/--verbose` flags; `verbosity(quiet, verbose)` turns them into a level."""
    return quiet_verbose()(command)


def color_option(command: F) -> F:
    """`--color auto|always|never` for the commands that colour their terminal output (see `terminal.use_colour`)."""

    @wraps(command)
    def wrapper(*args: Any, color: str, **kwargs: Any) -> Any:
        from fuzzroute.cli.terminal import colour_mode

        with colour_mode(color):
            return command(*args, **kwargs)

    return click.option(  # type: ignore[return-value]
        "--color", "color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
        help="Colour the output: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or "
        "never.",
    )(wrapper)


def generation_options(command: F) -> F:
    """`--seed`, `--budget` and `--typos`, worded alike on every command that generates phrases (report, suggest)."""
    command = click.option(
        "--typos", is_flag=True,
        help="Also mutate declared examples with letter typos, word swaps, dropped content words and spacing "
        "slips, and list those near misses (off by default: only edits a person types are tried).",
    )(command)
    command = click.option(
        "--budget", default=None, metavar="N|30s|2m",
        help="How much to generate: a phrase count (5000) or a time limit (30s, 2m) [default: 2000 phrases].",
    )(command)
    command = click.option(
        "--seed", type=int, default=0, show_default=True, help="Seed of the phrase generators."
    )(command)
    return command


def verbosity(quiet: bool, verbose: bool) -> int:
    """-1 for --quiet, 1 for --verbose, 0 otherwise; both at once is a usage error (exit 2)."""
    if quiet and verbose:
        raise click.UsageError("-q/--quiet and -v/--verbose contradict each other; pass one of them.")
    return -1 if quiet else (1 if verbose else 0)


FORMAT = click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True
)
SARIF = click.option(
    "--sarif", "sarif_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
    help="Also write the findings as SARIF 2.1.0 (for code scanning).",
)

JUNIT = click.option(
    "--junit", "junit_path", type=FilePath(dir_okay=False, path_type=Path), default=None,
    help="Also write JUnit XML: one test case per declared example and never-route row (errors fail).",
)


def fail_on_option(choices: str, default_help: str, default: str | None = "proven") -> Callable[[F], F]:
    """`--fail-on`, a plain string checked by `report.fail_on_findings`.

    Not a click.Choice, so an unknown value gets the same one-paragraph
    bad-input message (exit 2) as every other mistake.  `default=None` is
    the policy of `check` and `report`: `decided`, or `proven` when the
    decided tier is left out (see `resolved_fail_on`); the help says so.
    """
    if default is None:
        return click.option("--fail-on", "fail_on", default=None, metavar=choices,
                            help=default_help + " [default: decided; proven with --no-decide]")
    return click.option("--fail-on", "fail_on", default=default, metavar=choices, show_default=True,
                        help=default_help)


def resolved_fail_on(fail_on: str | None, decide: bool, *, where: str = "--fail-on decided") -> str:
    """The policy a `check` or `report` run applies: `decided` by default, `proven` when nothing is decided.

    Decided findings hold for every message and are re-verified through the
    claim laws, so they fail a build like proven errors do; without the
    decided tier (`--no-decide`) there is nothing of them to fail on, and the
    default falls back to `proven`.  Asking for `decided` explicitly while
    leaving the tier out is a contradiction (exit 2); `where` names what
    asked (the option, or the configuration file and key).
    """
    from fuzzroute.engine.errors import InputError

    if fail_on is None:
        return "decided" if decide else "proven"
    if fail_on == "decided" and not decide:
        raise InputError(
            f"{where} fails on decided findings, and --no-decide leaves the decided tier out. Drop "
            "--no-decide, or use --fail-on proven."
        )
    return fail_on
