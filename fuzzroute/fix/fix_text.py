"""`fuzzroute fix` in the terminal: per finding, the edit and what it was proved to move.

Laid out from the `FixDocument` (so the text and `--format json` say the
same): the finding in the line format `check` uses, then `fix:` with the
edit, then `safe: moves only ...` or `unsafe: also moves ...` with
witnesses, or why there is no fix.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuzzroute.engine.text import shortened
from fuzzroute.fix.fix_document import FixDocument, FixRecord, MoveRecord, RowRecord
from fuzzroute.results.diff_document import RuleRef

#: Moves shown per fix (the JSON document lists them all).
SHOWN_MOVES = 3


def _name(ref: RuleRef | None) -> str:
    return "no rule" if ref is None else f'"{ref.id}"'


def _place(ref: RuleRef) -> str:
    where = ref.location
    return "" if where is None else f"{where.file}:{where.line}: "


_LAW_NAMES = {"cold_walk": "the cold walk", "cascade": "the cascade"}


def _moves(moves: Sequence[MoveRecord]) -> tuple[list[str], int]:
    """One phrase per pair of rules (the cold walk's and the cascade's told once), and how many were left out.

    A phrase moving under both laws from different rules (the default under the cold walk, no rule in the
    cascade) is said once, with where it came from under each law, not twice as if it were two messages.
    """
    pairs: dict[tuple[str, str], MoveRecord] = {}
    for move in moves:
        pairs.setdefault((_name(move.old), _name(move.new)), move)
    by_phrase: dict[tuple[str, str], list[MoveRecord]] = {}
    for move in pairs.values():
        by_phrase.setdefault((move.witness, _name(move.new)), []).append(move)
    said = []
    for (witness, new), group in by_phrase.items():
        if len(group) == 1:
            said.append(f"{witness!r} from {_name(group[0].old)} to {new}")
        else:
            origins = ", ".join(f"from {_name(m.old)} in {_LAW_NAMES.get(m.law, m.law)}" for m in group)
            said.append(f"{witness!r} to {new} ({origins})")
    return said[:SHOWN_MOVES], max(0, len(said) - SHOWN_MOVES)


def _rows(rows: Sequence[RowRecord]) -> str:
    parts = []
    for row in rows:
        now = ", ".join(row.after) or "passes"
        parts.append(f"the declared {row.kind} {row.phrase!r} ({row.label.split('::')[0]}) would {now}"
                     if row.after else f"the declared {row.kind} {row.phrase!r} changes")
    return "; ".join(parts)


def _finding(record: FixRecord) -> str:
    finding = record.finding
    kind = f" ({finding.variant_kind})" if finding.variant_kind else ""
    witness = f" {finding.witness!r}" if finding.witness else ""
    where = "the example" if finding.source_kind == "example" else "the rule's own words"
    source = f" (of {where} {finding.source!r})" if finding.source else ""
    takers = ", ".join(t.id for t in finding.takers)
    taking = f" -> {takers}" if takers else ""
    return f"  {_place(finding.rule)}{finding.code}{kind} [{finding.rule.id}]{witness}{source}{taking}"


def _fix_lines(record: FixRecord) -> list[str]:
    fix = record.fix
    if fix is None:
        return [f"    no fix: {record.reason}"]
    lines = [f"    fix: {fix.description}"]
    inside, more = _moves(fix.moves)
    if record.status == "safe":
        moved = "; ".join(inside) + (f"; and {more} more pair(s)" if more else "")
        what = f": {moved}" if inside else " (no message changes rule)"
        lines.append(f"    safe: moves only {fix.allowed}{what}")
        if not record.made:
            lines.append(f"    not made: {record.reason}")
        return lines
    problems: list[str] = []
    outside, more = _moves(fix.also_moves)
    if outside:
        problems.append("also moves " + "; ".join(outside) + (
            f"; and {more} more pair(s) (--format json lists them)" if more else ""))
    if fix.breaks:
        problems.append(_rows(fix.breaks))
    if fix.new_findings:
        problems.append("adds the decided finding(s): " + "; ".join(shortened(m, 160) for m in fix.new_findings))
    if fix.unresolved:
        problems.append(f"and does not settle the finding ({fix.unresolved})")
    if record.status == "unproven":
        lines.append("    unproven: the automata could not decide what it moves: " + "; ".join(fix.undecided))
    else:
        lines.append("    unsafe: " + "; ".join(problems))
    if record.made:
        lines.append("    made anyway (--unsafe)")
    elif record.reason:
        lines.append(f"    not made: {record.reason}")
    else:
        lines.append("    not made (--unsafe makes it)")
    return lines


def written_line(document: FixDocument) -> str:
    """What `--write` did to the file, and the check that proves it (under the run's own policy)."""
    if not document.written:
        return f"Nothing to write: {document.source} is unchanged."
    policy = "" if document.fail_on == "decided" else f" --fail-on {document.fail_on}"
    return (f"Wrote {document.summary.made} fix(es) into {document.source}. Run `fuzzroute check "
            f"{document.source}{policy}` to prove them.")


def fix_text(document: FixDocument, *, mode: str) -> str:
    """The listing; `mode` is `list`, `diff` (the diff went to stdout: this goes to stderr) or `write`."""
    lines = [f"fuzzroute fix: graph {shortened(document.graph)!r} ({document.source})"]
    for record in document.fixes:
        lines.append(_finding(record))
        lines.extend(_fix_lines(record))
    summary = document.summary
    if not document.fixes:
        lines.append("  nothing to fix: no finding a fix exists for.")
    lines.append(
        f"{summary.findings} finding(s): {summary.safe} with a safe fix ({summary.made} made), {summary.unsafe} "
        f"unsafe, {summary.unproven} unproven, {summary.no_fix} without a fix."
    )
    made = summary.made
    if mode == "write":
        lines.append(written_line(document))
    elif mode == "list" and made:
        lines.append("Pass --write to make the fixes listed as made (or --diff to see them as a patch).")
    status = "passes" if document.exit_status == 0 else "still fails"
    lines.append(f"After the fixes, --fail-on {document.fail_on} {status}.")
    return "\n".join(lines)
