"""The overview: what an author should act on, strongest evidence first, with the machine-made noise aggregated.

Under search semantics two unanchored rules meet on any message that mentions
both triggers; listing every such pair drowns the real bugs.  So the rows are
ranked by how strong the evidence is and how much it says about the rules:

1. proven problems, one row per declared phrase (errors first);
2. decided for all messages: rules that never win, never match or sit behind
   a default, and regexes with catastrophic backtracking; then overlaps where
   an earlier rule matches inside a later rule's own text, in its fixed words
   before only in its wildcards; each names the rules that take the messages;
3. the default claiming the graph's own never-route phrases: one row for all
   of them, with the reason in words (a fallback default does that by design);
4. sampled: rules that won none of their phrases; shadowings and overlaps
   with shared text (fixed words, then wildcards), by the share of the later
   rule's generated phrases taken; laws that disagree and warm-context claims;
   near misses people type (a rule's own sentence respelled, then its word
   inflected), one row per rule and kind of change (one row naming how many
   rules, with a member per rule, when several miss the same kind).

At most `OVERVIEW_LIMIT` rows of tiers 2 and 3 are listed; the rest are
counted in a `more` row.  Pairs that only meet on glued texts are one
`co-occurrence` row (how many pairs, the top few by count), and shared text
that only inner wildcards absorb is aggregated the same way when there is a
lot of it.  The same rows, in the same order, are the page's overview table,
the terminal's list and the JSON `overview` array.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from msgspec.structs import replace

from fuzzroute.results.document import (
    LOWER_TIERS,
    AlsoShown,
    DecidedRecord,
    OverviewMember,
    OverviewPair,
    OverviewRow,
    PairRelation,
    ProblemRecord,
    RuleFigures,
    SuggestionRecord,
    Tier,
)
from fuzzroute.results.finding_kinds import BROKEN_KINDS, DECIDED, SuggestionRank, suggestion_row
from fuzzroute.results.presentation import (
    CO_OCCURRENCE,
    CO_OCCURRENCE_ANCHOR,
    CO_OCCURRENCE_ROW,
    MORE_ANCHOR,
    MORE_ROW,
    SHARED_TEXT,
    WILDCARD_ANCHOR,
    proven_cards,
)
from fuzzroute.results.record import omit_none, one_of
from fuzzroute.results.suggestions import NEAR_MISS_VARIANTS, RULES_OVERLAP, VARIANT_WORDS, Relation, SharedIn

#: Rows of the decided and suggested tiers listed before the rest are only counted.
OVERVIEW_LIMIT = 20
#: Pairs named in an aggregate row.
AGGREGATE_NAMED = 3
#: Shared text only in wildcards is aggregated into one row beyond this many pairs.
WILDCARD_LISTED = 5
#: A near-miss edit that misses in at least this many rules becomes one row naming them.
EDIT_IN_MANY_RULES = 2
#: The proven code of the default claiming a never-route phrase: a warning by design, one row for all.
NEVER_ROUTES_BY_DEFAULT = "never-routes-by-default"

FIXED_WORDS = "fixed-words"

#: The order of the suggestion kinds' rank groups (`finding_kinds.SuggestionRank`); "pair" rows rank by
#: the share of the later rule's phrases taken, near misses are grouped (`_near_miss_rows`, at 5).
SUGGESTION_GROUPS: dict[SuggestionRank, int] = {"rule": 2, "pair": 3, "context": 4, "near-miss": 5, "other": 6}


#: A pair of rules by name: (earlier rule that takes the text, later rule it is taken from).
Pair = tuple[str, str]


@dataclass(frozen=True)
class Ranked:
    """A candidate row with its rank (lower first) and a tie-break that keeps the order total.

    `pairs` are the pairs of rules the row is evidence about; `folds` says a
    stronger row about one of them stands for this one (see `_fold`).
    """

    rank: tuple[float, ...]
    row: OverviewRow
    pairs: tuple[Pair, ...] = ()
    folds: bool = False
    #: Anchors of the other findings the row stands for (the rest of a near-miss group).
    members: tuple[str, ...] = ()


def _proven_row(number: int, card: list[ProblemRecord]) -> OverviewRow:
    first = card[0]
    rules = list(dict.fromkeys(p.skill for p in card if p.skill))
    winners = list(dict.fromkeys(p.from_ for p in card if p.from_))
    places = {(p.location.file, p.location.line) if p.location else None for p in card}
    return OverviewRow(
        tier="proven", kind=first.code, relation=None, rule=rules[0] if len(rules) == 1 else None,
        other_rule=winners[0] if len(winners) == 1 else None, phrase=first.example, count=None,
        severity=first.kind, codes=list(dict.fromkeys(p.code for p in card)),
        location=first.location if len(places) == 1 else None, anchor=f"proven-{number}",
        new=any(p.status == "new" for p in card), rules=rules, taking_rules=winners,
    )


def _by_default_only(card: list[ProblemRecord]) -> bool:
    """A card that only says the default takes a never-route phrase (a warning by design)."""
    return all(p.code == NEVER_ROUTES_BY_DEFAULT for p in card)


def _never_routes_by_default_row(cards: list[tuple[int, list[ProblemRecord]]]) -> OverviewRow:
    """One row for every never-route phrase the default takes, with the reason in words."""
    problems = [card[0] for _number, card in cards]
    defaults = list(dict.fromkeys(p.skill for p in problems if p.skill))
    phrases = [p.example for p in problems]
    named = " and ".join(f'"{d}"' for d in defaults) or "the default"
    reason = (
        f"{named} starts a turn on every message no earlier rule claims, so it also takes the graph's own "
        f"{plural_words(len(phrases), 'never-route phrase')}: that is what a fallback default is for. "
        "Nothing to fix unless the default must not answer them (then give it a condition)."
    )
    first = problems[0]
    places = {(p.location.file, p.location.line) if p.location else None for p in problems}
    return OverviewRow(
        tier="proven", kind=NEVER_ROUTES_BY_DEFAULT, relation=None, rule=defaults[0] if len(defaults) == 1 else None,
        other_rule=None, phrase=first.example, count=len(phrases), severity=first.kind,
        codes=[NEVER_ROUTES_BY_DEFAULT], location=first.location if len(places) == 1 else None,
        anchor=f"proven-{cards[0][0]}", new=any(p.status == "new" for p in problems), rules=defaults,
        members=[OverviewMember(p.skill, p.example, location=p.location) for p in problems], reason=reason,
    )


def plural_words(count: int, word: str) -> str:
    """`1 never-route phrase`, `3 never-route phrases`."""
    return f"{count} {word if count == 1 else word + 's'}"


def _decided_rows(decided: Sequence[DecidedRecord]) -> tuple[list[Ranked], list[DecidedRecord], list[DecidedRecord]]:
    """Ranked decided rows, and the overlaps that only co-occur or share only wildcards (for aggregates)."""
    ranked: list[Ranked] = []
    glued: list[DecidedRecord] = []
    wildcards: list[DecidedRecord] = []
    for position, item in enumerate(decided):
        group = DECIDED[item.kind].rank
        if group == "broken":
            rank: tuple[float, ...] = (0, BROKEN_KINDS.index(item.kind), position)
        elif group == "pair" and item.relation == SHARED_TEXT:
            if item.shared_in != FIXED_WORDS:
                wildcards.append(item)
                continue
            rank = (1, position)
        else:
            if group == "pair" and item.relation == CO_OCCURRENCE:
                glued.append(item)
            continue
        pairs = tuple((taker, item.rule) for taker in _takers(item))
        ranked.append(Ranked(rank, _decided_row(item), pairs, folds=group == "pair"))
    return ranked, glued, wildcards


def _takers(item: DecidedRecord) -> list[str]:
    """The rules that take a decided finding's messages first (the earlier rule, or every containing rule)."""
    if item.other_rule:
        return [item.other_rule]
    return list(dict.fromkeys(r.rule for r in item.containing_rules))


