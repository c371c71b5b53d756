"""One catalogue per kind of finding: everything a writer says about a decided kind, a suggestion kind, a problem code.

A kind's title, its section of the page, its SARIF level and description,
where the overview ranks it, whether it is a finding at all, whether
`--fail-on decided` fails on it and its line in the reference docs are
written here once, one row per kind.  The terminal, HTML, SARIF, JUnit, the
pytest plugin, the overview's ranking and the build policy read the rows;
none keeps a table of its own, so a new kind is its `Literal` member and its
row (the tests fail until both exist and agree), and every output knows it.

`docs/reference/finding-kinds.md` is written from these rows
(`finding_kinds_page`, run by `scripts/regenerate_docs.py`).

The order of each catalogue is the order a reader meets the kinds in: the
terminal, the page's sections and `check`'s listing follow it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

#: The kinds of decided items (`undecided`: a question the automata could not answer), in reading order.
DecidedKind = Literal[
    "decided-never-matches", "decided-never-wins", "decided-dead-under-cold-walk", "decided-redos",
    "decided-case-range", "decided-overlap", "decided-disjoint", "decided-can-win", "undecided",
]
#: The kinds of generated suggestions (stable codes), in the order the report lists them.
SuggestionKind = Literal[
    "generated-shadowed-by-earlier", "generated-laws-disagree", "near-miss-unclaimed", "near-miss-claimed-elsewhere",
    "rules-overlap", "rule-never-wins", "when-claims-warm", "slow-matcher",
]
#: The proven problem codes, the reference checkup's.
ProblemCode = Literal[
    "example-misses-own-rule", "example-unclaimed", "example-shadowed-by-earlier", "example-shadowed-by-default",
    "never-routes-contradicts-example", "never-routes-claimed", "never-routes-by-default",
]
#: The names of the notes that bound the proven checks.
NoteName = Literal[
    "examples-boundary", "examples-order-not-checked", "never-routes-boundary", "when-not-run", "when-always-true",
]

#: A SARIF result's level.
SarifLevel = Literal["error", "warning", "note"]
#: Which findings of a decided kind `--fail-on decided` fails on (acceptances aside): all of them, an overlap
#: only when the earlier rule takes the later rule's fixed words, a ReDoS only with its attack, or none.
FailPolicy = Literal["always", "fixed-words", "attack", "never"]
#: Where the overview ranks a decided kind: first when it says a rule is broken for every message (in catalogue
#: order), with the pairs of rules by how they meet, or not at all (a fact of health or a limit).
DecidedRank = Literal["broken", "pair", "unranked"]
#: What a finding line adds after the kind's title: how many later rules it hides, the item's reason, or nothing
#: (a ReDoS line adds its growth, which only ReDoS items carry).
LineDetail = Literal["dead-rules", "reason", "none"]
#: Where the overview ranks a suggestion kind: about one rule, about a pair of rules, about a context or a law,
#: a near miss of a declared example (grouped), or after all of them.
SuggestionRank = Literal["rule", "pair", "context", "near-miss", "other"]


@dataclass(frozen=True)
class Explanation:
    """How the report introduces one code: a title, what it means, what to do."""

    title: str
    meaning: str
    action: str


@dataclass(frozen=True)
class SarifRule:
    """A decided kind as a rule of the SARIF catalogue: its level and its description."""

    level: SarifLevel
    description: str
    #: Its place among the decided rules of the SARIF catalogue (code scanning lists them in this order).
    position: int


@dataclass(frozen=True)
class DecidedKindRow:
    """Everything the outputs say about one decided kind."""

    #: The short title of the terminal's lines and counts ("never wins").
    title: str
    #: The heading of the kind's section on the page.
    section: str
    #: Its line in the reference docs.
    docs: str
    #: A finding an author acts on (False: a fact of health or a limit, listed in its section only).
    finding: bool
    rank: DecidedRank
    fails: FailPolicy
    #: Its SARIF rule; None: not a SARIF result (a fact, not a problem).
    sarif: SarifRule | None
    #: Listed in the JUnit decided suite's text and the pytest plugin's summary section.
    summary_line: bool
    detail: LineDetail = "none"
    #: The edit `fuzzroute fix` looks for, in words (None: no fix kind), and which findings of the kind it is
    #: for (as `fails`: all, or an overlap only in the later rule's fixed words).
    fix: str | None = None
    fix_for: FailPolicy = "never"

    @property
    def broken(self) -> bool:
        """Says a rule is broken for every message: listed in full in the terminal, shown open on the page."""
        return self.rank == "broken"


@dataclass(frozen=True)
class SuggestionKindRow:
    """Everything the outputs say about one suggestion kind."""

    #: One line on what the kind means (the report schema and the engine's messages use it).
    summary: str
    explanation: Explanation
    #: Its line in the reference docs.
    docs: str
    rank: SuggestionRank
    #: The edit `fuzzroute fix` looks for, in words (None: no fix kind).
    fix: str | None = None


@dataclass(frozen=True)
class ProblemCodeRow:
    """Everything the outputs say about one proven problem code (its level is the problem's severity)."""

    explanation: Explanation


DECIDED: dict[DecidedKind, DecidedKindRow] = {
    "decided-never-matches": DecidedKindRow(
        title="never matches",
        section="Rules that match no message at all",
        docs="the rule matches no message at all",
        finding=True, rank="broken", fails="always",
        sarif=SarifRule("warning", "The rule matches no message at all.", 1),
        summary_line=True,
    ),
    "decided-never-wins": DecidedKindRow(
        title="never wins",
        section="Rules that never start a turn: earlier data rules take every message they match",
        docs=(
            "every message the rule matches is matched by earlier data rules (`containing_rules`): under the cascade "
            "it never starts a turn (and under the cold walk too when no default precedes it); `witness` is one such "
            "message"
        ),
        finding=True, rank="broken", fails="always",
        sarif=SarifRule(
            "warning",
            "For every message, an earlier rule claims whatever this rule matches: it can never start a turn.", 0,
        ),
        summary_line=True,
        fix="the rule moved just above the rules that take its messages, or the one that does narrowed",
        fix_for="always",
    ),
    "decided-dead-under-cold-walk": DecidedKindRow(
        title="dead under the cold walk",
        section="Rules a default hides under the cold walk",
        docs=(
            "a default (`rule`) claims every message from its position on under the cold walk; `dead_rules` are "
            "never reached under that law"
        ),
        finding=True, rank="broken", fails="always",
        sarif=SarifRule(
            "warning", "Under the cold walk this default claims every message: later rules are dead.", 2,
        ),
        summary_line=True, detail="dead-rules",
    ),
    "decided-redos": DecidedKindRow(
        title="ReDoS risk",
        section="Regexes Python's re can backtrack on without bound (ReDoS): one message stalls routing",
        docs=(
            "Python's `re` can backtrack exponentially or polynomially on the rule's regex (question "
            "`backtracking`): one crafted message stalls routing, a denial of service. `witness` is an attack, "
            "`redos` gives its prefix, pumped part and failing suffix, the growth and degree, the fix, and the real "
            "`re`'s time on three pump counts (see "
            "[ReDoS](../explanation/decided.md#redos-regexes-re-can-backtrack-on-without-bound))"
        ),
        finding=True, rank="broken", fails="attack",
        sarif=SarifRule(
            "warning",
            "Python's re can backtrack exponentially or polynomially on this rule's regex: one crafted message stalls "
            "routing (a denial of service). Decided from the regex's automaton, with an attack string.", 3,
        ),
        summary_line=False,
    ),
    "decided-case-range": DecidedKindRow(
        title="likely range mistake",
        section="Regex ranges from a capital to a small letter (`[M-m]`): almost surely meant as letters",
        docs=(
            "a class range of the rule's regex runs from a capital to a small letter (`[M-m]`, question "
            "`regex-lint`, read off the regex as written, one item per rule): it also holds every sign and letter "
            "between them, almost surely a mistake for the two letters; `reason` lists each range and the class to "
            "write instead (`[M-m] -> [Mm]`), `witness` (when found) a message the rule matches with a sign where a "
            "letter was meant"
        ),
        finding=True, rank="broken", fails="never",
        sarif=SarifRule(
            "warning",
            "A regex class range runs from a capital to a small letter (`[M-m]`): it also holds the signs and letters "
            "between them, almost surely a mistake for the two letters (`[Mm]`).", 4,
        ),
        summary_line=False, detail="reason",
        fix="the range's two letters (`[M-m]` becomes `[Mm]`)", fix_for="always",
    ),
    "decided-overlap": DecidedKindRow(
        title="shared text",
        section="Shared text: an earlier rule matches inside a later rule's own text (fixed words first)",
        docs=(
            "`relation: \"shared-text\"`: the earlier `other_rule` matches inside the rule's own text `witness`, so "
            "declaration order gives that text to the earlier rule; `shared_in` is `fixed-words` or `wildcard`"
        ),
        finding=True, rank="pair", fails="fixed-words",
        sarif=SarifRule(
            "note",
            "An earlier rule matches inside this rule's own text: a message that says just what this rule is about "
            "starts the earlier rule (shared text).", 5,
        ),
        summary_line=True,
        fix="the earlier rule narrowed (a keyword or an alternative taken out, a `\\b` or `^` added), or this rule "
        "moved just above it",
        fix_for="fixed-words",
    ),
    "decided-disjoint": DecidedKindRow(
        title="disjoint",
        section="Pairs of rules that never match the same message",
        docs=(
            "no message matches both the rule and the earlier `other_rule`; counted in `decision.counts.disjoint` "
            "(with a few examples), listed as items only by reports from before pairs were counted"
        ),
        finding=False, rank="unranked", fails="never", sarif=None, summary_line=False,
    ),
    "decided-can-win": DecidedKindRow(
        title="can win",
        section="Rules that can start a turn: a message no earlier data rule matches",
        docs=(
            "the rule can start a turn: `witness` is a message it matches and no earlier data rule does; counted in "
            "`decision.counts.can_win`, a fact of health, not a finding"
        ),
        finding=False, rank="unranked", fails="never", sarif=None, summary_line=False,
    ),
    "undecided": DecidedKindRow(
        title="undecided",
        section="Undecided: outside the exact subset, or over a limit",
        docs=(
            "`reason`: a lookaround, backreference, conditional, atomic group or possessive repeat in the rule, a "
            "question over its bound (also the backtracking question, past its counted work limit), or (`question: "
            "\"not-reached\"`, one item) rules the tier was stopped before"
        ),
        finding=False, rank="unranked", fails="never", sarif=None, summary_line=False, detail="reason",
    ),
}

SUGGESTIONS: dict[SuggestionKind, SuggestionKindRow] = {
    "generated-shadowed-by-earlier": SuggestionKindRow(
        summary="a phrase generated from a later rule is claimed by an earlier rule",
        explanation=Explanation(
            "An earlier rule takes phrases meant for a later one",
            "fuzzroute generated phrases that the later rule's own condition accepts, but an "
            "earlier rule matches them first, so users who type something like this reach the "
            "earlier rule instead.",
            "If that is wrong, reorder the rules or narrow the earlier one. Paste the line below to "
            "turn the sample into a declared example, which the checkup then proves.",
        ),
        docs="a phrase generated from a later rule (and accepted by it) is claimed by an earlier rule",
        rank="pair",
    ),
    "generated-laws-disagree": SuggestionKindRow(
        summary="the cold walk and the cascade start different entries (a default claims it)",
        explanation=Explanation(
            "The start depends on how the graph is mounted",
            "A plain walk (cold walk) and a classifier's first tier (cascade) start different "
            "entries for these phrases, because an entry with no condition stands in front.",
            "Give the default a condition or declare it last, so both laws agree.",
        ),
        docs="the cold walk and the cascade start different entries: a default declared before the rule claims it",
        rank="context",
    ),
    "near-miss-unclaimed": SuggestionKindRow(
        summary="a declared example or the rule's own words spelled as people type them, which no rule claims",
        explanation=Explanation(
            "The rule's own sentence, typed another way, reaches no rule",
            "fuzzroute spelled a declared example (or the rule's own words) the way people type it, one change at "
            "a time (capitals, an apostrophe, a contraction, a national spelling, a compound, a small word, the "
            "rule's word inflected) and no start rule claims the result, so such a message would fall through.",
            "Make the change the row names (the fix) so the rule accepts it, then declare the phrase as an example.",
        ),
        docs=(
            "a declared example or the rule's own words spelled as people type them (`variant`: `case`, "
            "`apostrophe`, `contraction`, `us-uk`, `compound`, `function-word`, `inflection`; slips only with "
            "`--typos`), which the rule misses and no rule claims; one per rule and kind, with the rule's `fix`"
        ),
        rank="near-miss",
        fix=(
            "the rule widened to the variant's whole class (keywords added, the case flag or a small regex edit), the "
            "near miss declared as an example"
        ),
    ),
    "near-miss-claimed-elsewhere": SuggestionKindRow(
        summary="a declared example or the rule's own words spelled as people type them, which another rule claims",
        explanation=Explanation(
            "The rule's own sentence, typed another way, reaches a different rule",
            "fuzzroute spelled a declared example the way people type it and another rule claims the result, "
            "so a near-identical message starts a different skill.",
            "Make the change the row names so this rule accepts it, or narrow the rule that takes it.",
        ),
        docs="the same, claimed by another rule (not through a word the change added)",
        rank="near-miss",
        fix="the rule widened as for an unclaimed near miss, when no earlier rule takes the phrase",
    ),
    "rules-overlap": SuggestionKindRow(
        summary="two rules both match a generated phrase; declaration order decides",
        explanation=Explanation(
            "Two rules match the same phrases",
            "Both rules accept these generated phrases; only declaration order decides who starts.",
            "Often fine. If the later rule should win, reorder or narrow the earlier one.",
        ),
        docs="two rules both match a generated phrase and declaration order decides",
        rank="pair",
    ),
    "rule-never-wins": SuggestionKindRow(
        summary="a rule wins none of the phrases generated from it",
        explanation=Explanation(
            "A rule won none of its own phrases",
            "Every phrase generated from this rule was claimed by another rule first, so in these "
            "samples the rule never started a turn. It may be unreachable.",
            "Move the rule earlier, or narrow the rules that take its phrases.",
        ),
        docs="a rule wins none of the phrases generated from it",
        rank="rule",
    ),
    "when-claims-warm": SuggestionKindRow(
        summary="a `when` rule declines the phrase cold but claims it on a later turn",
        explanation=Explanation(
            "A `when` rule claims only later in a conversation",
            "The rule declines the phrase on a cold start but claims it on a later turn (more "
            "history, a later iteration). The proven checks run on a cold start only, so they "
            "cannot see this.",
            "Make sure this is intended; the checkup cannot prove warm behaviour.",
        ),
        docs=(
            "a `when` rule declines the phrase on the cold context but claims it on a later turn (the context is in "
            "the witness)"
        ),
        rank="context",
    ),
    "slow-matcher": SuggestionKindRow(
        summary="a matcher is pathologically slow on a generated phrase",
        explanation=Explanation(
            "A matcher is very slow on some input",
            "Matching this phrase took far longer than usual, a sign of catastrophic regex "
            "backtracking that a long user message could trigger.",
            "Rewrite the pattern without nested or overlapping repetition.",
        ),
        docs=(
            "timing-based, for what no structural answer covers: a `when` predicate (or a regex the automata cannot "
            "read) that ran past the condition time limit on a generated phrase (reported once per rule; generation "
            "stops calling such a predicate), or a regex the automata cannot read (a lookaround, a backreference...) "
            "that is slow on a pumped phrase built from its own text. Catastrophic backtracking in every other regex "
            "is decided: `decided-redos`"
        ),
        rank="rule",
    ),
}

PROBLEMS: dict[ProblemCode, ProblemCodeRow] = {
    "example-misses-own-rule": ProblemCodeRow(Explanation(
        "An example does not match its own rule",
        "The rule's condition rejects a phrase the author listed as one it claims.",
        "Fix the rule's matcher or predicate, or move the example to the rule that should own it.",
    )),
    "example-unclaimed": ProblemCodeRow(Explanation(
        "No rule claims an example",
        "None of the start rules matches the phrase, so the turn falls through to the next tier.",
        "Widen the rule's condition, or add a rule that claims the phrase.",
    )),
    "example-shadowed-by-earlier": ProblemCodeRow(Explanation(
        "An earlier rule takes an example",
        "Rules are tried in declaration order and the first match wins, so the phrase never "
        "reaches the rule that declares it.",
        "Declare the intended rule first, or narrow the earlier rule.",
    )),
    "example-shadowed-by-default": ProblemCodeRow(Explanation(
        "A default in front of the rule decides, depending on the mount",
        "An earlier entry with no condition claims everything on a plain walk, while a "
        "classifier would skip it: the two laws start different entries.",
        "Give the default a condition, declare it last, or reorder the entries.",
    )),
    "never-routes-contradicts-example": ProblemCodeRow(Explanation(
        "A never-route phrase is also a declared example",
        "Two declarations contradict each other: one says a rule claims the phrase, the other "
        "that no rule may.",
        "Drop one of the two declarations.",
    )),
    "never-routes-claimed": ProblemCodeRow(Explanation(
        "A rule claims a never-route phrase",
        "The graph says no rule may start on this phrase, but one does.",
        "Narrow that rule so the phrase no longer matches, or drop the row.",
    )),
    "never-routes-by-default": ProblemCodeRow(Explanation(
        "Only a default claims a never-route phrase",
        "No rule matches, but an entry with no condition starts every message on a plain walk.",
        "If the default is meant as a rule, give it a condition; a catch-all is allowed to claim it.",
    )),
}

#: The notes of the checkup in one line each (the terminal's default; the full text is the engine's note).
NOTES: dict[NoteName, str] = {
    "examples-boundary": "declared examples prove facts about the phrases written, and nothing about others",
    "examples-order-not-checked": "a scorer or a model picks the entry here, so only self-match was checked",
    "never-routes-boundary": "a never-route row proves no start rule claims it, not that the turn routes nowhere",
    "when-not-run": "verdicts that depend on a `when` fuzzroute did not run are listed as not checked, with why",
    "when-always-true": "an async (or generator) `when` returns an object, true in JavaScript: its rule claims all",
}

DECIDED_KINDS: tuple[DecidedKind, ...] = get_args(DecidedKind)
SUGGESTION_KINDS: tuple[SuggestionKind, ...] = get_args(SuggestionKind)
PROBLEM_CODES: tuple[ProblemCode, ...] = get_args(ProblemCode)
NOTE_NAMES: tuple[NoteName, ...] = get_args(NoteName)

#: Decided kinds that say a rule is broken for every message, in the order the overview ranks them.
BROKEN_KINDS: tuple[DecidedKind, ...] = tuple(kind for kind, row in DECIDED.items() if row.broken)


_DECIDED_BY_NAME: dict[str, DecidedKindRow] = {kind: row for kind, row in DECIDED.items()}
_SUGGESTIONS_BY_NAME: dict[str, SuggestionKindRow] = {kind: row for kind, row in SUGGESTIONS.items()}
_PROBLEMS_BY_NAME: dict[str, ProblemCodeRow] = {code: row for code, row in PROBLEMS.items()}
_NOTES_BY_NAME: dict[str, str] = {name: text for name, text in NOTES.items()}


def decided_row(kind: str) -> DecidedKindRow:
    """The row of a decided kind (a kind is always one of `DecidedKind`: the records refuse any other)."""
    found = _DECIDED_BY_NAME.get(kind)
    if found is None:
        raise ValueError(f"{kind!r} is no decided kind of the catalogue: a defect of fuzzroute")
    return found


def suggestion_row(kind: str) -> SuggestionKindRow | None:
    """The row of a suggestion kind, None for a kind the catalogue does not know."""
    return _SUGGESTIONS_BY_NAME.get(kind)


def short_note(name: str) -> str | None:
    """A note of the checkup in one line, None for a note the catalogue does not know."""
    return _NOTES_BY_NAME.get(name)


def problem_row(code: str) -> ProblemCodeRow | None:
    """The row of a proven problem code, None for a code the catalogue does not know."""
    return _PROBLEMS_BY_NAME.get(code)


def sarif_decided_kinds() -> list[tuple[DecidedKind, SarifRule]]:
    """The decided kinds SARIF reports, in the order of its rule catalogue."""
    found = [(kind, row.sarif) for kind, row in DECIDED.items() if row.sarif is not None]
    return sorted(found, key=lambda pair: pair[1].position)


# -- the reference page ------------------------------------------------------------------------------------------

PAGE_HEAD = """\
# Finding kinds

Each tier has its own codes, so a finding's code says how strong its
evidence is (see [Three tiers of evidence](../explanation/tiers.md)).
This page is generated from fuzzroute's catalogue of kinds
(`fuzzroute/results/finding_kinds.py`): `python scripts/regenerate_docs.py`.
"""


def _table(rows: list[tuple[str, str]]) -> list[str]:
    return ["| kind | meaning |", "|---|---|", *(f"| `{kind}` | {meaning} |" for kind, meaning in rows)]


def finding_kinds_page() -> str:
    """`docs/reference/finding-kinds.md`, written from the catalogues."""
    lines = [PAGE_HEAD, "## Proven problems", "",
             "The codes of the reference routing library, checked exactly as",
             "[Routing semantics](../explanation/routing-semantics.md) sections 5 and 6 say:", ""]
    lines += _table([(code, f"{row.explanation.title}: {row.explanation.meaning}") for code, row in PROBLEMS.items()])
    lines += ["", "Notes bound what the proven checks say:", "", "| note | in short |", "|---|---|"]
    lines += [f"| `{name}` | {text} |" for name, text in NOTES.items()]
    lines += ["", "## Generated suggestions", "", "Generated suggestions carry their own codes, never the proven ones:",
              ""]
    lines += _table([(kind, row.docs) for kind, row in SUGGESTIONS.items()])
    lines += [
        "",
        "Every witness carries its claimants under both laws; `graph.claims(phrase)`",
        "(with the witness's context, when it has one) reproduces them. Paste a",
        "witness into the rule's `examples` (or let `fuzzroute suggest --write` do",
        "it) and the next `fuzzroute check` proves what happens to it.",
        "",
        "## Decided findings",
        "",
        "In the order every output lists them; `--fail-on decided` fails on the kinds marked so (an overlap only when "
        "the earlier rule takes the later rule's fixed words, a ReDoS only with its attack).",
        "",
        "| kind | meaning | fails `--fail-on decided` |",
        "|---|---|---|",
    ]
    fails = {"always": "yes", "fixed-words": "in fixed words", "attack": "with an attack", "never": "no"}
    lines += [f"| `{kind}` | {row.docs} | {fails[row.fails]} |" for kind, row in DECIDED.items()]
    lines += [
        "",
        "## Findings `fuzzroute fix` has an edit for",
        "",
        "[`fuzzroute fix`](../how-to/fix.md) proposes an edit, proven safe before it is offered, for these kinds "
        "(`--select` takes their codes and the near-miss variant kinds `case`, `apostrophe`, `contraction`, `us-uk`, "
        "`compound`, `function-word`, `inflection`); `check` ends their lines with \"try `fuzzroute fix`\". The "
        "other kinds have no fix kind: `fix` lists them as such.",
        "",
        "| kind | the edit |",
        "|---|---|",
    ]
    lines += [f"| `{kind}`{' (fixed words)' if row.fix_for == 'fixed-words' else ''} | {row.fix} |"
              for kind, row in DECIDED.items() if row.fix is not None]
    lines += [f"| `{kind}` | {row.fix} |" for kind, row in SUGGESTIONS.items() if row.fix is not None]
    return "\n".join(lines) + "\n"
