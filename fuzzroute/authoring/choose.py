"""Which generated phrases are worth declaring as examples, per rule, and why.

A declared example is a promise the checkup keeps proving, so each pick must
earn its place, and following the advice must never hurt: once the picks are
declared, every error `check` reports for them is one the pick named as a
real defect or gap.  The ranking follows what a pick turns into once declared:

1. witnesses of a real routing defect: a `generated-shadowed-by-earlier`
   witness on which the earlier rule matches inside this rule's own fixed
   words ("scale down the workers" taken by an incident rule's `down`), a
   `rule-never-wins` witness (never one where the taker only sits beside
   this rule's text), a `generated-laws-disagree` witness: declared, they
   become a proven error that stays until the rules are fixed.  A witness
   where two triggers are merely glued together ("dashboard ssl",
   co-occurrence) is first-match routing working as designed and is never
   picked, nor is one where the earlier rule only fills this rule's
   wildcard ("send balance to");
2. near misses that show a real gap: a listed near miss people type (a
   declared example or the rule's words respelled, "I can't log in", or its
   word inflected with the sentence agreeing) that the rule misses; typos and
   swapped words are listed by `report`, not proposed;
3. widening phrases: phrases the rule already wins that exercise a part of
   its matcher no declared example does (or words none of them use),
   declared examples reworded with the rule's own words first; only ones
   `check` will pass.

Every pick also carries the verdict the checkup will give it (computed by
running the proven check on the graph with just that example added), so
the author reads the consequence before accepting it.  Phrases that would
change the graph's loadability, contradict a never-route row, or read like
glued fragments ("deploy: outage") are never picked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from fuzzroute.authoring.widen import WonPhrase
from fuzzroute.engine.check_examples import check_examples
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.problems import Problem
from fuzzroute.engine.text import is_blank, phrase_key
from fuzzroute.engine.unread import NotChecked, not_run_reason
from fuzzroute.generate.findings import readability_penalty
from fuzzroute.generate.natural_gate import Gate
from fuzzroute.generate.naturalness import from_example, glued_marks, rule_words
from fuzzroute.generate.near_misses import literal_sources
from fuzzroute.generate.relation import CO_OCCURRENCE, FIXED_WORDS, SHARED_TEXT
from fuzzroute.results.record import Omitted, or_none
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    SHADOWED_BY_EARLIER_RULE,
    VARIANT_WORDS,
    Exploration,
    Suggestion,
    Witness,
)

#: The suggestion kinds whose witnesses are picked, best first.
DEFECT_KINDS = (SHADOWED_BY_EARLIER_RULE, LAWS_DISAGREE, RULE_NEVER_WINS)
NEAR_MISS_KINDS = (NEAR_MISS_UNCLAIMED, NEAR_MISS_CLAIMED_ELSEWHERE)
WIDENING = "widens-coverage"
#: Two phrases sharing at least this share of their words are near-duplicates.
NEAR_DUPLICATE_SHARE = 0.6

_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Verdict:
    """What `fuzzroute check` will report for the example once it is declared."""

    problems: tuple[Problem, ...]
    #: Under a scorer or read mount the checkup only runs the rule on its own examples.
    self_match_only: bool = False
    #: The rule whose `when` (read statically, not run) the rest of the verdict depends on, if any.
    depends_on: Entry | None = None

    @property
    def passes(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> tuple[tuple[str, str], ...]:
        """`(kind, code)` of each problem, in the checkup's order."""
        return tuple((p.kind, p.code) for p in self.problems)

    def describe(self) -> str:
        if self.depends_on is not None:
            proven = f"report {' and '.join(f'{p.code} ({p.kind})' for p in self.problems)}, and " \
                if self.problems else ""
            return (
                f"check will {proven}list it as not checked: it depends on the `when` of rule "
                f'#{self.depends_on.index + 1} ("{self.depends_on.id}"), which fuzzroute does not run: '
                f"{not_run_reason(self.depends_on)}"
            )
        if self.passes and self.self_match_only:
            return "check will pass it (the rule's own condition matches it; this mount is checked for that only)"
        if self.passes:
            return "check will pass it (the rule claims it, no earlier rule takes it)"
        parts = []
        for problem in self.problems:
            taker = f' (claimed first by "{problem.from_}")' if problem.from_ else ""
            parts.append(f"{problem.code} ({problem.kind}){taker}")
        return "check will report " + " and ".join(parts)


