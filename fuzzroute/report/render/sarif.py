"""SARIF 2.1.0 from the findings document, for code-scanning views.

`sarif_log` is a pure function of the report document (the one source of
truth for HTML and JSON), so the SARIF file can never say something the
report does not.  The three tiers stay apart here too: every result carries
`properties.tier` ("proven", "decided" or "suggested"), proven problems keep
their `error`/`warning` level, decided never-wins are warnings and every
other decided or generated finding is a `note`, whose message starts by
saying it is a sample.  The boundary statements go into the tool's
description, where every SARIF viewer shows them.

Code scanning tracks an alert across runs by `partialFingerprints`.  The
fingerprint hashes only identity fields (codes, rule ids, the declared
phrase, the pair of rules), never counts, witnesses picked by a sampler,
messages or times, so the same finding gets the same fingerprint on every
run, whatever the seed found first.

The log is built from plain dicts rather than the `sarif-om` classes: those
carry no serialiser of their own (they need `jschema-to-python` and
`jsonpickle` to write JSON, with snake_case-to-camelCase renaming), add about
0.3 s of import time, and have not been released since 2019.  The tests
validate the dicts against the official 2.1.0 JSON Schema instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from fuzzroute.report.render.tallies import co_occurring_pairs
from fuzzroute.results.document import (
    AcceptedFinding,
    DecidedRecord,
    Location,
    ProblemRecord,
    Report,
    SuggestionRecord,
)
from fuzzroute.results.jsonform import inert_json
from fuzzroute.results.presentation import PROBLEM_EXPLANATIONS, TIERS, explain_problem, explain_suggestion
from fuzzroute.results.record import or_none, to_json
from fuzzroute.results.suggestions import SUGGESTION_KINDS

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT_KEY = "fuzzrouteFinding/v1"

#: Decided kinds that are findings; `undecided` and `decided-disjoint` are
#: facts about what the automata could or could not show, not problems.
DECIDED_LEVELS: dict[str, str] = {
    "decided-never-wins": "warning",
    "decided-never-matches": "warning",
    "decided-dead-under-cold-walk": "warning",
    "decided-redos": "warning",
    "decided-case-range": "warning",
    "decided-overlap": "note",
}
#: `decided-can-win` says a rule is reachable: health, not a problem.
DECIDED_SKIPPED = frozenset({"undecided", "decided-disjoint", "decided-can-win"})
DECIDED_DESCRIPTIONS: dict[str, str] = {
    "decided-never-wins": (
        "For every message, an earlier rule claims whatever this rule matches: it can never start a turn."
    ),
    "decided-never-matches": "The rule matches no message at all.",
    "decided-dead-under-cold-walk": "Under the cold walk this default claims every message: later rules are dead.",
    "decided-redos": (
        "Python's re can backtrack exponentially or polynomially on this rule's regex: one crafted message stalls "
        "routing (a denial of service). Decided from the regex's automaton, with an attack string."
    ),
    "decided-case-range": (
        "A regex class range runs from a capital to a small letter (`[M-m]`): it also holds the signs and letters "
        "between them, almost surely a mistake for the two letters (`[Mm]`)."
    ),
    "decided-overlap": (
        "An earlier rule matches inside this rule's own text: a message that says just what this rule is about "
        "starts the earlier rule (shared text)."
    ),
}

GENERATED_PREFIX = "Generated sample, not proof: "
#: The one result standing for every pair of rules that only meets on glued texts.
CO_OCCURRENCE = "co-occurrence"
TOOL_SUMMARY = "Routing bugs in the ordered start rules of an agent skill graph."


def sarif_log(
    document: Report,
    *,
    base: str | os.PathLike[str] | None = None,
    tiers: Sequence[str] = TIERS,
) -> dict[str, Any]:
    """The SARIF log (one run) for a report document.

    `base` is the directory artifact URIs are made relative to (the working
    directory by default: run fuzzroute from the repository root so the paths
    match the repository).  `tiers` limits which halves are included; `check
    --sarif` passes only "proven".
    """
    root = Path(base) if base is not None else Path.cwd()
    results: list[dict[str, Any]] = []
    if "proven" in tiers:
        results.extend(_proven_result(document, p, root) for p in document.proven.problems)
    ranked: list[tuple[int, int, dict[str, Any]]] = []  # (rank, position, result): the report's order
    glued: list[SuggestionRecord] = []
    if "decided" in tiers:
        for position, item in enumerate(document.decided):
            if item.kind not in DECIDED_SKIPPED:
                ranked.append((_order(or_none(item.rank)), position, _decided_result(document, item, root)))
    if "suggested" in tiers:
        for position, suggestion in enumerate(document.suggestions, start=len(document.decided)):
            if suggestion.relation == CO_OCCURRENCE:
                glued.append(suggestion)
            else:
                result = _suggested_result(document, suggestion, root)
                ranked.append((_order(or_none(suggestion.rank)), position, result))
    results.extend(result for _rank, _position, result in sorted(ranked, key=lambda t: (t[0], t[1])))
    counted = document.decision.counts.co_occurrence.count if document.decision.counts else 0
    if glued or (counted and "decided" in tiers):
        results.append(_co_occurrence_result(document, glued, counted, root))
    results.extend(
        _accepted_result(document, a, root) for a in document.accepted.findings
        if ("decided" if a.tier == "decided" else "suggested") in tiers
    )
    rules = _rules(results)
    index = {rule["id"]: position for position, rule in enumerate(rules)}
    for result in results:
        result["ruleIndex"] = index[result["ruleId"]]
    version = str(document.tool.versions.get("fuzzroute") or "unknown")
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "fuzzroute",
                "version": version,
                "shortDescription": {"text": TOOL_SUMMARY},
                "fullDescription": {"text": _boundary_text(document, tiers)},
                "rules": rules,
            }
        },
        "automationDetails": _automation(document),
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": _run_properties(document, tiers),
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


def _order(rank: int | None) -> int:
    """Ranked findings first, in rank order; the rest after them, as listed."""
    return rank if rank is not None else 1 << 30


def _co_occurrence_result(
    document: Report, glued: Sequence[SuggestionRecord], counted: int, root: Path
) -> dict[str, Any]:
    """One note for every pair of rules that only meets on glued texts: counted, not one alert per pair."""
    pairs = sorted({(s.from_ or "?", s.to or s.rule or "?"): s.count for s in glued}.items(), key=lambda p: -p[1])
    total = co_occurring_pairs(document) or max(counted, len(pairs))  # the overview's one count
    named = "; ".join(f"{a} / {b} x{count}" for (a, b), count in pairs[:3])
    message = (
        f"{total} pairs of rules only meet when their texts are glued together (the earlier rule is tried "
        "first: expected first-match behaviour, not a bug)" + (f", e.g. {named}" if named else "") + "."
    )
    properties = {"tier": "decided" if counted else "suggested", "kind": CO_OCCURRENCE, "pairs": total,
                  "top": [{"from": a, "to": b, "count": count} for (a, b), count in pairs[:10]]}
    location = _location_of(document, None, root, rule_index=None, rule_id=None)
    return _result(CO_OCCURRENCE, "note", message, location, ("co-occurrence", document.graph.name), properties,
                   None)


def _automation(document: Report) -> dict[str, Any]:
    """The run's identity: the graph, and the run id the report files of one run share."""
    details: dict[str, Any] = {"id": f"fuzzroute/{document.graph.name}/"}
    if document.run.run_id:
        details["guid"] = document.run.run_id
    return details


