"""JUnit XML for CI test summaries: one testcase per declared example and never-route row.

CI readers (GitHub and GitLab test reports, Jenkins, Azure) agree on a small
shape: `<testsuites>` holding `<testsuite>`s holding `<testcase>`s, a
`<failure>` inside a failed case, `tests`/`failures`/`errors`/`skipped`
counts on every suite that add up to its cases, `<system-out>` for text
that is not a verdict.  This module writes that shape and nothing fancier.

Only proven errors fail: a row with an error gets one `<failure>` listing
all of that phrase's problems (file:line, code, message, both laws'
claimants); warnings go to the case's `<system-out>`.  Generated suggestions
(and decided findings) go to the `<system-out>` of a separate suite with no
test cases, so no reader can count a sample as a failed test.

Case names follow the pytest plugin's ids: class `<graph>.<rule>#<position>`
(or `<graph>.never-routes`), name the phrase as a Python literal.

`fuzzroute check --fail-on decided --junit` adds a suite of decided cases,
one per data rule (class `<graph>.<rule id>`, name `decided`, as the
pytest plugin names its items; the decided lines go to its `<system-out>`): failed when `--fail-on decided` fails on the
rule, skipped when the automata could not decide about it, passed otherwise
(an accepted overlap passes, its reason in `<system-out>`).  Under any other
policy decided findings stay text in `<system-out>`, never failures.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fuzzroute.report.render.decided_text import item_line
from fuzzroute.results.check_document import CheckDocument, RuleVerdict
from fuzzroute.results.claims import Claimant, Claims
from fuzzroute.results.finding_kinds import decided_row
from fuzzroute.results.proven_records import Problem
from fuzzroute.results.rows import ProvenRow

#: Characters XML 1.0 cannot hold, even as character references; they are written as `\uXXXX` instead.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass
class Suite:
    """One graph's rows, plus the text of its non-proven tiers (each becomes its own case-less suite)."""

    name: str
    rows: list[ProvenRow]
    source: str | None = None
    timestamp: str | None = None
    #: (suite suffix, lines) for `<system-out>` of separate suites: suggestions, decided findings.
    outputs: list[tuple[str, list[str]]] = field(default_factory=list)
    #: With `--fail-on decided`: one decided case per data rule (see the module docstring).
    verdicts: list[RuleVerdict] | None = None


def xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def claims_line(claims: Claims | None) -> str:
    """`claims: cold walk -> "x" (rule #1), cascade -> no rule` for a row's phrase."""
    if claims is None:
        return ""

    def name(found: Claimant | None) -> str:
        return "no rule" if found is None else f'"{found.id}" (rule #{found.index + 1})'

    return f"claims: cold walk -> {name(claims.cold_walk)}, cascade -> {name(claims.cascade)}"


def problem_line(problem: Problem) -> str:
    where = problem.location
    at = f"{where.file}:{where.line}: " if where is not None and where.file else ""
    return f"{at}[{problem.kind}] {problem.code}: {problem.message}"


def row_problems_text(row: ProvenRow) -> str:
    """Every problem of a row, one per line, then who claims the phrase under both laws."""
    lines = [problem_line(p) for p in row.problems]
    claims = claims_line(row.claims)
    if claims:
        lines.append(claims)
    return "\n".join(lines)


def _case(parent: ET.Element, graph_name: str, row: ProvenRow, source: str | None) -> bool:
    case = ET.SubElement(parent, "testcase")
    case.set("classname", xml_text(f"{graph_name}.{row.owner}"))
    case.set("name", xml_text(row.phrase_label))
    where = row.location
    file = where.file if where is not None else source
    if file:
        case.set("file", xml_text(str(file)))
    if where is not None:
        case.set("line", str(where.line))
    case.set("time", "0")
    failed = bool(row.errors)
    if failed:
        failure = ET.SubElement(case, "failure")
        first = row.errors[0]
        more = f" (+{len(row.problems) - 1} more)" if len(row.problems) > 1 else ""
        failure.set("message", xml_text(f"{first.code}: {row.phrase!r}{more}"))
        failure.set("type", xml_text(first.code))
        failure.text = xml_text(row_problems_text(row))
    if row.warnings:
        out = ET.SubElement(case, "system-out")
        out.text = xml_text("\n".join(problem_line(p) for p in row.warnings))
    return failed


def verdict_text(verdict: RuleVerdict) -> str:
    """Why a rule's decided item fails (or which acceptance keeps it green): one finding line each."""
    return "\n".join(item_line(item) for item in (*verdict.failing, *verdict.accepted))


def _decided_suite(root: ET.Element, suite: Suite, verdicts: list[RuleVerdict], lines: list[str]) -> int:
    """The decided cases of one graph (one per data rule), with the decided lines as output; its failures."""
    element = ET.SubElement(root, "testsuite", {"name": xml_text(f"fuzzroute.decided.{suite.name}")})
    failures = sum(_decided_case(element, suite.name, v, suite.source) for v in verdicts)
    _counts(element, len(verdicts), failures)
    element.set("skipped", str(sum(1 for v in verdicts if v.outcome == "skipped")))
    out = ET.SubElement(element, "system-out")
    out.text = xml_text("\n".join(lines))
    return failures


