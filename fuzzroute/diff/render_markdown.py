"""The Markdown form of a diff, fit for a pull-request comment (`fuzzroute diff --format markdown`).

It opens with a hidden marker line (`MARKER`) so a CI job can find its own
earlier comment and update it instead of adding a new one each push.  The
tables hold what a reviewer acts on (moves, proven rows, rule changes);
undecided pairs and samples are folded in `<details>`.  Every cell is
escaped: a witness is shown as a Python literal in a code span, so a pipe,
a backtick or a newline in it cannot break the table.
"""

from __future__ import annotations

from fuzzroute.diff.model import BOUNDARY, GraphDiff, Move, ProvenChange, RuleRef
from fuzzroute.diff.render_text import (
    PROVEN_WORDS,
    RELATION_WORDS,
    Grouped,
    claimant_name,
    glued_line,
    grouped,
    headline,
    positions,
    rule_change_line,
    start_lines,
    undecided_line,
    where,
)
from fuzzroute.diff.winners import LAW_NAMES

#: The first line of every diff comment; the GitHub Action looks for it to update its comment.
MARKER = "<!-- fuzzroute-diff -->"
#: Rows of a table shown before the rest is folded away.
ROWS_SHOWN = 30


def code(text: str) -> str:
    """`text` as an inline code span that survives any backtick in it, with table pipes escaped."""
    fence = "`"
    while fence in text:
        fence += "`"
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}".replace("|", "\\|")


def cell(text: str) -> str:
    """Text for a table cell: one line, pipes escaped (GitHub reads `\\|` as a pipe, also in code spans)."""
    return flat(text).replace("|", "\\|")


def flat(text: str) -> str:
    """Text for a list item: one line (pipes need no escape outside a table)."""
    return " ".join(text.split())


def rule_cell(ref: RuleRef | None, elsewhere: dict[int, int] | None = None, old_side: bool = True) -> str:
    """A rule's id and position; both positions (old first) when the rule moved ("#11 -> #10")."""
    if ref is None:
        return "*no rule*"
    at = where(ref)
    other = (elsewhere or {}).get(ref.index)
    position = f"#{ref.index + 1}"
    if other is not None and other != ref.index:
        position = f"#{ref.index + 1} → #{other + 1}" if old_side else f"#{other + 1} → #{ref.index + 1}"
    return f"{code(ref.id)} {position}" + (f" <sub>{cell(at)}</sub>" if at else "")


def _moves_table(groups: list[Grouped], sampled: bool, diff: GraphDiff | None = None) -> list[str]:
    head_of, base_of = positions(diff) if diff is not None else ({}, {})
    head = "| law | from (base) | to (head) | " + ("phrases | witnesses |" if sampled else "extent | witness |")
    lines = [head, "|---|---|---|---|---|"]
    for group in groups[:ROWS_SHOWN]:
        move = group.item
        assert isinstance(move, Move)
        if sampled:
            witnesses = ", ".join(code(repr(w)) for w in (move.witness, *move.more_witnesses))
            how = str(move.count)
        else:
            witnesses = code(repr(move.witness))
            how = move.extent
        if move.relation is not None:
            how += f", {RELATION_WORDS.get(move.relation, move.relation)}"
        old, new = rule_cell(move.old, head_of, True), rule_cell(move.new, base_of, False)
        lines.append(f"| {group.laws} | {old} | {new} | {how} | {witnesses} |")
    if len(groups) > ROWS_SHOWN:
        lines.append(f"\n… and {len(groups) - ROWS_SHOWN} more (see the JSON output).")
    return lines


def proven_details(change: ProvenChange, diff: GraphDiff | None = None) -> list[str]:
    """A row's new errors (code) and, per law group, its claimant before and after."""
    details = [f"{code(str(p.get('code')))} ({cell(str(p.get('kind')))})" for p in change.new_errors]
    if change.moved_under:
        laws = " and ".join(LAW_NAMES[law] for law in change.moved_under)
        head_of, base_of = positions(diff) if diff is not None else ({}, {})
        before = claimant_name(change.base, change.moved_under[0], head_of, True)
        after = claimant_name(change.head, change.moved_under[0], base_of, False)
        details.append(f"{laws}: {cell(before)} → {cell(after)}")
    return details


