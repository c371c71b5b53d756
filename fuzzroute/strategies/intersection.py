"""Decided overlap of two data matchers: a short phrase both match, found with interegular.

Random sampling cannot hit magic values: the walker fills `status of \\w+ now`
with ordinary words, so it never says "status of shpstrprncl0 now", the one
phrasing an earlier `status of shpstrprncl\\d+ now` takes.  Here every matcher
becomes a finite automaton (interegular's), and a breadth-first search over
the product of two automata returns the shortest phrase in both languages.

A matcher has two languages, both in full-match form:

* `search_language`: the messages it matches anywhere (`re.search`).  A
  regex R becomes `[\\s\\S]*R[\\s\\S]*`; a keyword with an ASCII word
  character at an edge gets the documented word-edge form
  `(?:[\\s\\S]*\\W)?LIT(?:\\W[\\s\\S]*)?` at that edge (the neighbour class is
  ASCII and case-sensitive, like `matchers.keyword_pattern`, and the literal
  is case-insensitive); an all-of is the conjunction of its parts.
* `core_language`: the messages that are nothing but the matcher's own text
  (a regex matched whole, or one keyword exactly); an all-of has none.

`overlap_witnesses(earlier, later)` asks for a phrase that is the later
rule's own text and that the earlier rule matches, then for the earlier
rule's own text that the later one matches.  It never asks search against
search: two unanchored rules almost always share "phrase A phrase B" glued
together, which says nothing and which the splice generator already samples.

Top-level anchors and word boundaries (`^`, `$`, `\\A`, `\\Z`, `\\b`, `\\B`),
which interegular refuses, are decided here by splitting the pattern at them
and constraining the characters on either side (`\\b` is a word character on
exactly one side, with ASCII word characters).  Anything else interegular
refuses (lookbehind, backreferences, atomic groups, an anchor inside a
repeat), and negative lookahead (which interegular gets wrong at the end of
a phrase), makes the matcher `Unsupported`, and the caller skips the pair.

Nothing here is trusted.  interegular's `\\w`, `\\s` and case folding are
ASCII, so a witness can disagree with Python `re` on non-ASCII text, and
"no witness" proves nothing (the searches have state caps, and whole
constructs are refused).  The caller re-checks every witness with the
rules' own compiled conditions.

interegular builds automata with a breadth-first `crawl` that has no size
limit and looks states up in a list; one unlucky pattern could run for
minutes.  While this module builds automata, `crawl` is swapped for an
equivalent one with a dict index and a state cap (`_capped`); outside
these calls, and in other threads, interegular's own `crawl` runs unchanged.
"""

from __future__ import annotations

import importlib
import itertools
import re
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fuzzroute.engine import regex_syntax
from fuzzroute.engine.matchers import AllOf, DataMatcher, Keywords, Regex
from fuzzroute.strategies.regex_tree import READABLE_CHARS, Node, Tree, parse, unparse, walk

_c: Any = regex_syntax.constants

#: States one automaton (one rule's language, or one step building it) may have.
BUILD_STATE_CAP = 4000
#: Product states one witness search may visit before it gives up.
SEARCH_STATE_CAP = 20000
#: Alternatives a pattern may expand into when anchors sit inside its groups.
MAX_EXPANSIONS = 16

ANY = r"[\s\S]*"
WORD = "[0-9A-Za-z_]"
NON_WORD = "[^0-9A-Za-z_]"
#: Helper languages for the junction at an anchor or a word boundary.
EMPTY = ""
NON_EMPTY = r"[\s\S]+"
NOTHING = r"[^\s\S]"
ENDS_WORD = ANY + WORD
ENDS_NON_WORD_OR_EMPTY = f"(?:{ANY}{NON_WORD})?"
STARTS_WORD = WORD + ANY
STARTS_NON_WORD_OR_EMPTY = f"(?:{NON_WORD}{ANY})?"

_ASSERTIONS = frozenset({_c.ASSERT, _c.ASSERT_NOT})
_RANK = {ch: position for position, ch in enumerate(READABLE_CHARS)}


class Unsupported(ValueError):
    """A matcher (or a part of it) this module cannot turn into an automaton."""


class _TooLarge(Unsupported):
    """An automaton would pass `BUILD_STATE_CAP` states."""


