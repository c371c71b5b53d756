"""Read a compiled regex as a tree, rewrite it for generation, and write it back.

Generation works on the parse tree `re` itself builds, so a phrase generator
sees exactly the pattern Python will run.  Two rewrites matter:

* `unparse` writes a (possibly edited) tree back as pattern text with the same
  behaviour, so a rewritten tree can be handed to exrex or hypothesis.
* `generation_tree` turns the tree into a *finite, readable* one: anchors and
  negative lookarounds (which exrex ignores and hypothesis turns into
  filters) are dropped, positive lookarounds are written out as text, each
  character class becomes a choice of a few readable characters, and each
  class repeat such as `\\w+` or `.*` becomes a choice of whole words.  The
  result over-approximates nothing on purpose: every phrase it yields is
  verified against the ORIGINAL pattern before anyone calls it a witness.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fuzzroute.engine import regex_syntax

_parser: Any = regex_syntax.parser
_c: Any = regex_syntax.constants

Node = tuple[Any, Any]
Tree = list[Node]

MAXREPEAT: int = int(_c.MAXREPEAT)

#: The characters a generated phrase prefers, most readable first.
READABLE_CHARS = (
    "etaoinsrhldcumfpgwybvkxjqz"
    "0123456789"
    " "
    "ETAOINSRHLDCUMFPGWYBVKXJQZ"
    ".,!?'-_/:@#&()+=*\"$%;<>[]{}|~^`\\"
    "\t\néüñ"
)

CLASS_OPS = frozenset({_c.IN, _c.ANY, _c.NOT_LITERAL, _c.CATEGORY})
REPEAT_OPS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT})

_CATEGORY_TEXT = {
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_WORD: r"\w",
    _c.CATEGORY_NOT_WORD: r"\W",
}
_AT_TEXT = {
    _c.AT_BEGINNING: "^",
    _c.AT_BEGINNING_STRING: r"\A",
    _c.AT_END: "$",
    _c.AT_END_STRING: r"\Z",
    _c.AT_BOUNDARY: r"\b",
    _c.AT_NON_BOUNDARY: r"\B",
}
_FLAG_TEXT = (
    (re.IGNORECASE, "i"),
    (re.MULTILINE, "m"),
    (re.DOTALL, "s"),
    (re.ASCII, "a"),
)
GLOBAL_FLAGS = re.IGNORECASE | re.MULTILINE | re.DOTALL | re.ASCII


class UnsupportedRegex(ValueError):
    """A construct this module cannot write back; the caller falls back to other generators."""


def parse(pattern: re.Pattern[str]) -> Tree:
    """The parse tree of a compiled pattern, as `re` builds it (flags included).

    Several generators read the same rule's tree, so parses are cached; the
    nodes are shared and must be treated as read-only (rewrites build new trees).
    """
    return list(_parse_cached(pattern.pattern, pattern.flags))


@lru_cache(maxsize=4096)
def _parse_cached(source: str, flags: int) -> tuple[Node, ...]:
    return tuple(_parser.parse(source, flags))


def flag_prefix(flags: int) -> str:
    """The inline-flag group carrying the global flags that survive a rewrite."""
    letters = "".join(letter for flag, letter in _FLAG_TEXT if flags & flag)
    return f"(?{letters})" if letters else ""


def _escape_char(code: int) -> str:
    return re.escape(chr(code))


def _class_char(code: int) -> str:
    char = chr(code)
    if char.isalnum() or char == "_":
        return char
    if code < 32 or code == 127:
        return f"\\x{code:02x}"
    return "\\" + char


def _class_item(op: Any, av: Any) -> str:
    if op is _c.LITERAL:
        return _class_char(av)
    if op is _c.RANGE:
        return f"{_class_char(av[0])}-{_class_char(av[1])}"
    if op is _c.CATEGORY:
        return _CATEGORY_TEXT[av]
    if op is _c.NEGATE:
        return ""
    raise UnsupportedRegex(f"class item {op}")


def _flags_text(add: int, remove: int) -> str:
    plus = "".join(letter for flag, letter in _FLAG_TEXT if add & flag)
    minus = "".join(letter for flag, letter in _FLAG_TEXT if remove & flag)
    return plus + ("-" + minus if minus else "")


def _quantifier(low: int, high: int) -> str:
    if low == 0 and high == MAXREPEAT:
        return "*"
    if low == 1 and high == MAXREPEAT:
        return "+"
    if low == 0 and high == 1:
        return "?"
    if high == MAXREPEAT:
        return f"{{{low},}}"
    if low == high:
        return f"{{{low}}}"
    return f"{{{low},{high}}}"


def unparse(tree: Sequence[Node]) -> str:
    """Pattern text for a tree (without the global flags: see `flag_prefix`)."""
    return "".join(_unparse_node(op, av) for op, av in tree)


def _unparse_node(op: Any, av: Any) -> str:
    if op is _c.LITERAL:
        return _escape_char(av)
    if op is _c.NOT_LITERAL:
        return f"[^{_class_char(av)}]"
    if op is _c.ANY:
        return "."
    if op is _c.IN:
        negate = "^" if av and av[0][0] is _c.NEGATE else ""
        return "[" + negate + "".join(_class_item(o, a) for o, a in av) + "]"
    if op is _c.CATEGORY:
        return _CATEGORY_TEXT[av]
    if op is _c.BRANCH:
        return "(?:" + "|".join(unparse(alt) for alt in av[1]) + ")"
    if op is _c.SUBPATTERN:
        group, add, remove, body = av
        inner = unparse(body)
        if add or remove:
            inner = f"(?{_flags_text(add, remove)}:{inner})"
        return f"({inner})" if group else f"(?:{inner})"
    if op in REPEAT_OPS:
        low, high, body = av
        lazy = "?" if op is _c.MIN_REPEAT else "+" if op is _c.POSSESSIVE_REPEAT else ""
        return f"(?:{unparse(body)}){_quantifier(low, high)}{lazy}"
    if op is _c.AT:
        if av not in _AT_TEXT:
            raise UnsupportedRegex(f"anchor {av}")
        return _AT_TEXT[av]
    if op is _c.ASSERT or op is _c.ASSERT_NOT:
        direction, body = av
        behind = "<" if direction < 0 else ""
        sign = "=" if op is _c.ASSERT else "!"
        return f"(?{behind}{sign}{unparse(body)})"
    if op is _c.GROUPREF:
        return f"(?:\\{av})"
    if op is _c.GROUPREF_EXISTS:
        group, yes, no = av
        return f"(?({group}){unparse(yes)}" + ("" if no is None else "|" + unparse(no)) + ")"
    if op is _c.ATOMIC_GROUP:
        return f"(?>{unparse(av)})"
    if op is _c.FAILURE:
        return "(?!)"
    raise UnsupportedRegex(f"opcode {op}")


def compile_tree(tree: Sequence[Node], flags: int) -> re.Pattern[str]:
    """Compile a (rewritten) tree with the original pattern's global flags."""
    return re.compile(flag_prefix(flags & GLOBAL_FLAGS) + unparse(tree))