def sarif_text(document: Report, **options: Any) -> str:
    """`sarif_log` as the JSON text written to disk."""
    return inert_json(json.dumps(sarif_log(document, **options), ensure_ascii=False, indent=2)) + "\n"


def combined_sarif_text(logs: list[dict[str, Any]]) -> str:
    """One SARIF file holding the run of every log (`check` on several graphs: one run per graph)."""
    combined = {**logs[0], "runs": [run for log in logs for run in log["runs"]]}
    return inert_json(json.dumps(combined, ensure_ascii=False, indent=2)) + "\n"


def fingerprint(*identity: Any) -> str:
    """A stable hash of identity fields (JSON-encoded, so None and "" stay distinct)."""
    encoded = json.dumps(list(identity), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def _boundary_text(document: Report, tiers: Sequence[str]) -> str:
    """The boundary statements of the included tiers: what each kind of evidence does not prove."""
    boundary = document.boundary
    texts = {"proven": boundary.proven, "decided": boundary.decided, "suggested": boundary.generated}
    parts = [TOOL_SUMMARY]
    for tier in TIERS:
        if tier in tiers and texts[tier]:
            parts.append(f"{tier.capitalize()}: {texts[tier]}")
    if "suggested" in tiers:
        parts.append(
            "Results whose tier is `suggested` are samples from generated phrases: they are not coverage proof."
        )
    return " ".join(parts)


def _run_properties(document: Report, tiers: Sequence[str]) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "graph": document.graph.name,
        "tiers": [t for t in TIERS if t in tiers],
        "boundary": to_json(document.boundary),
    }
    if "suggested" in tiers:
        properties.update(seed=document.run.seed, budget=document.run.budget, partial=document.partial)
    return properties