# -- interegular, imported lazily and with a capped crawl --------------------------


_lock = threading.Lock()
_local = threading.local()
_modules: dict[str, Any] = {}


def available() -> bool:
    """Whether interegular can be imported (without it, nothing here runs)."""
    try:
        _interegular()
    except Unsupported:
        return False
    return True


def _interegular() -> tuple[Any, Any]:
    """The `interegular.fsm` and `interegular.patterns` modules, with the capped crawl installed."""
    with _lock:
        if "fsm" not in _modules:
            try:
                fsm = importlib.import_module("interegular.fsm")
                patterns = importlib.import_module("interegular.patterns")
            except Exception as error:  # noqa: BLE001 - a broken install only disables this phase
                raise Unsupported(f"interegular is not importable: {error}") from error
            _install(fsm)
            _modules["fsm"], _modules["patterns"] = fsm, patterns
        return _modules["fsm"], _modules["patterns"]


def _install(fsm: Any) -> None:
    """Wrap `fsm.crawl`: the capped version runs only inside `_capped()` on this thread."""
    original = getattr(fsm, "crawl", None)
    if original is None or getattr(original, "fuzzroute_capped", False):
        return

    def crawl(alphabet: Any, initial: Any, final: Any, follow: Any) -> Any:
        cap = getattr(_local, "cap", None)
        if cap is None:
            return original(alphabet, initial, final, follow)
        return _crawl(fsm, cap, alphabet, initial, final, follow)

    crawl.fuzzroute_capped = True  # type: ignore[attr-defined]
    fsm.crawl = crawl


@contextmanager
def _capped() -> Iterator[None]:
    previous = getattr(_local, "cap", None)
    _local.cap = BUILD_STATE_CAP
    try:
        yield
    finally:
        _local.cap = previous


def _state_key(state: Any) -> Any:
    """A hashable key with the equality interegular uses for its meta-states (`list.index`)."""
    if isinstance(state, dict):
        return ("map", frozenset(state.items()))
    if isinstance(state, (set, frozenset)):
        return ("set", frozenset(state))
    return ("value", state)


def _crawl(fsm: Any, cap: int, alphabet: Any, initial: Any, final: Any, follow: Any) -> Any:
    """interegular's `crawl` (same states, numbering and transitions) with a dict index and a cap."""
    states = [initial]
    index = {_state_key(initial): 0}
    finals: set[int] = set()
    table: dict[int, dict[Any, int]] = {}
    transitions = list(alphabet.by_transition)
    position = 0
    while position < len(states):
        state = states[position]
        if final(state):
            finals.add(position)
        row: dict[Any, int] = {}
        for transition in transitions:
            try:
                target = follow(state, transition)
            except fsm.OblivionError:
                continue
            key = _state_key(target)
            number = index.get(key)
            if number is None:
                if len(states) >= cap:
                    raise _TooLarge(f"more than {cap} automaton states")
                number = len(states)
                states.append(target)
                index[key] = number
            row[transition] = number
        table[position] = row
        position += 1
    return fsm.FSM(
        alphabet=alphabet,
        states=range(len(states)),
        initial=0,
        finals=finals,
        map=table,
        __no_validation__=True,
    )


# -- languages -------------------------------------------------------------------------


@dataclass(frozen=True)
class Machine:
    """One interegular automaton and the states from which it can still accept."""

    fsm: Any
    live: frozenset[int]


@dataclass(frozen=True)
class Language:
    """The phrases every one of `machines` accepts (an all-of keeps its parts apart)."""

    machines: tuple[Machine, ...]

    def accepts(self, phrase: str) -> bool:
        """interegular's own verdict (for diagnostics; Python `re` is the judge)."""
        return all(m.fsm.accepts(phrase) for m in self.machines)


def _live(fsm: Any) -> frozenset[int]:
    incoming: dict[int, set[int]] = {}
    for source, row in fsm.map.items():
        for target in row.values():
            incoming.setdefault(target, set()).add(source)
    live = set(fsm.finals)
    todo = list(live)
    while todo:
        for source in incoming.get(todo.pop(), ()):
            if source not in live:
                live.add(source)
                todo.append(source)
    return frozenset(live)


