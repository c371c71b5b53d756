"""Graphs taken from the reference library's own examples and tests keep the reference's proven verdicts.

`tests/data/real/` holds 114 JSON graphs and two Python graphs, each with the
problems (kind, code, skill, example, from, to, in order) and note names the
reference's own checks gave (`expected.jsonl`, see `SOURCES.md` there).
They go through the same loader and `check` the CLI uses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fuzzroute.engine.errors import DeclarationError
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.results.record import to_json

REAL = Path(__file__).parent / "data" / "real"
EXPECTED = [json.loads(line) for line in (REAL / "expected.jsonl").read_text("utf-8").splitlines() if line.strip()]
FIELDS = ("kind", "code", "skill", "example", "from", "to")


def test_every_real_graph_has_its_expected_verdict() -> None:
    files = {p.name for p in REAL.iterdir() if p.suffix in {".json", ".py"}}
    assert files == {case["graph"] for case in EXPECTED}
    assert len(EXPECTED) == 116


@pytest.mark.parametrize("case", EXPECTED, ids=[c["graph"] for c in EXPECTED])
def test_proven_verdicts_equal_the_reference(case: dict[str, Any]) -> None:
    if "refus" in " ".join(case.get("comment", [])):
        # The reference's build throws; so does ours, naming the same stable code.
        with pytest.raises(DeclarationError, match="intent-without-classify"):
            load_graph(str(REAL / case["graph"]))
        return
    checkup = load_graph(str(REAL / case["graph"])).graph.checkup()
    got = to_json(list(checkup.problems))
    assert [tuple(p[f] for f in FIELDS) for p in got] == [tuple(p[f] for f in FIELDS) for p in case["problems"]]
    assert [n.name for n in checkup.notes] == case["notes"]
