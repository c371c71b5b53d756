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

import copy
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fuzzroute.engine.errors import InputError
from fuzzroute.report.build import SCHEMA_VERSION, judged_per_second, rule_figures, stolen_count
from fuzzroute.report.decided import count_decided, supersede_suggestions
from fuzzroute.report.history import read_json_report
from fuzzroute.results.suggestions import RULES_OVERLAP, SHADOWED_BY_EARLIER_RULE, SUGGESTION_KINDS

#: Run fields that measure time, not findings: they differ between runs of one seed and budget.
TIMING_FIELDS = ("elapsed_seconds", "judged_per_second", "workers", "decide_seconds")
_ORDER = {kind: position for position, kind in enumerate(SUGGESTION_KINDS)}
_ENDINGS = ("interrupted", "time-budget", "exhausted")


def load_shard(path: str | Path) -> dict[str, Any]:
    """Read one shard report (a `fuzzroute report --shard I/N --json` document)."""
    source = Path(path)
    document = read_json_report(
        source, "report", "Pass the JSON files `fuzzroute report --shard I/N --json` wrote."
    )
    if not isinstance(document, dict) or document.get("schema_version") != SCHEMA_VERSION or "merge" not in document:
        version = document.get("schema_version") if isinstance(document, dict) else None
        raise InputError(
            f"{source} is not a fuzzroute report this version can merge (schema_version {version!r}, "
            f"needs {SCHEMA_VERSION} with a `merge` block). Re-run the shard with this fuzzroute."
        )
    return document


def _identity(document: dict[str, Any]) -> dict[str, Any]:
    run = document["run"]
    return {
        "graph": document["merge"]["graph_hash"],
        "seed": run["seed"],
        "budget": (run["budget_phrases"], run["budget_seconds"]),
        "version": document["tool"]["versions"].get("fuzzroute"),
    }


_WHAT = {
    "graph": ("different graphs", "Shard reports of one run come from the same graph definition"),
    "seed": ("different seeds", "Run every shard with the same --seed"),
    "budget": ("different budgets", "Run every shard with the same --budget"),
    "version": ("different fuzzroute versions", "Run every shard with the same fuzzroute version"),
}


def check_mergeable(documents: list[dict[str, Any]], names: list[str]) -> None:
    """Refuse reports that are not the complete, distinct shards of one run."""
    first = _identity(documents[0])
    for document, name in zip(documents[1:], names[1:], strict=True):
        other = _identity(document)
        for key, value in first.items():
            if other[key] != value:
                what, fix = _WHAT[key]
                raise InputError(
                    f"cannot merge {names[0]} and {name}: they are reports of {what} "
                    f"({value!r} and {other[key]!r}). {fix}; merged findings of different runs would "
                    "describe no run at all."
                )
    shards = [d["run"].get("shard") for d in documents]
    if any(s is None for s in shards):
        name = names[shards.index(None)]
        raise InputError(
            f"cannot merge {name}: it is not a shard report (it was written without --shard). "
            "Merge only the reports of `fuzzroute report --shard I/N` runs."
        )
    counts = {s["count"] for s in shards}
    if len(counts) != 1:
        splits = ", ".join(f"{s['index']}/{s['count']}" for s in shards)
        raise InputError(
            f"cannot merge shards of different splits ({splits}). "
            "Use the same N in every --shard I/N."
        )
    total = counts.pop()
    indexes = [s["index"] for s in shards]
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


def _key(suggestion: dict[str, Any]) -> tuple[int, int, int, int]:
    def n(value: int | None) -> int:
        return -1 if value is None else value

    return (
        _ORDER.get(suggestion["kind"], 99),
        n(suggestion["rule_index"]),
        n(suggestion["from_index"]),
        n(suggestion["to_index"]),
    )


