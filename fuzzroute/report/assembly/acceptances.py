"""Set aside the findings about overlaps the author accepted as intended, and name the acceptances left stale.

An acceptance (`Graph.accept_overlap(earlier, later, reason=...)`, a JSON
graph's `accepted`, or the file beside a graph) covers every overlap and
shadowing finding, decided or sampled, in which rule `earlier` takes phrases
rule `later` matches: a decided overlap of the pair, a rule that never wins
when every rule taking its messages is accepted, a sampled shadowing,
overlap, law disagreement or near miss claimed by `earlier`.  Those move to
the report's `accepted` list with the reason.  An acceptance that covered
nothing this run is stale: the overlap may have been fixed (then drop the
acceptance), or a rule renamed.  Proven problems are never set aside: an
accepted overlap still fails a declared example it shadows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.decided.verdict import covering
from fuzzroute.engine.acceptance import Acceptance
from fuzzroute.engine.entries import Entry
from fuzzroute.report.assembly.records import location
from fuzzroute.results.document import (
    AcceptedFinding,
    AcceptedSection,
    DecidedRecord,
    StaleAcceptance,
    SuggestionRecord,
)

#: Decided kinds about two rules meeting.
DECIDED_PAIR_KINDS = ("decided-overlap",)


@dataclass(frozen=True)
class SetAside:
    suggestions: list[SuggestionRecord]
    decided: list[DecidedRecord]
    accepted: AcceptedSection


def set_aside(
    acceptances: Sequence[Acceptance],
    entries: Sequence[Entry],
    suggestions: Sequence[SuggestionRecord],
    decided: Sequence[DecidedRecord],
) -> SetAside:
    """The findings no acceptance covers, and the accepted section (covered findings, stale acceptances)."""
    if not acceptances:
        return SetAside(list(suggestions), list(decided), AcceptedSection())
    pairs = {(a.earlier, a.later): a for a in acceptances}
    used: set[tuple[str, str]] = set()
    found: list[AcceptedFinding] = []
    kept_suggestions: list[SuggestionRecord] = []
    for s in suggestions:
        key = (s.from_ or "", s.to or s.rule or "")
        accepted = pairs.get(key)
        if accepted is None or s.relation == "co-occurrence":
            kept_suggestions.append(s)
            continue
        used.add(key)
        phrase = s.witnesses[0].phrase if s.witnesses else None
        found.append(AcceptedFinding("suggested", s.kind, key[0], key[1], accepted.reason, s.count, phrase))
    kept_decided: list[DecidedRecord] = []
    for d in decided:
        covering = _covering(d, pairs)
        if not covering:
            kept_decided.append(d)
            continue
        used.update(covering)
        reason = "; ".join(dict.fromkeys(pairs[k].reason for k in covering))
        earlier = ", ".join(dict.fromkeys(k[0] for k in covering))
        found.append(AcceptedFinding("decided", d.kind, earlier, d.rule, reason, None, d.witness))
    ids = {e.id for e in entries}
    stale = [
        StaleAcceptance(a.earlier, a.later, a.reason, _why_stale(a, ids), location(a.location))
        for a in acceptances if (a.earlier, a.later) not in used
    ]
    return SetAside(kept_suggestions, kept_decided, AcceptedSection(found, stale))


def _covering(item: DecidedRecord, pairs: dict[tuple[str, str], Acceptance]) -> list[tuple[str, str]]:
    """The accepted pairs that cover a decided item (all of them must, for a rule taken by several)."""
    return covering(item.kind, item.rule, item.other_rule, item.relation, [ref.rule for ref in item.containing_rules],
                    pairs.keys())


def _why_stale(acceptance: Acceptance, ids: set[str]) -> str:
    missing = [name for name in (acceptance.earlier, acceptance.later) if name not in ids]
    if missing:
        return f"no rule is named {' or '.join(repr(m) for m in missing)} any more"
    return (
        f"no overlap of {acceptance.later!r} by {acceptance.earlier!r} was found this run: if it was fixed, drop "
        "the acceptance (a sampled overlap may also simply not have been drawn; the decided tier is exact)"
    )