def _machine(fsm: Any) -> Machine:
    return Machine(fsm, _live(fsm))


def _build(make: Callable[[], Any]) -> Any:
    """Run an interegular construction with the cap; any failure inside it is `Unsupported`."""
    _interegular()
    try:
        with _capped():
            return make()
    except Unsupported:
        raise
    except Exception as error:  # noqa: BLE001 - interegular's refusals and bugs alike skip the matcher
        raise Unsupported(f"{type(error).__name__}: {error}") from error


_texts: dict[str, Any] = {}
#: Pattern texts whose automata are kept (helpers and rule pieces repeat across rules).
TEXT_CACHE_SIZE = 2048


def _text(pattern: str) -> Any:
    """The full-match automaton of interegular pattern text (cached: automata are immutable)."""
    found = _texts.get(pattern)
    if found is None:
        _fsm, patterns = _interegular()
        found = _build(lambda: patterns.parse_pattern(pattern).to_fsm())
        if len(_texts) >= TEXT_CACHE_SIZE:
            _texts.clear()
        _texts[pattern] = found
    return found


def _reduce(machine: Any) -> Any:
    """The minimal automaton: concatenating unminimised pieces multiplies their states."""
    return _build(lambda: machine.reduce())


def _is_empty(machine: Any) -> bool:
    return machine.initial not in _live(machine)


def _intersect(*machines: Any) -> Any:
    fsm, _patterns = _interegular()
    return _build(lambda: fsm.FSM.intersection(*machines))


def _concat(*machines: Any) -> Any:
    fsm, _patterns = _interegular()
    return _reduce(_build(lambda: fsm.FSM.concatenate(*machines)))


def _union(machines: Sequence[Any]) -> Any:
    if len(machines) == 1:
        return machines[0]
    fsm, _patterns = _interegular()
    return _reduce(_build(lambda: fsm.FSM.union(*machines)))


def search_language(matcher: DataMatcher) -> Language:
    """The messages `matcher` matches anywhere, as automata (raises `Unsupported`)."""
    if isinstance(matcher, Regex):
        return Language((_machine(regex_fsm(matcher.pattern, search=True)),))
    if isinstance(matcher, Keywords):
        return Language((_machine(keywords_fsm(matcher.keywords, search=True)),))
    if isinstance(matcher, AllOf):
        return Language(tuple(m for part in matcher.parts for m in search_language(part).machines))
    raise Unsupported(f"not a data matcher: {type(matcher).__name__}")


def core_language(matcher: DataMatcher) -> Language:
    """The messages that are only the matcher's own text: a regex matched whole, one keyword."""
    if isinstance(matcher, Regex):
        return Language((_machine(regex_fsm(matcher.pattern, search=False)),))
    if isinstance(matcher, Keywords):
        return Language((_machine(keywords_fsm(matcher.keywords, search=False)),))
    raise Unsupported("an all-of has no text of its own: its parts are matched anywhere")


# -- keywords ----------------------------------------------------------------------------


def _ascii_word(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "_")


def _literal(text: str) -> str:
    """`text` as interegular pattern text: ASCII punctuation as `\\xHH`, the rest as is."""
    out = []
    for ch in text:
        if _ascii_word(ch) or not ch.isascii():
            out.append(ch)
        else:
            out.append(f"\\x{ord(ch):02x}")
    return "".join(out)


def keywords_fsm(words: Sequence[str], *, search: bool) -> Any:
    """Any keyword: case-insensitive literal, with ASCII word edges where the keyword has them."""
    if not search:
        return _text("(?i:" + "|".join(_literal(w) for w in words) + ")")
    by_edges: dict[tuple[bool, bool], list[str]] = {}
    for word in words:
        by_edges.setdefault((_ascii_word(word[0]), _ascii_word(word[-1])), []).append(_literal(word))
    machines = []
    for (left, right), literals in by_edges.items():
        head = ENDS_NON_WORD_OR_EMPTY if left else ANY
        tail = STARTS_NON_WORD_OR_EMPTY if right else ANY
        machines.append(_text(head + "(?i:" + "|".join(literals) + ")" + tail))
    return _union(machines)


# -- regexes -----------------------------------------------------------------------------


