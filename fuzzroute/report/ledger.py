"""The witness ledger a `--db` folder keeps between runs: its format, reading and writing.

One file per graph (`<db>/witnesses/<graph-name>.json`) holds what the last
run knew: its proven problems and every suggestion with its witnesses.  The
next run replays those witnesses before exploring (see `replay` and
`memory`).  The file is read strictly: a ledger that is not one fuzzroute
wrote is bad input, never silently treated as empty, because an empty
memory would report every finding as new.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fuzzroute.engine.errors import InputError
from fuzzroute.results.document import Report
from fuzzroute.results.jsonform import to_json

LEDGER_FORMAT = "fuzzroute-witness-ledger"
LEDGER_VERSION = 1
HYPOTHESIS_FOLDER = "hypothesis"

#: Fields a stored item keeps; status and memory marks belong to one run only.
RUN_ONLY_FIELDS = ("status", "memory")


def ledger_path(db: str | Path, graph_name: str) -> Path:
    """`<db>/witnesses/<graph-name>.json`, the name reduced to characters safe in a file name."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", graph_name).strip(".-") or "graph"
    return Path(db) / "witnesses" / f"{safe}.json"


def check_db(db: str | Path) -> None:
    """A --db path must be a folder (or not exist yet, then it is created with the report)."""
    folder = Path(db)
    if folder.exists() and not folder.is_dir():
        raise InputError(
            f"{folder}: --db needs a folder for the nightly memory, and this is a file. Pass a folder "
            "(`--db` alone uses .fuzzroute), or move the file away."
        )


def hypothesis_directory(db: str | Path) -> Path:
    return Path(db) / HYPOTHESIS_FOLDER


def _corrupt(path: Path, what: str) -> InputError:
    return InputError(
        f"{path}: the --db witness ledger is corrupt ({what}). Nothing was written. Delete this file "
        "to start the memory afresh (the next run then reports every finding as new), or restore it "
        "from the cache the nightly job keeps."
    )


def read_ledger(path: str | Path) -> dict[str, Any] | None:
    """The stored ledger, or None when this graph has none yet; a damaged file is bad input."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None  # no memory yet; a path that cannot be created fails when the report is written
    except (OSError, UnicodeDecodeError) as exc:
        raise _corrupt(source, f"cannot be read: {exc}") from None
    try:
        ledger = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _corrupt(source, f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    _validate(source, ledger)
    return ledger  # type: ignore[no-any-return]


def _validate(source: Path, ledger: Any) -> None:
    if not isinstance(ledger, dict) or ledger.get("format") != LEDGER_FORMAT:
        raise _corrupt(source, f"no `\"format\": \"{LEDGER_FORMAT}\"` key")
    if ledger.get("version") != LEDGER_VERSION:
        raise _corrupt(source, f"version {ledger.get('version')!r}, this fuzzroute reads {LEDGER_VERSION}")
    problems, suggestions = ledger.get("proven"), ledger.get("suggestions")
    if not isinstance(problems, list) or not isinstance(suggestions, list):
        raise _corrupt(source, "`proven` and `suggestions` must be lists")
    for problem in problems:
        if not isinstance(problem, dict) or not {"kind", "code", "skill", "example", "from", "to"} <= set(problem):
            raise _corrupt(source, "a proven entry lacks its code, skill, example, from or to")
    for suggestion in suggestions:
        if not isinstance(suggestion, dict) or not {"kind", "rule", "from", "to", "witnesses"} <= set(suggestion):
            raise _corrupt(source, "a suggestion lacks its kind, rule, from, to or witnesses")
        witnesses = suggestion["witnesses"]
        if not isinstance(witnesses, list) or not all(
            isinstance(w, dict) and isinstance(w.get("phrase"), str) for w in witnesses
        ):
            raise _corrupt(source, f"a {suggestion['kind']} suggestion has a witness without a phrase")


def _stored(item: Any) -> dict[str, Any]:
    data: dict[str, Any] = to_json(item)
    return {k: v for k, v in data.items() if k not in RUN_ONLY_FIELDS}


def ledger_text(report: Report) -> str:
    """The ledger the next run reads: this run's findings, carried ones included."""
    ledger = {
        "format": LEDGER_FORMAT,
        "version": LEDGER_VERSION,
        "graph": report.graph.name,
        "source": report.graph.source,
        "generated_at": report.generated_at,
        "seed": report.run.seed,
        "proven": [_stored(p) for p in report.proven.problems],
        "suggestions": [_stored(s) for s in report.suggestions],
    }
    return json.dumps(ledger, ensure_ascii=False, indent=2) + "\n"
