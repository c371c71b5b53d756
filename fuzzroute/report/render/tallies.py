"""The overview's counts, read from its rows so that every output says the same number.

The terminal's header, the page's cards and the SARIF note all count what
the overview lists: each decided row once (a finding folded into a stronger
row is that row's bug), and the pairs that only meet on glued texts as the
one count of the co-occurrence row.
"""

from __future__ import annotations

from fuzzroute.results.document import Report


def decided_counts(report: Report) -> dict[str, int]:
    """How many rows of each decided kind the overview lists: a finding folded into a stronger row
    (`also`) is that row's bug, counted once with it.  Glued pairs are not findings (see
    `co_occurring_pairs`)."""
    kinds = {d.id: d.kind for d in report.decided}
    counted: dict[str, int] = {}
    for row in report.overview:
        kind = kinds.get(row.anchor or "") if row.tier == "decided" else None
        if kind is not None:  # a finding folded into this row is the same bug: not counted again
            counted[kind] = counted.get(kind, 0) + 1
    hidden = next((row.count or 0 for row in report.overview if row.kind == "more" and row.tier == "decided"), 0)
    if hidden:
        counted["more"] = hidden
    return counted


def folded_decided_counts(report: Report) -> dict[str, int]:
    """How many decided findings of each kind the overview folds into a stronger row of another tier.

    A decided overlap of a pair a declared example already proves is shown
    with that proven row (`also`), not as a row of its own: it is not counted
    by `decided_counts`, yet the tier did find it, and a summary that says
    "nothing" would deny what the proven row links to.
    """
    kinds = {d.id: d.kind for d in report.decided}
    folded: dict[str, int] = {}
    for row in report.overview:
        if row.tier == "decided":
            continue
        for also in row.also:
            kind = kinds.get(also.anchor) if also.tier == "decided" else None
            if kind is not None:
                folded[kind] = folded.get(kind, 0) + 1
    return folded


def co_occurring_pairs(report: Report) -> int:
    """The one count of pairs of rules that only meet on glued texts: the overview's aggregate row's."""
    return next((row.count or 0 for row in report.overview if row.kind == "co-occurrence"), 0)
