"""Paths that name something other than a regular file: refused before anything opens them."""

from __future__ import annotations

import stat
from pathlib import Path

from fuzzroute.engine.errors import InputError


def refuse_special_file(path: Path, noun: str = "a graph file", fix: str = "Save the graph to a regular file and "
                        "pass that path.") -> None:
    """Refuse a FIFO, a device or a socket before `open()`: opening a FIFO waits for a writer forever,
    and a device (`/dev/zero`, `/dev/stdin`) never ends or reads a terminal."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    if stat.S_ISREG(mode):
        return
    kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
    raise InputError(
        f"{path} is {kind}, not {noun}; reading it could wait forever or never end. {fix}"
    )
