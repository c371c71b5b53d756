"""`fuzzroute check` and `fuzzroute claim` driven as a user would, on the bundled graphs.

Expected verdicts are read off routing-semantics.md by hand for each bundled graph
(keyword boundaries, defaults before and after rules, a raising `when`, each
of the four mounts); the exit codes and JSON shapes are public contracts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import code_out_err, invoke

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DECIDED_KEYS = ("decided", "decided_counts", "decided_failing", "decided_defects")


def verdicts(stdout: str) -> list[tuple[str, str, str | None, str | None, str | None, str | None]]:
    document = json.loads(stdout)
    # check decides by default: the proven half, then the decided tier's keys (see test_check_decides.py).
    assert set(document) == {"problems", "notes", *DECIDED_KEYS}
    for problem in document["problems"]:
        assert list(problem) == ["kind", "code", "skill", "example", "from", "to", "message", "location"]
    return [
        (p["kind"], p["code"], p["skill"], p["example"], p["from"], p["to"]) for p in document["problems"]
    ]


def test_no_decide_leaves_the_proven_half_alone() -> None:
    code, out, _ = code_out_err(invoke(
        "check", str(EXAMPLES / "keyword_boundaries.json"), "--format", "json", "--no-decide"))
    assert code == 1
    assert set(json.loads(out)) == {"problems", "notes"}
    decided_code, decided_out, _ = code_out_err(invoke(
        "check", str(EXAMPLES / "keyword_boundaries.json"), "--format", "json"))
    assert decided_code == 1
    assert verdicts(decided_out) == [
        (p["kind"], p["code"], p["skill"], p["example"], p["from"], p["to"]) for p in json.loads(out)["problems"]
    ]


def note_names(stdout: str) -> list[str]:
    return [n["name"] for n in json.loads(stdout)["notes"]]


def test_keyword_boundaries_graph() -> None:
    code, out, _ = code_out_err(invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--format", "json"))
    assert code == 1
    assert verdicts(out) == [
        # `refund` does not match "refunds" (ASCII word edge), but does match "refundé".
        ("error", "example-misses-own-rule", "billing", "refunds please", None, None),
        ("warning", "example-unclaimed", "billing", "refunds please", None, None),
        # `caf` matches "café" (é is no ASCII word character) but not "cafeteria".
        ("error", "example-misses-own-rule", "cafe", "cafeteria hours", None, None),
        ("warning", "example-unclaimed", "cafe", "cafeteria hours", None, None),
        # `v2?` needs a boundary before `v` only.
        ("error", "example-misses-own-rule", "versions", "xv2?y", None, None),
        ("warning", "example-unclaimed", "versions", "xv2?y", None, None),
        # `" refund "` is used untrimmed: it needs the literal spaces.
        ("error", "example-misses-own-rule", "spaced", "refund me", None, None),
        ("error", "example-shadowed-by-earlier", "spaced", "refund me", "billing", "spaced"),
        ("error", "example-shadowed-by-earlier", "spaced", "a refund me", "billing", "spaced"),
        # inner whitespace is literal.
        ("error", "example-misses-own-rule", "cards", "visa  card", None, None),
        ("warning", "example-unclaimed", "cards", "visa  card", None, None),
    ]
    assert note_names(out) == ["examples-boundary", "never-routes-boundary"]


def test_default_first_is_a_law_disagreement_not_an_error() -> None:
    code, out, _ = code_out_err(invoke("check", f"{EXAMPLES / 'defaults.py'}:default_first", "--format", "json",
                                        "--fail-on", "proven"))
    assert code == 0
    assert verdicts(out) == [
        ("warning", "example-shadowed-by-default", "billing", "refund my order", "concierge", "billing"),
        ("warning", "example-shadowed-by-default", "shipping", "track my parcels", "concierge", "shipping"),
        ("warning", "never-routes-by-default", "concierge", "what is the weather", None, None),
    ]


def test_default_last_only_catches_the_rest() -> None:
    code, out, _ = code_out_err(invoke("check", f"{EXAMPLES / 'defaults.py'}:default_last", "--format", "json"))
    assert code == 0
    assert verdicts(out) == [
        ("warning", "never-routes-by-default", "concierge", "what is the weather", None, None),
    ]


def test_raising_when_is_an_error_and_never_a_claim() -> None:
    code, out, _ = code_out_err(invoke("check", f"{EXAMPLES / 'defaults.py'}:raising_when", "--format", "json"))
    assert code == 1
    assert verdicts(out) == [
        ("error", "example-misses-own-rule", "follow-up", "again please", None, None),
        ("warning", "example-unclaimed", "follow-up", "again please", None, None),
    ]
    message = json.loads(out)["problems"][0]["message"]
    assert "again please" in message and "follow-up" in message and "cold-start context" in message
    code, out, _ = code_out_err(invoke(
        "claim", f"{EXAMPLES / 'defaults.py'}:raising_when", "again please", "--format", "json"))
    assert code == 0
    assert [(r["cold_walk"], r["cascade"]) for r in json.loads(out)] == [(None, None)]


MOUNT_VERDICTS = {
    "rules": (
        [
            ("warning", "example-shadowed-by-default", "billing", "refund my order", "concierge", "billing"),
            ("error", "example-misses-own-rule", "billing", "where is my money", None, None),
            ("warning", "example-shadowed-by-default", "billing", "where is my money", "concierge", "billing"),
            ("error", "example-shadowed-by-earlier", "triage", "refund now", "concierge", "triage"),
            ("error", "never-routes-claimed", "billing", "charge my card twice", None, None),
            ("warning", "never-routes-by-default", "concierge", "what is the weather", None, None),
        ],
        ["examples-boundary", "never-routes-boundary"],
    ),
    "classifier": (
        [
            ("error", "example-misses-own-rule", "billing", "where is my money", None, None),
            ("warning", "example-unclaimed", "billing", "where is my money", None, None),
            ("error", "example-shadowed-by-earlier", "triage", "refund now", "billing", "triage"),
            ("error", "never-routes-claimed", "billing", "charge my card twice", None, None),
            ("warning", "never-routes-by-default", "concierge", "what is the weather", None, None),
        ],
        ["examples-boundary", "never-routes-boundary"],
    ),
    "scorer": (
        [
            ("error", "example-misses-own-rule", "billing", "where is my money", None, None),
            ("error", "never-routes-claimed", "billing", "charge my card twice", None, None),
            ("warning", "never-routes-by-default", "concierge", "what is the weather", None, None),
        ],
        ["examples-order-not-checked", "examples-boundary", "never-routes-boundary"],
    ),
}
MOUNT_VERDICTS["read"] = MOUNT_VERDICTS["scorer"]


@pytest.mark.parametrize("mount", sorted(MOUNT_VERDICTS))
def test_each_mount(mount: str) -> None:
    code, out, _ = code_out_err(invoke("check", str(EXAMPLES / "mounts" / f"{mount}.json"), "--format", "json"))
    expected, notes = MOUNT_VERDICTS[mount]
    assert code == 1
    assert verdicts(out) == expected
    assert note_names(out) == notes


def test_claim_reports_both_laws_and_the_condition() -> None:
    code, out, _ = code_out_err(invoke(
        "claim", str(EXAMPLES / "mounts" / "rules.json"), "refund now", "what is the weather", "--format", "json"
    ))
    assert code == 0
    rows = json.loads(out)
    assert [(r["phrase"], r["cold_walk"], r["cascade"]) for r in rows] == [
        ("refund now", "concierge", "billing"),
        ("what is the weather", "concierge", None),
    ]
    assert rows[0]["cascade_detail"] == {
        "id": "billing", "index": 1, "condition": "refund, charge", "witness": "refund"
    }
    assert rows[0]["cold_walk_detail"]["condition"] == "(default: no condition)"
    code, text, _ = code_out_err(invoke("claim", str(EXAMPLES / "mounts" / "rules.json"), "refund now"))
    assert "cold walk: concierge" in text and "cascade  : billing" in text and "'refund'" in text


def test_claim_keyword_boundaries() -> None:
    code, out, _ = code_out_err(invoke(
        "claim", str(EXAMPLES / "keyword_boundaries.json"), "refunds", "café", "xv2?y", "is v2? ok", "--format", "json"
    ))
    assert [(r["cold_walk"], r["cascade"]) for r in json.loads(out)] == [
        (None, None),
        ("cafe", "cafe"),
        (None, None),
        ("versions", "versions"),
    ]


def test_clean_graph_exits_zero_and_text_format(tmp_path: Path) -> None:
    graph = tmp_path / "clean.json"
    graph.write_text(json.dumps({
        "name": "clean",
        "entries": [{"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund my order"]}],
    }))
    code, out, _ = code_out_err(invoke("check", str(graph)))
    assert code == 0
    assert "0 error(s), 0 warning(s)" in out
    assert "note [examples-boundary]" in out


# ---- bad input: one paragraph on stderr, exit 2, no traceback ----------------

def bad_input(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("name", "text", "must_name"),
    [
        ("broken.json", '{"name": "x", "entries": [}', ["broken.json:1:"]),
        ("shape.json", '{"name": "x", "entries": [{"id": "a", "match": {"regexp": "x"}}]}', ["$.entries[0].match"]),
        ("badre.json", '{"name": "x", "entries": [{"id": "a", "match": {"regex": "("}}]}', ['entry "a"', "regex"]),
        (
            "refused.json",
            '{"name": "x", "entries": [{"id": "a", "match": {"keywords": ["x"]}, "examples": []}]}',
            ['entry "a"', "examples", "$.entries[0]"],
        ),
        ("syntax.py", "from fuzzroute import Graph\ngraph = Graph('x'\n", ["syntax.py:2", "syntax error"]),
        (
            "refused.py",
            "import re\nfrom fuzzroute import Graph\ngraph = Graph('x').entry('a', match='refund')\n",
            ["refused.py:3", 'entry "a"', "keywords('refund')"],
        ),
        ("raises.py", "x = 1\nraise KeyError('boom')\n", ["raises.py:2", "KeyError"]),
        ("none.py", "x = 1\n", ["no module-level fuzzroute.Graph"]),
        (
            "two.py",
            "from fuzzroute import Graph\na = Graph('a')\nb = Graph('b')\n",
            ["several module-level graphs", "two.py:a"],
        ),
        ("graph.txt", "hello", [".txt"]),
    ],
)
def test_bad_input_is_one_paragraph_and_exit_2(tmp_path: Path, name: str, text: str, must_name: list[str]) -> None:
    path = bad_input(tmp_path, name, text)
    for command in (["check", path], ["claim", path, "hello"]):
        code, out, err = code_out_err(invoke(*command))
        assert code == 2, err
        assert out == ""
        assert "Traceback" not in err
        assert err.startswith("fuzzroute: error: ") and err.count("\n") == 1
        for fact in must_name:
            assert fact in err, (fact, err)


def test_missing_file(tmp_path: Path) -> None:
    code, _, err = code_out_err(invoke("check", str(tmp_path / "nope.py")))
    assert code == 2 and "nope.py: no such file" in err


def test_unknown_graph_name(tmp_path: Path) -> None:
    path = bad_input(tmp_path, "g.py", "from fuzzroute import Graph\ngraph = Graph('g')\n")
    code, _, err = code_out_err(invoke("check", f"{path}:other"))
    assert code == 2 and "`other` is not a module-level fuzzroute.Graph" in err and "graph" in err


def test_console_script_end_to_end() -> None:
    """The installed `fuzzroute` entry point, in a real process."""
    done = subprocess.run(
        [sys.executable, "-m", "fuzzroute", "check", str(EXAMPLES / "support.py"), "--format", "json"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 1
    codes = [p["code"] for p in json.loads(done.stdout)["problems"]]
    assert "example-shadowed-by-earlier" in codes
