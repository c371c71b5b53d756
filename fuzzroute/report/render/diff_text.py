"""The terminal form of a diff: one line per moved pair, then the proven rows, undecided pairs and samples.

A pair that moves the same way under both laws (the usual case in a graph
without defaults) is one line marked `both laws`; otherwise each law has its
own line.  Every line that names a rule of the new version ends with where
it is declared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.engine.text import shortened
from fuzzroute.results.diff_document import (
    CASCADE,
    CLAIMANT_CHANGED,
    CO_OCCURRENCE,
    COLD_WALK,
    FIXED,
    LAW_NAMES,
    NEW_ERROR,
    NOW_WINS,
    RENAMED,
    REORDERED,
    ROW_ADDED,
    ROW_REMOVED,
    VERDICT_CHANGED,
    GraphDiff,
    Law,
    Move,
    ProvenChange,
    ProvenChangeKind,
    Relation,
    RowVerdict,
    RuleChange,
    RuleRef,
    SampledMove,
    StartChange,
    UndecidedPair,
    ref_name,
)

BOTH = "both laws"
#: Glued moves named in their counted line.
GLUED_SHOWN = 2
#: Undecided pairs listed in full (the rest are counted).
UNDECIDED_SHOWN = 20


@dataclass(frozen=True)
class Grouped:
    """A move (or undecided pair) and the laws it holds under, as one line."""

    laws: str
    item: Move | SampledMove | UndecidedPair


def _key(item: Move | SampledMove | UndecidedPair) -> tuple[object, ...]:
    old = None if item.old is None else item.old.index
    new = None if item.new is None else item.new.index
    extent = item.extent if isinstance(item, Move) else None
    return (old, new, extent)


def grouped(items: Sequence[Move | SampledMove | UndecidedPair]) -> list[Grouped]:
    """Pairs in order, those equal under both laws merged into one `both laws` entry."""
    by_law: dict[Law, dict[tuple[object, ...], Move | SampledMove | UndecidedPair]] = {COLD_WALK: {}, CASCADE: {}}
    for item in items:
        by_law[item.law][_key(item)] = item
    out: list[Grouped] = []
    for item in items:
        other: Law = CASCADE if item.law == COLD_WALK else COLD_WALK
        twin = _key(item) in by_law[other]
        if twin and item.law == CASCADE:
            continue  # already listed with the cold walk's line
        out.append(Grouped(BOTH if twin else LAW_NAMES[item.law], item))
    return out


def where(ref: RuleRef | None) -> str:
    location = None if ref is None else ref.location
    return "" if location is None else f"{location.file}:{location.line}"


def rule_change_line(change: RuleChange) -> str:
    old, new = change.old, change.new
    labels = ", ".join(change.changes)
    if new is None:
        assert old is not None
        return f"{labels}: {old.name} `{old.caption}` (was at {where(old) or 'an unknown line'})"
    parts = [f"{labels}: "]
    if old is None:
        parts.append(f"{new.name} `{new.caption}`")
    else:
        name = f'"{old.id}" -> "{new.id}"' if RENAMED in change.changes else f'"{new.id}"'
        position = f"#{old.index + 1} -> #{new.index + 1}" if REORDERED in change.changes or old.index != new.index \
            else f"#{new.index + 1}"
        parts.append(f"{name} ({position})")
        if change.condition:
            parts.append(f": {change.condition}")
    at = where(new)
    return "".join(parts) + (f"  ({at})" if at else "")


RELATION_WORDS: dict[Relation, str] = {"shared-text": "shared text", "co-occurrence": "co-occurrence"}


def positions(diff: GraphDiff) -> tuple[dict[int, int], dict[int, int]]:
    """Each old rule's position in the new version, and each new rule's in the old one (matched rules)."""
    head_of = {old: ref.index for old, ref in diff.head_match.items()}
    return head_of, {new: old for old, new in head_of.items()}


def position(index: int, elsewhere: dict[int, int] | None, old_side: bool, arrow: str = "->") -> str:
    """`#4`, or both positions, old first, when the rule moved between the versions (`#3 -> #2`)."""
    other = (elsewhere or {}).get(index)
    if other is None or other == index:
        return f"#{index + 1}"
    before, after = (index, other) if old_side else (other, index)
    return f"#{before + 1} {arrow} #{after + 1}"


def named(ref: RuleRef | None, elsewhere: dict[int, int], old_side: bool) -> str:
    """`"password-expiry" (#3 -> #2)`: a rule that changed position names both (old first), else one."""
    if ref is None:
        return "no rule"
    other = elsewhere.get(ref.index)
    if other is None or other == ref.index:
        return ref.name
    return f'"{ref.id}" ({position(ref.index, elsewhere, old_side)})'


def move_line(group: Grouped, diff: GraphDiff | None = None) -> str:
    move = group.item
    assert not isinstance(move, UndecidedPair)
    at = where(move.new)
    head_of, base_of = positions(diff) if diff is not None else ({}, {})
    if isinstance(move, Move):
        how: str = move.extent
        shown = f"{move.witness!r}"
    else:
        how = f"{move.count} sampled phrase(s)"
        shown = ", ".join(repr(w) for w in move.witnesses)
    if move.relation is not None:
        how += f", {RELATION_WORDS[move.relation]}"
    pair = f"{named(move.old, head_of, True)} -> {named(move.new, base_of, False)}"
    line = f"{group.laws:<10} {pair}  {how}  e.g. {shown}"
    return line + (f"  ({at})" if at else "")


def glued_line(groups: Sequence[Grouped], diff: GraphDiff, hint: str = "; -v lists them") -> str:
    """The moves whose rules only meet on glued texts, as one counted line (first-match routing at work)."""
    head_of, base_of = positions(diff)
    shown = "; ".join(
        f"{named(g.item.old, head_of, True)} -> {named(g.item.new, base_of, False)} {g.item.witness!r}"
        for g in groups[:GLUED_SHOWN] if not isinstance(g.item, UndecidedPair)
    )
    pairs = "pair meets" if len(groups) == 1 else "pairs meet"
    return (
        f"co-occurrence: {len(groups)} moved {pairs} only where two rules' texts are glued together (expected "
        f"first-match behaviour{hint}), e.g. {shown}"
    )


def start_line(change: StartChange, laws: str) -> str:
    """`"password-expiry" can now start a turn ...`, with where the rule is declared."""
    head_of, base_of = {change.old.index: change.new.index}, {change.new.index: change.old.index}
    shown = "" if change.witness is None else f", e.g. {change.witness!r}"
    if change.kind == NOW_WINS:
        said = (f"{named(change.new, base_of, False)} can now start a turn (before, earlier rules took every "
                f"message it matches){shown}")
    else:
        said = (f"{named(change.old, head_of, True)} can no longer start a turn: earlier rules now take every "
                f"message it matches{shown}")
    at = where(change.new)
    return f"{laws:<10} {said}" + (f"  ({at})" if at else "")


def start_lines(diff: GraphDiff) -> list[str]:
    """One line per rule whose ability to start a turn changed (both laws merged when they agree)."""
    by_key: dict[tuple[object, int, int], list[StartChange]] = {}
    for change in diff.starts:
        by_key.setdefault((change.kind, change.old.index, change.new.index), []).append(change)
    lines = []
    for changes in by_key.values():
        laws = BOTH if len({c.law for c in changes}) == 2 else LAW_NAMES[changes[0].law]
        lines.append(start_line(changes[0], laws))
    return lines


PROVEN_WORDS: dict[ProvenChangeKind, str] = {
    NEW_ERROR: "new error",
    FIXED: "error fixed",
    VERDICT_CHANGED: "verdict changed",
    CLAIMANT_CHANGED: "claimant changed",
    ROW_ADDED: "row added",
    ROW_REMOVED: "row removed",
}


def proven_line(change: ProvenChange, diff: GraphDiff | None = None) -> str:
    words = [PROVEN_WORDS[c] for c in change.changes]
    details = []
    for problem in change.new_errors:
        details.append(problem.code)
    if change.moved_under:
        laws = BOTH if len(change.moved_under) == 2 else LAW_NAMES[change.moved_under[0]]
        head_of, base_of = positions(diff) if diff is not None else ({}, {})
        before = claimant_name(change.base, change.moved_under[0], head_of, True)
        after = claimant_name(change.head, change.moved_under[0], base_of, False)
        details.append(f"{laws}: {before} -> {after}")
    at = "" if change.location is None else f"{change.location.file}:{change.location.line}: "
    tail = f" ({'; '.join(details)})" if details else ""
    return f"{at}{change.label}: {', '.join(words)}{tail}"


def claimant_of(row: RowVerdict | None, law: Law) -> tuple[str, int] | None:
    """The id and index of the rule that claims a declared row under `law`, or None."""
    claims = None if row is None else row.claims
    if claims is None:
        return None
    found = claims.cold_walk if law == COLD_WALK else claims.cascade
    return None if found is None else (found.id, found.index)


def claimant_name(
    row: RowVerdict | None, law: Law, elsewhere: dict[int, int] | None = None, old_side: bool = True
) -> str:
    claimant = claimant_of(row, law)
    if claimant is None:
        return "no rule"
    rule_id, index = claimant
    return f'"{rule_id}" ({position(index, elsewhere, old_side)})'


def undecided_line(group: Grouped) -> str:
    pair = group.item
    assert isinstance(pair, UndecidedPair)
    return f"{group.laws:<10} {ref_name(pair.old)} -> {ref_name(pair.new)}: {pair.reason}"


def _by_law(items: Sequence[Move | SampledMove | UndecidedPair]) -> str:
    cold = sum(1 for i in items if i.law == COLD_WALK)
    cascade = sum(1 for i in items if i.law == CASCADE)
    return f"{len(grouped(items))} ({cold} under the cold walk, {cascade} under the cascade)"


def headline(diff: GraphDiff) -> str:
    summary = diff.summary
    parts = [
        f"moved pairs decided: {_by_law(diff.moves)}",
        *([f"rules that start a turn now or no longer: {len(start_lines(diff))}"] if diff.starts else []),
        f"proven rows changed: {summary.proven_changes} ({summary.proven_new_errors} new error(s))",
        f"undecided pairs: {_by_law(diff.undecided)}",
    ]
    if diff.sampling.ran:
        parts.append(f"sampled moves (not proof): {len(grouped(diff.sampled))}")
    return "; ".join(parts) + "."


def diff_text(diff: GraphDiff, verbosity: int = 0) -> str:
    """The human form of `diff`; `verbosity` -1 prints the summary line only, 1 every undecided pair."""
    status = f"exit {diff.exit_status} (--fail-on {diff.fail_on})"
    if verbosity < 0:
        return f"{headline(diff)} {status}"
    lines = [
        f"fuzzroute diff: {diff.base.spec} -> {diff.head.spec} (graph {shortened(diff.head.name)!r}, live law: "
        f"{LAW_NAMES[diff.live_law]})"
    ]
    lines.append(f"Rules: {len(diff.rules)} changed" + (":" if diff.rules else "."))
    lines += [f"  {rule_change_line(c)}" for c in diff.rules]
    starts = start_lines(diff)
    if starts:
        lines.append("Start a turn, decided for every message:")
        lines += [f"  {line}" for line in starts]
    moves = grouped(diff.moves)
    lines.append(
        "Moved, decided for every message (each witness re-run through both versions):"
        if moves else "Moved, decided for every message: none."
    )
    glued = [g for g in moves if isinstance(g.item, Move) and g.item.relation == CO_OCCURRENCE]
    listed = moves if verbosity > 0 else [g for g in moves if g not in glued]
    lines += [f"  {move_line(g, diff)}" for g in listed]
    if glued and verbosity <= 0:
        lines.append(f"  {glued_line(glued, diff)}")
    lines.append(f"Proven, declared rows: {len(diff.proven)} changed" + (":" if diff.proven else "."))
    lines += [f"  {proven_line(c, diff)}" for c in diff.proven]
    undecided = grouped(diff.undecided)
    if undecided:
        lines.append("Undecided (they may or may not move):")
        shown = undecided if verbosity > 0 else undecided[:UNDECIDED_SHOWN]
        lines += [f"  {undecided_line(g)}" for g in shown]
        if len(shown) < len(undecided):
            lines.append(f"  ... {len(undecided) - len(shown)} more (-v lists them all)")
    if diff.sampling.ran:
        sampled = grouped(diff.sampled)
        lines.append(
            f"Sampled, not proof ({diff.sampling.phrases} generated phrase(s) for the undecided pairs, seed "
            f"{diff.sampling.seed}): " + (f"{len(diff.sampled)} pair(s) seen moving:" if sampled else "none seen.")
        )
        lines += [f"  {move_line(g, diff)}" for g in sampled]
    for defect in diff.defects:
        lines.append(f"  [fuzzroute defect] {defect}")
    lines += [f"Note: {note}" for note in diff.notes]
    lines.append(f"{headline(diff)} {status}")
    return "\n".join(lines)
