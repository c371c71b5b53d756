"""The reference library's own graphs, written back as TypeScript in its own syntax, keep its verdicts.

tests/data/real/ holds 114 graphs taken from the reference's examples and
tests, translated into JSON, with the verdicts the reference itself gave
(`expected.jsonl`).  Here each one is written as a `.ts` file the way a user
of the reference writes it, alternating the builder form
(`skillGraph().entry(skill, {...})...build()`) and the config form
(`skillGraph({ start: { rules: [...] } })`, for graphs whose rules are all
conditional), with the JSON's regex source as JavaScript source (`(?P<` back
to `(?<`) and its flags without fuzzroute's `a`.  Read statically with
JavaScript regex semantics, every graph must give the reference's verdicts,
problem for problem.  Three of them are also kept as hand-written files in
tests/data/real_ts/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fuzzroute.engine.errors import DeclarationError
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.results.record import to_json

REAL = Path(__file__).parent / "data" / "real"
HAND_WRITTEN = Path(__file__).parent / "data" / "real_ts"
EXPECTED = [json.loads(line) for line in (REAL / "expected.jsonl").read_text("utf-8").splitlines() if line.strip()]
JSON_CASES = [c for c in EXPECTED if c["graph"].endswith(".json")]
FIELDS = ("kind", "code", "skill", "example", "from", "to")
ROUTERS = {"classifier": ".classify(keywordScorer())", "scorer": ".entryBy(keywordScorer())", "read": ".entryByRead()"}


def _js(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _matcher(data: dict[str, Any]) -> str:
    if "regex" in data:
        source = data["regex"].replace("(?P<", "(?<")
        flags = "".join(f for f in data.get("flags", "") if f != "a")
        if "/" not in source and "\n" not in source and source:
            return f"/{source}/{flags}"
        return f"new RegExp({_js(source)}, {_js(flags)})"
    if "keywords" in data:
        return "{ keywords: [" + ", ".join(_js(k) for k in data["keywords"]) + "] }"
    if "all" in data:
        return "{ all: [" + ", ".join(_matcher(m) for m in data["all"]) + "] }"
    return "{ intent: " + _js(data["intent"]) + ", examples: [" + ", ".join(_js(x) for x in data["examples"]) + "] }"


def _options(entry: dict[str, Any]) -> list[str]:
    options = []
    if "match" in entry:
        options.append(f"match: {_matcher(entry['match'])}")
    if "examples" in entry:
        options.append("examples: [" + ", ".join(_js(x) for x in entry["examples"]) + "]")
    return options


def as_typescript(document: dict[str, Any], config_form: bool) -> str:
    ids = list(dict.fromkeys(e["id"] for e in document["entries"]))
    lines = ["import { defineSkill, keywordScorer, skillGraph } from 'agentfootprint';", ""]
    for number, skill in enumerate(ids):
        lines.append(f"const s{number} = defineSkill({{ id: {_js(skill)}, description: 'd', body: 'b' }});")
    mount = document.get("mount", "rules")
    rows = document.get("never_routes")
    if config_form:
        lines.append("export const graph = skillGraph({")
        lines.append("  skills: [" + ", ".join(f"s{n}" for n in range(len(ids))) + "],")
        lines.append("  start: {")
        lines.append("    rules: [")
        for entry in document["entries"]:
            lines.append("      { use: " + _js(entry["id"]) + ", " + ", ".join(_options(entry)) + " },")
        lines.append("    ],")
        if mount == "classifier":
            lines.append("    classify: keywordScorer(),")
        lines.append("  },")
        if rows:
            lines.append("  neverRoutes: [" + ", ".join(_js(r) for r in rows) + "],")
        lines.append("  check: 'off',")
        lines.append("});")
    else:
        lines.append("export const graph = skillGraph()")
        for entry in document["entries"]:
            skill = f"s{ids.index(entry['id'])}"
            options = _options(entry)
            lines.append(f"  .entry({skill}" + (", { " + ", ".join(options) + " })" if options else ")"))
        if mount in ROUTERS:
            lines.append("  " + ROUTERS[mount])
        if rows:
            lines.append("  .neverRoutes([" + ", ".join(_js(r) for r in rows) + "])")
        lines.append("  .build({ check: 'off' });")
    return "\n".join(lines) + "\n"


def _config_form_fits(document: dict[str, Any]) -> bool:
    return document.get("mount", "rules") in ("rules", "classifier") and all("match" in e for e in document["entries"])


@pytest.mark.parametrize("case", JSON_CASES, ids=[c["graph"] for c in JSON_CASES])
def test_a_real_graph_written_as_typescript_keeps_the_reference_verdicts(case: dict[str, Any], tmp_path: Path) -> None:
    document = json.loads((REAL / case["graph"]).read_text("utf-8"))
    config_form = JSON_CASES.index(case) % 2 == 1 and _config_form_fits(document)
    path = tmp_path / (case["graph"].removesuffix(".json") + ".ts")
    path.write_text(as_typescript(document, config_form), "utf-8")
    if "refus" in " ".join(case.get("comment", [])):
        with pytest.raises(DeclarationError, match="intent-without-classify"):
            load_graph(str(path))
        return
    checkup = load_graph(str(path)).graph.checkup()
    got = [tuple(to_json(p)[f] for f in FIELDS) for p in checkup.problems]
    assert got == [tuple(p[f] for f in FIELDS) for p in case["problems"]]
    assert [n.name for n in checkup.notes] == case["notes"]
    assert checkup.not_checked == ()


def test_both_forms_are_exercised() -> None:
    config = [c for i, c in enumerate(JSON_CASES) if i % 2 == 1
              and _config_form_fits(json.loads((REAL / c["graph"]).read_text("utf-8")))]
    assert len(config) >= 30 and len(JSON_CASES) - len(config) >= 30


HAND = sorted(HAND_WRITTEN.glob("*.ts"))


@pytest.mark.parametrize("path", HAND, ids=[p.name for p in HAND])
def test_hand_written_real_graphs_keep_the_reference_verdicts(path: Path) -> None:
    case = next(c for c in EXPECTED if c["graph"] == path.stem + ".json")
    checkup = load_graph(str(path)).graph.checkup()
    got = [tuple(to_json(p)[f] for f in FIELDS) for p in checkup.problems]
    assert got == [tuple(p[f] for f in FIELDS) for p in case["problems"]]
    assert [n.name for n in checkup.notes] == case["notes"]
    assert got or case["problems"] == []


def test_there_are_hand_written_real_graphs() -> None:
    assert len(HAND) >= 3
