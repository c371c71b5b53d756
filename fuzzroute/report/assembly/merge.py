"""Combine the JSON reports of the shards of one run into the report of the whole run.

`fuzzroute report --shard I/N` runs the I-th of N disjoint slices of the
work units of one seeded exploration.  Every unit's findings are about its
own rule, so the whole run's findings are the union of the shards':

* suggestions: every shard's listed and withheld (`merge.withheld`)
  suggestions, with the one cross-rule rule applied again (a rules-overlap
  pair that some shard reports as shadowed is withheld), sorted by kind,
  rule, from and to exactly as a single run sorts them;
* per-rule figures, the steals matrix and the run's counts: sums (each rule's
  figures come from the one shard that ran it);
* the proven half, the graph and the decided-overlap diagnostics: the same in
  every shard (the shards ran the same graph), taken from the first.

Only reports that can be merged are: the same graph (`merge.graph_hash`),
seed, budget and fuzzroute version, each shard of one N exactly once.
Anything else is refused as bad input with one paragraph naming the files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from fuzzroute.engine.errors import InputError
from fuzzroute.report.assembly.build import ranked_findings, timestamp, with_takeover_defects
from fuzzroute.report.assembly.counts import judged_per_second, stolen_count
from fuzzroute.report.assembly.decided import set_aside_suggestion, suggestion_key, supersede
from fuzzroute.report.assembly.records import figures
from fuzzroute.report.persistence.history import read_json_report, refuse_invalid
from fuzzroute.report.persistence.run_id import new_run_id
from fuzzroute.report.persistence.schema import schema_errors
from fuzzroute.report.persistence.upgrade import EARLIER_VERSIONS, previous_schema, upgraded
from fuzzroute.results.document import (
    SCHEMA_VERSION,
    AcceptedFinding,
    AcceptedSection,
    DecidedRecord,
    Report,
    RuleFigures,
    RunFacts,
    SuggestionKey,
    SupersededRef,
)
from fuzzroute.results.message_table import read_report, written_document
from fuzzroute.results.ordering import settle
from fuzzroute.results.record import OMIT, ShapeError, from_json, or_none

#: Run fields that measure time, not findings (and the run's id): they differ between runs of one seed and budget.
TIMING_FIELDS = ("elapsed_seconds", "judged_per_second", "workers", "decide_seconds", "run_id", "phase_seconds")
_ENDINGS = ("interrupted", "time-budget", "exhausted")


def load_shard(path: str | Path) -> Report:
    """Read one shard report (a `fuzzroute report --shard I/N --json` document), checking every field's type."""
    source = Path(path)
    document = read_json_report(
        source, "report", "Pass the JSON files `fuzzroute report --shard I/N --json` wrote."
    )
    version = document.get("schema_version") if isinstance(document, dict) else None
    readable = (*EARLIER_VERSIONS, SCHEMA_VERSION)
    if not isinstance(document, dict) or version not in readable or "merge" not in document:
        raise InputError(
            f"{source} is not a fuzzroute report this version can merge (schema_version {version!r}, "
            f"needs {', '.join(map(str, readable))} with a `merge` block). Re-run the shard with this fuzzroute."
        )
    if version in EARLIER_VERSIONS:  # written by an earlier release: checked by its schema, read as this one
        refuse_invalid(source, "report", document, previous_schema(version))
    try:
        if version in EARLIER_VERSIONS:
            return from_json(Report, upgraded(document))
        return read_report(document)
    except (KeyError, IndexError, TypeError) as error:
        raise InputError(
            f"{source} is not a report this fuzzroute wrote: its rule positions or message templates do not fit "
            f"its findings ({type(error).__name__}: {error}). Re-run the shard with this fuzzroute and merge the "
            "files it writes, unedited."
        ) from None
    except ShapeError as error:
        raise InputError(
            f"{source} is not a report this fuzzroute wrote: {error}. Re-run the shard with this fuzzroute "
            "and merge the files it writes, unedited."
        ) from None


