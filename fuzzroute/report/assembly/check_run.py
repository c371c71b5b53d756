"""`fuzzroute check`: the proven checkup and the decided tier of each graph, built once into one `CheckDocument`.

Every output of `check` (the terminal text, `--format json`, `--sarif`,
`--junit`, and the pytest plugin's items) is laid out from the document
this module builds (`results.check_document`): each decided item judged
once against the graph's acceptances, with the rules that take its rule's
messages.  The writers, one per output, are listed in
`report.render.check_outputs`; nothing here formats a line.

The parts of the document only some outputs read (the declared rows, the
rules' verdicts, the report's model for SARIF) are built when an output
that reads them was asked for: `check` runs on every commit and pays for
every import, so the SARIF and JUnit writers, the report's document model
and the claims of every declared phrase are loaded only for their flag.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from fuzzroute.decided.decisions import DecidedItem, Decisions
from fuzzroute.decided.verdict import (
    Judged,
    folded_pairs,
    item_fails_build,
    judge,
    rule_verdicts,
    verdict_labels,
)
from fuzzroute.decided.wording import EVIDENCE_SECONDS
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.report.render.check_outputs import CHECK_OUTPUTS
from fuzzroute.results.check_document import (
    OUTCOMES,
    CheckDocument,
    CheckedItem,
    CheckFindings,
    CheckPart,
    DecidedFigures,
    GraphCheck,
    RuleVerdict,
)
from fuzzroute.results.decided_records import DecidedRecord, RuleRef
from fuzzroute.results.record import OMIT, Omitted, one_of

if TYPE_CHECKING:
    from fuzzroute.graphfiles.loader import LoadedGraph
    from fuzzroute.results.document import Report


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


def checked_graph(
    spec: str, graph_file: LoadedGraph, *, decide: bool, build_workers: int | None = None,
    phases: Callable[[str, int, int | None], None] | None = None,
) -> CheckedGraph:
    """Run the checkup (and, with `decide`, the decided tier) of a loaded graph, judged once.

    The automata are built and the questions answered on `build_workers` processes (every core by default;
    the same answers, in the same order, on any number). `phases(phase, done, total)` follows the "decided"
    and "proven" phases (the status line of `check`).
    """
    graph = graph_file.graph
    decisions = None
    if decide:
        from fuzzroute.decided import ANY
        from fuzzroute.decided import decide as decide_graph

        # The automata are built and the questions answered on every core (the same answers, in the same
        # order); a caller that asks for one process (the pytest plugin) gets one for both.
        cores = build_workers or os.cpu_count() or 1
        decisions = decide_graph(graph, workers=cores, build_workers=cores, winners=ANY,
                                 progress=None if phases is None else lambda d, t: phases("decided", d, t))
    judged = None if decisions is None else judge(decisions, graph.acceptances)
    checkup = graph.checkup(progress=None if phases is None else lambda d, t: phases("proven", d, t))
    return CheckedGraph(spec, graph_file, checkup, decisions, judged)


def checked_item(record: DecidedRecord, taking: list[RuleRef], *, fails: bool, accepted: str | None) -> CheckedItem:
    """A decided record as `check` writes it: without the report's numbering, with the build policy's verdict."""
    return CheckedItem(
        kind=record.kind, question=record.question, rule=record.rule, rule_index=record.rule_index,
        message=record.message, witness=record.witness, location=record.location, other_rule=record.other_rule,
        other_rule_index=record.other_rule_index, containing_rules=record.containing_rules,
        dead_rules=record.dead_rules, reason=record.reason, law=record.law, claims=record.claims,
        relation=record.relation, shared_in=record.shared_in, redos=record.redos, taking_rules=taking,
        fails=fails, accepted=accepted,
    )


def checked_items(decisions: Decisions, judged: Judged) -> list[CheckedItem]:
    """Every decided item in the tier's order, judged (`fails`, `accepted`), with the rules that take its messages."""
    failing = {id(item) for item in judged.failing}
    accepted = {id(item): reason for item, reason in judged.accepted}
    return [
        checked_item(
            record,
            [RuleRef(item.other.id, item.other.index)] if item.other is not None else record.containing_rules,
            fails=id(item) in failing, accepted=accepted.get(id(item)),
        )
        for item, record in zip(decisions.items, decisions.records(), strict=True)
    ]


def checkup_findings(
    checkup: Checkup, decisions: Decisions | None = None, judged: Judged | None = None, graph: str | None = None,
) -> CheckFindings:
    """What `check --format json` writes for a checkup (and its decided tier, when given)."""
    if decisions is not None and judged is None:  # a caller holding no graph: judged against no acceptance
        judged = Judged(tuple(item for item in decisions.items if item_fails_build(item)), ())
    items = None if decisions is None or judged is None else checked_items(decisions, judged)
    return CheckFindings(
        graph=OMIT if graph is None else graph,
        problems=list(checkup.problems),
        notes=list(checkup.notes),
        not_checked=[n.record() for n in checkup.not_checked] if checkup.not_checked else OMIT,
        decided=OMIT if items is None else items,
        decided_counts=OMIT if decisions is None else decisions.counted(),
        decided_failing=OMIT if items is None else sum(1 for item in items if item.fails),
        decided_defects=OMIT if decisions is None else list(decisions.defects),
    )


