"""Every decision of the decided tier stays what it was: one fingerprint per graph.

The fingerprints in `tests/data/decided/fingerprints.json` were made from the
decided tier before its speed work (`helpers.decided_snapshot`): the 118 real
graphs, the bundled examples and two seeded graphs from the benchmarks'
generators.  A faster search, a cheaper automaton or a lazier verification
that changes any item, count, witness, relation or defect fails here.  A
change that alters decisions on purpose rewrites the file with
`python tests/helpers/decided_snapshot.py` and says why in its commit.
"""

from __future__ import annotations

import json

import pytest
from helpers.decided_snapshot import FINGERPRINTS, GRAPHS, decided_data, fingerprint, label, loaded

from fuzzroute.decided import decide

EXPECTED: dict[str, str | None] = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))


def test_every_graph_has_a_fingerprint() -> None:
    assert sorted(EXPECTED) == sorted(label(spec) for spec in GRAPHS)
    assert len(EXPECTED) == 131


@pytest.mark.parametrize("spec", GRAPHS, ids=[label(s) for s in GRAPHS])
def test_the_decided_tier_decides_what_it_decided(spec: str) -> None:
    graph = loaded(spec)
    if graph is None:
        assert EXPECTED[label(spec)] is None, "the graph loaded before; now the loader refuses it"
        return
    data = decided_data(decide(graph), len(graph.entries))
    assert fingerprint(data) == EXPECTED[label(spec)]


def test_a_changed_decision_changes_the_fingerprint() -> None:
    """The fingerprint sees a one-word change deep inside an item (so the comparison above can fail)."""
    spec = next(s for s in GRAPHS if s.endswith("check-300.json"))
    graph = loaded(spec)
    assert graph is not None
    data = decided_data(decide(graph), len(graph.entries))
    before = fingerprint(data)
    data["items"][-1]["kind"] = data["items"][-1]["kind"] + "x"
    assert fingerprint(data) != before