def walk(tree: Sequence[Node]) -> Iterator[Node]:
    """Every node of a tree, depth first, parents before children."""
    for op, av in tree:
        yield op, av
        yield from walk(list(children(op, av)))


def children(op: Any, av: Any) -> Iterator[Node]:
    if op is _c.BRANCH:
        for alt in av[1]:
            yield from alt
    elif op is _c.SUBPATTERN:
        yield from av[3]
    elif op in REPEAT_OPS:
        yield from av[2]
    elif op is _c.ASSERT or op is _c.ASSERT_NOT:
        yield from av[1]
    elif op is _c.ATOMIC_GROUP:
        yield from av
    elif op is _c.GROUPREF_EXISTS:
        yield from av[1]
        if av[2] is not None:
            yield from av[2]


def is_class_repeat(op: Any, av: Any) -> bool:
    """A repeat of one character class: a free slot such as `\\w+`, `.*` or `[a-z]{2,5}`."""
    return op in REPEAT_OPS and len(av[2]) == 1 and av[2][0][0] in CLASS_OPS


def unbounded_repeats(tree: Sequence[Node]) -> list[Node]:
    """The repeats with no upper bound, outermost first (where backtracking can explode)."""
    return [(op, av) for op, av in walk(tree) if op in REPEAT_OPS and av[1] == MAXREPEAT]


