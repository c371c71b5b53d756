"""Write an accepted overlap where the graph keeps it: in a JSON graph's `accepted`, else in the file beside it.

`fuzzroute accept GRAPH EARLIER LATER --reason TEXT` is how an author who
has looked at an overlap says "intended", the way `suggest --write` adds an
example.  A JSON graph gets the acceptance in its own `accepted` array (the
document's text is spliced, keeping its layout, as for examples); a Python,
TypeScript or JavaScript graph gets it in `<graph file>.accepted.json`
beside it, which every command reads with the graph.  Before anything is
written, the edited text is loaded again and must declare the acceptance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fuzzroute.authoring.suggest import read_source
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.acceptance_sidecar import read_sidecar, sidecar_path, sidecar_text
from fuzzroute.graphfiles.jsonspans import parse_spans
from fuzzroute.graphfiles.loader import LoadedGraph, load_graph_text


@dataclass(frozen=True)
class AcceptanceEdit:
    """The file to write, its text before (empty when new) and after."""

    path: Path
    old: str
    new: str


def _checked(loaded: LoadedGraph, earlier: str, later: str) -> None:
    ids = [e.id for e in loaded.graph.entries]
    for name in (earlier, later):
        if name not in ids:
            raise InputError(
                f"{loaded.path}: no rule is named {name!r} (the rules are {', '.join(dict.fromkeys(ids))}). An "
                "acceptance names the earlier rule that takes the phrases and the later rule that loses them."
            )
    if ids.index(earlier) > max(i for i, name in enumerate(ids) if name == later):
        raise InputError(
            f"{loaded.path}: rule {earlier!r} is declared after every rule {later!r}, so it never takes {later!r}'s "
            f"phrases; accept the overlap the other way round ({later!r} over {earlier!r}) if that is the one."
        )


def _json_edit(path: Path, text: str, item: dict[str, str]) -> str:
    root = parse_spans(text)
    if root is None or root.kind != "object":
        raise InputError(f"{path}: not a JSON graph document fuzzroute can edit; add the acceptance by hand.")
    literal = json.dumps(item, ensure_ascii=False)
    accepted = root.member("accepted")
    if accepted is not None:
        if accepted.kind != "array":
            raise InputError(f"{path}: `accepted` is not an array; fix it by hand.")
        close = accepted.end - 1
        joint = ", " if accepted.items else ""
        return text[:close] + joint + literal + text[close:]
    close = root.end - 1
    body_end = len(text[:close].rstrip())
    indent = "  "
    if root.members:
        key_start = root.members[-1][1]
        line_start = text.rfind("\n", 0, key_start) + 1
        indent = text[line_start:key_start] if text[line_start:key_start].isspace() else ""
    separator = "," if root.members else ""
    # The document's own line ending (CRLF stays CRLF), as `suggest --write` keeps it.
    newline = ("\r\n" if "\r\n" in text else "\n") if "\n" in text[root.start:root.end] else " "
    insertion = f"{separator}{newline}{indent}\"accepted\": [{literal}]"
    return text[:body_end] + insertion + text[body_end:]


def _encodable(path: Path, reason: str) -> None:
    """A reason no UTF-8 file can hold (a lone surrogate) is refused, as in every graph text."""
    try:
        reason.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(
            f"{path}: the --reason holds the lone surrogate U+{ord(reason[exc.start]):04X} at character "
            f"{exc.start + 1} ({reason!r}), which no UTF-8 file can hold (it usually comes from bytes that are "
            "not UTF-8 in the command line). Write the reason in UTF-8 text; nothing was written."
        ) from None


def acceptance_edit(loaded: LoadedGraph, earlier: str, later: str, reason: str) -> AcceptanceEdit:
    """The edit that makes the graph accept `earlier` taking `later`'s phrases, proved by loading it again."""
    _checked(loaded, earlier, later)
    if any((a.earlier, a.later) == (earlier, later) for a in loaded.graph.acceptances):
        raise InputError(f"{loaded.path}: the overlap of {later!r} by {earlier!r} is accepted already.")
    _encodable(loaded.path, reason)
    item = {"earlier": earlier, "later": later, "reason": reason}
    if loaded.format == "json":
        old = read_source(loaded.path)  # line endings and a byte-order mark as they are
        new = _json_edit(loaded.path, old, item)
        graph = load_graph_text(loaded, new)
        if not any((a.earlier, a.later, a.reason) == (earlier, later, reason) for a in graph.acceptances):
            raise InputError(f"{loaded.path}: the edited document does not declare the acceptance; add it by hand.")
        return AcceptanceEdit(loaded.path, old, new)
    path = sidecar_path(loaded.path)
    items = read_sidecar(loaded.path)
    old = read_source(path) if path.exists() else ""
    return AcceptanceEdit(path, old, sidecar_text([*items, item]))
