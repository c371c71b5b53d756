"""Data matchers: what a start rule's `match` can be, compiled once.

A data matcher reads only the user message.  Each kind knows how to test a
message (`matches`), which text made it match (`witness`), how to caption
itself in messages, and how to write itself back to the JSON graph format.
Validation happens here, at declaration time, so a refused matcher never
reaches the laws.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, assert_never

from fuzzroute.engine.automata.plan import RegexPlan, plan_for
from fuzzroute.engine.errors import DeclarationError
from fuzzroute.engine.regex_depth import too_deep, with_room
from fuzzroute.engine.text import is_blank, js_trim, render_value

if TYPE_CHECKING:  # the JavaScript dialect is loaded only by graphs that declare a JavaScript regex
    from fuzzroute.jsregex.translation import JsTranslation

#: How a regex's source is read: Python `re` syntax, or a JavaScript regex translated when it is built.
RegexDialect = Literal["python", "javascript"]

FLAG_LETTERS: tuple[tuple[str, re.RegexFlag], ...] = (
    ("i", re.IGNORECASE),
    ("m", re.MULTILINE),
    ("s", re.DOTALL),
    ("x", re.VERBOSE),
    ("a", re.ASCII),
)

SUPPORTED_FORMS = (
    "a compiled regex (re.compile(...)), keywords('a', 'b'), "
    "all_of(matcher, matcher, ...) or intent('sentence', ['phrase', ...])"
)


def flags_to_letters(flags: int) -> str:
    """The flag letters of a Python pattern, in the fixed order `imsxa`."""
    return "".join(letter for letter, flag in FLAG_LETTERS if flags & flag)


def letters_to_flags(letters: str, where: str) -> int:
    """Parse `imsxa` letters into `re` flags; anything else is refused."""
    table = dict(FLAG_LETTERS)
    flags = 0
    for letter in letters:
        if letter not in table:
            raise DeclarationError(
                f"{where}: regex flag {letter!r} is not one fuzzroute knows. "
                "Use only the letters i (IGNORECASE), m (MULTILINE), s (DOTALL), "
                "x (VERBOSE) and a (ASCII)."
            )
        flags |= table[letter]
    return flags


@dataclass(frozen=True)
class Regex:
    """A user regex, tested with search semantics (it may match anywhere).

    `pattern` is always the Python pattern every layer reads (laws, prefilter,
    automata, generators).  For a JavaScript regex it is the exact translation
    (`js_regex`) and `js` keeps the regex as its author wrote it: captions quote
    that, and the message is first turned into what the JavaScript regex reads
    (UTF-16 code units without the `u`/`v` flag).

    It runs as its `plan` says (see `automata.plan`): Python's `re` when the
    regex cannot backtrack badly, else an automaton with the same verdict in
    linear time, or `re` under the condition time limit when the automata
    cannot read it (`RegexTimedOut` past the limit).
    """

    pattern: re.Pattern[str]
    js: JsTranslation | None = None
    #: The message as the pattern reads it (None: the message itself, as for every Python regex).
    _prepare: Callable[[str], str] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_prepare", None if self.js is None else self.js.preparer())

    @property
    def dialect(self) -> RegexDialect:
        """`python`, or `javascript` for a regex translated from JavaScript."""
        return "python" if self.js is None else "javascript"

    @property
    def plan(self) -> RegexPlan:
        """How this regex is run (decided once per pattern, on first use)."""
        found: RegexPlan | None = self.__dict__.get("_plan")
        if found is None:
            found = plan_for(self.pattern)
            object.__setattr__(self, "_plan", found)
        return found

    @property
    def test(self) -> Callable[[str], object]:
        """The cheapest callable whose truthiness equals `matches` (the claim laws' hot path)."""
        search, prepare = self.plan.search, self._prepare
        if prepare is None:
            return search
        return lambda message: search(prepare(message))

    @property
    def source(self) -> str:
        return self.pattern.pattern if self.js is None else self.js.source

    @property
    def flags(self) -> str:
        return flags_to_letters(self.pattern.flags) if self.js is None else self.js.flags

    def matches(self, message: str) -> bool:
        return bool(self.test(message))

    def search(self, message: str) -> re.Match[str] | None:
        """The first match as the rule runs it (on the message as its pattern reads it)."""
        return self.plan.first_match(message if self._prepare is None else self._prepare(message))

    def witness(self, message: str) -> str | None:
        found = self.search(message)
        if found is None:
            return None
        if self.js is None:
            return found.group(0)
        from fuzzroute.jsregex.translation import from_units

        return from_units(found.group(0))

    @property
    def caption(self) -> str:
        return f"/{self.source}/{self.flags}"

    @property
    def full_caption(self) -> str:
        return self.caption

    @property
    def kind(self) -> str:
        return "regex"

    @property
    def leaves(self) -> tuple[Regex]:
        return (self,)


#: The characters that make a keyword's edge a word edge: ASCII letters, digits and `_`.
_ASCII_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
#: One of them, in a pattern compiled with IGNORECASE: `(?a:\w)` is exactly `(?-i:[A-Za-z0-9_])` there (case
#: folding cannot widen it to the Kelvin sign or the long s), and `re` parses it in a third less time.
_EDGE_WORD = r"(?a:\w)"


def keyword_pattern(keyword: str) -> str:
    """The search pattern of one keyword: literal, case-insensitive, ASCII word edges.

    A boundary is required at an edge only when the keyword's character at that
    edge is an ASCII word character, and the neighbour test is ASCII too (the
    class is kept case-sensitive so IGNORECASE cannot widen it to the Kelvin
    sign or the long s).
    """
    return _edged(re.escape(keyword), keyword[0] in _ASCII_WORD_CHARS, keyword[-1] in _ASCII_WORD_CHARS)


def _edged(body: str, left: bool, right: bool) -> str:
    return f"{f'(?<!{_EDGE_WORD})' if left else ''}{body}{f'(?!{_EDGE_WORD})' if right else ''}"


def keywords_pattern(keywords: Sequence[str]) -> str:
    """One pattern that matches exactly when some keyword's own pattern does (compile it with IGNORECASE).

    Keywords with the same edges share one pair of edge tests around an
    alternation: `re` parses that in about half the time of one alternative
    per keyword, which is most of the cost of checking a graph of keyword
    rules.  Only whether it matches is meant: which keyword's text a match
    holds may differ from the first keyword's (witnesses use `patterns`).
    """
    groups: dict[tuple[bool, bool], list[str]] = {}
    for keyword in keywords:
        edges = (keyword[0] in _ASCII_WORD_CHARS, keyword[-1] in _ASCII_WORD_CHARS)
        groups.setdefault(edges, []).append(re.escape(keyword))
    return "|".join(
        _edged(bodies[0] if len(bodies) == 1 else f"(?:{'|'.join(bodies)})", left, right)
        for (left, right), bodies in groups.items()
    )


@dataclass(frozen=True)
class Keywords:
    """Matches when any keyword occurs (tried in declaration order)."""

    keywords: tuple[str, ...]

    @property
    def patterns(self) -> tuple[re.Pattern[str], ...]:
        """One compiled pattern per keyword, in declaration order (compiled on first use: only witnesses need them)."""
        found: tuple[re.Pattern[str], ...] | None = self.__dict__.get("_patterns")
        if found is None:
            found = tuple(re.compile(keyword_pattern(k), re.IGNORECASE) for k in self.keywords)
            object.__setattr__(self, "_patterns", found)
        return found

    @property
    def combined(self) -> re.Pattern[str]:
        """One alternation that matches exactly when some keyword does (the fast path).

        Compiled on first use: `check` runs a rule only on the phrases its
        words can match (the prefilter), so most rules of a big graph never run.
        """
        found: re.Pattern[str] | None = self.__dict__.get("_any")
        if found is None:
            found = re.compile(keywords_pattern(self.keywords), re.IGNORECASE)
            object.__setattr__(self, "_any", found)
        return found

    def matches(self, message: str) -> bool:
        return self.combined.search(message) is not None

    def witness(self, message: str) -> str | None:
        for pattern in self.patterns:
            found = pattern.search(message)
            if found is not None:
                return found.group(0)
        return None

    @property
    def caption(self) -> str:
        shown = ", ".join(self.keywords[:3])
        extra = len(self.keywords) - 3
        return f"{shown}, +{extra} more" if extra > 0 else shown

    @property
    def full_caption(self) -> str:
        """Every keyword (`caption` stops at three)."""
        return ", ".join(self.keywords)

    @property
    def kind(self) -> str:
        return "keywords"

    @property
    def leaves(self) -> tuple[Keywords]:
        return (self,)


Leaf = Regex | Keywords


@dataclass(frozen=True)
class AllOf:
    """Matches only when every (flattened) part matches."""

    parts: tuple[Leaf, ...]

    def matches(self, message: str) -> bool:
        return all(part.matches(message) for part in self.parts)

    def witness(self, message: str) -> str | None:
        found = [part.witness(message) for part in self.parts]
        if any(w is None for w in found):
            return None
        return " + ".join(w for w in found if w is not None)

    @property
    def caption(self) -> str:
        return " AND ".join(part.caption for part in self.parts)

    @property
    def full_caption(self) -> str:
        return " AND ".join(part.full_caption for part in self.parts)

    @property
    def kind(self) -> str:
        return "all"

    @property
    def leaves(self) -> tuple[Leaf, ...]:
        return self.parts


@dataclass(frozen=True)
class Intent:
    """A sentence for a classifier; no synchronous predicate, so never a claimant."""

    intent: str
    examples: tuple[str, ...]

    @property
    def caption(self) -> str:
        cut = self.intent if len(self.intent) <= 40 else self.intent[:40] + "…"
        return f"intent: {cut}"

    @property
    def kind(self) -> str:
        return "intent"


#: The matchers that read only the user message: what the laws run, the automata read and the generators draw from.
DataMatcher = Regex | Keywords | AllOf
Matcher = Regex | Keywords | AllOf | Intent


class DataMatcherKind(Protocol):
    """What every data matcher answers, whatever its kind: every layer reads a matcher through these.

    A kind's own behaviour beyond them (its literals, its automaton, its JSON
    form, the phrases drawn from it) is chosen by `match` statements ending in
    `assert_never`, one per concern, so a new kind of `Leaf` or `DataMatcher`
    is a type error at every place that must learn it (see
    docs/contributing/code-organisation.md).
    """

    @property
    def kind(self) -> str: ...

    @property
    def caption(self) -> str: ...

    @property
    def full_caption(self) -> str: ...

    @property
    def leaves(self) -> tuple[Leaf, ...]: ...

    def matches(self, message: str) -> bool: ...

    def witness(self, message: str) -> str | None: ...


def _conforms(matcher: DataMatcher) -> DataMatcherKind:
    """Every data matcher is a `DataMatcherKind` (mypy checks each member of the union here)."""
    return matcher


def leaf_regex(leaf: Leaf) -> Regex | None:
    """The leaf as a regex, None when it is another kind (a keyword list)."""
    match leaf:
        case Regex():
            return leaf
        case Keywords():
            return None
        case _:
            assert_never(leaf)


def regexes(matcher: DataMatcher | None) -> tuple[Regex, ...]:
    """The regexes of a data matcher (an all-of's regex parts; none for a keyword list or no matcher)."""
    if matcher is None:
        return ()
    return tuple(found for leaf in matcher.leaves if (found := leaf_regex(leaf)) is not None)


def keywords(*words: str | Sequence[str]) -> Keywords:
    """Declare a keyword matcher: `keywords("refund", "money back")`.

    A single list is accepted too: `keywords(["refund", "money back"])`.
    """
    items: Iterable[object] = words
    if len(words) == 1 and isinstance(words[0], (list, tuple)):
        items = words[0]
    return validated_keywords(list(items), "keywords(...)")


def validated_keywords(items: list[object], where: str) -> Keywords:
    if not items:
        raise DeclarationError(
            f"{where} has no keywords. Pass at least one non-empty string, "
            "for example keywords('refund', 'money back')."
        )
    for position, item in enumerate(items):
        if not isinstance(item, str) or is_blank(item):
            raise DeclarationError(
                f"{where}: keyword {position} is {render_value(item)}, which is not a "
                "non-empty string. Every keyword must be text the user would type; "
                "drop it or write the word."
            )
    return Keywords(tuple(str(item) for item in items))


def all_of(*members: object) -> AllOf:
    """Declare a conjunction: every member (a regex or keywords) must match."""
    items: Iterable[object] = members
    if len(members) == 1 and isinstance(members[0], (list, tuple)):
        items = members[0]
    return flatten_all(list(items), "all_of(...)")


def flatten_all(members: list[object], where: str) -> AllOf:
    """Refuse an empty or unusable conjunction and flatten nested ones; `where` names it."""
    if not members:
        raise DeclarationError(
            f"{where} is empty. An all-of needs a NON-EMPTY list of matchers "
            "(regexes or keywords), every one of which must match."
        )
    parts: list[Leaf] = []
    for position, member in enumerate(members, start=1):
        label = f"{where}, `all` member {position}"
        if isinstance(member, Intent):
            raise DeclarationError(
                f"{label} is an intent. An intent is judged by a classifier at run time, "
                "so it cannot join a synchronous AND; give the intent its OWN rule."
            )
        if isinstance(member, AllOf):
            parts.extend(member.parts)
            continue
        if isinstance(member, re.Pattern):
            parts.append(compile_regex(member, label))
            continue
        if isinstance(member, Leaf):  # every kind of leaf, as the union names them
            parts.append(member)
            continue
        raise DeclarationError(
            f"{label} is {render_value(member) if not callable(member) else 'a function'}, "
            "which is not a matcher `all` can hold. Use re.compile(...) or keywords(...)."
        )
    return AllOf(tuple(parts))


def intent(sentence: object, examples: object) -> Intent:
    """Declare an intent: a sentence plus real phrasings, judged by a classifier."""
    return validated_intent(sentence, examples, "intent(...)")


def validated_intent(sentence: object, examples: object, where: str) -> Intent:
    """Refuse a blank sentence first, then an unusable example list; `where` names it."""
    if not isinstance(sentence, str) or is_blank(sentence):
        raise DeclarationError(
            f"{where}: the `intent` sentence is {render_value(sentence)}; it must be a "
            "non-empty sentence describing what the user wants, e.g. "
            "intent('customer wants a refund', ['charged twice'])."
        )
    if (
        not isinstance(examples, (list, tuple))
        or not examples
        or any(not isinstance(x, str) or is_blank(x) for x in examples)
    ):
        raise DeclarationError(
            f"{where}: the `examples` list of intent {sentence!r} is {render_value(examples)}; it "
            "must be a non-empty list of non-empty phrasings a user would type, "
            "e.g. ['charged twice']."
        )
    return Intent(js_trim(sentence), tuple(str(x) for x in examples))


def js_regex(source: str, flags: str = "") -> Regex:
    """Declare a JavaScript regex, `/source/flags`, matched exactly as V8's `RegExp.prototype.test` would.

    The pattern is translated into an equivalent Python pattern (or refused when
    none is exact); captions quote `/source/flags` as written.
    """
    return compiled_js_regex(source, flags, "js_regex(...)")


def compiled_js_regex(source: object, flags: object, where: str) -> Regex:
    """A JavaScript regex as a `Regex`, or a DeclarationError naming `where` and the reason."""
    if not isinstance(source, str) or not isinstance(flags, str):
        raise DeclarationError(
            f"{where}: a JavaScript regex needs a source and flags that are strings, not "
            f"{render_value(source)} and {render_value(flags)}."
        )
    deep = too_deep(source)
    if deep is not None:
        raise DeclarationError(f"{where}: the JavaScript regex cannot be used: {deep}.")
    from fuzzroute.jsregex.translation import JsRegexError, translate

    try:
        translation = with_room(lambda: translate(source, flags))
    except JsRegexError as exc:
        raise DeclarationError(
            f"{where}: the JavaScript regex /{source}/{flags} cannot be used: {exc}. Rewrite that part of the "
            "pattern (fuzzroute matches JavaScript regexes exactly, or not at all)."
        ) from None
    return Regex(translation.pattern, translation)


def compile_regex(pattern: re.Pattern[Any], where: str) -> Regex:
    """Accept a compiled `str` pattern; bytes patterns cannot read a message."""
    if not isinstance(pattern.pattern, str):
        raise DeclarationError(
            f"{where}: the regex {pattern.pattern!r} is a bytes pattern; user messages are "
            "text, so compile a str pattern instead."
        )
    deep = too_deep(pattern.pattern)
    if deep is not None:
        raise DeclarationError(f"{where}: the regex cannot be used: {deep}.")
    return Regex(pattern)


def compile_match(value: object, where: str) -> Matcher:
    """Turn what an author passed as `match` into a matcher, or refuse it."""
    if isinstance(value, re.Pattern):
        return compile_regex(value, where)
    if isinstance(value, Matcher):  # every kind of matcher, as the union names them
        return value
    if isinstance(value, str):
        raise DeclarationError(
            f"{where}: `match` is the bare string {value!r}. fuzzroute cannot tell whether "
            f"you meant a regex or a keyword: pass re.compile({value!r}) for a regex or "
            f"keywords({value!r}) for a keyword."
        )
    raise DeclarationError(
        f"{where}: `match` is {render_value(value) if not callable(value) else 'a function'}, "
        f"which fuzzroute cannot honor. Use {SUPPORTED_FORMS}; for a function, pass it as "
        "`when=` instead."
    )
