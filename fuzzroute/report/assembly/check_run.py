"""`fuzzroute check`: the proven checkup and the decided tier of each graph, built once for every output.

The terminal text, `--format json`, `--sarif` and `--junit` all read what
this module builds from a graph's checkup and decisions: the decided items
as typed lines (`results.check_listing`), judged once against the graph's
acceptances, and the SARIF document through the same builder as `report`'s
(so a proven problem has one fingerprint in both).  The writers lay it out;
nothing here formats a line.

Only the terminal text and JSON are built when the module loads: the SARIF
and JUnit writers, and the report's document model, are imported when their
flag is given, because `check` runs on every commit and pays for every import.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fuzzroute.decided.decisions import DECIDED_KINDS, DecidedItem, Decisions, Defect
from fuzzroute.decided.verdict import (
    Judged,
    folded_pairs,
    item_fails_build,
    judge,
    rule_verdicts,
    taking_rules,
    verdict_labels,
)
from fuzzroute.decided.wording import evidence_words
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.results.check_listing import (
    CountedPairs,
    DecidedLine,
    DecidedListing,
    NoteLine,
    Place,
    ProvenLine,
    ProvenListing,
    RuleVerdictLine,
)
from fuzzroute.results.decided_records import RuleRef
from fuzzroute.results.jsonform import inert_json
from fuzzroute.results.record import to_json

if TYPE_CHECKING:
    from fuzzroute.graphfiles.loader import LoadedGraph


@dataclass(frozen=True)
class CheckedGraph:
    """One graph as `check` ran it: how it was named, the loaded file, its checkup and its decided tier."""

    spec: str
    graph_file: LoadedGraph
    checkup: Checkup
    #: None under `--no-decide`.
    decisions: Decisions | None
    #: The decided findings judged against the graph's acceptances (None under `--no-decide`).
    judged: Judged | None


def checked_graph(spec: str, graph_file: LoadedGraph, *, decide: bool) -> CheckedGraph:
    """Run the checkup (and, with `decide`, the decided tier) of a loaded graph, judged once."""
    graph = graph_file.graph
    decisions = None
    if decide:
        from fuzzroute.decided import ANY
        from fuzzroute.decided import decide as decide_graph

        # The automata are built and the questions answered on every core (the same answers, in the same order).
        cores = os.cpu_count() or 1
        decisions = decide_graph(graph, workers=cores, build_workers=cores, winners=ANY)
    judged = None if decisions is None else judge(decisions, graph.acceptances)
    return CheckedGraph(spec, graph_file, graph.checkup(), decisions, judged)


def place_of(entry: Entry) -> Place | None:
    return place(entry.location)


def place(where: SourceLocation | None) -> Place | None:
    return None if where is None else Place(str(where.file), int(where.line))


def proven_listing(checked: CheckedGraph, *, with_claims: bool = False) -> ProvenListing:
    """The checkup as `check` lists it; `with_claims` adds who claims each problem's phrase under both laws."""
    graph = checked.graph_file.graph
    problems = tuple(
        ProvenLine(
            location=place(p.location), kind=p.kind, code=p.code, skill=p.skill, example=p.example, from_=p.from_,
            message=p.message,
            claims=graph.claims(p.example).ids() if with_claims and p.example is not None else None,
        )
        for p in checked.checkup.problems
    )
    return ProvenListing(
        graph_name=graph.name, problems=problems,
        not_checked=tuple((place(n.location), n.message) for n in checked.checkup.not_checked),
        notes=tuple(NoteLine(n.name, n.text) for n in checked.checkup.notes),
    )


def decided_line(item: DecidedItem, *, fails: bool, accepted: str | None, listed: bool = True) -> DecidedLine:
    redos = item.redos
    return DecidedLine(
        kind=item.kind, rule=item.entry.id, location=place_of(item.entry), witness=item.witness,
        taking_rules=tuple(taking_rules(item)), shared_in=item.shared_in, dead=len(item.dead), reason=item.reason,
        growth=None if redos is None else redos.growth,
        evidence=None if redos is None else evidence_words(redos.evidence),
        message=item.message, fails=fails, accepted=accepted, listed=listed,
    )


