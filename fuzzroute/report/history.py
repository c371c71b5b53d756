"""Run-to-run history: what is new, still there, or resolved since a baseline report.

A nightly job keeps each night's JSON document; `--baseline` compares the
new run with the last one so a reader sees what changed, not the same list
again.  Findings are matched by a fingerprint of ids (never positions or
message text, which change when rules are inserted or wording improves):
a proven problem by (code, skill, example, from, to), a suggestion by
(kind, rule, from, to).  Duplicates are matched as a multiset.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from fuzzroute.engine.errors import InputError
from fuzzroute.report.build import SCHEMA_VERSION

Fingerprint = tuple[Any, ...]


def problem_fingerprint(problem: dict[str, Any]) -> Fingerprint:
    return (problem["code"], problem["skill"], problem["example"], problem["from"], problem["to"])


def suggestion_fingerprint(suggestion: dict[str, Any]) -> Fingerprint:
    return (suggestion["kind"], suggestion["rule"], suggestion["from"], suggestion["to"])


def read_json_report(source: Path, noun: str, missing_hint: str) -> Any:
    """Parse a report file another run wrote; a missing, unreadable or broken file is bad input."""
    try:
        return json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{source}: no such {noun}. {missing_hint}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{source}: the {noun} cannot be read ({exc}).") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: the {noun} is not valid JSON: {exc.msg}.") from None


def load_baseline(path: str | Path) -> dict[str, Any]:
    """Read an earlier `--json` report; anything else is bad input."""
    source = Path(path)
    document = read_json_report(
        source, "baseline", "Pass the JSON document an earlier `fuzzroute report --json` wrote."
    )
    if not isinstance(document, dict) or not {"proven", "suggestions"} <= set(document):
        raise InputError(
            f"{source} is not a fuzzroute report document (no `proven` and `suggestions` keys). "
            "Pass a file written by `fuzzroute report --json`."
        )
    # Version 2 only added fields, so a version 1 baseline still matches by the same keys.
    if document.get("schema_version") not in (1, SCHEMA_VERSION):
        raise InputError(
            f"{source} has schema_version {document.get('schema_version')!r}; this fuzzroute reads "
            f"versions up to {SCHEMA_VERSION}. Regenerate the baseline with this version."
        )
    return document


def _mark(
    current: list[dict[str, Any]], earlier: list[dict[str, Any]], fingerprint: Any
) -> dict[str, Any]:
    """Set `status` on each current item; return the counts and the resolved items."""
    remaining = Counter(fingerprint(item) for item in earlier)
    new = still = 0
    for item in current:
        key = fingerprint(item)
        if remaining[key] > 0:
            remaining[key] -= 1
            item["status"] = "still"
            still += 1
        else:
            item["status"] = "new"
            new += 1
    resolved: list[dict[str, Any]] = []
    for item in earlier:
        key = fingerprint(item)
        if remaining[key] > 0:
            remaining[key] -= 1
            resolved.append(item)
    return {"new": new, "still": still, "resolved": resolved}


def compare_with_baseline(document: dict[str, Any], baseline: dict[str, Any], source: str) -> dict[str, Any]:
    """Mark every problem and suggestion of `document` new or still; record what was resolved."""
    proven = _mark(document["proven"]["problems"], baseline["proven"]["problems"], problem_fingerprint)
    generated = _mark(document["suggestions"], baseline["suggestions"], suggestion_fingerprint)
    document["history"] = {
        "baseline": source,
        "baseline_generated_at": baseline.get("generated_at"),
        "baseline_seed": (baseline.get("run") or {}).get("seed"),
        "proven": {
            "new": proven["new"],
            "still": proven["still"],
            "resolved": [
                {k: p[k] for k in ("kind", "code", "skill", "example", "from", "to")} for p in proven["resolved"]
            ],
        },
        "suggestions": {
            "new": generated["new"],
            "still": generated["still"],
            "resolved": [
                {k: s[k] for k in ("kind", "rule", "from", "to", "count")} for s in generated["resolved"]
            ],
        },
    }
    return document
