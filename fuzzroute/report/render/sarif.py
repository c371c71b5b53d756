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

The log is built from the msgspec Structs of `sarif_objects` (shared with
`fuzzroute diff --sarif`) rather than the `sarif-om` classes: those carry no
serialiser of their own (they need `jschema-to-python` and `jsonpickle` to
write JSON, with snake_case-to-camelCase renaming), add about 0.3 s of import
time, and have not been released since 2019.  The tests validate the written
JSON against the official 2.1.0 JSON Schema.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from urllib.parse import quote

import msgspec

from fuzzroute.report.render.sarif_objects import (
    ArtifactLocation,
    AutomationDetails,
    Configuration,
    Descriptor,
    DescriptorProperties,
    Driver,
    Level,
    LogicalLocation,
    PhysicalLocation,
    Region,
    Result,
    ResultProperties,
    Run,
    RunProperties,
    SarifLog,
    SarifObject,
    Suppression,
    Text,
    Tool,
    sarif_json,
    sarif_log_of,
)
from fuzzroute.report.render.sarif_objects import Location as SarifLocation
from fuzzroute.report.render.tallies import co_occurring_pairs
from fuzzroute.results.check_document import CheckDocument
from fuzzroute.results.document import (
    AcceptedFinding,
    Boundary,
    DecidedRecord,
    Location,
    ProblemRecord,
    Report,
    SuggestionRecord,
)
from fuzzroute.results.finding_kinds import DECIDED, PROBLEMS, SUGGESTIONS, decided_row, sarif_decided_kinds
from fuzzroute.results.presentation import TIERS, explain_problem, explain_suggestion
from fuzzroute.results.proven_records import Status
from fuzzroute.results.record import or_none

FINGERPRINT_KEY = "fuzzrouteFinding/v1"

GENERATED_PREFIX = "Generated sample, not proof: "
#: The one result standing for every pair of rules that only meets on glued texts.
CO_OCCURRENCE = "co-occurrence"
TOOL_SUMMARY = "Routing bugs in the ordered start rules of an agent skill graph."


#: A result's place in the rule catalogue, set once the catalogue is known (`_indexed`).
UNINDEXED = -1


class FindingProperties(ResultProperties, frozen=True, kw_only=True):
    """What every result of the report says first: its tier of evidence."""

    tier: str


class ProvenProperties(FindingProperties, frozen=True, kw_only=True):
    code: str
    skill: str | None
    example: str | None
    from_: str | None = msgspec.field(name="from")
    to: str | None
    status: Status | None = None


class AcceptedProperties(FindingProperties, frozen=True, kw_only=True):
    kind: str
    rule: str
    from_: str = msgspec.field(name="from")
    accepted: bool
    witnesses: tuple[str, ...]


class SuggestedProperties(FindingProperties, frozen=True, kw_only=True):
    kind: str
    rule: str | None
    from_: str | None = msgspec.field(name="from")
    to: str | None
    count: int
    witnesses: tuple[str, ...]
    status: Status | None = None


class DecidedProperties(FindingProperties, frozen=True, kw_only=True):
    kind: str
    rule: str
    witness: str | None
    status: Status | None = None


class PairCount(SarifObject, frozen=True, kw_only=True):
    from_: str = msgspec.field(name="from")
    to: str
    count: int


class CoOccurrenceProperties(FindingProperties, frozen=True, kw_only=True):
    kind: str
    pairs: int
    top: tuple[PairCount, ...]


class ReportDescriptor(Descriptor, frozen=True, kw_only=True):
    """A rule of the report's catalogue: its tier, what to do about it, and its level when not a warning."""

    properties: DescriptorProperties
    help: Text | None = None
    default_configuration: Configuration | None = msgspec.field(default=None, name="defaultConfiguration")


class ReportRunProperties(RunProperties, frozen=True, kw_only=True):
    graph: str
    tiers: tuple[str, ...]
    boundary: Boundary


class SampledRunProperties(ReportRunProperties, frozen=True, kw_only=True):
    """A run that includes generated samples also says how they were drawn."""

    seed: int
    budget: str
    partial: bool


