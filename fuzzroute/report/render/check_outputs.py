"""The outputs of `fuzzroute check`, one entry each: where it goes, what it reads, and its writer.

Every output is a writer of the one `CheckDocument` a run builds
(`results.check_document`).  An entry says whether the output is printed
(a value of `--format`) or written to a file (its own option, `--NAME FILE`,
with the entry's help), and which parts of the document beyond the
findings its writer reads, so the run builds those only when asked.  The
command line builds its options from this table, so a new output of
`check` is its writer module and one entry here.

The writers are imported when their output is asked for: `check` runs on
every commit and pays for every import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from fuzzroute.results.check_document import CheckDocument, CheckPart


@dataclass(frozen=True)
class CheckOutput:
    """One output of `check`."""

    #: Printed on standard output (a value of `--format`), or written to a file (the option `--NAME FILE`).
    to: Literal["stdout", "file"]
    #: The option's help (a file output).
    help: str
    #: The parts of the document its writer reads besides the findings.
    reads: frozenset[CheckPart]
    render: Callable[[CheckDocument], str]


def _text(document: CheckDocument) -> str:
    from fuzzroute.report.render.check_text import check_text

    return check_text(document)


def _json(document: CheckDocument) -> str:
    from fuzzroute.report.render.check_json import check_json

    return check_json(document)


def _sarif(document: CheckDocument) -> str:
    from fuzzroute.report.render.sarif import check_sarif

    return check_sarif(document)


def _junit(document: CheckDocument) -> str:
    from fuzzroute.report.render.junit import check_junit

    return check_junit(document)


#: By name: `--format NAME` for an output printed, `--NAME FILE` for a file.
CHECK_OUTPUTS: dict[str, CheckOutput] = {
    "text": CheckOutput("stdout", "", frozenset(), _text),
    "json": CheckOutput("stdout", "", frozenset(), _json),
    "sarif": CheckOutput(
        "file", "Also write the findings as SARIF 2.1.0 (for code scanning).", frozenset({"report"}), _sarif,
    ),
    "junit": CheckOutput(
        "file", "Also write JUnit XML: one test case per declared example and never-route row (errors fail).",
        frozenset({"rows", "verdicts"}), _junit,
    ),
}
