"""`fuzzroute diff` outputs, byte for byte, against the ones kept in `tests/data/golden/diff/`.

The JSON document is a public contract read by CI jobs, so its exact bytes
are pinned (key order, nulls, escapes, the trailing newline), with the
Markdown comment and the SARIF log beside it (the SARIF's fuzzroute version
masked).  Three pairs together make every part of a diff appear: the
bundled `support.py` -> `support_v2.py`, a change of mount (notes), and
`tests/data/diff/base.py` -> `head.py` (rules added, removed, renamed,
changed; total, partial and undecided moves; rules that start turns now or
no longer; undecided pairs with sampled moves; new, fixed, added and removed
proven rows).

Sampled moves come from the phrase generators, whose versions the `dev`
extra pins, as for the report goldens.  When a change is meant to alter an
output, regenerate with `python tests/test_diff_golden.py` and review the
diff in the commit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from helpers.cli import invoke

from fuzzroute.report.assembly.tool_versions import tool_versions

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GOLDEN = HERE / "data" / "golden" / "diff"
#: (name, BASE, HEAD, exit status under the default --fail-on proven).
PAIRS = [
    ("support", "examples/support.py", "examples/support_v2.py", 1),
    ("mounts", "examples/mounts/rules.json", "examples/mounts/classifier.json", 1),
    ("helpdesk", "tests/data/diff/base.py", "tests/data/diff/head.py", 1),
]
FORMATS = ("json", "md", "sarif")


def masked_sarif(text: str) -> str:
    """The SARIF log without the installed fuzzroute version (the only field that changes with a release)."""
    version = tool_versions()["fuzzroute"]
    marked = f'"name": "fuzzroute",\n          "version": "{version}",'
    assert text.count(marked) == 1, "the SARIF driver no longer names its version where this test masks it"
    return text.replace(marked, '"name": "fuzzroute",\n          "version": "(masked)",')


def outputs(base: str, head: str, folder: Path, status: int) -> dict[str, str]:
    """Each format's bytes as `fuzzroute diff` writes them, run from the repository root."""
    files = {kind: folder / f"diff.{kind}" for kind in FORMATS}
    result = invoke(
        "diff", base, head, "--format", "json", "--json", files["json"], "--markdown", files["md"],
        "--sarif", files["sarif"],
    )
    assert result.exit_code == status, result.output
    written = {kind: path.read_bytes().decode("utf-8") for kind, path in files.items()}
    assert result.stdout == written["json"]  # printed and written: the same document
    written["sarif"] = masked_sarif(written["sarif"])
    return written


@pytest.mark.parametrize(("name", "base", "head", "status"), PAIRS, ids=[p[0] for p in PAIRS])
def test_the_diff_outputs_equal_the_golden_ones(
    name: str, base: str, head: str, status: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    got = outputs(base, head, tmp_path, status)
    for kind in FORMATS:
        expected = (GOLDEN / f"{name}.diff.{kind}").read_bytes().decode("utf-8")
        assert got[kind] == expected, f"{name}.diff.{kind} differs from the golden file"


def regenerate() -> None:  # pragma: no cover - a maintenance command, run by hand
    import tempfile

    os.chdir(ROOT)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, base, head, status in PAIRS:
        with tempfile.TemporaryDirectory() as folder:
            got = outputs(base, head, Path(folder), status)
        for kind, text in got.items():
            target = GOLDEN / f"{name}.diff.{kind}"
            target.write_bytes(text.encode("utf-8"))
            print("wrote", target)


if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, str(HERE))
    regenerate()
