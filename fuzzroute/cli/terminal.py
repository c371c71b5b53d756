"""Other people's text stays inert on the terminal: control characters are shown, never obeyed.

A graph's name, rule ids, phrases and error messages quoting them are text
from the graph's author, and fuzzroute prints them in summaries, problem
lists, progress lines and error paragraphs.  A name holding `ESC ] 0 ; ...
BEL` would set the terminal's title, `ESC [ 2 J` would clear the screen, a
right-to-left override (U+202E) would show a rule id reversed.  So the CLI
wraps its stdout and stderr (`install`) in a stream that writes every
control character (other than newline and tab), every format character
(bidi controls, zero-width characters, tag characters), line and paragraph
separators and lone surrogates as a `\\uXXXX` escape.  That escape is JSON's
own, so `--format json` output stays valid JSON that decodes to the same
text; non-BMP characters are written as JSON's surrogate pair.  Text the
stream's encoding cannot hold is written as a backslash escape instead of
failing.

Two writers bypass the escaping on purpose: the progress bar (its own
escape sequences draw it; it is given `unescaped(sys.stderr)`), and
`echo_verbatim`, which writes a diff byte-exact when stdout is a file or a
pipe (so `patch` applies it) and escaped on a terminal.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TextIO

from fuzzroute.engine import graph_code, supervision
from fuzzroute.engine.errors import FuzzrouteError
from fuzzroute.graphfiles.capture import LIMIT as CAPTURE_LIMIT
from fuzzroute.graphfiles.capture import stand_in_for_stdout, window_open

#: Unicode categories shown as escapes: controls, format characters, surrogates, line/paragraph separators.
ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_CANDIDATE = re.compile(r"[^\x20-\x7e\n\t]")


@lru_cache(maxsize=4096)
def _shown(char: str) -> str:
    if unicodedata.category(char) not in ESCAPED_CATEGORIES:
        return char
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def terminal_text(text: str) -> str:
    """`text` with every character that could steer a terminal written as a visible `\\uXXXX` escape."""
    if not _CANDIDATE.search(text):
        return text
    return _CANDIDATE.sub(lambda found: _shown(found.group(0)), text)


class OutputUnwritable(FuzzrouteError):
    """Standard output cannot take what fuzzroute writes (a full disk, a closed descriptor): exit 2."""

    @classmethod
    def of(cls, exc: OSError) -> OutputUnwritable:
        reason = exc.strerror or type(exc).__name__
        return cls(
            f"cannot write to standard output ({reason}), so the results were not delivered. Send the output "
            "somewhere that takes it (a file on a disk with room, a pipe, /dev/null), or write a file with "
            "the command's output options."
        )


class EscapingStream(io.TextIOBase):
    """A text stream that escapes (see `terminal_text`) everything written through it.

    As standard output (`stdout=True`) it also keeps the exit-code contract
    for the stream itself: when the reader goes away (`| head`), the rest of
    the output is dropped quietly and the run ends with its own exit code;
    any other failure to write is `OutputUnwritable` (exit 2).  As standard
    error it drops what cannot be written, since there is nowhere left to say so.
    """

    def __init__(self, inner: TextIO, stdout: bool = False) -> None:
        super().__init__()
        self.inner = inner
        self.stdout = stdout

    def _guarded(self, operation: Callable[[], object]) -> None:
        try:
            operation()
        except BrokenPipeError:
            self._reader_left()
        except OSError as exc:
            if self.stdout:
                raise OutputUnwritable.of(exc) from None
            self._reader_left()

    def _reader_left(self) -> None:
        """Point the descriptor at /dev/null, so what is buffered and written later goes nowhere, quietly."""
        with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.inner.fileno())
            os.close(null)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "backslashreplace"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return bool(getattr(self.inner, "isatty", lambda: False)())

    def fileno(self) -> int:
        return self.inner.fileno()

    def flush(self) -> None:
        self._guarded(self.inner.flush)

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.stdout and threading.current_thread() is not threading.main_thread() and graph_code.ran():
            return len(text)  # a thread the graph's code started: fuzzroute writes its results from the main thread
        shown = terminal_text(text)
        self._guarded(lambda: self.inner.write(shown))
        return len(text)


def _tolerant(stream: TextIO) -> TextIO:
    """Let the stream write what its encoding lacks as a backslash escape instead of raising."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError, io.UnsupportedOperation):
            reconfigure(errors="backslashreplace")
    return stream


def install() -> None:
    """Wrap `sys.stdout` and `sys.stderr` (once) so every later write is escaped."""
    if not isinstance(sys.stdout, EscapingStream) and sys.stdout is not None:
        sys.stdout = EscapingStream(_tolerant(sys.stdout), stdout=True)
    if isinstance(sys.stdout, EscapingStream):
        _installed[:] = [sys.stdout]
    if not isinstance(sys.stderr, EscapingStream) and sys.stderr is not None:
        sys.stderr = EscapingStream(_tolerant(sys.stderr))


#: The escaping standard output `install` put in place.
_installed: list[EscapingStream] = []


