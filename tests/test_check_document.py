"""`check` builds one document; every output is a writer of it, and a new output is one writer and one entry.

The document's decided items are the decided records (without the report's
numbering) plus what the build policy says of them; the JSON `check`
prints is the document's findings as their records write them, so the
shipped schema (`check.schema.json`, tested in `test_schemas`) describes it.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from helpers.cli import code_out_err, invoke

from fuzzroute.cli import check as check_command
from fuzzroute.report.render.check_outputs import CHECK_OUTPUTS, CheckOutput
from fuzzroute.results.check_document import CheckDocument, CheckedItem
from fuzzroute.results.decided_records import DecidedRecord

BANKING = Path(__file__).resolve().parent.parent / "examples" / "banking.json"


def test_a_checked_item_is_the_decided_record_without_its_number_plus_the_policys_verdict() -> None:
    record = [f.name for f in msgspec.structs.fields(DecidedRecord) if f.name not in {"id", "status", "rank"}]
    item = [f.name for f in msgspec.structs.fields(CheckedItem)]
    assert item == [*record, "taking_rules", "fails", "accepted"]
    shared = {f.name: f.type for f in msgspec.structs.fields(DecidedRecord)}
    for field in msgspec.structs.fields(CheckedItem):
        if field.name in shared:
            assert field.type == shared[field.name], field.name


def test_every_output_of_check_is_in_its_table() -> None:
    printed = [name for name, output in CHECK_OUTPUTS.items() if output.to == "stdout"]
    written = [name for name, output in CHECK_OUTPUTS.items() if output.to == "file"]
    assert printed == ["text", "json"] and written == ["sarif", "junit"]
    options = {option for param in check_command.check.params for option in param.opts}
    assert {"--format", *(f"--{name}" for name in written)} <= options


def _markdown(document: CheckDocument) -> str:
    """A writer of the document as a new output would be: one line per graph."""
    return "".join(f"- {g.name}: {g.errors} error(s), {g.failing} decided to act on\n" for g in document.graphs)


@pytest.fixture
def with_markdown() -> Iterator[None]:
    CHECK_OUTPUTS["markdown"] = CheckOutput("file", "Also write a Markdown summary.", frozenset(), _markdown)
    importlib.reload(check_command)
    try:
        yield
    finally:
        del CHECK_OUTPUTS["markdown"]
        importlib.reload(check_command)


def test_a_new_output_is_one_writer_and_one_entry_of_the_table(with_markdown: None, tmp_path: Path) -> None:
    out = tmp_path / "summary.md"
    result = CliRunner().invoke(check_command.check, [str(BANKING), "--markdown", str(out), "--fail-on", "decided"])
    assert result.exit_code == 1, result.output  # banking has two rules that never win
    assert out.read_text("utf-8") == "- banking: 0 error(s), 2 decided to act on\n"
    help_text = CliRunner().invoke(check_command.check, ["--help"]).output
    assert "--markdown FILE" in help_text and "Also write a Markdown summary." in help_text


def test_the_terminal_json_and_junit_agree_on_what_fails(tmp_path: Path) -> None:
    code, out, _err = code_out_err(invoke("check", "--format", "json", "--fail-on", "decided", str(BANKING),
                                          "--junit", str(tmp_path / "c.xml")))
    document = json.loads(out)
    failing = [(item["kind"], item["rule"]) for item in document["decided"] if item["fails"]]
    assert code == 1 and document["decided_failing"] == len(failing) == 2
    junit = (tmp_path / "c.xml").read_text("utf-8")
    for kind, rule in failing:
        assert f'message="{kind}: rule \'{rule}\'"' in junit or f"{kind}: rule &apos;{rule}&apos;" in junit
    code, text, _err = code_out_err(invoke("check", "--fail-on", "decided", str(BANKING)))
    assert code == 1 and re.search(r"\d+ decided finding\(s\), 2 to act on", text), text