def sarif_log(
    document: Report,
    *,
    base: str | os.PathLike[str] | None = None,
    tiers: Sequence[str] = TIERS,
) -> SarifLog:
    """The SARIF log (one run) for a report document.

    `base` is the directory artifact URIs are made relative to (the working
    directory by default: run fuzzroute from the repository root so the paths
    match the repository).  `tiers` limits which halves are included; `check
    --sarif` passes only "proven".
    """
    root = Path(base) if base is not None else Path.cwd()
    results: list[Result] = []
    if "proven" in tiers:
        results.extend(_proven_result(document, p, root) for p in document.proven.problems)
    ranked: list[tuple[int, int, Result]] = []  # (rank, position, result): the report's order
    glued: list[SuggestionRecord] = []
    if "decided" in tiers:
        for position, item in enumerate(document.decided):
            if decided_row(item.kind).sarif is not None:  # facts of health and limits are no results
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
    index = {rule.id: position for position, rule in enumerate(rules)}
    version = str(document.tool.versions.get("fuzzroute") or "unknown")
    run = Run(
        tool=Tool(driver=Driver(
            name="fuzzroute",
            version=version,
            short_description=Text(text=TOOL_SUMMARY),
            full_description=Text(text=_boundary_text(document, tiers)),
            rules=rules,
        )),
        automation_details=_automation(document),
        column_kind="unicodeCodePoints",
        results=tuple(msgspec.structs.replace(result, rule_index=index[result.rule_id]) for result in results),
        properties=_run_properties(document, tiers),
    )
    return sarif_log_of((run,))


def _order(rank: int | None) -> int:
    """Ranked findings first, in rank order; the rest after them, as listed."""
    return rank if rank is not None else 1 << 30


def _co_occurrence_result(
    document: Report, glued: Sequence[SuggestionRecord], counted: int, root: Path
) -> Result:
    """One note for every pair of rules that only meets on glued texts: counted, not one alert per pair."""
    pairs = sorted({(s.from_ or "?", s.to or s.rule or "?"): s.count for s in glued}.items(), key=lambda p: -p[1])
    total = co_occurring_pairs(document) or max(counted, len(pairs))  # the overview's one count
    named = "; ".join(f"{a} / {b} x{count}" for (a, b), count in pairs[:3])
    message = (
        f"{total} pairs of rules only meet when their texts are glued together (the earlier rule is tried "
        "first: expected first-match behaviour, not a bug)" + (f", e.g. {named}" if named else "") + "."
    )
    properties = CoOccurrenceProperties(
        tier="decided" if counted else "suggested", kind=CO_OCCURRENCE, pairs=total,
        top=tuple(PairCount(from_=a, to=b, count=count) for (a, b), count in pairs[:10]),
    )
    location = _location_of(document, None, root, rule_index=None, rule_id=None)
    return _result(CO_OCCURRENCE, "note", message, location, ("co-occurrence", document.graph.name), properties)


def _automation(document: Report) -> AutomationDetails:
    """The run's identity: the graph, and the run id the report files of one run share."""
    return AutomationDetails(id=f"fuzzroute/{document.graph.name}/", guid=or_none(document.run.run_id) or None)


def sarif_text(
    document: Report, *, base: str | os.PathLike[str] | None = None, tiers: Sequence[str] = TIERS
) -> str:
    """`sarif_log` as the JSON text written to disk."""
    return sarif_json(sarif_log(document, base=base, tiers=tiers))


def combined_sarif_text(logs: Sequence[SarifLog]) -> str:
    """One SARIF file holding the run of every log (`check` on several graphs: one run per graph)."""
    return sarif_json(sarif_log_of([run for log in logs for run in log.runs]))


def check_sarif(document: CheckDocument) -> str:
    """`check --sarif`: the proven half (and the decided tier when it ran) of every graph, one run each.

    Each graph's findings are read as the report's model holds them (the
    document's `report` part), so a finding has the same fields, location,
    order and fingerprint in `check --sarif` as in `report --sarif`, and code
    scanning sees one alert, not two.
    """
    logs = []
    for graph in document.graphs:
        if graph.report is None:
            raise ValueError("check --sarif needs the document's report part (CHECK_OUTPUTS['sarif'].reads)")
        tiers = ("proven",) if graph.decided is None else ("proven", "decided")
        logs.append(sarif_log(graph.report, tiers=tiers))
    return combined_sarif_text(logs)


