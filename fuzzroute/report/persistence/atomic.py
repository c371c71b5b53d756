"""Write files so that readers see the old content or the new, never half of either.

A report opened while it is being written, or left behind by a run killed
mid-write, must not be a truncated page that looks like a short, clean report.
Each text goes to a temporary file in the directory of the file it replaces
(so the final rename stays on one filesystem), is flushed and fsynced, and
only when every temporary file of the run exists are they renamed over their
targets.  Around that:

* A target that is a symbolic link is written where the link points (the
  link stays a link), next to the file it names.
* A temporary name never exceeds the directory's name limit: a long target
  name is shortened in the temporary name, never refused because of it.
  Where the system offers it (Linux `O_TMPFILE`), the temporary file has no
  name at all until the commit, so a run killed while writing leaves nothing.
* Every error names the path the user gave (never a temporary name), and
  says what was and was not written: a failure before the renames writes
  nothing and removes the folders it created; a failure between renames puts
  the files already replaced back from hard-link copies of their previous
  content, so the previous state is whole again (and says so, or says which
  file it could not restore).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from fuzzroute.engine.errors import InputError

DEFAULT_MODE = 0o644
#: Name limit assumed where the system cannot tell (the common one of ext4, xfs, btrfs, APFS, NTFS).
FALLBACK_NAME_MAX = 255
#: Bytes a temporary name adds around the shortened target name: "." + name + "." + 16 hex + ".tmp".
_TEMP_OVERHEAD = 1 + 1 + 16 + 4


class WriteFailed(OSError):
    """A multi-file write that did not complete; `filename` is the path the user gave.

    `written` lists the files that now hold this run's content (empty when the
    previous state was kept or restored), `kept` the ones that still hold
    their previous content (or do not exist, as before).
    """

    def __init__(self, cause: OSError, given: Path, written: Sequence[Path], kept: Sequence[Path]) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause), str(given))
        self.written = list(written)
        self.kept = list(kept)


def unwritable(exc: OSError, path: str | os.PathLike[str], what: str, fix: str) -> InputError:
    """The bad-input error for a write that failed: which file, why, what was written, and `fix`."""
    written = getattr(exc, "written", [])
    kept = getattr(exc, "kept", [])
    if written:
        state = (
            f"Written: {', '.join(map(str, written))}. Not written (previous content kept): "
            f"{', '.join(map(str, kept)) or 'none'}."
        )
    else:
        state = "Nothing was written."
    advice = fix[:1].upper() + fix[1:]  # the fix is a sentence of its own
    return InputError(f"{exc.filename or path}: cannot write {what} ({exc.strerror or exc}). {state} {advice}")


def write_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Replace `path` with `text` (UTF-8) atomically; creates missing parent directories."""
    return write_all_atomically([(path, text)])[0]


@dataclass(eq=False)
class _Pending:
    """One file of a write: the path as given, where it really goes, and its prepared content."""

    given: Path
    real: Path
    text: str | bytes  # bytes: already UTF-8 (a large JSON document, `jsonform.compact_bytes`)
    fd: int | None = None  # an unnamed temporary file (O_TMPFILE), linked at commit
    temp: Path | None = None  # a named temporary file
    backup: Path | None = None  # a hard link to the previous content, while committing
    existed: bool = False


def write_all_atomically(files: Sequence[tuple[str | os.PathLike[str], str | bytes]]) -> list[Path]:
    """Write several files so that either all are replaced or none is.

    Every temporary file is written and fsynced first; only when all of them
    exist are they renamed over their targets, in the order given (put the
    file whose presence marks a complete run last).  Returns the paths as given.
    """
    pending = [_Pending(Path(path), real_target(Path(path)), text) for path, text in files]
    for item in pending:
        _refuse_special_file(item)
    _refuse_one_file_twice(pending)
    created: list[Path] = []
    try:
        for item in pending:
            created += _make_parents(item)
            _prepare(item)
    except BaseException as exc:
        _discard(pending)
        remove_created(created)
        if isinstance(exc, OSError) and not isinstance(exc, WriteFailed):
            raise WriteFailed(exc, _given_for(exc, pending), [], [p.given for p in pending]) from None
        raise
    _commit_all(pending, created)
    for directory in {item.real.parent for item in pending}:
        _fsync_directory(directory)
    return [item.given for item in pending]