def _decided_row(item: DecidedRecord) -> OverviewRow:
    takers = _takers(item)
    return OverviewRow(
        tier="decided", kind=item.kind, relation=item.relation, rule=item.rule,
        other_rule=takers[0] if len(takers) == 1 else None, phrase=item.witness, count=None,
        shared_in=item.shared_in, codes=[item.kind], location=item.location, anchor=item.id,
        new=item.status == "new", rules=[item.rule], taking_rules=takers,
    )


def _suggestion_row(item: SuggestionRecord, anchor: str, *, count: int | None = None,
                    other: list[str] | None = None) -> OverviewRow:
    rule = item.rule or item.to
    takers = other if other is not None else ([item.from_] if item.from_ and item.from_ != rule else [])
    return OverviewRow(
        tier="suggested", kind=item.kind, relation=item.relation, rule=rule,
        other_rule=takers[0] if len(takers) == 1 else None,
        phrase=item.witnesses[0].phrase if item.witnesses else None,
        count=item.count if count is None else count, shared_in=item.shared_in, codes=[item.kind],
        mutation=item.mutation, location=item.location, anchor=anchor, new=item.status == "new",
        rules=[rule] if rule else [], taking_rules=takers, variant=item.variant, fix=item.fix,
    )


def _share_taken(item: SuggestionRecord, figures: dict[int, RuleFigures]) -> float:
    """The share of the later rule's generated phrases on which the earlier rule takes shared text."""
    later = item.to_index if item.to_index is not None else item.rule_index
    total = figures[later].phrases if later is not None and later in figures else 0
    return item.shared_count / total if total else 0.0