@dataclass(frozen=True)
class _Identity:
    """What the shards of one run share; each field is named in `_WHAT`, which says how to fix a mismatch."""

    graph: str
    seed: int
    budget: tuple[int | None, float | None]
    version: str | None


def _identity(report: Report) -> _Identity:
    run = report.run
    return _Identity(
        graph=report.merge.graph_hash,
        seed=run.seed,
        budget=(run.budget_phrases, run.budget_seconds),
        version=report.tool.versions.get("fuzzroute"),
    )


_WHAT = {
    "graph": ("different graphs", "Shard reports of one run come from the same graph definition"),
    "seed": ("different seeds", "Run every shard with the same --seed"),
    "budget": ("different budgets", "Run every shard with the same --budget"),
    "version": ("different fuzzroute versions", "Run every shard with the same fuzzroute version"),
}


def check_mergeable(documents: list[Report], names: list[str]) -> None:
    """Refuse reports that are not the complete, distinct shards of one run."""
    first = _identity(documents[0])
    for document, name in zip(documents[1:], names[1:], strict=True):
        other = _identity(document)
        for key, (what, fix) in _WHAT.items():
            value, theirs = getattr(first, key), getattr(other, key)
            if theirs != value:
                raise InputError(
                    f"cannot merge {names[0]} and {name}: they are reports of {what} "
                    f"({value!r} and {theirs!r}). {fix}; merged findings of different runs would "
                    "describe no run at all."
                )
    shards = [d.run.shard for d in documents]
    if any(s is None for s in shards):
        name = names[shards.index(None)]
        raise InputError(
            f"cannot merge {name}: it is not a shard report (it was written without --shard). "
            "Merge only the reports of `fuzzroute report --shard I/N` runs."
        )
    counts = {s.count for s in shards if s is not None}
    if len(counts) != 1:
        splits = ", ".join(f"{s.index}/{s.count}" for s in shards if s is not None)
        raise InputError(
            f"cannot merge shards of different splits ({splits}). "
            "Use the same N in every --shard I/N."
        )
    total = counts.pop()
    indexes = [s.index for s in shards if s is not None]
    repeated = sorted({i for i in indexes if indexes.count(i) > 1})
    missing = sorted(set(range(1, total + 1)) - set(indexes))
    if repeated or missing:
        problem = (
            f"shard {', '.join(f'{i}/{total}' for i in repeated)} is given twice" if repeated
            else f"shard {', '.join(f'{i}/{total}' for i in missing)} is missing"
        )
        raise InputError(
            f"cannot merge: {problem}. Pass each of the {total} shard reports exactly once, so the merged "
            "report equals one run of the whole budget."
        )


def _rules(documents: list[Report]) -> list[RuleFigures]:
    """Each rule's figures summed over the shards (each rule ran in one shard; the others count zero)."""
    summed = []
    for rows in zip(*(d.rules for d in documents), strict=True):
        first = rows[0]
        lost_to: dict[str, int] = {}
        for row in rows:
            for taker, count in row.lost_to.items():
                lost_to[taker] = lost_to.get(taker, 0) + count
        summed.append(figures(
            first.index, first.id, first.caption, first.examples, sum(r.generated for r in rows),
            sum(r.won for r in rows), sum(r.rejected for r in rows), lost_to,
        ))
    return summed


def _run(documents: list[Report]) -> RunFacts:
    runs = [d.run for d in documents]
    generators: dict[str, int] = {}
    ended: dict[str, int] = {}
    for r in runs:
        for name, count in r.generator_counts.items():
            generators[name] = generators.get(name, 0) + count
        for name, count in r.units_ended.items():
            ended[name] = ended.get(name, 0) + count
    judged = sum(r.phrases_judged for r in runs)
    phases = [or_none(r.phase_seconds) or {} for r in runs]  # shards run side by side: the longest counts
    return replace(
        runs[0],
        phrases_generated=sum(r.phrases_generated for r in runs),
        phrases_judged=judged,
        unnatural_withheld=sum(r.unnatural_withheld for r in runs),
        generator_counts=dict(sorted(generators.items())),
        units_ended=dict(sorted(ended.items())),
        ended_by=next((e for e in _ENDINGS if ended.get(e)), "phrase-budget"),
        shard=None,
        elapsed_seconds=round(max(r.elapsed_seconds for r in runs), 3),
        judged_per_second=judged_per_second(judged, sum(r.elapsed_seconds for r in runs)),
        workers={"shards": [dict(r.workers, shard=r.shard.index if r.shard else None) for r in runs]},
        phase_seconds={name: max(p.get(name, 0.0) for p in phases) for name in phases[0]} if phases[0] else OMIT,
    )


