"""The witness ledger a `--db` folder keeps between runs: its name, format, reading, locking and writing.

One file per graph (`<db>/witnesses/<name>.json`) holds what the last runs
knew: the proven problems and every suggestion with its witnesses.  The next
run replays those witnesses before exploring (see `replay` and `memory`).

* The name comes from the graph's exact name, never lossily: a plain name
  (lower-case letters, digits, `-` and `_`) is the file name as it is; any
  other name is reduced to safe characters and followed by a short hash of
  the exact name, so `shop/x` and `shop-x` never share a memory.  Ledgers
  written under the earlier, lossy names are still found (when the file says
  it belongs to this exact graph) and move to the new name on the next write.
* The file is read strictly and validated against
  `fuzzroute/schema/ledger.schema.json` before any work: a ledger that is not
  one fuzzroute wrote is bad input, never silently treated as empty, because
  an empty memory would report every finding as new.
* Concurrent runs on one folder are safe: the write takes the db folder's
  lock (a lock file, `filelock`), reads the ledger again (another run may have written it since this
  run started), and writes the union: this run's findings, plus every stored
  witness (of this run's snapshot or added meanwhile) that still reproduces
  on this graph.  A finding leaves the memory only when a run replayed it and
  it no longer reproduced.  A run that waits too long for the lock writes
  nothing and says so.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from filelock import FileLock, Timeout
from msgspec.structs import replace

from fuzzroute.engine.errors import InputError
from fuzzroute.engine.jsonnumbers import long_number_at
from fuzzroute.graphfiles.special import refuse_special_file
from fuzzroute.report.persistence.atomic import WriteFailed, make_folders, remove_created, write_all_atomically
from fuzzroute.results.document import DecidedRecord, ProblemRecord, Report, SuggestionRecord
from fuzzroute.results.jsonform import compact_text
from fuzzroute.results.ledger_records import LEDGER_FORMAT, LEDGER_VERSION, Ledger, StoredDecided
from fuzzroute.results.record import OMIT, ShapeError, from_json, or_none, to_json
from fuzzroute.results.suggestions import Witness, legacy_variant

HYPOTHESIS_FOLDER = "hypothesis"
WITNESS_FOLDER = "witnesses"
#: Stored witnesses kept per suggestion (this run's first, then older ones that still reproduce).
LEDGER_WITNESSES = 16
#: How long a run waits for another run's write to the same folder before it gives up (writing nothing).
LOCK_WAIT_SECONDS = 60.0
#: The lock file concurrent runs on one db folder take in turn.
LOCK_FILE = ".fuzzroute.lock"
#: Re-runs a stored witness of a stored suggestion on this run's graph: the witness with its current
#: claimants if it still shows the suggestion, else None (`report.assembly.replay.replay_witness`).
Replay = Callable[[SuggestionRecord, Witness], Witness | None]
_PLAIN_NAME = re.compile(r"[a-z0-9_][a-z0-9_-]{0,79}")
_HASH_SUFFIX = re.compile(r"-[0-9a-f]{12}")



@lru_cache(maxsize=1)
def ledger_schema() -> dict[str, Any]:
    """The JSON Schema at fuzzroute/schema/ledger.schema.json."""
    text = resources.files("fuzzroute").joinpath("schema/ledger.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


#: The longest plain graph name kept as its ledger's file name (file names stop at 255 bytes).
_LONGEST = 200


def ledger_name(graph_name: str) -> str:
    """The ledger's file name for a graph: the exact name when it is plain, else a slug and a hash of it."""
    if _PLAIN_NAME.fullmatch(graph_name) and not _HASH_SUFFIX.search(graph_name) and len(graph_name) <= _LONGEST:
        return f"{graph_name}.json"
    slug = re.sub(r"[^a-z0-9_]+", "-", graph_name.lower()).strip("-")[:60] or "graph"
    digest = hashlib.sha256(graph_name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{slug}-{digest}.json"


def legacy_ledger_path(db: str | Path, graph_name: str) -> Path:
    """Where fuzzroute kept the ledger before names were lossless (`shop/x` and `shop-x` both `shop-x`)."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", graph_name).strip(".-") or "graph"
    if len(safe) > _LONGEST:  # no file system holds such a name: there never was a ledger there
        return ledger_path(db, graph_name)
    return Path(db) / WITNESS_FOLDER / f"{safe}.json"


def ledger_path(db: str | Path, graph_name: str) -> Path:
    """`<db>/witnesses/<ledger_name(graph_name)>`: where this graph's memory is written."""
    return Path(db) / WITNESS_FOLDER / ledger_name(graph_name)
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


def read_ledger(path: str | Path) -> Ledger | None:
    """The stored ledger, or None when there is none yet; a damaged or invalid file is bad input."""
    source = Path(path)
    if source.exists():
        refuse_special_file(source, "a --db witness ledger", "Delete it; the next run writes the ledger afresh.")
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
    except ValueError:  # an integer past Python's digit limit
        line, column, what = long_number_at(text)
        raise _corrupt(source, f"at line {line}, column {column} it holds {what}, which no ledger has") from None
    except RecursionError:
        raise _corrupt(source, "its JSON is nested too deeply to be a ledger") from None
    _validate(source, ledger)
    try:
        return from_json(Ledger, ledger)
    except ShapeError as error:  # the schema let through what the records refuse: said the schema's way
        raise _corrupt(source, f"{_short(str(error))}; see fuzzroute/schema/ledger.schema.json") from None


def _validate(source: Path, ledger: Any) -> None:
    if not isinstance(ledger, dict) or ledger.get("format") != LEDGER_FORMAT:
        raise _corrupt(source, f"no `\"format\": \"{LEDGER_FORMAT}\"` key")
    if ledger.get("version") != LEDGER_VERSION:
        found = ledger.get("version")
        raise _corrupt(source, f"version {found!r}; this fuzzroute reads ledger version {LEDGER_VERSION} only")
    problems, suggestions = ledger.get("proven"), ledger.get("suggestions")
    if not isinstance(problems, list) or not isinstance(suggestions, list):
        raise _corrupt(source, "`proven` and `suggestions` must be lists")
    for problem in problems:
        if not isinstance(problem, dict) or not {"kind", "code", "skill", "example", "from", "to"} <= set(problem):
            raise _corrupt(source, "a proven entry lacks its code, skill, example, from or to")
    for suggestion in suggestions:
        if not isinstance(suggestion, dict) or not {"kind", "rule", "from", "to", "witnesses"} <= set(suggestion):
            raise _corrupt(source, "a suggestion lacks its kind, rule, from, to or witnesses")
    validator = jsonschema.Draft202012Validator(ledger_schema())
    try:
        error = jsonschema.exceptions.best_match(validator.iter_errors(ledger))
    except RecursionError:
        raise _corrupt(source, "it is nested too deeply to be a ledger") from None
    if error is not None:
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        raise _corrupt(source, f"{where}: {_short(error.message)}; see fuzzroute/schema/ledger.schema.json")


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def read_memory(db: str | Path, graph_name: str) -> tuple[Path, Ledger | None]:
    """Where this graph's ledger is written, and the memory it has (from today's name or an earlier one).

    A ledger at an earlier, lossy name counts only when it says it belongs to
    this exact graph; a file at this graph's name that belongs to another
    graph is not this graph's memory (it is moved to its owner's name on write).
    """
    target = ledger_path(db, graph_name)
    ledger = read_ledger(target)
    if ledger is not None and ledger.graph != graph_name:
        ledger = None
    legacy = legacy_ledger_path(db, graph_name)
    if ledger is None and legacy != target:
        earlier = read_ledger(legacy)
        if earlier is not None and earlier.graph == graph_name:
            ledger = earlier
    return target, ledger


def _stored_problem(problem: ProblemRecord) -> ProblemRecord:
    """A proven problem as the ledger keeps it: its status belongs to one run only."""
    return replace(problem, status=OMIT)


def _stored_suggestion(suggestion: SuggestionRecord) -> SuggestionRecord:
    """A suggestion as the ledger keeps it: its status and memory mark belong to one run only."""
    return replace(suggestion, status=OMIT, memory=OMIT)


def _fingerprint(item: SuggestionRecord) -> tuple[str | None, ...]:
    return (item.kind, item.rule, item.from_, item.to, item.variant or legacy_variant(item.mutation))


def decided_fingerprint_fields(item: DecidedRecord) -> StoredDecided:
    """What the ledger keeps of a decided finding: enough to tell, next run, whether it is new."""
    return StoredDecided(kind=item.kind, rule=item.rule, other_rule=item.other_rule)


def _witness_key(witness: Witness) -> tuple[str, str]:
    return witness.phrase, json.dumps(or_none(witness.context), sort_keys=True, default=str)


def _union(
    suggestions: list[SuggestionRecord], replay: Replay, stored: Sequence[SuggestionRecord]
) -> list[SuggestionRecord]:
    """`suggestions` with every stored witness that still reproduces added (see the module docstring)."""
    united = list(suggestions)
    at = {_fingerprint(item): position for position, item in enumerate(united)}
    for old in stored:
        key = _fingerprint(old)
        position = at.get(key)
        seen = {_witness_key(w) for w in united[position].witnesses} if position is not None else set()
        kept: list[Witness] = []
        for witness in old.witnesses:
            if _witness_key(witness) in seen:
                continue
            again = replay(old, witness)
            if again is not None:
                seen.add(_witness_key(witness))
                kept.append(again)
        if not kept:
            continue
        if position is None:
            united.append(replace(_stored_suggestion(old), witnesses=[]))
            position = at[key] = len(united) - 1
        item = united[position]
        united[position] = replace(item, witnesses=[*item.witnesses, *kept][:LEDGER_WITNESSES])
    return united


def ledger_text(
    report: Report,
    *,
    replay: Replay | None = None,
    on_disk: Ledger | None = None,
    outputs: Sequence[str] = (),
) -> str:
    """The ledger the next run reads: this run's findings (carried ones included), plus, with `replay`,
    every witness of `on_disk` (the ledger as it is now) that still reproduces.  `outputs` are the
    report files written with it, which the next run checks are of the same run (`unfinished_outputs`)."""
    suggestions = [_stored_suggestion(s) for s in report.suggestions]
    if replay is not None and on_disk is not None:
        suggestions = _union(suggestions, replay, on_disk.suggestions)
    ledger = Ledger(
        format=LEDGER_FORMAT,
        version=LEDGER_VERSION,
        graph=report.graph.name,
        source=report.graph.source,
        generated_at=report.generated_at,
        seed=report.run.seed,
        run_id=or_none(report.run.run_id) or "00000000-0000-0000-0000-000000000000",
        outputs=list(outputs),
        proven=[_stored_problem(p) for p in report.proven.problems],
        suggestions=suggestions,
        decided=[decided_fingerprint_fields(d) for d in report.decided],
    )
    return compact_text(to_json(ledger))


def unfinished_outputs(db: str | Path, graph_name: str) -> list[tuple[str, str]]:
    """Report files of the memory's run that now hold another run's id: `(path, their run id)`.

    The ledger is renamed last, so a run stopped between its renames leaves
    the previous, complete memory beside some of its own new reports; this
    read-back check finds them (a file that is gone, or has no run id, is not
    counted).
    """
    from fuzzroute.report.persistence.run_id import run_id_of

    _, ledger = read_memory(db, graph_name)
    if ledger is None:
        return []
    found = []
    for output in or_none(ledger.outputs) or []:
        other = run_id_of(output)
        if other is not None and other != ledger.run_id:
            found.append((output, other))
    return found


@contextlib.contextmanager
def folder_lock(db: str | Path, wait: float | None = None) -> Iterator[None]:
    """Hold the db folder's lock (`<db>/.fuzzroute.lock`, an OS lock taken through `filelock`).

    The lock file stays in the folder between runs: removing it on release
    would let a third run lock a new file while a second still waits on the
    old one.  The folder is created if needed, and removed again (with the
    lock file) if this run created it and the write failed.  Waiting longer
    than `wait` (default `LOCK_WAIT_SECONDS`) for another run is bad input:
    nothing is written.
    """
    wait = LOCK_WAIT_SECONDS if wait is None else wait
    folder = Path(db)
    created = make_folders(folder, lambda exc: WriteFailed(exc, folder, [], []))
    lock_path = folder / LOCK_FILE
    lock = FileLock(lock_path, timeout=wait)
    try:
        held = True
        try:
            lock.acquire(poll_interval=0.05)
        except NotImplementedError:  # a file system without locks: nothing to wait for, as before
            held = False
        except Timeout:
            raise InputError(
                f"{folder}: another fuzzroute run has been writing this --db memory for {wait:g} s, so this "
                "run wrote nothing (no report, no memory). Run it again when the other run has finished, or "
                "give each concurrent run its own --db folder."
            ) from None
        except OSError as exc:
            raise WriteFailed(exc, folder, [], []) from None
        try:
            yield
        finally:
            if held:
                lock.release()
    except BaseException:
        if created:
            with contextlib.suppress(OSError):
                lock_path.unlink()
        remove_created(created)
        raise


def write_with_memory(
    files: Sequence[tuple[str | os.PathLike[str], str | bytes]],
    report: Report,
    name: str,
    db: str | Path,
    *,
    replay: Replay,
    wait: float | None = None,
) -> Path:
    """Write the report files and the ledger of graph `name` in one all-or-nothing step, under the folder's lock.

    The ledger is read again under the lock and merged, its stored witnesses
    re-run through `replay` (see the module docstring); it is renamed into
    place last.  Returns the ledger's path.
    """
    target = ledger_path(db, name)
    with folder_lock(db, wait):
        on_disk = read_ledger(target)
        if on_disk is not None and on_disk.graph != name:
            _move_to_its_own_name(target, on_disk.graph, db)
            on_disk = None
        legacy = legacy_ledger_path(db, name)
        earlier = read_ledger(legacy) if legacy != target else None
        if earlier is not None and earlier.graph != name:
            earlier = None
        if on_disk is None:
            on_disk = earlier
        text = ledger_text(report, replay=replay, on_disk=on_disk, outputs=[str(path) for path, _ in files])
        write_all_atomically([*files, (target, text)])
        if earlier is not None:
            with contextlib.suppress(OSError):
                legacy.unlink()  # its witnesses now live under the new name
    return target


def _move_to_its_own_name(path: Path, owner: str, db: str | Path) -> None:
    """A ledger an earlier fuzzroute wrote for another graph at this name moves to that graph's name."""
    home = ledger_path(db, owner)
    if home != path and not home.exists():
        with contextlib.suppress(OSError):
            os.replace(path, home)