def _flag_prefix(flags: int) -> str:
    letters = ("i" if flags & re.IGNORECASE else "") + ("s" if flags & re.DOTALL else "")
    return f"(?{letters})" if letters else ""


def _inlinable(op: Any, av: Any) -> bool:
    return bool(op is _c.SUBPATTERN and not av[1] and not av[2])


def _has_anchor(seq: Sequence[Node]) -> bool:
    """Whether an anchor sits at the top level of `seq`, or inside a group or branch there."""
    for op, av in seq:
        if op is _c.AT:
            return True
        if _inlinable(op, av) and _has_anchor(av[3]):
            return True
        if op is _c.BRANCH and any(_has_anchor(alt) for alt in av[1]):
            return True
    return False


def _expand(seq: Sequence[Node]) -> list[Tree]:
    """Alternative top-level sequences that bring every anchor to the top level.

    `(?:\\bfoo\\b|\\bbar\\b)` becomes two sequences; groups and branches
    without anchors stay whole.
    """
    results: list[Tree] = [[]]
    for op, av in seq:
        options: list[Tree]
        if _inlinable(op, av) and _has_anchor(av[3]):
            options = _expand(av[3])
        elif op is _c.BRANCH and any(_has_anchor(alt) for alt in av[1]):
            options = [option for alt in av[1] for option in _expand(alt)]
        else:
            options = [[(op, av)]]
        results = [r + o for r in results for o in options]
        if len(results) > MAX_EXPANSIONS:
            raise Unsupported("too many alternatives around anchors")
    return results


def regex_fsm(pattern: re.Pattern[str], *, search: bool) -> Any:
    """The full-match automaton of a regex: under search semantics, or matched whole."""
    try:
        tree = parse(pattern)
    except (re.error, RecursionError) as error:
        raise Unsupported(str(error)) from error
    if any(op is _c.ASSERT_NOT for op, _av in walk(tree)):
        # interegular's negative lookahead disagrees with `re` when the phrase
        # ends right after it (`ab(?!c)` refuses "ab"): not worth a wrong answer.
        raise Unsupported("negative lookahead")
    if not search and any(op is _c.ASSERT for op, _av in walk(tree)):
        # interegular reads a lookahead as if text may follow it, which a text
        # matched whole does not have (`ab(?=c)` would accept "abc").
        raise Unsupported("a lookahead in a rule's text matched whole")
    return _union([_sequence_fsm(seq, pattern.flags, search) for seq in _expand(tree)])


def _sequence_fsm(seq: Tree, flags: int, search: bool) -> Any:
    """One top-level sequence, cut at its anchors; each junction constrains its two sides.

    The piece left of the first anchor carries the leading context and the
    piece right of the last one the trailing context, so the character next
    to an anchor is always the last of everything before it or the first of
    everything after it.  A piece between two anchors that may match nothing
    is tried both ways: non-empty, or empty with the two anchors holding at
    one position.
    """
    prefix = _flag_prefix(flags)
    context = ANY if search else ""
    segments: list[Tree] = [[]]
    anchors: list[Any] = []
    for op, av in seq:
        if op is _c.AT:
            anchors.append(av)
            segments.append([])
        else:
            segments[-1].append((op, av))
    if not anchors:
        return _text(prefix + context + unparse(seq) + context)
    if any(op in _ASSERTIONS for op, _av in walk(seq)):
        # A lookaround cannot see past the piece it is cut into.
        raise Unsupported("a lookaround next to an anchor")
    last = len(segments) - 1
    pieces = []
    for position, segment in enumerate(segments):
        head = context if position == 0 else ""
        tail = context if position == last else ""
        pieces.append(_text(prefix + head + unparse(segment) + tail))
    emptiable = [k for k in range(1, last) if pieces[k].accepts("")]
    if 2 ** len(emptiable) > MAX_EXPANSIONS:
        raise Unsupported("too many optional pieces between anchors")
    results = []
    for empties in itertools.product((False, True), repeat=len(emptiable)):
        empty = {k for k, chosen in zip(emptiable, empties, strict=True) if chosen}
        kept = [pieces[0]]
        groups: list[list[Any]] = [[anchors[0]]]
        for k in range(1, last):
            if k in empty:
                groups[-1].append(anchors[k])
                continue
            kept.append(_intersect(pieces[k], _text(NON_EMPTY)) if k in emptiable else pieces[k])
            groups.append([anchors[k]])
        kept.append(pieces[last])
        right = kept[-1]
        for position in range(len(groups) - 1, -1, -1):
            right = _junction(kept[position], groups[position], right, flags)
        results.append(right)
    return _union(results)


