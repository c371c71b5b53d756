"""Build the report: one pipeline from what each tier found to the typed `Report` every writer lays out.

The steps run once each, in this order:

1. records: proven problems, suggestions (listed and withheld), decided items,
   rule figures and the steals matrix, each made by `records.Records`;
2. memory (`--db`): stored witnesses replayed, reproduced suggestions carried
   back, and the one ordering rule applied to the union (`ordering.settle`);
3. the decided tier takes over the suggestions it answers (`decided.supersede`);
4. history: every finding marked new or still against the baseline (an
   earlier report, or the ledger);
5. counts and the exit status (`counts.summarize`).

Nothing is recounted or reordered after the `Report` exists; the proven,
decided and generated halves stay in separate fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from msgspec.structs import replace

from fuzzroute.decided import BOUNDARY as DECIDED_BOUNDARY
from fuzzroute.decided import Decisions
from fuzzroute.engine.graph import MOUNT_DESCRIPTIONS, Graph
from fuzzroute.engine.problems import Checkup
from fuzzroute.generate.budget_spec import describe_budget
from fuzzroute.report.assembly.acceptances import set_aside
from fuzzroute.report.assembly.counts import judged_per_second, stolen_count, summarize
from fuzzroute.report.assembly.decided import NOT_RUN_REASON, sampled_pairs, suggestion_key, supersede
from fuzzroute.report.assembly.fail_on_findings import DEFAULT_FAIL_ON
from fuzzroute.report.assembly.graphhash import graph_hash
from fuzzroute.report.assembly.memory import Recall, recall
from fuzzroute.report.assembly.overview import Overview, overview, with_ranks
from fuzzroute.report.assembly.records import (
    Records,
    decided_counts,
    decided_records,
    json_safe,
    not_checked_record,
    note_record,
    rule_figures,
    rule_info,
)
from fuzzroute.report.assembly.tool_versions import tool_versions
from fuzzroute.report.persistence.history import Baseline, compare_with_baseline, mark_decided
from fuzzroute.results.document import (
    CONTEXT_GENERATORS,
    ENDINGS,
    LAWS,
    SCHEMA_VERSION,
    Boundary,
    DecidedRecord,
    DecisionFacts,
    DefectRecord,
    GraphFacts,
    MergeFacts,
    NoteRecord,
    OverviewRow,
    PairRelation,
    ProblemRecord,
    ProvenSection,
    Report,
    RuleFigures,
    RuleRef,
    RunFacts,
    ShardRef,
    Steals,
    SuggestionRecord,
    Summary,
    SupersededRef,
    ToolFacts,
)
from fuzzroute.results.fix_kinds import FIX_CARDS, has_fix
from fuzzroute.results.ledger_records import Ledger
from fuzzroute.results.ordering import settle
from fuzzroute.results.presentation import typed_case
from fuzzroute.results.record import OMIT, omit_none, one_of, to_json
from fuzzroute.results.suggestions import GENERATED_BOUNDARY, Exploration

GraphFormat = Literal["python", "json", "typescript", "javascript"]

PROVEN_BOUNDARY = (
    "Proven findings come from running the phrases the author declared (each rule's "
    "`examples` and the graph's never-route rows) through the rules exactly as declared, on a "
    "cold start. They are facts about those phrases and nothing else: a phrase nobody declared "
    "was not checked, so a report with no proven problems does not mean the rules cover what "
    "users will actually say."
)
INTERRUPTED_REASON = "Generation was interrupted and stopped before it finished."


@dataclass(frozen=True)
class MemoryInput:
    """A `--db` run's memory: the stored ledger (None on the first run) and where it lives."""

    ledger: Ledger | None
    db: str | Path
    ledger_file: str | Path
    #: The run generates typo near misses (`--typos`): stored ones are replayed too.
    typos: bool = False


def law_of(graph: Graph) -> str:
    """The claim law the mount runs on first: the cascade for a classifier, else the cold walk."""
    return "cascade" if graph.has_classifier else "cold_walk"