def diff_markdown(diff: GraphDiff) -> str:
    """The pull-request comment for `diff`."""
    lines = [
        MARKER,
        f"### fuzzroute diff: {code(diff.base.spec)} → {code(diff.head.spec)}",
        "",
        f"{cell(headline(diff))} Exit status **{diff.exit_status}** (`--fail-on {diff.fail_on}`); "
        f"the live law of the head's mount: {LAW_NAMES[diff.live_law]}.",
        "",
    ]
    starts = start_lines(diff)
    if starts:
        lines += ["#### Rules that start a turn now, or no longer (decided for every message)", ""]
        lines += [f"- {flat(line)}" for line in starts]
        lines.append("")
    every = grouped(diff.moves)
    glued = [g for g in every if isinstance(g.item, Move) and g.item.relation == "co-occurrence"]
    moves = [g for g in every if g not in glued]
    lines.append("#### Messages that change the rule that starts the turn (decided for every message)")
    lines.append("")
    if moves:
        lines.append(
            "Each witness was re-run through both versions' `claims()`. *total*: every message the old rule "
            "started now starts the new one; *partial*: some do."
        )
        lines.append("")
        lines += _moves_table(moves, sampled=False, diff=diff)
    elif not glued:
        lines.append("No message changes its rule, for every message the automata decide.")
    if glued:
        lines += ["", f"<details><summary>{cell(glued_line(glued, diff, hint=''))}</summary>", ""]
        lines += _moves_table(glued, sampled=False, diff=diff)
        lines += ["", "</details>"]
    lines.append("")
    if diff.proven:
        lines += ["#### Declared examples and never-route rows (proven)", ""]
        lines += ["| row | change | details |", "|---|---|---|"]
        for change in diff.proven[:ROWS_SHOWN]:
            words = ", ".join(PROVEN_WORDS.get(c, c) for c in change.changes)
            at = "" if not change.location else f" <sub>{cell(change.location['file'])}:{change.location['line']}</sub>"
            lines.append(f"| {code(change.label)}{at} | {cell(words)} | {'<br>'.join(proven_details(change, diff))} |")
        if len(diff.proven) > ROWS_SHOWN:
            lines.append(f"\n… and {len(diff.proven) - ROWS_SHOWN} more (see the JSON output).")
        lines.append("")
    if diff.rules:
        lines += ["#### Rules changed", ""]
        lines += [f"- {flat(rule_change_line(c))}" for c in diff.rules]
        lines.append("")
    undecided = grouped(diff.undecided)
    if undecided:
        lines.append(f"<details><summary>Undecided pairs ({len(undecided)}): may or may not move</summary>")
        lines.append("")
        lines += [f"- {flat(undecided_line(g))}" for g in undecided[:ROWS_SHOWN]]
        if len(undecided) > ROWS_SHOWN:
            lines.append(f"- … and {len(undecided) - ROWS_SHOWN} more")
        lines += ["", "</details>", ""]
    if diff.sampling.get("ran"):
        sampled = grouped(diff.sampled)
        lines.append(
            f"<details><summary>Sampled, not proof: {len(sampled)} undecided pair(s) seen moving in "
            f"{diff.sampling['phrases']} generated phrases</summary>"
        )
        lines.append("")
        lines += _moves_table(sampled, sampled=True) if sampled else ["No generated phrase moved an undecided pair."]
        lines += ["", "</details>", ""]
    for defect in diff.defects:
        lines.append(f"> fuzzroute defect (a bug in fuzzroute, not in your rules): {flat(defect)}")
    for note in diff.notes:
        lines.append(f"> Note: {flat(note)}")
    lines += ["", f"<sub>{flat(BOUNDARY)}</sub>", ""]
    return "\n".join(lines)