def _ranked(items: list[DecidedItem]) -> list[DecidedItem]:
    """Shared text in fixed words before shared text only wildcards absorb (a stable sort)."""
    return sorted(items, key=lambda item: 1 if item.shared_in == "wildcard" else 0)


def decided_listing(decisions: Decisions, judged: Judged | None = None) -> DecidedListing:
    """The decided tier as `check` lists it: every item in listing order, judged, folded overlaps marked."""
    failing = set() if judged is None else {id(item) for item in judged.failing}
    accepted = {} if judged is None else {id(item): reason for item, reason in judged.accepted}
    # An overlap of a pair whose later rule never wins is part of that finding: listed once, as never-wins.
    behind = folded_pairs(decisions)
    lines = [
        decided_line(
            item, fails=id(item) in failing if judged is not None else item_fails_build(item),
            accepted=accepted.get(id(item)),
            listed=item.other is None or (item.other.index, item.entry.index) not in behind,
        )
        for kind in DECIDED_KINDS for item in _ranked(decisions.of_kind(kind))
    ]
    co = decisions.co_occurrence
    return DecidedListing(
        items=tuple(lines), kinds=tuple(DECIDED_KINDS),
        co_occurrence=CountedPairs(co.count, tuple((e.other_rule, e.rule, e.witness) for e in co.examples)),
        shared_unlisted=decisions.shared_unlisted.count, undecided_unlisted=decisions.undecided_unlisted.count,
        disjoint=decisions.disjoint.count, can_win=decisions.can_win,
        data_rules=int(decisions.stats.get("data_rules", 0)),
        elapsed_seconds=decisions.stats.get("elapsed_seconds", 0), boundary=decisions.boundary,
        defects=tuple(_defect(d) for d in decisions.defects), judged=judged is not None,
    )


def _defect(defect: Defect) -> tuple[str, str, str | None, str]:
    return defect.kind, defect.rule, defect.witness, defect.problem


def rule_verdict_lines(graph: Graph, decisions: Decisions) -> list[RuleVerdictLine]:
    """One verdict per data rule (`--fail-on decided`): the JUnit cases and the pytest plugin's items."""
    verdicts = rule_verdicts(graph, decisions)
    return [
        RuleVerdictLine(
            label=label, rule=verdict.entry.id, location=place_of(verdict.entry), outcome=verdict.outcome,
            failing=tuple(decided_line(item, fails=True, accepted=None) for item in verdict.failing),
            accepted=tuple(decided_line(item, fails=False, accepted=reason) for item, reason in verdict.accepted),
            undecided=verdict.undecided,
        )
        for label, verdict in zip(verdict_labels(verdicts), verdicts, strict=True)
    ]


def decided_json(decisions: Decisions, judged: Judged | None = None) -> dict[str, Any]:
    """The keys `check --format json` adds: `decided`, `decided_counts`, `decided_failing` and `decided_defects`.

    Each `decided` item carries `taking_rules` (the rules that take its
    rule's messages), `fails` (whether `--fail-on decided` fails on it) and
    `accepted` (the acceptance's reason, when one keeps it from failing).
    """
    failing = {id(item) for item in judged.failing} if judged is not None else set()
    accepted = {id(item): reason for item, reason in judged.accepted} if judged is not None else {}
    items = []
    for item, record in zip(decisions.items, decisions.records(), strict=True):
        data = to_json(record)
        del data["id"]  # check's items are not numbered: `report` numbers them in its document
        data["taking_rules"] = to_json([RuleRef(item.other.id, item.other.index)] if item.other is not None
                                       else record.containing_rules)
        data["fails"] = id(item) in failing if judged is not None else item_fails_build(item)
        data["accepted"] = accepted.get(id(item))
        items.append(data)
    return {
        "decided": items,
        "decided_counts": to_json(decisions.counted()),
        "decided_failing": sum(1 for data in items if data["fails"]),
        "decided_defects": to_json(decisions.defects),
    }


def check_document(checked: CheckedGraph) -> dict[str, Any]:
    """`check --format json` of one graph: problems and notes, plus the decided tier unless --no-decide."""
    return checkup_document(checked.checkup, checked.decisions, checked.judged)


