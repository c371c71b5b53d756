"""The naturalness gate against the hand-labelled list (`tests/data/natural/labelled.tsv`).

The list was labelled by hand before the gate was tuned on it; its rows split
by a hash into a tuning part (about two thirds) and a held-out part the gate
is only measured on.  The gate is asked to sort rows it was not tuned on with
at least 95% accuracy; it does not yet, and the tests hold what it measured as
a floor (`MEASURED_FLOOR`).  `labelled_unseen.tsv` adds two graphs labelled
from what the generator offered the gate, and `labelled_fresh.tsv` three more
labelled blind after the slot rules were written, whose misses have since been
read to tune the gate (see the data folder's README).
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
GRAPHS = {"pharmacy": "pharmacy.py", "council": "council.json", "gym": "gym.ts:gym", "quoted": "quoted.py",
          "vet": "vet.py", "library": "library.json", "hotel": "hotel.py", "energy": "energy.json",
          "carhire": "carhire.py", "mobile": "mobile.py", "letting": "letting.json",
          "drivingschool": "drivingschool.py"}


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


def rows(name: str = "labelled.tsv") -> list[Row]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
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


#: What the gate reaches today, a floor against regressions.  The gate is asked for 95% on rows it was not tuned
#: on.  169 of 171 tuning rows (0.988); 80 of 85 held-out rows (0.941); the `vet` rows 127 of 130 (0.977); the
#: `library` rows 128 of 130 (0.985).  The held-out and `library` rows were read, with the others, to find which
#: kinds of failure the slot rules (`generate.natural_slots`) should cover, so they are no longer unseen: the
#: gate's unseen figure now has to come from graphs labelled after that change.
#: The `fresh` rows (three graphs labelled blind after that change) measured 141 of 150 (0.940) unseen, where the
#: gate before the slot rules sorted 127 (0.847).  Their misses were then read to choose the next rules (a word
#: joined to itself by a preposition, "full to full"; a noun compound after a quantifier, "extra damage waiver"; a
#: word the rule's sentences use only as a thing, "toll please"; an activity named as someone's own, "your
#: in-room dining?"; a noun and an adjective joined by "and", "tv and broken"), so they are tuning data now too:
#: 147 of 150 (0.980).  The unseen figure is `labelled_fresh2.tsv`'s (three more graphs, labelled blind after the
#: slot rules; its misses were not read): 135 of 150 (0.900) before the slot rules, 139 (0.927) after them and after
#: the rules read from the `fresh` rows, 138 (0.920) with the checks on run-together regex words and bare singulars,
#: 139 (0.927) with the sibling checks chosen after reading `suggest`'s additions on its graphs (not its rows' misses).
#: The 95% asked for is not reached on rows the gate was not tuned on.
MEASURED_FLOOR = {"tuning": 0.98, "held-out": 0.94, "vet": 0.97, "library": 0.98, "fresh": 0.98, "fresh2": 0.92}


@pytest.mark.parametrize("part", ["tuning", "held-out"])
def test_the_gate_does_not_fall_below_what_it_measured(part: str) -> None:
    chosen = [r for r in rows() if r.held_out == (part == "held-out")]
    assert accuracy(chosen) >= MEASURED_FLOOR[part]


@pytest.mark.parametrize("graph", ["vet", "library"])
def test_the_gate_on_graphs_labelled_from_what_the_generator_offered(graph: str) -> None:
    chosen = [r for r in rows("labelled_unseen.tsv") if r.graph == graph]
    assert len(chosen) == 130
    assert accuracy(chosen) >= MEASURED_FLOOR[graph], [r.phrase for r in chosen if judged(r) != r.natural]


def test_the_gate_on_three_graphs_labelled_blind_after_the_slot_rules() -> None:
    chosen = rows("labelled_fresh.tsv")
    assert len(chosen) == 150 and {r.graph for r in chosen} == {"hotel", "energy", "carhire"}
    assert accuracy(chosen) >= MEASURED_FLOOR["fresh"]


def test_the_gate_on_three_more_graphs_labelled_blind_whose_misses_were_not_read() -> None:
    chosen = rows("labelled_fresh2.tsv")
    assert len(chosen) == 150 and {r.graph for r in chosen} == {"mobile", "letting", "drivingschool"}
    assert accuracy(chosen) >= MEASURED_FLOOR["fresh2"]
