"""The JSON form of a diff (`fuzzroute diff --format json`, `--json FILE`): the encoding of its `DiffDocument`.

The keys, their order and their names are the model's own (see
`results.diff_document`); the text goes through the JSON path every fuzzroute document
takes, so invisible characters of a graph arrive as `\\uXXXX` escapes.
"""

from __future__ import annotations

import json

import msgspec

from fuzzroute.results.diff_document import GraphDiff
from fuzzroute.results.jsonform import inert_json


def diff_json_text(diff: GraphDiff) -> str:
    """The diff's JSON document as written: indented by two spaces, one trailing newline."""
    data = msgspec.to_builtins(diff.document)
    return inert_json(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"
