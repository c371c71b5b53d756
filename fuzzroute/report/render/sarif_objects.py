"""The SARIF 2.1.0 objects fuzzroute writes, as msgspec Structs: one shape for every SARIF writer.

Both the report's log (`render/sarif.py`) and a diff's log
(`fuzzroute.report.render.diff_sarif`) are built from these, so a location, a
result or a tool descriptor is spelled one way.  Fields are in the order they
are written; an optional field left at None is not written (with
`omit_defaults` a field equal to its default is left out, so only optional
fields have one).

What differs between the writers is kept in subclasses, whose fields follow
the shared ones: a rule descriptor's tail (`Descriptor`), a result's
`properties` (`ResultProperties`) and the run's `properties`
(`RunProperties`).  msgspec writes a value by its own class, so a subclass
given where the base is declared is written in full.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Literal

import msgspec

from fuzzroute.results.jsonform import inert_json

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

Level = Literal["none", "note", "warning", "error"]


class SarifObject(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A SARIF object: fields in the order they are written; an optional field left at None is not written."""


class Text(SarifObject, frozen=True, kw_only=True):
    text: str


class ArtifactLocation(SarifObject, frozen=True, kw_only=True):
    uri: str


class Region(SarifObject, frozen=True, kw_only=True):
    start_line: int = msgspec.field(name="startLine")


class PhysicalLocation(SarifObject, frozen=True, kw_only=True):
    artifact_location: ArtifactLocation = msgspec.field(name="artifactLocation")
    region: Region | None = None


class LogicalLocation(SarifObject, frozen=True, kw_only=True):
    name: str
    kind: Literal["member"]


class Location(SarifObject, frozen=True, kw_only=True):
    physical_location: PhysicalLocation = msgspec.field(name="physicalLocation")
    logical_locations: tuple[LogicalLocation, ...] | None = msgspec.field(default=None, name="logicalLocations")


class Suppression(SarifObject, frozen=True, kw_only=True):
    kind: Literal["inSource"]
    justification: str


class ResultProperties(SarifObject, frozen=True, kw_only=True):
    """What a result says beside its message: each writer subclasses it with its own fields."""


class Result(SarifObject, frozen=True, kw_only=True):
    rule_id: str = msgspec.field(name="ruleId")
    level: Level
    message: Text
    locations: tuple[Location, ...]
    partial_fingerprints: dict[str, str] = msgspec.field(name="partialFingerprints")
    properties: ResultProperties
    baseline_state: Literal["new", "unchanged"] | None = msgspec.field(default=None, name="baselineState")
    suppressions: tuple[Suppression, ...] | None = None
    rule_index: int = msgspec.field(name="ruleIndex")


class Configuration(SarifObject, frozen=True, kw_only=True):
    level: Level


class DescriptorProperties(SarifObject, frozen=True, kw_only=True):
    tier: str
    tags: tuple[str, ...]


class Descriptor(SarifObject, frozen=True, kw_only=True):
    """A rule's descriptor: the fields every writer leads with; each writer's subclass adds the rest."""

    id: str
    short_description: Text = msgspec.field(name="shortDescription")
    full_description: Text = msgspec.field(name="fullDescription")


class Driver(SarifObject, frozen=True, kw_only=True):
    name: str
    version: str
    short_description: Text = msgspec.field(name="shortDescription")
    full_description: Text = msgspec.field(name="fullDescription")
    rules: tuple[Descriptor, ...]


class Tool(SarifObject, frozen=True, kw_only=True):
    driver: Driver


class AutomationDetails(SarifObject, frozen=True, kw_only=True):
    id: str
    guid: str | None = None


class RunProperties(SarifObject, frozen=True, kw_only=True):
    """What a run says about itself: each writer subclasses it with its own fields."""


class Run(SarifObject, frozen=True, kw_only=True):
    tool: Tool
    automation_details: AutomationDetails = msgspec.field(name="automationDetails")
    column_kind: Literal["unicodeCodePoints"] = msgspec.field(name="columnKind")
    results: tuple[Result, ...]
    properties: RunProperties


class SarifLog(SarifObject, frozen=True, kw_only=True):
    schema: str = msgspec.field(name="$schema")
    version: str
    runs: tuple[Run, ...]


def sarif_log_of(runs: Sequence[Run]) -> SarifLog:
    """A SARIF 2.1.0 log holding `runs`."""
    return SarifLog(schema=SARIF_SCHEMA_URI, version=SARIF_VERSION, runs=tuple(runs))


def sarif_json(log: SarifLog) -> str:
    """The JSON text of `log` as written to disk (two-space indents, non-ASCII kept, made inert for viewers)."""
    return inert_json(json.dumps(msgspec.to_builtins(log), ensure_ascii=False, indent=2)) + "\n"
