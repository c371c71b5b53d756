"""The Markdown form of a diff, fit for a pull-request comment (`fuzzroute diff --format markdown`).

It opens with a hidden marker line (`MARKER`) so a CI job can find its own
earlier comment and update it instead of adding a new one each push.  The
tables hold what a reviewer acts on (moves, proven rows, rule changes);
undecided pairs and samples are folded in `<details>`.

The comment is posted by a bot on a pull request whose graph may be
hostile, so no text of the graph (rule ids, keywords, regexes, examples,
file paths) can become markup: graph text is shown in code spans (where
GitHub reads no link, mention, issue reference, HTML or emphasis) whose
fence outgrows any backtick run in it, with table pipes escaped, and with
every invisible or direction-changing character (controls, bidi overrides,
zero-width characters, line breaks) written as a visible `[U+XXXX]`, as
the HTML report does.  A comment opener `<!--` inside graph text is shown
as `[U+003C]!--`, so the bot's marker occurs once, on the first line.
Prose that may quote graph text (undecided reasons, notes) is printed as
it is only when it holds nothing Markdown or GitHub could read as markup;
otherwise it is shown whole as code.
"""

from __future__ import annotations

import re
import unicodedata

from fuzzroute.report.render.diff_text import (
    PROVEN_WORDS,
    RELATION_WORDS,
    Grouped,
    claimant_of,
    grouped,
    headline,
    position,
    positions,
    start_lines,
)
from fuzzroute.results.diff_document import (
    BOUNDARY,
    CO_OCCURRENCE,
    LAW_NAMES,
    RENAMED,
    REORDERED,
    ConditionParts,
    GraphDiff,
    Law,
    Move,
    ProvenChange,
    RowVerdict,
    RuleChange,
    RuleRef,
    UndecidedPair,
)
from fuzzroute.results.proven_records import Location

#: The first line of every diff comment; the GitHub Action looks for it to update its comment.
MARKER = "<!-- fuzzroute-diff -->"
#: How the comment shows a rule's old and new position (`#11 → #10`).
ARROW = "→"
#: Rows of a table shown before the rest is folded away.
ROWS_SHOWN = 30

#: Characters written as `[U+XXXX]` instead of themselves: controls, format characters (bidi controls,
#: zero-width characters), surrogates, line and paragraph separators, private-use and unassigned code points.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"})
_NOT_PRINTABLE_ASCII = re.compile(r"[^\x20-\x7e]")
#: Prose printed as it is: ASCII words and the punctuation of our own sentences, nothing Markdown reads.
_PLAIN = re.compile(r"[A-Za-z0-9_ ,.;:'\"()/=+-]*")
#: Our own rule numbers in prose, `(#4)` and `rule #4`; any other `#` might be read as an issue reference.
_OUR_NUMBERS = re.compile(r"\(#\d+\)|\(rule #\d+[:)]")
#: Our own code words in prose (`when`); other backticks stay out of plain prose.
_OUR_CODE = re.compile(r"`[a-z]+`")
#: What GitHub links in plain text: web addresses, `www.` hosts, mentions and issue references.
_LINKED = re.compile(r"://|www\.|@|#", re.IGNORECASE)
#: An underscore that could open or close emphasis (not between two letters or digits).
_EDGE_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")


def visible(text: str) -> str:
    """`text` with every invisible or direction-changing character as `[U+XXXX]` and `<!--` defused."""
    if _NOT_PRINTABLE_ASCII.search(text):
        text = _NOT_PRINTABLE_ASCII.sub(_marked, text)
    return text.replace("<!--", "[U+003C]!--")


def _marked(found: re.Match[str]) -> str:
    char = found.group(0)
    return f"[U+{ord(char):04X}]" if unicodedata.category(char) in _INVISIBLE_CATEGORIES else char


def code(text: str, *, table: bool = True) -> str:
    """Graph text as an inline code span: inert, one line, any backtick run fenced, pipes escaped in tables."""
    shown = visible(text)
    if not shown:
        return "*(empty)*"
    fence = "`"
    while fence in shown:
        fence += "`"
    # A code span drops one space at each end when both are there; pad so the text is kept as it is.
    padded = f" {shown} " if shown[0] in "` " or shown[-1] in "` " else shown
    span = f"{fence}{padded}{fence}"
    return span.replace("|", "\\|") if table else span


def is_plain(text: str, *, ours: bool = False) -> bool:
    """True when `text` reads the same as Markdown and as plain text on GitHub (nothing links or formats).

    `ours`: the text is one of our sentences, whose rule numbers `(#4)` and code words `when` are allowed.
    """
    rest = _OUR_CODE.sub("", _OUR_NUMBERS.sub("", text)) if ours else text
    return bool(_PLAIN.fullmatch(rest)) and not _LINKED.search(rest) and not _EDGE_UNDERSCORE.search(rest)


