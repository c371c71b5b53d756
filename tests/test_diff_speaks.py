"""`diff` speaks as the other outputs do: the relation of each move, glued moves counted, both positions
of a moved rule, natural witnesses, and a never-wins resolved by the edit said in words.

Driven through the command line on the realistic helpdesk graph, fixed the
way its author would: "password-expiry" moved above "password", which took
every message it matched.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PASSWORD = '''    .entry(
        "password",
        match=keywords("password", "locked out"),
        examples=["I forgot my password", "I am locked out of my laptop"],
    )
'''
EXPIRY = '''    .entry(
        "password-expiry",
        match=keywords("password expired", "password expiry"),
    )
'''


@pytest.fixture()
def versions(tmp_path: Path) -> tuple[Path, Path]:
    base = tmp_path / "helpdesk.py"
    shutil.copy(EXAMPLES / "helpdesk.py", base)
    text = base.read_text("utf-8")
    assert PASSWORD + EXPIRY in text
    head = tmp_path / "helpdesk_fixed.py"
    head.write_text(text.replace(PASSWORD + EXPIRY, EXPIRY + PASSWORD), "utf-8")
    return base, head


def test_a_resolved_never_wins_says_the_rule_can_now_start_a_turn(versions: tuple[Path, Path]) -> None:
    base, head = versions
    code, out, _ = code_out_err(invoke("diff", str(base), str(head)))
    assert code == 0
    assert ('both laws  "password-expiry" (#3 -> #2) can now start a turn (before, earlier rules took every '
            "message it matches), e.g. 'password expiry'") in out
    assert '"password" (#2 -> #3) -> "password-expiry" (#3 -> #2)  partial, shared text' in out
    code, out, _ = code_out_err(invoke("diff", str(base), str(head), "--format", "json"))
    document: dict[str, Any] = json.loads(out)
    starts = document["starts"]
    assert {(s["law"], s["kind"], s["to"]["id"], s["to"]["index"], s["from"]["index"]) for s in starts} == {
        (law, "now-starts-turns", "password-expiry", 1, 2) for law in ("cold_walk", "cascade")
    }
    assert document["summary"]["start_changes"] == 2
    assert {m["relation"] for m in document["moves"]} == {"shared-text"}
    code, markdown, _ = code_out_err(invoke("diff", str(base), str(head), "--format", "markdown"))
    assert "#### Rules that start a turn now, or no longer" in markdown
    assert "`password-expiry` #3 → #2" in markdown


def test_the_reverse_edit_says_the_rule_can_no_longer_start_a_turn(versions: tuple[Path, Path]) -> None:
    base, head = versions
    code, out, _ = code_out_err(invoke("diff", str(head), str(base)))
    assert code == 0
    assert '"password-expiry" (#2 -> #3) can no longer start a turn: earlier rules now take every message' in out


def test_a_moved_message_is_a_declared_example_when_one_moves(tmp_path: Path) -> None:
    """The witness of a move is the rule's own sentence when one of its declared examples moves."""
    base = tmp_path / "base.json"
    head = tmp_path / "head.json"
    rules = [
        {"id": "booking", "match": {"keywords": ["booking", "flight"]}, "examples": ["book a flight to Rome"]},
        {"id": "cancel", "match": {"keywords": ["cancel"]}, "examples": ["can you cancel my booking"]},
    ]
    base.write_text(json.dumps({"name": "t", "entries": rules[::-1]}), "utf-8")
    head.write_text(json.dumps({"name": "t", "entries": rules}), "utf-8")
    code, out, _ = code_out_err(invoke("diff", str(base), str(head), "--format", "json"))
    moves = json.loads(out)["moves"]
    assert {m["witness"] for m in moves} == {"can you cancel my booking"}
    assert {(m["from"]["id"], m["to"]["id"]) for m in moves} == {("cancel", "booking")}


def test_a_moved_witness_spells_the_regex_as_written(tmp_path: Path) -> None:
    """`[M-m]ovie\\s*today` moves "ticket movie today", not "ticket aovietoday"; the glued move is counted."""
    rules = [
        {"id": "tickets", "match": {"keywords": ["ticket", "tickets"]}},
        {"id": "showtimes", "match": {"regex": "[M-m]ovie\\s*today"}},
    ]
    base, head = tmp_path / "base.json", tmp_path / "head.json"
    base.write_text(json.dumps({"name": "m", "entries": rules}), "utf-8")
    head.write_text(json.dumps({"name": "m", "entries": rules[::-1]}), "utf-8")
    code, out, _ = code_out_err(invoke("diff", str(base), str(head), "--format", "json"))
    (move,) = {m["witness"]: m for m in json.loads(out)["moves"]}.values()
    assert (move["witness"], move["relation"]) == ("ticket movie today", "co-occurrence")
    code, out, _ = code_out_err(invoke("diff", str(base), str(head)))
    assert "co-occurrence: 1 moved pair meets only where two rules' texts are glued together" in out
    assert '"tickets" (#1 -> #2) -> "showtimes" (#2 -> #1) \'ticket movie today\'' in out
