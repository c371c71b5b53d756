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

import os
from pathlib import Path
from typing import Literal

import msgspec

from fuzzroute.report.render.diff_text import PROVEN_WORDS
from fuzzroute.report.render.sarif import FINGERPRINT_KEY, GENERATED_PREFIX, artifact_uri, fingerprint
from fuzzroute.report.render.sarif_objects import (
    ArtifactLocation,
    AutomationDetails,
    Configuration,
    Descriptor,
    DescriptorProperties,
    Driver,
    Location,
    LogicalLocation,
    PhysicalLocation,
    Region,
    Result,
    ResultProperties,
    Run,
    RunProperties,
    SarifLog,
    Text,
    Tool,
    sarif_json,
    sarif_log_of,
)
from fuzzroute.results.diff_document import (
    BOUNDARY,
    LAW_NAMES,
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
from fuzzroute.results.proven_records import Location as RuleLocation

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


class MoveProperties(ResultProperties, frozen=True, kw_only=True):
    """What a moved pair's result says beside its message (`extent` for decided moves only)."""

    tier: Literal["decided", "sampled"]
    law: Law
    old: str | None = msgspec.field(name="from")
    new: str | None = msgspec.field(name="to")
    witness: str
    extent: str | None = None


class RowProperties(ResultProperties, frozen=True, kw_only=True):
    """What a declared row's result says beside its message."""

    tier: Literal["proven"]
    row: str
    changes: tuple[ProvenChangeKind, ...]


class DiffDescriptor(Descriptor, frozen=True, kw_only=True):
    """A rule of the diff's catalogue: its level, then its tier."""

    default_configuration: Configuration = msgspec.field(name="defaultConfiguration")
    properties: DescriptorProperties


class DiffRunProperties(RunProperties, frozen=True, kw_only=True):
    base: str
    head: str
    summary: DiffSummary


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
            version=diff.tool_version,
            short_description=Text(text="Messages whose start rule changes between two versions of a graph."),
            full_description=Text(text=BOUNDARY),
            rules=tuple(_descriptor(rule_id) for rule_id in RULE_IDS),
        )),
        automation_details=AutomationDetails(id=f"fuzzroute-diff/{diff.head.name}/"),
        column_kind="unicodeCodePoints",
        results=tuple(results),
        properties=DiffRunProperties(base=diff.base.spec, head=diff.head.spec, summary=diff.summary),
    )
    return sarif_log_of((run,))


def diff_sarif_log(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> dict[str, object]:
    """`diff_sarif` as JSON data (dicts and lists)."""
    data: dict[str, object] = msgspec.to_builtins(diff_sarif(diff, base=base))
    return data


def diff_sarif_text(diff: GraphDiff, *, base: str | os.PathLike[str] | None = None) -> str:
    return sarif_json(diff_sarif(diff, base=base))


def _descriptor(rule_id: RuleId) -> DiffDescriptor:
    level, title, meaning = RULES[rule_id]
    tier: Tier = "suggested" if rule_id.endswith("sampled") else (
        "proven" if rule_id.startswith("proven") else "decided"
    )
    return DiffDescriptor(
        id=rule_id,
        short_description=Text(text=title),
        full_description=Text(text=meaning),
        default_configuration=Configuration(level=level),
        properties=DescriptorProperties(tier=tier, tags=("routing", "diff", tier)),
    )


def _location(diff: GraphDiff, where: RuleLocation | None, rule: RuleRef | None, root: Path) -> Location:
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
