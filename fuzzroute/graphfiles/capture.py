"""Keep what a graph's own code prints out of fuzzroute's output.

A `.py` graph is code: its import may print ("loading graph..."), and so may
its `when` predicates, every time they run.  On stdout that text would land
in the middle of `check --format json`, a SARIF file piped to a tool, or the
diff `suggest --diff > add.patch` writes.  While fuzzroute runs graph code
the CLI holds a `GraphOutput.window()` open: `sys.stdout` and `sys.stderr`
write into a temporary file instead (and so does file descriptor 1 when it is
the real standard output, for C code and child programs).  Worker processes
forked inside the window inherit it, so their prints are kept too.  Nothing
of fuzzroute's own is printed to stdout while a window is open; its progress
bar draws on the terminal it was given before the window opened.

The window is also where graph code runs, so it is where the process is
compared with what it was when the window opened (`graph_code.watched_block`):
a change the graph's code made to it is bad input, found before any result
is printed.  Graph code that closes the window's own descriptors is refused
that way too, not as a failure of fuzzroute's.

Afterwards the text is there to show on request (`-v`), never mixed into a
result.  At most `LIMIT` bytes are kept, cut at the end of a line; how much
was left out is counted (`cut_bytes`) so the note can say so.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import IO

from fuzzroute.engine import graph_code, process_state, supervision

#: Bytes of graph output kept (the rest is counted as cut, not stored).
LIMIT = 1_000_000


class _FileWriter(io.TextIOBase):
    """A text stream that writes every call straight to a file descriptor (so forked children share it)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self._written = 0
        #: Bytes written past the limit, counted but not stored.
        self.dropped = 0
        self.buffer = _RawWriter(self)

    encoding = "utf-8"
    errors = "backslashreplace"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write_bytes(self, data: bytes) -> int:
        room = LIMIT - self._written
        if room > 0:
            chunk = data[:room]
            with contextlib.suppress(OSError):
                view = memoryview(chunk)
                while view:
                    view = view[os.write(self._fd, view):]
        self.dropped += len(data) - max(0, min(room, len(data)))
        self._written += len(data)
        return len(data)

    def write(self, text: str) -> int:
        self.write_bytes(str(text).encode("utf-8", "backslashreplace"))
        return len(text)


class _RawWriter(io.RawIOBase):
    """`sys.stdout.buffer` for graph code that writes bytes."""

    def __init__(self, owner: _FileWriter) -> None:
        super().__init__()
        self._owner = owner

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        return self._owner.write_bytes(bytes(data))  # type: ignore[call-overload]


#: The windows open now (a command opens one at a time; a fork inherits it).
_open_windows: list[GraphOutput] = []


def window_open() -> bool:
    return bool(_open_windows)


def stand_in_for_stdout() -> None:
    """Point descriptor 1 at /dev/null: what graph code writes there later is dropped (the watched child)."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)


@contextlib.contextmanager
def _closing(store: IO[bytes]) -> Iterator[None]:
    """Close the capture file at the end, even when graph code closed its descriptor first."""
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            store.close()


def _real_stdout_fd() -> int | None:
    """1 when `sys.stdout` writes to the process's file descriptor 1, or descriptor 1 stands in for it (the
    watched child: `cli.terminal.move_stdout_aside`); else None (a test runner's buffer)."""
    if supervision.stdout_is_a_stand_in():
        return 1
    try:
        return 1 if sys.stdout.fileno() == 1 else None
    except (AttributeError, OSError, ValueError):
        return None


class GraphOutput:
    """Everything the graph's code wrote during the windows of one command."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        #: Every byte the graph's code wrote, kept or not.
        self._total = 0

    @property
    def text(self) -> str:
        """What is kept: the first `LIMIT` bytes, ending at a line end when anything was cut."""
        kept = b"".join(self._parts)[:LIMIT]
        if self._total > len(kept) and b"\n" in kept:
            kept = kept[: kept.rindex(b"\n") + 1]  # never end mid-line
        return kept.decode("utf-8", "replace")

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @property
    def cut_bytes(self) -> int:
        """Bytes the graph's code wrote that are not in `text` (0 when everything was kept)."""
        return max(0, self._total - len(self.text.encode("utf-8", "replace")))

    @contextlib.contextmanager
    def window(self) -> Iterator[None]:
        """Capture stdout and stderr of whatever runs inside (graph imports, predicates, workers)."""
        try:
            store = tempfile.TemporaryFile()  # noqa: SIM115 - entered below, once it exists
        except OSError:
            store = None
        if store is None:  # no temporary folder: keep it in memory (forked workers' prints are lost)
            with self._in_memory():
                yield
            return
        with _closing(store):
            writer = _FileWriter(store.fileno())
            saved = sys.stdout, sys.stderr
            for stream in saved:
                with contextlib.suppress(Exception):
                    stream.flush()
            fd = _real_stdout_fd()
            saved_fd = os.dup(fd) if fd is not None else None
            if saved_fd is not None:
                os.dup2(store.fileno(), 1)
                process_state.keep_descriptor(saved_fd, "fuzzroute's standard output, kept aside")
            process_state.keep_descriptor(store.fileno(), "the capture of the graph's output")
            kept_stderr = 2 not in process_state.kept_descriptors()
            if kept_stderr:
                process_state.keep_descriptor(2, "fuzzroute's standard error")
            sys.stdout = sys.stderr = writer
            _open_windows.append(self)
            try:
                with graph_code.watched_block():
                    yield
            finally:
                _open_windows.remove(self)
                sys.stdout, sys.stderr = saved
                process_state.release_descriptor(store.fileno())
                if kept_stderr:
                    process_state.release_descriptor(2)
                if saved_fd is not None:
                    process_state.release_descriptor(saved_fd)
                    with contextlib.suppress(OSError):  # graph code may have closed it (then it is refused)
                        if supervision.stdout_is_a_stand_in():
                            stand_in_for_stdout()  # the results have a descriptor of their own now
                        else:
                            os.dup2(saved_fd, 1)
                        os.close(saved_fd)
                with contextlib.suppress(OSError, ValueError):
                    store.seek(0)
                    self._parts.append(store.read(LIMIT))
                    self._total += os.fstat(store.fileno()).st_size + writer.dropped

    @contextlib.contextmanager
    def _in_memory(self) -> Iterator[None]:
        with graph_code.watched_block(), self._redirected():
            yield

    @contextlib.contextmanager
    def _redirected(self) -> Iterator[None]:
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            yield
        data = buffer.getvalue().encode("utf-8", "backslashreplace")
        self._total += len(data)
        self._parts.append(data[:LIMIT])