def _accepted(documents: list[Report]) -> AcceptedSection:
    """Accepted findings of every shard (counts added up); an acceptance is stale only if stale in every shard."""
    found: dict[tuple[str, str, str, str], AcceptedFinding] = {}
    for document in documents:
        for item in document.accepted.findings:
            key = (item.tier, item.kind, item.earlier, item.later)
            before = found.get(key)
            if before is None:
                found[key] = item
            elif item.count is not None:
                found[key] = replace(before, count=(before.count or 0) + item.count)
    stale_everywhere = set.intersection(*({(s.earlier, s.later) for s in d.accepted.stale} for d in documents))
    stale = [s for s in documents[0].accepted.stale if (s.earlier, s.later) in stale_everywhere]
    return AcceptedSection(list(found.values()), stale)


def _shown_as(document: Report) -> Callable[[str], str]:
    """A decided witness as the shards' overview showed it (re-cased where that was verified against the graph,
    which a merge does not load): every shard ran the same decided tier."""
    witnesses = {d.id: d.witness for d in document.decided}
    shown = {witnesses[row.anchor]: row.phrase for row in document.overview
             if row.tier == "decided" and row.anchor in witnesses and row.phrase and witnesses[row.anchor]}
    return lambda phrase: shown.get(phrase, phrase)


def _fixes_shown(document: Report) -> Callable[[list[DecidedRecord]], dict[str, str]]:
    """The edits the shards' overview proposed for decided findings (every shard proved the same ones)."""
    shown: dict[str, str] = {}
    for row in document.overview:
        anchors = [row.anchor] if row.tier == "decided" else [a.anchor for a in row.also if a.tier == "decided"]
        for anchor in anchors:
            if anchor is not None and row.fix is not None:
                shown.setdefault(anchor, row.fix)
    return lambda records: {r.id: shown[r.id] for r in records if r.id is not None and r.id in shown}


