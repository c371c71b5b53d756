"""Write the graph document's JSON Schema from the format's TypedDicts, and compile it to Python.

The graph format is declared once, as the TypedDicts of `fuzzroute/engine/graph_document.py`;
this writes `fuzzroute/schema/graph.schema.json` from them (`fuzzroute.graphfiles.graph_schema`),
then `fuzzroute/graphfiles/graph_validator.py`: loading a JSON graph checks it against the
schema, and fastjsonschema turns the schema into plain Python (one function per definition).
Generating that code at every start would cost each `fuzzroute check` more than validating a
200-rule graph, so the code is generated here once and shipped.  Run after every change of the
format's TypedDicts (or of the pinned fastjsonschema):

    python scripts/make_graph_validator.py

tests/test_engine_jsonformat.py fails while either shipped file differs from what this writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import fastjsonschema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "fuzzroute" / "schema" / "graph.schema.json"
OUT = ROOT / "fuzzroute" / "graphfiles" / "graph_validator.py"

HEADER = '''"""The graph document's JSON Schema compiled to Python by fastjsonschema (generated: do not edit).

Written by scripts/make_graph_validator.py from fuzzroute/schema/graph.schema.json; `validate`
raises `fastjsonschema.JsonSchemaException` on a document the schema refuses.  See
`fuzzroute.graphfiles.jsonformat` for how loading uses it.
"""
# ruff: noqa
# mypy: ignore-errors
# fmt: off
'''


def generated_code() -> str:
    """The module's text for the schema as it is now, with the installed fastjsonschema."""
    schema = json.loads(SCHEMA.read_text("utf-8"))
    code = fastjsonschema.compile_to_code(schema, use_default=False)
    entry = code.split("def ", 1)[1].split("(", 1)[0]
    return f"{HEADER}\n{code.rstrip()}\n\n\nvalidate = {entry}\n"


if __name__ == "__main__":
    from fuzzroute.graphfiles.graph_schema import graph_schema_text

    SCHEMA.write_text(graph_schema_text(), "utf-8")
    print(f"wrote {SCHEMA.relative_to(ROOT)}")
    OUT.write_text(generated_code(), "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
