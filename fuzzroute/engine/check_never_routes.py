"""The never-route check: it runs under every mount (no order gate).

Each row gets at most one problem, in this precedence: it contradicts a
declared example, a rule claims it (cascade), or only a default claims it.
"""

from __future__ import annotations

from collections.abc import Callable

from fuzzroute.engine.context import COLD_CONTEXT_DESCRIPTION
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import ClaimLaws
from fuzzroute.engine.problems import (
    NEVER_ROUTES_BOUNDARY,
    NEVER_ROUTES_BY_DEFAULT,
    NEVER_ROUTES_CLAIMED,
    NEVER_ROUTES_CONTRADICTS_EXAMPLE,
    Note,
    Problem,
)
from fuzzroute.engine.text import phrase_key
from fuzzroute.engine.unread import NotChecked, NotRun, walk
from fuzzroute.results.rows import NEVER_ROUTE, ProvenRow


def check_never_routes(
    entries: tuple[Entry, ...],
    phrases: tuple[str, ...],
    *,
    not_checked: list[NotChecked] | None = None,
    judged: Callable[[], None] | None = None,
    laws: ClaimLaws | None = None,
    rows: list[ProvenRow] | None = None,
) -> tuple[list[Problem], list[Note]]:
    """Problems and notes for every declared never-route row (`judged()` is called after each one).

    Each phrase judged is also appended to `rows` (when given) as its row, with
    its problem if it has one.

    A row whose verdict depends on a `when` fuzzroute does not run is
    appended to `not_checked` instead (see `engine.unread`).  `laws` are the
    graph's own (`Graph.laws`) when given, so the prefilter is built once per graph.
    """
    if not phrases:
        return [], []
    laws = laws if laws is not None else ClaimLaws(entries)
    first_example: dict[str, Entry] = {}
    for entry in entries:
        for example in entry.examples or ():
            first_example.setdefault(phrase_key(example), entry)
    problems: list[Problem] = []
    for phrase in phrases:
        problem = _judge(first_example, laws, phrase)
        if isinstance(problem, NotRun):
            if not_checked is not None:
                not_checked.append(NotChecked("never-routes", phrase, None, problem.entry, problem.entry.location))
        elif problem is not None:
            problems.append(problem)
        if rows is not None:
            found = (problem,) if isinstance(problem, Problem) else ()
            where = problem.location if isinstance(problem, Problem) else None
            rows.append(ProvenRow(NEVER_ROUTE, phrase, None, None, 1, found, where))
        if judged is not None:
            judged()
    return problems, [NEVER_ROUTES_BOUNDARY]


def _judge(first_example: dict[str, Entry], laws: ClaimLaws, phrase: str) -> Problem | NotRun | None:
    entry = first_example.get(phrase_key(phrase))
    if entry is not None:
        return Problem(
            "error",
            NEVER_ROUTES_CONTRADICTS_EXAMPLE,
            message=(
                f"Never-route row {phrase!r} is also an example of entry \"{entry.id}\" "
                f"(rule #{entry.index + 1}, judged by {entry.condition}), compared trimmed and lower-cased. "
                "Two of your declarations contradict each other: one says the rule claims the "
                "phrase, the other that no rule may. This is decided from the declarations alone, "
                "before any rule runs on the phrase (on the cold-start context or any other). "
                "Drop one of them."
            ),
            skill=entry.id,
            example=phrase,
            location=entry.location,
        )
    walked = walk(laws.worth_running(phrase, conditional_only=True), phrase)
    if isinstance(walked, NotRun):
        return walked
    claimant = walked
    if claimant is not None:
        widen = "matcher" if claimant.match is not None else "predicate"
        return Problem(
            "error",
            NEVER_ROUTES_CLAIMED,
            message=(
                f"Never-route row {phrase!r} is claimed by entry \"{claimant.id}\" (rule "
                f"#{claimant.index + 1}): {claimant.condition} matches it on {COLD_CONTEXT_DESCRIPTION}. "
                f'The turn would START on "{claimant.id}" with that skill\'s body and tools. Narrow '
                f"its {widen} so the phrase no longer matches, or drop the row. The check ran the "
                "rule on the phrase; no regex intersection was decided."
            ),
            skill=claimant.id,
            example=phrase,
            location=claimant.location,
        )
    # No conditional rule claims it (so no unread `when` is left to reach): the cold walk's claimant is a default.
    default = walk(laws.worth_running(phrase), phrase)
    if isinstance(default, Entry):
        return Problem(
            "warning",
            NEVER_ROUTES_BY_DEFAULT,
            message=(
                f"No rule claims never-route row {phrase!r}, but the unconditional entry "
                f"\"{default.id}\" (rule #{default.index + 1}) has {default.condition}, and claims it "
                f"on {COLD_CONTEXT_DESCRIPTION}: "
                "the default mount (continuity: 'turn') starts every message there. Under a "
                "classifier or continuity: 'conversation', tier 1 reads CONDITIONAL rules only, so "
                f'nothing claims it. If "{default.id}" is meant as a rule, give it a condition; if it '
                "is the catch-all, a never-route row speaks only about the rules."
            ),
            skill=default.id,
            example=phrase,
            location=default.location,
        )
    return None
