"""The benchmarks' own helpers run on every supported Python (the version floor included).

`benchmarks/common.py` extracts earlier commits of this repository to time
them against the current code; `tarfile`'s extraction filters exist only
from Python 3.11.4, and the project supports 3.11.0, so the helper must
work with and without them (CI runs this suite on Debian's 3.11.2 too).
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import sys
import tarfile
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _benchmark_module(name: str) -> ModuleType:
    """A module of `benchmarks/` (which imports its siblings by name), loaded from its file."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(f"{name}_under_test", BENCHMARKS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def _common() -> ModuleType:
    return _benchmark_module("common")


def test_an_archive_of_the_repository_extracts_on_this_python(tmp_path: Path) -> None:
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w") as tar:
        body = b"print('old code')\n"
        info = tarfile.TarInfo("fuzzroute/old.py")
        info.size = len(body)
        tar.addfile(info, io.BytesIO(body))
    archive.seek(0)
    with tarfile.open(fileobj=archive) as tar:
        _common().extract_trusted(tar, tmp_path)
    assert (tmp_path / "fuzzroute" / "old.py").read_text() == "print('old code')\n"


def _bench_check() -> ModuleType:
    return _benchmark_module("bench_check")


def test_the_check_benchmark_graph_is_seeded_and_shaped_as_described(tmp_path: Path) -> None:
    """Two declared examples per rule, 20 never-route rows, regex, keyword and all-of rules; the same seed writes
    the same file, and the graph loads and is checked (it has proven problems to report)."""
    from fuzzroute.graphfiles.loader import load_graph

    bench = _bench_check()
    first = bench.write_graph(tmp_path / "a.json", 200)
    again = bench.write_graph(tmp_path / "b.json", 200)
    assert first.read_text("utf-8") == again.read_text("utf-8")
    graph = load_graph(str(first)).graph
    assert len(graph.entries) == 200
    assert all(len(entry.examples or ()) == 2 for entry in graph.entries)
    assert len(graph.never_route_phrases) == 20
    assert {entry.data_matcher.kind for entry in graph.entries if entry.data_matcher is not None} == {
        "regex", "keywords", "all"}
    assert graph.checkup().errors


#: SHA-256 of what the script the decided tier's speed figures were first taken with writes for 1,000 rules,
#: seed 7 (and for 200 rules): the benchmark's `mkcheck` shape makes the same random calls.
MKCHECK_SEED_7 = {
    1000: "de2fdfb260dc5f3e29d93c3b9a65682bbb1b95f9ceaa71394bef74dfc26058d7",
    200: "664f611813f0dc6d4dcb8afbd69ff24d9ebe733b7e7fecc9449342bc4b5adbe1",
}


def test_the_mkcheck_shape_writes_what_its_original_script_writes() -> None:
    bench = _bench_check()
    for rules, expected in MKCHECK_SEED_7.items():
        assert hashlib.sha256(bench.mkcheck_text(rules, 7).encode("utf-8")).hexdigest() == expected
    assert bench.mkcheck_text(200, 11) != bench.mkcheck_text(200, 7)


def test_the_keyword_shape_is_one_distinct_word_a_rule(tmp_path: Path) -> None:
    from fuzzroute.engine.matchers import Keywords
    from fuzzroute.graphfiles.loader import load_graph

    graph = load_graph(str(_bench_check().write_keyword_graph(tmp_path / "k.json", 300))).graph
    words = [entry.data_matcher.keywords for entry in graph.entries if isinstance(entry.data_matcher, Keywords)]
    assert len(words) == 300 and all(len(w) == 1 for w in words) and len({w[0] for w in words}) == 300
    assert not any(entry.examples for entry in graph.entries)


def test_the_check_benchmark_reads_the_rules_the_run_bound_left_undecided() -> None:
    """The count comes from the check's own JSON: the not-reached item that names the run's bound."""
    bench = _bench_check()
    bounded = {"decided": [{"question": "not-reached", "reason": "the bound of 5 automaton states for the whole "
                            "run was spent before these rules", "message": "12 data rules were not reached: ..."}]}
    stopped = {"decided": [{"question": "not-reached", "reason": "the decided tier was stopped", "message": "3 data"}]}
    assert bench.over_run_bound(json.dumps(bounded).encode()) == 12
    assert bench.over_run_bound(json.dumps(stopped).encode()) == 0
    assert bench.over_run_bound(json.dumps({"decided": []}).encode()) == 0
    assert bench.growth([200, 1000], [0.5, 2.5]) == "n^1.00"


def test_the_report_size_breakdown_accounts_for_a_real_report(tmp_path: Path) -> None:
    """The bare graph's report, written by the CLI, broken down: each section's bytes add up to the document's,
    and each kind of decided item and each field is summed over the items it names."""
    from helpers.cli import invoke

    graph = _benchmark_module("bench_decide").write_bare_graph(tmp_path / "bare.json", 40)
    document_path = tmp_path / "out.json"
    result = invoke("report", graph, "-o", tmp_path / "out.html", "--json", document_path, "--budget", "50",
                    "--workers", "1", "-q", "--fail-on", "never")
    assert result.exit_code == 0, result.stderr
    document = json.loads(document_path.read_text("utf-8"))
    parts = dict(_benchmark_module("bench_report").json_breakdown(document, top=1000))
    compact = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    assert parts["(whole document)"] == len(compact)
    sections = {key: parts[key] for key in document}
    # Each section's value, its quoted key and a colon; a comma between sections; the braces.
    assert sum(sections.values()) + sum(len(key) + 3 for key in document) + len(document) - 1 + 2 == len(compact)
    decided = document["decided"]
    assert decided, "the bare graph has decided items"
    kinds = {f"decided[kind={item['kind']}]" for item in decided}
    assert sum(parts[kind] for kind in kinds) + len(decided) - 1 + 2 == parts["decided"]
    messages = sum(len(json.dumps(item["message"], ensure_ascii=False).encode("utf-8")) for item in decided)
    assert parts["decided[].message"] == messages


def test_the_code_before_is_the_code_its_check_runs(tmp_path: Path) -> None:
    """`python -m fuzzroute` reads the package of the folder it runs in before PYTHONPATH: the code before is
    timed in its own folder, or both rows would time the current code."""
    bench = _bench_check()
    before = tmp_path / "before"
    (before / "fuzzroute").mkdir(parents=True)
    (before / "fuzzroute" / "__init__.py").write_text("", "utf-8")
    (before / "fuzzroute" / "__main__.py").write_text("print('before')\n", "utf-8")
    env = {**os.environ, "PYTHONPATH": str(before)}
    command = bench.check_command(tmp_path / "g.json", True)
    assert bench.timed(command, env, before)[3].strip() == b"before"
    assert bench.timed(command, env)[3].strip() != b"before"  # run in the repository: its own package
