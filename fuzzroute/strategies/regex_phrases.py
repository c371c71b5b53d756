"""Phrases from a regex rule: exrex enumeration, a seeded walker, hypothesis `from_regex`.

All three work on `regex_tree.generation_tree`, where every class repeat
(`\\w+`, `.*`, `[a-z]{2,5}`) has become a choice of whole words that fill it,
so witnesses read like "what's running on host", not "what's running on ÌWÎ".
Which words depends on the mode: ordinary vocabulary, or the tokens of OTHER
rules (a cross-rule splice, which is how overlaps are found).

* `enumerate_exrex`: exrex lists the (small, finite) rewritten language; it is
  lexicographic, so the list is shuffled with the seed, never cut at N.  This
  is what finds every alternative of `(order|package)`.
* `RegexPhrases.sample`: one phrase per call from a `Chooser`; with a seeded
  `RandomChooser` it is a reproducible `getone`, and `as_strategy` makes it
  a shrinking hypothesis strategy.
* `RegexPhrases.from_regex`: hypothesis' own generator on the rewritten
  pattern, which adds case variants under IGNORECASE.

Nothing here decides that a phrase matches: the caller verifies every phrase
against the rule's original compiled pattern.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from fuzzroute.engine import regex_syntax
from fuzzroute.strategies.choosers import Chooser, as_strategy, pick
from fuzzroute.strategies.quiet import exrex, exrex_call
from fuzzroute.strategies.regex_tree import (
    GLOBAL_FLAGS,
    Node,
    Slots,
    Tree,
    UnsupportedRegex,
    anchored,
    class_matcher,
    compile_tree,
    flag_prefix,
    generation_tree,
    is_class_repeat,
    length_range,
    parse,
    readable_chars,
    unparse,
    walk,
)
from fuzzroute.strategies.vocabulary import frame, vocabulary

_c: Any = regex_syntax.constants

#: Largest rewritten language exrex enumerates in full; larger ones are sampled.
ENUMERATION_CAP = 2000
#: A regex whose shortest text is longer than this gets no generated phrases: no message is that long, and
#: writing one out (exrex, the walker, hypothesis) could take unbounded time and memory.
MAX_TEXT_LENGTH = 2000


def _phrases_of(words: Sequence[str]) -> list[str]:
    """Short multi-word fillers for slots that accept spaces (`.*`, `[^?]+`)."""
    pairs = [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    return pairs[:40]


class RegexPhrases:
    """The generators of one regex, with its free slots filled from `fillers`.

    `fillers` are tried, in order, as whole texts for each class repeat; the
    ones that fill it exactly are kept.  Slot fillers are computed once.
    """

    def __init__(self, pattern: re.Pattern[str], fillers: Sequence[str], per_slot: int = 60) -> None:
        self.pattern = pattern
        self.flags = pattern.flags
        self.tree: Tree = parse(pattern)
        shortest = length_range(self.tree)[0]
        if shortest > MAX_TEXT_LENGTH:
            raise UnsupportedRegex(
                f"its shortest match has {shortest} characters, more than the {MAX_TEXT_LENGTH} generated at most"
            )
        self.head_anchored, self.tail_anchored = anchored(self.tree, self.flags)
        self._fillers = list(dict.fromkeys(fillers))
        self._per_slot = per_slot
        self._chars: dict[str, list[str]] = {}
        self._words: dict[str, list[str]] = {}
        self.generation = generation_tree(self.tree, Slots(self.chars_for, self.words_for))
        self.has_slots = any(is_class_repeat(op, av) for op, av in walk(self.tree))

    # -- slot filling ------------------------------------------------------
    def chars_for(self, node: Node) -> list[str]:
        key = repr(node)
        if key not in self._chars:
            try:
                self._chars[key] = readable_chars(node, self.flags)
            except (UnsupportedRegex, re.error):
                self._chars[key] = []
        return self._chars[key]

    def words_for(self, node: Node) -> list[str]:
        key = repr(node)
        if key not in self._words:
            try:
                test = class_matcher(node, self.flags)
            except (UnsupportedRegex, re.error):
                self._words[key] = []
                return []
            pool = self._fillers + _phrases_of(self._fillers)
            if test.fullmatch(" "):
                # A slot that takes spaces (`.*`, `[^?]+`) gets whole words set
                # off by spaces, so it does not glue itself to its neighbours.
                pool = [f" {w} " for w in pool] + pool
            fits = [w for w in pool if test.fullmatch(w)][: self._per_slot]
            if fits and node[1][0] == 0:
                fits = ["", *fits]
            self._words[key] = fits
        return self._words[key]

    # -- framing -----------------------------------------------------------
    def frame(self, core: str, chooser: Chooser) -> str:
        """Surround a core match with frame words, unless the pattern is anchored there."""
        frames = [
            f
            for f in vocabulary().frames
            if (not self.head_anchored or f.startswith("{}")) and (not self.tail_anchored or f.endswith("{}"))
        ]
        return frame(pick(chooser, frames), core) if frames else core

    # -- generators --------------------------------------------------------
    def core(self, chooser: Chooser) -> str:
        """One string of the rewritten language (no frame)."""
        return emit(self.generation, chooser, {})

    def sample(self, chooser: Chooser) -> str:
        """One framed phrase (a frame is skipped a third of the time to keep bare matches)."""
        core = self.core(chooser)
        if chooser.chance(33):
            return core
        return self.frame(core, chooser)

    def strategy(self) -> st.SearchStrategy[str]:
        """The walker as a hypothesis strategy (shrinks toward the first words and frames)."""
        return as_strategy(self.sample)

    def from_regex(self) -> st.SearchStrategy[str]:
        """hypothesis' `from_regex` on the rewritten (finite, readable) pattern."""
        return st.from_regex(compile_tree(self.generation, self.flags), fullmatch=True)

    def small_generation(self, rng: random.Random, per_slot: int = 3) -> Tree:
        """The rewritten tree with at most `per_slot` seeded fillers per slot (for exrex)."""

        def few_words(node: Node) -> list[str]:
            words = self.words_for(node)
            if len(words) <= per_slot:
                return words
            return rng.sample(words, per_slot)

        def few_chars(node: Node) -> list[str]:
            return self.chars_for(node)[:2]

        return generation_tree(self.tree, Slots(few_chars, few_words, extra_repeats=1))

    def enumerate_exrex(self, rng: random.Random) -> tuple[list[str], str]:
        """Cores from exrex over a small rewrite, shuffled by `rng`; plus exrex's warnings."""
        try:
            small = self.small_generation(rng)
            text = flag_prefix(self.flags & GLOBAL_FLAGS & ~re.IGNORECASE) + unparse(small)
        except UnsupportedRegex:
            return [], ""
        if length_range(small)[1] > MAX_TEXT_LENGTH:
            return [], f"exrex not run: the pattern writes texts longer than {MAX_TEXT_LENGTH} characters"

        def run() -> list[str]:
            total = exrex.count(text, 3)
            found: list[str] = []
            for value in exrex.generate(text, 3):
                found.append(value)
                if len(found) >= ENUMERATION_CAP:
                    break
            if isinstance(total, int) and total > ENUMERATION_CAP:
                found = found[:: max(1, len(found) // 200)]
            return found

        try:
            found, printed = exrex_call(run)
        except Exception as exc:  # exrex fails on constructs it does not know
            return [], f"exrex failed: {exc!r}"
        distinct = list(dict.fromkeys(found))
        rng.shuffle(distinct)
        return distinct, printed


def emit(tree: Sequence[Node], chooser: Chooser, groups: dict[int, str]) -> str:
    """Walk a generation tree, taking every choice from `chooser` (`groups` records captures)."""
    out: list[str] = []
    for op, av in tree:
        if out and out[-1].endswith(" ") and op is not _c.LITERAL:
            # A spaced filler after a space: keep one space, not two.
            text = emit([(op, av)], chooser, groups)
            out.append(text[1:] if text.startswith(" ") else text)
            continue
        if op is _c.LITERAL:
            out.append(chr(av))
        elif op is _c.BRANCH:
            out.append(emit(pick(chooser, av[1]), chooser, groups))
        elif op is _c.SUBPATTERN:
            text = emit(av[3], chooser, groups)
            if av[0]:
                groups[av[0]] = text
            out.append(text)
        elif op is _c.MAX_REPEAT or op is _c.MIN_REPEAT or op is _c.POSSESSIVE_REPEAT:
            low, high, body = av
            count = chooser.integer(low, max(low, min(high, low + 3)))
            out.extend(emit(body, chooser, groups) for _ in range(count))
        elif op is _c.GROUPREF:
            out.append(groups.get(av, ""))
        elif op is _c.GROUPREF_EXISTS:
            group, yes, no = av
            branch = yes if group in groups else (no or [])
            out.append(emit(branch, chooser, groups))
        # Anything else (a class with no readable member) contributes nothing;
        # verification against the original pattern rejects the phrase.
    return "".join(out)