# -- results -----------------------------------------------------------------

def _proven_result(document: Report, problem: ProblemRecord, root: Path) -> dict[str, Any]:
    code = problem.code
    identity = ("proven", code, problem.skill, problem.example, problem.from_, problem.to)
    properties = {
        "tier": "proven", "code": code, "skill": problem.skill, "example": problem.example, "from": problem.from_,
        "to": problem.to,
    }
    return _result(
        code, "error" if problem.kind == "error" else "warning", problem.message,
        _location_of(document, problem.location, root, rule_id=problem.skill), identity, properties,
        or_none(problem.status),
    )


def _accepted_result(document: Report, accepted: AcceptedFinding, root: Path) -> dict[str, Any]:
    """An accepted finding: a result with a suppression carrying the author's reason (code scanning closes it)."""
    identity = (accepted.tier, accepted.kind, accepted.later, accepted.earlier, "accepted")
    properties = {
        "tier": accepted.tier, "kind": accepted.kind, "rule": accepted.later, "from": accepted.earlier,
        "accepted": True, "witnesses": [] if accepted.phrase is None else [accepted.phrase],
    }
    message = (
        f"Accepted as intended: rule {accepted.earlier!r} takes phrases of later rule {accepted.later!r}"
        + (f", e.g. {accepted.phrase!r}" if accepted.phrase is not None else "")
        + f". Reason given: {accepted.reason}"
    )
    result = _result(
        accepted.kind, "note", message, _location_of(document, None, root, rule_id=accepted.later), identity,
        properties, None,
    )
    result["suppressions"] = [{"kind": "inSource", "justification": accepted.reason}]
    return result


def _suggested_result(document: Report, suggestion: SuggestionRecord, root: Path) -> dict[str, Any]:
    kind = suggestion.kind
    identity = ("suggested", kind, suggestion.rule, suggestion.from_, suggestion.to)
    properties = {
        "tier": "suggested",
        "kind": kind,
        "rule": suggestion.rule,
        "from": suggestion.from_,
        "to": suggestion.to,
        "count": suggestion.count,
        "witnesses": [w.phrase for w in suggestion.witnesses][:5],
    }
    return _result(
        kind, "note", GENERATED_PREFIX + suggestion.message,
        _location_of(document, suggestion.location, root, rule_index=suggestion.rule_index, rule_id=suggestion.rule),
        identity, properties, or_none(suggestion.status),
    )


def _decided_result(document: Report, decided: DecidedRecord, root: Path) -> dict[str, Any]:
    kind = decided.kind
    identity = ("decided", kind, decided.rule, decided.other_rule, decided.witness)
    properties = {"tier": "decided", "kind": kind, "rule": decided.rule, "witness": decided.witness}
    message = decided.message or DECIDED_DESCRIPTIONS.get(kind, kind)
    return _result(
        kind, DECIDED_LEVELS.get(kind, "note"), message,
        _location_of(document, decided.location, root, rule_index=decided.rule_index, rule_id=decided.rule),
        identity, properties, or_none(decided.status),
    )


def _result(
    rule_id: str, level: str, message: str, location: dict[str, Any], identity: tuple[Any, ...],
    properties: dict[str, Any], status: str | None,
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": rule_id,
        "level": level,
        "message": {"text": message},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(*identity)},
        "properties": properties,
    }
    if status in ("new", "still"):
        result["baselineState"] = "new" if status == "new" else "unchanged"
        properties["status"] = status
    return result


# -- locations ---------------------------------------------------------------

