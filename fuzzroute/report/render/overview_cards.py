"""The report's overview: one card per declared phrase, and the table that links to every card.

A reader opens the page to learn what is wrong and where; the overview answers
that in one screen.  Proven problems are grouped by the declared phrase they
are about, because one phrase that is both an error and a warning is one
thing to fix, not two.  The findings table then lists every card of every
tier (proven, decided, suggested) with a link to it, so nothing further down
the page is reachable only by scrolling.

Everything here is derived from the report document alone, like the rest of
the HTML view.
"""

from __future__ import annotations

from typing import Any

from fuzzroute.engine.context import COLD_CONTEXT_DESCRIPTION
from fuzzroute.results.document import Location

#: How the page names the three tiers of evidence, strongest first.
TIERS = ("proven", "decided", "suggested")
#: Decided items listed in their section only: health, limits, and overlaps (under search semantics
#: almost every pair of unanchored rules overlaps, so they would crowd out the problems).
#: Decided kinds that are facts of health or limits, not findings (a listed overlap is shared text: a finding).
DECIDED_NOT_FINDINGS = frozenset({"decided-can-win", "decided-disjoint", "undecided"})
#: The cold-start context is explained once at the top of the proven section,
#: so each card's copy of the engine message names it without the details.
COLD_CONTEXT_SHORT = "the cold-start context"


def short_message(message: str) -> str:
    """The engine's message without the cold-start details the section already states once."""
    return message.replace(COLD_CONTEXT_DESCRIPTION, COLD_CONTEXT_SHORT)


def proven_cards(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The proven problems grouped into one card per declared phrase, error cards first.

    `items` are the view's problem items (`{"p": problem, "why": ..., "claims": ...}`)
    in the document's order.  A problem without a phrase gets a card of its own.
    """
    cards: list[dict[str, Any]] = []
    by_phrase: dict[str, dict[str, Any]] = {}
    for item in items:
        problem = item["p"]
        phrase = problem.example
        card = by_phrase.get(phrase) if phrase is not None else None
        if card is None:
            card = {"phrase": phrase, "problems": [], "claims": item["claims"]}
            cards.append(card)
            if phrase is not None:
                by_phrase[phrase] = card
        card["problems"].append({**item, "message": short_message(problem.message)})
    for card in cards:
        problems = card["problems"]
        problems.sort(key=lambda i: 0 if i["p"].kind == "error" else 1)
        card["kind"] = problems[0]["p"].kind
        card["errors"] = sum(1 for i in problems if i["p"].kind == "error")
        card["warnings"] = len(problems) - card["errors"]
        card["codes"] = list(dict.fromkeys(i["p"].code for i in problems))
        card["rules"] = list(dict.fromkeys(i["p"].skill for i in problems if i["p"].skill))
        card["never_route"] = all(i["p"].code.startswith("never-routes") for i in problems)
        card["new"] = any(i["p"].status == "new" for i in problems)
        places = list(dict.fromkeys(_place(i["p"].location) for i in problems))
        # One rule's phrase: its declaration is named once on the card, else on each problem.
        card["location"] = problems[0]["p"].location if len(places) == 1 else None
    cards.sort(key=lambda c: 0 if c["kind"] == "error" else 1)
    for number, card in enumerate(cards, start=1):
        card["anchor"] = f"proven-{number}"
    return cards


def _place(location: Location | None) -> str | None:
    return None if location is None else f"{location.file}:{location.line}"


def code_help(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each problem code on the page once, with its plain-language meaning and what to do."""
    seen: dict[str, dict[str, Any]] = {}
    for item in items:
        code = item["p"].code
        if code not in seen:
            seen[code] = {"code": code, "why": item["why"]}
    return list(seen.values())