def timestamp(now: datetime | None = None) -> str:
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    return stamp.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def build_report(
    graph: Graph,
    checkup: Checkup,
    exploration: Exploration,
    *,
    decisions: Decisions | None = None,
    source_path: str | None = None,
    graph_format: GraphFormat = "python",
    partial_reason: str | None = None,
    now: datetime | None = None,
    baseline: Baseline | None = None,
    baseline_source: str = "baseline",
    memory: MemoryInput | None = None,
    fail_on: str = DEFAULT_FAIL_ON,
    run_id: str | None = None,
    phase_seconds: dict[str, float] | None = None,
    decision_reason: str | None = None,
    fixes: ProposeFixes | None = None,
) -> Report:
    """The report of one run (see the module docstring for the steps).

    `decisions` adds the decided tier; without it the report says the tier did
    not run.  `partial_reason` marks the report partial even when the
    exploration itself is not (generation interrupted before it returned); an
    exploration that says it is partial marks the report partial too.
    `baseline` (an earlier report, read by `history.load_baseline`) and `memory` (a `--db` ledger)
    each mark findings new or still; pass at most one.  `decision_reason` says
    why the decided tier is missing when it did not run (it was interrupted).
    `fixes` proposes edits for the first decided findings (see `ranked_findings`).
    """
    if graph_format not in ("python", "json", "typescript", "javascript"):
        raise ValueError(f"graph_format must be 'python', 'json', 'typescript' or 'javascript', not {graph_format!r}")
    if baseline is not None and memory is not None:
        raise ValueError("pass a baseline or a memory, not both: each says what a finding is new against")
    records = Records(graph)
    law = law_of(graph)
    problems = [records.problem(p) for p in checkup.problems]
    listed = [records.suggestion(s) for s in exploration.suggestions]
    withheld = [records.suggestion(s) for s in exploration.withheld]

    remembered: Recall | None = None
    if memory is not None:
        remembered = recall(graph, records, memory.ledger, listed, db=memory.db, ledger_file=memory.ledger_file,
                            typos=memory.typos)
        if remembered.carried:
            listed, also_shadowed = settle([*listed, *remembered.carried])
            withheld = [*withheld, *also_shadowed]

    decided = [] if decisions is None else decided_records(decisions)
    engine_defects = [] if decisions is None else list(decisions.defects)
    pairs = [] if decisions is None else sampled_pairs([*listed, *withheld], decisions)
    takeover = supersede(listed, decided, law, pairs)
    aside = set_aside(graph.acceptances, graph.entries, takeover.kept, decided)
    listed, decided = aside.suggestions, aside.decided
    defects = with_takeover_defects(engine_defects, takeover.defects)

    history = None
    against = baseline if baseline is not None else None if remembered is None else remembered.baseline
    if against is not None:
        source = baseline_source if baseline is not None else str(memory.ledger_file if memory else "")
        compared = compare_with_baseline(problems, listed, against, source)
        problems, listed, history = compared.problems, compared.suggestions, compared.history
        decided = mark_decided(decided, against.decided)
    elif remembered is not None:  # the first --db run: everything is new, there is nothing to compare with
        problems = [replace(p, status="new") for p in problems]
        listed = [replace(s, status="new") for s in listed]
        decided = [replace(d, status="new") for d in decided]

    steals = _steals(graph, exploration)
    partial = exploration.partial or partial_reason is not None
    if partial and partial_reason is None:
        partial_reason = INTERRUPTED_REASON
    figures = [rule_figures(r) for r in exploration.rules]
    notes = [note_record(n) for n in checkup.notes]
    ranked = ranked_findings(
        problems, notes, listed, decided, figures, defects,
        co_occurring_pairs=0 if decisions is None else decisions.co_occurrence.count, decided_pairs=pairs,
        phrases_generated=exploration.phrases_generated, phrases_stolen=steals.stolen, fail_on=fail_on,
        recase=verified_recasing(graph), fixes=fixes,
    )
    listed, decided, summary = ranked.suggestions, ranked.decided, ranked.summary
    stats = {} if decisions is None else dict(decisions.stats)
    # The time goes with the run's other timings: the rest of the report is deterministic.
    decide_seconds = stats.pop("elapsed_seconds", None)
    return Report(
        schema_version=SCHEMA_VERSION,
        generated_at=timestamp(now),
        tool=ToolFacts("fuzzroute", tool_versions()),
        graph=_graph(graph, source_path, graph_format),
        run=_run(exploration, decide_seconds, run_id, phase_seconds, _context_generator(graph, exploration)),
        merge=MergeFacts(graph_hash(graph), [suggestion_key(s) for s in withheld], engine_defects),
        partial=partial,
        partial_reason=partial_reason if partial else None,
        summary=summary,
        boundary=Boundary(PROVEN_BOUNDARY, GENERATED_BOUNDARY, DECIDED_BOUNDARY),
        proven=ProvenSection(
            checkup.ok, problems, notes, omit_none([not_checked_record(n) for n in checkup.not_checked] or None)
        ),
        suggestions=listed,
        rules=figures,
        steals=steals,
        decided=decided,
        decision=_decision(decisions, stats, defects, takeover.references, pairs, decision_reason),
        overview=ranked.overview,
        accepted=aside.accepted,
        history=omit_none(history),
        memory=OMIT if remembered is None else remembered.memory,
    )