def prose(text: str, *, table: bool = False) -> str:
    """A sentence that may quote graph text: as it is when plain, else shown whole as code."""
    return flat(text) if is_plain(text, ours=True) else code(text, table=table)


def quoted(rule_id: str, index: int, *, table: bool = False) -> str:
    """`"tracking" (#2)`, with the id as code when it is not plain."""
    shown = f'"{rule_id}"' if is_plain(rule_id) and '"' not in rule_id else code(rule_id, table=table)
    return f"{shown} (#{index + 1})"


def _ref_name(ref: RuleRef | None, *, table: bool = False) -> str:
    return "no rule" if ref is None else quoted(ref.id, ref.index, table=table)


def _where(location: Location | None, *, table: bool) -> str:
    """`file:line` of a rule or row, as it is when plain, else as code."""
    if location is None:
        return ""
    at = f"{location.file}:{location.line}"
    return at if is_plain(at) and not any(c in at for c in "()'\"") else code(at, table=table)


def cell(text: str) -> str:
    """Our own words for a table cell: one line, pipes escaped."""
    return flat(text).replace("|", "\\|")


def flat(text: str) -> str:
    """Our own words for a list item: one line."""
    return " ".join(text.split())


def rule_cell(ref: RuleRef | None, elsewhere: dict[int, int] | None = None, old_side: bool = True) -> str:
    """A rule's id (as code) and position; both positions when the rule moved between the versions."""
    if ref is None:
        return "*no rule*"
    at = _where(ref.location, table=True)
    return f"{code(ref.id)} {position(ref.index, elsewhere, old_side, ARROW)}" + (f" <sub>{at}</sub>" if at else "")


def _moves_table(groups: list[Grouped], sampled: bool, diff: GraphDiff | None = None) -> list[str]:
    head_of, base_of = positions(diff) if diff is not None else ({}, {})
    head = "| law | from (base) | to (head) | " + ("phrases | witnesses |" if sampled else "extent | witness |")
    lines = [head, "|---|---|---|---|---|"]
    for group in groups[:ROWS_SHOWN]:
        move = group.item
        assert not isinstance(move, UndecidedPair)
        if isinstance(move, Move):
            witnesses = code(repr(move.witness))
            how: str = move.extent
        else:
            witnesses = ", ".join(code(repr(w)) for w in move.witnesses)
            how = str(move.count)
        if move.relation is not None:
            how += f", {RELATION_WORDS[move.relation]}"
        old, new = rule_cell(move.old, head_of, True), rule_cell(move.new, base_of, False)
        lines.append(f"| {group.laws} | {old} | {new} | {cell(how)} | {witnesses} |")
    if len(groups) > ROWS_SHOWN:
        lines.append(f"\n… and {len(groups) - ROWS_SHOWN} more (see the JSON output).")
    return lines


def proven_details(change: ProvenChange, diff: GraphDiff | None = None) -> list[str]:
    """A row's new errors (code) and, per law group, its claimant before and after."""
    details = [f"{code(p.code)} ({cell(p.kind)})" for p in change.new_errors]
    if change.moved_under:
        laws = " and ".join(LAW_NAMES[law] for law in change.moved_under)
        head_of, base_of = positions(diff) if diff is not None else ({}, {})
        before = _claimant(change.base, change.moved_under[0], head_of, True)
        after = _claimant(change.head, change.moved_under[0], base_of, False)
        details.append(f"{laws}: {before} → {after}")
    return details


def _claimant(
    row: RowVerdict | None, law: Law, elsewhere: dict[int, int] | None = None, old_side: bool = True
) -> str:
    claimant = claimant_of(row, law)
    if claimant is None:
        return "no rule"
    rule_id, index = claimant
    shown = f'"{rule_id}"' if is_plain(rule_id) and '"' not in rule_id else code(rule_id, table=True)
    return f"{shown} ({position(index, elsewhere, old_side, ARROW)})"


