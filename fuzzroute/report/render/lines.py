"""One short line per finding, as linters print them: `file:line: code [rule] 'phrase' -> who wins`.

A terminal reader scans for what to fix; the long explanation (what the code
means, both laws' claimants, what to do) stays behind `-v`, like pytest and
ruff keep theirs.  The lines are plain text: the CLI colours them on a
terminal (`cli.terminal.echo_lines`) after making the graph's text inert.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # annotations only: `check` prints these lines and must not load the report's model
    from fuzzroute.results.document import OverviewRow


class Place(Protocol):
    """Where something is declared: the report's `Location`, or the engine's `SourceLocation` as `check` has it."""

    @property
    def file(self) -> str: ...

    @property
    def line(self) -> int: ...


def place(location: Place | None) -> str:
    return "" if location is None else f"{location.file}:{location.line}: "


def finding_line(
    location: Place | None, code: str, rule: str | None, phrase: str | None, winner: str | None,
    extra: str = "",
) -> str:
    """`file:line: code [rule] 'phrase' -> winner` (parts that are unknown are left out)."""
    parts = [place(location) + code]
    if rule:
        parts.append(f"[{rule}]")
    if phrase is not None:
        parts.append(repr(phrase))
    if winner:
        parts.append(f"-> {winner}")
    line = " ".join(parts)
    return f"{line}  ({extra})" if extra else line


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 phrase`, `2 phrases` (the terminal's, the page's and SARIF's counts alike)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


#: Pairs an aggregate line names (the JSON and the page list them all).
PAIRS_NAMED = 3


def named_pairs(row: OverviewRow, limit: int = PAIRS_NAMED) -> str:
    """`hardware / parental-leave x6; password / phishing x5`: an aggregate row's first pairs."""
    return "; ".join(f"{p.earlier} / {p.later}" + (f" x{p.count}" if p.count else "") for p in row.pairs[:limit])


def overview_line(row: OverviewRow) -> str:
    """One overview row as a line (an aggregate row as its sentence)."""
    if row.kind == "co-occurrence":
        meet = "meets" if row.count == 1 else "meet"
        return (
            f"{plural(row.count or 0, 'pair')} of rules only {meet} on glued texts (first-match order, not a bug): "
            f"{named_pairs(row)}"
        )
    if row.kind == "more":
        return f"... and {row.count} more findings in the report (-v lists them all)"
    if row.pairs:  # shared text only in later rules' wildcards, aggregated
        return (f"{plural(row.count or 0, 'pair')} of rules share text only in a later rule's wildcards: "
                f"{named_pairs(row)}")
    if row.reason is not None and row.members:
        phrases = ", ".join(repr(m.phrase) for m in row.members[:PAIRS_NAMED])
        more = f" and {len(row.members) - PAIRS_NAMED} more" if len(row.members) > PAIRS_NAMED else ""
        design = ", ".join(n for n in (row.severity, "by design") if n)
        return finding_line(row.location, row.kind, row.rule, None, None, design) + f": {phrases}{more} - {row.reason}"
    if len(row.members) > 1:
        each = "; ".join(f"[{m.rule}] {m.phrase!r}" for m in row.members)
        count = f", x{row.count}" if row.count else ""
        return f"{row.kind} in {plural(len(row.members), 'rule')} ({row.mutation}{count}): {each}"
    notes: list[str] = [row.severity] if row.severity else []
    if row.relation == "shared-text":
        notes.append("shared text" + (" in a wildcard" if row.shared_in == "wildcard" else ""))
    if row.mutation:
        notes.append(row.mutation)
    if row.count:
        notes.append(f"x{row.count}")
    if row.also:
        notes.append("also " + ", ".join(a.tier + (f" x{a.count}" if a.count else "") for a in row.also))
    return finding_line(row.location, row.kind, row.rule, row.phrase, ", ".join(row.taking_rules) or row.other_rule,
                        ", ".join(notes))