def with_takeover_defects(engine: list[DefectRecord], takeover: Sequence[DefectRecord]) -> list[DefectRecord]:
    """The decided tier's own defects, then those the takeover of sampled suggestions raised (each once)."""
    return [*engine, *(d for d in takeover if d not in engine)]


@dataclass(frozen=True)
class RankedFindings:
    """The findings of a run in the overview's order, with the overview and the summary that count them."""

    suggestions: list[SuggestionRecord]
    decided: list[DecidedRecord]
    overview: list[OverviewRow]
    summary: Summary


def verified_recasing(graph: Graph) -> Callable[[str], str]:
    """`typed_case` where it changes nothing the rules do: every rule matches the re-cased witness exactly as
    it matches the witness, and both laws start the same entries (else the witness is shown as found)."""
    def recase(phrase: str) -> str:
        candidate = typed_case(phrase)
        if candidate == phrase:
            return phrase
        for entry in graph.entries:
            matcher = entry.data_matcher
            if matcher is not None and matcher.matches(candidate) != matcher.matches(phrase):
                return phrase
        try:
            same = graph.claims(candidate).ids() == graph.claims(phrase).ids()
        except Exception:  # a `when` that raises or runs long: keep the verified witness as it is
            return phrase
        return candidate if same else phrase

    return recase


#: Given the decided findings to propose an edit for (in the overview's order), each one's proposal by record id.
ProposeFixes = Callable[[list[DecidedRecord]], Mapping[str, str]]


def _with_fixes(ranked: Overview, decided: list[DecidedRecord], fixes: ProposeFixes) -> Overview:
    """The overview with its first few rows about a fixable decided finding carrying the edit `fuzzroute fix`
    proposes: the decided row, or the proven row a decided finding is folded into (`also`)."""
    by_id = {d.id: d for d in decided}

    def finding(row: OverviewRow) -> DecidedRecord | None:
        anchors = [row.anchor] if row.tier == "decided" else [a.anchor for a in row.also if a.tier == "decided"]
        for anchor in anchors:
            record = None if anchor is None else by_id.get(anchor)
            if record is not None and has_fix(record.kind, shared_in=record.shared_in):
                return record
        return None

    about = [(k, record) for k, row in enumerate(ranked.rows) if (record := finding(row)) is not None][:FIX_CARDS]
    if not about:
        return ranked
    proposed = fixes([record for _k, record in about])
    rows = list(ranked.rows)
    for k, record in about:
        if record.id is not None and record.id in proposed:
            rows[k] = replace(rows[k], fix=proposed[record.id])
    return Overview(rows, ranked.ranks)


def ranked_findings(
    problems: list[ProblemRecord], notes: list[NoteRecord], suggestions: list[SuggestionRecord],
    decided: list[DecidedRecord], figures: list[RuleFigures], defects: list[DefectRecord], *,
    co_occurring_pairs: int, decided_pairs: list[PairRelation], phrases_generated: int, phrases_stolen: int,
    fail_on: str,
    recase: Callable[[str], str] | None = None,
    fixes: ProposeFixes | None = None,
) -> RankedFindings:
    """The last steps of every report, one run's (`build_report`) or a merged one's (`merge_documents`):
    the overview ranks the findings, and the summary counts them.  `recase` writes a decided row's witness
    in the capitals people type (`verified_recasing`); the decided records keep theirs.  `fixes` gives
    the first `FIX_CARDS` decided findings `fuzzroute fix` has an edit kind for their proposed edit (by
    record id), written as their row's `fix`."""
    ranked = overview(
        problems, decided, suggestions, figures, co_occurring_pairs=co_occurring_pairs, decided_pairs=decided_pairs,
    )
    if recase is not None:
        ranked = Overview([
            replace(row, phrase=recase(row.phrase)) if row.tier == "decided" and row.phrase else row
            for row in ranked.rows
        ], ranked.ranks)
    if fixes is not None:
        ranked = _with_fixes(ranked, decided, fixes)
    suggestions, decided = with_ranks(suggestions, decided, ranked.ranks)
    summary = summarize(
        problems=problems, notes=notes, suggestions=suggestions, decided=decided, defects=defects,
        phrases_generated=phrases_generated, phrases_stolen=phrases_stolen, fail_on=fail_on,
    )
    return RankedFindings(suggestions, decided, ranked.rows, summary)


