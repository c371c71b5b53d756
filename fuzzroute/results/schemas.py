"""The published JSON Schemas, generated from the findings records: `python -m fuzzroute.results.schemas`.

`fuzzroute/schema/report.schema.json` is written from `document.Report` (and
`check.schema.json` from `check_document.CheckFindings`, the ledger's from
`ledger_records.Ledger`) and nothing else, so the contract a consumer reads is the one the writer obeys
and the reader checks.  msgspec derives the types, names, `Literal` values,
`Meta` constraints and descriptions (class docstrings, `Meta(description=)`);
this module adds what msgspec leaves to its caller: the document's own
`$schema`, `$id`, title and description, and two facts of fuzzroute's JSON
form: every key a record always writes is required (a default is a Python
convenience, never a key left out), and no other key is allowed.  A key that
is absent unless set (`X | Omitted`) stays optional.  `--check` fails when a
shipped file differs from what the records generate (the test suite runs it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from fuzzroute.results.check_document import CheckFindings
from fuzzroute.results.document import Report
from fuzzroute.results.ledger_records import Ledger

SCHEMA_FOLDER = Path(__file__).resolve().parent.parent / "schema"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

REPORT_HEAD = {
    "$schema": DRAFT,
    "$id": "urn:fuzzroute:schema:report:3",
    "title": "fuzzroute report document",
    "description": (
        "What `fuzzroute report --json` writes. `proven` holds facts about declared phrases; `suggestions`, "
        "`rules` and `steals` hold what generation sampled, which is never proof. Every finding and pair names "
        "its rules by id beside their positions in `graph.rules` and carries its message text, so a script reads "
        "it with a JSON library alone. The HTML report is rendered from this document. Generated from "
        "fuzzroute's findings records (fuzzroute.results.document)."
    ),
}

LEDGER_HEAD = {
    "$schema": DRAFT,
    "$id": "urn:fuzzroute:schema:ledger:2",
    "title": "fuzzroute --db witness ledger",
    "description": (
        "What `fuzzroute report --db DIR` keeps per graph in DIR/witnesses/: the last run's proven problems and "
        "every suggestion with the witnesses a next run replays. Read strictly: a ledger that does not validate is "
        "bad input, never an empty memory. Generated from fuzzroute's findings records "
        "(fuzzroute.results.ledger_records)."
    ),
}


CHECK_HEAD = {
    "$schema": DRAFT,
    "$id": "urn:fuzzroute:schema:check:1",
    "title": "fuzzroute check --format json",
    "description": (
        "What `fuzzroute check --format json` prints: for one graph, its findings; for several, a list of them, each "
        "naming its graph. `problems` are proven facts about declared phrases; `decided` (absent under "
        "--no-decide) holds the decided tier's items, each with `fails` (whether `--fail-on decided` fails on it) "
        "and `accepted`. Generated from fuzzroute's findings records (fuzzroute.results.check_document)."
    ),
}


def _always_written(struct: mi.StructType) -> list[str]:
    """The JSON keys a record always writes: every field but those left out while `OMIT` (their default)."""
    return [f.encode_name for f in msgspec.structs.fields(struct.cls) if f.default is not msgspec.UNSET]


def _structs(root: type) -> dict[str, mi.StructType]:
    """Every record reachable from `root`, by its schema name (its class name)."""
    found: dict[str, mi.StructType] = {}

    def visit(kind: mi.Type) -> None:
        if isinstance(kind, mi.StructType):
            if kind.cls.__name__ in found:
                return
            found[kind.cls.__name__] = kind
            for f in kind.fields:
                visit(f.type)
        elif isinstance(kind, (mi.UnionType, mi.TupleType)):
            for t in kind.types if isinstance(kind, mi.UnionType) else kind.item_types:
                visit(t)
        elif isinstance(kind, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
            visit(kind.item_type)
        elif isinstance(kind, mi.DictType):
            visit(kind.value_type)
        elif isinstance(kind, mi.Metadata):
            visit(kind.type)

    visit(mi.type_info(root))
    return found


def _drop_defaults(node: Any) -> None:
    if isinstance(node, dict):
        node.pop("default", None)
        for value in node.values():
            _drop_defaults(value)
    elif isinstance(node, list):
        for value in node:
            _drop_defaults(value)


def schema_of(root: type, head: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of `root`'s JSON form: `head`, then `root`'s own definition inline, then `$defs`."""
    generated = msgspec.json.schema(root)
    definitions: dict[str, Any] = generated["$defs"]
    for name, struct in _structs(root).items():
        definition = definitions[name]
        definition.pop("title", None)
        if struct.array_like:  # written as an array: its items are positional, every one always written
            definition["items"] = False
            continue
        definition["required"] = _always_written(struct)
        definition["additionalProperties"] = False
    _drop_defaults(definitions)
    top = definitions.pop(root.__name__)
    top.pop("description", None)
    return {**head, **top, "$defs": dict(sorted(definitions.items()))}


def check_schema() -> dict[str, Any]:
    """The schema of `check --format json`: one graph's `CheckFindings`, or a list of them (several graphs)."""
    inline = schema_of(CheckFindings, CHECK_HEAD)
    definitions = inline.pop("$defs")
    definitions[CheckFindings.__name__] = {key: value for key, value in inline.items() if key not in CHECK_HEAD}
    ref = {"$ref": f"#/$defs/{CheckFindings.__name__}"}
    return {
        **CHECK_HEAD,
        "anyOf": [ref, {"type": "array", "items": ref, "minItems": 2}],
        "$defs": dict(sorted(definitions.items())),
    }


def text_of(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def shipped() -> dict[Path, str]:
    """Each shipped schema file and the text the records generate for it."""
    return {
        SCHEMA_FOLDER / "report.schema.json": text_of(schema_of(Report, REPORT_HEAD)),
        SCHEMA_FOLDER / "ledger.schema.json": text_of(schema_of(Ledger, LEDGER_HEAD)),
        SCHEMA_FOLDER / "check.schema.json": text_of(check_schema()),
    }


def main(argv: list[str]) -> int:
    """Write the schemas (or, with `--check`, say which shipped file is stale and exit 1)."""
    stale = [path for path, text in shipped().items() if not path.exists() or path.read_text("utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path} is stale: run `python -m fuzzroute.results.schemas`", file=sys.stderr)
        return 1 if stale else 0
    for path, text in shipped().items():
        path.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
