"""The base of every findings record, and the one way between records and their JSON form.

Each record is a frozen `msgspec.Struct`: its field order is the key order of
the JSON form, a field's JSON key is its `msgspec.field(name=...)` (`from_`
is written `"from"`), and a field typed `X | Omitted` with the default `OMIT`
is left out of the JSON while it holds `OMIT` (a `status` exists only when a
run compared with a baseline).  The same declarations read a document back
(a baseline, a shard, a ledger) and generate the published JSON Schema
(`fuzzroute.results.schemas`), so what is written, what is read and what is
documented cannot drift apart.

This package imports nothing else of fuzzroute: the engine, the decided tier
and the generators build these records, and every writer reads them.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

#: The marker of a field left out of the JSON form (absent, not null).
OMIT = msgspec.UNSET
Omitted = msgspec.UnsetType


class Record(msgspec.Struct, frozen=True):
    """A frozen findings record; its JSON form is derived from its declaration."""


class ShapeError(ValueError):
    """A JSON value that does not have the shape its declaration asks for; the message says where."""


def to_json(value: Any) -> Any:
    """The JSON form (dicts, lists, str, int, float, bool, None) of a record (or a list of records)."""
    return msgspec.to_builtins(value)


def from_json(cls: type[T], data: Any) -> T:
    """Read `data` (parsed JSON) as `cls`, checking every field; raises `ShapeError` naming the path.

    Numbers keep the type they were written with (`int | float` fields), so a
    document read and written again is the same text.
    """
    try:
        return msgspec.convert(data, type=cls)
    except msgspec.ValidationError as error:
        raise ShapeError(_sentence(str(error))) from None


def _sentence(message: str) -> str:
    """msgspec's `Expected X, got Y - at `$.a.b`` as `$.a.b: expected X, got Y`."""
    text, _, where = message.rpartition(" - at ")
    if not text:
        return message[:1].lower() + message[1:]
    return f"{where.strip('`')}: {text[:1].lower() + text[1:]}"


def omit_none(value: T | None) -> T | Omitted:
    """`value`, or `OMIT` for None: a field that is absent from the JSON rather than null."""
    return OMIT if value is None else value


def or_none(value: T | Omitted) -> T | None:
    """`value`, or None for an omitted field: for readers that treat absent and null alike."""
    return None if isinstance(value, Omitted) else value


L = TypeVar("L")


def one_of(value: object, allowed: tuple[L, ...]) -> L:
    """`value` as one of the `allowed` literals (a `Literal` field's values, from `typing.get_args`).

    The engine names its kinds as plain strings; a record takes them through
    here, so a kind outside its declared set fails where it is made, loudly,
    instead of being written into a document the schema refuses.
    """
    for choice in allowed:
        if value == choice:
            return choice
    raise ValueError(f"{value!r} is none of {', '.join(map(repr, allowed))}: a defect of fuzzroute")
