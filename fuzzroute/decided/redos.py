"""ReDoS as a decided finding: a rule's regex on which Python's `re` backtracks super-linearly, with the attack.

A route regex runs on every message a user sends, so a regex that
backtracks catastrophically is a denial-of-service hole in the agent, not
only slow routing.  The decision is structural (`engine.automata.ambiguity`):
an exponentially or polynomially ambiguous loop of the regex's automaton,
read the way `re` backtracks.  It becomes a finding only with an attack
that makes `re` try every way: a prefix that leads to the loop, the pumped
text the loop reads in several ways, and a failing suffix, found on the
rule's search automaton so that no message of the form
`prefix + pump * k + suffix` (k large) is matched anywhere, which is what
forces the backtracking to exhaust every path before giving up.  The
decision is never made, or withdrawn, by the clock.

As evidence the item carries the real `re`'s time on three pump counts
(`evidence`, a timing figure that varies from run to run, so it is kept out
of the message; measured for the first `EVIDENCE_ITEMS` findings, each
search under a time limit).  The
fix: read each text one way only (a possessive repeat or atomic group, or a
simpler pattern).  fuzzroute itself matches such a rule with the automaton,
so none of its own verdicts depends on the backtracking.

A regex the automata cannot read is undecided here as for every other
question (the rule's `matcher` item says why); an analysis or a search past
its counted work limit is listed undecided with the reason.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from fuzzroute.decided.decisions import REDOS, REDOS_QUESTION, UNDECIDED, DecidedItem
from fuzzroute.decided.languages import Languages
from fuzzroute.decided.wording import EVIDENCE_SECONDS, quoted, rule
from fuzzroute.engine.automata.alphabet import Cell, CellFinder
from fuzzroute.engine.automata.ambiguity import EXPONENTIAL, Ambiguity, analyse
from fuzzroute.engine.automata.dfa import SEARCH, Part, build_part
from fuzzroute.engine.automata.nfa import Nfa, Undecidable
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import Regex, leaf_regex
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit, enforced
from fuzzroute.results.decided_records import Redos, RedosAttack, RedosEvidence
from fuzzroute.results.record import one_of

#: Findings whose evidence is measured (the rest say so); each measurement is a few milliseconds.
EVIDENCE_ITEMS = 20
#: Each timed search of the evidence stops after `EVIDENCE_SECONDS` (a catastrophic regex would otherwise
#: never return) and no longer count is timed once one search took this long.
EVIDENCE_ENOUGH = 0.2
#: An exponential attack is pumped until about 2^this many ways to read it (milliseconds in `re`).
EXPONENTIAL_WAYS_LOG2 = 15
#: A polynomial attack is about this long: its work grows as length^(degree + 2) over the start positions.
POLYNOMIAL_WORK = 2e7
#: States the search for a failing suffix may visit.
SUFFIX_STATES = 20_000


@dataclass(frozen=True)
class Attack:
    """`prefix + pump * k + suffix`, at three pump counts (smallest first)."""

    prefix: str
    pump: str
    suffix: str
    counts: tuple[int, ...]

    def text(self, count: int) -> str:
        return self.prefix + self.pump * count + self.suffix

    def expression(self, count: int) -> str:
        """The attack as a short Python expression, e.g. `"a" + "aa" * 9 + "!"`."""
        parts = [json.dumps(self.prefix, ensure_ascii=False)] if self.prefix else []
        parts.append(f"{json.dumps(self.pump, ensure_ascii=False)} * {count}")
        if self.suffix:
            parts.append(json.dumps(self.suffix, ensure_ascii=False))
        return " + ".join(parts)


def redos_items(
    languages: Languages,
    entries: Sequence[Entry],
    measure: bool = True,
    known_linear: Collection[tuple[int, int]] = (),
) -> list[DecidedItem]:
    """The ReDoS findings (and undecided questions) of the regex rules among `entries`, in order.

    `known_linear` holds (rule index, leaf position) of regexes already
    analysed as linear elsewhere (`build_pool`): no finding, so not analysed again.
    """
    items: list[DecidedItem] = []
    for entry in entries:
        automata = languages.rules.get(entry.index)
        if automata is None or len(automata.nfas) != len(automata.leaves):
            continue  # not a data rule, or one the automata cannot read (its `matcher` item says why)
        for position, (leaf, nfa) in enumerate(zip(automata.leaves, automata.nfas, strict=True)):
            regex = leaf_regex(leaf)  # only a regex can backtrack
            if regex is not None and (entry.index, position) not in known_linear:
                found = _judge(entry, regex, nfa, languages.cells, measure and _measured(items) < EVIDENCE_ITEMS)
                if found is not None:
                    items.append(found)
    return items


def _measured(items: list[DecidedItem]) -> int:
    return sum(1 for item in items if item.redos is not None and item.redos.evidence)


def _judge(entry: Entry, leaf: Regex, nfa: Nfa, cells: list[Cell], measure: bool) -> DecidedItem | None:
    try:
        ambiguity = analyse(nfa, cells)
        if not ambiguity.super_linear:
            return None
        attack = _attack(ambiguity, build_part(nfa, SEARCH, cells), cells)
    except Undecidable as error:
        reason = str(error)
        return DecidedItem(
            UNDECIDED, REDOS_QUESTION, entry,
            f"Whether Python's re can backtrack without bound on {_regex(entry, leaf)} is undecided: {reason}. "
            "fuzzroute matches the rule with an automaton where that is possible, so its own verdicts are "
            "unaffected.",
            reason=reason,
        )
    if attack is None:
        return None  # every pumped text is matched already: the search stops at that match
    evidence = _evidence(leaf.pattern, attack) if measure else []
    return _finding(entry, leaf, ambiguity, attack, evidence)


def _regex(entry: Entry, leaf: Regex) -> str:
    if entry.data_matcher is leaf:
        return rule(entry)
    return f"the regex `{leaf.caption}` of {rule(entry)}"


def _counts(ambiguity: Ambiguity) -> tuple[int, ...]:
    if ambiguity.verdict == EXPONENTIAL:
        per_pump = math.log2(max(ambiguity.growth, 1.5))
        top = max(3, math.ceil(EXPONENTIAL_WAYS_LOG2 / per_pump))
        step = max(1, math.ceil(2 / per_pump))
        return tuple(max(1, top - step * n) for n in (2, 1, 0))
    length = max(32, int(POLYNOMIAL_WORK ** (1 / (ambiguity.degree + 2))))
    top = max(3, length // max(1, len(ambiguity.pump)))
    return (max(1, top // 4), max(1, top // 2), top)


def _attack(ambiguity: Ambiguity, part: Part, cells: list[Cell]) -> Attack | None:
    """The attack with a suffix after which no pumped text is matched anywhere, or None if there is none."""
    finder = CellFinder(cells)

    def step(state: int, text: str) -> int:
        for ch in text:
            state = part.moves[state][part.column_of_cell[finder.cell(ch)]]
        return state

    state = step(0, ambiguity.prefix)
    seen: dict[int, int] = {}
    states: list[int] = []
    while state not in seen:  # the states after k pumps repeat with some period: collect one round of it
        seen[state] = len(states)
        states.append(state)
        state = step(state, ambiguity.pump)
    late = tuple(sorted(set(states[seen[state]:])))
    if part.sink is not None and part.sink in late:
        return None
    suffix = _failing_suffix(part, late, cells)
    if suffix is None:
        return None
    return Attack(ambiguity.prefix, ambiguity.pump, suffix, _counts(ambiguity))


def _failing_suffix(part: Part, states: tuple[int, ...], cells: list[Cell]) -> str | None:
    """The shortest text after which none of `states` accepts (most readable characters first)."""
    letters: dict[int, str] = {}
    for number, cell in enumerate(cells):
        letters.setdefault(part.column_of_cell[number], cell.representative)
    if not any(part.accepts[s] for s in states):
        return ""
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], str] | None] = {states: None}
    queue = deque([states])
    while queue:
        current = queue.popleft()
        for column, letter in letters.items():
            following = tuple(sorted({part.moves[s][column] for s in current}))
            if following in parent or (part.sink is not None and part.sink in following):
                continue
            parent[following] = (current, letter)
            if not any(part.accepts[s] for s in following):
                out: list[str] = []
                link = parent[following]
                while link is not None:
                    back, ch = link
                    out.append(ch)
                    link = parent[back]
                return "".join(reversed(out))
            if len(parent) >= SUFFIX_STATES:
                raise Undecidable(f"the search for a failing ending needs more than {SUFFIX_STATES} states")
            queue.append(following)
    return None


def _evidence(pattern: re.Pattern[str], attack: Attack) -> list[RedosEvidence]:
    """The real `re`'s time on the attack at each pump count, each search under a time limit."""
    if not enforced():
        return []  # off the main thread a search cannot be stopped: measure nothing rather than hang
    found: list[RedosEvidence] = []
    for count in attack.counts:
        text = attack.text(count)
        start = time.perf_counter()
        try:
            call_with_time_limit(EVIDENCE_SECONDS, lambda text=text: pattern.search(text))  # type: ignore[misc]
            seconds: float | None = round(time.perf_counter() - start, 6)
        except TimedOut:
            seconds = None
        found.append(RedosEvidence(pumps=count, length=len(text), seconds=seconds))
        if seconds is None or seconds > EVIDENCE_ENOUGH:
            break
    return found


