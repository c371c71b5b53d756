"""(f) Reading a TypeScript graph statically against loading the same graph as JSON.

The same rules (word-edge regexes with /i, keyword lists, all-of, examples)
are written once as a builder-form `.ts` file and once as a JSON graph in the
JavaScript regex dialect; both are loaded through `load_graph`, so both
translate every regex from JavaScript.  The ratio says what the tree-sitter
parse and the static read add to a load; the verdicts of both must agree.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from common import table

from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.jsregex.translation import translate

SIZES = (100, 1000)
QUICK_SIZES = (100, 300)


def write_both(folder: Path, rules: int) -> tuple[Path, Path]:
    lines = ["import { defineSkill, skillGraph } from 'agentfootprint';", "const s = defineSkill({ id: 's' });",
             "export const graph = skillGraph()"]
    entries = []
    data: dict[str, object]
    for i in range(rules):
        if i % 3 == 0:
            match, data = f"/\\brule{i}\\b|word{i}/i", {"regex": f"\\brule{i}\\b|word{i}", "flags": "i"}
        elif i % 3 == 1:
            match, data = f"{{ keywords: ['kw{i}', 'other{i}'] }}", {"keywords": [f"kw{i}", f"other{i}"]}
        else:
            match = f"{{ all: [/\\bzone{i}/i, {{ keywords: ['audit'] }}] }}"
            data = {"all": [{"regex": f"\\bzone{i}", "flags": "i"}, {"keywords": ["audit"]}]}
        lines.append(f"  .entry(s, {{ match: {match}, examples: ['rule{i} please'] }}) // rule {i}")
        entries.append({"id": "s", "match": data, "examples": [f"rule{i} please"]})
    lines.append("  .build();")
    ts, js = folder / f"g{rules}.ts", folder / f"g{rules}.json"
    ts.write_text("\n".join(lines) + "\n", "utf-8")
    js.write_text(json.dumps({"name": "graph", "regex_dialect": "javascript", "entries": entries}), "utf-8")
    return ts, js


def _load_seconds(path: Path) -> tuple[float, list[tuple[str, str | None]]]:
    translate.cache_clear()  # both loads translate every regex from JavaScript
    start = time.perf_counter()
    graph = load_graph(str(path)).graph
    seconds = time.perf_counter() - start
    return seconds, [(p.code, p.example) for p in graph.checkup().problems]


def measure(sizes: tuple[int, ...] = SIZES) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            ts, js = write_both(Path(folder), size)
            _load_seconds(js)  # warm up: the Unicode tables, the schema
            js_seconds, js_verdicts = _load_seconds(js)
            ts_seconds, ts_verdicts = _load_seconds(ts)
            rows.append((size, f"{js_seconds:.3f}", f"{ts_seconds:.3f}", f"{ts_seconds / js_seconds:.1f}x",
                         "yes" if js_verdicts == ts_verdicts else "NO"))
    return rows


def main(full: bool = False) -> str:
    return table(
        "(f) load time: builder-form .ts (tree-sitter, static read) vs the same graph as JSON (javascript dialect)",
        ("rules", "json s", "ts s", "ts vs json", "same verdicts"),
        measure(SIZES if full else QUICK_SIZES),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