def real_target(path: Path) -> Path:
    """Where writing `path` really lands: symbolic links (of the file or its folders) are followed.

    A link that leads back to itself (a loop) lands nowhere: it is an error, never replaced by a file.
    """
    if os.path.islink(path) or not os.path.exists(path):
        try:
            os.stat(path)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OSError(errno.ELOOP, "a symbolic link loop: the link leads back to itself", str(path)) \
                    from None
    return Path(os.path.realpath(path))


def _given_for(exc: OSError, pending: Sequence[_Pending]) -> Path:
    """The user's path for an OSError raised about one of the files (or the first file)."""
    name = getattr(exc, "given", None)
    return name if isinstance(name, Path) else pending[0].given


def _failure(cause: OSError, item: _Pending) -> OSError:
    """`cause`, re-addressed to the path the user gave for `item`."""
    error = OSError(cause.errno, cause.strerror or str(cause), str(item.given))
    error.given = item.given  # type: ignore[attr-defined]
    return error


def _refuse_special_file(item: _Pending) -> None:
    """A rename would replace a device, pipe or folder with a plain file, so refuse before writing anything."""
    target = item.real
    if target.exists() and not target.is_file():
        raise WriteFailed(
            OSError(errno.EINVAL, "not a regular file (a device, pipe or folder would be replaced)"),
            item.given, [], [],
        )


def _refuse_one_file_twice(pending: Sequence[_Pending]) -> None:
    """Two texts for one file (two names, or a link and its file) would silently lose one of them."""
    seen: dict[Path, _Pending] = {}
    for item in pending:
        earlier = seen.setdefault(item.real, item)
        if earlier is not item:
            raise WriteFailed(
                OSError(errno.EINVAL, f"the same file as {earlier.given}, which this run also writes"),
                item.given, [], [],
            )


def _make_parents(item: _Pending) -> list[Path]:
    """Create the missing folders above the target; return them, outermost first."""
    return make_folders(item.real.parent, lambda exc: _failure(exc, item))


def make_folders(folder: Path, failure: Callable[[OSError], BaseException]) -> list[Path]:
    """Create `folder` and its missing parents; return those created, outermost first.

    If one cannot be made, the ones made so far are removed again and
    `failure(error)` is raised: a failed write leaves no empty folders behind.
    """
    missing: list[Path] = []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    created: list[Path] = []
    for directory in reversed(missing):
        try:
            directory.mkdir()
        except FileExistsError:
            continue
        except OSError as exc:
            remove_created(created)
            raise failure(exc) from None
        created.append(directory)
    return created


def remove_created(created: Sequence[Path]) -> None:
    """Remove folders this write created, innermost first, if they are still empty."""
    for directory in reversed(created):
        with contextlib.suppress(OSError):
            directory.rmdir()