def _decision(
    decisions: Decisions | None, stats: dict[str, Any], defects: list[DefectRecord], references: list[SupersededRef],
    pairs: list[PairRelation], reason: str | None = None,
) -> DecisionFacts:
    if decisions is None:
        return DecisionFacts(False, reason or NOT_RUN_REASON, {}, defects, references)
    return DecisionFacts(
        True, None, stats, defects, references, decided_counts(decisions), pairs,
        [RuleRef(e.id, e.index) for e in decisions.not_reached],
    )


def _graph(graph: Graph, source_path: str | None, graph_format: GraphFormat) -> GraphFacts:
    entries = graph.entries
    return GraphFacts(
        name=graph.name,
        mount=graph.mount,
        mount_description=MOUNT_DESCRIPTIONS[graph.mount],
        order_decides=graph.order_decides,
        law=one_of(law_of(graph), LAWS),
        source=None if source_path is None else str(source_path),
        format=graph_format,
        rule_count=len(entries),
        declared_examples=sum(len(e.examples or ()) for e in entries),
        never_routes=list(graph.never_route_phrases),
        rules=[rule_info(e) for e in entries],
    )


def _context_generator(graph: Graph, exploration: Exploration) -> str | None:
    """Which generator drew the `when` contexts, when phrases were generated (so contexts were too)."""
    if exploration.phrases_generated == 0:
        return None  # `check` builds its SARIF log from an empty exploration, and must not import hypothesis
    from fuzzroute.generate.warm import contexts_drawn_by

    return contexts_drawn_by(graph)


def _run(
    exploration: Exploration, decide_seconds: float | None, run_id: str | None,
    phase_seconds: dict[str, float] | None, context_generator: str | None,
) -> RunFacts:
    shard = None if exploration.shard is None else ShardRef(*exploration.shard)
    return RunFacts(
        seed=exploration.seed,
        budget_phrases=exploration.budget_phrases,
        budget_seconds=exploration.budget_seconds,
        budget=describe_budget(exploration.budget_phrases, exploration.budget_seconds),
        phrases_generated=exploration.phrases_generated,
        phrases_judged=exploration.phrases_judged,
        unnatural_withheld=exploration.unnatural_withheld,
        elapsed_seconds=round(exploration.elapsed_seconds, 3),
        ended_by=one_of(exploration.ended_by, ENDINGS),
        intersection={} if exploration.intersection is None else to_json(exploration.intersection),
        generator_counts=dict(exploration.generator_counts),
        units_ended=dict(exploration.units_ended),
        shard=shard,
        judged_per_second=judged_per_second(exploration.phrases_judged, exploration.elapsed_seconds),
        workers=json_safe(dict(exploration.workers)),
        decide_seconds=decide_seconds,
        run_id=omit_none(run_id),
        phase_seconds=OMIT if phase_seconds is None else dict(phase_seconds),
        context_generator=OMIT if context_generator is None else one_of(context_generator, CONTEXT_GENERATORS),
    )


def _steals(graph: Graph, exploration: Exploration) -> Steals:
    """The sparse steal cells, with the rules phrases were generated from as the axis."""
    cells = [list(cell) for cell in sorted(exploration.steals)]
    if any(len(cell) != 3 or cell[2] < 0 for cell in cells):
        raise ValueError("Exploration.steals holds (taker, source, count) triples with a count of at least 0")
    axis = sorted({r.index for r in exploration.rules} | {c[0] for c in cells} | {c[1] for c in cells})
    return Steals(one_of(law_of(graph), LAWS), axis, [c for c in cells if c[2]], stolen_count(cells))
