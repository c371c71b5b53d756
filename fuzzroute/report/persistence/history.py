"""Run-to-run history: what is new, still there, or resolved since a baseline report.

A nightly job keeps each night's JSON document; `--baseline` compares the
new run with the last one so a reader sees what changed, not the same list
again.  Findings are matched by a fingerprint of ids (never positions or
message text, which change when rules are inserted or wording improves):
a proven problem by (code, skill, example, from, to), a suggestion by
(kind, rule, from, to), a decided finding by (kind, rule, other rule).
Duplicates are matched as a multiset.  The baseline (this schema version
or the previous one, which differs only in the overview a comparison never
reads) is validated against the published schema and then read as a
`Baseline`: the findings it holds, as the same records the current run builds.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import jsonschema
from msgspec.structs import replace

from fuzzroute.engine.errors import InputError
from fuzzroute.engine.jsonnumbers import long_number_at
from fuzzroute.graphfiles.special import refuse_special_file
from fuzzroute.report.persistence.schema import report_schema
from fuzzroute.report.persistence.upgrade import PREVIOUS_VERSION, previous_schema, upgraded
from fuzzroute.results.document import (
    BASELINE_VERSIONS,
    SCHEMA_VERSION,
    DecidedRecord,
    History,
    ProblemRecord,
    ProvenHistory,
    ResolvedProblem,
    ResolvedSuggestion,
    SuggestionHistory,
    SuggestionRecord,
)
from fuzzroute.results.ledger_records import StoredDecided
from fuzzroute.results.record import Record, ShapeError, from_json
from fuzzroute.results.suggestions import legacy_variant

Fingerprint = tuple[str | None, ...]
R = TypeVar("R", ProblemRecord, SuggestionRecord, DecidedRecord)
E = TypeVar("E", ProblemRecord, SuggestionRecord, StoredDecided)


class BaselineRun(Record, frozen=True):
    """Of an earlier run's settings, the one a comparison names: its seed."""

    seed: int | None = None


class BaselineProven(Record, frozen=True):
    """Of an earlier run's proven tier, its problems."""

    problems: list[ProblemRecord]


class Baseline(Record, frozen=True):
    """What a comparison reads of an earlier run: a `--baseline` report, or a `--db` ledger seen as one.

    Only these fields are read (a report's other parts are left aside), so a
    report of the previous schema version, which differs in its overview,
    reads the same way.  A decided finding is read by its fingerprint fields.
    """

    proven: BaselineProven
    suggestions: list[SuggestionRecord]
    #: None when the earlier run had no decided tier (`--no-decide`): every decided finding is then new.
    decided: list[StoredDecided] | None = None
    generated_at: str | None = None
    run: BaselineRun | None = None


def decided_key(item: DecidedRecord | StoredDecided) -> Fingerprint:
    return (item.kind, item.rule, item.other_rule)


def problem_key(problem: ProblemRecord) -> Fingerprint:
    return (problem.code, problem.skill, problem.example, problem.from_, problem.to)


def suggestion_key(suggestion: SuggestionRecord) -> Fingerprint:
    """A suggestion's identity: kind and rule ids, and a near miss's kind of change (read from an earlier
    report's edit label when it has none)."""
    variant = suggestion.variant or legacy_variant(suggestion.mutation)
    return (suggestion.kind, suggestion.rule, suggestion.from_, suggestion.to, variant)


def read_json_report(source: Path, noun: str, missing_hint: str) -> Any:
    """Parse a report file another run wrote; a missing, unreadable, broken or invalid file is bad input.

    A document that says it is a report of this version is validated against
    `fuzzroute/schema/report.schema.json` here, before any work starts, so a
    field of the wrong type is refused with its JSON path instead of failing
    half way through a run (or a merge).
    """
    text = ""
    if source.exists():
        refuse_special_file(source, f"a {noun} file", missing_hint)  # a FIFO would wait for a writer forever
    try:
        text = source.read_text(encoding="utf-8")
        document = json.loads(text)
    except FileNotFoundError:
        raise InputError(f"{source}: no such {noun}. {missing_hint}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{source}: the {noun} cannot be read ({exc}).") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: the {noun} is not valid JSON: {exc.msg}.") from None
    except ValueError:  # an integer past Python's digit limit
        line, column, what = long_number_at(text)
        raise InputError(
            f"{source}:{line}:{column}: the {noun} holds {what}; fuzzroute never writes one. {missing_hint}"
        ) from None
    except RecursionError:
        raise InputError(
            f"{source}: the {noun} is nested too deeply to be a fuzzroute report. {missing_hint}"
        ) from None
    if isinstance(document, dict) and document.get("schema_version") == SCHEMA_VERSION:
        refuse_invalid(source, noun, document, report_schema())
    return document


def refuse_invalid(source: Path, noun: str, document: Any, schema: dict[str, Any]) -> None:
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