def _edit_of(item: SuggestionRecord) -> str:
    return (item.mutation or "").partition(":")[0].strip()


def _suggested_rows(
    suggestions: Sequence[SuggestionRecord], figures: dict[int, RuleFigures]
) -> tuple[list[Ranked], list[tuple[SuggestionRecord, str]], list[tuple[SuggestionRecord, str]]]:
    ranked: list[Ranked] = []
    glued: list[tuple[SuggestionRecord, str]] = []
    wildcards: list[tuple[SuggestionRecord, str]] = []
    near: dict[tuple[str | None, str], list[tuple[SuggestionRecord, str]]] = {}
    for position, item in enumerate(suggestions):
        anchor = f"suggestion-{position + 1}"
        row = suggestion_row(item.kind)
        group: SuggestionRank = "other" if row is None else row.rank
        if group == "pair":
            if item.relation == CO_OCCURRENCE:
                glued.append((item, anchor))
                continue
            if item.relation == SHARED_TEXT and item.shared_in != FIXED_WORDS:
                wildcards.append((item, anchor))
                continue
            rank: tuple[float, ...] = (SUGGESTION_GROUPS[group], 1, -_share_taken(item, figures), position)
            pair = (item.from_ or "", item.to or item.rule or "")
            ranked.append(Ranked(rank, _suggestion_row(item, anchor), (pair,), folds=True))
            continue
        if group == "near-miss":
            near.setdefault((item.rule, near_miss_kind(item)), []).append((item, anchor))
            continue
        ranked.append(Ranked((SUGGESTION_GROUPS[group], position), _suggestion_row(item, anchor)))
    ranked.extend(_near_miss_rows(near))
    return ranked, glued, wildcards


def _proven_pairs(card: list[ProblemRecord]) -> tuple[Pair, ...]:
    """The pairs a proven card is about: a declared example another rule takes first."""
    return tuple(dict.fromkeys(
        (p.from_, p.skill) for p in card if p.code == "example-shadowed-by-earlier" and p.from_ and p.skill
    ))


def _fold(proven: list[Ranked], ranked: list[Ranked]) -> tuple[list[OverviewRow], list[Ranked], dict[str, int]]:
    """Fold each weaker row about a pair of rules into the strongest row about that pair.

    A declared example shadowed by an earlier rule (proven), the earlier
    rule matching inside the later one's own text (decided) and generated
    phrases of the later rule taken by the earlier one (sampled) are one bug
    seen three ways: the overview lists it once, at its strongest tier, and
    links the others (`also`).  Every section of the report still lists each.
    Also returns, for each folded finding's anchor, the position of the row
    it folded into among the kept ranked rows (-1: a proven row).
    """
    rows = [*proven, *ranked]  # strongest first
    home: dict[Pair, int] = {}
    also: dict[int, list[AlsoShown]] = {}
    kept: list[int] = []
    for number, candidate in enumerate(rows):
        found = next((home[p] for p in candidate.pairs if p in home), None) if candidate.folds else None
        if found is not None:
            row = candidate.row
            also.setdefault(found, []).append(AlsoShown(one_of(row.tier, LOWER_TIERS), row.anchor or "", row.count))
            continue
        for pair in candidate.pairs:
            home.setdefault(pair, number)
        kept.append(number)

    def finished(number: int) -> Ranked:
        c = rows[number]
        row = replace(c.row, also=also[number]) if number in also else c.row
        return Ranked(c.rank, row, c.pairs, c.folds, c.members)

    position = {number: kept_at - len([k for k in kept if k < len(proven)])
                for kept_at, number in enumerate(kept)}
    folded = {
        shown.anchor: (-1 if home_number < len(proven) else position[home_number])
        for home_number, shown_list in also.items() for shown in shown_list
    }
    return (
        [finished(n).row for n in kept if n < len(proven)],
        [finished(n) for n in kept if n >= len(proven)],
        folded,
    )


def near_miss_kind(item: SuggestionRecord) -> str:
    """What a near-miss row is about: its kind of change (`variant`), or a slip's edit (`--typos`)."""
    return item.variant or _edit_of(item) or "edit"