def name_max(directory: Path) -> int:
    """The longest file name (in bytes) the file system of `directory` accepts."""
    try:
        return int(os.pathconf(directory, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return FALLBACK_NAME_MAX


def temporary_name(target: Path, kind: str = "tmp") -> Path:
    """A fresh hidden name beside `target`, within the file system's name limit.

    `.report.html.<16 hex>.tmp`; a target name too long for that is cut (at a
    character boundary) to leave room for the random part.
    """
    import secrets  # here, not at the top: `check` imports this module and mostly writes no file

    room = max(1, name_max(target.parent) - _TEMP_OVERHEAD)
    stem = target.name
    while len(os.fsencode(stem)) > room:
        stem = stem[:-1]
    return target.parent / f".{stem}.{secrets.token_hex(8)}.{kind[:3]}"


def _prepare(item: _Pending) -> None:
    """Write and fsync the content of `item` into a temporary file beside its target."""
    target = item.real
    mode = _mode_for(target)
    text = item.text
    data = text if isinstance(text, bytes) else text.encode("utf-8", "backslashreplace")
    fd = _unnamed_file(target.parent, mode)
    if fd is None:
        try:
            temp = temporary_name(target)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as exc:
            raise _failure(exc, item) from None
        item.temp = temp
    else:
        item.fd = fd
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.fchmod(fd, mode)
    except OSError as exc:
        raise _failure(exc, item) from None
    finally:
        if item.temp is not None:
            os.close(fd)


def _unnamed_file(directory: Path, mode: int) -> int | None:
    """An unnamed file in `directory` (Linux O_TMPFILE), or None where the system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY, mode)
    except OSError:
        return None  # file system without O_TMPFILE: a named temporary file does the job


def _name_it(item: _Pending) -> Path:
    """Give the prepared file a (temporary) name, so it can be renamed over its target."""
    if item.temp is not None:
        return item.temp
    assert item.fd is not None
    temp = temporary_name(item.real)
    # linkat(AT_SYMLINK_FOLLOW) through /proc names the unnamed file; CPython only passes that flag to
    # linkat when a directory descriptor is given (plain link() would fail with EXDEV).
    folder = os.open(temp.parent, os.O_RDONLY)
    try:
        os.link(f"/proc/self/fd/{item.fd}", temp.name, dst_dir_fd=folder, follow_symlinks=True)
    finally:
        os.close(folder)
    os.close(item.fd)
    item.fd = None
    item.temp = temp
    return temp


def _commit_all(pending: Sequence[_Pending], created: Sequence[Path]) -> None:
    """Rename every prepared file over its target; on any failure restore the previous state."""
    done: list[_Pending] = []
    current: _Pending | None = None
    try:
        for item in pending:
            current = item
            item.existed = item.real.exists()
            if item.existed:
                item.backup = _backup(item.real)
            os.replace(_name_it(item), item.real)
            item.temp = None
            done.append(item)
        current = None
    except BaseException as exc:
        unrestored = _restore(done)
        _discard(pending)
        if not unrestored:
            remove_created(created)
        if not isinstance(exc, OSError):
            raise
        failed = current.given if current is not None else pending[0].given
        written = [p.given for p in unrestored]
        raise WriteFailed(exc, failed, written, [p.given for p in pending if p.given not in written]) from None
    finally:
        for item in pending:
            if item.backup is not None:
                with contextlib.suppress(OSError):
                    item.backup.unlink()
                item.backup = None


def _backup(target: Path) -> Path | None:
    """A hard link to the target's current content, to put back if a later rename fails."""
    backup = temporary_name(target, "old")
    try:
        os.link(target, backup)
    except OSError:
        return None  # no hard links here: this file could not be restored, and the error will say so
    return backup


def _restore(done: Sequence[_Pending]) -> list[_Pending]:
    """Put the previous content back for every replaced file; return the ones that could not be."""
    unrestored: list[_Pending] = []
    for item in reversed(done):
        try:
            if item.backup is not None:
                os.replace(item.backup, item.real)
                item.backup = None
            elif not item.existed:
                item.real.unlink()
            else:
                unrestored.append(item)
        except OSError:
            unrestored.append(item)
    return unrestored[::-1]


def _discard(pending: Sequence[_Pending]) -> None:
    """Close and remove every temporary file that was not renamed."""
    for item in pending:
        if item.fd is not None:
            with contextlib.suppress(OSError):
                os.close(item.fd)
            item.fd = None
        if item.temp is not None:
            with contextlib.suppress(OSError):
                item.temp.unlink()
            item.temp = None


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new report is world-readable like any document."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
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