def move_stdout_aside(real: int | None) -> None:
    """Write fuzzroute's results through `real` (a copy of the standard output made before any graph code ran).

    In the watched child graph code runs in fuzzroute's process and may
    leave threads that write to descriptor 1 (`os.write(1, ...)`, a C
    library) at any moment, also while the results are printed.  After
    this, descriptor 1 is /dev/null outside the capture windows (inside one
    it is the capture, `graphfiles.capture`), and only what fuzzroute writes
    through `sys.stdout` reaches the real standard output.
    """
    if real is None or not _installed:
        return
    stream = _installed[0]  # a capture window may hold `sys.stdout` now
    inner = stream.inner
    with contextlib.suppress(Exception):
        inner.flush()
    try:
        private = os.dup(real)
    except OSError:
        return
    stream.inner = io.TextIOWrapper(
        io.FileIO(private, "w", closefd=True), encoding=getattr(inner, "encoding", None) or "utf-8",
        errors="backslashreplace", line_buffering=bool(getattr(inner, "line_buffering", False)),
    )
    supervision.stdout_stands_in()
    if not window_open():  # inside a window, the window puts the stand-in in place when it closes
        stand_in_for_stdout()


def unescaped(stream: TextIO) -> TextIO:
    """The stream under an `EscapingStream` (for the progress bar's own escape sequences)."""
    return stream.inner if isinstance(stream, EscapingStream) else stream


def echo_verbatim(text: str) -> None:
    """Write `text` to stdout as it is when stdout is a file or pipe, escaped when it is a terminal."""
    stream = sys.stdout
    if stream.isatty():
        stream.write(text)
    else:
        _write_inner(stream, text)
    stream.flush()


def _write_inner(stream: TextIO, text: str) -> None:
    """Write to the stream under an `EscapingStream` as it is, keeping that stream's handling of write errors."""
    if isinstance(stream, EscapingStream):
        inner = stream.inner
        stream._guarded(lambda: inner.write(text))
    else:
        stream.write(text)


def show_graph_output(lines: list[str], *, verbose: bool, quiet: bool = False, cut_bytes: int = 0) -> None:
    """Tell (stderr) that the graph's own code printed; with `verbose`, show what it printed.

    Only the first megabyte is kept (see `graphfiles.capture`): when more was
    printed, the note says so, and counts what was kept, not what was printed.
    """
    if (not lines and not cut_bytes) or quiet:
        return
    count = f"{len(lines)} line{'s' if len(lines) != 1 else ''}"
    if cut_bytes:
        count = (f"more than fuzzroute keeps ({count} kept, {_size(cut_bytes)} more left out: only the first "
                 f"{_size(CAPTURE_LIMIT)} is kept)")
    if not verbose:
        print(f"fuzzroute: note: the graph's own code printed {count} while fuzzroute loaded and ran it; "
              "it is kept out of the results (-v shows it).", file=sys.stderr)
        return
    print(f"fuzzroute: the graph's own code printed {count} while fuzzroute loaded and ran it:", file=sys.stderr)
    for line in lines:
        print(f"  | {line}", file=sys.stderr)
    if cut_bytes:
        print(f"  (cut here: {_size(cut_bytes)} more were printed and not kept)", file=sys.stderr)


def _size(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f} MB"
    if count >= 1_000:
        return f"{count / 1_000:.1f} kB"
    return f"{count} byte{'s' if count != 1 else ''}"


#: Our own line shapes, coloured on a terminal: a section head ("  proven:") and a finding line
#: (`file:line: code ...`).  Matched on the line after the graph's text was made inert.
_SECTION = re.compile(r"^(?P<indent>\s*)(?P<head>[a-z]+:)(?P<rest>\s.*)?$")
_FINDING = re.compile(
    r"^(?P<indent>\s*)(?P<place>\S+:\d+: )?"
    r"(?P<code>(?:example|never-routes|decided|generated|near-miss|rules|rule|when|slow|undecided)[a-z0-9-]*)"
    r"(?P<rest>\s.*)?$"
)
_COLOURS = {"example": "31", "never-routes": "31", "decided": "35", "undecided": "35"}


#: `--color`: auto (the default), always or never, for the command running now.
_colour = ["auto"]


@contextlib.contextmanager
def colour_mode(mode: str) -> Iterator[None]:
    """Set `--color` for the duration of a command."""
    saved = _colour[0]
    _colour[0] = mode
    try:
        yield
    finally:
        _colour[0] = saved


def use_colour(stream: TextIO | None) -> bool:
    """Whether to colour: `--color always|never` says; under `auto`, never with `NO_COLOR` set
    (https://no-color.org), always with `FORCE_COLOR` set (https://force-color.org), else on a terminal only."""
    if _colour[0] in ("always", "never"):
        return _colour[0] == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return bool(stream is not None and getattr(stream, "isatty", lambda: False)())


def _paint(text: str, code: str) -> str:
    return f"\x1b[{code}m{text}\x1b[0m"


def colour_line(line: str) -> str:
    """A line of ours (already inert) with its place dimmed and its finding code coloured by tier."""
    found = _FINDING.match(line)
    if found:
        code = found.group("code")
        family = next((k for k in _COLOURS if code.startswith(k)), "")
        warning = line.endswith("(warning)") or "(warning," in line
        colour = "33" if warning else _COLOURS.get(family, "36")
        place = found.group("place") or ""
        return (found.group("indent") + (_paint(place, "2") if place else "") + _paint(code, colour)
                + (found.group("rest") or ""))
    section = _SECTION.match(line)
    if section:
        return section.group("indent") + _paint(section.group("head"), "1") + (section.group("rest") or "")
    return line


def echo_lines(text: str) -> None:
    """Print `text`: coloured on a terminal (its graph text made inert first), plain otherwise."""
    stream = sys.stdout
    if not use_colour(stream):
        stream.write(text + "\n")
        stream.flush()
        return
    _write_inner(stream, "\n".join(colour_line(terminal_text(line)) for line in text.split("\n")) + "\n")
    stream.flush()
