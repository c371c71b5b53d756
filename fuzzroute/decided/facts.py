"""What the decided tier learns about each rule once, before any question about a pair of rules.

A graph of n rules has n(n-1)/2 pairs; most of them are settled here, per
rule and by sets of rules (Python integers used as bit sets over entry
positions), so that only the pairs these facts leave open reach a product
of automata.  Every fact is exact in the direction it is used:

* `texts`: each rule's shortest, most readable own text (the pattern with
  the wildcards search makes redundant taken off its ends, read whole), or
  for an all-of its shortest message.
* `infix`: the rules that match every message containing " " + their own
  text + " " (checked on every state of their search automata).  Two such
  rules meet on their two texts side by side: the pair overlaps.
* `prefix`: the rules that match every message starting with their own text
  + " " (an anchored `^\\d{3,}\\b` does).  Such a rule meets every `infix`
  rule: its text, then the other's between spaces.
* `suffix`: the rules that match every message ending with " " + their own
  text (`salosa$` does).  Such a rule meets every `infix` and every `prefix`
  rule: the other's text first, then its own.
* `room`: the rules whose text has a place where any words between spaces
  can be put and it is still matched (`^rudine.*bazeze$`).  Such a rule
  meets every `infix` rule: the other's text put there.
* `ends`: how an anchored rule's messages begin and end (`ends`); two rules
  whose messages never begin (or end) alike share no message.
* `first`, `first_own`: the characters (cells) a rule's messages, and its
  own texts, can start with.  A rule matches inside no own text of a rule
  whose own texts all start with a character its messages cannot start with
  (the anchored rules of a graph are kept out of most questions so).
* `gaps`: where a rule's own text has a free gap (a `.*` that holds any
  text between two spaces): inserting " " + another rule's text + " "
  there keeps it the rule's own text.  An `infix` rule shares that text.
  `part_gaps`: the all-of rules with such a gap in one part's own text.
* `gates` (made by the plan when a rule is asked, `FactsPlan.gates`): the
  rules that may match inside a rule's fixed words, or inside its own
  texts, by the claim laws' literal prefilter run over the fixed segments
  and closed templates of `shapes`, narrowed by the word index (a rule left
  out cannot; a rule kept is asked with the automata).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, assert_never

from fuzzroute.decided.ends import Ends, anchored, disjoint, ends_of, lengths
from fuzzroute.decided.languages import Languages
from fuzzroute.decided.literal_words import literal_words
from fuzzroute.decided.product import FOUND, Rule, search
from fuzzroute.decided.shapes import rule_shape
from fuzzroute.decided.word_index import WordIndex, folds_case, own_texts
from fuzzroute.engine.automata.alphabet import CellFinder
from fuzzroute.engine.automata.dfa import Part
from fuzzroute.engine.automata.plan import RegexTimedOut
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.literal_prefilter import SPECIAL_FOLDS, fold
from fuzzroute.engine.matchers import Keywords, Leaf, Regex, leaf_regex

#: States the search for a rule's own text may visit (it only picks a text).
TEXT_STATES = 400


def bits(indexes: Sequence[int]) -> int:
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask


def ones(mask: int) -> list[int]:
    """The positions of the set bits, lowest first.

    The digits are scanned by `str.find`, so a mask with a few bits among
    thousands of positions (one rule's pairs in a large graph) costs a few
    steps, not one per position.
    """
    spelled = bin(mask)[:1:-1]  # lowest bit first
    found: list[int] = []
    position = spelled.find("1")
    while position >= 0:
        found.append(position)
        position = spelled.find("1", position + 1)
    return found


def first(mask: int, count: int) -> list[int]:
    """The positions of the lowest `count` set bits."""
    found: list[int] = []
    while mask and len(found) < count:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@dataclass
class Facts:
    """Per-rule facts of one graph (see the module docstring)."""

    texts: dict[int, str | None] = field(default_factory=dict)
    infix: int = 0
    prefix: int = 0
    suffix: int = 0
    #: The rules whose text has a place that holds any words between spaces: such a rule meets every `infix` one.
    room: int = 0
    #: Per rule anchored at an end of the text, its parts' heads and tails (`ends`).
    ends: dict[int, tuple[Ends, ...]] = field(default_factory=dict)
    #: The rules whose parts' ends never agree: they match no message, so they share none with any rule.
    nothing: int = 0
    #: Per rule, the fewest characters a message of it holds; per rule with a bound, the most.
    least: dict[int, int] = field(default_factory=dict)
    most: dict[int, int] = field(default_factory=dict)
    #: The rules (bits) by their `least` and by their `most`: a few lengths hold many rules, so the rules
    #: whose messages are all shorter (or longer) than another's are a union over lengths, not over rules.
    by_least: dict[int, int] = field(default_factory=dict)
    by_most: dict[int, int] = field(default_factory=dict)
    #: Per rule, the cells a message it matches can start with (bits over cells; all of them for an
    #: unanchored rule), and the cells one of its own texts can start with.
    first: dict[int, int] = field(default_factory=dict)
    first_own: dict[int, int] = field(default_factory=dict)
    #: The rules (bits) by their `first` cells, and the rules that match the empty message.
    by_first: dict[int, int] = field(default_factory=dict)
    empty: int = 0
    #: The rules one of whose own texts is the empty text (only a rule matching the empty message fits).
    empty_own: int = 0
    gaps: dict[int, int] = field(default_factory=dict)
    #: The all-of rules the own text of one of whose parts has a free gap: an `infix` rule matches inside it.
    part_gaps: int = 0
    readable: int = 0
    unscreened: int = 0
    states: int = 0
    searches: int = 0
    #: The rules whose facts are gathered (readable or not).
    gathered: int = 0

    def merge(self, other: Facts) -> None:
        """Add the facts of other rules, gathered on another process (the same facts as gathered here)."""
        for name in ("infix", "prefix", "suffix", "room", "nothing", "part_gaps", "empty", "empty_own", "readable",
                     "gathered"):
            setattr(self, name, getattr(self, name) | getattr(other, name))
        for name in ("texts", "first", "first_own", "gaps", "ends", "least", "most"):
            getattr(self, name).update(getattr(other, name))
        for name in ("by_first", "by_least", "by_most"):
            mine = getattr(self, name)
            for key, rules in getattr(other, name).items():
                mine[key] = mine.get(key, 0) | rules
        self.states += other.states
        self.searches += other.searches


def _run(part: Part, state: int, cells: Sequence[int]) -> int:
    for cell in cells:
        state = part.moves[state][part.column_of_cell[cell]]
    return state


def _infix(parts: Sequence[Part], block: Sequence[int]) -> bool:
    """Whether every search part reaches its matched sink after `block`, from every one of its states."""
    return all(
        part.sink is not None and all(_run(part, state, block) == part.sink for state in range(part.states))
        for part in parts
    )


def _suffix(parts: Sequence[Part], block: Sequence[int]) -> bool:
    """Whether every search part accepts at the end of any text that ends with `block`."""
    return all(all(part.accepts[_run(part, state, block)] for state in range(part.states)) for part in parts)


def _gap(part: Part, text: Sequence[int], space: int, newline: set[int]) -> int | None:
    """The first position of `text` (a whole-text reading's accepted text) holding a free gap, or None.

    At position k the gap is free when every text " " + Y + " " (Y without a
    newline) read there leads to states from which the rest of `text` is
    still accepted.
    """
    for k in range(1, len(text)):
        if _free_at(part, text, k, space, newline):
            return k
    return None


def _free_at(part: Part, text: Sequence[int], k: int, space: int, newline: set[int]) -> bool:
    """Whether every text " " + Y + " " (Y without a newline) read at position k of `text` keeps it accepted."""
    column_of = part.column_of_cell
    space_column = column_of[space]
    # A newline this part reads like a space (both `\s`) shares the space's column: that column stays.
    newline_columns = {column_of[c] for c in newline} - {space_column}
    usable = [c for c in range(max(column_of) + 1) if c not in newline_columns]
    start = _run(part, 0, text[:k])
    first = part.moves[start][space_column]
    if not part.live[first]:
        return False
    seen = {first}
    todo = [first]
    after_space = {first}
    while todo:
        state = todo.pop()
        for column in usable:
            target = part.moves[state][column]
            if column == space_column:
                after_space.add(target)
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return all(part.accepts[_run(part, s, text[k:])] for s in after_space)


def _room(parts: Sequence[Part], text: Sequence[int], space: int, newline: set[int]) -> bool:
    """Whether some position of the rule's text (a message of it) holds any words between spaces for every part."""
    return any(all(_free_at(part, text, k, space, newline) for part in parts) for k in range(len(text) + 1))


def _starts(parts: Sequence[Part], cells: int) -> int:
    """The cells (as bits) after which every part of a rule can still accept."""
    found = (1 << cells) - 1
    for part in parts:
        live, first_moves = part.live, part.moves[0]
        live_columns = [live[target] for target in first_moves]
        mask = 0
        for cell, column in enumerate(part.column_of_cell[:cells]):
            if live_columns[column]:
                mask |= 1 << cell
        found &= mask
    return found


@dataclass
class FactsPlan:
    """What every rule's facts read of the whole graph: the laws' prefilter, the word index, the alphabet.

    Made once (before worker processes fork, so they inherit it); then each
    rule's facts (`rule_facts`) depend only on the rule and this plan.
    """

    languages: Languages
    screen: Any
    position_entry: list[int]
    finder: CellFinder
    space: int
    newline: set[int]
    #: Every character that folds to one a needle holds: what an own text must hold for a needle to occur.
    alphabet: list[str]
    unscreened: int
    needle_chars: list[frozenset[str]]
    words: WordIndex

    def entries_of(self, positions: set[int]) -> int:
        position_entry = self.position_entry
        return bits([position_entry[p] for p in positions])

    def fitting(self, allowed: set[str]) -> int:
        """The rules whose every required literal has a text made only of `allowed` characters."""
        hits = [n for n, chars in enumerate(self.needle_chars) if chars <= allowed]
        return self.entries_of(self.screen.survivors_of_hits(hits)) | self.unscreened

    def gates(self, index: int) -> Gates:
        """Rule `index`'s gates (see `Gates`), made when its questions are asked (-1: every rule passes).

        Made here, not kept with the facts: at 50,000 rules a gate is a 6 KB
        integer, four of them a rule.
        """
        automata = self.languages.rules[index]
        screen, alphabet, unscreened = self.screen, self.alphabet, self.unscreened
        shape = rule_shape(automata.leaves)
        fixed = own = -1
        segments = shape.segments
        if segments is not None:
            fixed = self.entries_of(screen.survivors_of_all(segments)) | unscreened
        templates = shape.templates(alphabet)
        if templates is not None and not automata.wild:
            own = fixed
        elif templates is not None:
            own = self.entries_of(screen.survivors_of_all(templates)) | unscreened
        else:
            characters = shape.characters(alphabet)
            if characters is not None and not any(ch.isalpha() for ch in characters):
                # Own texts without letters (digits, signs): only letterless literals can occur in them.
                own = self.fitting({fold(ch) for ch in characters})
        laws_fixed, laws_own = fixed, own
        if all(shapes is not None for shapes in shape.leaves):
            leaves = [
                (shapes or (), folds_case(leaf)) for shapes, leaf in zip(shape.leaves, automata.leaves, strict=True)
            ]
            spelled = own_texts(leaves, True)
            if spelled is not None:
                fixed &= self.words.survivors(*spelled)
            spelled = own_texts(leaves, False)
            if spelled is not None:
                own &= self.words.survivors(*spelled)
        return Gates(fixed, own, laws_fixed, laws_own)


@dataclass(frozen=True)
class Gates:
    """The earlier rules (bits) that may match inside a rule's fixed words, or its own texts.

    By the laws' prefilter over the rule's fixed segments and closed
    templates (`laws_fixed`, `laws_own`: the order in which the pairs were
    always walked, which the listing of findings and examples keeps), then
    narrowed by the word index (`fixed`, `own`): a rule left out cannot.
    """

    fixed: int
    own: int
    laws_fixed: int
    laws_own: int


def plan_facts(graph: Graph, languages: Languages) -> FactsPlan:
    laws = graph.laws
    screen = laws.screen
    finder = CellFinder(languages.cells)
    folded = sorted({ch for needle in screen.needles for ch in needle})
    alphabet = sorted({v for ch in folded for v in (ch, ch.upper(), *[k for k, f in SPECIAL_FOLDS.items() if f == ch])})
    return FactsPlan(
        languages, screen, [e.index for e in laws.candidates], finder, finder.cell(" "), {finder.cell("\n")},
        alphabet, bits([e.index for p, e in enumerate(laws.candidates) if p not in screen.screened]),
        [frozenset(needle) for needle in screen.needles],
        WordIndex.build((index, automata.entry.data_matcher) for index, automata in languages.rules.items()),
    )


def gather(graph: Graph, languages: Languages, known: Facts | None = None, plan: FactsPlan | None = None) -> Facts:
    """The facts of every readable data rule of `graph` (its automata already built).

    `known` holds the facts of rules already gathered elsewhere (on the
    processes that built their automata, `build_pool`): the same facts.
    """
    plan = plan_facts(graph, languages) if plan is None else plan
    facts = Facts()
    if known is not None:
        facts.merge(known)
    facts.unscreened = plan.unscreened
    for index in languages.rules:
        if not facts.gathered >> index & 1:
            rule_facts(plan, facts, index)
    return facts


def rule_facts(plan: FactsPlan, facts: Facts, index: int) -> None:
    """Add rule `index`'s facts to `facts` (see the module docstring)."""
    languages, finder, space, newline = plan.languages, plan.finder, plan.space, plan.newline
    automata = languages.rules[index]
    facts.gathered |= 1 << index
    if not automata.decidable:
        return
    facts.readable |= 1 << index
    own = languages.own(index)
    text = None
    single = own is not None and len(own) == 1
    readings = [own[0]] if own is not None and single else []
    readings.append(languages.search(index))
    for reading in readings:
        outcome = search([reading], [], languages.cells, max_states=TEXT_STATES)
        facts.states += outcome.states
        facts.searches += 1
        if outcome.verdict == FOUND and outcome.phrase:
            text = outcome.phrase
            break
        single = False  # the text, if any, is not the rule's own text read whole
    facts.texts[index] = as_written(automata.leaves, own if single else None, finder, text)
    text = facts.texts[index]
    count = len(languages.cells)
    facts.first[index] = _starts(languages.search(index).parts, count)
    facts.by_first[facts.first[index]] = facts.by_first.get(facts.first[index], 0) | 1 << index
    if all(part.accepts[0] for part in languages.search(index).parts):
        facts.empty |= 1 << index
    bounds = lengths(languages.search(index).parts)
    if bounds is not None:
        facts.least[index] = bounds[0]
        facts.by_least[bounds[0]] = facts.by_least.get(bounds[0], 0) | 1 << index
        if bounds[1] is not None:
            facts.most[index] = bounds[1]
            facts.by_most[bounds[1]] = facts.by_most.get(bounds[1], 0) | 1 << index
    rule_ends = tuple(ends_of(part) for part in languages.search(index).parts)
    if anchored(rule_ends):
        facts.ends[index] = rule_ends
        if disjoint(rule_ends, rule_ends):
            facts.nothing |= 1 << index
    facts.first_own[index] = 0
    for reading in own or ():
        # An empty own text starts with nothing: no rule can be kept out by its first character.
        if all(part.accepts[0] for part in reading.parts):
            facts.empty_own |= 1 << index
        facts.first_own[index] |= _starts(reading.parts, count)
    shape = rule_shape(automata.leaves)
    if own is not None and len(own) > 1 and shape.open and _part_gap(facts, own, languages, finder):
        facts.part_gaps |= 1 << index
    if text is None or "\n" in text:
        return
    cells = [finder.cell(ch) for ch in text]
    search_parts = languages.search(index).parts
    if _infix(search_parts, [space, *cells, space]):
        facts.infix |= 1 << index
    elif all(p.sink is not None and _run(p, 0, [*cells, space]) == p.sink for p in search_parts):
        facts.prefix |= 1 << index
    if _suffix(search_parts, [space, *cells]):
        facts.suffix |= 1 << index
    if not facts.infix >> index & 1 and _room(search_parts, cells, space, newline):
        facts.room |= 1 << index
    if own is not None and single and shape.open:
        with_gap = _gap(own[0].parts[0], cells, space, newline)
        if with_gap is not None:
            facts.gaps[index] = with_gap




def _part_gap(facts: Facts, own: Sequence[Rule], languages: Languages, finder: CellFinder) -> bool:
    """Whether the own text of some part of an all-of has a free gap (`_gap`)."""
    space, newline = finder.cell(" "), {finder.cell("\n")}
    for reading in own:
        outcome = search([reading], [], languages.cells, max_states=TEXT_STATES)
        facts.states += outcome.states
        facts.searches += 1
        phrase = outcome.phrase
        if outcome.verdict != FOUND or not phrase or "\n" in phrase:
            continue
        if _gap(reading.parts[0], [finder.cell(ch) for ch in phrase], space, newline) is not None:
            return True
    return False


def accepts(reading: Rule, finder: CellFinder, text: str) -> bool:
    """Whether `reading` (one automaton per part) accepts `text` whole."""
    cells = [finder.cell(ch) for ch in text]
    return all(part.accepts[_run(part, 0, cells)] for part in reading.parts)


def as_written(
    leaves: Sequence[Regex | Keywords], own: tuple[Rule, ...] | None, finder: CellFinder, found: str | None
) -> str | None:
    """The rule's text as its author wrote it ("movie today"), when it is still one the automata accept.

    The search's text is the shortest over the most readable character of
    each cell ("aovietoday" for `[M-m]ovie\\s*today`); `literal_words` reads
    the pattern's words instead.  It replaces the search's text only when
    the same automaton accepts it: the rule's own text read whole, or for an
    all-of its compiled matcher (its text is then any message it matches).
    An all-of whose shortest text the bounded search did not reach (three
    parts of long words) still gets its words as written when its matcher
    matches them: without a text, every pair it is in is searched in full.
    """
    if len(leaves) == 1:
        regex = leaf_regex(leaves[0])
        if found is None or own is None or regex is None:
            return found
        written = literal_words(regex.pattern)
        return written if written and "\n" not in written and accepts(own[0], finder, written) else found
    words = [_written(leaf) for leaf in leaves]
    if any(not w for w in words):
        return found
    joined = " ".join(w for w in words if w)
    try:
        return joined if all(leaf.matches(joined) for leaf in leaves) else found
    except RegexTimedOut:
        return found


def _written(leaf: Leaf) -> str | None:
    """A leaf's words as written: a regex's literal words, a keyword list's first keyword."""
    match leaf:
        case Regex():
            return literal_words(leaf.pattern)
        case Keywords():
            return leaf.keywords[0]
        case _:
            assert_never(leaf)


def starting_with(facts: Facts, cells: int) -> int:
    """The rules (bits) whose messages can start with one of `cells` (bits over cells)."""
    found = 0
    for first_cells, rules in facts.by_first.items():
        if first_cells & cells:
            found |= rules
    return found


