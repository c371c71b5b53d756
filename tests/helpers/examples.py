"""The bundled example graphs, and the exit code each is known to give `check` and `report`.

Under the default `--fail-on proven` the exit code is 1 exactly when a declared phrase proves an error,
and that is a fact about each graph: the tests state it here instead of accepting either code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"

#: Exit code of `check`/`report` under the default policy, by graph spec relative to the project root.
#: 1: a declared example is provably claimed by another rule or missed by its own; 0: none is.
DEFAULT_EXIT_CODE: dict[str, int] = {
    "examples/authoring.py": 0,
    "examples/banking.json": 0,
    "examples/defaults.py:default_first": 0,
    "examples/defaults.py:default_last": 0,
    "examples/defaults.py:raising_when": 1,  # a `when` that raises never claims its own example
    "examples/keyword_boundaries.json": 1,
    "examples/mounts/classifier.json": 1,
    "examples/mounts/read.json": 1,
    "examples/mounts/rules.json": 1,
    "examples/mounts/scorer.json": 1,
    "examples/nightly_shop.json": 0,
    "examples/planted_defects.py": 0,  # its defects are found by generation, none by a declared phrase
    "examples/planted_defects.py:graph": 0,
    "examples/support.py": 1,  # "where is my order" is taken by the earlier order-status
    "examples/support.ts": 1,
}


def default_exit_code(spec: str | Path) -> int:
    """The known exit code for SPEC (a path inside examples/, absolute or relative, with an optional `:name`)."""
    text = str(spec)
    root = str(EXAMPLES.parent) + "/"
    return DEFAULT_EXIT_CODE[text.removeprefix(root)]


def assert_exit_agrees(code: int, document: dict[str, Any]) -> None:
    """A report document's own summary says the exit code the run gave, and 1 only with a proven error."""
    summary = document["summary"]
    assert summary["exit_status"] == code
    if summary.get("fail_on", "proven") == "proven":
        assert code == (1 if summary["proven_errors"] > 0 else 0)