def merge_documents(documents: list[Report], names: list[str], now: datetime | None = None) -> Report:
    """The report of the whole run, from the reports of all its shards (see the module docstring)."""
    check_mergeable(documents, names)
    documents = sorted(documents, key=lambda d: d.run.shard.index if d.run.shard else 0)
    first = documents[0]
    rules = first.graph.rules
    # What a shard set aside (withheld, superseded) is kept as a key: rebuilt here without text, to be set
    # aside again; a rebuilt one left listed means the shards do not fit together (see `merged_document`).
    keys: list[SuggestionKey | SupersededRef] = [key for d in documents for key in d.merge.withheld]
    keys.extend(ref for d in documents for ref in d.decision.superseded)
    aside = [set_aside_suggestion(key, rules) for key in keys]
    listed, withheld = settle([*(s for d in documents for s in d.suggestions), *aside])
    # Every shard ran the same decisions (same graph), so the decided items are the first shard's;
    # only what they take out of the suggestions, and the defects that raises, depend on all shards.
    # Each shard recorded how the decided tier decided the pairs it sampled; together, every sampled pair.
    pairs = sorted({(p.from_index, p.to_index): p for d in documents for p in d.decision.pairs}.values(),
                   key=lambda p: (p.from_index, p.to_index))
    takeover = supersede(listed, first.decided, first.graph.law, pairs) if first.decision.ran else None
    kept = listed if takeover is None else takeover.kept
    rebuilt = {id(s) for s in aside}
    if any(id(s) in rebuilt for s in kept):
        raise ValueError("a suggestion one shard set aside is listed in the merge")
    engine_defects = first.merge.decision_defects
    defects = engine_defects if takeover is None else with_takeover_defects(engine_defects, takeover.defects)
    summed: dict[tuple[int, int], int] = {}
    for document in documents:
        for taker, source, count in document.steals.cells:
            summed[(taker, source)] = summed.get((taker, source), 0) + count
    cells = [[taker, source, count] for (taker, source), count in sorted(summed.items())]
    steals = replace(first.steals, cells=cells, stolen=stolen_count(cells))
    run = _run(documents)
    partial = [d for d in documents if d.partial]
    decision = first.decision if takeover is None else replace(
        first.decision, defects=defects, superseded=takeover.references, pairs=pairs
    )
    figures_summed = _rules(documents)
    ranked = ranked_findings(
        first.proven.problems, first.proven.notes, kept, first.decided, figures_summed, defects,
        co_occurring_pairs=first.decision.counts.co_occurrence.count if first.decision.counts else 0,
        decided_pairs=pairs, phrases_generated=run.phrases_generated, phrases_stolen=steals.stolen,
        fail_on=first.summary.fail_on, recase=_shown_as(first), fixes=_fixes_shown(first),
    )
    return replace(
        first,
        accepted=_accepted(documents),
        overview=ranked.overview,
        decided=ranked.decided,
        generated_at=timestamp(now),
        run=run,
        merge=replace(first.merge, withheld=[suggestion_key(s) for s in withheld]),
        partial=bool(partial),
        partial_reason=partial[0].partial_reason if partial else None,
        summary=ranked.summary,
        suggestions=ranked.suggestions,
        rules=figures_summed,
        steals=steals,
        decision=decision,
        history=OMIT,
    )


def merge_shards(paths: Sequence[Path]) -> tuple[Report, dict[str, Any]]:
    """`fuzzroute merge`: the shard reports at `paths` read, checked and merged, with a new run id; and its JSON.

    Shards that validate one by one but do not fit together are refused as
    bad input (`merged_document`), and so is a merged document that fails the
    report schema: it is never written.
    """
    names = [str(p) for p in paths]
    documents = [load_shard(path) for path in paths]
    merged = merged_document(documents, names)
    merged = replace(merged, run=replace(merged.run, run_id=new_run_id()))
    document = written_document(merged)
    refuse_invalid_result(document, names)
    return merged, document


def merged_document(documents: list[Report], names: list[str]) -> Report:
    """`merge_documents`, with shards that validate one by one but do not fit together refused as bad input.

    Each shard passed the report schema and its types were checked when it
    was read; what they cannot say (the same rules in every shard, withheld
    suggestions about rules that exist) would otherwise surface as an error
    half way through the merge.
    """
    check_mergeable(documents, names)
    sizes = {(len(d.rules), d.graph.rule_count) for d in documents}
    if len(sizes) != 1:
        raise InputError(
            f"cannot merge {', '.join(names)}: their rule lists differ in length ({sorted(sizes)}), so they are not "
            "shards of one graph, whatever their graph_hash says. Merge the untouched shard reports of one run."
        )
    try:
        return merge_documents(documents, names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InputError(
            f"cannot merge {', '.join(names)}: the shard reports do not fit together ({type(exc).__name__}: "
            f"{exc}). They were edited or come from different runs; merge the untouched shard reports of one run."
        ) from None


def refuse_invalid_result(merged: dict[str, Any], names: Sequence[str]) -> None:
    """`merge` validates what it writes: a merged document that fails the report schema is never written."""
    errors = schema_errors(merged)
    if errors:
        raise InputError(
            f"cannot merge {', '.join(names)}: the merged report would not be a valid report "
            f"({errors[0]}; {len(errors)} problem(s) in all), so nothing was written. The shards were edited or "
            "are not of one run; merge the untouched shard reports of one run."
        )
