"""JavaScript regexes, translated into Python regexes that match exactly the same messages.

The reference library's rules are JavaScript `RegExp`s, tested with
`RegExp.prototype.test` (flags `g` and `y` dropped, `d` changes nothing).
fuzzroute judges every rule with Python's `re`, so a JavaScript pattern is
parsed here by ECMAScript's grammar (with the web-compatibility syntax of
Annex B when neither `u` nor `v` is set) and written out as a Python pattern
with the same meaning, for every message.  Where the engines differ the
translation spells the meaning out instead of trusting a Python construct
that merely looks alike:

* every set of characters (`.`, `\\s`, `\\w`, classes, `\\p{...}`, and each
  literal under `/i`) becomes an explicit Python class computed with
  JavaScript's Unicode data (`charsets`): `/i` is applied by closing the
  set under JavaScript's case classes, never by Python's IGNORECASE (which
  folds other characters); unicode sets mode (`v`) computes on case
  representatives as ECMAScript specifies;
* `$` without `m` is the end of the message only (`\\Z`); `^` and `$` with `m`
  also break at `\\r`, U+2028 and U+2029 (lookarounds); `\\b` is ASCII
  (`re.ASCII`), or, under `u`/`v` with `i`, a lookaround pair on the word set
  that also holds U+017F and U+212A;
* a backreference to a group that has not matched matches the empty string,
  as in JavaScript (a Python conditional group); inside its own group or
  before it, it is the empty string;
* without `u`/`v` JavaScript reads UTF-16 code units, so an emoji is two
  characters to it: `JsTranslation.prepare` turns a message into code units
  before the Python pattern reads it (a message without characters outside
  the Basic Multilingual Plane is left as it is).

The pattern is parsed by `syntax` (ECMAScript's grammar, every set
resolved with JavaScript's Unicode data); this module writes the tree out.
Whatever has no exact Python counterpart (a variable-length lookbehind that
cannot be split into fixed-length ones, a backreference into a repeated
group, inside a lookbehind or under `/i` over characters Python folds
differently, a property of strings) is refused with `JsRegexError` naming
the construct, never approximated.  Syntax JavaScript itself rejects is
refused the same way, as V8 would throw a SyntaxError.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from fuzzroute.jsregex.charsets import ALL, LINE_TERMINATORS, WORD, CharSet, case_closure
from fuzzroute.jsregex.syntax import (
    IGNORED_FLAGS,
    JS_FLAGS,
    SURROGATE,
    Alt,
    Anchor,
    BackRef,
    Chars,
    Group,
    JsParser,
    JsRegexError,
    Look,
    Node,
    Repeat,
    Seq,
    check_flags,
    nullable,
    to_code_points,
    to_units,
)

__all__ = ["IGNORED_FLAGS", "JS_FLAGS", "JsRegexError", "JsTranslation", "check_flags", "from_units",
           "to_code_points", "to_units", "translate"]




@dataclass(frozen=True)
class JsTranslation:
    """A JavaScript regex and its exact Python translation."""

    source: str
    flags: str  # as written
    python: str  # the Python pattern text
    pattern: re.Pattern[str]
    units: bool  # no u/v: reads UTF-16 code units
    #: True when the Python pattern, run on the message as it is (no `prepare`), accepts exactly the
    #: messages JavaScript does, characters outside the BMP included (always true with u/v).
    astral_exact: bool

    @property
    def matching_flags(self) -> str:
        """The flags that decide matching, in canonical order (g, y and d dropped)."""
        return "".join(f for f in JS_FLAGS if f in self.flags and f not in IGNORED_FLAGS)

    def prepare(self, message: str) -> str:
        """The message as the Python pattern must read it: UTF-16 code units without u/v."""
        return to_units(message) if self.units else to_code_points(message)

    def preparer(self) -> Callable[[str], str]:
        """The message as the translated pattern reads it: UTF-16 code units without the `u`/`v` flag, else
        code points (a lone surrogate of the message kept as JavaScript keeps it)."""
        if self.units:
            def units(message: str) -> str:
                if message.isascii() or max(message) < "\U00010000":
                    return message
                return to_units(message)
            return units

        def points(message: str) -> str:
            if message.isascii() or SURROGATE.search(message) is None:
                return message
            return to_code_points(message)
        return points

    def searcher(self) -> Callable[[str], re.Match[str] | None]:
        """`search` with the message prepared: the fastest callable equal to JavaScript's `test`."""
        search, prepare = self.pattern.search, self.preparer()
        return lambda message: search(prepare(message))


def from_units(text: str) -> str:
    """Join the surrogate pairs of a code-unit string back into characters (for witnesses shown to people)."""
    return to_code_points(text)


