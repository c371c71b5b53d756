"""The bundled example graphs, and the exit code each is known to give `check` and `report`.

Under `--fail-on proven` the exit code is 1 exactly when a declared phrase proves an error; under the default
`--fail-on decided` also when a decided finding an author acts on is there. Both are facts about each graph: the
tests state them here instead of accepting either code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"

#: Exit code of `check`/`report` under `--fail-on proven`, by graph spec relative to the project root.
#: 1: a declared example is provably claimed by another rule or missed by its own; 0: none is.
PROVEN_EXIT_CODE: dict[str, int] = {
    "examples/authoring.py": 0,
    "examples/banking.json": 0,
    "examples/defaults.py:default_first": 0,
    "examples/defaults.py:default_last": 0,
    "examples/defaults.py:raising_when": 1,  # a `when` that raises never claims its own example
    "examples/devops.py": 0,
    "examples/keyword_boundaries.json": 1,
    "examples/mounts/classifier.json": 1,
    "examples/mounts/read.json": 1,
    "examples/mounts/rules.json": 1,
    "examples/mounts/scorer.json": 1,
    "examples/nightly_shop.json": 0,
    "examples/planted_defects.py": 0,  # its defects are found by generation and the decided tier, none proven
    "examples/planted_defects.py:graph": 0,
    "examples/support.py": 1,  # "where is my order" is taken by the earlier order-status
    "examples/support.ts": 1,
}

#: Exit code under the default `--fail-on decided`: only `default_last` has no decided finding to act on.
DEFAULT_EXIT_CODE: dict[str, int] = {
    **{spec: 1 for spec in PROVEN_EXIT_CODE},
    "examples/defaults.py:default_last": 0,
}


def proven_exit_code(spec: str | Path) -> int:
    """The known exit code for SPEC under `--fail-on proven`."""
    return PROVEN_EXIT_CODE[_relative(spec)]


def _relative(spec: str | Path) -> str:
    return str(spec).removeprefix(str(EXAMPLES.parent) + "/")


def default_exit_code(spec: str | Path) -> int:
    """The known exit code for SPEC (a path inside examples/, absolute or relative, with an optional `:name`)."""
    return DEFAULT_EXIT_CODE[_relative(spec)]


def assert_exit_agrees(code: int, document: dict[str, Any]) -> None:
    """A report document's own summary says the exit code the run gave: 1 with a proven error, and under
    `proven` only then."""
    summary = document["summary"]
    assert summary["exit_status"] == code
    if summary["proven_errors"] > 0 and summary.get("fail_on", "proven") in ("proven", "decided"):
        assert code == 1
    if summary.get("fail_on", "proven") == "proven":
        assert code == (1 if summary["proven_errors"] > 0 else 0)
