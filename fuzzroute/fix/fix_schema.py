"""The JSON Schema of the fix document, generated from its model and shipped as `fuzzroute/schema/fix.schema.json`.

Never written by hand: `msgspec` derives it from `FixDocument` and the
models under it (types, `Literal` statuses and kinds, the tagged edit
operations, each model's docstring as its description), so it cannot drift
from what `fuzzroute fix --format json` writes.  A test fails when the
shipped file is stale; regenerate it with `python -m fuzzroute.fix.fix_schema`.

As for the diff document (`diff.document_schema.model_schema` makes both):
the document's own definition is the schema's root, and every field is
required with no `default` (no model leaves a field out), so a reader can
rely on every key being there.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fuzzroute.diff.document_schema import model_schema
from fuzzroute.fix.fix_document import FIX_VERSION, FixDocument

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "fix.schema.json"


def fix_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the fix document."""
    return model_schema(FixDocument, urn=f"urn:fuzzroute:schema:fix:{FIX_VERSION}", title="fuzzroute fix document")


def fix_schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(fix_schema(), ensure_ascii=False, indent=2) + "\n"


def main() -> int:  # pragma: no cover - a maintenance command, run by hand
    SCHEMA_FILE.write_text(fix_schema_text(), encoding="utf-8")
    print("wrote", SCHEMA_FILE)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
