"""The JSON Schema of the diff document, generated from its model and shipped as `fuzzroute/schema/diff.schema.json`.

The schema is never written by hand: `msgspec` derives it from
`DiffDocument` and the models under it (types, `Literal` kinds, JSON names,
and each model's docstring as its description), so it cannot drift from
what `fuzzroute diff --format json` writes.  A test fails when the shipped
file is stale; regenerate it with `python -m fuzzroute.diff.document_schema`.

Two touches on top of msgspec's output: the document's own definition is
the schema's root (so the file reads as the document, as the other shipped
schemas do), and every field is required, with no `default`, because no
diff model leaves a field out when it equals its default (none is declared
`omit_defaults`): a default is a convenience of the Python constructor, not
something a reader of the JSON can rely on.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from fuzzroute.results.diff_document import DIFF_VERSION, DiffDocument

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "diff.schema.json"
_DEFS = "#/$defs/{name}"


def model_schema(model: type, *, urn: str, title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document model: its own definition at the root, every field required.

    The diff document's and the fix document's schemas are both made here.
    """
    (root,), definitions = msgspec.json.schema_components([model], ref_template=_DEFS)
    name = root["$ref"].rsplit("/", 1)[-1]
    document = definitions.pop(name)
    for definition in (document, *definitions.values()):
        if "properties" in definition:
            definition["required"] = list(definition["properties"])
            for field in definition["properties"].values():
                field.pop("default", None)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": urn,
        "title": title,
        **{key: value for key, value in document.items() if key != "title"},
        "$defs": dict(sorted(definitions.items())),
    }


def diff_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the diff document."""
    return model_schema(DiffDocument, urn=f"urn:fuzzroute:schema:diff:{DIFF_VERSION}", title="fuzzroute diff document")


def diff_schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(diff_schema(), ensure_ascii=False, indent=2) + "\n"


def main() -> int:  # pragma: no cover - a maintenance command, run by hand
    SCHEMA_FILE.write_text(diff_schema_text(), encoding="utf-8")
    print("wrote", SCHEMA_FILE)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
