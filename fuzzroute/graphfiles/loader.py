"""Find and load a graph from a file: a `.json` document or a `.py` module.

Everything that can go wrong here is the user's input, so every failure is an
`InputError` (or a `DeclarationError`) whose message names the file, the line
or JSON path, and the fix; the CLI prints it as one paragraph with exit 2.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import sys
import traceback
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from fuzzroute.engine import graph_code
from fuzzroute.engine.errors import DeclarationError, FuzzrouteError, InputError
from fuzzroute.engine.graph import Graph, plain_graph
from fuzzroute.engine.graph_code import RaisedInterrupt
from fuzzroute.engine.limits import import_seconds
from fuzzroute.engine.supervision import before_graph_code
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
from fuzzroute.graphfiles.acceptance_sidecar import add_sidecar_acceptances
from fuzzroute.graphfiles.jsonformat import graph_from_json
from fuzzroute.graphfiles.jsonspans import entry_lines
from fuzzroute.graphfiles.jsonstrict import load_graph_document
from fuzzroute.graphfiles.refusals import refuse_unencodable_text
from fuzzroute.graphfiles.special import refuse_special_file
from fuzzroute.graphfiles.suffixes import SCRIPT_SUFFIXES as TS_SUFFIXES

GraphFormat = Literal["python", "json", "typescript", "javascript"]


@dataclass(frozen=True)
class LoadedGraph:
    """A graph and where it came from (reports quote the path and format)."""

    graph: Graph
    path: Path
    format: GraphFormat
    attribute: str | None = None


def split_spec(spec: str) -> tuple[Path, str | None]:
    """Split `file.py:name` into the path and the attribute name."""
    head, sep, tail = spec.rpartition(":")
    if sep and head.endswith(".py") and tail.isidentifier():
        return Path(head), tail
    if sep and head.lower().endswith(TS_SUFFIXES) and re.fullmatch(r"[\w$]+", tail):
        return Path(head), tail  # file.ts:name or file.ts:LINE
    return Path(spec), None


def load_graph(spec: str | Path) -> LoadedGraph:
    """Load `graph.json`, `graph.py` (exactly one module-level Graph), `graph.py:name`, or a TypeScript or
    JavaScript file (`graph.ts`, `graph.ts:name`, `graph.ts:LINE`; read with a parser, never imported: only
    its `when` predicates run, in a V8 sandbox, see `fuzzroute.jsrun`).

    Importing a `.py` graph runs the user's module under the import time
    limit in force (`fuzzroute.time_limits(import_seconds=...)`, 30 s by
    default): an import that does not return is stopped and reported as bad
    input naming the file and the line it was stuck on.  What the module's
    code does to the process (a signal, a fork, an exit handler, a replaced
    builtin: `engine.graph_code`) is bad input too.  The graph returned is a
    plain `Graph` (`engine.graph.plain_graph`): a subclass's methods are
    never run.
    """
    if not str(spec):
        raise InputError(
            "the graph path is empty (''). Pass the path of a graph: a .json graph document, a .py file that "
            "declares one fuzzroute.Graph at module level, or a TypeScript or JavaScript graph file."
        )
    path, attribute = split_spec(str(spec))
    if not path.exists():
        raise InputError(
            f"{path}: no such file. Pass the path of a graph: a .json graph document, a .py "
            "file that declares one fuzzroute.Graph at module level (file.py:name to pick one), or a TypeScript or "
            "JavaScript file declaring a skillGraph (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs)."
        )
    if path.is_dir():
        raise InputError(f"{path} is a directory. Pass a graph file inside it (.json, .py, or a TypeScript or "
                         "JavaScript file).")
    refuse_special_file(path)
    suffix = path.suffix.lower()
    if suffix == ".json":
        if attribute is not None:
            raise InputError(f"{path}: `:name` only picks a graph from a .py file; drop `:{attribute}`.")
        return _accepted(LoadedGraph(_load_json(path), path, "json"))
    if suffix == ".py":
        graph, name = _load_python(path, attribute)
        return _accepted(LoadedGraph(graph, path, "python", name))
    if suffix in TS_SUFFIXES:
        from fuzzroute.graphfiles.typescript import read_typescript_graph  # the parser only for script files

        graph, declared = read_typescript_graph(path, _read_text(path), attribute)
        return _accepted(LoadedGraph(graph, path, _script_format(path), declared.label))
    raise InputError(
        f"{path}: fuzzroute reads .json graph documents, .py files declaring a Graph, and TypeScript or "
        f"JavaScript files declaring a skillGraph ({', '.join(TS_SUFFIXES)}); "
        f"{suffix or 'a file without an extension'} is none of these. Rename the file or export the graph."
    )


def _accepted(loaded: LoadedGraph) -> LoadedGraph:
    """What every format shares once loaded: the refusals of text no output could carry, and the overlaps
    accepted in a file beside the graph (see `acceptances`)."""
    add_sidecar_acceptances(loaded.graph, loaded.path)
    refuse_unencodable_text(loaded.graph, loaded.path)
    return loaded


#: Seconds an object of graph code may take to say what it is (its `__str__`) for an error message.
TEXT_SECONDS = 1.0


def safe_text(value: object, limit: int = 300) -> str:
    """`str(value)` for a message, even when the object's own `__str__` raises or runs on forever.

    The `__str__` is graph code, read under its own time limit: a text that
    does not come within `TEXT_SECONDS` is replaced by a note saying so.
    """
    kind = type(value).__name__

    def label() -> str:
        return f"the text (__str__) of a {kind} raised by the graph's code"

    try:
        text = call_with_time_limit(TEXT_SECONDS, lambda: graph_code.call(lambda: str(value), label), label)
    except TimedOut:
        return f"<{kind} whose message did not come within {TEXT_SECONDS:g} s>"
    except BaseException as exc:  # graph code's objects may raise anything, even SystemExit
        if isinstance(exc, (KeyboardInterrupt, FuzzrouteError)):
            raise
        return f"<{kind} whose message cannot be printed>"
    if not isinstance(text, str):
        return f"<{kind} whose message cannot be printed>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def load_graph_text(loaded: LoadedGraph, text: str) -> Graph:
    """Load an edited text of `loaded`'s file in memory, as `load_graph` would load the file.

    Lets an editor prove its edit before writing it: the text is declared
    exactly like the file (same path in locations and messages, same graph
    picked from a Python module).
    """
    if loaded.format == "json":
        graph = _graph_from_text(loaded.path, text)
    elif loaded.format in ("typescript", "javascript"):
        from fuzzroute.graphfiles.typescript import read_typescript_graph

        graph = read_typescript_graph(loaded.path, text, loaded.attribute)[0]
    else:
        graph, _ = _load_python(loaded.path, loaded.attribute, source=text)
    refuse_unencodable_text(graph, loaded.path)
    return graph


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot be read as UTF-8 text ({exc}).") from None


def _script_format(path: Path) -> GraphFormat:
    return "typescript" if path.suffix.lower() in (".ts", ".tsx", ".mts", ".cts") else "javascript"


def _load_json(path: Path) -> Graph:
    return _graph_from_text(path, _read_text(path))


def _graph_from_text(path: Path, text: str) -> Graph:
    document = load_graph_document(path, text)
    try:
        return graph_from_json(document, str(path), entry_lines(text))
    except DeclarationError as exc:
        raise DeclarationError(f"{path}: {exc}") from None


def _read_python(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc}).") from None
    return importlib.util.decode_source(data)


def _line_in(path: Path, exc: BaseException) -> int | None:
    """The deepest line of `path` in the traceback: where the graph file went wrong."""
    target = path.resolve()
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        try:
            if Path(frame.filename).resolve() == target:
                line = frame.lineno
        except OSError:
            continue
    return line


def _load_python(path: Path, attribute: str | None, source: str | None = None) -> tuple[Graph, str]:
    """Run the graph file (or `source`, an edited text of it) as a fresh module.

    The code is compiled with the path exactly as given, so every entry's
    location names the file the way the user wrote it (`examples/x.py:12`).
    """
    module_name = f"_fuzzroute_graph_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise InputError(f"{path}: Python cannot import this file.")
    module = importlib.util.module_from_spec(spec)
    folder = str(path.resolve().parent)
    sys.path.insert(0, folder)
    try:
        if source is None:
            source = _read_python(path)
        code = compile(source, str(path), "exec", dont_inherit=True)
        seconds = import_seconds()
        before_graph_code()

        def importing() -> str:
            return f"the import of the graph file {path}"

        with graph_code.watched_block():
            call_with_time_limit(seconds, lambda: graph_code.call(lambda: exec(code, module.__dict__), importing),
                                 importing)
    except TimedOut as exc:
        where = _line_in(path, exc.__context__) if exc.__context__ is not None else None
        at = f"{path}:{where}" if where else str(path)
        raise InputError(
            f"{at}: importing the graph file did not finish within {exc.seconds:g} s (the import time limit) "
            "and was stopped there. A graph file must declare its graph and return: move slow or endless work "
            "(network calls, waiting loops) out of the module's top level, or raise the limit with --import-limit."
        ) from None
    except SyntaxError as exc:
        raise _syntax_error(path, exc) from None
    except DeclarationError as exc:
        where = _line_in(path, exc)
        at = f"{path}:{where}" if where else str(path)
        raise DeclarationError(f"{at}: {exc}") from None
    except SystemExit as exc:
        raise InputError(
            f"{path}: the file called sys.exit({safe_text(exc.code, 60)}) while being imported; a graph file "
            "must not end the process. Remove the exit, or guard it with `if __name__ == \"__main__\":`."
        ) from None
    except FuzzrouteError:
        raise
    except KeyboardInterrupt:
        raise
    except RaisedInterrupt as exc:
        where = _line_in(path, exc.original)
        at = f"{path}:{where}" if where else str(path)
        raise InputError(
            f"{at}: importing the graph file raised {type(exc.original).__name__} itself; no Ctrl-C was pressed, so "
            "this is the file's own exception, not an interruption. Fix that line; the file must run on its own "
            f"(python {path})."
        ) from None
    except BaseException as exc:  # any import failure (GeneratorExit too) is bad input here
        if isinstance(exc, ValueError) and "null bytes" in str(exc):
            raise _syntax_error(path, SyntaxError(str(exc))) from None  # before 3.11.4 a NUL is a ValueError
        where = _line_in(path, exc)
        at = f"{path}:{where}" if where else str(path)
        raise InputError(
            f"{at}: importing the graph file raised {type(exc).__name__}: {safe_text(exc)}. Fix that line; "
            "the file must run on its own (python " + str(path) + ")."
        ) from None
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)
    def looking() -> str:
        return f"looking for the module-level Graph in {path}"

    def picked() -> tuple[Graph, str]:
        graph, name = _pick(module, path, attribute)
        return plain_graph(graph), name

    try:
        with graph_code.watched_block():
            return call_with_time_limit(import_seconds(), lambda: graph_code.call(picked, looking), looking)
    except DeclarationError as exc:
        raise DeclarationError(f"{path}: {exc}") from None
    except TimedOut as exc:
        raise InputError(
            f"{path}: looking for the module-level Graph did not finish within {exc.seconds:g} s (the import time "
            "limit): an object of the module runs on when fuzzroute reads it. Keep module-level objects plain."
        ) from None
    except FuzzrouteError:
        raise
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # module objects are graph code too
        if isinstance(exc, RaisedInterrupt):
            exc = exc.original
        raise InputError(
            f"{path}: looking for the module-level Graph raised {type(exc).__name__}: {safe_text(exc)}. "
            "Keep module-level objects plain; fuzzroute reads each one to find the Graph."
        ) from None


def _syntax_error(path: Path, exc: SyntaxError) -> InputError:
    """The syntax error's message; one Python gives without a line (null bytes, the encoding) names the cause."""
    message = (exc.msg or str(exc)).rstrip(".")
    if exc.lineno:
        return InputError(f"{path}:{exc.lineno}: syntax error: {message}. Fix the Python syntax on that line.")
    if "null bytes" in message:
        fix = "The file holds a NUL byte (\\x00), which no Python source may; it is often a binary or UTF-16 file"
        fix += " saved under a .py name. Save it as UTF-8 text."
    elif "encoding" in message:
        fix = ("Python reads a graph file as UTF-8 unless a coding comment on line 1 or 2 names another "
               "encoding it knows; save the file as UTF-8, or fix or remove the coding comment.")
    else:
        fix = "Fix the file so that `python " + str(path) + "` runs."
    return InputError(f"{path}: the file cannot be read as Python source ({message}). {fix}")


def _pick(module: object, path: Path, attribute: str | None) -> tuple[Graph, str]:
    """The module's one Graph, or the one named by `attribute`."""
    graphs = {name: value for name, value in vars(module).items() if isinstance(value, Graph)}
    if attribute is not None:
        found = getattr(module, attribute, None)
        if not isinstance(found, Graph):
            known = ", ".join(sorted(graphs)) or "none"
            raise InputError(
                f"{path}: `{attribute}` is not a module-level fuzzroute.Graph (graphs found: "
                f"{known}). Pick one with {path}:NAME."
            )
        return found, attribute
    if not graphs:
        raise InputError(
            f"{path}: no module-level fuzzroute.Graph found. Declare one, e.g. "
            "`graph = Graph('support').entry('billing', match=keywords('refund'))`."
        )
    distinct = {id(g): name for name, g in graphs.items()}
    if len(distinct) > 1:
        names = ", ".join(sorted(graphs))
        raise InputError(
            f"{path}: several module-level graphs ({names}); pick one with {path}:NAME, "
            f"e.g. {path}:{sorted(graphs)[0]}."
        )
    name = next(iter(graphs))
    return graphs[name], name