def _folded(decisions: Decisions) -> frozenset[int]:
    """Positions of the overlaps that are part of a never-wins finding of their later rule (listed once)."""
    behind = folded_pairs(decisions)
    return frozenset(
        position for position, item in enumerate(decisions.items)
        if item.other is not None and (item.other.index, item.entry.index) in behind
    )


def _verdicts(graph: Graph, decisions: Decisions, items: Sequence[CheckedItem]) -> tuple[RuleVerdict, ...]:
    """One verdict per data rule (`--fail-on decided`), naming the document's own items."""
    position = {id(item): n for n, item in enumerate(decisions.items)}

    def shown(item: DecidedItem) -> CheckedItem:
        return items[position[id(item)]]

    verdicts = rule_verdicts(graph, decisions)
    return tuple(
        RuleVerdict(
            label=label, rule=verdict.entry.id, location=verdict.entry.location,
            outcome=one_of(verdict.outcome, OUTCOMES),
            failing=[shown(item) for item in verdict.failing],
            accepted=[shown(item) for item, _reason in verdict.accepted],
            undecided=verdict.undecided,
        )
        for label, verdict in zip(verdict_labels(verdicts), verdicts, strict=True)
    )


def _report_model(checked: CheckedGraph) -> Report:
    """The graph's findings as `report`'s model holds them (an empty exploration): SARIF reads them, so a
    finding has the same fields, location, order and fingerprint in `check --sarif` as in `report --sarif`."""
    from fuzzroute.report.assembly.build import build_report
    from fuzzroute.report.assembly.pipeline import empty_exploration

    return build_report(
        checked.graph_file.graph, checked.checkup, empty_exploration(0, None, None, partial=False),
        source_path=checked.spec, graph_format=checked.graph_file.format, decisions=checked.decisions,
    )


def graph_check(
    checked: CheckedGraph, *, verbosity: int = 0, fail_on: str = "proven", parts: Collection[CheckPart] = (),
    named: bool = False,
) -> GraphCheck:
    """One graph's part of the document: its findings, and the `parts` an output asked for."""
    graph = checked.graph_file.graph
    decisions, judged = checked.decisions, checked.judged
    findings = checkup_findings(checked.checkup, decisions, judged, checked.spec if named else None)
    items = [] if isinstance(findings.decided, Omitted) else findings.decided
    figures = None if decisions is None else DecidedFigures(
        data_rules=int(decisions.stats.get("data_rules", 0)),
        elapsed_seconds=decisions.stats.get("elapsed_seconds", 0), boundary=decisions.boundary,
        folded=_folded(decisions), evidence_limit_seconds=EVIDENCE_SECONDS,
    )
    claims = None
    if verbosity > 0:
        claims = tuple(graph.claims(p.example).ids() if p.example is not None else None
                       for p in checked.checkup.problems)
    rows = None
    if "rows" in parts:
        from fuzzroute.report.assembly.proven_rows import rows_from_checkup

        rows = tuple(rows_from_checkup(graph, checked.checkup))
    verdicts = None
    if "verdicts" in parts and fail_on == "decided" and decisions is not None:
        verdicts = _verdicts(graph, decisions, items)
    return GraphCheck(
        spec=checked.spec, source=str(checked.graph_file.path), name=graph.name, findings=findings, decided=figures,
        claims=claims, rows=rows, verdicts=verdicts,
        report=_report_model(checked) if "report" in parts else None,
    )


def check_document(
    results: Sequence[CheckedGraph], *, verbosity: int = 0, fail_on: str = "proven", parts: Collection[CheckPart] = (),
) -> CheckDocument:
    """The one document of a `check` run (see the module docstring); `parts` are what its outputs read."""
    named = len(results) > 1  # several graphs: each one's findings name it
    return CheckDocument(
        tuple(graph_check(checked, verbosity=verbosity, fail_on=fail_on, parts=parts, named=named)
              for checked in results),
        verbosity, fail_on,
    )


@dataclass(frozen=True)
class CheckOutputs:
    """What one `fuzzroute check` run prints and writes, and whether it passes its `--fail-on` policy."""

    #: The output on standard output (`--format`).
    shown: str
    #: (path, text) of each file asked for (`--sarif`, `--junit`, ...), written together by the caller.
    files: list[tuple[Path, str]]
    passed: bool


def check_outputs(
    results: Sequence[CheckedGraph], *, output_format: str, files: dict[str, Path] | None = None,
    level: int = 0, fail_on: str = "proven",
) -> CheckOutputs:
    """Every output of `check`, from one document: `output_format` on standard output, and each file of
    `files` (by the name of its output in `CHECK_OUTPUTS`)."""
    asked = {name: path for name, path in (files or {}).items() if path is not None}
    chosen = [CHECK_OUTPUTS[output_format], *(CHECK_OUTPUTS[name] for name in asked)]
    document = check_document(
        results, verbosity=level, fail_on=fail_on, parts={part for output in chosen for part in output.reads},
    )
    written = [(path, CHECK_OUTPUTS[name].render(document)) for name, path in asked.items()]
    return CheckOutputs(CHECK_OUTPUTS[output_format].render(document), written, document.passed)
