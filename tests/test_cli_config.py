"""`[tool.fuzzroute]` in pyproject.toml: every option's default, found upward, the command line winning, exit 2.

Driven as a user would: a project folder with a pyproject.toml, the command
run from it (or from a folder below), in-process through click's runner.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.cli import main
from fuzzroute.cli.configured import NOT_SHARED, default_map, option_keys
from fuzzroute.graphfiles.project_config import ProjectConfig, find_pyproject

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

#: No proven error; `cards` first takes every message of `lost-card`: a decided finding (never wins).
NEVER_WINS = {"name": "cards", "entries": [
    {"id": "cards", "match": {"keywords": ["card"]}, "examples": ["my card"]},
    {"id": "lost-card", "match": {"keywords": ["lost card"]}},
    {"id": "agent"},
]}
CLEAN = {"name": "clean", "entries": [
    {"id": "balance", "match": {"keywords": ["balance"]}, "examples": ["what is my balance"]},
    {"id": "agent"},
]}


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with two graphs under graphs/ and a sub folder, the working directory at its root."""
    (tmp_path / "graphs").mkdir()
    (tmp_path / "graphs" / "cards.json").write_text(json.dumps(NEVER_WINS), encoding="utf-8")
    (tmp_path / "graphs" / "clean.json").write_text(json.dumps(CLEAN), encoding="utf-8")
    (tmp_path / "src" / "deep").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / ".h"))
    return tmp_path


