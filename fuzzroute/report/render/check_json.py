"""`fuzzroute check --format json`: each graph's findings as their record writes them.

One graph's `CheckFindings`, or, for several graphs, a list of them, each
naming its graph first (`fuzzroute/schema/check.schema.json` describes both).
The graph's own text is kept inert (`results.jsonform.inert_json`), as in
every JSON fuzzroute writes.
"""

from __future__ import annotations

import json
from typing import Any

from fuzzroute.results.check_document import CheckDocument
from fuzzroute.results.jsonform import inert_json
from fuzzroute.results.record import to_json


def check_json(document: CheckDocument) -> str:
    """The JSON text `check --format json` prints."""
    findings = [to_json(graph.findings) for graph in document.graphs]
    shown: Any = findings[0] if len(findings) == 1 else findings
    return inert_json(json.dumps(shown, indent=2, ensure_ascii=False))
