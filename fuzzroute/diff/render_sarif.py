"""A diff as SARIF 2.1.0, every result located on the new version's rules (code scanning of a pull request).

* `route-moved` (note): a decided move, on the rule that starts the
  messages now (the old rule's match when they now start no rule, else the
  graph file);
* `proven-new-error` (error): a declared row with an error the old version
  did not have; `proven-verdict-changed` (note): any other row change;
* `route-moved-sampled` (note): a move seen only in generated phrases; its
  message starts by saying it is a sample.

Undecided pairs are not results (they are facts about what the automata
could not show).  Fingerprints hash identity only (law, rule ids, the row),
so a move found again in the next push is the same alert.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

import msgspec

from fuzzroute.diff.graph_diff import (
    BOUNDARY,
    DiffSummary,
    GraphDiff,
    Law,
    Move,
    ProvenChange,
    ProvenChangeKind,
    RuleRef,
    SampledMove,
    ref_name,
)
from fuzzroute.diff.render_text import PROVEN_WORDS
from fuzzroute.diff.winners import LAW_NAMES
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.report.assembly.tool_versions import tool_versions
from fuzzroute.report.render.sarif import (
    FINGERPRINT_KEY,
    GENERATED_PREFIX,
    SARIF_SCHEMA_URI,
    SARIF_VERSION,
    artifact_uri,
    fingerprint,
)
from fuzzroute.results.jsonform import inert_json

RuleId = Literal["route-moved", "proven-new-error", "proven-verdict-changed", "route-moved-sampled"]
Level = Literal["note", "error"]
Tier = Literal["proven", "decided", "suggested"]

RULES: dict[RuleId, tuple[Level, str, str]] = {
    "route-moved": (
        "note",
        "Messages change the rule that starts the turn",
        "For some messages (decided with automata, for every message) the old version started one rule and the "
        "new version starts another. Check that the move is intended; declare the witness as an example of the "
        "rule that should own it so the checkup proves it from now on.",
    ),
    "proven-new-error": (
        "error",
        "A declared example or never-route row fails now",
        "The proven checkup of the new version reports an error for this declared phrase that the old version "
        "did not have.",
    ),
    "proven-verdict-changed": (
        "note",
        "A declared row's verdict or claimant changed",
        "The proven checkup judges this declared phrase differently in the new version.",
    ),
    "route-moved-sampled": (
        "note",
        "Generated phrases change their rule (sample, not proof)",
        "A generated phrase changes the rule that starts the turn between the versions, for a pair the automata "
        "could not decide.",
    ),
}
RULE_IDS: tuple[RuleId, ...] = tuple(RULES)


class _Sarif(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A SARIF object: fields in the order they are written; an optional field left at None is not written.

    (Only optional fields have a default: with `omit_defaults` a field equal to its default is left out.)
    """


class Text(_Sarif, frozen=True, kw_only=True):
    text: str


class ArtifactLocation(_Sarif, frozen=True, kw_only=True):
    uri: str


class Region(_Sarif, frozen=True, kw_only=True):
    start_line: int = msgspec.field(name="startLine")


class PhysicalLocation(_Sarif, frozen=True, kw_only=True):
    artifact_location: ArtifactLocation = msgspec.field(name="artifactLocation")
    region: Region | None = None


class LogicalLocation(_Sarif, frozen=True, kw_only=True):
    name: str
    kind: Literal["member"]


class Location(_Sarif, frozen=True, kw_only=True):
    physical_location: PhysicalLocation = msgspec.field(name="physicalLocation")
    logical_locations: tuple[LogicalLocation, ...] | None = msgspec.field(default=None, name="logicalLocations")


class MoveProperties(_Sarif, frozen=True, kw_only=True):
    """What a moved pair's result says beside its message (`extent` for decided moves only)."""

    tier: Literal["decided", "sampled"]
    law: Law
    old: str | None = msgspec.field(name="from")
    new: str | None = msgspec.field(name="to")
    witness: str
    extent: str | None = None


class RowProperties(_Sarif, frozen=True, kw_only=True):
    """What a declared row's result says beside its message."""

    tier: Literal["proven"]
    row: str
    changes: tuple[ProvenChangeKind, ...]


class Result(_Sarif, frozen=True, kw_only=True):
    rule_id: RuleId = msgspec.field(name="ruleId")
    level: Level
    message: Text
    locations: tuple[Location, ...]
    partial_fingerprints: dict[str, str] = msgspec.field(name="partialFingerprints")
    properties: MoveProperties | RowProperties
    rule_index: int = msgspec.field(name="ruleIndex")


class DescriptorProperties(_Sarif, frozen=True, kw_only=True):
    tier: Tier
    tags: tuple[str, ...]


class Configuration(_Sarif, frozen=True, kw_only=True):
    level: Level


class Descriptor(_Sarif, frozen=True, kw_only=True):
    id: RuleId
    short_description: Text = msgspec.field(name="shortDescription")
    full_description: Text = msgspec.field(name="fullDescription")
    default_configuration: Configuration = msgspec.field(name="defaultConfiguration")
    properties: DescriptorProperties


class Driver(_Sarif, frozen=True, kw_only=True):
    name: str
    version: str
    short_description: Text = msgspec.field(name="shortDescription")
    full_description: Text = msgspec.field(name="fullDescription")
    rules: tuple[Descriptor, ...]


class Tool(_Sarif, frozen=True, kw_only=True):
    driver: Driver


class AutomationDetails(_Sarif, frozen=True, kw_only=True):
    id: str


class RunProperties(_Sarif, frozen=True, kw_only=True):
    base: str
    head: str
    summary: DiffSummary


