"""What the writers lay out beside the document, never written into its JSON.

A newcomer reads the report without the docs, so each problem code and
suggestion kind carries a title that says what happened, a sentence on why it
matters, and what to do.  These are prose, not numbers: the JSON document
keeps the stable codes, and every writer (HTML, SARIF) reads the prose from
the kind's row of its catalogue (`results.finding_kinds`), through here.

The proven problems are grouped into one card per declared phrase here too,
once: the overview's rows link to the cards `proven-1`, `proven-2`, ... and
the HTML page lays out the same cards, so the links hold by construction.

The values the overview rows carry (row kinds, relations, anchors) are named
here, shared by the assembly that writes them and the writers that read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fuzzroute.results.document import ProblemRecord
from fuzzroute.results.finding_kinds import Explanation as Explanation
from fuzzroute.results.finding_kinds import problem_row, suggestion_row
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


def explain_problem(code: str) -> Explanation:
    """The explanation of a proven problem code (its catalogue row; a neutral one for an unknown code)."""
    row = problem_row(code)
    if row is not None:
        return row.explanation
    return Explanation(code, "A proven problem of a kind this report does not describe.", "")


def explain_suggestion(kind: str) -> Explanation:
    """The explanation of a suggestion kind (its catalogue row; a neutral one for an unknown kind)."""
    row = suggestion_row(kind)
    if row is not None:
        return row.explanation
    return Explanation(kind, "A generated suggestion of a kind this report does not describe.", "")


LAW_NAMES = {"cold_walk": "cold walk", "cascade": "cascade"}
LAW_EXPLANATIONS = {
    "cold_walk": "rules are tried top to bottom and the first that matches starts the turn; an "
    "entry with no condition (a default) matches everything from its position on.",
    "cascade": "the same walk, but entries with no condition are skipped; this is how a "
    "classifier's first tier reads the rules.",
}