def literal_runs(tree: Sequence[Node]) -> list[str]:
    """The literal text a pattern spells out, one run per uninterrupted sequence.

    `where is my (order|package)` gives "where is my ", "order" and "package";
    these are the magic values other rules' free slots are filled with.
    """
    runs: list[str] = []

    def visit(seq: Sequence[Node]) -> None:
        current: list[str] = []
        for op, av in seq:
            if op is _c.LITERAL:
                current.append(chr(av))
                continue
            if current:
                runs.append("".join(current))
                current = []
            if op is not _c.AT:
                for child in _child_sequences(op, av):
                    visit(child)
        if current:
            runs.append("".join(current))

    visit(tree)
    return runs


def _child_sequences(op: Any, av: Any) -> list[Sequence[Node]]:
    if op is _c.BRANCH:
        return list(av[1])
    if op is _c.SUBPATTERN:
        return [av[3]]
    if op in REPEAT_OPS:
        return [av[2]]
    if op is _c.ASSERT:
        return [av[1]]
    if op is _c.ATOMIC_GROUP:
        return [av]
    if op is _c.GROUPREF_EXISTS:
        return [av[1]] + ([av[2]] if av[2] is not None else [])
    return []


def anchored(tree: Sequence[Node], flags: int) -> tuple[bool, bool]:
    """Whether the pattern pins its start and its end, so framing words would break it."""
    starts = {_c.AT_BEGINNING_STRING} | (set() if flags & re.MULTILINE else {_c.AT_BEGINNING})
    ends = {_c.AT_END_STRING} | (set() if flags & re.MULTILINE else {_c.AT_END})
    head = bool(tree) and tree[0][0] is _c.AT and tree[0][1] in starts
    tail = bool(tree) and tree[-1][0] is _c.AT and tree[-1][1] in ends
    return head, tail


@dataclass(frozen=True)
class Slots:
    """How `generation_tree` fills the free parts of a pattern.

    `chars(node)` lists the readable characters a single class may become;
    `words(node)` the texts a class repeat may become (already verified to
    fill that repeat).  Either may return an empty list, in which case the
    repeat is spelled out character by character with a small count.
    """

    chars: Callable[[Node], list[str]]
    words: Callable[[Node], list[str]]
    extra_repeats: int = 2


def literal_sequence(text: str) -> Tree:
    return [(_c.LITERAL, ord(ch)) for ch in text]


def choice_of(texts: Sequence[str]) -> Tree:
    """A tree that matches exactly one of `texts` (an empty text is allowed).

    Trees are read, never edited, so equal choices share one (cached) tree.
    """
    return list(_choice(tuple(texts)))


@lru_cache(maxsize=4096)
def _choice(texts: tuple[str, ...]) -> tuple[Node, ...]:
    if len(texts) == 1:
        return tuple(literal_sequence(texts[0]))
    return ((_c.BRANCH, (None, [literal_sequence(t) for t in texts])),)


