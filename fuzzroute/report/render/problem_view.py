"""What the HTML page shows of a proven problem: the shapes the template reads, typed.

The page's template reads plain dicts (Jinja), so these are TypedDicts: the
same objects at run time, with every key and value type checked where the
view builds them.
"""

from __future__ import annotations

from typing import TypedDict

from fuzzroute.results.document import Location, ProblemRecord
from fuzzroute.results.presentation import Explanation


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