def _decided_case(parent: ET.Element, graph_name: str, verdict: RuleVerdict, source: str | None) -> bool:
    case = ET.SubElement(parent, "testcase")
    case.set("classname", xml_text(f"{graph_name}.{verdict.label}"))
    case.set("name", "decided")
    where = verdict.location
    file = where.file if where is not None else source
    if file:
        case.set("file", xml_text(file))
    if where is not None:
        case.set("line", str(int(where.line)))
    case.set("time", "0")
    if verdict.outcome == "failed":
        failure = ET.SubElement(case, "failure")
        first = verdict.failing[0]
        failure.set("message", xml_text(f"{first.kind}: rule {verdict.rule!r}"))
        failure.set("type", first.kind)
        failure.text = xml_text(verdict_text(verdict))
    elif verdict.outcome == "skipped":
        ET.SubElement(case, "skipped", {"message": xml_text(f"undecided: {verdict.undecided}")})
    elif verdict.accepted:
        out = ET.SubElement(case, "system-out")
        out.text = xml_text(verdict_text(verdict))
    return verdict.outcome == "failed"


def _counts(element: ET.Element, tests: int, failures: int) -> None:
    element.set("tests", str(tests))
    element.set("failures", str(failures))
    element.set("errors", "0")
    element.set("skipped", "0")
    element.set("time", "0")


def junit_xml(suites: Sequence[Suite]) -> str:
    """The JUnit document of `suites` (see the module docstring)."""
    root = ET.Element("testsuites", {"name": "fuzzroute"})
    total_tests = total_failures = 0
    for suite in suites:
        element = ET.SubElement(root, "testsuite", {"name": xml_text(f"fuzzroute.proven.{suite.name}")})
        if suite.timestamp:
            element.set("timestamp", suite.timestamp)
        if suite.source:
            properties = ET.SubElement(element, "properties")
            ET.SubElement(properties, "property", {"name": "graph", "value": xml_text(suite.source)})
        failures = sum(_case(element, suite.name, row, suite.source) for row in suite.rows)
        _counts(element, len(suite.rows), failures)
        total_tests += len(suite.rows)
        total_failures += failures
        for suffix, lines in suite.outputs:
            if suffix == "decided" and suite.verdicts is not None:
                total_tests += len(suite.verdicts)
                total_failures += _decided_suite(root, suite, suite.verdicts, lines)
                continue
            extra = ET.SubElement(root, "testsuite", {"name": xml_text(f"fuzzroute.{suffix}.{suite.name}")})
            _counts(extra, 0, 0)
            out = ET.SubElement(extra, "system-out")
            out.text = xml_text("\n".join(lines))
    _counts(root, total_tests, total_failures)
    root.set("skipped", str(sum(int(suite.get("skipped") or 0) for suite in root.findall("testsuite"))))
    ET.indent(root)
    # Every character outside ASCII is written as a character reference (`&#8238;`): exact for any XML
    # reader, and no bidi control or invisible character reaches a CI log or viewer raw.
    body: str = ET.tostring(root, encoding="us-ascii", xml_declaration=False).decode("ascii")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"


def suggestion_lines(document: dict[str, Any]) -> list[str]:
    lines = [f"Generated suggestions (not proof): {(document.get('boundary') or {}).get('generated', '')}".strip()]
    for suggestion in document.get("suggestions") or []:
        witnesses = ", ".join(repr(w.get("phrase")) for w in suggestion.get("witnesses") or [])
        lines.append(f"[{suggestion.get('kind')}] {suggestion.get('rule')}: {suggestion.get('message')}")
        if witnesses:
            lines.append(f"    witnesses: {witnesses}")
    return lines


def decided_lines(items: Iterable[tuple[str, object, object]], boundary: str | None) -> list[str]:
    """The decided suite's text: `[kind] rule: message` of each (kind, rule, message) whose kind is a finding
    worth a line (its row of the catalogue)."""
    lines = [f"Decided for all messages: {boundary or ''}".strip()]
    for kind, rule, message in items:
        if decided_row(kind).summary_line:
            lines.append(f"[{kind}] {rule}: {message}")
    return lines


def check_junit(document: CheckDocument) -> str:
    """`check --junit`: one suite of proven rows per graph, plus its decided lines (and, under `--fail-on
    decided`, one decided case per data rule that fails as the policy fails it)."""
    suites = []
    for graph in document.graphs:
        if graph.rows is None:
            raise ValueError("check --junit needs the document's rows (CHECK_OUTPUTS['junit'].reads)")
        suite = Suite(graph.name, list(graph.rows), graph.source)
        if graph.decided is not None:
            lines = decided_lines(((i.kind, i.rule, i.message) for i in graph.items), graph.decided.boundary)
            suite.outputs.append(("decided", lines))
            if graph.verdicts is not None:
                suite.verdicts = list(graph.verdicts)
        suites.append(suite)
    return junit_xml(suites)
