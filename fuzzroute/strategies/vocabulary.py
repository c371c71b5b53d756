"""The words generated phrases are built from, and the magic values of each rule.

Two sources.  `words.txt` and `frames.txt` (package data) hold ordinary chat
vocabulary and sentence frames, so a filled `\\w+` reads like a message.
`rule_tokens` collects each rule's own literals: keyword text, the literal
runs of its regex, its declared examples and the string constants of its
`when` predicate.  Random sampling practically never hits a word another rule
needs ("host" for `(array|host)\\w*`), so free slots are filled with exactly
those tokens.
"""

from __future__ import annotations

import random
import re
import types
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, assert_never

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Matcher, Regex
from fuzzroute.engine.script_when import ScriptWhen
from fuzzroute.strategies.regex_tree import UnsupportedRegex, literal_runs, parse
from fuzzroute.strategies.roles import FUNCTION_WORDS

_WORDISH = re.compile(r"[^\W\d_][\w' -]{0,30}", re.UNICODE)


def _data_lines(name: str) -> tuple[str, ...]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    seen: dict[str, None] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        seen.setdefault(line.rstrip("\n"), None)
    return tuple(seen)


@dataclass(frozen=True)
class Vocabulary:
    """Words for free slots and frames (`{}` marks the rule's text) to put phrases in."""

    words: tuple[str, ...]
    frames: tuple[str, ...]


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The bundled vocabulary (loaded once)."""
    return Vocabulary(_data_lines("words.txt"), _data_lines("frames.txt"))


def frame(template: str, text: str) -> str:
    """Put `text` in a frame (`{}` is replaced literally, never `str.format`-parsed)."""
    return template.replace("{}", text, 1)


def _matcher_tokens(matcher: Matcher | None) -> list[str]:
    match matcher:
        case Keywords():
            return list(matcher.keywords)
        case Regex():
            try:
                runs = literal_runs(parse(matcher.pattern))
            except (UnsupportedRegex, re.error):
                return []
            return [run.strip() for run in runs if run.strip()]
        case AllOf():
            return [token for part in matcher.parts for token in _matcher_tokens(part)]
        case Intent():
            return list(matcher.examples)
        case None:
            return []
        case _:
            assert_never(matcher)


def _code_strings(code: types.CodeType, depth: int = 0) -> list[str]:
    found: list[str] = []
    for const in code.co_consts:
        if isinstance(const, str):
            found.append(const)
        elif isinstance(const, types.CodeType) and depth < 3:
            found.extend(_code_strings(const, depth + 1))
    return found


def predicate_constants(predicate: Any) -> list[str]:
    """The word-like string constants in a `when` predicate's code (its magic values)."""
    if isinstance(predicate, ScriptWhen):  # JavaScript: the string literals its reader found
        return [s for s in predicate.string_constants if _WORDISH.fullmatch(s)]
    code = getattr(predicate, "__code__", None)
    if not isinstance(code, types.CodeType):
        # A callable object: read its class's __call__.
        call = type(predicate).__dict__.get("__call__")
        code = getattr(call, "__code__", None)
    if not isinstance(code, types.CodeType):
        return []
    doc = getattr(predicate, "__doc__", None)
    return [s for s in _code_strings(code) if s != doc and _WORDISH.fullmatch(s)]


def rule_tokens(entry: Entry) -> list[str]:
    """The distinct literal tokens one rule contributes, whole runs first, then their (content) words."""
    tokens: list[str] = _matcher_tokens(entry.match)
    if entry.when is not None:
        tokens.extend(predicate_constants(entry.when))
    tokens.extend(entry.examples or ())
    # The words of a longer token, but not "is", "an" or "to": a function word is no rule's magic value,
    # and glued next to a trigger it only makes a phrase nobody types ("an and loan").
    words = [w for t in tokens for w in re.findall(r"[^\W_]+", t) if len(w) > 1 and w.lower() not in FUNCTION_WORDS]
    distinct: dict[str, None] = {}
    for token in [*tokens, *words]:
        if token.strip():
            distinct.setdefault(token, None)
    return list(distinct)


class TokenPool:
    """Every rule's tokens, computed once, sampled per rule without its own tokens.

    A graph of a thousand rules has thousands of tokens; a free slot is filled
    from a seeded sample of them, never from all (each is verified against the
    slot, and that check is what would cost).
    """

    def __init__(self, entries: Sequence[Entry]) -> None:
        self._entries = tuple(entries)
        self._by_entry: tuple[tuple[str, ...], ...] | None = None
        self._sources: list[int] = []
        self._total = 0

    @property
    def by_entry(self) -> tuple[tuple[str, ...], ...]:
        """Each entry's tokens, read from every rule on first use (a run whose units never splice never
        pays for it: with thousands of rules and a budget of a phrase or two each, none does)."""
        if self._by_entry is None:
            self._by_entry = tuple(tuple(rule_tokens(e)) for e in self._entries)
            self._sources = [i for i, tokens in enumerate(self._by_entry) if tokens]
            self._total = sum(len(tokens) for tokens in self._by_entry)
        return self._by_entry

    def others(self, index: int, rng: random.Random, limit: int) -> list[str]:
        """Up to `limit` distinct tokens of rules other than `index`, in a seeded order."""
        by_entry = self.by_entry
        own = set(by_entry[index]) if 0 <= index < len(by_entry) else set()
        own_count = len(by_entry[index]) if 0 <= index < len(by_entry) else 0
        if self._total - own_count <= 0:
            return []
        chosen: dict[str, None] = {}
        if self._total - own_count <= limit:
            sources = [i for i in self._sources if i != index]
            for i in sources:
                for token in by_entry[i]:
                    if token not in own:
                        chosen.setdefault(token, None)
            ordered = list(chosen)
            rng.shuffle(ordered)
            return ordered
        for _ in range(limit * 3):
            source = rng.choice(self._sources)
            if source == index:
                continue
            tokens = by_entry[source]
            token = tokens[rng.randrange(len(tokens))]
            if token not in own:
                chosen.setdefault(token, None)
            if len(chosen) >= limit:
                break
        return list(chosen)
