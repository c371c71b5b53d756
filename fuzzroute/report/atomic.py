"""Write a file so that readers see the old content or the new, never half of either.

A report opened while it is being written, or left behind by a run killed
mid-write, must not be a truncated page that looks like a short, clean report.
The text goes to a temporary file in the same directory (so the final rename
stays on one filesystem), is flushed and fsynced, and only then replaces the
target; on any failure the temporary file is removed and the target is left
as it was.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from fuzzroute.engine.errors import InputError

DEFAULT_MODE = 0o644


def unwritable(exc: OSError, path: str | os.PathLike[str], what: str, fix: str) -> InputError:
    """The bad-input error for a write that failed: which file, why, that nothing was written, and `fix`."""
    return InputError(
        f"{exc.filename or path}: cannot write {what} ({exc.strerror or exc}). Nothing was written; {fix}"
    )


def write_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Replace `path` with `text` (UTF-8) atomically; creates missing parent directories."""
    return write_all_atomically([(path, text)])[0]


def write_all_atomically(files: Sequence[tuple[str | os.PathLike[str], str]]) -> list[Path]:
    """Write several files so that either all are replaced or none is.

    Every temporary file is written and fsynced first; only when all of them
    exist are they renamed over their targets.  A report and its JSON twin
    therefore never disagree because one write failed after the other.
    """
    for path, _ in files:
        _refuse_special_file(Path(path))
    prepared: list[tuple[Path, Path]] = []
    try:
        for path, text in files:
            target = Path(path)
            prepared.append((_prepare(target, text), target))
        for temp, target in prepared:
            os.replace(temp, target)
    except BaseException:
        for temp, _ in prepared:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
        raise
    for _, target in prepared:
        _fsync_directory(target.parent)
    return [target for _, target in prepared]


def _refuse_special_file(target: Path) -> None:
    """A rename would replace a device, pipe or folder with a plain file, so refuse before writing anything."""
    if target.exists() and not target.is_file():
        raise OSError(errno.EINVAL, "not a regular file (a device, pipe or folder would be replaced)", str(target))


def _prepare(target: Path, text: str) -> Path:
    """The fsynced temporary file beside `target` that will replace it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(target)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    return temp


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new report is world-readable like any document."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return DEFAULT_MODE


def _fsync_directory(directory: Path) -> None:
    """Persist the rename itself; best effort, since not every platform can open a directory."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
