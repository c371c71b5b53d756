"""Build the report document: the one source of truth for the HTML and JSON outputs.

Every number a reader sees is computed here, once, from the checkup and the
exploration; the HTML renderer only lays this document out.  That is what
keeps the two outputs from ever disagreeing.  The proven half and the
generated half are kept in separate top-level keys so no consumer can mix a
suggestion into the findings by accident.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Literal

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import MOUNT_DESCRIPTIONS, Graph
from fuzzroute.engine.location import location_dict
from fuzzroute.engine.problems import Checkup, Problem
from fuzzroute.engine.text import is_blank
from fuzzroute.generate.budget_spec import describe_budget
from fuzzroute.report.decided import attach_decisions
from fuzzroute.report.graphhash import graph_hash
from fuzzroute.report.versions import tool_versions
from fuzzroute.results.suggestions import (
    GENERATED_BOUNDARY,
    SLOW_MATCHER,
    Exploration,
    RuleStats,
    Suggestion,
)

SCHEMA_VERSION = 2
GraphFormat = Literal["python", "json", "typescript", "javascript"]

PROVEN_BOUNDARY = (
    "Proven findings come from running the phrases the author declared (each rule's "
    "`examples` and the graph's never-route rows) through the rules exactly as declared, on a "
    "cold start. They are facts about those phrases and nothing else: a phrase nobody declared "
    "was not checked, so a report with no proven problems does not mean the rules cover what "
    "users will actually say."
)

# Kinds whose witnesses make no sense as declared examples of the rule: a slow
# phrase is a performance fact, not a routing one.
NO_EXAMPLES_KINDS = frozenset({SLOW_MATCHER})


def build_document(
    graph: Graph,
    checkup: Checkup,
    exploration: Exploration,
    *,
    source_path: str | None = None,
    graph_format: GraphFormat = "python",
    partial_reason: str | None = None,
    now: datetime | None = None,
    decisions: Any | None = None,
) -> dict[str, Any]:
    """The versioned report document (JSON-serialisable; validates against report.schema.json).

    `decisions` (a `fuzzroute.decided.Decisions`) adds the decided tier; without
    it the document says the tier did not run.

    `partial_reason` marks the report partial even when the exploration itself
    is not (for example when generation was interrupted before it returned);
    an exploration that says it is partial marks the report partial too.
    """
    if graph_format not in ("python", "json", "typescript", "javascript"):
        raise ValueError(f"graph_format must be 'python', 'json', 'typescript' or 'javascript', not {graph_format!r}")
    problems = [_problem(graph, p) for p in checkup.problems]
    suggestions = [_suggestion(graph, s) for s in exploration.suggestions]
    withheld = [_suggestion(graph, s) for s in exploration.withheld]
    rules = [_rule_stats(r) for r in exploration.rules]
    partial = exploration.partial or partial_reason is not None
    if partial and partial_reason is None:
        partial_reason = "Generation was interrupted and stopped before it finished."
    steals = _steals(graph, exploration)
    summary = _summary(checkup, suggestions, exploration, steals)
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    document: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "generated_at": stamp.replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "tool": {"name": "fuzzroute", "versions": tool_versions()},
        "graph": _graph(graph, source_path, graph_format),
        "run": {
            "seed": exploration.seed,
            "budget_phrases": exploration.budget_phrases,
            "budget_seconds": exploration.budget_seconds,
            "budget": describe_budget(exploration.budget_phrases, exploration.budget_seconds),
            "phrases_generated": exploration.phrases_generated,
            "phrases_judged": exploration.phrases_judged,
            "elapsed_seconds": round(exploration.elapsed_seconds, 3),
            "ended_by": exploration.ended_by,
            "intersection": _json_safe(dict(exploration.intersection)),
            "generator_counts": dict(exploration.generator_counts),
            "units_ended": dict(exploration.units_ended),
            "shard": _shard(exploration.shard),
            "judged_per_second": judged_per_second(exploration.phrases_judged, exploration.elapsed_seconds),
            "workers": _json_safe(dict(exploration.workers)),
        },
        "merge": {"graph_hash": graph_hash(graph), "withheld": withheld},
        "partial": partial,
        "partial_reason": partial_reason if partial else None,
        "summary": summary,
        "boundary": {"proven": PROVEN_BOUNDARY, "generated": GENERATED_BOUNDARY},
        "proven": {
            "ok": checkup.ok,
            "problems": problems,
            "notes": [n.to_dict() for n in checkup.notes],
            **({"not_checked": [n.to_dict() for n in checkup.not_checked]} if checkup.not_checked else {}),
        },
        "suggestions": suggestions,
        "rules": rules,
        "steals": steals,
    }
    listed = list(suggestions)
    attach_decisions(document, decisions)
    # What a merge of shard reports needs to apply the decided tier again over all shards:
    # the suggestions it took out (in full) and the tool defects it started from.
    kept = {id(s) for s in document["suggestions"]}
    document["merge"] = {
        "graph_hash": graph_hash(graph),
        "withheld": withheld,
        "superseded": [s for s in listed if id(s) not in kept],
        "decision_defects": [] if decisions is None else [d.to_dict() for d in decisions.defects],
    }
    return document


def _shard(shard: tuple[int, int] | None) -> dict[str, int] | None:
    return None if shard is None else {"index": shard[0], "count": shard[1]}


def judged_per_second(judged: int, seconds: float) -> float:
    """The headline speed figure: distinct phrases judged per second of exploration."""
    return round(judged / seconds, 1) if seconds > 0 else 0.0


def exit_status(document: dict[str, Any]) -> int:
    """0 when no proven error exists, 1 otherwise; suggestions never change it."""
    return 1 if document["summary"]["proven_errors"] else 0


def law_of(graph: Graph) -> str:
    """The claim law the mount runs on first: the cascade for a classifier, else the cold walk."""
    return "cascade" if graph.has_classifier else "cold_walk"


def _graph(graph: Graph, source_path: str | None, graph_format: GraphFormat) -> dict[str, Any]:
    entries = graph.entries
    return {
        "name": graph.name,
        "mount": graph.mount,
        "mount_description": MOUNT_DESCRIPTIONS[graph.mount],
        "order_decides": graph.order_decides,
        "law": law_of(graph),
        "source": None if source_path is None else str(source_path),
        "format": graph_format,
        "rule_count": len(entries),
        "declared_examples": sum(len(e.examples or ()) for e in entries),
        "never_routes": list(graph.never_route_phrases),
        "rules": [_rule(e) for e in entries],
    }


def _rule(entry: Entry) -> dict[str, Any]:
    if entry.match is not None:
        kind = entry.match.kind
    elif entry.when is not None:
        kind = "when"
    else:
        kind = "default"
    return {
        "index": entry.index,
        "id": entry.id,
        "kind": kind,
        "caption": entry.caption,
        "examples": list(entry.examples or ()),
        "location": location_dict(entry.location),
    }


def _problem(graph: Graph, problem: Problem) -> dict[str, Any]:
    data = problem.to_dict()
    data["claims"] = None if problem.example is None else graph.claims(problem.example).to_dict()
    return data


def _rule_location(graph: Graph, index: int | None) -> dict[str, Any] | None:
    """Where the rule a suggestion is about is declared, if known."""
    if index is None or not 0 <= index < len(graph.entries):
        return None
    return location_dict(graph.entries[index].location)


def _json_safe(value: Any) -> Any:
    """A JSON round-trip of a witness context; anything exotic becomes its repr."""
    return json.loads(json.dumps(value, default=repr))


def _suggestion(graph: Graph, suggestion: Suggestion) -> dict[str, Any]:
    data = suggestion.to_dict()
    data["location"] = _rule_location(graph, suggestion.rule_index)
    for witness in data["witnesses"]:
        if "context" in witness:
            witness["context"] = _json_safe(witness["context"])
    target = example_target(graph, suggestion)
    if target is not None:
        best = suggestion.witnesses[0].phrase
        if best in (target.examples or ()):
            data["paste"], data["paste_json"], data["paste_mode"] = None, None, "already_declared"
        else:
            data["paste"], data["paste_json"] = paste_lines(target, best)
            data["paste_mode"] = "examples"
    elif suggestion.paste is not None or suggestion.paste_json is not None:
        data["paste_mode"] = "as_given"
    else:
        data["paste_mode"] = None
    return data


def example_target(graph: Graph, suggestion: Suggestion) -> Entry | None:
    """The rule whose `examples` the suggestion's best witness can join, if any.

    Declaring a witness as an example is how a suggestion becomes a proof: the
    next checkup runs it through the rules and reports what it finds.  None
    when the kind is not about routing (a slow matcher) or the rule cannot
    take examples (an intent, a default); the engine's own line is kept then.
    """
    index = suggestion.rule_index
    if suggestion.kind in NO_EXAMPLES_KINDS or index is None or not suggestion.witnesses:
        return None
    if not 0 <= index < len(graph.entries):
        return None
    entry = graph.entries[index]
    if entry.is_intent or entry.is_unconditional or is_blank(suggestion.witnesses[0].phrase):
        return None
    return entry


def paste_lines(entry: Entry, phrase: str) -> tuple[str, str]:
    """The rule's whole `examples` list with `phrase` added, as Python and as JSON.

    The line carries the existing examples, so pasting it over the old list
    loses nothing; only one phrase is added, because each declared example is
    a promise the author has to agree with.  Examples are compared exactly, as
    the checkup reads them: a phrase that differs only in case is a new
    example (and a matcher may well treat it differently).
    """
    merged = [*(entry.examples or ()), phrase]
    python = "examples=[" + ", ".join(repr(p) for p in merged) + "]"
    as_json = '"examples": ' + json.dumps(merged, ensure_ascii=False)
    return python, as_json


def _share(part: int, whole: int) -> float | None:
    return None if whole <= 0 else round(part / whole, 4)


def _rule_stats(stats: RuleStats) -> dict[str, Any]:
    """A rule's figures with the derived counts every reader needs.

    Every phrase the rule's own condition accepts is won by it or lost to an
    earlier entry, so `accepted = won + lost`; `phrases` adds the generator's
    rejects, giving all phrases generated from the rule.
    """
    return rule_figures(stats.to_dict())


def rule_figures(data: dict[str, Any]) -> dict[str, Any]:
    """Add the derived counts to a rule's raw figures (also used when shard reports are merged)."""
    lost = sum(data["lost_to"].values())
    accepted = data["won"] + lost
    data["accepted"] = accepted
    data["phrases"] = accepted + data["rejected"]
    data["lost"] = lost
    data["share_won"] = _share(data["won"], accepted)
    data["share_lost"] = _share(lost, accepted)
    data["lost_to"] = dict(sorted(data["lost_to"].items(), key=lambda item: (-item[1], item[0])))
    return data