def fingerprint(*identity: str | int | None) -> str:
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


def _run_properties(document: Report, tiers: Sequence[str]) -> ReportRunProperties:
    included = tuple(t for t in TIERS if t in tiers)
    if "suggested" in tiers:
        return SampledRunProperties(
            graph=document.graph.name, tiers=included, boundary=document.boundary,
            seed=document.run.seed, budget=document.run.budget, partial=document.partial,
        )
    return ReportRunProperties(graph=document.graph.name, tiers=included, boundary=document.boundary)


# -- results -----------------------------------------------------------------

def _status(value: str | None) -> Status | None:
    """A finding's standing against a baseline, as a result writes it (`new`, `still`, else none)."""
    return "new" if value == "new" else "still" if value == "still" else None


def _proven_result(document: Report, problem: ProblemRecord, root: Path) -> Result:
    code = problem.code
    identity = ("proven", code, problem.skill, problem.example, problem.from_, problem.to)
    status = _status(or_none(problem.status))
    properties = ProvenProperties(
        tier="proven", code=code, skill=problem.skill, example=problem.example, from_=problem.from_,
        to=problem.to, status=status,
    )
    return _result(
        code, "error" if problem.kind == "error" else "warning", problem.message,
        _location_of(document, problem.location, root, rule_id=problem.skill), identity, properties, status,
    )


def _accepted_result(document: Report, accepted: AcceptedFinding, root: Path) -> Result:
    """An accepted finding: a result with a suppression carrying the author's reason (code scanning closes it)."""
    identity = (accepted.tier, accepted.kind, accepted.later, accepted.earlier, "accepted")
    properties = AcceptedProperties(
        tier=accepted.tier, kind=accepted.kind, rule=accepted.later, from_=accepted.earlier,
        accepted=True, witnesses=() if accepted.phrase is None else (accepted.phrase,),
    )
    message = (
        f"Accepted as intended: rule {accepted.earlier!r} takes phrases of later rule {accepted.later!r}"
        + (f", e.g. {accepted.phrase!r}" if accepted.phrase is not None else "")
        + f". Reason given: {accepted.reason}"
    )
    return _result(
        accepted.kind, "note", message, _location_of(document, None, root, rule_id=accepted.later), identity,
        properties, suppressions=(Suppression(kind="inSource", justification=accepted.reason),),
    )


def _suggested_result(document: Report, suggestion: SuggestionRecord, root: Path) -> Result:
    kind = suggestion.kind
    identity: tuple[str | None, ...] = ("suggested", kind, suggestion.rule, suggestion.from_, suggestion.to)
    if suggestion.variant is not None:  # one near miss per rule and kind of change
        identity = (*identity, suggestion.variant)
    status = _status(or_none(suggestion.status))
    properties = SuggestedProperties(
        tier="suggested",
        kind=kind,
        rule=suggestion.rule,
        from_=suggestion.from_,
        to=suggestion.to,
        count=suggestion.count,
        witnesses=tuple(w.phrase for w in suggestion.witnesses)[:5],
        status=status,
    )
    return _result(
        kind, "note", GENERATED_PREFIX + suggestion.message,
        _location_of(document, suggestion.location, root, rule_index=suggestion.rule_index, rule_id=suggestion.rule),
        identity, properties, status,
    )


def _decided_result(document: Report, decided: DecidedRecord, root: Path) -> Result:
    kind = decided.kind
    identity = ("decided", kind, decided.rule, decided.other_rule, decided.witness)
    status = _status(or_none(decided.status))
    properties = DecidedProperties(tier="decided", kind=kind, rule=decided.rule, witness=decided.witness, status=status)
    rule = decided_row(kind).sarif
    message = decided.message or (kind if rule is None else rule.description)
    return _result(
        kind, "note" if rule is None else rule.level, message,
        _location_of(document, decided.location, root, rule_index=decided.rule_index, rule_id=decided.rule),
        identity, properties, status,
    )


