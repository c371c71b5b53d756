"""The project's own settings: the `[tool.fuzzroute]` table of `pyproject.toml`, found as ruff and pytest find theirs.

A Python project keeps its tools' settings in `pyproject.toml`, so
fuzzroute reads its table there: walking up from the working directory, the
first `pyproject.toml` that has a `[tool.fuzzroute]` table is the one (a
`pyproject.toml` without it is passed over, as ruff does).  `--config FILE`
names the file instead: a `pyproject.toml` (its `[tool.fuzzroute]` table) or
any other TOML file, whose top level is the table (as a `ruff.toml` is).
`--isolated` reads none.

This module only finds and reads the table and resolves the paths in it
against the file's folder; what a key means is the command line's business
(`cli.configured`), and the pytest plugin reads `graphs` and `fail-on`
through `configured_graphs` and `table_value`.  It imports nothing but the
standard library and the engine's error type, since the pytest plugin loads
it in every session that asks for the table.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzzroute.engine.errors import InputError

PYPROJECT = "pyproject.toml"
#: The key listing the graphs `check`, `report` and the pytest plugin use when given none.
GRAPHS_KEY = "graphs"


@dataclass(frozen=True)
class ProjectConfig:
    """The `[tool.fuzzroute]` table of one file, and where it came from (for messages and relative paths)."""

    path: Path
    table: Mapping[str, Any] = field(default_factory=dict)
    #: True for a pyproject.toml (the table is `[tool.fuzzroute]`), False for a file whose top level is the table.
    in_pyproject: bool = True

    @property
    def folder(self) -> Path:
        return self.path.parent

    def section_name(self, command: str | None = None) -> str:
        """How a message names a table: `[tool.fuzzroute.report]`, or `[report]` in a file of its own."""
        if self.in_pyproject:
            return "[tool.fuzzroute]" if command is None else f"[tool.fuzzroute.{command}]"
        return "the top level" if command is None else f"[{command}]"

    def where(self, key: str, command: str | None = None) -> str:
        """`pyproject.toml [tool.fuzzroute.report] budget`: the file, the table and the key, for a message."""
        return f"{shown_path(self.path)} {self.section_name(command)} {key}"

    def resolved(self, value: str) -> str:
        """A path written in the file, read against the file's folder (shown short when it lies below the cwd)."""
        if os.path.isabs(value):
            return value
        return shown_path(self.folder / value)


def shown_path(path: Path) -> str:
    """`path` relative to the working directory when it lies below it, else absolute."""
    absolute = path if path.is_absolute() else Path.cwd() / path
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


def find_pyproject(start: Path) -> Path | None:
    """The nearest `pyproject.toml` at or above `start` that has a `[tool.fuzzroute]` table."""
    for folder in (start, *start.parents):
        candidate = folder / PYPROJECT
        if candidate.is_file() and "fuzzroute" in _tool_tables(candidate):
            return candidate
    return None


def _tool_tables(path: Path) -> Mapping[str, Any]:
    """The `[tool]` tables of a pyproject.toml; an unreadable one has none here (reading it for real says why)."""
    try:
        tool = _parsed(path).get("tool", {})
    except InputError:
        text = _text(path, quiet=True)
        return {"fuzzroute": {}} if text is not None and "[tool.fuzzroute" in text else {}
    return tool if isinstance(tool, dict) else {}


def _text(path: Path, quiet: bool = False) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        if quiet:
            return None
        raise InputError(f"{shown_path(path)}: cannot be read as a configuration file ({exc}). Fix it, point "
                         "`fuzzroute --config FILE` at another file, or run `fuzzroute --isolated COMMAND` to read "
                         "none.") from None


def _parsed(path: Path) -> dict[str, Any]:
    text = _text(path)
    assert text is not None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{shown_path(path)}: not valid TOML ({exc}), so fuzzroute cannot read its settings. "
                         "Fix the file, point `fuzzroute --config FILE` at another one, or run `fuzzroute --isolated "
                         "COMMAND` to read none.") from None


def read_config(path: Path) -> ProjectConfig:
    """The table of `path`: `[tool.fuzzroute]` of a pyproject.toml, else the file's top level."""
    document = _parsed(path)
    if path.name != PYPROJECT:
        return ProjectConfig(path, document, in_pyproject=False)
    tool = document.get("tool", {})
    table = tool.get("fuzzroute", {}) if isinstance(tool, dict) else {}
    if not isinstance(table, dict):
        raise InputError(f"{shown_path(path)}: `tool.fuzzroute` is a {type(table).__name__}, not a table. Write "
                         "the settings under a `[tool.fuzzroute]` heading.")
    return ProjectConfig(path, table)


def project_config(start: Path, explicit: Path | None = None, isolated: bool = False) -> ProjectConfig | None:
    """The settings in force: `explicit` (`--config`), else the nearest pyproject.toml's table; none if isolated."""
    if isolated:
        return None
    if explicit is not None:
        if not explicit.is_file():
            raise InputError(f"--config {explicit}: no such file. Give the path of a pyproject.toml or of a TOML "
                             "file holding fuzzroute's settings.")
        return read_config(explicit)
    found = find_pyproject(start)
    return None if found is None else read_config(found)


def configured_graphs(config: ProjectConfig) -> list[str]:
    """The `graphs` list of the table, each read against the file's folder; bad values are exit 2."""
    value = config.table.get(GRAPHS_KEY, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(f"{config.where(GRAPHS_KEY)} = {value!r} is not a list of graph files. Write "
                         f'graphs = ["graphs/support.py", "graphs/banking.json"] (paths relative to the file).')
    return [config.resolved(v) for v in value]


def table_value(config: ProjectConfig, key: str, command: str | None = None) -> tuple[Any, str] | None:
    """A key's value, from the command's table first, then the top level; with where it was read (for messages)."""
    section = config.table.get(command) if command is not None else None
    if isinstance(section, dict) and key in section:
        return section[key], config.where(key, command)
    if key in config.table:
        return config.table[key], config.where(key)
    return None
