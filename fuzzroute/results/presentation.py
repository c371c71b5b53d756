"""What the writers lay out beside the document, never written into its JSON.

A newcomer reads the report without the docs, so each problem code and
suggestion kind carries a title that says what happened, a sentence on why it
matters, and what to do.  These are prose, not numbers: the JSON document
keeps the stable codes, and every writer (HTML, SARIF) reads the prose here.

The proven problems are grouped into one card per declared phrase here too,
once: the overview's rows link to the cards `proven-1`, `proven-2`, ... and
the HTML page lays out the same cards, so the links hold by construction.

The values the overview rows carry (row kinds, relations, anchors) are named
here, shared by the assembly that writes them and the writers that read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from fuzzroute.results import proven_records as codes
from fuzzroute.results import suggestions as kinds
from fuzzroute.results.document import ProblemRecord
from fuzzroute.results.proven_records import COLD_CONTEXT_DESCRIPTION

#: How the writers name the three tiers of evidence, strongest first.
TIERS: tuple[str, ...] = ("proven", "decided", "suggested")

#: An overview row's `relation`: an earlier rule matches inside a later rule's own text.
SHARED_TEXT: Final = "shared-text"
#: An overview row's `relation`: two rules meet only when their texts are glued together.
CO_OCCURRENCE: Final = "co-occurrence"
#: Where shared text lies in the later rule: only in its wildcards.
WILDCARD = "wildcard"
#: The `kind` of the overview's aggregate rows.
CO_OCCURRENCE_ROW = "co-occurrence"
MORE_ROW = "more"
#: The anchors of the aggregate rows' targets on the page.
CO_OCCURRENCE_ANCHOR = "co-occurrence"
WILDCARD_ANCHOR = "shared-in-wildcards"
MORE_ANCHOR = "generated"

#: The engine's messages name the cold-start context in full; a card names it short (the page explains it once).
COLD_CONTEXT = COLD_CONTEXT_DESCRIPTION
COLD_CONTEXT_SHORT = "the cold-start context"


def typed_case(phrase: str) -> str:
    """A witness in the capitals people type: "book a tablE" -> "Book a table" (presentation only).

    A word with a capital after its first letter, or in capitals inside a lower-case sentence, is written
    in lower case (an acronym of two to five letters and "I" stay), and the first letter then capitalised;
    a phrase without such a word is left as it is.
    """
    words = phrase.split(" ")
    lowered_sentence = sum(1 for w in words if w.islower()) >= len(words) / 2
    out = []
    odd = False
    for word in words:
        odd_inside = any(ch.isupper() for ch in word[1:]) and not word.isupper()
        shouted = word.isupper() and lowered_sentence and not (2 <= len(word) <= 5) and word != "I"
        odd = odd or odd_inside or shouted
        out.append(word.lower() if odd_inside or shouted else word)
    if not odd:
        return phrase  # written as people write: left as it is
    text = " ".join(out)
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def short_message(message: str) -> str:
    """The engine's message without the cold-start details the page states once."""
    return message.replace(COLD_CONTEXT, COLD_CONTEXT_SHORT)


def proven_cards(problems: Sequence[ProblemRecord]) -> list[list[ProblemRecord]]:
    """The proven problems grouped by declared phrase, each card's errors first, error cards first.

    A problem without a phrase is a card of its own.  The overview and the
    page number the cards `proven-1`, `proven-2`, ... in this order.
    """
    cards: list[list[ProblemRecord]] = []
    by_phrase: dict[str, list[ProblemRecord]] = {}
    for problem in problems:
        card = by_phrase.get(problem.example) if problem.example is not None else None
        if card is None:
            card = []
            cards.append(card)
            if problem.example is not None:
                by_phrase[problem.example] = card
        card.append(problem)
    for card in cards:
        card.sort(key=lambda p: 0 if p.kind == "error" else 1)
    cards.sort(key=lambda c: 0 if c[0].kind == "error" else 1)
    return cards


@dataclass(frozen=True)
class Explanation:
    """How the report introduces one code: a title, what it means, what to do."""

    title: str
    meaning: str
    action: str