#: What one anchor asks of the text before it and after it, as options (None: nothing).
Side = str | None


def _anchor_options(anchor: Any, flags: int) -> list[tuple[Side, Side]]:
    multiline = bool(flags & re.MULTILINE)
    if anchor is _c.AT_BEGINNING_STRING or (anchor is _c.AT_BEGINNING and not multiline):
        return [(EMPTY, None)]
    if anchor is _c.AT_BEGINNING:
        return [(f"(?:{ANY}\\n)?", None)]
    if anchor is _c.AT_END_STRING:
        return [(None, EMPTY)]
    if anchor is _c.AT_END:
        return [(None, f"(?:\\n{ANY})?" if multiline else "\\n?")]
    if anchor is _c.AT_BOUNDARY:
        return [(ENDS_WORD, STARTS_NON_WORD_OR_EMPTY), (ENDS_NON_WORD_OR_EMPTY, STARTS_WORD)]
    if anchor is _c.AT_NON_BOUNDARY:
        return [(ENDS_WORD, STARTS_WORD), (ENDS_NON_WORD_OR_EMPTY, STARTS_NON_WORD_OR_EMPTY)]
    raise Unsupported(f"anchor {anchor}")


def _constrained(machine: Any, sides: Sequence[Side]) -> Any:
    texts = sorted({s for s in sides if s is not None})
    return _intersect(machine, *(_text(t) for t in texts)) if texts else machine


def _junction(left: Any, anchors: Sequence[Any], right: Any, flags: int) -> Any:
    """`left` then `right`, where every one of `anchors` holds between them.

    Each anchor is a choice of (before, after) constraints; all of them at
    one position means one choice per anchor, intersected side by side.
    A `\b` before a word (`\border`) always has a word on its right, so the
    other choice is empty and dropped.
    """
    joined = []
    for choice in itertools.product(*(_anchor_options(a, flags) for a in anchors)):
        before = _constrained(left, [b for b, _a in choice])
        if _is_empty(before):
            continue
        after = _constrained(right, [a for _b, a in choice])
        if _is_empty(after):
            continue
        joined.append(_concat(before, after))
    return _union(joined) if joined else _text(NOTHING)


# -- witnesses -----------------------------------------------------------------------------


def _rank(ch: str) -> tuple[int, int]:
    """Readable characters first: lowercase letters, digits, space, then the rest by code point."""
    return (_RANK.get(ch, len(_RANK)), ord(ch))


def _fresh(explicit: set[str]) -> str | None:
    """The most readable character no automaton names (what `anything_else` stands for)."""
    for ch in READABLE_CHARS:
        if ch not in explicit:
            return ch
    for code in range(0xC0, 0x2000):
        if chr(code) not in explicit:
            return chr(code)
    return None


def shortest_common(languages: Sequence[Language], state_cap: int = SEARCH_STATE_CAP) -> str | None:
    """The shortest non-empty phrase in every language, most readable among the shortest.

    One representative character per transition class (the most readable
    one), classes tried in readability order, so the breadth-first search
    finds the shortest phrase and, among those, the one that reads best.
    Product states from which some automaton can no longer accept are never
    entered.  None when there is no such phrase, or when `state_cap` product
    states did not find one.
    """
    fsm, _patterns = _interegular()
    machines = [m for language in languages for m in language.machines]
    if not machines:
        return None
    alphabet, new_to_old = fsm.Alphabet.union(*(m.fsm.alphabet for m in machines))
    explicit = {s for s in alphabet if isinstance(s, str)}
    fresh = _fresh(explicit)
    classes: list[tuple[str, Any]] = []
    for key, symbols in alphabet.by_transition.items():
        choices = [s for s in symbols if isinstance(s, str) and len(s) == 1]
        if fresh is not None and any(not isinstance(s, str) for s in symbols):
            choices.append(fresh)
        if choices:
            classes.append((min(choices, key=_rank), key))
    classes.sort(key=lambda item: _rank(item[0]))
    chars = [ch for ch, _key in classes]
    steps = [_Steps(m, [table[key] for _ch, key in classes]) for m, table in zip(machines, new_to_old, strict=True)]
    start = tuple(m.fsm.initial for m in machines)
    if any(s not in m.live for s, m in zip(start, machines, strict=True)):
        return None
    finals = [m.fsm.finals for m in machines]
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], str] | None] = {start: None}
    queue = deque([start])
    width = range(len(chars))
    while queue:
        state = queue.popleft()
        rows = [s.row(x) for s, x in zip(steps, state, strict=True)]
        for c in width:
            following = tuple(row[c] for row in rows)
            if -1 in following or following in parent:
                continue
            parent[following] = (state, chars[c])
            if all(s in f for s, f in zip(following, finals, strict=True)):
                return _spell(parent, following)
            if len(parent) >= state_cap:
                return None
            queue.append(following)
    return None