def _previous_version_schema() -> dict[str, Any]:
    """What a baseline of an earlier version must hold for the comparison to read it.

    Versions 3 and 4 wrote the findings a comparison reads (proven problems,
    suggestions, decided items) alike, messages in full; they are checked
    against the version 4 definitions the previous release shipped
    (`fuzzroute/schema/report-v4.schema.json`), not a second, hand-kept schema.
    """
    previous = previous_schema(4)
    return {
        "$defs": previous["$defs"],
        "type": "object",
        "required": ["proven", "suggestions"],
        "properties": {
            "generated_at": {"type": ["string", "null"]},
            "run": {"type": "object"},
            **{key: previous["properties"][key] for key in ("proven", "suggestions", "decided")},
        },
    }


def load_baseline(path: str | Path) -> Baseline:
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
    # The previous version matches by the same keys: it differs from this one only in the overview.
    if document.get("schema_version") not in BASELINE_VERSIONS:
        *earlier, last = map(str, BASELINE_VERSIONS)
        readable = f"{', '.join(earlier)} and {last}" if earlier else last
        raise InputError(
            f"{source} has schema_version {document.get('schema_version')!r}; this fuzzroute reads "
            f"baselines of schema versions {readable}. Regenerate the baseline with this version "
            "(`fuzzroute report --json`)."
        )
    written = document.get("schema_version")
    if written == PREVIOUS_VERSION:
        refuse_invalid(source, "baseline", document, previous_schema(PREVIOUS_VERSION))
    elif written != SCHEMA_VERSION:
        refuse_invalid(source, "baseline", document, _previous_version_schema())
    if written == PREVIOUS_VERSION:  # each message written as its template's position: read in full
        try:
            document = upgraded(document)
        except (KeyError, IndexError, TypeError) as error:
            raise InputError(
                f"{source}: the baseline's rule positions or message templates do not fit its findings "
                f"({type(error).__name__}: {error}). It was edited since it was written; write it again with "
                "`fuzzroute report --json`."
            ) from None
    try:
        return from_json(Baseline, document)
    except ShapeError as error:  # the schema let through what the records refuse: said the schema's way
        raise InputError(
            f"{source}: the baseline does not match the report schema at {error}. It was not written "
            "by this fuzzroute or was edited since; write it again with `fuzzroute report --json` "
            "(schema: fuzzroute/schema/report.schema.json)."
        ) from None


@dataclass(frozen=True)
class Compared:
    """The current findings with their statuses set, and the history that goes with them."""

    problems: list[ProblemRecord]
    suggestions: list[SuggestionRecord]
    history: History


def _mark(
    current: Sequence[R], earlier: Sequence[E], key: Callable[[R], Fingerprint],
    fingerprint: Callable[[E], Fingerprint],
) -> tuple[list[R], int, int, list[E]]:
    """Each current item with `status` set; the new and still counts; the earlier items now gone."""
    remaining = Counter(fingerprint(item) for item in earlier)
    marked: list[R] = []
    new = still = 0
    for item in current:
        found = key(item)
        if remaining[found] > 0:
            remaining[found] -= 1
            marked.append(replace(item, status="still"))
            still += 1
        else:
            marked.append(replace(item, status="new"))
            new += 1
    resolved: list[E] = []
    for old in earlier:
        found = fingerprint(old)
        if remaining[found] > 0:
            remaining[found] -= 1
            resolved.append(old)
    return marked, new, still, resolved


def compare_with_baseline(
    problems: Sequence[ProblemRecord], suggestions: Sequence[SuggestionRecord], baseline: Baseline, source: str
) -> Compared:
    """Mark every problem and suggestion new or still against `baseline`; list what it had that is gone."""
    marked_problems, new_p, still_p, gone_p = _mark(
        problems, baseline.proven.problems, problem_key, problem_key
    )
    marked_suggestions, new_s, still_s, gone_s = _mark(
        suggestions, baseline.suggestions, suggestion_key, suggestion_key
    )
    history = History(
        baseline=source,
        baseline_generated_at=baseline.generated_at,
        baseline_seed=None if baseline.run is None else baseline.run.seed,
        proven=ProvenHistory(new_p, still_p, [
            ResolvedProblem(p.kind, p.code, p.skill, p.example, p.from_, p.to) for p in gone_p
        ]),
        suggestions=SuggestionHistory(new_s, still_s, [
            ResolvedSuggestion(s.kind, s.rule, s.from_, s.to, s.count) for s in gone_s
        ]),
    )
    return Compared(marked_problems, marked_suggestions, history)



def mark_decided(decided: Sequence[DecidedRecord], earlier: Sequence[StoredDecided] | None) -> list[DecidedRecord]:
    """Each decided record marked new or still against the decided findings an earlier run had.

    A baseline (or ledger) without decided findings, because it was written
    with `--no-decide` or before they were remembered, makes every decided
    finding new: nothing says it was there before.
    """
    marked, _new, _still, _gone = _mark(decided, earlier or [], decided_key, decided_key)
    return marked