PROBLEM_EXPLANATIONS: dict[str, Explanation] = {
    codes.EXAMPLE_MISSES_OWN_RULE: Explanation(
        "An example does not match its own rule",
        "The rule's condition rejects a phrase the author listed as one it claims.",
        "Fix the rule's matcher or predicate, or move the example to the rule that should own it.",
    ),
    codes.EXAMPLE_UNCLAIMED: Explanation(
        "No rule claims an example",
        "None of the start rules matches the phrase, so the turn falls through to the next tier.",
        "Widen the rule's condition, or add a rule that claims the phrase.",
    ),
    codes.EXAMPLE_SHADOWED_BY_EARLIER: Explanation(
        "An earlier rule takes an example",
        "Rules are tried in declaration order and the first match wins, so the phrase never "
        "reaches the rule that declares it.",
        "Declare the intended rule first, or narrow the earlier rule.",
    ),
    codes.EXAMPLE_SHADOWED_BY_DEFAULT: Explanation(
        "A default in front of the rule decides, depending on the mount",
        "An earlier entry with no condition claims everything on a plain walk, while a "
        "classifier would skip it: the two laws start different entries.",
        "Give the default a condition, declare it last, or reorder the entries.",
    ),
    codes.NEVER_ROUTES_CONTRADICTS_EXAMPLE: Explanation(
        "A never-route phrase is also a declared example",
        "Two declarations contradict each other: one says a rule claims the phrase, the other "
        "that no rule may.",
        "Drop one of the two declarations.",
    ),
    codes.NEVER_ROUTES_CLAIMED: Explanation(
        "A rule claims a never-route phrase",
        "The graph says no rule may start on this phrase, but one does.",
        "Narrow that rule so the phrase no longer matches, or drop the row.",
    ),
    codes.NEVER_ROUTES_BY_DEFAULT: Explanation(
        "Only a default claims a never-route phrase",
        "No rule matches, but an entry with no condition starts every message on a plain walk.",
        "If the default is meant as a rule, give it a condition; a catch-all is allowed to claim it.",
    ),
}

SUGGESTION_EXPLANATIONS: dict[str, Explanation] = {
    kinds.SHADOWED_BY_EARLIER_RULE: Explanation(
        "An earlier rule takes phrases meant for a later one",
        "fuzzroute generated phrases that the later rule's own condition accepts, but an "
        "earlier rule matches them first, so users who type something like this reach the "
        "earlier rule instead.",
        "If that is wrong, reorder the rules or narrow the earlier one. Paste the line below to "
        "turn the sample into a declared example, which the checkup then proves.",
    ),
    kinds.LAWS_DISAGREE: Explanation(
        "The start depends on how the graph is mounted",
        "A plain walk (cold walk) and a classifier's first tier (cascade) start different "
        "entries for these phrases, because an entry with no condition stands in front.",
        "Give the default a condition or declare it last, so both laws agree.",
    ),
    kinds.NEAR_MISS_UNCLAIMED: Explanation(
        "A small edit of an example reaches no rule",
        "fuzzroute changed a declared example slightly (a typo, a plural, an extra word) and "
        "no start rule claims the result, so such a message would fall through.",
        "Widen the rule if users may type this; otherwise ignore it.",
    ),
    kinds.NEAR_MISS_CLAIMED_ELSEWHERE: Explanation(
        "A small edit of an example reaches a different rule",
        "fuzzroute changed a declared example slightly and another rule claims the result, "
        "so a near-identical message starts a different skill.",
        "Check whether that other rule is too broad, or this one too narrow.",
    ),
    kinds.RULES_OVERLAP: Explanation(
        "Two rules match the same phrases",
        "Both rules accept these generated phrases; only declaration order decides who starts.",
        "Often fine. If the later rule should win, reorder or narrow the earlier one.",
    ),
    kinds.RULE_NEVER_WINS: Explanation(
        "A rule won none of its own phrases",
        "Every phrase generated from this rule was claimed by another rule first, so in these "
        "samples the rule never started a turn. It may be unreachable.",
        "Move the rule earlier, or narrow the rules that take its phrases.",
    ),
    kinds.WHEN_CLAIMS_WARM: Explanation(
        "A `when` rule claims only later in a conversation",
        "The rule declines the phrase on a cold start but claims it on a later turn (more "
        "history, a later iteration). The proven checks run on a cold start only, so they "
        "cannot see this.",
        "Make sure this is intended; the checkup cannot prove warm behaviour.",
    ),
    kinds.SLOW_MATCHER: Explanation(
        "A matcher is very slow on some input",
        "Matching this phrase took far longer than usual, a sign of catastrophic regex "
        "backtracking that a long user message could trigger.",
        "Rewrite the pattern without nested or overlapping repetition.",
    ),
}


def explain_problem(code: str) -> Explanation:
    """The explanation of a proven problem code (a neutral one for an unknown code)."""
    return PROBLEM_EXPLANATIONS.get(
        code, Explanation(code, "A proven problem of a kind this report does not describe.", "")
    )


def explain_suggestion(kind: str) -> Explanation:
    """The explanation of a suggestion kind, falling back to the engine's one-line description."""
    found = SUGGESTION_EXPLANATIONS.get(kind)
    if found is not None:
        return found
    meaning = kinds.SUGGESTION_KINDS.get(kind, "A generated suggestion of a kind this report does not describe.")
    return Explanation(kind, meaning, "")


LAW_NAMES = {"cold_walk": "cold walk", "cascade": "cascade"}
LAW_EXPLANATIONS = {
    "cold_walk": "rules are tried top to bottom and the first that matches starts the turn; an "
    "entry with no condition (a default) matches everything from its position on.",
    "cascade": "the same walk, but entries with no condition are skipped; this is how a "
    "classifier's first tier reads the rules.",
}