def _steals(graph: Graph, exploration: Exploration) -> dict[str, Any]:
    """The steal matrix with its axis named by entry index.

    The exploration's matrix is indexed either like its `rules` tuple or like
    the graph's entries; both are accepted and the axis says which rules the
    rows and columns are.
    """
    counts = [list(row) for row in exploration.steals]
    size = len(counts)
    if any(len(row) != size for row in counts):
        raise ValueError("Exploration.steals is not a square matrix")
    if size == 0:
        axis: list[int] = []
    elif size == len(exploration.rules):
        axis = [r.index for r in exploration.rules]
    elif size == len(graph.entries):
        axis = list(range(size))
    else:
        raise ValueError(
            f"Exploration.steals is {size}x{size}, but the exploration has "
            f"{len(exploration.rules)} rules and the graph {len(graph.entries)} entries"
        )
    return {"law": law_of(graph), "axis": axis, "counts": counts, "stolen": stolen_count(counts)}


def stolen_count(counts: list[list[int]]) -> int:
    """Phrases won by a rule other than the one they were generated from (off the diagonal)."""
    return sum(value for i, row in enumerate(counts) for j, value in enumerate(row) if i != j)


def _summary(
    checkup: Checkup,
    suggestions: list[dict[str, Any]],
    exploration: Exploration,
    steals: dict[str, Any],
) -> dict[str, Any]:
    by_kind: dict[str, int] = {}
    for s in suggestions:
        by_kind[s["kind"]] = by_kind.get(s["kind"], 0) + 1
    errors = len(checkup.errors)
    return {
        "proven_errors": errors,
        "proven_warnings": len(checkup.warnings),
        "notes": len(checkup.notes),
        "suggestions": len(suggestions),
        "suggestions_by_kind": by_kind,
        "witnesses": sum(len(s["witnesses"]) for s in suggestions),
        "phrases_generated": exploration.phrases_generated,
        "phrases_stolen": steals["stolen"],
        "exit_status": 1 if errors else 0,
    }
