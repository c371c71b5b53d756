"""The declared-example check, step for step as the reference library runs it.

For each entry in declaration order and each of its examples in order:
self-match, then (when order decides the start) who wins the phrase and
whether that is an earlier rule or an earlier default.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from fuzzroute.engine.context import COLD_CONTEXT_DESCRIPTION
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import ClaimLaws, Outcome, runs_on
from fuzzroute.engine.limits import condition_seconds
from fuzzroute.engine.problems import (
    EXAMPLE_MISSES_OWN_RULE,
    EXAMPLE_SHADOWED_BY_DEFAULT,
    EXAMPLE_SHADOWED_BY_EARLIER,
    EXAMPLE_UNCLAIMED,
    EXAMPLES_BOUNDARY,
    EXAMPLES_ORDER_NOT_CHECKED,
    Kind,
    Note,
    Problem,
)
from fuzzroute.engine.unread import NotChecked, NotRun, is_unread, walk
from fuzzroute.results.rows import EXAMPLE, ProvenRow


def check_examples(
    entries: tuple[Entry, ...],
    order_decides: bool,
    has_classifier: bool,
    *,
    not_checked: list[NotChecked] | None = None,
    judged: Callable[[], None] | None = None,
    laws: ClaimLaws | None = None,
    rows: list[ProvenRow] | None = None,
) -> tuple[list[Problem], list[Note]]:
    """Problems and notes for every declared example (`judged()` is called after each one).

    Each example judged is also appended to `rows` (when given) as its row:
    the phrase, its rule and the problems found about it, in declaration
    order, so tools that show one test per declared phrase never have to
    match problems back to phrases.

    A verdict that depends on a `when` fuzzroute does not run is appended
    to `not_checked` instead (see `engine.unread`).  `laws` are the graph's
    own (`Graph.laws`) when given, so the prefilter is built once per graph.
    """
    if not any(e.examples for e in entries):
        return [], []
    laws = laws if laws is not None else ClaimLaws(entries)
    problems: list[Problem] = []
    unknown = not_checked if not_checked is not None else []
    for entry in entries:
        seen: dict[str, int] = {}
        for phrase in entry.examples or ():
            found = [replace(p, location=entry.location) for p in
                     _judge(entry, phrase, laws, order_decides, has_classifier, unknown)]
            problems.extend(found)
            if rows is not None:
                seen[phrase] = seen.get(phrase, 0) + 1
                row = ProvenRow(EXAMPLE, phrase, entry.index, entry.id, seen[phrase], tuple(found), entry.location)
                rows.append(row)
            if judged is not None:
                judged()
    notes = [EXAMPLES_BOUNDARY] if order_decides else [EXAMPLES_ORDER_NOT_CHECKED, EXAMPLES_BOUNDARY]
    return problems, notes


def _judge(
    entry: Entry, phrase: str, laws: ClaimLaws, order_decides: bool, has_classifier: bool,
    not_checked: list[NotChecked],
) -> list[Problem]:
    found: list[Problem] = []

    def unknown(rule: Entry) -> list[Problem]:
        if not any(n.phrase == phrase and n.rule is rule and n.skill == entry.id for n in not_checked[-1:]):
            not_checked.append(NotChecked("examples", phrase, entry.id, rule, entry.location))
        return found

    if is_unread(entry):
        unknown(entry)
    else:
        own = runs_on(entry, phrase)
        if own is not Outcome.MATCH:
            kind: Kind = "error" if own in (Outcome.THREW, Outcome.TIMED_OUT) or entry.match is not None else "warning"
            found.append(
                Problem(
                    kind, EXAMPLE_MISSES_OWN_RULE, message=_misses_own(entry, phrase, own), skill=entry.id,
                    example=phrase,
                )
            )
    if not order_decides:
        return found
    walked = walk(laws.worth_running(phrase, conditional_only=has_classifier), phrase)
    if isinstance(walked, NotRun):
        return unknown(walked.entry)
    winner = walked
    if winner is None:
        found.append(
            Problem(
                "warning", EXAMPLE_UNCLAIMED, message=_unclaimed(entry, phrase, has_classifier), skill=entry.id,
                example=phrase,
            )
        )
        return found
    if winner.index >= entry.index:
        return found
    if not winner.is_unconditional:
        found.append(
            Problem(
                "error",
                EXAMPLE_SHADOWED_BY_EARLIER,
                message=_shadowed_by_rule(entry, winner, phrase),
                skill=entry.id,
                example=phrase,
                from_=winner.id,
                to=entry.id,
            )
        )
        return found
    by_cascade = walk(laws.worth_running(phrase, conditional_only=True), phrase)
    if isinstance(by_cascade, NotRun):
        return unknown(by_cascade.entry)
    by_rules = by_cascade
    if by_rules is not None and by_rules.index < entry.index:
        found.append(
            Problem(
                "error",
                EXAMPLE_SHADOWED_BY_EARLIER,
                message=_shadowed_under_both(entry, winner, by_rules, phrase),
                skill=entry.id,
                example=phrase,
                from_=winner.id,
                to=entry.id,
            )
        )
    else:
        found.append(
            Problem(
                "warning",
                EXAMPLE_SHADOWED_BY_DEFAULT,
                message=_shadowed_by_default(entry, winner, by_rules, phrase),
                skill=entry.id,
                example=phrase,
                from_=winner.id,
                to=entry.id,
            )
        )
    return found


def _rule(entry: Entry) -> str:
    return f'entry "{entry.id}" (rule #{entry.index + 1})'


def _misses_own(entry: Entry, phrase: str, own: Outcome) -> str:
    if own is Outcome.TIMED_OUT:
        limit = condition_seconds()
        return (
            f"Example {phrase!r} of {_rule(entry)}: {entry.condition} ran longer than the "
            f"{limit or 0:g} s condition time limit on {COLD_CONTEXT_DESCRIPTION} and was stopped. Start-rule "
            "predicates must be pure, total and quick: at run time a predicate this slow stalls every turn (or never "
            "returns), so fuzzroute treats it like one that raised: this rule never claims the phrase. Make the "
            "predicate return quickly on this context (or raise the limit with --condition-limit)."
        )
    if own is Outcome.THREW:
        return (
            f"Example {phrase!r} of {_rule(entry)}: {entry.condition} raised an exception when run "
            f"on {COLD_CONTEXT_DESCRIPTION}. Start-rule predicates must be pure and total; routing "
            "treats a raise as no match, so this rule never claims the phrase. Make the predicate "
            "handle this context, or move the example."
        )
    if entry.match is not None:
        return (
            f"Example {phrase!r} of {_rule(entry)} does not match {entry.condition}, run on "
            f"{COLD_CONTEXT_DESCRIPTION}. A data matcher reads only the user message, so no "
            "conversation state can make it match later. Fix the matcher so it accepts the "
            "phrase, or move the example to the rule that should own it."
        )
    return (
        f"Example {phrase!r} of {_rule(entry)}: {entry.condition} returned a false value on "
        f"{COLD_CONTEXT_DESCRIPTION}. It may be gated on conversation state (for example the "
        "history length) that this check cannot run, which is why this is a warning and not "
        "the error a data matcher gets. Fix the predicate, or move the example to a rule "
        "that claims it on a cold start."
    )


def _unclaimed(entry: Entry, phrase: str, has_classifier: bool) -> str:
    fallthrough = (
        "the turn falls past tier 1 to the classifier (and on a near-tie to a menu the model resolves)"
        if has_classifier
        else "the turn starts on no entry and falls through to the model tier, which picks a skill by name"
    )
    widen = "matcher" if entry.match is not None else "predicate"
    return (
        f"No start rule claims example {phrase!r} of {_rule(entry)}, not even {entry.condition}: "
        "every rule's condition was run "
        f"in declaration order on {COLD_CONTEXT_DESCRIPTION} and none matched, so {fallthrough}. "
        f"Widen the entry's {widen} or add a rule that claims it. Only declared phrasings are "
        "proven; a phrasing nobody wrote is not checked."
    )


def _shadowed_by_rule(entry: Entry, winner: Entry, phrase: str) -> str:
    return (
        f"Example {phrase!r} of {_rule(entry)} is claimed first by the earlier {_rule(winner)}, "
        f"whose {winner.condition.removeprefix('its ')} matches it on {COLD_CONTEXT_DESCRIPTION}. "
        f"The first matching rule in declaration order wins, so the turn starts on "
        f'"{winner.id}", never on "{entry.id}". Declare "{entry.id}" first, or narrow the earlier '
        "rule. This was proved by running both compiled conditions on the phrase; no regex "
        "intersection was decided."
    )


def _shadowed_under_both(entry: Entry, default: Entry, by_rules: Entry, phrase: str) -> str:
    return (
        f"Example {phrase!r} of {_rule(entry)} is claimed by an earlier entry under BOTH start "
        f"laws, judged on {COLD_CONTEXT_DESCRIPTION}. The default mount (continuity: 'turn') stops "
        f'at the unconditional {_rule(default)}; a classifier or continuity: \'conversation\' '
        f'reads conditional rules only, and the earlier {_rule(by_rules)} takes it first with '
        f'{by_rules.condition}. Declare "{entry.id}" before both, or narrow "{by_rules.id}" and '
        f'give "{default.id}" a condition or declare it last.'
    )


def _shadowed_by_default(entry: Entry, default: Entry, by_rules: Entry | None, phrase: str) -> str:
    if by_rules is not None:
        cascade = f'the turn starts on "{by_rules.id}"'
    else:
        cascade = "no entry at all claims it, and the turn falls onward to the next tier"
    return (
        f"Which entry claims example {phrase!r} of {_rule(entry)} depends on how the graph is "
        f"mounted. The unconditional {_rule(default)} declares no `match` and no `when`, so on "
        f"{COLD_CONTEXT_DESCRIPTION} under the default mount (continuity: 'turn') it claims every "
        f"message from its position on. Under a classifier or continuity: 'conversation', tier 1 "
        f"reads only conditional rules and {cascade}. Reorder the entries, give "
        f'"{default.id}" a condition, declare it last, or register an always-on procedure as '
        "steering instead of an entry. The proof ran the declared conditions under both laws; "
        "the default declares none, so the cold walk stops there by construction."
    )