def _decide_again(merged: dict[str, Any]) -> None:
    """Apply the decided tier to the merged suggestions, as a single run applies it to its own.

    Every shard ran the same decisions (same graph), so the decided items are
    the first shard's; only what they take out of the suggestions, and the
    defects that raises, depend on the suggestions of all shards together.
    """
    decision = merged.get("decision")
    merged["merge"]["superseded"] = []
    if not decision or not decision.get("ran"):
        return
    before = list(merged["suggestions"])
    decision["superseded"] = []
    decision["defects"] = copy.deepcopy(merged["merge"]["decision_defects"])
    supersede_suggestions(merged)
    kept = {id(s) for s in merged["suggestions"]}
    merged["merge"]["superseded"] = [s for s in before if id(s) not in kept]


def merge_documents(documents: list[dict[str, Any]], names: list[str], now: datetime | None = None) -> dict[str, Any]:
    """The report of the whole run, from the reports of all its shards (see the module docstring)."""
    check_mergeable(documents, names)
    documents = sorted(documents, key=lambda d: d["run"]["shard"]["index"])
    merged = copy.deepcopy(documents[0])
    merged.pop("history", None)
    every = [
        s for d in documents for s in [*d["suggestions"], *d["merge"]["withheld"], *d["merge"]["superseded"]]
    ]
    shadowed = {(s["from_index"], s["to_index"]) for s in every if s["kind"] == SHADOWED_BY_EARLIER_RULE}
    hidden = [s for s in every if s["kind"] == RULES_OVERLAP and (s["from_index"], s["to_index"]) in shadowed]
    listed = [s for s in every if not (s["kind"] == RULES_OVERLAP and (s["from_index"], s["to_index"]) in shadowed)]
    merged["suggestions"] = sorted(listed, key=_key)
    merged["merge"]["withheld"] = sorted(hidden, key=_key)
    if merged.get("decision", {}).get("ran"):  # each shard recorded how the pairs it sampled were decided
        pairs = {(p["from_index"], p["to_index"]): p for d in documents for p in d["decision"].get("pairs", [])}
        merged["decision"]["pairs"] = [pairs[key] for key in sorted(pairs)]
    _decide_again(merged)

    rules = merged["rules"]
    for document in documents[1:]:
        for mine, theirs in zip(rules, document["rules"], strict=True):
            for field in ("generated", "won", "rejected"):
                mine[field] += theirs[field]
            for taker, count in theirs["lost_to"].items():
                mine["lost_to"][taker] = mine["lost_to"].get(taker, 0) + count
    merged["rules"] = [rule_figures(rule) for rule in rules]

    counts = merged["steals"]["counts"]
    for document in documents[1:]:
        for row, other in zip(counts, document["steals"]["counts"], strict=True):
            for j, value in enumerate(other):
                row[j] += value
    merged["steals"]["stolen"] = stolen_count(counts)

    run = merged["run"]
    runs = [d["run"] for d in documents]
    run["phrases_generated"] = sum(r["phrases_generated"] for r in runs)
    run["phrases_judged"] = sum(r["phrases_judged"] for r in runs)
    generators: dict[str, int] = {}
    ended: dict[str, int] = {}
    for r in runs:
        for name, count in r["generator_counts"].items():
            generators[name] = generators.get(name, 0) + count
        for name, count in r["units_ended"].items():
            ended[name] = ended.get(name, 0) + count
    run["generator_counts"] = dict(sorted(generators.items()))
    run["units_ended"] = dict(sorted(ended.items()))
    run["ended_by"] = next((e for e in _ENDINGS if ended.get(e)), "phrase-budget")
    run["shard"] = None
    run["elapsed_seconds"] = round(max(r["elapsed_seconds"] for r in runs), 3)
    run["judged_per_second"] = judged_per_second(run["phrases_judged"], sum(r["elapsed_seconds"] for r in runs))
    run["workers"] = {"shards": [dict(r["workers"], shard=r["shard"]["index"]) for r in runs]}

    partial = [d for d in documents if d["partial"]]
    merged["partial"] = bool(partial)
    merged["partial_reason"] = partial[0]["partial_reason"] if partial else None
    summary = merged["summary"]
    count_decided(merged)  # also the suggestion counts of the summary
    summary["phrases_generated"] = run["phrases_generated"]
    summary["phrases_stolen"] = merged["steals"]["stolen"]
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    merged["generated_at"] = stamp.replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return merged
