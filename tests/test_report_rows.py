"""Every overview row is one an author acts on, on three realistic graphs, run as a user runs them.

`examples/helpdesk.py` (Python), `examples/travel.json` (JSON) and
`examples/smarthome.ts` (TypeScript) each plant a rule that can never win, a
later rule whose own fixed words an earlier keyword takes, and a multi-word
keyword written in the singular that people type in the plural.  The
overview must lead its non-proven rows with the two real bugs, each naming
the rule that takes its messages; list the plural near miss; list no letter
typo, word swap or doubled word; stay within ten non-proven rows; and never
list a pair that only meets on glued texts.  Every output counts the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Planted(NamedTuple):
    spec: str
    never_wins: tuple[str, str]  # (rule, the rule that takes all its messages)
    shared_text: tuple[str, str, str]  # (rule, the earlier rule, the later rule's words it takes)
    plural: tuple[str, str]  # (rule, the near miss people type)


GRAPHS = [
    Planted("helpdesk.py", ("password-expiry", "password"), ("phishing", "email", "suspicious email"),
            ("payroll", "I cannot find my pay stubs")),
    Planted("travel.json", ("seat-upgrade", "seats"), ("flight-status", "booking", "flight status"),
            ("baggage", "how much do checked bags cost")),
    Planted("smarthome.ts:home", ("night-light", "lights"), ("wake-up", "security", "alarm clock"),
            ("plants", "water the plants on the balcony")),
]
#: Edits a keyword author does not act on: listed only with --typos.
SLIPS = ("typo", "swap", "spacing")


def run_report(spec: str, tmp_path: Path, *extra: str) -> tuple[dict[str, Any], str, str]:
    """The JSON document, the terminal summary and the HTML page of one `fuzzroute report` run."""
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["report", str(EXAMPLES / spec), "-o", str(tmp_path / "r.html"), "--json", str(out),
               "--fail-on", "never", "--workers", "1", *extra],
    )
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return document, result.output, (tmp_path / "r.html").read_text(encoding="utf-8")


def non_proven(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in document["overview"] if r["tier"] != "proven"]


def phrases_of(row: dict[str, Any]) -> list[str]:
    return [p for p in [row["phrase"], *(m["phrase"] for m in row["members"])] if p is not None]


def doubled_word(phrase: str) -> bool:
    words = [w.lower() for w in re.findall(r"[\w'-]+", phrase)]
    return any(a == b for a, b in zip(words, words[1:], strict=False))


@pytest.mark.parametrize("planted", GRAPHS, ids=[g.spec for g in GRAPHS])
def test_the_real_bugs_lead_and_every_row_is_one_an_author_acts_on(planted: Planted, tmp_path: Path) -> None:
    document, _terminal, _html = run_report(planted.spec, tmp_path)
    rows = non_proven(document)
    never_wins, shared = rows[0], rows[1]
    # The two real bugs lead, each naming the rule that takes its messages (structured, not text).
    assert (never_wins["kind"], never_wins["rule"]) == ("decided-never-wins", planted.never_wins[0])
    assert never_wins["taking_rules"] == [planted.never_wins[1]] == [never_wins["other_rule"]]
    rule, earlier, words = planted.shared_text
    assert (shared["kind"], shared["rule"], shared["shared_in"]) == ("decided-overlap", rule, "fixed-words")
    assert shared["taking_rules"] == [earlier] and shared["phrase"] == words
    # The plural near miss of the multi-word keyword is listed, named with its rule.
    listed = {(m["rule"], m["phrase"]) for r in rows for m in r["members"]}
    listed |= {(r["rule"], r["phrase"]) for r in rows}
    rule, phrase = planted.plural
    names = {r["index"]: r["id"] for r in document["graph"]["rules"]}
    witnessed = {w["phrase"] for s in document["suggestions"]
                 if (s.get("rule") or names.get(s.get("rule_index")), s.get("variant")) == (rule, "inflection")
                 for w in s["witnesses"]}
    in_rows = {r["rule"] for r in rows if r["variant"] == "inflection"} | {
        m["rule"] for r in rows if r["variant"] == "inflection" for m in r["members"]}
    assert planted.plural in listed or (phrase in witnessed and rule in in_rows)
    # Nothing else: no slip, no doubled word, at most ten rows, glued pairs only in their counted row.
    assert len(rows) <= 10
    for row in rows:
        edits = [row["mutation"], *(m["mutation"] for m in row["members"])]
        assert not any(e and e.partition(":")[0] in SLIPS for e in edits), row
        assert not any(doubled_word(p) for p in phrases_of(row)), row
        if row["kind"] == "co-occurrence":
            assert row["rule"] is None and row["pairs"] and all(set(p) == {"earlier", "later", "count", "phrase"}
                                                                 for p in row["pairs"])
        elif row["relation"] is not None:
            assert row["relation"] == "shared-text", row
    # The default taking the graph's own never-route phrases: one row, after the decided ones, in words.
    (by_default,) = [r for r in document["overview"] if r["kind"] == "never-routes-by-default"]
    position = document["overview"].index(by_default)
    assert all(r["tier"] == "decided" for r in document["overview"][:position])
    assert len(by_default["members"]) == len(document["graph"]["never_routes"]) == by_default["count"]
    assert by_default["reason"] and "fallback default" in by_default["reason"]


@pytest.mark.parametrize("planted", GRAPHS[:1], ids=[GRAPHS[0].spec])
def test_typo_near_misses_only_on_request(planted: Planted, tmp_path: Path) -> None:
    plain, _t, _h = run_report(planted.spec, tmp_path / "plain")
    edits = {w["mutation"].partition(":")[0] for s in plain["suggestions"] for w in s["witnesses"] if w.get("mutation")}
    assert edits and not edits & set(SLIPS)
    asked, _t, _h = run_report(planted.spec, tmp_path / "asked", "--typos")
    edits = {w["mutation"].partition(":")[0] for s in asked["suggestions"] for w in s["witnesses"] if w.get("mutation")}
    assert edits & set(SLIPS)
    assert asked["run"]["generator_counts"].get("mutation/typo", 0) > 0
    assert "mutation/typo" not in plain["run"]["generator_counts"]


def test_counts_agree_across_terminal_html_and_json(tmp_path: Path) -> None:
    # banking.json folds an overlap and a sampled shadowing into each never-wins row.
    document, terminal, html = run_report("banking.json", tmp_path, "--sarif", str(tmp_path / "r.sarif"))
    rows = document["overview"]
    assert any(r["also"] for r in rows if r["tier"] == "decided")  # folded rows: counted once
    decided = [r for r in rows if r["tier"] == "decided" and r["kind"] != "co-occurrence"]
    by_kind: dict[str, int] = {}
    for r in decided:
        by_kind[r["kind"].removeprefix("decided-")] = by_kind.get(r["kind"].removeprefix("decided-"), 0) + 1
    (glued,) = [r for r in rows if r["kind"] == "co-occurrence"]
    header = ", ".join(f"{n} {kind}" for kind, n in sorted(by_kind.items()))
    found = document["summary"]["decided"]  # every decided finding once, the folded ones too
    assert found >= sum(by_kind.values())
    assert f"decided:   {found} decided findings ({header}" in terminal
    assert f"; {glued['count']} co-occurring pairs counted" in terminal
    assert f"{glued['count']} pairs of rules only meet on glued texts" in terminal
    assert f"{glued['count']} pairs of rules meet only on glued texts" in html
    assert f'<span class="num" data-count="decided">{found}</span>' in html
    sarif = json.loads((tmp_path / "r.sarif").read_text(encoding="utf-8"))
    notes = [r for r in sarif["runs"][0]["results"] if r["properties"].get("kind") == "co-occurrence"]
    assert [n["properties"]["pairs"] for n in notes] == [glued["count"]]
    assert glued["count"] >= len(glued["pairs"]) >= 1


def test_a_ledger_of_a_typos_run_carries_no_typo_into_a_plain_run(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    asked, _t, _h = run_report("helpdesk.py", tmp_path / "asked", "--typos", "--db", db, "--budget", "600")
    slips = {"mutation/typo", "mutation/swap", "mutation/spacing"}
    assert any(w["generator"] in slips for s in asked["suggestions"] for w in s["witnesses"])
    plain, _t, _h = run_report("helpdesk.py", tmp_path / "plain", "--db", db, "--budget", "600")
    assert not any(w["generator"] in slips for s in plain["suggestions"] for w in s["witnesses"])