class _Steps:
    """One automaton's moves on the shared classes, one row per state, -1 for a dead end."""

    def __init__(self, machine: Machine, old_keys: list[Any]) -> None:
        self.map = machine.fsm.map
        self.live = machine.live
        self.old_keys = old_keys
        self.rows: dict[int, list[int]] = {}

    def row(self, state: int) -> list[int]:
        found = self.rows.get(state)
        if found is None:
            moves = self.map.get(state, {})
            live = self.live
            found = []
            for key in self.old_keys:
                target = moves.get(key, -1) if key is not None else -1
                found.append(target if target in live else -1)
            self.rows[state] = found
        return found


def _spell(parent: dict[tuple[int, ...], tuple[tuple[int, ...], str] | None], state: tuple[int, ...]) -> str:
    chars: list[str] = []
    link = parent[state]
    while link is not None:
        state, ch = link
        chars.append(ch)
        link = parent[state]
    return "".join(reversed(chars))


LATER_TEXT = "later-text"
EARLIER_TEXT = "earlier-text"


@dataclass(frozen=True)
class Overlap:
    """One decided witness and whose own text it is (`LATER_TEXT` or `EARLIER_TEXT`)."""

    phrase: str
    shape: str


class Languages:
    """Each matcher's two languages, built on first use and kept (None when refused)."""

    def __init__(self, matchers: Sequence[DataMatcher | None]) -> None:
        self.matchers = matchers
        self._search: dict[int, Language | None] = {}
        self._core: dict[int, Language | None] = {}
        self.refused: dict[int, str] = {}

    def _get(
        self, cache: dict[int, Language | None], index: int, make: Callable[[DataMatcher], Language]
    ) -> Language | None:
        if index not in cache:
            matcher = self.matchers[index]
            try:
                if matcher is None:
                    raise Unsupported("no data matcher")
                cache[index] = make(matcher)
            except Exception as error:  # noqa: BLE001 - one refused matcher only skips its pairs
                cache[index] = None
                self.refused.setdefault(index, str(error))
        return cache[index]

    def search(self, index: int) -> Language | None:
        return self._get(self._search, index, search_language)

    def core(self, index: int) -> Language | None:
        if isinstance(self.matchers[index], AllOf):
            return None
        return self._get(self._core, index, core_language)

    def overlap_witnesses(self, earlier: int, later: int) -> list[Overlap] | None:
        """Up to two phrases both rules match: the later rule's own text, then the earlier's.

        None when neither search could be set up (a language was refused).
        Failures inside interegular during a search are swallowed: the pair
        simply yields fewer witnesses.
        """
        out: list[Overlap] = []
        searched = False
        for own, other, shape in ((later, earlier, LATER_TEXT), (earlier, later, EARLIER_TEXT)):
            core = self.core(own)
            search = None if core is None else self.search(other)
            if core is None or search is None:
                continue
            searched = True
            try:
                phrase = shortest_common([core, search])
            except Exception:  # noqa: BLE001 - interegular's refusals and bugs on one pair only skip it
                continue
            if phrase and all(o.phrase != phrase for o in out):
                out.append(Overlap(phrase, shape))
        return out if searched else None
