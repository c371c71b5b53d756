"""The two versions a diff compares: a graph file, or `git:REV:path` for a version kept in git.

A version from git is read with `git show REV:path` and loaded in memory
under its work-tree path, so its rules' locations name the file the way the
repository does (`examples/support.py:18`, lines as they were at REV).  A
`.py` graph from git is that one file alone: the modules it imports (a
helper next to it, a package of the project) come from the work tree as it
is now, not from REV.  The diff says so in its notes.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from fuzzroute.engine.errors import DeclarationError, FuzzrouteError, InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.graphfiles.loader import GraphFormat, LoadedGraph, load_graph, load_graph_text, split_spec
from fuzzroute.graphfiles.typescript import SUFFIXES as SCRIPT_SUFFIXES

GIT_PREFIX = "git:"
#: The script suffixes read with the TypeScript grammar (the rest are JavaScript).
TYPESCRIPT_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")


@dataclass(frozen=True)
class Version:
    """One side of a diff: the graph, how the user named it, and what to tell them about it."""

    graph: Graph
    #: The argument as given (`examples/support.py`, `git:main:examples/support.py`).
    spec: str
    #: The graph file (work-tree path, without a `:name` suffix); locations name it.
    path: str
    format: GraphFormat
    #: The git revision it was read from, or None for a file on disk.
    revision: str | None = None
    notes: tuple[str, ...] = ()


def load_version(spec: str, *, cwd: str | os.PathLike[str] | None = None) -> Version:
    """Load `spec`: a graph file as `load_graph` reads it, or `git:REV:path[:name]`."""
    if not spec.startswith(GIT_PREFIX):
        loaded = load_graph(spec)
        return Version(loaded.graph, spec, str(loaded.path), loaded.format)
    rest = spec[len(GIT_PREFIX):]
    revision, sep, file_spec = rest.partition(":")
    if not sep or not revision or not file_spec:
        raise InputError(
            f"{spec}: a version in git is written git:REV:path, for example git:main:examples/support.py "
            "or git:HEAD~1:graph.json. Give both the revision and the file's path."
        )
    path, attribute = split_spec(file_spec)
    suffix = path.suffix.lower()
    formats: dict[str, GraphFormat] = {".json": "json", ".py": "python"}
    formats.update({s: "typescript" if s in TYPESCRIPT_SUFFIXES else "javascript" for s in SCRIPT_SUFFIXES})
    if suffix not in formats:
        raise InputError(
            f"{spec}: a graph taken from git must be a file fuzzroute reads ({', '.join(formats)}); "
            f"{suffix or 'a file without an extension'} is none of these. Export the graph, or check out that "
            "revision and pass the file."
        )
    text = _git_show(spec, revision, path, cwd)
    # `load_graph_text` loads an edited text of a known file in memory; the placeholder graph is
    # never read, only the path (locations, the folder imports resolve from), format and attribute.
    placeholder = LoadedGraph(Graph("git"), path, formats[suffix], attribute)
    try:
        graph = load_graph_text(placeholder, text)
    except FuzzrouteError as exc:
        # The message names the work-tree path; the broken text is the one kept in git, not that file.
        kind = DeclarationError if isinstance(exc, DeclarationError) else InputError
        raise kind(
            f"{spec} (the version of {path} kept in git at {revision}, not the file on disk): {exc}"
        ) from None
    notes: tuple[str, ...] = ()
    if suffix == ".py":
        notes = (
            f"{spec} is the file alone as it was at {revision}: modules it imports come from the work "
            "tree as it is now, not from that revision.",
        )
    return Version(graph, spec, str(path), formats[suffix], revision, notes)


def _git_show(spec: str, revision: str, path: Path, cwd: str | os.PathLike[str] | None) -> str:
    """The file's text at `revision` (paths relative to the working directory, as git's `./` form)."""
    where = path.as_posix() if path.is_absolute() else f"./{path.as_posix()}"
    if path.is_absolute():
        top = _git(["rev-parse", "--show-toplevel"], spec, cwd).strip()
        try:
            where = path.resolve().relative_to(Path(top).resolve()).as_posix()
        except ValueError:
            raise InputError(f"{spec}: {path} is outside the git repository at {top}.") from None
    commit = _one_commit(spec, revision, cwd)
    return _git(["show", "--end-of-options", f"{commit}:{where}"], spec, cwd)


def _one_commit(spec: str, revision: str, cwd: str | os.PathLike[str] | None) -> str:
    """The commit `revision` names; a range (`main..HEAD`) or anything git would read as an option is refused.

    The revision goes after `--end-of-options`, so `-x` or `--output=FILE` is a (missing) revision, never
    an option of git.
    """
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"],
            cwd=cwd, capture_output=True, text=True, encoding="utf-8", errors="replace", check=False,
        )
    except FileNotFoundError:
        raise InputError(f"{spec}: reading a version from git needs the `git` program, which is not installed.") \
            from None
    commit = done.stdout.strip()
    if done.returncode != 0 or not commit:
        hint = " (a range such as A..B names many commits; give one)" if ".." in revision else ""
        raise InputError(
            f"{spec}: `{revision}` is not one commit of this git repository{hint}. Give a branch, tag or "
            "commit (in CI, fetch it first, e.g. `git fetch --depth=1 origin main`)."
        )
    return commit


def _git(arguments: list[str], spec: str, cwd: str | os.PathLike[str] | None) -> str:
    try:
        done = subprocess.run(
            ["git", *arguments], cwd=cwd, capture_output=True, text=True, encoding="utf-8", check=False,
        )
    except FileNotFoundError:
        raise InputError(f"{spec}: reading a version from git needs the `git` program, which is not installed.") \
            from None
    except UnicodeDecodeError:
        raise InputError(f"{spec}: the file at that revision is not UTF-8 text.") from None
    if done.returncode != 0:
        reason = " ".join(done.stderr.split()) or f"git exited with {done.returncode}"
        raise InputError(
            f"{spec}: git could not read it ({reason}). Check the revision (a branch, tag or commit; in CI, "
            "fetch it first, e.g. `git fetch --depth=1 origin main`) and that the path exists there."
        )
    return done.stdout