def checkup_document(
    checkup: Checkup, decisions: Decisions | None = None, judged: Judged | None = None,
) -> dict[str, Any]:
    """The JSON `check` writes for a checkup (and the decided tier, when given): for callers holding no loaded file."""
    document: dict[str, Any] = {
        "problems": to_json(list(checkup.problems)),
        "notes": to_json(list(checkup.notes)),
    }
    if checkup.not_checked:
        document["not_checked"] = to_json([n.record() for n in checkup.not_checked])
    if decisions is not None:
        document.update(decided_json(decisions, judged))
    return document


def check_json(results: Sequence[CheckedGraph]) -> str:
    """`check --format json`: one graph's document, or a list naming each graph."""
    documents = [check_document(checked) for checked in results]
    shown: Any = documents[0] if len(results) == 1 else [
        {"graph": checked.spec, **document} for checked, document in zip(results, documents, strict=True)
    ]
    return inert_json(json.dumps(shown, indent=2, ensure_ascii=False))


def check_sarif(results: Sequence[CheckedGraph]) -> str:
    """`check --sarif`: the proven half (and the decided tier when it ran) of every graph, one run each.

    The checkup's problems go through the report's document builder (with an
    empty exploration), so a proven problem has the same fields, location and
    fingerprint in `check --sarif` as in `report --sarif`, and code scanning
    sees one alert, not two.
    """
    from fuzzroute.report.assembly.build import build_report
    from fuzzroute.report.assembly.pipeline import empty_exploration
    from fuzzroute.report.render.sarif import combined_sarif_text, sarif_log

    logs = []
    for checked in results:
        document = build_report(
            checked.graph_file.graph, checked.checkup, empty_exploration(0, None, None, partial=False),
            source_path=checked.spec, graph_format=checked.graph_file.format, decisions=checked.decisions,
        )
        tiers = ("proven",) if checked.decisions is None else ("proven", "decided")
        logs.append(sarif_log(document, tiers=tiers))
    return combined_sarif_text(logs)


def check_junit(results: Sequence[CheckedGraph], *, decided_failures: bool = False) -> str:
    """`check --junit`: one suite of proven rows per graph, plus its decided lines (and cases, with
    `decided_failures`: `--fail-on decided` fails a rule's case as the policy fails it)."""
    from fuzzroute.report.assembly.proven_rows import rows_from_checkup
    from fuzzroute.report.render.junit import Suite, decided_lines, junit_xml

    suites = []
    for checked in results:
        graph = checked.graph_file.graph
        suite = Suite(graph.name, rows_from_checkup(graph, checked.checkup), str(checked.graph_file.path))
        if checked.decisions is not None:
            listed = to_json(checked.decisions.records())
            suite.outputs.append(("decided", decided_lines(listed, checked.decisions.boundary)))
            if decided_failures:
                suite.verdicts = rule_verdict_lines(graph, checked.decisions)
        suites.append(suite)
    return junit_xml(suites)


@dataclass(frozen=True)
class CheckOutputs:
    """What one `fuzzroute check` run prints and writes, and whether it passes its `--fail-on` policy."""

    #: The terminal text, or the JSON document with `--format json`.
    shown: str
    #: (path, text) of each file asked for (`--sarif`, `--junit`), written together by the caller.
    files: list[tuple[Path, str]]
    passed: bool


def check_outputs(
    results: Sequence[CheckedGraph], *, output_format: str, level: int, fail_on: str,
    sarif_path: Path | None = None, junit_path: Path | None = None,
) -> CheckOutputs:
    """Every output of `check` from one build of each graph's findings (see the module docstring)."""
    files: list[tuple[Path, str]] = []
    if sarif_path is not None:
        files.append((sarif_path, check_sarif(results)))
    if junit_path is not None:
        files.append((junit_path, check_junit(results, decided_failures=fail_on == "decided")))
    if output_format == "json":
        shown = check_json(results)
    else:
        from fuzzroute.report.render.check_text import check_text

        shown = check_text([
            (checked.spec, proven_listing(checked, with_claims=level > 0),
             None if checked.decisions is None else decided_listing(checked.decisions, checked.judged))
            for checked in results
        ], level)
    passed = all(checked.checkup.ok for checked in results)
    if fail_on == "decided":
        passed = passed and not any(checked.judged is not None and checked.judged.failing for checked in results)
    return CheckOutputs(shown, files, passed or fail_on == "never")
