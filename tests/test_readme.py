"""The README's code is a contract: its Python snippets run, its quick start is what CI runs.

The snippets are executed in order in one namespace, and the JSON graph
example of the docs loads through the same loader as a user's file (every
other block is run by tests/test_docs.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from fuzzroute.graphfiles.jsonformat import graph_from_json

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
JSON_GUIDE = (ROOT / "docs" / "how-to" / "json-graphs.md").read_text(encoding="utf-8")


def blocks(language: str, text: str = README) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def test_python_snippets_run_and_say_what_they_claim(capsys: object) -> None:
    namespace: dict[str, object] = {}
    snippets = blocks("python")
    assert len(snippets) >= 1
    for snippet in snippets:
        exec(compile(snippet, "README.md", "exec"), namespace)  # the README is ours
    claims = namespace["claims"]
    assert claims.ids() == ("order-status", "order-status")  # type: ignore[attr-defined]


def test_json_graph_example_loads() -> None:
    documents = [json.loads(b) for b in blocks("json", JSON_GUIDE) if '"entries"' in b]
    assert documents
    graph = graph_from_json(documents[0], "docs/how-to/json-graphs.md")
    assert [e.id for e in graph.entries][:2] == ["order-status", "billing"]
    assert graph.entries[4].is_unconditional


def test_quick_start_commands_are_the_ones_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    quick = README.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert quick[0] == "pip install -e '.[dev]' && fuzzroute report examples/support.py"
    assert quick[1] in ci.splitlines()
