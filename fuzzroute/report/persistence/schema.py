"""The published JSON Schema of the report document, and a validator for it.

Consumers of `--json` get a versioned contract; the tests hold every document
the builder makes to it, so the schema cannot drift from the code.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema


@lru_cache(maxsize=1)
def report_schema() -> dict[str, Any]:
    """The JSON Schema at fuzzroute/schema/report.schema.json."""
    text = resources.files("fuzzroute").joinpath("schema/report.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def schema_errors(document: Any) -> list[str]:
    """Every violation of the schema, each as `$.path: message` (empty when valid)."""
    validator = jsonschema.Draft202012Validator(report_schema())
    found = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        found.append(f"{where}: {error.message}")
    return found