def _kind_order(kind: str) -> int:
    """Respellings first, then inflections (`NEAR_MISS_VARIANTS`' order), then slips."""
    return NEAR_MISS_VARIANTS.index(kind) if kind in NEAR_MISS_VARIANTS else len(NEAR_MISS_VARIANTS)  # type: ignore[arg-type]


def _best(group: list[tuple[SuggestionRecord, str]]) -> tuple[SuggestionRecord, str]:
    return max(group, key=lambda pair: pair[0].count)


def _near_miss_rows(near: dict[tuple[str | None, str], list[tuple[SuggestionRecord, str]]]) -> list[Ranked]:
    """One row per rule and kind of change (its count summed over who claims the phrases); a kind that several
    rules miss is one row naming how many, with one member per rule (its phrase and its fix)."""
    by_kind: dict[str, list[list[tuple[SuggestionRecord, str]]]] = {}
    for (_rule, kind), group in near.items():
        by_kind.setdefault(kind, []).append(group)
    ranked: list[Ranked] = []
    for kind, groups in by_kind.items():
        order = _kind_order(kind)
        if len(groups) >= EDIT_IN_MANY_RULES:
            bests = sorted((_best(g) for g in groups), key=lambda pair: pair[0].rule_index or 0)
            first, anchor = bests[0]
            rules = [item.rule for item, _a in bests if item.rule]
            count = sum(item.count for g in groups for item, _a in g)
            members = tuple(a for g in groups for _i, a in g if a != anchor)
            words = VARIANT_WORDS.get(kind, kind)
            ranked.append(Ranked((5, order, 0, -count), OverviewRow(
                tier="suggested", kind=first.kind, relation=None, rule=None, other_rule=None,
                phrase=first.witnesses[0].phrase if first.witnesses else None, count=count,
                codes=list(dict.fromkeys(item.kind for g in groups for item, _a in g)),
                mutation=f"{kind}: {words}", anchor=anchor, new=any(item.status == "new" for item, _a in bests),
                rules=rules, variant=one_of(kind, NEAR_MISS_VARIANTS) if kind in NEAR_MISS_VARIANTS else None,
                members=[OverviewMember(item.rule, item.witnesses[0].phrase if item.witnesses else None, item.mutation,
                                        sum(i.count for i, _a in g), item.location, fix=item.fix)
                         for g in sorted(groups, key=lambda g: _best(g)[0].rule_index or 0)
                         for item, _a in [_best(g)]],
            ), members=members))
            continue
        group = groups[0]
        best, anchor = _best(group)
        takers = list(dict.fromkeys(item.from_ for item, _a in group if item.from_ and item.from_ != item.rule))
        count = sum(item.count for item, _a in group)
        ranked.append(Ranked((5, order, 1, -count, int(anchor.rpartition("-")[2])), _suggestion_row(
            best, anchor, count=count, other=takers,
        ), members=tuple(a for _i, a in group if a != anchor)))
    return ranked


#: A pair in an aggregate row: the earlier rule, the later rule, the count, an example phrase.
Named = tuple[str, "str | None", int, "str | None"]


def _aggregate(kind: str, tier: Tier, relation: Relation, named: list[Named],
               pairs: int, anchor: str, shared_in: SharedIn | None = None) -> OverviewRow:
    """One row standing for many pairs: how many, and the named ones as a list (most often met first)."""
    unique: dict[tuple[str, str | None], Named] = {}
    for n in named:
        kept = unique.get((n[0], n[1]))
        if kept is None or n[2] > kept[2]:
            unique[(n[0], n[1])] = n
    ordered = sorted(unique.values(), key=lambda n: (-n[2], n[0], n[1] or ""))
    return OverviewRow(
        tier=tier, kind=kind, relation=relation, rule=None, other_rule=None,
        phrase=ordered[0][3] if ordered else None, count=pairs, shared_in=shared_in, codes=[kind], anchor=anchor,
        pairs=[OverviewPair(a, b or "?", count or None, phrase) for a, b, count, phrase in ordered],
    )


@dataclass(frozen=True)
class Overview:
    """The overview's rows, and the rank of every decided item and suggestion they put in order.

    `ranks` maps a finding's anchor (`decided-N`, `suggestion-N`) to its
    position among the ranked rows (1 is the strongest; 0 for a finding
    folded into a proven row); a finding that only co-occurs has none.
    SARIF and the terminal's full list follow this order.
    """

    rows: list[OverviewRow]
    ranks: dict[str, int]