def _result(
    rule_id: str, level: Level, message: str, location: SarifLocation, identity: tuple[str | int | None, ...],
    properties: FindingProperties, status: Status | None = None,
    suppressions: tuple[Suppression, ...] | None = None,
) -> Result:
    """A result of the report; its `ruleIndex` is set once the catalogue is known (`sarif_log`)."""
    return Result(
        rule_id=rule_id,
        level=level,
        message=Text(text=message),
        locations=(location,),
        partial_fingerprints={FINGERPRINT_KEY: fingerprint(*identity)},
        properties=properties,
        baseline_state=None if status is None else ("new" if status == "new" else "unchanged"),
        suppressions=suppressions,
        rule_index=UNINDEXED,
    )


# -- locations ---------------------------------------------------------------

def _location_of(
    document: Report, own: Location | None, root: Path, *, rule_index: int | None = None, rule_id: str | None = None,
) -> SarifLocation:
    """The finding's own location, else its rule's, else the graph file (no line)."""
    where = _valid(own) or _rule_location(document, rule_index, rule_id)
    file, line = (_graph_file(document), None) if where is None else (where.file, where.line)
    return SarifLocation(
        physical_location=PhysicalLocation(
            artifact_location=ArtifactLocation(uri=artifact_uri(file, root)),
            region=Region(start_line=line) if isinstance(line, int) and line >= 1 else None,
        ),
        logical_locations=(LogicalLocation(name=rule_id, kind="member"),) if rule_id else None,
    )


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

def _rules(results: Iterable[Result]) -> tuple[ReportDescriptor, ...]:
    """The catalogue of every known code and kind, plus any unknown one a result uses."""
    catalogue: dict[str, ReportDescriptor] = {}
    for code in PROBLEMS:
        catalogue[code] = _proven_rule(code)
    for suggestion_kind in SUGGESTIONS:
        catalogue[suggestion_kind] = _suggested_rule(suggestion_kind)
    for decided_kind, _rule in sarif_decided_kinds():
        catalogue[decided_kind] = _decided_rule(decided_kind)
    for result in results:
        rule_id, tier = result.rule_id, _tier(result)
        if rule_id == CO_OCCURRENCE:
            catalogue[rule_id] = _descriptor(
                rule_id, "Pairs of rules that only meet on glued texts",
                "Two rules meet only when their texts are put side by side in one message; the earlier rule is "
                "tried first. This is how first-match routing works: counted in one note, not a finding per pair.",
                "Nothing, unless such a two-topic message matters: then declare it as an example of the rule that "
                "should own it.", tier, level="note",
            )
        elif rule_id not in catalogue:
            maker = {"proven": _proven_rule, "decided": _decided_rule}.get(tier, _suggested_rule)
            catalogue[rule_id] = maker(rule_id)
    return tuple(catalogue.values())


def _tier(result: Result) -> str:
    """The tier a result of this module names first in its properties."""
    properties = result.properties
    return properties.tier if isinstance(properties, FindingProperties) else "suggested"


def _descriptor(
    rule_id: str, title: str, meaning: str, action: str, tier: str, *, level: Level | None = None
) -> ReportDescriptor:
    """A rule's descriptor; `level` only when it is not the viewer's default (a warning)."""
    return ReportDescriptor(
        id=rule_id,
        short_description=Text(text=title),
        full_description=Text(text=meaning or title),
        properties=DescriptorProperties(tier=tier, tags=("routing", tier)),
        help=Text(text=action) if action else None,
        default_configuration=None if level is None else Configuration(level=level),
    )


def _proven_rule(code: str) -> ReportDescriptor:
    found = explain_problem(code)
    return _descriptor(code, found.title, found.meaning, found.action, "proven")


def _suggested_rule(kind: str) -> ReportDescriptor:
    found = explain_suggestion(kind)
    return _descriptor(kind, found.title, found.meaning, found.action, "suggested", level="note")


def _decided_rule(kind: str) -> ReportDescriptor:
    rule = decided_row(kind).sarif if kind in DECIDED else None
    meaning = "A finding decided with automata over all messages." if rule is None else rule.description
    return _descriptor(kind, kind, meaning, "", "decided", level="note" if rule is None else rule.level)
