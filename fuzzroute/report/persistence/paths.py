"""Refuse a run whose outputs would overwrite one of its inputs, or one another.

`report g.json -o g.json` would replace the graph with HTML, `-o x.html --json
x.html` would keep only one of the two, `merge a.json b.json -o b.json`
would destroy a shard.  Every command that writes files hands its inputs and
outputs to `refuse_collisions` before it runs anything, and the check
compares files, not spellings: two names are the same file when they resolve
to the same real path (symbolic links followed, `..` resolved) or, for files
that exist, when the system says they are the same file (hard links, case
folding file systems).

Two overlaps are deliberate and allowed by the caller: `suggest --write`
edits the graph (it is not an output here at all), and a rolling baseline
(`--baseline last.json --json last.json`) replaces the file it has fully
read before anything is written.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.loader import split_spec

#: How a diff names a version kept in git: `git:REV:path[:name]`.
GIT_SPEC_PREFIX = "git:"


@dataclass(frozen=True)
class NamedPath:
    """A path as the user gave it, and what it is for (`-o`, `--json`, `the graph`...)."""

    role: str
    path: Path


def graph_file_of(spec: str) -> Path:
    """The file on disk a graph argument names, which no output of the run may replace.

    `graph.py:name` names `graph.py`; a diff's `git:REV:path[:name]` names the
    work-tree file at `path` (git reads it relative to the working directory),
    which an output written there would destroy just the same.
    """
    if spec.startswith(GIT_SPEC_PREFIX):
        _revision, sep, file_spec = spec[len(GIT_SPEC_PREFIX):].partition(":")
        if sep and file_spec:
            return split_spec(file_spec)[0]
    return split_spec(spec)[0]


def same_file(first: Path, second: Path) -> bool:
    """True when writing one of the two paths would change the other."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        pass  # at least one does not exist yet: compare where they would be
    return _resolved(first) == _resolved(second)


def _resolved(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def _shown(named: NamedPath) -> str:
    real = os.path.realpath(named.path)
    if os.path.abspath(named.path) == real:
        return f"{named.role} ({named.path})"
    return f"{named.role} ({named.path}, which is {real})"


def _refuse_link_loop(output: NamedPath) -> None:
    """A symbolic link loop leads to no file: it is refused before any work, never replaced by a file."""
    try:
        os.stat(output.path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(
                f"{output.path}: {output.role} is a symbolic link loop (the link leads back to itself), so it "
                "names no file to write; the link was left as it is and nothing was run or written. Remove the "
                f"link or give {output.role} another path."
            ) from None


def refuse_collisions(
    inputs: Sequence[NamedPath],
    outputs: Sequence[NamedPath],
    allowed: Collection[tuple[str, str]] = (),
) -> None:
    """Raise InputError when an output is an input or another output.

    `allowed` holds `(output role, input role)` pairs that may be one file
    (the rolling baseline).  Run this before any work, so a refused run
    neither explores nor writes.
    """
    for position, output in enumerate(outputs):
        _refuse_link_loop(output)
        for earlier in outputs[:position]:
            if same_file(output.path, earlier.path):
                raise InputError(
                    f"{output.path}: {_shown(earlier)} and {_shown(output)} are the same file, so one output "
                    f"would overwrite the other. Nothing was run or written; give {output.role} a path of "
                    "its own."
                )
        for source in inputs:
            if (output.role, source.role) in allowed:
                continue
            if same_file(output.path, source.path):
                raise InputError(
                    f"{output.path}: {_shown(output)} would overwrite {_shown(source)}, which this run reads. "
                    f"Nothing was run or written; choose another path for {output.role}."
                )
