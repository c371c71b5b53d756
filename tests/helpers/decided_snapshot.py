"""The decided tier of a graph as plain data, and a short fingerprint of it.

Speed work on the automata and the questions must leave every decision as it
was.  `decided_data` is everything the tier decides (items, counts, defects,
can-win witnesses, the relation of every pair, rules not reached), without
the measured ReDoS times; `fingerprint` hashes it so the suite can carry one
line per graph (`tests/data/decided/fingerprints.json`) instead of the
documents themselves.  Run this module to rewrite that file after a change
that alters decisions on purpose: `python tests/helpers/decided_snapshot.py`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from fuzzroute.decided import Decisions, decide
from fuzzroute.engine.errors import DeclarationError
from fuzzroute.engine.graph import Graph
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.results.record import to_json

TESTS = Path(__file__).resolve().parent.parent
REAL = sorted(p for p in (TESTS / "data" / "real").iterdir() if p.suffix in {".json", ".py"})
BUNDLED = TESTS.parent / "examples"
#: Example modules holding several graphs, by the names to pick.
SEVERAL = {"defaults.py": ("default_first", "default_last", "raising_when")}
EXAMPLES = [
    f"{path}:{name}" if path.name in SEVERAL else str(path)
    for path in sorted(p for p in BUNDLED.iterdir() if p.suffix in {".json", ".py"})
    for name in SEVERAL.get(path.name, ("",))
]
#: Two seeded graphs from the benchmarks' generators (300 rules with examples, 800 bare rules sharing words),
#: big enough that never-wins covers, shared text and co-occurrence each occur hundreds of times.
GENERATED = [str(TESTS / "data" / "decided" / name) for name in ("check-300.json", "bare-800.json")]
GRAPHS = [str(p) for p in REAL] + EXAMPLES + GENERATED
FINGERPRINTS = TESTS / "data" / "decided" / "fingerprints.json"


def label(spec: str) -> str:
    """A graph's name in the fingerprint file: its folder and file name (and graph name), not a machine's path."""
    path = Path(spec)
    return f"{path.parent.name}/{path.name}"


def decided_data(decisions: Decisions, rules: int) -> dict[str, Any]:
    """Everything the decided tier decides, as plain data (the measured ReDoS times left out)."""
    items = []
    for item in to_json(decisions.records()):
        item.pop("redos", None)
        items.append(item)
    return {
        "items": items,
        "aggregates": to_json(decisions.counted()),
        "defects": to_json(decisions.defects),
        "winning": {index: to_json(item.record("")) for index, item in sorted(decisions.winning.items())},
        "relations": [[decisions.relation(a, b) for a in range(b)] for b in range(rules)],
        "not_reached": [e.index for e in decisions.not_reached],
    }


def fingerprint(data: dict[str, Any]) -> str:
    """A stable hash of the decided data (keys sorted, no whitespace), the same in any checkout.

    Rules' locations name their files by absolute path; the checkout's own
    folder is cut from them so a clone elsewhere hashes alike.
    """
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    text = text.replace(str(TESTS.parent) + "/", "")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def loaded(spec: str) -> Graph | None:
    """The graph behind `spec`, or None when the loader refuses it (a test of its own covers that)."""
    try:
        return load_graph(spec).graph
    except DeclarationError:
        return None


def fingerprint_of(spec: str) -> str | None:
    graph = loaded(spec)
    if graph is None:
        return None
    return fingerprint(decided_data(decide(graph), len(graph.entries)))


def main() -> None:
    prints = {label(spec): fingerprint_of(spec) for spec in GRAPHS}
    FINGERPRINTS.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(prints)} fingerprints to {FINGERPRINTS}")


if __name__ == "__main__":
    main()