class Run(_Sarif, frozen=True, kw_only=True):
    tool: Tool
    automation_details: AutomationDetails = msgspec.field(name="automationDetails")
    column_kind: Literal["unicodeCodePoints"] = msgspec.field(name="columnKind")
    results: tuple[Result, ...]
    properties: RunProperties


class SarifLog(_Sarif, frozen=True, kw_only=True):
    schema: str = msgspec.field(name="$schema")
    version: str
    runs: tuple[Run, ...]


def diff_sarif(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> SarifLog:
    """The SARIF log (one run) of `diff`; URIs relative to `base` (the working directory by default)."""
    root = Path(base) if base is not None else Path.cwd()
    results = [
        *(_proven(diff, change, root) for change in diff.proven),
        *(_move(diff, move, root) for move in diff.moves),
        *(_move(diff, move, root) for move in diff.sampled),
    ]
    run = Run(
        tool=Tool(driver=Driver(
            name="fuzzroute",
            version=tool_versions().get("fuzzroute", "unknown"),
            short_description=Text(text="Messages whose start rule changes between two versions of a graph."),
            full_description=Text(text=BOUNDARY),
            rules=tuple(_descriptor(rule_id) for rule_id in RULE_IDS),
        )),
        automation_details=AutomationDetails(id=f"fuzzroute-diff/{diff.head.name}/"),
        column_kind="unicodeCodePoints",
        results=tuple(results),
        properties=RunProperties(base=diff.base.spec, head=diff.head.spec, summary=diff.summary),
    )
    return SarifLog(schema=SARIF_SCHEMA_URI, version=SARIF_VERSION, runs=(run,))


def diff_sarif_log(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> dict[str, object]:
    """`diff_sarif` as JSON data (dicts and lists)."""
    data: dict[str, object] = msgspec.to_builtins(diff_sarif(diff, base=base))
    return data


def diff_sarif_text(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> str:
    return inert_json(json.dumps(diff_sarif_log(diff, base=base), ensure_ascii=False, indent=2)) + "\n"


def _descriptor(rule_id: RuleId) -> Descriptor:
    level, title, meaning = RULES[rule_id]
    tier: Tier = "suggested" if rule_id.endswith("sampled") else (
        "proven" if rule_id.startswith("proven") else "decided"
    )
    return Descriptor(
        id=rule_id,
        short_description=Text(text=title),
        full_description=Text(text=meaning),
        default_configuration=Configuration(level=level),
        properties=DescriptorProperties(tier=tier, tags=("routing", "diff", tier)),
    )


def _location(diff: GraphDiff, where: SourceLocation | None, rule: RuleRef | None, root: Path) -> Location:
    found = where if where is not None and where.file else None
    if found is None and rule is not None and rule.location is not None:
        found = rule.location
    file = found.file if found is not None else diff.head.path
    line = found.line if found is not None else None
    return Location(
        physical_location=PhysicalLocation(
            artifact_location=ArtifactLocation(uri=artifact_uri(file, root)),
            region=Region(start_line=line) if line is not None and line >= 1 else None,
        ),
        logical_locations=None if rule is None else (LogicalLocation(name=rule.id, kind="member"),),
    )


def _head_rule(diff: GraphDiff, move: Move | SampledMove) -> RuleRef | None:
    """The rule of the new version a move is about: the new claimant, else the old rule's match."""
    if move.new is not None:
        return move.new
    if move.old is not None:
        return diff.head_match.get(move.old.index)
    return None


def _move(diff: GraphDiff, move: Move | SampledMove, root: Path) -> Result:
    law = LAW_NAMES[move.law]
    text = (
        f"Under the {law}, messages that started {ref_name(move.old)} in {diff.base.spec} start "
        f"{ref_name(move.new)} in {diff.head.spec}, for example {move.witness!r}"
    )
    rule_id: RuleId
    if isinstance(move, Move):
        rule_id = "route-moved"
        text += f" ({move.extent}: " + (
            "every message of the old rule moves)." if move.extent == "total" else "some of its messages move)."
        )
        extent: str | None = move.extent
    else:
        rule_id = "route-moved-sampled"
        text = GENERATED_PREFIX + text + f" ({move.count} generated phrase(s))."
        extent = None
    identity = ("diff", rule_id, move.law, _ident(move.old), _ident(move.new))
    properties = MoveProperties(
        tier=move.tier, law=move.law, old=_ident(move.old), new=_ident(move.new), witness=move.witness, extent=extent
    )
    return _result(rule_id, text, _location(diff, None, _head_rule(diff, move), root), identity, properties)


def _proven(diff: GraphDiff, change: ProvenChange, root: Path) -> Result:
    rule_id: RuleId = "proven-new-error" if change.new_errors else "proven-verdict-changed"
    words = ", ".join(PROVEN_WORDS[c] for c in change.changes)
    messages = " ".join(p.message for p in change.new_errors)
    text = f"Declared row {change.label}: {words}." + (f" {messages}" if messages else "")
    identity = ("diff", rule_id, change.kind, change.label)
    properties = RowProperties(tier="proven", row=change.label, changes=change.changes)
    where = change.location if change.head is not None else None
    return _result(rule_id, text, _location(diff, where, None, root), identity, properties)


def _ident(ref: RuleRef | None) -> str | None:
    return None if ref is None else ref.id


def _result(
    rule_id: RuleId, text: str, location: Location, identity: tuple[str | None, ...],
    properties: MoveProperties | RowProperties,
) -> Result:
    return Result(
        rule_id=rule_id,
        level=RULES[rule_id][0],
        message=Text(text=text),
        locations=(location,),
        partial_fingerprints={FINGERPRINT_KEY: fingerprint(*identity)},
        properties=properties,
        rule_index=RULE_IDS.index(rule_id),
    )