@dataclass(frozen=True)
class Pick:
    """One phrase to add to one rule's examples: why it was picked and what check will say."""

    rule_index: int
    rule: str
    phrase: str
    reason: str  # a suggestion kind, or WIDENING
    why: str
    verdict: Verdict
    #: A near miss's kind of change people type (`case`, `contraction`, ...); None for other picks.
    variant: str | None = None

    @property
    def defect(self) -> bool:
        """True when the pick names a real defect or gap (check reports it); False for a widening example."""
        return self.reason != WIDENING


_SUFFIXES = ("ing", "ed", "er", "es", "s")


def _strength(suggestion: Suggestion) -> int:
    """0 for shared fixed words (and kinds without a relation), 1 for shared wildcards, 2 for glue."""
    if suggestion.relation == CO_OCCURRENCE:
        return 2
    return 1 if suggestion.relation == SHARED_TEXT and suggestion.shared_in != FIXED_WORDS else 0


def _stem(word: str) -> str:
    """A crude stem: "refunds", "refunded" and "refunder" all read as "refund" here."""
    word = word.lower()
    changed = True
    while changed:
        changed = False
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                changed = True
                break
    return word


def _words(phrase: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in _WORD.findall(phrase))


def near_duplicate(a: str, b: str) -> bool:
    """Mostly the same words, case, punctuation and inflection aside (at least 60% shared stems)."""
    if phrase_key(a) == phrase_key(b):
        return True
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= NEAR_DUPLICATE_SHARE


def predicted_verdict(graph: Graph, index: int, phrase: str) -> Verdict:
    """The checkup's problems for `phrase` declared as the only example of entry `index`.

    The example check judges each example on its own, so the
    verdict is the same whatever other examples the rule declares.
    """
    entries = tuple(
        replace(e, examples=(phrase,) if e.index == index else None) for e in graph.entries
    )
    unknown: list[NotChecked] = []
    problems, _ = check_examples(entries, graph.order_decides, graph.has_classifier, not_checked=unknown)
    depends_on = unknown[0].rule if unknown else None
    return Verdict(tuple(problems), self_match_only=not graph.order_decides, depends_on=depends_on)


def _signature(verdict: Verdict) -> tuple[tuple[str, str, str | None], ...]:
    unknown = () if verdict.depends_on is None else (("not-checked", "", verdict.depends_on.id),)
    return tuple((p.kind, p.code, p.from_) for p in verdict.problems) + unknown


def can_take_examples(entry: Entry) -> bool:
    """Rules the declaration API lets declare examples: not intents (their examples score), not defaults."""
    return not entry.is_intent and not entry.is_unconditional


def _matched(taker: Entry | None, phrase: str) -> str | None:
    """What the taking rule matches in the phrase (None when it has no text, as a `when` rule)."""
    matcher = None if taker is None else taker.data_matcher
    return None if matcher is None else matcher.witness(phrase)


def _why(suggestion: Suggestion, witness: Witness, entries: Sequence[Entry]) -> str:
    taker_entry = None if suggestion.from_index is None else entries[suggestion.from_index]
    taker = None if taker_entry is None else taker_entry.id
    if suggestion.kind == SHADOWED_BY_EARLIER_RULE:
        matched = _matched(taker_entry, witness.phrase)
        what = f"matches {matched!r}, one of this rule's own words," if matched else "matches this rule's own words"
        return f'the earlier rule "{taker}" {what} so it claims this phrase first'

    if suggestion.kind == LAWS_DISAGREE:
        return (
            f'the default "{taker}" declared earlier starts it on the cold walk; '
            "the cascade starts this rule"
        )
    if suggestion.kind == RULE_NEVER_WINS:
        who = f'"{taker}"' if taker else "other rules"
        matched = _matched(taker_entry, witness.phrase)
        through = f" through {matched!r}" if matched else ""
        shared = ", one of this rule's own words" if matched and witness.relation == SHARED_TEXT else ""
        return (
            f"this rule won none of the {suggestion.count} phrases generated from it; "
            f"{who} took this one{through}{shared}"
        )
    edit = (witness.mutation or "").partition(": ")[2]
    source = "the rule's own words" if witness.generator.endswith("/literal") else "a declared example"
    kind = f"{VARIANT_WORDS[suggestion.variant]} ({edit})" if suggestion.variant else edit
    if suggestion.kind == NEAR_MISS_UNCLAIMED:
        return f"{source}, {kind}: the rule misses it and no rule claims it"
    if suggestion.kind == NEAR_MISS_CLAIMED_ELSEWHERE:
        return f'{source}, {kind}: the rule misses it and "{taker}" claims it instead'
    return suggestion.message


