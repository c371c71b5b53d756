"""Accepted overlaps kept beside a graph file, for graph formats that cannot carry them.

A JSON graph lists its acceptances under `accepted` and a Python graph calls
`Graph.accept_overlap`; a TypeScript or JavaScript graph is the reference
library's own source, which has no place for them.  So any graph file may have
a small JSON file beside it, `<graph file>.accepted.json`:

    {"accepted": [{"earlier": "deploy", "later": "rollback", "reason": "..."}]}

`fuzzroute accept` writes it (or the JSON graph itself).  The file is read
strictly: anything else in it is bad input naming the file and the fix.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict, cast

from fuzzroute.engine.errors import DeclarationError, InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.jsonnumbers import long_number_at
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.graphfiles.special import refuse_special_file

SUFFIX = ".accepted.json"


def sidecar_path(graph_file: str | Path) -> Path:
    """Where the acceptances of `graph_file` are kept when the graph cannot hold them."""
    path = Path(graph_file)
    return path.with_name(path.name + SUFFIX)


class SidecarItem(TypedDict):
    """One accepted overlap as the file holds it: exactly these keys (checked on reading).

    The values stay `object` until `Graph.accept_overlap` checks them, whose
    message names the field and the fix (a value that is not a rule id or a
    reason is an author's mistake worth its own sentence).
    """

    earlier: object
    later: object
    reason: object


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_repeated_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise _RepeatedKey(key)
        found[key] = value
    return found


def _not_json(path: Path, exc: BaseException) -> InputError:
    return InputError(
        f"{path}: not valid JSON ({exc}). It holds accepted overlaps as "
        '{"accepted": [{"earlier": ID, "later": ID, "reason": TEXT}]}; fix it or delete it.'
    )


def read_sidecar(graph_file: str | Path) -> list[SidecarItem]:
    """The acceptances stored beside `graph_file` (none when there is no such file)."""
    path = sidecar_path(graph_file)
    if path.exists():
        refuse_special_file(path, "a file of accepted overlaps", "Delete it or replace it with a regular file.")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: the accepted overlaps cannot be read ({exc}).") from None
    try:
        document: object = json.loads(text, object_pairs_hook=_no_repeated_keys)
    except _RepeatedKey as exc:
        raise InputError(
            f"{path}: the key {exc.key!r} appears twice in one object; JSON readers disagree on which value "
            "wins, so fuzzroute reads neither. Keep one (or write the file with `fuzzroute accept`)."
        ) from None
    except ValueError as exc:
        if not isinstance(exc, json.JSONDecodeError):  # an integer past Python's digit limit
            line, column, what = long_number_at(text)
            raise InputError(
                f"{path}:{line}:{column}: {what}. The accepted overlaps hold only ids and reasons: remove the "
                "number or delete the file."
            ) from None
        raise _not_json(path, exc) from None
    except RecursionError as exc:
        raise _not_json(path, exc) from None
    items = document.get("accepted") if isinstance(document, dict) else None
    if not isinstance(items, list) or not all(
        isinstance(i, dict) and set(i) == {"earlier", "later", "reason"} for i in items
    ):
        raise InputError(
            f"{path}: expected {{\"accepted\": [{{\"earlier\": ID, \"later\": ID, \"reason\": TEXT}}]}} and "
            "nothing else; fix the file (or write it with `fuzzroute accept`)."
        )
    return cast(list[SidecarItem], items)  # every item has exactly the three keys, as checked above


def add_sidecar_acceptances(graph: Graph, graph_file: str | Path) -> None:
    """Declare on `graph` the acceptances kept beside its file."""
    path = sidecar_path(graph_file)
    for position, item in enumerate(read_sidecar(graph_file)):
        try:
            # `accept_overlap` refuses a value that is not a text, naming the field: the casts only defer to it.
            graph.accept_overlap(cast(str, item["earlier"]), cast(str, item["later"]),
                                 reason=cast(str, item["reason"]), location=SourceLocation(str(path), 1))
        except DeclarationError as exc:
            raise InputError(f"{path}: accepted[{position}]: {exc}") from None


def sidecar_text(items: Sequence[Mapping[str, object]]) -> str:
    """The file's text holding `items` (each with the keys earlier, later and reason)."""
    return json.dumps({"accepted": items}, ensure_ascii=False, indent=2) + "\n"
