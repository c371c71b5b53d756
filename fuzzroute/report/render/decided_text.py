"""The decided tier in the terminal (`fuzzroute check`), laid out from its typed listing.

`report.assembly.check_run` builds the listing (every item judged once, the
overlaps folded into a never-wins finding marked); this writer prints it.
The count line counts what is listed, so a folded overlap, shown as part
of its never-wins line, is not counted again as shared text.
"""

from __future__ import annotations

import json

from fuzzroute.report.render.lines import finding_line
from fuzzroute.results.check_listing import DecidedLine, DecidedListing
from fuzzroute.results.finding_kinds import decided_row


def title(kind: str) -> str:
    """The kind's short title (its row of the catalogue): `never wins`, `shared text`, ..."""
    return decided_row(kind).title


#: The short form of the decided tier's boundary (the full text with -v).
SHORT_BOUNDARY = (
    "decided for every message by automata, each witness re-run through the real matchers; `when` rules, "
    "intents and scorer order are not decided (-v says more)"
)


def counted_lines(listing: DecidedListing) -> list[str]:
    """The pairs counted rather than listed, one line each (co-occurrence first: the line an author skims)."""
    lines = []
    co = listing.co_occurrence
    if co.count:
        shown = "; ".join(
            f"{a} + {b}" + ("" if w is None else f" {json.dumps(w, ensure_ascii=False)}")
            for a, b, w in co.examples[:3]
        )
        lines.append(
            f"  [co-occurrence] {co.count} pairs meet only when their texts are glued together (expected "
            f"first-match behaviour, not a finding), e.g. {shown}"
        )
    if listing.shared_unlisted:
        lines.append(f"  [shared text] {listing.shared_unlisted} more pairs share text (counted, not listed)")
    if listing.undecided_unlisted:
        lines.append(f"  [undecided] {listing.undecided_unlisted} more undecided pairs (counted, not listed)")
    if listing.disjoint:
        lines.append(f"  [disjoint] {listing.disjoint} pairs never match the same message")
    lines.append(f"  [can win] {listing.can_win} rules can start a turn (a message no earlier data rule matches)")
    return lines


#: Items listed per kind in the terminal unless -v asks for all (the JSON output always has all).
LISTED_PER_KIND = 8


def item_line(item: DecidedLine) -> str:
    """`file:line: kind [rule] 'witness' -> who takes it  (what it is)`, as the proven findings print.

    An accepted finding names the acceptance's reason (what keeps it from failing a build).
    """
    row = decided_row(item.kind)
    note = row.title + ("" if item.shared_in is None else f", {item.shared_in}")
    if item.accepted is not None:
        note += f"; accepted: {item.accepted}"
    if row.detail == "dead-rules":
        note += f": {item.dead} later rule(s) never reached"
    elif row.detail == "reason" and item.reason:
        note += f": {item.reason}"
    elif item.growth is not None or item.evidence is not None:
        note += f", {item.growth}"
    return finding_line(item.location, item.kind, item.rule, item.witness, ", ".join(item.taking_rules) or None,
                        note)


def listed_counts(listing: DecidedListing) -> dict[str, int]:
    """Items per kind as the listing shows them: an overlap folded into a never-wins line is not counted again."""
    counts: dict[str, int] = {}
    for item in listing.items:
        if item.listed:
            counts[item.kind] = counts.get(item.kind, 0) + 1
    return counts


def decided_text(listing: DecidedListing, verbosity: int = 0) -> str:
    """Decided items grouped by kind, the boundary, then any tool defect, apart from everything else.

    One line per item, as the proven findings print (the explanation under
    each with `verbosity` > 0).  Problems are always listed; overlaps,
    disjoint pairs, rules that can win and undecided questions are cut at
    `LISTED_PER_KIND` each (all with `verbosity` > 0, none with `verbosity` < 0).
    When the listing was judged, the findings `--fail-on decided` fails on
    are always listed, accepted ones say so, and a line counts both.  The
    boundary is one short line (its full text with `verbosity` > 0).
    """
    counts = listed_counts(listing)
    # A kind that says a rule is broken for every message is listed in full at every verbosity.
    always_listed = {kind for kind in listing.kinds if decided_row(kind).broken}
    shown = ", ".join(f"{counts[k]} {title(k)}" for k in listing.kinds if k in counts) or "no items"
    if verbosity < 0:
        line = f"Decided: {shown}"
        if listing.judged:
            line += f"; {listing.failing} to act on" + (f", {listing.accepted} accepted" if listing.accepted else "")
        return line + "."
    lines = ["", "Decided for all messages (automata; every witness re-run through the matchers and both laws):"]
    for kind in listing.kinds:
        items = [item for item in listing.items if item.kind == kind and item.listed]
        failing = [item for item in items if listing.judged and item.fails]
        if verbosity <= 0 and kind not in always_listed:  # what fails a build is never cut off
            items = failing + [i for i in items if not (listing.judged and i.fails)]
        limit = len(items) if kind in always_listed or verbosity > 0 else (0 if verbosity < 0 else LISTED_PER_KIND)
        if verbosity >= 0:
            limit = max(limit, len(failing))
        for item in items[:limit]:
            lines.append("  " + item_line(item))
            if verbosity > 0:
                lines.append(f"      {item.message}")
            if item.evidence is not None and verbosity > 0:
                lines.append(f"      re took (timing): {item.evidence}")
        if len(items) > limit:
            lines.append(f"  ... and {len(items) - limit} more {title(kind)} (-v lists them, --format json has all)")
    if listing.data_rules == 0:
        lines.append("  nothing to decide: the graph has no data rules.")
    else:
        lines.extend(counted_lines(listing))
    # The time only under -v: the default text is the same on every run, so it can be compared and quoted.
    took = f" ({listing.elapsed_seconds} s)" if verbosity > 0 else ""
    lines.append(f"{shown}{took}.")
    if listing.judged:
        lines.append(acted_on_line(listing))
    if verbosity > 0:
        lines.append(f"  [boundary] {listing.boundary}")
    elif verbosity == 0:
        lines.append(f"  [boundary] {SHORT_BOUNDARY}")
    if listing.defects:
        lines.append("Tool defects (a decided witness the real matchers contradict; not findings about the rules):")
        for kind, rule, witness, problem in listing.defects:
            lines.append(f"  [defect] {kind} {rule} {witness!r}: {problem}")
    return "\n".join(lines)


def acted_on_line(listing: DecidedListing) -> str:
    """How many decided findings fail `--fail-on decided`, and how many acceptances keep green."""
    line = f"{listing.failing} decided finding(s) to act on (--fail-on decided fails on them)"
    if listing.accepted:
        line += f", {listing.accepted} accepted as intended"
    if listing.failing:
        line += "; an intended overlap is accepted with `fuzzroute accept GRAPH EARLIER LATER --reason ...`"
    return line + "."
