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

import jsonschema

from fuzzroute.engine.errors import InputError
from fuzzroute.report.build import SCHEMA_VERSION
from fuzzroute.report.schema import report_schema

Fingerprint = tuple[Any, ...]


def problem_fingerprint(problem: dict[str, Any]) -> Fingerprint:
    return (problem["code"], problem["skill"], problem["example"], problem["from"], problem["to"])


def suggestion_fingerprint(suggestion: dict[str, Any]) -> Fingerprint:
    return (suggestion["kind"], suggestion["rule"], suggestion["from"], suggestion["to"])


def read_json_report(source: Path, noun: str, missing_hint: str) -> Any:
    """Parse a report file another run wrote; a missing, unreadable, broken or invalid file is bad input.

    A document that says it is a version-2 report is validated against
    `fuzzroute/schema/report.schema.json` here, before any work starts, so a
    field of the wrong type is refused with its JSON path instead of failing
    half way through a run (or a merge).
    """
    try:
        document = json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{source}: no such {noun}. {missing_hint}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{source}: the {noun} cannot be read ({exc}).") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: the {noun} is not valid JSON: {exc.msg}.") from None
    except RecursionError:
        raise InputError(
            f"{source}: the {noun} is nested too deeply to be a fuzzroute report. {missing_hint}"
        ) from None
    if isinstance(document, dict) and document.get("schema_version") == SCHEMA_VERSION:
        _refuse_invalid(source, noun, document, report_schema())
    return document


def _refuse_invalid(source: Path, noun: str, document: Any, schema: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    try:
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    except RecursionError:
        error = None
        where, message = "$", "nested too deeply"
    else:
        if error is None:
            return
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    raise InputError(
        f"{source}: the {noun} does not match the report schema at {where}: {message}. It was not written "
        "by this fuzzroute or was edited since; write it again with `fuzzroute report --json` "
        "(schema: fuzzroute/schema/report.schema.json)."
    )


#: What a version-1 baseline must hold for the comparison to read it (version 2 added fields only).
_BASELINE_V1: dict[str, Any] = {
    "type": "object",
    "required": ["proven", "suggestions"],
    "properties": {
        "generated_at": {"type": ["string", "null"]},
        "run": {"type": "object", "properties": {"seed": {"type": ["integer", "null"]}}},
        "proven": {
            "type": "object",
            "required": ["problems"],
            "properties": {"problems": {"type": "array", "items": {
                "type": "object",
                "required": ["kind", "code", "skill", "example", "from", "to"],
                "properties": {key: {"type": ["string", "null"]} for key in ("kind", "code", "skill", "example",
                                                                               "from", "to")},
            }}},
        },
        "suggestions": {"type": "array", "items": {
            "type": "object",
            "required": ["kind", "rule", "from", "to", "count"],
            "properties": {
                **{key: {"type": ["string", "null"]} for key in ("kind", "rule", "from", "to")},
                "count": {"type": "integer", "minimum": 0},
            },
        }},
    },
}


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
    if document.get("schema_version") == 1:
        _refuse_invalid(source, "baseline", document, _BASELINE_V1)
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
