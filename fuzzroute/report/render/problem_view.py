"""What the HTML page shows of a finding: proven cards, overview lines, suggestion groups, typed.

The page's template reads plain dicts (Jinja), so these are TypedDicts: the
same objects at run time, with every key and value type checked where the
view builds them.
"""

from __future__ import annotations

from typing import TypedDict

from fuzzroute.results.document import Location, ProblemRecord, SuggestionRecord
from fuzzroute.results.presentation import Explanation
from fuzzroute.results.suggestions import Witness


class ClaimantView(TypedDict):
    """Who a phrase starts under one law, as the page names it."""

    law: str
    #: The law the graph is mounted under (the one that decides the turn).
    used: bool
    label: str
    #: No entry starts the phrase: the turn falls through.
    none: bool
    default: bool


class ProblemItem(TypedDict):
    """One proven problem with its explanation and both laws' claimants."""

    p: ProblemRecord
    why: Explanation
    claims: list[ClaimantView]


class ShownProblem(ProblemItem):
    """A problem on its card, with the message shortened for the card."""

    message: str


class ProblemCard(TypedDict):
    """One declared phrase and every proven problem about it."""

    phrase: str | None
    problems: list[ShownProblem]
    claims: list[ClaimantView]
    kind: str
    errors: int
    warnings: int
    codes: list[str]
    rules: list[str]
    never_route: bool
    new: bool
    location: Location | None
    anchor: str


class CodeHelp(TypedDict):
    """A problem code once, with what it means and what to do."""

    code: str
    why: Explanation


class MemberView(TypedDict):
    rule: str | None
    phrase: str | None
    fix: str | None


class AlsoView(TypedDict):
    """The same finding in another tier's list, linked."""

    tier: str
    href: str
    count: int | None


class OverviewLine(TypedDict):
    """An overview row as the findings table shows it (an aggregate row carries its sentence)."""

    tier: str
    severity: str | None
    kinds: list[str]
    rule: str | None
    taker: str | None
    count: int | None
    mutation: str | None
    phrase: str | None
    reason: str | None
    fix: str | None
    members: list[MemberView]
    pairs: str
    href: str
    new: bool
    relation: str | None
    aggregate: str | None
    also: list[AlsoView]


class WitnessView(TypedDict):
    w: Witness
    claims: list[ClaimantView]
    #: The two laws start different entries for this phrase.
    disagree: bool


#: A suggestion as its card shows it (functional form: the template reads the key `from`).
SuggestionItem = TypedDict("SuggestionItem", {
    "s": SuggestionRecord,
    "agree": bool,
    "rule": str | None,
    "from": str | None,
    "to": str | None,
    "witnesses": list[WitnessView],
    "paste": str | None,
    "anchor": str,
})


class SuggestionGroup(TypedDict):
    """The suggestions of one kind (or one aside), the first few shown and the rest folded."""

    kind: str
    why: Explanation
    items: list[SuggestionItem]
    more: list[SuggestionItem]
    hidden: int
    count: int
    open: bool
    anchor: str | None
