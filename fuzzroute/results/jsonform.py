"""One way between the typed results and their JSON form, in both directions.

The report document is a tree of frozen dataclasses; its JSON form is the
public, versioned contract (`fuzzroute/schema/report.schema.json`).  Rather
than a `to_dict` per class (each a place where a key could be renamed or
reordered by hand), the JSON form is derived from the declarations: keys in
field order, a field's JSON name from its metadata (`from_` is written
`"from"`), and fields marked `omit_none` left out while they are None (a
`status` exists only when a run compared with a baseline).  Reading a
document back (a baseline, a shard, a ledger) goes through the same
declarations, so what is written is exactly what can be read.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
import unicodedata
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

#: Field metadata keys.
JSON_NAME = "json"
OMIT_NONE = "omit_none"


def json_field(name: str | None = None, *, omit_none: bool = False, default: Any = dataclasses.MISSING) -> Any:
    """A dataclass field with its JSON key (when it differs from the attribute) and its None policy."""
    metadata: dict[str, Any] = {OMIT_NONE: omit_none}
    if name is not None:
        metadata[JSON_NAME] = name
    if default is dataclasses.MISSING and omit_none:
        default = None
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def key_of(field: dataclasses.Field[Any]) -> str:
    return str(field.metadata.get(JSON_NAME, field.name))


def to_json(value: Any) -> Any:
    """The JSON form (dicts, lists, str, int, float, bool, None) of a results value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item is None and field.metadata.get(OMIT_NONE):
                continue
            out[key_of(field)] = to_json(item)
        return out
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def compact_text(data: Any) -> str:
    """A JSON document as written to disk: compact (a 1000-rule report is a third of its indented size)."""
    return inert_json(json.dumps(data, ensure_ascii=False, separators=(",", ":"))) + "\n"


#: Characters a JSON output writes as `\uXXXX` escapes: format characters (bidi controls, zero-width
#: characters), line and paragraph separators, surrogates, private-use and unassigned code points.
#: `json.dumps` already escapes the ASCII controls; letters of every script stay readable.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"})
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")


def _escape_run(found: re.Match[str]) -> str:
    run = found.group(0)
    if run.isprintable():  # letters, marks, symbols of any script: nothing to escape (checked in C)
        return run
    return "".join(_escaped(char) for char in run)


@lru_cache(maxsize=1 << 16)
def _escaped(char: str) -> str:
    if unicodedata.category(char) not in _ESCAPED_CATEGORIES:
        return char
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def inert_json(dumped: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) with invisible characters as `\\uXXXX` escapes.

    The text stays exact for every JSON reader (baselines, merge and the
    ledger match on it), while a viewer, a terminal or a CI log never
    receives a raw bidi override or zero-width character from a graph.
    Such characters can only stand inside string literals, so the
    substitution cannot touch the document's structure.
    """
    return dumped if dumped.isascii() else _NON_ASCII_RUN.sub(_escape_run, dumped)


class ShapeError(ValueError):
    """A JSON value that does not have the shape its declaration asks for; the message says where."""


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(cls: type[T], data: Any, where: str = "$") -> T:
    """Read `data` (parsed JSON) as `cls`, checking every field's type; raises `ShapeError` naming the path."""
    return _read(cls, data, where)  # type: ignore[no-any-return]


def _read(kind: Any, data: Any, where: str) -> Any:
    if kind is Any:
        return data
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _read(option, data, where)
            except ShapeError as error:
                errors.append(str(error))
        raise ShapeError(errors[0] if len(errors) == 1 else f"{where}: {data!r:.60} fits none of its allowed shapes")
    if origin is list or origin is tuple:
        if not isinstance(data, list):
            raise ShapeError(f"{where}: expected a list, found {type(data).__name__}")
        (item,) = get_args(kind)[:1] or (Any,)
        items = [_read(item, v, f"{where}[{n}]") for n, v in enumerate(data)]
        return items if origin is list else tuple(items)
    if origin is dict:
        if not isinstance(data, dict):
            raise ShapeError(f"{where}: expected an object, found {type(data).__name__}")
        key_type, value_type = get_args(kind) or (str, Any)
        return {str(k): _read(value_type, v, f"{where}.{k}") for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise ShapeError(f"{where}: expected an object, found {type(data).__name__}")
        hints = _hints(kind)
        values: dict[str, Any] = {}
        for field in dataclasses.fields(kind):
            key = key_of(field)
            if key not in data:
                if field.default is not dataclasses.MISSING:
                    continue
                if field.default_factory is not dataclasses.MISSING:
                    continue
                raise ShapeError(f"{where}: the key {key!r} is missing")
            values[field.name] = _read(hints[field.name], data[key], f"{where}.{key}")
        return kind(**values)
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise ShapeError(f"{where}: expected a number, found {data!r:.40}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ShapeError(f"{where}: expected an integer, found {data!r:.40}")
        return data
    if kind in (str, bool):
        if not isinstance(data, kind):
            raise ShapeError(f"{where}: expected {kind.__name__}, found {data!r:.40}")
        return data
    if kind is type(None):
        if data is not None:
            raise ShapeError(f"{where}: expected null, found {data!r:.40}")
        return None
    raise TypeError(f"cannot read {kind!r} from JSON")  # pragma: no cover - a declaration error