def _growth_words(ambiguity: Ambiguity) -> str:
    if ambiguity.verdict == EXPONENTIAL:
        return (
            f"exponentially: each more {quoted(ambiguity.pump)} multiplies the ways to try by about "
            f"{ambiguity.growth:.1f}"
        )
    steps = ambiguity.degree + 1
    return (
        f"polynomially: {ambiguity.degree + 1} repeats in a row can each read {quoted(ambiguity.pump)}, so from one "
        f"start position the work grows as the length to the power {steps} (one more over the start positions a "
        "search tries)"
    )


def _fix(ambiguity: Ambiguity) -> str:
    if ambiguity.verdict == EXPONENTIAL:
        return (
            "Make each text readable one way only: a repeat inside a repeat that can read the same text (`(a+)+`, "
            "`(\\w+\\s?)*`) becomes one repeat of a class (`a+`, `[\\w\\s]*`), or make the inner repeat possessive "
            "(`\\w++`) or the group atomic (`(?>...)`, Python 3.11+) so re never tries another split."
        )
    return (
        f"Make neighbouring repeats read different characters (so only one of them can read {quoted(ambiguity.pump)}), "
        "merge them into one repeat, or make the first one possessive (`\\d++`) or atomic (`(?>...)`)."
    )


def _finding(
    entry: Entry, leaf: Regex, ambiguity: Ambiguity, attack: Attack, evidence: list[RedosEvidence]
) -> DecidedItem:
    largest = attack.counts[-1]
    witness = attack.text(attack.counts[0])
    ending = f"then {quoted(attack.suffix)}" if attack.suffix else "with nothing after it"
    message = (
        f"{_regex(entry, leaf)} can make Python's re backtrack {_growth_words(ambiguity)}. On a message such as "
        f"{attack.expression(largest)} (the prefix {quoted(attack.prefix)}, {quoted(attack.pump)} repeated, {ending}, "
        "so that nothing matches) re tries every way before it gives up; every user message runs through the route "
        "regexes, so one such message stalls the agent (a denial of service). This is decided from the regex's "
        f"automaton, for every message, not measured (the measured times are in `redos.evidence`). {_fix(ambiguity)} "
        "fuzzroute matches this rule with an automaton, so its own verdicts are unaffected."
    )
    details = Redos(
        growth=one_of(ambiguity.verdict, ("exponential", "polynomial")),
        degree=None if ambiguity.verdict == EXPONENTIAL else ambiguity.degree + 1,
        regex=leaf.caption,
        attack=RedosAttack(prefix=attack.prefix, pump=attack.pump, suffix=attack.suffix),
        expression=attack.expression(largest),
        fix=_fix(ambiguity),
        evidence=evidence,
    )
    return DecidedItem(REDOS, REDOS_QUESTION, entry, message, witness=witness, redos=details)
