"""The decided tier in the terminal (`fuzzroute check`), laid out from the check document.

`report.assembly.check_run` builds the document (every item judged once, the
overlaps folded into a never-wins finding marked); this writer prints it.
The count line counts what is listed, so a folded overlap, shown as part
of its never-wins line, is not counted again as shared text.
"""

from __future__ import annotations

import json

from fuzzroute.report.render.lines import finding_line
from fuzzroute.results.check_document import CheckedItem, DecidedFigures, GraphCheck
from fuzzroute.results.decided_records import DecidedCounts, RedosEvidence, is_decided_finding
from fuzzroute.results.finding_kinds import DECIDED_KINDS, decided_row
from fuzzroute.results.fix_kinds import FIX_HINT, has_fix
from fuzzroute.results.record import Omitted


def title(kind: str) -> str:
    """The kind's short title (its row of the catalogue): `never wins`, `shared text`, ..."""
    return decided_row(kind).title


#: The short form of the decided tier's boundary (the full text with -v).
SHORT_BOUNDARY = (
    "decided for every message by automata, each witness re-run through the real matchers; `when` rules, "
    "intents and scorer order are not decided (-v says more)"
)


def counted_lines(counts: DecidedCounts) -> list[str]:
    """The pairs counted rather than listed, one line each (co-occurrence first: the line an author skims)."""
    lines = []
    co = counts.co_occurrence
    if co.count:
        shown = "; ".join(
            f"{e.other_rule} + {e.rule}"
            + ("" if e.witness is None else f" {json.dumps(e.witness, ensure_ascii=False)}")
            for e in co.examples[:3]
        )
        lines.append(
            f"  [co-occurrence] {co.count} pairs meet only when their texts are glued together (expected "
            f"first-match behaviour, not a finding), e.g. {shown}"
        )
    if counts.shared_text_unlisted.count:
        lines.append(
            f"  [shared text] {counts.shared_text_unlisted.count} more pairs share text (counted, not listed)"
        )
    if counts.undecided_unlisted.count:
        lines.append(f"  [undecided] {counts.undecided_unlisted.count} more undecided pairs (counted, not listed)")
    if counts.disjoint.count:
        lines.append(f"  [disjoint] {counts.disjoint.count} pairs never match the same message")
    lines.append(f"  [can win] {counts.can_win} rules can start a turn (a message no earlier data rule matches)")
    return lines


#: Items listed per kind in the terminal unless -v asks for all (the JSON output always has all).
LISTED_PER_KIND = 8


def item_line(item: CheckedItem) -> str:
    """`file:line: kind [rule] 'witness' -> who takes it  (what it is)`, as the proven findings print.

    An accepted finding names the acceptance's reason (what keeps it from failing a build); a finding of a
    kind `fuzzroute fix` has an edit for says so (without proving it: only `fix` proves, so `check` stays fast).
    """
    row = decided_row(item.kind)
    note = row.title + ("" if item.shared_in is None else f", {item.shared_in}")
    if item.accepted is not None:
        note += f"; accepted: {item.accepted}"
    if row.detail == "dead-rules":
        note += f": {len(item.dead_rules)} later rule(s) never reached"
    elif row.detail == "reason" and item.reason:
        note += f": {item.reason}"
    elif not isinstance(item.redos, Omitted):
        note += f", {item.redos.growth}"
    if item.accepted is None and has_fix(item.kind, shared_in=item.shared_in):
        note += f"; {FIX_HINT}"
    return finding_line(item.location, item.kind, item.rule, item.witness, ", ".join(item.taking_ids) or None,
                        note)


def evidence_words(evidence: list[RedosEvidence], limit_seconds: float) -> str:
    """The timed evidence of a ReDoS in words (a timing figure: kept out of the item's message, which is
    deterministic); a measurement stopped at `limit_seconds` says so."""
    if not evidence:
        return "not measured"
    return ", ".join(
        f"{e.length} characters: "
        + (f"over {limit_seconds:g} s (stopped)" if e.seconds is None else f"{e.seconds:.4f} s")
        for e in evidence
    )


def listing(graph: GraphCheck, figures: DecidedFigures) -> list[tuple[CheckedItem, bool]]:
    """The items in listing order (kind by kind in the catalogue's order, fixed words before wildcards within a
    kind), each with whether it is listed (an overlap folded into a never-wins finding is not)."""
    order = {kind: position for position, kind in enumerate(DECIDED_KINDS)}
    ranked = sorted(
        enumerate(graph.items), key=lambda pair: (order[pair[1].kind], 1 if pair[1].shared_in == "wildcard" else 0),
    )
    return [(item, position not in figures.folded) for position, item in ranked]