@lru_cache(maxsize=4096)
def translate(source: str, flags: str) -> JsTranslation:
    """The exact Python translation of `/source/flags`, or JsRegexError saying why there is none."""
    check_flags(flags)
    parser = JsParser(source, flags)
    tree = parser.parse()
    emitter = _Emitter(parser)
    python = emitter.emit(tree, top=True)
    # With /i throughout, Python's (ASCII-only) IGNORECASE adds nothing to the emitted sets, which are
    # closed under JavaScript's case classes, and lets the letters stay plain literals.
    try:
        pattern = re.compile(python, re.ASCII | (re.IGNORECASE if emitter.global_i else 0))
    except (re.error, RecursionError, OverflowError) as exc:
        raise JsRegexError(f"its Python translation does not compile ({exc})") from None
    exact = not parser.units or (not emitter.reads_surrogates and not nullable(tree))
    return JsTranslation(source, flags, python, pattern, parser.units, exact)


# -- writing Python ---------------------------------------------------------------------------------

_WORD_UI = WORD | CharSet.chars([0x017F, 0x212A])
_PLAIN = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _")


def _code(code: int) -> str:
    ch = chr(code)
    if ch in _PLAIN:
        return ch
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


@lru_cache(maxsize=4096)
def charset_pattern(charset: CharSet) -> str:
    """A Python pattern for one character of `charset` (`(?!)` for the empty set)."""
    if charset.empty:
        return "(?!)"
    single = charset.single()
    if single is not None:
        return _code(single)
    parts = []
    for lo, hi in charset.ranges():
        if hi - lo == 1:
            parts.append(_code(lo))
        elif hi - lo == 2:
            parts.append(_code(lo) + _code(lo + 1))
        else:
            parts.append(f"{_code(lo)}-{_code(hi - 1)}")
    body = "".join(parts)
    return "[" + body.replace("[", "\\[").replace("]", "\\]") + "]"


def _ascii_pair(node: Chars) -> bool:
    """A literal ASCII letter whose `/i` class is exactly the letter in both cases: `(?i:x)` says it."""
    code = node.folded
    if code is None or not chr(code).isascii() or not chr(code).isalpha():
        return False
    return node.charset == _letter_pair(code)


@lru_cache(maxsize=128)
def _letter_pair(code: int) -> CharSet:
    return CharSet.chars([ord(chr(code).lower()), ord(chr(code).upper())])


class _Emitter:
    def __init__(self, parser: JsParser) -> None:
        self.parser = parser
        self.reads_surrogates = False
        self.referenced = {n for ref in parser.refs for n in ref.numbers}
        self.global_i = "i" in parser.flags and not parser.has_modifiers

    def emit(self, node: Node, top: bool = False) -> str:
        if isinstance(node, Chars):
            if node.charset.overlaps(0xD800, 0xE000):
                self.reads_surrogates = True
            if _ascii_pair(node):
                letter = chr(node.folded or 0)
                return letter if self.global_i else f"(?i:{letter})"
            return charset_pattern(node.charset)
        if isinstance(node, Seq):
            return self.sequence(node.items)
        if isinstance(node, Alt):
            return "|".join(self.emit(b) for b in node.branches) if top else \
                "(?:" + "|".join(self.emit(b) for b in node.branches) + ")"
        if isinstance(node, Anchor):
            return _anchor(node.kind)
        if isinstance(node, Group):
            inner = self.emit(node.body, top=True)
            if node.number is not None and node.number in self.referenced:
                return f"(?P<g{node.number}>{inner})"
            return f"(?:{inner})"
        if isinstance(node, Repeat):
            return self.repeat(node)
        if isinstance(node, Look):
            return self.look(node)
        if isinstance(node, BackRef):
            return self.backref(node)
        raise AssertionError(node)

    def sequence(self, items: list[Node]) -> str:
        out: list[str] = []
        run: list[str] = []
        for item in items:
            if isinstance(item, Chars) and _ascii_pair(item) and not self.global_i:
                run.append(chr(item.folded or 0))
                continue
            if run:
                out.append("(?i:" + "".join(run) + ")")
                run = []
            out.append(self.emit(item))
        if run:
            out.append("(?i:" + "".join(run) + ")")
        return "".join(out)

    def repeat(self, node: Repeat) -> str:
        inner = self.emit(node.body)
        single = isinstance(node.body, Chars) and (self.global_i or not _ascii_pair(node.body))
        if not single and not (inner.startswith("(?") and _balanced_group(inner)):
            inner = f"(?:{inner})"
        if node.low == 0 and node.high is None:
            quantifier = "*"
        elif node.low == 1 and node.high is None:
            quantifier = "+"
        elif node.low == 0 and node.high == 1:
            quantifier = "?"
        elif node.high is None:
            quantifier = f"{{{node.low},}}"
        elif node.low == node.high:
            quantifier = f"{{{node.low}}}"
        else:
            quantifier = f"{{{node.low},{node.high}}}"
        return inner + quantifier + ("" if node.greedy else "?")

    def look(self, node: Look) -> str:
        if not node.behind:
            return f"(?{'!' if node.negative else '='}{self.emit(node.body, top=True)})"
        branches = node.body.branches if isinstance(node.body, Alt) else [node.body]
        parts = []
        for branch in branches:
            width = _width(branch)
            if width is None:
                raise JsRegexError(
                    "a lookbehind whose text can have different lengths: Python's lookbehinds are fixed-width, so "
                    "it has no exact translation (split it into alternatives of fixed length)"
                )
            parts.append(f"(?<{'!' if node.negative else '='}{self.emit(branch, top=True)})")
        if node.negative:
            return "".join(parts)
        return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"

    def backref(self, node: BackRef) -> str:
        parser = self.parser
        pieces = []
        for number in node.numbers:
            if number in parser.repeated_groups:
                raise JsRegexError(
                    f"the backreference to group {number}, which is inside a repeat: JavaScript clears a repeated "
                    "group's capture on every pass and Python does not, so it has no exact translation"
                )
            if number in parser.lookbehind_groups:
                raise JsRegexError("a backreference to a group inside a lookbehind has no exact Python translation")
            span = parser.group_spans.get(number)
            if span is None or not (span[1] <= node.position):
                continue  # inside its own group or before it: JavaScript reads the empty string
            if node.ignore_case:
                alphabet = parser.group_chars.get(number, ALL)
                _check_case_ref(alphabet, node.unicode_mode)
                pieces.append(f"(?(g{number})(?i:(?P=g{number})))")
            else:
                pieces.append(f"(?(g{number})(?P=g{number}))")
        return "".join(pieces) if pieces else "(?:)"


