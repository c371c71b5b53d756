"""The habits a command-line user brings: -q/-v everywhere, --color and NO_COLOR/FORCE_COLOR, a status line
for a long check, a bare --db that never swallows the graph, TypeScript named where graph forms are listed."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import click
import pytest
from helpers.cli import code_out_err, invoke

import fuzzroute
from fuzzroute.cli import main
from fuzzroute.cli import progress as progress_module
from fuzzroute.cli.progress import StatusLine

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BANKING = str(EXAMPLES / "banking.json")
ESC = "\x1b["


def commands() -> dict[str, click.Command]:
    context = click.Context(main)
    return {name: command for name in main.list_commands(context)
            if (command := main.get_command(context, name)) is not None}


def test_every_command_takes_quiet_and_verbose() -> None:
    for name, command in commands().items():
        flags = {opt for param in command.params for opt in param.opts}
        assert {"-q", "--quiet", "-v", "--verbose"} <= flags, name
    for name in ("check", "report", "merge"):
        assert "--color" in {opt for param in commands()[name].params for opt in param.opts}


def test_quiet_and_verbose_change_what_claim_accept_and_example_print(tmp_path: Path) -> None:
    code, out, _ = code_out_err(invoke("claim", BANKING, "my card was lost", "-q"))
    assert code == 0 and out == "'my card was lost': cold walk cards, cascade cards\n"
    assert "matched" in invoke("claim", BANKING, "my card was lost").stdout  # the full form says what matched
    graph = tmp_path / "banking.json"
    shutil.copy(BANKING, graph)
    code, out, _ = code_out_err(invoke("accept", graph, "cards", "lost-card", "--reason", "on purpose", "-q"))
    assert code == 0 and out == ""
    code, out, _ = code_out_err(invoke("accept", graph, "cards", "credit-line", "--reason", "why", "-v"))
    assert code == 0 and json.loads(out.splitlines()[-1]) == {"earlier": "cards", "later": "credit-line",
                                                              "reason": "why"}
    code, out, _ = code_out_err(invoke("example", "support.json", "--to", tmp_path / "a", "-q"))
    assert code == 0 and out == "" and (tmp_path / "a" / "support.json").is_file()
    code, out, _ = code_out_err(invoke("example", "support.json", "--to", tmp_path / "b", "-v"))
    assert code == 0 and "proven errors on purpose" in out
    assert invoke("example", "-q").stdout.split() == ["support.json", "banking.json", "support.ts"]
    code, _, err = code_out_err(invoke("example", "-q", "-v"))
    assert code == 2 and "contradict" in err


def test_quiet_suggest_draws_no_bar_and_writes_only_what_it_wrote(tmp_path: Path) -> None:
    graph = tmp_path / "authoring.py"
    shutil.copy(EXAMPLES / "authoring.py", graph)
    code, out, err = code_out_err(invoke("suggest", graph, "--write", "-q", "--budget", "60", "--max", "1"))
    assert code == 0, err
    assert out.startswith("Wrote ") and out.count("\n") == 1


@pytest.mark.parametrize(("args", "env", "coloured"), [
    ((), {}, False),  # not a terminal
    ((), {"FORCE_COLOR": "1"}, True),
    ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
    (("--color", "always"), {"NO_COLOR": "1"}, True),
    (("--color", "never"), {"FORCE_COLOR": "1"}, False),
])
def test_color_follows_the_option_then_no_color_then_force_color(
    args: tuple[str, ...], env: dict[str, str], coloured: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, _ = code_out_err(invoke("check", BANKING, "--no-decide", *args))
    assert code == 0 and (ESC in out) == coloured
    assert out.replace(ESC + "0m", "").count("never-routes-by-default") == 2


def test_a_bare_db_before_the_graph_leaves_the_graph_a_graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "h"))
    shutil.copy(BANKING, tmp_path / "banking.json")
    code, out, err = code_out_err(invoke("report", "--db", "banking.json", "--budget", "20", "-q", "--no-decide"))
    assert code == 0, err
    assert (tmp_path / ".fuzzroute").is_dir() and (tmp_path / "reports" / "banking.html").is_file()
    assert "banking" in out
    code, _, err = code_out_err(invoke("report", "banking.json", "--db", "memory", "--budget", "20", "-q",
                                       "--no-decide"))
    assert code == 0 and (tmp_path / "memory").is_dir()  # a folder name is still a folder


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_status_line_waits_a_second_then_redraws_in_place_and_is_erased() -> None:
    now = [100.0]
    screen = FakeTerminal()
    line = StatusLine(screen, clock=lambda: now[0], label="fuzzroute check")
    line.about("graph.json")
    line.phase("decided", 3, 40)
    assert screen.getvalue() == ""  # a check faster than a second prints nothing extra
    now[0] += 1.5
    line.phase("decided", 10, 40)
    assert screen.getvalue() == "\rfuzzroute check: graph.json: decided tier: questions answered 10/40 (2 s)\x1b[K"
    now[0] += 0.01
    line.phase("decided", 11, 40)  # redrawn at most ten times a second
    assert screen.getvalue().count("\r") == 1
    now[0] += 0.5
    line.phase("proven", 8, 8)
    line.close()
    assert screen.getvalue().endswith("proven checks: phrases judged 8/8 (2 s)\x1b[K\r\x1b[K")


def test_check_draws_its_status_line_only_on_a_terminal_and_leaves_stdout_alone(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = invoke("check", BANKING, "--fail-on", "proven")
    assert plain.exit_code == 0 and "\r" not in plain.stderr  # stderr is not a terminal here: no line
    screen = FakeTerminal()
    ticks = iter(range(0, 10_000, 2))  # two seconds pass between any two looks at the clock
    monkeypatch.setattr(progress_module, "unescaped", lambda _stream: screen)
    monkeypatch.setattr(progress_module, "now", lambda: float(next(ticks)))
    drawn = invoke("check", BANKING, "--fail-on", "proven")
    assert drawn.exit_code == 0
    assert "fuzzroute check: " in screen.getvalue() and "decided tier" in screen.getvalue()
    assert screen.getvalue().endswith("\r\x1b[K")  # erased at the end

    def untimed(text: str) -> str:
        return "\n".join(line for line in text.splitlines() if "s)" not in line and "second" not in line)

    assert untimed(drawn.stdout) == untimed(plain.stdout)


def test_typescript_is_named_wherever_graph_forms_are_listed(tmp_path: Path) -> None:
    assert ".ts" in invoke("--help").stdout and "TypeScript" in invoke("--help").stdout
    code, _, err = code_out_err(invoke("check", tmp_path / "missing.json"))
    assert code == 2 and "TypeScript" in err
    assert "TypeScript" in (fuzzroute.__doc__ or "")


def test_help_of_the_package_starts_with_how_to_use_it() -> None:
    doc = fuzzroute.__doc__ or ""
    first = doc.strip().splitlines()
    assert "fuzzroute check" in "\n".join(first[:12]) and "import fuzzroute" in doc
    assert "`engine`" not in doc and "`graphfiles`" not in doc and "README" not in doc  # no layer list here


def test_the_package_s_python_example_runs() -> None:
    import textwrap

    doc = fuzzroute.__doc__ or ""
    block = doc.split("From Python:\n", 1)[1].split("\n\n    graph", 1)
    source = textwrap.dedent(block[0] + "\n\n    graph" + block[1].split("\n\nThe names below", 1)[0])
    namespace: dict[str, object] = {}
    exec(compile(source, "fuzzroute.__doc__", "exec"), namespace)  # our own docstring
    graph = namespace["graph"]
    assert [p.code for p in graph.checkup().problems] == ["example-shadowed-by-earlier"]  # type: ignore[attr-defined]