def listed_counts(items: list[tuple[CheckedItem, bool]]) -> dict[str, int]:
    """Items per kind as the listing shows them: an overlap folded into a never-wins line is not counted again."""
    counts: dict[str, int] = {}
    for item, listed in items:
        if listed:
            counts[item.kind] = counts.get(item.kind, 0) + 1
    return counts


def decided_text(graph: GraphCheck, figures: DecidedFigures, verbosity: int = 0) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    One line per item, as the proven findings print (the explanation under
    each with `verbosity` > 0).  Kinds that say a rule is broken are always
    listed in full; overlaps, disjoint pairs, rules that can win and
    undecided questions are cut at `LISTED_PER_KIND` each (all with
    `verbosity` > 0, none with `verbosity` < 0).  The findings `--fail-on
    decided` fails on are always listed, accepted ones say so, and a line
    counts both.  The boundary is one short line (its full text with
    `verbosity` > 0).
    """
    items = listing(graph, figures)
    counts = listed_counts(items)
    shown = ", ".join(f"{counts[k]} {title(k)}" for k in DECIDED_KINDS if k in counts) or "no items"
    if verbosity < 0:
        line = f"Decided: {shown}"
        line += f"; {graph.failing} to act on" + (f", {graph.accepted} accepted" if graph.accepted else "")
        return line + "."
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    for kind in DECIDED_KINDS:
        of_kind = [item for item, listed in items if item.kind == kind and listed]
        failing = [item for item in of_kind if item.fails]
        # A kind that says a rule is broken for every message is listed in full at every verbosity.
        always = decided_row(kind).broken
        if verbosity <= 0 and not always:  # what fails a build is never cut off
            of_kind = failing + [i for i in of_kind if not i.fails]
        limit = len(of_kind) if always or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        if verbosity >= 0:
            limit = max(limit, len(failing))
        for item in of_kind[:limit]:
            lines.append("  " + item_line(item))
            if verbosity > 0:
                lines.append(f"      {item.message}")
            if not isinstance(item.redos, Omitted) and verbosity > 0:
                lines.append(
                    f"      re took (timing): {evidence_words(item.redos.evidence, figures.evidence_limit_seconds)}"
                )
        if len(of_kind) > limit:
            lines.append(f"  ... and {len(of_kind) - limit} more {title(kind)} (-v lists them, --format json has all)")
    counted = graph.findings.decided_counts
    if figures.data_rules == 0:
        lines.append("  nothing to decide: the graph has no data rules.")
    elif not isinstance(counted, Omitted):
        lines.extend(counted_lines(counted))
    # The time only under -v: the default text is the same on every run, so it can be compared and quoted.
    took = f" ({figures.elapsed_seconds} s)" if verbosity > 0 else ""
    lines.append(f"{shown}{took}.")
    lines.append(acted_on_line(graph))
    if verbosity > 0:
        lines.append(f"  [boundary] {figures.boundary}")
    elif verbosity == 0:
        lines.append(f"  [boundary] {SHORT_BOUNDARY}")
    defects = graph.findings.decided_defects
    if not isinstance(defects, Omitted) and defects:
        lines.append("Tool defects (a decided witness the real matchers contradict; not findings about the rules):")
        for defect in defects:
            lines.append(f"  [defect] {defect.kind} {defect.rule} {defect.witness!r}: {defect.problem}")
    return "\n".join(lines)


def findings_count(graph: GraphCheck) -> int:
    """The decided findings, counted as every output counts them (`is_decided_finding`), listed or folded."""
    return sum(1 for item in graph.items if is_decided_finding(item.kind, item.relation))


def acted_on_line(graph: GraphCheck) -> str:
    """How many decided findings there are, how many fail `--fail-on decided`, and how many are accepted."""
    line = f"{findings_count(graph)} decided finding(s), {graph.failing} to act on (--fail-on decided fails on them)"
    if graph.accepted:
        line += f", {graph.accepted} accepted as intended"
    if graph.failing:
        line += "; an intended overlap is accepted with `fuzzroute accept GRAPH EARLIER LATER --reason ...`"
    return line + "."