def _check_case_ref(alphabet: CharSet, unicode_mode: bool) -> None:
    """Python compares a backreference under (?i) with ASCII folding: exact only if JS folds no other pair."""
    letters = CharSet.of([(0x41, 0x5B), (0x61, 0x7B)])
    rest = alphabet - letters
    if case_closure(rest, unicode_mode) != rest or (
        unicode_mode and (0x4B in alphabet or 0x6B in alphabet or 0x53 in alphabet or 0x73 in alphabet)
    ):
        raise JsRegexError(
            "a backreference under /i to a group that can capture characters JavaScript folds differently from "
            "Python (non-ASCII letters, or k/s under u); it has no exact translation"
        )


def _balanced_group(text: str) -> bool:
    """True when `text` is one parenthesised group from its first to its last character."""
    depth = 0
    escaped = False
    in_class = False
    for position, ch in enumerate(text):
        if escaped:
            escaped = False
            continue
        if ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0 and position != len(text) - 1:
                return False
    return depth == 0


def _anchor(kind: str) -> str:
    terminators = charset_pattern(~LINE_TERMINATORS)
    word_ui = charset_pattern(_WORD_UI)
    return {
        "start": r"\A",
        "end": r"\Z",
        "start-line": f"(?<!{terminators})",
        "end-line": f"(?!{terminators})",
        "word": r"\b",
        # Python's \B (3.11) fails on the empty message, JavaScript's holds there.
        "not-word": r"(?:\B|\A\Z)",
        "word-ui": f"(?:(?<={word_ui})(?!{word_ui})|(?<!{word_ui})(?={word_ui}))",
        "not-word-ui": f"(?:(?<={word_ui})(?={word_ui})|(?<!{word_ui})(?!{word_ui}))",
    }[kind]


def _width(node: Node) -> int | None:
    """The fixed number of characters the node consumes, or None if it varies."""
    if isinstance(node, Chars):
        return 1
    if isinstance(node, (Anchor, Look)):
        return 0
    if isinstance(node, Seq):
        total = 0
        for item in node.items:
            width = _width(item)
            if width is None:
                return None
            total += width
        return total
    if isinstance(node, Alt):
        widths = {_width(b) for b in node.branches}
        return widths.pop() if len(widths) == 1 else None
    if isinstance(node, Group):
        return _width(node.body)
    if isinstance(node, Repeat):
        inner = _width(node.body)
        if inner is None or node.high != node.low:
            return None if inner != 0 else 0
        return inner * node.low
    return None
