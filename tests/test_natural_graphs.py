"""Three realistic graphs with one near miss of each kind people type left in (tests/data/natural).

What an author of each sees: every planted near miss listed in the first ten
rows of the overview that are not proven rows, no listed or added phrase the
hand-labelled list calls unnatural, and `suggest --diff` applied with `patch`
adds no `check` error that is not a labelled gap.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from fuzzroute.authoring.suggest import Suggested, edited_source, suggest_examples, unified_diff
from fuzzroute.decided import decide
from fuzzroute.generate import explore
from fuzzroute.graphfiles.loader import LoadedGraph, load_graph
from fuzzroute.report import build_report
from fuzzroute.results.document import OverviewRow, Report

DATA = Path(__file__).parent / "data" / "natural"
BUDGET = 150
#: (graph file, [(rule, kind)]): the near misses left in each graph, one of each kind.
PLANTED: dict[str, list[tuple[str, str]]] = {
    "pharmacy.py": [("prescription-status", "case"), ("transfer", "apostrophe"), ("app-login", "contraction"),
                    ("child-dose", "us-uk"), ("collection", "compound"), ("cancel-delivery", "function-word"),
                    ("delivery-slot", "inflection")],
    "council.json": [("voter-registration", "case"), ("council-tax", "apostrophe"),
                     ("housing-repairs", "contraction"), ("noise", "us-uk"), ("recycling-centre", "compound"),
                     ("potholes", "function-word"), ("parking-permit", "inflection")],
    "gym.ts:gym": [("opening-times", "case"), ("join", "apostrophe"), ("entry-card", "contraction"),
                   ("class-cancelled", "us-uk"), ("wifi", "compound"), ("sauna", "function-word"),
                   ("swimming-lessons", "inflection")],
}


@dataclass(frozen=True)
class Run:
    loaded: LoadedGraph
    report: Report
    suggested: Suggested


def _path(spec: str) -> str:
    name, _, attribute = spec.partition(":")
    return str(DATA / name) + (f":{attribute}" if attribute else "")


@cache
def run(spec: str) -> Run:
    loaded = load_graph(_path(spec))
    graph = loaded.graph
    exploration = explore(graph, budget_phrases=BUDGET)
    report = build_report(graph, graph.checkup(), exploration, decisions=decide(graph),
                          graph_format=loaded.format)
    suggested = suggest_examples(loaded, budget_phrases=BUDGET)
    return Run(loaded, report, suggested)


@cache
def unnatural_labels() -> frozenset[tuple[str, str]]:
    lines = (DATA / "labelled.tsv").read_text(encoding="utf-8").splitlines()[1:]
    return frozenset((p, rule) for p, rule, label, _g in (line.split("\t") for line in lines) if label == "unnatural")


def _kinds(row: OverviewRow) -> Iterator[tuple[str, str]]:
    """The (rule, kind) pairs a near-miss row lists: its own, or one per member of a folded row."""
    if row.variant is None:
        return
    if row.members:
        for member in row.members:
            if member.rule:
                yield member.rule, row.variant
    elif row.rule:
        yield row.rule, row.variant


@pytest.mark.parametrize("spec", sorted(PLANTED))
def test_every_planted_near_miss_is_in_the_first_ten_rows_that_are_not_proven(spec: str) -> None:
    rows = [row for row in run(spec).report.overview if row.tier != "proven"][:10]
    listed = {pair for row in rows for pair in _kinds(row)}
    missing = [pair for pair in PLANTED[spec] if pair not in listed]
    assert not missing, (missing, [(r.kind, r.rule, r.variant, r.phrase) for r in rows])


#: The one phrase the list calls unnatural that the gate still lets through, said here rather than hidden: the
#: plural of a thing people hold one of ("is my pickup ready"), which no measure of its form tells from the plural
#: of a thing people hold several of ("where is my order" -> "where are my orders").  The test fails when another
#: one appears, and when this one is withheld (then it leaves this list).
KNOWN_GATE_MISSES: dict[str, set[tuple[str, str]]] = {"pharmacy.py": {("are my pickups ready", "collection")}}


@pytest.mark.parametrize("spec", sorted(PLANTED))
def test_no_listed_or_added_phrase_is_labelled_unnatural(spec: str) -> None:
    found = run(spec)
    shown = {(w.phrase, s.rule or s.to or "") for s in found.report.suggestions for w in s.witnesses}
    shown |= {(row.phrase, row.rule) for row in found.report.overview if row.phrase and row.rule}
    shown |= {(m.phrase, m.rule) for row in found.report.overview for m in row.members if m.phrase and m.rule}
    added = {(p.phrase, p.rule) for picks in found.suggested.picks.values() for p in picks}
    unnatural = (shown | added) & unnatural_labels()
    assert unnatural == KNOWN_GATE_MISSES.get(spec, set()), sorted(unnatural)


@pytest.mark.skipif(shutil.which("patch") is None, reason="needs the patch program")
@pytest.mark.parametrize("spec", sorted(PLANTED))
def test_the_suggested_diff_applied_with_patch_adds_no_check_error(spec: str, tmp_path: Path) -> None:
    found = run(spec)
    name = spec.partition(":")[0]
    copy = tmp_path / name
    shutil.copy(DATA / name, copy)
    before = {(p.code, p.skill, p.example) for p in found.loaded.graph.checkup().problems if p.kind == "error"}
    if not found.suggested.count:
        return
    old, new = edited_source(found.suggested)
    patch = unified_diff(found.loaded.path, old, new)
    label = found.loaded.path.resolve().relative_to(Path.cwd().resolve()) \
        if found.loaded.path.resolve().is_relative_to(Path.cwd().resolve()) else Path(found.loaded.path.name)
    patch = patch.replace(f"a/{label.as_posix()}", f"a/{name}").replace(f"b/{label.as_posix()}", f"b/{name}")
    subprocess.run(["patch", "-p1", "-s"], input=patch, text=True, cwd=tmp_path, check=True)
    attribute = spec.partition(":")[2]
    patched = load_graph(str(copy) + (f":{attribute}" if attribute else "")).graph
    after = {(p.code, p.skill, p.example) for p in patched.checkup().problems if p.kind == "error"}
    assert after <= before, sorted(after - before)
