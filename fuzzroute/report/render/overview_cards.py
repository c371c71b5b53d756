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

from fuzzroute.report.render.problem_view import CodeHelp, ProblemCard, ProblemItem, ShownProblem
from fuzzroute.results.document import Location, ProblemRecord
from fuzzroute.results.presentation import TIERS, proven_cards, short_message

__all__ = ["TIERS", "code_help", "problem_cards"]


def problem_cards(problems: list[ProblemRecord], items: list[ProblemItem]) -> list[ProblemCard]:
    """The model's proven cards (one per declared phrase, see `results.presentation`) as the page shows them.

    `items` are the view's problem items (`{"p": problem, "why": ..., "claims": ...}`),
    one per problem of `problems`; a card's problems keep the model's order.
    """
    by_problem = {id(item["p"]): item for item in items}
    cards: list[ProblemCard] = []
    for number, group in enumerate(proven_cards(problems), start=1):
        shown = [_shown(by_problem[id(p)], short_message(p.message)) for p in group]
        errors = sum(1 for p in group if p.kind == "error")
        places = list(dict.fromkeys(_place(p.location) for p in group))
        cards.append({
            "phrase": group[0].example, "problems": shown, "claims": shown[0]["claims"], "kind": group[0].kind,
            "errors": errors, "warnings": len(group) - errors,
            "codes": list(dict.fromkeys(p.code for p in group)),
            "rules": list(dict.fromkeys(p.skill for p in group if p.skill)),
            "never_route": all(p.code.startswith("never-routes") for p in group),
            "new": any(p.status == "new" for p in group),
            # One rule's phrase: its declaration is named once on the card, else on each problem.
            "location": group[0].location if len(places) == 1 else None,
            "anchor": f"proven-{number}",
        })
    return cards


def _shown(item: ProblemItem, message: str) -> ShownProblem:
    return {"p": item["p"], "why": item["why"], "claims": item["claims"], "message": message}


def _place(location: Location | None) -> str | None:
    return None if location is None else f"{location.file}:{location.line}"


def code_help(items: list[ProblemItem]) -> list[CodeHelp]:
    """Each problem code on the page once, with its plain-language meaning and what to do."""
    seen: dict[str, CodeHelp] = {}
    for item in items:
        code = item["p"].code
        if code not in seen:
            seen[code] = {"code": code, "why": item["why"]}
    return list(seen.values())