def _location_of(
    document: Report, own: Location | None, root: Path, *, rule_index: int | None = None, rule_id: str | None = None,
) -> dict[str, Any]:
    """The finding's own location, else its rule's, else the graph file (no line)."""
    where = _valid(own) or _rule_location(document, rule_index, rule_id)
    file, line = (_graph_file(document), None) if where is None else (where.file, where.line)
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(file, root)}}
    if isinstance(line, int) and line >= 1:
        physical["region"] = {"startLine": line}
    location: dict[str, Any] = {"physicalLocation": physical}
    if rule_id:
        location["logicalLocations"] = [{"name": rule_id, "kind": "member"}]
    return location


def _valid(location: Location | None) -> Location | None:
    return location if location is not None and location.file else None


def _rule_location(document: Report, rule_index: int | None, rule_id: str | None) -> Location | None:
    rules = document.graph.rules
    if isinstance(rule_index, int) and 0 <= rule_index < len(rules):
        return _valid(rules[rule_index].location)
    for rule in rules:
        if rule_id is not None and rule.id == rule_id:
            return _valid(rule.location)
    return None


SPEC_SUFFIX = re.compile(r"^(?P<file>.+\.py):[A-Za-z_][A-Za-z0-9_]*$")


def _graph_file(document: Report) -> str:
    """The graph's source file: the GRAPH argument without a `:name` suffix."""
    source = document.graph.source
    if not source:
        return document.graph.name
    found = SPEC_SUFFIX.match(str(source))
    return found.group("file") if found else str(source)


def artifact_uri(file: str, root: Path) -> str:
    """A URI relative to `root` when the file lies under it, else an absolute file URI.

    A relative file name is read from the working directory, as the loader
    read it.  Paths are normalised, not resolved, so a symlinked checkout
    keeps the paths the repository knows.
    """
    path = Path(os.path.abspath(file))
    try:
        relative = path.relative_to(os.path.abspath(root))
    except ValueError:
        return path.as_uri()
    return quote(PurePosixPath(*relative.parts).as_posix(), safe="/")


# -- rules -------------------------------------------------------------------

def _rules(results: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalogue of every known code and kind, plus any unknown one a result uses."""
    catalogue: dict[str, dict[str, Any]] = {}
    for code in PROBLEM_EXPLANATIONS:
        catalogue[code] = _proven_rule(code)
    for kind in SUGGESTION_KINDS:
        catalogue[kind] = _suggested_rule(kind)
    for kind in DECIDED_LEVELS:
        catalogue[kind] = _decided_rule(kind)
    for result in results:
        rule_id, tier = result["ruleId"], result["properties"]["tier"]
        if rule_id == CO_OCCURRENCE:
            catalogue[rule_id] = _descriptor(
                rule_id, "Pairs of rules that only meet on glued texts",
                "Two rules meet only when their texts are put side by side in one message; the earlier rule is "
                "tried first. This is how first-match routing works: counted in one note, not a finding per pair.",
                "Nothing, unless such a two-topic message matters: then declare it as an example of the rule that "
                "should own it.", tier,
            )
            catalogue[rule_id]["defaultConfiguration"] = {"level": "note"}
        elif rule_id not in catalogue:
            maker = {"proven": _proven_rule, "decided": _decided_rule}.get(tier, _suggested_rule)
            catalogue[rule_id] = maker(rule_id)
    return list(catalogue.values())


def _descriptor(rule_id: str, title: str, meaning: str, action: str, tier: str) -> dict[str, Any]:
    descriptor: dict[str, Any] = {
        "id": rule_id,
        "shortDescription": {"text": title},
        "fullDescription": {"text": meaning or title},
        "properties": {"tier": tier, "tags": ["routing", tier]},
    }
    if action:
        descriptor["help"] = {"text": action}
    return descriptor


def _proven_rule(code: str) -> dict[str, Any]:
    found = explain_problem(code)
    return _descriptor(code, found.title, found.meaning, found.action, "proven")


def _suggested_rule(kind: str) -> dict[str, Any]:
    found = explain_suggestion(kind)
    descriptor = _descriptor(kind, found.title, found.meaning, found.action, "suggested")
    descriptor["defaultConfiguration"] = {"level": "note"}
    return descriptor


def _decided_rule(kind: str) -> dict[str, Any]:
    meaning = DECIDED_DESCRIPTIONS.get(kind, "A finding decided with automata over all messages.")
    descriptor = _descriptor(kind, kind, meaning, "", "decided")
    descriptor["defaultConfiguration"] = {"level": DECIDED_LEVELS.get(kind, "note")}
    return descriptor