def rule_change_line(change: RuleChange, condition_parts: ConditionParts = ()) -> str:
    """One rule change as a list item (the terminal's line, graph text as code).

    `condition_parts`: the changed condition in pieces (`GraphDiff.condition_parts`), so only graph text is code.
    """
    old, new = change.old, change.new
    labels = ", ".join(change.changes)
    if new is None:
        assert old is not None
        at = _where(old.location, table=False) or "an unknown line"
        return f"{labels}: {_ref_name(old)} {code(old.caption, table=False)} (was at {at})"
    parts = [f"{labels}: "]
    if old is None:
        parts.append(f"{_ref_name(new)} {code(new.caption, table=False)}")
    else:
        name = f"{_id(old.id)} -> {_id(new.id)}" if RENAMED in change.changes else _id(new.id)
        position = f"#{old.index + 1} -> #{new.index + 1}" if REORDERED in change.changes or old.index != new.index \
            else f"#{new.index + 1}"
        parts.append(f"{name} ({position})")
        if condition_parts:
            parts.append(": " + "".join(
                code(text, table=False) if graph else text for graph, text in condition_parts
            ))
        elif change.condition:
            parts.append(f": {code(change.condition, table=False)}")
    at = _where(new.location, table=False)
    return "".join(parts) + (f" ({at})" if at else "")


def _id(rule_id: str) -> str:
    return f'"{rule_id}"' if is_plain(rule_id) and '"' not in rule_id else code(rule_id, table=False)


def undecided_line(group: Grouped) -> str:
    pair = group.item
    assert isinstance(pair, UndecidedPair)
    return f"{group.laws} {_ref_name(pair.old)} -> {_ref_name(pair.new)}: {prose(pair.reason)}"


def diff_markdown(diff: GraphDiff) -> str:
    """The pull-request comment for `diff`."""
    lines = [
        MARKER,
        f"### fuzzroute diff: {code(diff.base.spec, table=False)} → {code(diff.head.spec, table=False)}",
        "",
        f"{cell(headline(diff))} Exit status **{diff.exit_status}** (`--fail-on {diff.fail_on}`); "
        f"the live law of the head's mount: {LAW_NAMES[diff.live_law]}.",
        "",
    ]
    starts = start_lines(diff)
    if starts:
        lines += ["#### Rules that start a turn now, or no longer (decided for every message)", ""]
        lines += [f"- {prose(line)}" for line in starts]
        lines.append("")
    every = grouped(diff.moves)
    glued = [g for g in every if isinstance(g.item, Move) and g.item.relation == CO_OCCURRENCE]
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
        pairs = "pair meets" if len(glued) == 1 else "pairs meet"
        summary = (f"co-occurrence: {len(glued)} moved {pairs} only where two rules' texts are glued together "
                   "(expected first-match behaviour)")
        lines += ["", f"<details><summary>{summary}</summary>", ""]
        lines += _moves_table(glued, sampled=False, diff=diff)
        lines += ["", "</details>"]
    lines.append("")
    if diff.proven:
        lines += ["#### Declared examples and never-route rows (proven)", ""]
        lines += ["| row | change | details |", "|---|---|---|"]
        for change in diff.proven[:ROWS_SHOWN]:
            words = ", ".join(PROVEN_WORDS[c] for c in change.changes)
            where = _where(change.location, table=True)
            at = f" <sub>{where}</sub>" if where else ""
            lines.append(f"| {code(change.label)}{at} | {cell(words)} | {'<br>'.join(proven_details(change, diff))} |")
        if len(diff.proven) > ROWS_SHOWN:
            lines.append(f"\n… and {len(diff.proven) - ROWS_SHOWN} more (see the JSON output).")
        lines.append("")
    if diff.rules:
        lines += ["#### Rules changed", ""]
        lines += [f"- {rule_change_line(c, diff.condition_parts.get(n, ()))}" for n, c in enumerate(diff.rules)]
        lines.append("")
    undecided = grouped(diff.undecided)
    if undecided:
        lines.append(f"<details><summary>Undecided pairs ({len(undecided)}): may or may not move</summary>")
        lines.append("")
        lines += [f"- {undecided_line(g)}" for g in undecided[:ROWS_SHOWN]]
        if len(undecided) > ROWS_SHOWN:
            lines.append(f"- … and {len(undecided) - ROWS_SHOWN} more")
        lines += ["", "</details>", ""]
    if diff.sampling.ran:
        sampled = grouped(diff.sampled)
        lines.append(
            f"<details><summary>Sampled, not proof: {len(sampled)} undecided pair(s) seen moving in "
            f"{diff.sampling.phrases} generated phrases</summary>"
        )
        lines.append("")
        lines += _moves_table(sampled, sampled=True) if sampled else ["No generated phrase moved an undecided pair."]
        lines += ["", "</details>", ""]
    for defect in diff.defects:
        lines.append(f"> fuzzroute defect (a bug in fuzzroute, not in your rules): {prose(defect)}")
    for note in diff.notes:
        lines.append(f"> Note: {prose(note)}")
    lines += ["", f"<sub>{flat(BOUNDARY)}</sub>", ""]
    return "\n".join(lines)
