"""Every data rule of a graph as automata over one shared alphabet (or the reason it cannot be).

The alphabet is cut once per graph from the character tests of every rule
the automata can read, so all questions about the graph (pairs, containment)
share the same cells and the part automata are built once.  `languages_for`
keeps them with the graph, so the decided tier and the generated tier's
overlap witnesses (`fuzzroute.generate.intersect`) read the same automata
and a report that runs both builds them once.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

from fuzzroute.decided.matcher_nfa import leaf_nfa, own_text_nfa
from fuzzroute.decided.product import Rule
from fuzzroute.engine.automata.alphabet import Cell, partition
from fuzzroute.engine.automata.dfa import MAX_PART_STATES, SEARCH, WHOLE, Part, build_part
from fuzzroute.engine.automata.nfa import Atoms, Nfa, Undecidable
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import Keywords, Leaf, Regex


@dataclass
class RuleAutomata:
    """One data rule: its parts' automata, or why it is undecided."""

    entry: Entry
    leaves: tuple[Regex | Keywords, ...]
    nfas: tuple[Nfa, ...] = ()
    reason: str | None = None
    #: Per leaf (an all-of has several), the automaton of its own text (`nfa.own_text_items`).
    own_nfas: tuple[Nfa, ...] = ()
    _search: Rule | None = None
    _whole: Rule | None = None
    _whole_reason: str | None = None
    _own: tuple[Rule, ...] | None = None
    _fixed: tuple[Rule, ...] | None = None
    _own_reason: str | None = None
    _fixed_reason: str | None = None

    @property
    def wild(self) -> bool:
        """Whether the rule's own text has wildcards (classes, `.`), not only fixed words."""
        return any(nfa.wild for nfa in self.own_nfas)

    @property
    def decidable(self) -> bool:
        return self.reason is None


@dataclass
class Languages:
    """The automata of every data rule of a graph, over one alphabet."""

    rules: dict[int, RuleAutomata]
    cells: list[Cell]
    max_part_states: int = MAX_PART_STATES
    atoms: Atoms = field(default_factory=Atoms)

    def search(self, index: int) -> Rule:
        """The rule read with search semantics (build errors make the rule undecided)."""
        rule = self.rules[index]
        if rule.reason is not None:
            raise Undecidable(rule.reason)
        if rule._search is None:
            try:
                rule._search = Rule(tuple(build_part(n, SEARCH, self.cells, self.max_part_states) for n in rule.nfas))
            except Undecidable as error:
                rule.reason = str(error)
                raise
        return rule._search

    def whole(self, index: int) -> Rule | None:
        """The rule's own text matched whole; None for an all-of or when too large (only picks witnesses)."""
        rule = self.rules[index]
        if rule.reason is not None or len(rule.nfas) != 1:
            return None
        if rule._whole is None and rule._whole_reason is None:
            try:
                rule._whole = Rule((build_part(rule.nfas[0], WHOLE, self.cells, self.max_part_states),))
            except Undecidable as error:
                rule._whole_reason = str(error)
        return rule._whole

    def own(self, index: int) -> tuple[Rule, ...] | None:
        """Per leaf, the rule's own text read whole (None when undecidable or too large).

        A message that is one of these texts alone is matched by that leaf;
        for a keyword list the texts are its keywords, for a regex what it
        matches with the wildcards search makes redundant taken off its ends.
        """
        rule = self.rules[index]
        if rule.reason is not None or rule._own_reason is not None:
            return None
        if rule._own is None:
            try:
                rule._own = tuple(
                    Rule((build_part(n, WHOLE, self.cells, self.max_part_states),)) for n in rule.own_nfas
                )
            except Undecidable as error:
                rule._own_reason = str(error)
        return rule._own

    def own_refusal(self, index: int) -> str | None:
        """Why the rule's own-text automata could not be built (None when they were, or not yet asked)."""
        return self.rules[index]._own_reason

    def adopt(self, index: int, search: tuple[Part, ...] | str, own: tuple[Part, ...] | str | None) -> None:
        """Keep readings built on another process as `search` and `own` would have kept them here.

        `search` is the rule's search parts or the reason it is undecided;
        `own` its own-text parts (one per leaf), the reason they were refused,
        or None when they were not built.
        """
        rule = self.rules[index]
        if isinstance(search, str):
            rule.reason = search
            return
        rule._search = Rule(search)
        if isinstance(own, str):
            rule._own_reason = own
        elif own is not None:
            rule._own = tuple(Rule((part,)) for part in own)

    def fixed(self, index: int) -> tuple[Rule, ...] | None:
        """`own`, with the rule's wildcards reading only blank characters (no literal of any rule)."""
        rule = self.rules[index]
        own = self.own(index)
        if own is None or rule._fixed_reason is not None:
            return None
        if rule._fixed is None:
            literal = frozenset(self.atoms.literal)
            try:
                rule._fixed = tuple(
                    Rule((build_part(n, WHOLE, self.cells, self.max_part_states, literal),)) if n.wild else reading
                    for n, reading in zip(rule.own_nfas, own, strict=True)
                )
            except Undecidable as error:
                rule._fixed_reason = str(error)
                return None
        return rule._fixed


def _leaves(entry: Entry) -> tuple[Leaf, ...]:
    matcher = entry.data_matcher
    assert matcher is not None
    return matcher.leaves


def build_languages(entries: Sequence[Entry], max_part_states: int = MAX_PART_STATES) -> Languages:
    """Translate every data rule (refusals are recorded per rule) and cut the shared alphabet."""
    atoms = Atoms()
    rules: dict[int, RuleAutomata] = {}
    for entry in entries:
        if entry.data_matcher is None:
            continue
        rule = RuleAutomata(entry, _leaves(entry))
        try:
            rule.nfas = tuple(leaf_nfa(leaf, atoms) for leaf in rule.leaves)
            rule.own_nfas = tuple(
                own_text_nfa(leaf, nfa, atoms) for leaf, nfa in zip(rule.leaves, rule.nfas, strict=True)
            )
        except Undecidable as error:
            rule.reason = str(error)
        rules[entry.index] = rule
    cells = partition(atoms.resolve())
    return Languages(rules, cells, max_part_states, atoms)


#: Per graph: the entries the automata were built from, and the automata.
_built: weakref.WeakKeyDictionary[Graph, tuple[tuple[Entry, ...], Languages]] = weakref.WeakKeyDictionary()


def _same(built: tuple[Entry, ...], entries: tuple[Entry, ...]) -> bool:
    return len(built) == len(entries) and all(a is b for a, b in zip(built, entries, strict=True))


def languages_for(graph: Graph) -> Languages:
    """The automata of `graph`'s data rules, built on first use and kept while the graph lives.

    Rebuilt when the graph gained entries since (a graph only grows).  Part
    automata are built lazily and kept in the returned object, so whichever
    tier asks first builds them for both.
    """
    entries = graph.entries
    found = _built.get(graph)
    if found is not None and _same(found[0], entries):
        return found[1]
    languages = build_languages(entries)
    _built[graph] = (entries, languages)
    return languages


def forget_languages(graph: Graph) -> None:
    """Drop the automata kept for `graph` (the next `languages_for` builds them again).

    At 5,000 rules they hold over 100 MB; a report run frees them once the
    last phase that reads them (generation's overlap witnesses) is done, so
    the processes it forks after that do not start with them.
    """
    _built.pop(graph, None)
