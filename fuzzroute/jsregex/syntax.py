"""JavaScript's regex grammar, parsed into a small tree (the half of `js_regex` that reads).

ECMAScript's pattern grammar, with Annex B's web-compatibility syntax when
neither `u` nor `v` is set (`\\c`, `\\8`, `a{,5}` and `]` are literals there,
`\\1` is an octal escape when the pattern has no group 1).  Every set of
characters is resolved while parsing, with JavaScript's Unicode data
(`charsets`) and the flags in force at that point (`/i`, `(?i:...)`), so
the tree says exactly which characters each position accepts; `js_regex`
writes it out as Python.  Syntax JavaScript rejects raises `JsRegexError`, as
V8 would throw a SyntaxError.
"""

from __future__ import annotations

import array
import re
from dataclasses import dataclass, field

from fuzzroute.jsregex.charsets import (
    ALL,
    CODE_POINTS,
    CODE_UNITS,
    DIGITS,
    EMPTY,
    LINE_TERMINATORS,
    WHITE_SPACE,
    WORD,
    CharSet,
    case_class,
    case_closure,
    property_set,
)

JS_FLAGS = "dgimsuvy"
#: Flags that do not change which messages `test` accepts (the reference drops g and y; d adds indices).
IGNORED_FLAGS = "dgy"
_SYNTAX_CHARS = set("^$\\.*+?()[]{}|/")
_CLASS_SET_SYNTAX = set("()[]{}/-\\|")
_CLASS_SET_RESERVED_DOUBLE = set("&!#$%*+,.:;<=>?@^`~")
_CLASS_SET_RESERVED_PUNCT = set("&-!#%,:;<=>@`~")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_MAX_REPEAT = 4294967294


class JsRegexError(ValueError):
    """The pattern is not valid JavaScript, or has no exact Python translation; the message says which."""


# -- the tree -----------------------------------------------------------------------------------


@dataclass
class Node:
    """Base of the parse tree (each node knows its width range for lookbehinds)."""


@dataclass
class Chars(Node):
    """One character from `charset`; `folded` is the literal whose `/i` class it is (for `(?i:x)`)."""

    charset: CharSet
    folded: int | None = None


@dataclass
class Seq(Node):
    items: list[Node] = field(default_factory=list)


@dataclass
class Alt(Node):
    branches: list[Node] = field(default_factory=list)


@dataclass
class Anchor(Node):
    kind: str  # "start", "end", "start-line", "end-line", "word", "not-word", "word-ui", "not-word-ui"


@dataclass
class Look(Node):
    behind: bool
    negative: bool
    body: Node


@dataclass
class Group(Node):
    body: Node
    number: int | None = None  # capturing group number (1-based), None for (?:...)
    name: str | None = None


@dataclass
class Repeat(Node):
    body: Node
    low: int
    high: int | None  # None: unbounded
    greedy: bool


@dataclass
class BackRef(Node):
    numbers: list[int]
    ignore_case: bool
    unicode_mode: bool
    position: int


@dataclass(frozen=True)
class _Scope:
    ignore_case: bool
    multiline: bool
    dot_all: bool


SURROGATE = re.compile("[\ud800-\udfff]")


def to_units(message: str) -> str:
    """Each character outside the BMP as its two UTF-16 surrogates (what a non-unicode JS regex reads)."""
    if message.isascii() or max(message) < "\U00010000":
        return message
    units = array.array("H")
    units.frombytes(message.encode("utf-16-le", "surrogatepass"))
    return "".join(map(chr, units))


def to_code_points(message: str) -> str:
    """A surrogate pair written as two characters, joined into its code point (what a unicode JS regex reads)."""
    if SURROGATE.search(message) is None:
        return message
    return message.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def from_units(text: str) -> str:
    """Join the surrogate pairs of a code-unit string back into characters (for witnesses shown to people)."""
    return to_code_points(text)