def overview(
    problems: Sequence[ProblemRecord],
    decided: Sequence[DecidedRecord],
    suggestions: Sequence[SuggestionRecord],
    rules: Sequence[RuleFigures],
    *,
    limit: int = OVERVIEW_LIMIT,
    co_occurring_pairs: int = 0,
    decided_pairs: Sequence[PairRelation] = (),
) -> Overview:
    """The overview's rows in order, and every finding's rank (see the module docstring).

    `co_occurring_pairs` are pairs the decided tier found meeting only on
    glued texts and counted without listing (added to the aggregate row);
    `decided_pairs` how it decided the sampled pairs, so a sampled glued pair
    it already counted is not counted twice.
    """
    numbered = list(enumerate(proven_cards(problems), start=1))
    by_default = [(number, card) for number, card in numbered if _by_default_only(card)]
    proven = [
        Ranked((number,), _proven_row(number, card), _proven_pairs(card))
        for number, card in numbered if not _by_default_only(card)
    ]
    figures = {r.index: r for r in rules}
    decided_ranked, decided_glued, decided_wildcards = _decided_rows(decided)
    sampled_ranked, sampled_glued, sampled_wildcards = _suggested_rows(suggestions, figures)
    by_default_rows = [Ranked((1, float("inf")), _never_routes_by_default_row(by_default))] if by_default else []
    rows, ranked, folded = _fold(
        proven, sorted([*decided_ranked, *by_default_rows, *sampled_ranked], key=lambda r: r.rank)
    )
    wildcard_rows = [_decided_row(i) for i in decided_wildcards] + [_suggestion_row(s, a) for s, a in sampled_wildcards]
    ranks: dict[str, int] = {}
    for position, candidate in enumerate(ranked, start=1):
        for anchor in (candidate.row.anchor or "", *candidate.members):
            if not anchor.startswith("proven-"):
                ranks[anchor] = position
    for anchor, home in folded.items():
        ranks[anchor] = 0 if home < 0 else home + 1
    for position, row in enumerate(wildcard_rows, start=len(ranked) + 1):
        ranks[row.anchor or ""] = position
    if len(wildcard_rows) <= WILDCARD_LISTED:
        ranked.extend(Ranked((7, n), row) for n, row in enumerate(wildcard_rows))
        wildcard_rows = []
    listed = [r.row for r in ranked[:limit]]
    hidden = [r.row for r in ranked[limit:]]
    rows.extend(listed)
    if wildcard_rows:
        rows.append(_aggregate(
            RULES_OVERLAP, "suggested" if sampled_wildcards else "decided", SHARED_TEXT,
            [(r.other_rule or "?", r.rule, r.count or 0, r.phrase) for r in wildcard_rows],
            len(wildcard_rows), WILDCARD_ANCHOR, shared_in="wildcard",
        ))
    glued_named: list[Named] = [(i.other_rule or "?", i.rule, 0, i.witness) for i in decided_glued]
    glued_named += [(s.from_ or "?", s.to or s.rule, s.count, s.witnesses[0].phrase if s.witnesses else None)
                    for s, _a in sampled_glued]
    counted = {(p.from_index, p.to_index) for p in decided_pairs if p.relation == CO_OCCURRENCE}
    sampled_only = {(s.from_index, s.to_index) for s, _a in sampled_glued} - counted
    pairs = len({(i.other_rule, i.rule) for i in decided_glued}) + co_occurring_pairs + len(sampled_only)
    if pairs:
        tier: Tier = "decided" if decided_glued or co_occurring_pairs else "suggested"
        rows.append(_aggregate(CO_OCCURRENCE_ROW, tier, CO_OCCURRENCE, glued_named, pairs, CO_OCCURRENCE_ANCHOR))
    if hidden:
        tier = "decided" if any(row.tier == "decided" for row in hidden) else "suggested"
        rows.append(OverviewRow(
            tier=tier, kind=MORE_ROW, relation=None, rule=None, other_rule=None, phrase=None, count=len(hidden),
            codes=[MORE_ROW], anchor=MORE_ANCHOR,
        ))
    ranks.pop("", None)
    return Overview(rows, ranks)


def with_ranks(
    suggestions: Sequence[SuggestionRecord], decided: Sequence[DecidedRecord], ranks: dict[str, int]
) -> tuple[list[SuggestionRecord], list[DecidedRecord]]:
    """The findings with their `rank` set from the overview's order (anchors as the page numbers them)."""
    return (
        [replace(s, rank=omit_none(ranks.get(f"suggestion-{n}"))) for n, s in enumerate(suggestions, start=1)],
        [replace(d, rank=omit_none(ranks.get(d.id))) for d in decided],
    )