def shows_defect(suggestion: Suggestion, witness: Witness) -> bool:
    """Whether a witness shows a real defect or gap, so declaring it is worth the error check will report.

    A shadowing counts when the earlier rule matches inside the later rule's
    fixed words; a never-winning rule when the taker does not merely sit
    beside its text; a near miss when it is an inflection that fits its
    sentence.  Co-occurrence (two triggers glued together) never counts.
    """
    if not isinstance(witness.context, Omitted):
        return False
    if suggestion.kind == SHADOWED_BY_EARLIER_RULE:
        return witness.relation == SHARED_TEXT and witness.shared_in == FIXED_WORDS
    if suggestion.kind == RULE_NEVER_WINS:
        return witness.relation != CO_OCCURRENCE
    if suggestion.kind in NEAR_MISS_KINDS:
        return suggestion.variant is not None and witness.generator.startswith("variant/")
    return suggestion.kind == LAWS_DISAGREE


def _words_of(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def _widening_why(won: WonPhrase, covered: set[str], own: frozenset[str]) -> str | None:
    """Why a won phrase widens the examples: it is matched through one of the rule's own words that no
    declared example's match contains (a word a wildcard absorbed does not count)."""
    reworded = " (a declared example reworded with the rule's own words)" if from_example(won.generator) else ""
    if won.matched is None or won.matched.casefold() in covered:
        return None
    new = _words_of(won.matched) & own
    if not new or new <= {w for c in covered for w in _words_of(c)}:
        return None
    return f"the rule wins it through {won.matched!r}, which no declared example exercises{reworded}"


@dataclass
class _Shelf:
    """The picks of one rule so far, and what they and the declared examples cover."""

    entry: Entry
    picks: list[Pick]
    limit: int

    def full(self) -> bool:
        return len(self.picks) >= self.limit

    def clashes(self, phrase: str) -> bool:
        return any(near_duplicate(phrase, p.phrase) for p in self.picks)


class Ranker:
    """Ranks candidate phrases for each rule of one graph."""

    def __init__(self, graph: Graph, rules: Iterable[int], per_rule: int) -> None:
        self.graph = graph
        self.entries = graph.entries
        self.never = {phrase_key(p) for p in graph.never_route_phrases}
        self.shelves = {
            i: _Shelf(self.entries[i], [], per_rule) for i in rules if can_take_examples(self.entries[i])
        }
        self._taken: set[tuple[int, str]] = set()
        self.gate = Gate(graph)

    def _admissible(self, index: int, phrase: str, mutation: str | None = None) -> bool:
        """A phrase that keeps the graph loadable, proves only what the pick says, and reads as a message."""
        shelf = self.shelves.get(index)
        if shelf is None or shelf.full() or is_blank(phrase) or phrase != phrase.strip():
            return False
        if readability_penalty(phrase) or glued_marks(phrase):
            return False  # "REFUNDer!" or "deploy: outage" may show a finding, but is no phrase to promise
        if self.gate.why(phrase, index, glue=True) is not None:
            return False  # "lamp the bedroom lamp", "I lost my cards": no sentence a person types
        key = phrase_key(phrase)
        if key in self.never or (index, key) in self._taken:
            return False  # a never-route row would turn it into never-routes-contradicts-example
        return all(phrase_key(x) != key for x in shelf.entry.examples or ())

    def offer(self, index: int, phrase: str, reason: str, why: str, mutation: str | None = None,
              variant: str | None = None) -> None:
        """Pick `phrase` for rule `index` unless it is inadmissible, a near-duplicate, or its verdict
        contradicts the reason (a widening example check would fail, a defect check would pass)."""
        if not self._admissible(index, phrase, mutation) or self.shelves[index].clashes(phrase):
            return
        entry = self.entries[index]
        self._taken.add((index, phrase_key(phrase)))
        verdict = predicted_verdict(self.graph, index, phrase)
        if (reason == WIDENING) != verdict.passes:
            return
        self.shelves[index].picks.append(Pick(index, entry.id, phrase, reason, why, verdict, variant))

    def _already_proven(self, index: int, phrase: str) -> bool:
        declared = [x for x in self.entries[index].examples or () if near_duplicate(phrase, x)]
        if not declared:
            return False
        mine = _signature(predicted_verdict(self.graph, index, phrase))
        return any(_signature(predicted_verdict(self.graph, index, x)) == mine for x in declared)

    def take_suggestions(self, exploration: Exploration, kinds: Sequence[str]) -> None:
        """Witnesses of `kinds` that show a real defect or gap: the best of every group first, then the
        second best, and so on.

        Only witnesses that `shows_defect` are considered, and a group without
        one is skipped.  A rule's groups take turns strongest first (never-wins
        and shared fixed words before the rest, then by count), across kinds in
        the given order, so a rule gets one witness of each defect before a
        second of the same one: "invoice order" (shadowed by "orders") and
        "invoice" (a default claims it first) say more together than two
        shadowings by "orders".  A defect witness adds nothing when a
        near-duplicate declared example already gets the same verdict (say
        "where is my order!" next to a declared, already shadowed "where is
        my order"); a near-miss is a near-duplicate by construction, and is kept.
        """
        order = {kind: position for position, kind in enumerate(kinds)}
        eligible: list[tuple[Suggestion, list[Witness]]] = []
        for suggestion in exploration.suggestions:
            if suggestion.kind not in order or suggestion.rule_index is None:
                continue
            chosen = [w for w in suggestion.witnesses if shows_defect(suggestion, w)]
            if chosen:
                eligible.append((suggestion, chosen))
        eligible.sort(key=lambda item: (order[item[0].kind], _strength(item[0]), -item[0].count))
        seen: dict[tuple[str, int | None], int] = {}
        keyed = []
        for position, (suggestion, chosen) in enumerate(eligible):
            key = (suggestion.kind, suggestion.rule_index)
            turn = seen[key] = seen.get(key, -1) + 1  # the n-th group of this kind for this rule
            keyed.append(((turn, order[suggestion.kind], position), suggestion, chosen))
        groups = [(s, chosen) for _, s, chosen in sorted(keyed, key=lambda item: item[0])]
        depth = max((len(chosen) for _, chosen in groups), default=0)
        for rank in range(depth):
            for suggestion, chosen in groups:
                if rank >= len(chosen) or suggestion.rule_index is None:
                    continue
                witness = chosen[rank]
                if rank and not from_example(witness.generator):
                    continue  # a second witness of one defect only when it is an author's sentence reworded
                kind = suggestion.kind
                redundant = kind in DEFECT_KINDS and self._already_proven(suggestion.rule_index, witness.phrase)
                if not redundant:
                    self.offer(suggestion.rule_index, witness.phrase, kind, _why(suggestion, witness, self.entries),
                               or_none(witness.mutation), suggestion.variant)

    def take_widening(self, won: Sequence[WonPhrase]) -> None:
        """Phrases a rule wins through one of its own words that no declared example's match contains.

        Another frame around words the examples already exercise ("hey
        balance now" next to a declared "what is my balance") proves nothing
        new, so it is not proposed.
        """
        covered: dict[int, set[str]] = {}
        literals: dict[int, set[str]] = {}
        own = {index: rule_words(shelf.entry) for index, shelf in self.shelves.items()}
        for index, shelf in self.shelves.items():
            matcher = shelf.entry.data_matcher
            seen = {(matcher.witness(x) or "").casefold() for x in shelf.entry.examples or ()} if matcher else set()
            covered[index] = seen
        for item in won:
            found = self.shelves.get(item.index)
            if found is None or found.full():
                continue
            shelf = found
            why = _widening_why(item, covered[item.index], own[item.index])
            if why is None or not self._admissible(item.index, item.phrase):
                continue
            # A declared example reworded with another of the rule's words is close to it on purpose; a
            # rule with examples is widened only by them ("hey playlist now" is a sampler's frame).
            declared = shelf.entry.examples or ()
            if declared and not from_example(item.generator):
                continue
            if not declared and item.phrase not in literals.setdefault(item.index, set(literal_sources(shelf.entry))):
                continue  # a rule without examples gets its own words as written, never a sampler's frame
            if not from_example(item.generator) and any(near_duplicate(item.phrase, x) for x in declared):
                continue
            before = len(shelf.picks)
            self.offer(item.index, item.phrase, WIDENING, why)
            if len(shelf.picks) > before and item.matched is not None:
                covered[item.index].add(item.matched.casefold())

    def picks(self) -> dict[int, list[Pick]]:
        return {i: list(s.picks) for i, s in sorted(self.shelves.items())}


def choose(
    graph: Graph,
    exploration: Exploration,
    won: Sequence[WonPhrase],
    rules: Iterable[int],
    per_rule: int,
) -> dict[int, list[Pick]]:
    """Up to `per_rule` picks for each of `rules` (entry indexes), best first."""
    chooser = Ranker(graph, rules, per_rule)
    chooser.take_suggestions(exploration, DEFECT_KINDS)
    chooser.take_suggestions(exploration, NEAR_MISS_KINDS)
    chooser.take_widening(won)
    return chooser.picks()