def check_flags(flags: str) -> None:
    """Refuse what `new RegExp(source, flags)` refuses: unknown, repeated, or both `u` and `v`."""
    for letter in flags:
        if letter not in JS_FLAGS:
            raise JsRegexError(f"the flag {letter!r} is not a JavaScript regex flag (they are {', '.join(JS_FLAGS)})")
    if len(set(flags)) != len(flags):
        raise JsRegexError(f"the flags {flags!r} repeat a letter, which JavaScript refuses")
    if "u" in flags and "v" in flags:
        raise JsRegexError("the flags u and v exclude each other in JavaScript")


def nullable(node: Node) -> bool:
    """Whether the node can match the empty string (ignoring what assertions demand)."""
    if isinstance(node, Chars):
        return False
    if isinstance(node, Seq):
        return all(nullable(i) for i in node.items)
    if isinstance(node, Alt):
        return any(nullable(b) for b in node.branches)
    if isinstance(node, Group):
        return nullable(node.body)
    if isinstance(node, Repeat):
        return node.low == 0 or nullable(node.body)
    return True


class JsParser:
    """ECMAScript's regex grammar, with Annex B's web-compatibility syntax outside unicode mode."""

    def __init__(self, source: str, flags: str) -> None:
        self.flags = flags
        self.unicode_mode = "u" in flags or "v" in flags
        self.sets_mode = "v" in flags
        self.units = not self.unicode_mode
        if self.unicode_mode:
            self.text = [ord(c) for c in to_code_points(source)]
        else:
            self.text = [ord(c) for c in to_units(source)]
        self.limit = CODE_POINTS if self.unicode_mode else CODE_UNITS
        self.pos = 0
        self.group_count, self.group_names = self._scan_groups()
        self.named = bool(self.group_names)
        self.groups_seen = 0
        self.group_spans: dict[int, tuple[int, int]] = {}
        self.repeated_groups: set[int] = set()
        self.lookbehind_groups: set[int] = set()
        self.refs: list[BackRef] = []
        self.group_chars: dict[int, CharSet] = {}
        self._open_groups: list[int] = []
        self._lookbehind_depth = 0
        self._repeat_stack: list[list[int]] = []
        self.scope = _Scope("i" in flags, "m" in flags, "s" in flags)
        self.has_modifiers = False
        self._alt_ids = 0
        self._path: list[tuple[int, int]] = []
        self._name_paths: dict[str, list[tuple[tuple[int, int], ...]]] = {}

    # -- helpers
    def error(self, message: str) -> JsRegexError:
        return JsRegexError(f"{message} (at offset {self.pos})")

    def peek(self, offset: int = 0) -> str:
        at = self.pos + offset
        return chr(self.text[at]) if at < len(self.text) else ""

    def eat(self, expected: str) -> bool:
        if self.text[self.pos:self.pos + len(expected)] == [ord(c) for c in expected]:
            self.pos += len(expected)
            return True
        return False

    def _scan_groups(self) -> tuple[int, list[str]]:
        """Count capturing groups and collect group names before parsing (Annex B needs the count)."""
        count, names, i, in_class = 0, [], 0, False
        text = self.text
        while i < len(text):
            ch = chr(text[i])
            if ch == "\\":
                i += 2
                continue
            if in_class:
                in_class = ch != "]"
            elif ch == "[":
                in_class = True
            elif ch == "(":
                if i + 1 < len(text) and chr(text[i + 1]) == "?":
                    if i + 3 < len(text) and chr(text[i + 2]) == "<" and chr(text[i + 3]) not in "=!":
                        count += 1
                        end = i + 3
                        while end < len(text) and chr(text[end]) != ">":
                            end += 1
                        names.append("".join(map(chr, text[i + 3:end])))
                else:
                    count += 1
            i += 1
        return count, names

    # -- grammar
    def parse(self) -> Node:
        node = self.disjunction()
        if self.pos < len(self.text):
            raise self.error("unmatched ')'" if self.peek() == ")" else f"unexpected {self.peek()!r}")
        for ref in self.refs:
            for number in ref.numbers:
                if number > self.group_count:
                    raise JsRegexError(f"the backreference \\{number} names a group the pattern does not have")
        return node

    def disjunction(self) -> Node:
        self._alt_ids += 1
        alt_id = self._alt_ids
        self._path.append((alt_id, 0))
        branches = [self.alternative()]
        while self.eat("|"):
            self._path[-1] = (alt_id, len(branches))
            branches.append(self.alternative())
        self._path.pop()
        return branches[0] if len(branches) == 1 else Alt(branches)

    def alternative(self) -> Node:
        items: list[Node] = []
        while self.pos < len(self.text) and self.peek() not in "|)":
            items.append(self.term())
        return Seq(items)

    def term(self) -> Node:
        start = self.pos
        ch = self.peek()
        if ch == "^":
            self.pos += 1
            return Anchor("start-line" if self.scope.multiline else "start")
        if ch == "$":
            self.pos += 1
            return Anchor("end-line" if self.scope.multiline else "end")
        if ch == "\\" and self.peek(1) in ("b", "B"):
            self.pos += 2
            word_ui = self.unicode_mode and self.scope.ignore_case
            kind = ("word" if self.peek(-1) == "b" else "not-word") + ("-ui" if word_ui else "")
            return Anchor(kind)
        if ch == "(" and self.peek(1) == "?" and (
            self.peek(2) in ("=", "!") or (self.peek(2) == "<" and self.peek(3) in ("=", "!"))
        ):
            behind = self.peek(2) == "<"
            negative = self.peek(3 if behind else 2) == "!"
            self.pos += 4 if behind else 3
            if behind:
                self._lookbehind_depth += 1
            body = self.disjunction()
            if behind:
                self._lookbehind_depth -= 1
            if not self.eat(")"):
                raise self.error("unterminated group")
            look = Look(behind, negative, body)
            if not behind and not self.unicode_mode and self._quantifier_ahead():
                low, high, _greedy = self.quantifier()
                return Seq([]) if low == 0 else look
            return look
        before = self.groups_seen
        atom = self.atom(start)
        if self._quantifier_ahead():
            low, high, greedy = self.quantifier()
            if high is None or high > 1:
                self.repeated_groups.update(range(before + 1, self.groups_seen + 1))
            return Repeat(atom, low, high, greedy)
        return atom

    def _quantifier_ahead(self) -> bool:
        ch = self.peek()
        if ch in ("*", "+", "?"):
            return True
        if ch == "{":
            return self._braced(self.pos) is not None
        return False

    def _braced(self, at: int) -> tuple[int, int | None, int] | None:
        """`{n}`, `{n,}` or `{n,m}` at `at`: (low, high, end) or None."""
        text = "".join(map(chr, self.text[at:at + 64]))
        found = re.match(r"\{([0-9]+)(?:(,)([0-9]*))?\}", text)
        if not found:
            return None
        low = int(found.group(1))
        high: int | None = low if found.group(2) is None else (int(found.group(3)) if found.group(3) else None)
        return low, high, at + found.end()

    def quantifier(self) -> tuple[int, int | None, bool]:
        ch = self.peek()
        if ch == "*":
            self.pos += 1
            low, high = 0, None
        elif ch == "+":
            self.pos += 1
            low, high = 1, None
        elif ch == "?":
            self.pos += 1
            low, high = 0, 1
        else:
            braced = self._braced(self.pos)
            assert braced is not None
            low, high, self.pos = braced
            if high is not None and high < low:
                raise self.error("numbers out of order in a {} quantifier")
        greedy = not self.eat("?")
        if low > _MAX_REPEAT or (high is not None and high > _MAX_REPEAT):
            raise JsRegexError(f"a repeat count above {_MAX_REPEAT} has no Python equivalent")
        return low, high, greedy

    def atom(self, start: int) -> Node:
        ch = self.peek()
        if ch == ".":
            self.pos += 1
            charset = ALL if self.scope.dot_all else ~LINE_TERMINATORS
            return Chars(charset.within(self.limit))
        if ch == "(":
            return self.group()
        if ch == "[":
            return self.char_class()
        if ch == "\\":
            return self.atom_escape()
        if ch in ("*", "+", "?"):
            raise self.error("nothing to repeat")
        if ch == "{" and (self.unicode_mode or self._braced(self.pos) is not None):
            raise self.error("nothing to repeat" if self._braced(self.pos) else "lone '{' (unicode mode)")
        if ch in ("}", "]") and self.unicode_mode:
            raise self.error(f"lone {ch!r} (unicode mode)")
        if ch == ")":
            raise self.error("unmatched ')'")
        code = self.text[self.pos]
        self.pos += 1
        return self.literal(code)

    def literal(self, code: int) -> Chars:
        charset = CharSet.chars([code])
        if not self.scope.ignore_case:
            return Chars(charset)
        return Chars(case_closure(charset, self.unicode_mode).within(self.limit), code)

    def group(self) -> Node:
        self.pos += 1
        if self.eat("?:"):
            body = self.disjunction()
            if not self.eat(")"):
                raise self.error("unterminated group")
            return Group(body)
        if self.peek() == "?" and self.peek(1) == "<":
            self.pos += 2
            name = self.group_name()
            return self.capture(name)
        if self.peek() == "?":
            return self.modifiers()
        return self.capture(None)

    def group_name(self) -> str:
        end = self.pos
        while end < len(self.text) and chr(self.text[end]) != ">":
            end += 1
        if end >= len(self.text):
            raise self.error("unterminated group name")
        name = "".join(map(chr, self.text[self.pos:end]))
        if not name or not (name[0].isidentifier() or name[0] == "$") or not all(
            (c.isidentifier() or c.isdigit() or c in "$\u200c\u200d" or ("a" + c).isidentifier()) for c in name
        ) or "\\" in name:
            raise self.error(f"the group name {name!r} is not one JavaScript accepts here")
        self.pos = end + 1
        return name

    def capture(self, name: str | None) -> Node:
        if name is not None:
            here = tuple(self._path)
            for other in self._name_paths.get(name, []):
                if not _exclusive(here, other):
                    raise self.error(f"the group name {name!r} is used twice where both groups can match")
            self._name_paths.setdefault(name, []).append(here)
        self.groups_seen += 1
        number = self.groups_seen
        self._open_groups.append(number)
        if self._lookbehind_depth:
            self.lookbehind_groups.add(number)
        start = self.pos
        body = self.disjunction()
        if not self.eat(")"):
            raise self.error("unterminated group")
        self._open_groups.pop()
        self.group_spans[number] = (start, self.pos)
        self.group_chars[number] = alphabet(body)
        return Group(body, number, name)

    def modifiers(self) -> Node:
        self.pos += 1
        self.has_modifiers = True
        add, remove, seen_dash = "", "", False
        while self.peek() and self.peek() != ":":
            ch = self.peek()
            if ch == "-" and not seen_dash:
                seen_dash = True
            elif ch in "ims":
                if ch in add + remove:
                    raise self.error("a modifier repeats a flag")
                if seen_dash:
                    remove += ch
                else:
                    add += ch
            else:
                raise self.error(f"invalid group '(?{ch}'")
            self.pos += 1
        if not self.eat(":") or (seen_dash and not add and not remove):
            raise self.error("invalid regex modifiers")
        saved = self.scope
        self.scope = _Scope(
            (saved.ignore_case or "i" in add) and "i" not in remove,
            (saved.multiline or "m" in add) and "m" not in remove,
            (saved.dot_all or "s" in add) and "s" not in remove,
        )
        body = self.disjunction()
        self.scope = saved
        if not self.eat(")"):
            raise self.error("unterminated group")
        return Group(body)

    # -- escapes
    def atom_escape(self) -> Node:
        self.pos += 1
        ch = self.peek()
        if not ch:
            raise self.error("\\ at end of pattern")
        if ch in "123456789":
            digits = ""
            at = self.pos
            while at < len(self.text) and chr(self.text[at]).isdigit() and chr(self.text[at]).isascii():
                digits += chr(self.text[at])
                at += 1
            number = int(digits)
            if self.unicode_mode or number <= self.group_count:
                self.pos = at
                return self.backref([number])
            if ch in "89":
                self.pos += 1
                return self.literal(ord(ch))
            return self.literal(self.legacy_octal())
        if ch == "k":
            if self.unicode_mode or self.named:
                self.pos += 1
                if not self.eat("<"):
                    raise self.error("invalid named reference")
                name = self.group_name()
                if name not in self.group_names:
                    raise self.error(f"the named reference \\k<{name}> names no group")
                return self.backref([i + 1 for i in self._numbers_of(name)])
            self.pos += 1
            return self.literal(ord("k"))
        klass = self.class_escape()
        if klass is not None:
            return Chars(klass)
        if ch == "c" and not self.unicode_mode and not (self.peek(1).isascii() and self.peek(1).isalpha()):
            return self.literal(ord("\\"))  # Annex B: the backslash is itself; `c` is read next
        return self.literal(self.character_escape(in_class=False))

    def _numbers_of(self, name: str) -> list[int]:
        """0-based positions of the capturing groups named `name` (duplicates in different alternatives)."""
        numbers, count, i, in_class = [], 0, 0, False
        text = self.text
        while i < len(text):
            c = chr(text[i])
            if c == "\\":
                i += 2
                continue
            if in_class:
                in_class = c != "]"
            elif c == "[":
                in_class = True
            elif c == "(":
                if i + 1 < len(text) and chr(text[i + 1]) == "?":
                    if i + 3 < len(text) and chr(text[i + 2]) == "<" and chr(text[i + 3]) not in "=!":
                        end = text.index(ord(">"), i + 3)
                        if "".join(map(chr, text[i + 3:end])) == name:
                            numbers.append(count)
                        count += 1
                else:
                    count += 1
            i += 1
        return numbers

    def backref(self, numbers: list[int]) -> Node:
        ref = BackRef(numbers, self.scope.ignore_case, self.unicode_mode, self.pos)
        self.refs.append(ref)
        if self._lookbehind_depth:
            raise JsRegexError(
                "a backreference inside a lookbehind: JavaScript matches a lookbehind right to left, so its "
                "backreferences have no Python equivalent"
            )
        return ref

    def legacy_octal(self) -> int:
        digits = ""
        while len(digits) < 3 and self.peek() in tuple("01234567"):
            if len(digits) == 2 and int(digits[0]) > 3:
                break
            digits += self.peek()
            self.pos += 1
        return int(digits, 8)

    def class_escape(self, close_case: bool = True) -> CharSet | None:
        """`\\d \\D \\s \\S \\w \\W \\p{..} \\P{..}` at the position after the backslash, else None.

        `close_case=False` (inside a class, which applies `/i` once to its whole union) leaves the set raw.
        """
        ch = self.peek()
        if ch in ("d", "D", "s", "S", "w", "W"):
            self.pos += 1
            base = {"d": DIGITS, "s": WHITE_SPACE, "w": self._word()}[ch.lower()]
            if self.sets_mode:
                closed = case_closure(base, True) if self.scope.ignore_case else base
                return ~closed if ch.isupper() else closed
            charset = ~base if ch.isupper() else base
            if self.scope.ignore_case and close_case:
                charset = case_closure(charset.within(self.limit), self.unicode_mode)
            return charset.within(self.limit)
        if ch in ("p", "P") and self.unicode_mode:
            self.pos += 1
            if not self.eat("{"):
                raise self.error("invalid property name")
            end = self.pos
            while end < len(self.text) and chr(self.text[end]) != "}":
                end += 1
            name = "".join(map(chr, self.text[self.pos:end]))
            if end >= len(self.text):
                raise self.error("invalid property name")
            self.pos = end + 1
            found = property_set(name)
            if found is None:
                raise JsRegexError(
                    f"the property escape \\{ch}{{{name}}} is not a General_Category, Script, Script_Extensions "
                    "or binary property fuzzroute knows (a property of strings, such as RGI_Emoji, or a name "
                    "JavaScript does not accept)"
                )
            if self.sets_mode:
                # Unicode sets mode complements the case-closed set; V8 leaves \p{ASCII} unclosed there.
                closed = case_closure(found, True) if self.scope.ignore_case and name != "ASCII" else found
                return ~closed if ch == "P" else closed
            charset = ~found if ch == "P" else found
            return case_closure(charset, True) if self.scope.ignore_case and close_case else charset
        return None

    def _word(self) -> CharSet:
        if self.unicode_mode and self.scope.ignore_case:
            return WORD | CharSet.chars([0x017F, 0x212A])
        return WORD

    def character_escape(self, in_class: bool) -> int:
        """The code of a CharacterEscape at the position after the backslash (Annex B rules without u/v)."""
        ch = self.peek()
        if ch in _CONTROL_ESCAPES:
            self.pos += 1
            return _CONTROL_ESCAPES[ch]
        if ch == "c":
            letter = self.peek(1)
            if letter.isascii() and letter.isalpha():
                self.pos += 2
                return ord(letter) % 32
            if in_class and not self.unicode_mode and (letter.isdigit() and letter.isascii() or letter == "_"):
                self.pos += 2
                return ord(letter) % 32
            if self.unicode_mode:
                raise self.error("invalid unicode escape \\c")
            return ord("\\")  # the backslash itself; `c` is read next (caller does not advance)
        if ch == "0" and not (self.peek(1).isdigit() and self.peek(1).isascii()):
            self.pos += 1
            return 0
        if ch.isdigit() and ch.isascii():
            if self.unicode_mode:
                raise self.error("invalid decimal escape")
            if ch in "89":
                self.pos += 1
                return ord(ch)
            return self.legacy_octal()
        if ch == "x":
            digits = "".join(map(chr, self.text[self.pos + 1:self.pos + 3]))
            if re.fullmatch(r"[0-9A-Fa-f]{2}", digits):
                self.pos += 3
                return int(digits, 16)
            if self.unicode_mode:
                raise self.error("invalid escape \\x")
            self.pos += 1
            return ord("x")
        if ch == "u":
            return self.unicode_escape()
        if self.unicode_mode:
            if ch in _SYNTAX_CHARS or (ch == "-" and in_class):
                self.pos += 1
                return ord(ch)
            if self.sets_mode and in_class and ch in _CLASS_SET_RESERVED_PUNCT:
                self.pos += 1
                return ord(ch)
            raise self.error(f"invalid escape \\{ch}")
        if ch == "k" and self.named and not in_class:
            raise self.error("invalid named reference")
        self.pos += 1
        return self.text[self.pos - 1]

    def unicode_escape(self) -> int:
        rest = "".join(map(chr, self.text[self.pos + 1:self.pos + 12]))
        if self.unicode_mode and rest.startswith("{"):
            found = re.match(r"\{([0-9A-Fa-f]+)\}", rest)
            if not found or int(found.group(1), 16) >= CODE_POINTS:
                raise self.error("invalid unicode escape \\u{...}")
            self.pos += 1 + found.end()
            return int(found.group(1), 16)
        if re.match(r"[0-9A-Fa-f]{4}", rest):
            code = int(rest[:4], 16)
            self.pos += 5
            if self.unicode_mode and 0xD800 <= code < 0xDC00:
                following = "".join(map(chr, self.text[self.pos:self.pos + 6]))
                trail = re.match(r"\\u([dD][c-fC-F][0-9A-Fa-f]{2})", following)
                if trail:
                    low = int(trail.group(1), 16)
                    self.pos += 6
                    return 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            return code
        if self.unicode_mode:
            raise self.error("invalid unicode escape")
        self.pos += 1
        return ord("u")

    # -- classes
    def char_class(self) -> Node:
        self.pos += 1
        negated = self.eat("^")
        if self.sets_mode:
            charset, strings = self.class_set_expression()
            if not self.eat("]"):
                raise self.error("unterminated character class")
            if negated:
                if strings:
                    raise self.error("a negated class cannot hold strings")
                charset = ~charset
            effective = charset
            if not strings:
                return Chars(effective)
            longer = sorted((s for s in strings if s), key=len, reverse=True)
            branches: list[Node] = [Seq([self.literal(c) for c in s]) for s in longer]
            if not charset.empty:
                branches.append(Chars(effective))
            if () in strings:
                branches.append(Seq([]))
            return Alt(branches) if len(branches) > 1 else branches[0]
        charset = EMPTY
        while True:
            if not self.peek():
                raise self.error("unterminated character class")
            if self.eat("]"):
                break
            first, first_is_class = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                second, second_is_class = self.class_atom()
                if first_is_class or second_is_class:
                    if self.unicode_mode:
                        raise self.error("a class escape cannot bound a range")
                    charset = charset | first | second | CharSet.chars([ord("-")])
                    continue
                lo, hi = first.bounds[0], second.bounds[0]
                if lo > hi:
                    raise self.error("range out of order in character class")
                charset = charset | CharSet.of([(lo, hi + 1)])
                continue
            charset = charset | first
        if self.scope.ignore_case:
            charset = case_closure(charset.within(self.limit), self.unicode_mode)
        charset = charset.within(self.limit)
        return Chars((~charset).within(self.limit) if negated else charset)

    def class_atom(self) -> tuple[CharSet, bool]:
        """One ClassAtom (no `/i` applied yet): its set and whether it was a class escape."""
        if self.peek() != "\\":
            code = self.text[self.pos]
            self.pos += 1
            return CharSet.chars([code]), False
        self.pos += 1
        klass = self.class_escape(close_case=False)
        if klass is not None:
            return klass, True
        if self.eat("b"):
            return CharSet.chars([8]), False
        if self.unicode_mode and self.eat("-"):
            return CharSet.chars([ord("-")]), False
        if not self.unicode_mode and self.peek() == "c" and not (
            self.peek(1).isascii() and (self.peek(1).isalnum() or self.peek(1) == "_")
        ):
            return CharSet.chars([ord("\\")]), False
        return CharSet.chars([self.character_escape(in_class=True)]), False

    # -- unicode sets mode (v): every operand is closed under /i first, then the set operations apply
    def _v_fold(self, charset: CharSet) -> CharSet:
        return case_closure(charset, True) if self.scope.ignore_case else charset

    def class_set_expression(self) -> tuple[CharSet, set[tuple[int, ...]]]:
        """A ClassSetExpression up to (not including) the closing `]`: union, `&&` or `--` of operands."""
        if self.peek() == "]":
            return EMPTY, set()
        first = self.class_set_operand(allow_range=True)
        if self.peek() == "&" and self.peek(1) == "&":
            charset, strings = first
            while self.eat("&&"):
                if self.peek() == "&":
                    raise self.error("invalid set operation")
                other, other_strings = self.class_set_operand(allow_range=False)
                charset = charset & other
                strings = strings & other_strings
            if self.peek() != "]":
                raise self.error("mixed set operations need nested classes")
            return charset, strings
        if self.peek() == "-" and self.peek(1) == "-":
            charset, strings = first
            while self.eat("--"):
                other, other_strings = self.class_set_operand(allow_range=False)
                charset = charset - other
                strings = strings - other_strings
            if self.peek() != "]":
                raise self.error("mixed set operations need nested classes")
            return charset, strings
        charset, strings = first
        while self.peek() and self.peek() != "]":
            if (self.peek() == "&" and self.peek(1) == "&") or (self.peek() == "-" and self.peek(1) == "-"):
                raise self.error("mixed set operations need nested classes")
            other, other_strings = self.class_set_operand(allow_range=True)
            charset = charset | other
            strings = strings | other_strings
        return charset, strings

    def class_set_operand(self, allow_range: bool) -> tuple[CharSet, set[tuple[int, ...]]]:
        ch = self.peek()
        if ch == "[":
            self.pos += 1
            negated = self.eat("^")
            charset, strings = self.class_set_expression()
            if not self.eat("]"):
                raise self.error("unterminated nested class")
            if negated:
                if strings:
                    raise self.error("a negated class cannot hold strings")
                charset = ~charset
            return charset, strings
        if ch == "\\":
            if self.peek(1) == "q" and self.peek(2) == "{":
                self.pos += 3
                return self.class_string_disjunction()
            self.pos += 1
            saved = self.pos
            klass = self.class_escape()
            if klass is not None:
                return klass, set()
            self.pos = saved
            code = 8 if self.eat("b") else self.character_escape(in_class=True)
        else:
            if not ch:
                raise self.error("unterminated character class")
            if ch in _CLASS_SET_SYNTAX:
                raise self.error(f"{ch!r} must be escaped in a unicode sets class")
            if ch in _CLASS_SET_RESERVED_DOUBLE and self.peek(1) == ch:
                raise self.error(f"{ch}{ch} is reserved in a unicode sets class")
            code = self.text[self.pos]
            self.pos += 1
        if allow_range and self.peek() == "-" and self.peek(1) != "-":
            self.pos += 1
            hi = self.class_set_character()
            if code > hi:
                raise self.error("range out of order in character class")
            return self._v_fold(CharSet.of([(code, hi + 1)])), set()
        return self._v_fold(CharSet.chars([code])), set()

    def class_set_character(self) -> int:
        """One ClassSetCharacter (the upper end of a range), as written."""
        ch = self.peek()
        if ch == "\\":
            self.pos += 1
            return 8 if self.eat("b") else self.character_escape(in_class=True)
        if not ch or ch in _CLASS_SET_SYNTAX or (ch in _CLASS_SET_RESERVED_DOUBLE and self.peek(1) == ch):
            raise self.error("invalid class range")
        self.pos += 1
        return self.text[self.pos - 1]

    def class_string_disjunction(self) -> tuple[CharSet, set[tuple[int, ...]]]:
        strings: set[tuple[int, ...]] = set()
        singles: list[int] = []
        current: list[int] = []
        while True:
            ch = self.peek()
            if not ch:
                raise self.error("unterminated \\q{...}")
            if ch in "}|":
                self.pos += 1
                if len(current) == 1:
                    singles.append(current[0])
                else:
                    strings.add(tuple(self._fold_code(c) for c in current))
                current = []
                if ch == "}":
                    break
                continue
            if ch == "\\":
                self.pos += 1
                current.append(8 if self.eat("b") else self.character_escape(in_class=True))
                continue
            if ch in _CLASS_SET_SYNTAX or (ch in _CLASS_SET_RESERVED_DOUBLE and self.peek(1) == ch):
                raise self.error(f"{ch!r} must be escaped in \\q{{...}}")
            current.append(self.text[self.pos])
            self.pos += 1
        return self._v_fold(CharSet.chars(singles)), strings

    def _fold_code(self, code: int) -> int:
        return case_class(code, True)[0] if self.scope.ignore_case else code


def _exclusive(left: tuple[tuple[int, int], ...], right: tuple[tuple[int, int], ...]) -> bool:
    """Whether two groups lie in different branches of one alternation (so at most one of them matches)."""
    for (alt_a, branch_a), (alt_b, branch_b) in zip(left, right, strict=False):
        if alt_a != alt_b:
            return False
        if branch_a != branch_b:
            return True
    return False


def alphabet(node: Node) -> CharSet:
    """Every character the node can consume (an over-approximation is fine: used for refusals)."""
    if isinstance(node, Chars):
        return node.charset
    if isinstance(node, Seq):
        out = EMPTY
        for item in node.items:
            out = out | alphabet(item)
        return out
    if isinstance(node, Alt):
        out = EMPTY
        for branch in node.branches:
            out = out | alphabet(branch)
        return out
    if isinstance(node, (Group, Repeat)):
        return alphabet(node.body)
    if isinstance(node, BackRef):
        return ALL
    return EMPTY