def generation_tree(tree: Sequence[Node], slots: Slots) -> Tree:
    """A finite, readable rewrite of `tree` for exrex, hypothesis and the seeded walker."""
    out: Tree = []
    for op, av in tree:
        if op is _c.AT or op is _c.ASSERT_NOT:
            continue
        if op is _c.ASSERT:
            out.append((_c.SUBPATTERN, (None, 0, 0, generation_tree(av[1], slots))))
        elif op in CLASS_OPS:
            chars = slots.chars((op, av))
            out.extend(choice_of(chars) if chars else [(op, av)])
        elif is_class_repeat(op, av):
            words = slots.words((op, av))
            if words:
                out.append((_c.SUBPATTERN, (None, 0, 0, choice_of(words))))
            else:
                low, high, body = av
                chars = slots.chars(body[0])
                inner = choice_of(chars) if chars else list(body)
                top = min(high, low + slots.extra_repeats)
                out.append((_c.MAX_REPEAT, (low, max(top, low), inner)))
        elif op in REPEAT_OPS:
            low, high, body = av
            top = min(high, low + slots.extra_repeats)
            out.append((_c.MAX_REPEAT, (low, max(top, low), generation_tree(body, slots))))
        elif op is _c.BRANCH:
            out.append((_c.BRANCH, (av[0], [generation_tree(alt, slots) for alt in av[1]])))
        elif op is _c.SUBPATTERN:
            group, add, remove, body = av
            out.append((_c.SUBPATTERN, (group, add, remove, generation_tree(body, slots))))
        elif op is _c.ATOMIC_GROUP:
            out.append((_c.SUBPATTERN, (None, 0, 0, generation_tree(av, slots))))
        elif op is _c.GROUPREF_EXISTS:
            group, yes, no = av
            rewritten_no = None if no is None else generation_tree(no, slots)
            out.append((_c.GROUPREF_EXISTS, (group, generation_tree(yes, slots), rewritten_no)))
        else:
            out.append((op, av))
    return out


def class_matcher(node: Node, flags: int) -> re.Pattern[str]:
    """A full-match test for one class (or class repeat) node under the pattern's flags."""
    return re.compile(flag_prefix(flags & GLOBAL_FLAGS) + "(?:" + unparse([node]) + ")")


def readable_chars(node: Node, flags: int, limit: int = 4) -> list[str]:
    """Up to `limit` readable characters one class accepts, most readable first."""
    test = class_matcher(node, flags)
    return [ch for ch in READABLE_CHARS if test.fullmatch(ch)][:limit]


def is_op(node: Node, name: str) -> bool:
    """True when a node's opcode is the named `re` opcode (for callers without the constants)."""
    return bool(node[0] is getattr(_c, name))


#: Lengths are counted up to this (a repeat of a repeat multiplies; the count must not grow without bound).
LENGTH_CAP = 10**9


def length_range(tree: Sequence[Node]) -> tuple[int, int]:
    """The shortest and longest text `tree` generates (each at most `LENGTH_CAP`).

    Counted as the generators write text: a positive lookaround is written out
    as consumed text, a backreference may repeat anything.  Computed from the
    tree alone, before anything is generated, so that a pattern like
    `((((a{100}){100}){100}){100})` (one text of 10^8 characters) is never
    handed to exrex, the walker or hypothesis.
    """
    low = high = 0
    for op, av in tree:
        if op is _c.LITERAL or op in CLASS_OPS:
            step = (1, 1)
        elif op is _c.BRANCH:
            ranges = [length_range(alternative) for alternative in av[1]]
            step = (min(r[0] for r in ranges), max(r[1] for r in ranges))
        elif op in REPEAT_OPS:
            inner = length_range(av[2])
            top = LENGTH_CAP if av[1] == MAXREPEAT else av[1] * inner[1]
            step = (av[0] * inner[0], top)
        elif op is _c.SUBPATTERN:
            step = length_range(av[3])
        elif op is _c.ASSERT:
            step = length_range(av[1])
        elif op is _c.ATOMIC_GROUP:
            step = length_range(av)
        elif op is _c.GROUPREF:
            step = (0, LENGTH_CAP)
        elif op is _c.GROUPREF_EXISTS:
            ranges = [length_range(av[1]), length_range(av[2] or [])]
            step = (min(r[0] for r in ranges), max(r[1] for r in ranges))
        else:
            step = (0, 0)
        low, high = min(LENGTH_CAP, low + step[0]), min(LENGTH_CAP, high + step[1])
    return low, high
