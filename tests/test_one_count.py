"""One number per concept: decided findings counted the same way in the page's card, `report`'s terminal,
`check`'s count line and the JSON summary, on graphs whose decided findings fold into other rows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main

DATA = Path(__file__).parent / "data" / "natural"
ROOT = Path(__file__).parent.parent
#: Graphs with a decided overlap folded into its proven row.
GRAPHS = [str(DATA / "council.json"), str(ROOT / "examples" / "support.py")]


@pytest.mark.parametrize("graph", GRAPHS)
def test_decided_findings_are_one_number_in_every_output(graph: str, tmp_path: Path) -> None:
    runner = CliRunner()
    document, page = tmp_path / "r.json", tmp_path / "r.html"
    reported = runner.invoke(main, ["report", graph, "--budget", "50", "--workers", "1", "--json", str(document),
                                    "-o", str(page)])
    assert reported.exit_code in (0, 1), reported.output
    summary = json.loads(document.read_text("utf-8"))["summary"]["decided"]
    card = re.search(r'data-count="decided">(\d+)<', page.read_text("utf-8"))
    assert card is not None
    terminal = re.search(r"decided:\s+(\d+) decided finding|decided:\s+nothing", reported.output)
    assert terminal is not None, reported.output
    said = int(terminal.group(1)) if terminal.group(1) else 0
    checked = runner.invoke(main, ["check", graph])
    line = re.search(r"(\d+) decided finding\(s\), \d+ to act on", checked.output)
    assert line is not None, checked.output
    assert int(card.group(1)) == said == int(line.group(1)) == summary, (card.group(1), said, line.group(1), summary)