def settings(folder: Path, text: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text("[project]\nname = 'mine'\n\n" + text, encoding="utf-8")
    return path


def test_check_without_a_graph_checks_the_listed_graphs_found_upward_from_a_sub_folder(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings(project, '[tool.fuzzroute]\ngraphs = ["graphs/cards.json", "graphs/clean.json"]\n')
    (project / "src" / "pyproject.toml").write_text("[project]\nname = 'inner'\n")  # no table: passed over
    monkeypatch.chdir(project / "src" / "deep")
    assert find_pyproject(Path.cwd()) == project / "pyproject.toml"
    code, out, err = code_out_err(invoke("check", "-q"))
    assert code == 1, err  # cards.json's never-wins fails the default policy
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        str(project / "graphs" / "cards.json"), str(project / "graphs" / "clean.json")]  # read against the file
    settings(project, '[tool.fuzzroute]\ngraphs = ["graphs/cards.json"]\nfail-on = "proven"\n')
    assert invoke("check", "-q").exit_code == 0  # the file's policy
    assert invoke("check", "-q", "--fail-on", "decided").exit_code == 1  # the command line wins
    assert invoke("check", "-q", "../../graphs/clean.json").exit_code == 0  # a GRAPH argument wins over `graphs`
    assert invoke("--isolated", "check", "-q", "../../graphs/cards.json").exit_code == 1  # no file read


def test_no_graph_and_no_graphs_listed_is_exit_2_saying_how_to_list_them(project: Path) -> None:
    code, _, err = code_out_err(invoke("check"))
    assert code == 2 and "no GRAPH given" in err and "graphs = [" in err
    settings(project, "[tool.fuzzroute]\nbudget = 10\n")
    code, _, err = code_out_err(invoke("report"))
    assert code == 2 and "pyproject.toml [tool.fuzzroute] graphs lists none" in err


def test_the_issue_s_settings_are_read_budget_and_fail_on_never(project: Path) -> None:
    """`[tool.fuzzroute] budget = 100` and `fail-on = "never"`: once silently ignored."""
    settings(project, '[tool.fuzzroute]\nbudget = 100\nfail-on = "never"\nworkers = 1\n')
    code, _, err = code_out_err(invoke("report", "graphs/cards.json", "-q", "--json", "r.json", "-o", "r.html"))
    assert code == 0, err
    run = json.loads((project / "r.json").read_text(encoding="utf-8"))
    assert run["run"]["budget_phrases"] == 100 and run["summary"]["fail_on"] == "never"
    code, _, _ = code_out_err(invoke("report", "graphs/cards.json", "-q", "-o", "r.html", "--fail-on", "decided"))
    assert code == 1  # the command line wins over the file


def test_a_command_s_table_wins_over_the_top_and_paths_are_read_against_the_file(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings(project, '[tool.fuzzroute]\ngraphs = ["graphs/cards.json"]\nbudget = 100\nseed = 3\n\n'
                      '[tool.fuzzroute.report]\nbudget = 30\njson = "out/r.json"\noutput = "out/r.html"\n'
                      'decide = false\n')
    monkeypatch.chdir(project / "src")
    code, out, err = code_out_err(invoke("report", "-q"))
    assert code == 0, err  # decide = false: no decided tier, so the default policy is proven
    document = json.loads((project / "out" / "r.json").read_text(encoding="utf-8"))
    assert (document["run"]["budget_phrases"], document["run"]["seed"]) == (30, 3)
    assert document["decision"]["ran"] is False and document["summary"]["fail_on"] == "proven"
    assert f"html: {project / 'out' / 'r.html'}" in out  # the file's relative paths are the project's, not the cwd's


def test_report_writes_one_report_per_listed_graph_and_refuses_a_shared_output(project: Path) -> None:
    settings(project, '[tool.fuzzroute]\ngraphs = ["graphs/cards.json", "graphs/clean.json"]\nbudget = 20\n'
                      'workers = 1\n')
    code, _, err = code_out_err(invoke("report", "-q", "--json", "r.json"))
    assert code == 2 and "{name}" in err and not (project / "reports").exists()  # nothing run, nothing written
    code, out, err = code_out_err(invoke("report", "-q", "--json", "out/{name}.json"))
    assert code == 1, err  # cards' decided finding
    assert "html: reports/cards.html" in out and "html: reports/clean.html" in out
    names = {json.loads((project / "out" / f"{n}.json").read_text(encoding="utf-8"))["graph"]["name"]
             for n in ("cards", "clean")}
    assert names == {"cards", "clean"}


@pytest.mark.parametrize(("table", "named"), [
    ("[tool.fuzzroute]\nbudgett = 3\n", ["pyproject.toml [tool.fuzzroute] budgett", "budget", "fail-on",
                                         "[tool.fuzzroute.report]"]),
    ("[tool.fuzzroute.check]\nbudget = 3\n", ["pyproject.toml [tool.fuzzroute.check] budget",
                                              "`fuzzroute check` has no option --budget", "fail-on, format"]),
    ('[tool.fuzzroute]\nfail-on = "sometimes"\n', ['[tool.fuzzroute] fail-on = "sometimes"', "proven, decided"]),
    ("[tool.fuzzroute.report]\nworkers = 0\n", ["[tool.fuzzroute.report] workers = 0", "x>=1"]),
    ('[tool.fuzzroute.check]\nformat = "xml"\n', ['[tool.fuzzroute.check] format = "xml"', "text, json"]),
    ('[tool.fuzzroute]\ndecide = "yes"\n', ['[tool.fuzzroute] decide = "yes"', "true or false"]),
    ('[tool.fuzzroute]\nreport = 3\n', ["[tool.fuzzroute] report = 3", "[tool.fuzzroute.report]"]),
    ('[tool.fuzzroute]\ngraphs = "a.json"\ngraphs2 = 1\n', ["graphs2"]),
    ('[tool.fuzzroute]\ngraphs = [1]\n', ["[tool.fuzzroute] graphs = [1]", "list of graph files"]),
    ("[tool.fuzzroute\nbudget = 3\n", ["pyproject.toml: not valid TOML", "--isolated"]),
])
def test_unknown_keys_and_bad_values_are_exit_2_naming_the_file_the_key_and_the_valid_ones(
    project: Path, table: str, named: list[str]
) -> None:
    settings(project, table)
    code, out, err = code_out_err(invoke("check", "graphs/clean.json"))
    assert code == 2 and out == ""
    assert err.startswith("fuzzroute: error: ") and err.count("\n") == 1  # one paragraph, no traceback
    for text in named:
        assert text in err
    assert invoke("--isolated", "check", "graphs/clean.json").exit_code == 0


def test_a_value_the_command_refuses_later_names_where_it_was_set(project: Path) -> None:
    settings(project, '[tool.fuzzroute.report]\nbudget = "lots"\n')
    code, _, err = code_out_err(invoke("report", "graphs/clean.json", "-q"))
    assert code == 2 and "--budget" in err and 'budget = "lots" in pyproject.toml [tool.fuzzroute.report]' in err
    settings(project, '[tool.fuzzroute]\nfail-on = "decided"\n')
    code, _, err = code_out_err(invoke("check", "graphs/clean.json", "--no-decide"))
    assert code == 2 and "--no-decide" in err and 'fail-on = "decided" in pyproject.toml [tool.fuzzroute]' in err


def test_config_names_another_file_whose_top_level_is_the_table(project: Path) -> None:
    settings(project, '[tool.fuzzroute]\nfail-on = "never"\n')
    (project / "ci.toml").write_text('graphs = ["graphs/cards.json"]\n[check]\nfail-on = "proven"\n',
                                     encoding="utf-8")
    code, out, _ = code_out_err(invoke("--config", "ci.toml", "check", "-q"))
    assert code == 0 and "1 never wins" in out  # the graph `graphs` lists, under the [check] table's policy
    (project / "ci.toml").write_text('[check]\nfail-on = "new"\n', encoding="utf-8")
    code, _, err = code_out_err(invoke("--config", "ci.toml", "check", "graphs/cards.json"))
    assert code == 2 and 'ci.toml [check] fail-on = "new"' in err
    code, _, err = code_out_err(invoke("--config", "missing.toml", "check", "graphs/cards.json"))
    assert code == 2 and "missing.toml" in err


def all_commands() -> dict[str, click.Command]:
    context = click.Context(main)
    return {name: command for name in main.list_commands(context)
            if (command := main.get_command(context, name)) is not None}


def sample(param: click.Option) -> Any:
    """A value the option takes, as TOML would give it."""
    if param.is_bool_flag:
        return True
    if param.name == "fail_on":
        return (param.metavar or "never").split("|")[-1]
    if isinstance(param.type, click.Choice):
        return str(param.type.choices[-1])
    if isinstance(param.type, click.IntRange | click.types.IntParamType):
        return 2
    if param.name in ("condition_limit", "import_limit"):
        return "2s"
    if param.multiple:
        return ["x"]
    return "some/file.txt"


def test_every_option_of_every_command_is_a_key_under_its_long_name() -> None:
    commands = all_commands()
    table: dict[str, Any] = {}
    expected: dict[str, set[str]] = {}
    for name, command in commands.items():
        keys = option_keys(command)
        assert keys, name
        for key, param in keys.items():
            assert f"--{key}" in param.opts
            table.setdefault(name, {})[key] = sample(param)
            expected.setdefault(name, set()).add(str(param.name))
    found, origins = default_map(ProjectConfig(Path("/p/pyproject.toml"), table), commands)
    assert {name: set(values) for name, values in found.items()} == expected
    assert origins["report"]["fail_on"] == 'fail-on = "never" in /p/pyproject.toml [tool.fuzzroute.report] fail-on'
    # At the top, a key sets every command that has the option, but diff's own fail-on and budget.
    top, _ = default_map(ProjectConfig(Path("/p/pyproject.toml"), {"seed": 5, "budget": "30s"}), commands)
    assert {name for name, values in top.items() if values.get("seed") == 5} == {"report", "suggest", "diff"}
    assert {name for name, values in top.items() if "budget" in values} == {"report", "suggest"}
    assert ("diff", "budget") in NOT_SHARED


def test_the_repository_s_own_pyproject_has_no_fuzzroute_table() -> None:
    """Its tests run fuzzroute in the checkout, so a table here would change every default they see."""
    assert find_pyproject(ROOT) is None or find_pyproject(ROOT) != ROOT / "pyproject.toml"
