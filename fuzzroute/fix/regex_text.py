"""A regex's source read as text an edit can touch: its literal runs, its alternatives, its classes.

`fuzzroute fix` never rewrites a pattern; it changes a few characters of
it, where the author wrote the word a fix is about: `s?` after the literal
`table`, `['’]` for an apostrophe, `(?:the )?` around an article, a branch
of `(book|reserve)` taken out, a `\\b` before a word.  So the source is read
as a flat list of tokens with their spans (an escape, a class, a group's
parentheses, a bar, a quantifier, a literal character), the same reading for
Python's and JavaScript's syntax where these edits touch them.

Nothing here decides what an edit does to the messages: every regex built
from these pieces is translated into automata and proved by the decided
tier before it is offered, so a token read wrongly costs a candidate, never
a wrong fix.  A verbose (`x`) regex is not read (its spaces are not text).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Escapes that stand for one literal character (the letter after the backslash is not itself).
_CHAR_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v"}
#: Escapes that are classes or assertions, never literal text.
_SPECIAL_ESCAPES = frozenset("bBdDwWsSAZzGpPkcu x0123456789")
_QUANTIFIER = re.compile(r"[*+?]|\{\d+(?:,\d*)?\}")
_REGEX_SPECIALS = frozenset("\\.^$|?*+()[]{}/")
_WORD = re.compile(r"\w")


@dataclass(frozen=True)
class Token:
    """One piece of a regex source: `kind` is literal, class, open, close, bar, quantifier, escape or special."""

    kind: str
    start: int
    end: int
    #: The character a literal token stands for.
    char: str = ""


@dataclass(frozen=True)
class Run:
    """Consecutive literal characters (none of them repeated by a quantifier): text an author wrote."""

    tokens: tuple[Token, ...]

    @property
    def text(self) -> str:
        return "".join(t.char for t in self.tokens)


def tokens(source: str) -> list[Token] | None:
    """The source as tokens, or None when it cannot be read as plain regex text."""
    found: list[Token] = []
    at = 0
    while at < len(source):
        ch = source[at]
        if ch == "\\":
            if at + 1 >= len(source):
                return None
            nxt = source[at + 1]
            if nxt in _CHAR_ESCAPES:
                found.append(Token("literal", at, at + 2, _CHAR_ESCAPES[nxt]))
            elif nxt == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", source[at + 2:at + 4]):
                found.append(Token("literal", at, at + 4, chr(int(source[at + 2:at + 4], 16))))
                at += 4
                continue
            elif nxt.isalnum() or nxt in _SPECIAL_ESCAPES:
                end = at + 2
                if nxt in "pPk" and source[end:end + 1] in ("{", "<"):
                    close = source.find("}" if source[end] == "{" else ">", end)
                    if close < 0:
                        return None
                    end = close + 1
                elif nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", source[at + 2:at + 6]):
                    found.append(Token("literal", at, at + 6, chr(int(source[at + 2:at + 6], 16))))
                    at += 6
                    continue
                found.append(Token("escape", at, end))
                at = end
                continue
            else:
                found.append(Token("literal", at, at + 2, nxt))
            at += 2
            continue
        if ch == "[":
            closing = _class_end(source, at)
            if closing is None:
                return None
            found.append(Token("class", at, closing))
            at = closing
            continue
        if ch == "(":
            end = at + 1
            if source.startswith("?", end):
                group = re.match(r"\?(?:[:=!>|]|<[=!]|P?<[A-Za-z_]\w*>|[aiLmsux-]+(?::|\)))", source[end:])
                if group is None:
                    return None
                end += group.end()
                if source[end - 1] == ")":  # a global flag group, `(?i)`
                    found.append(Token("special", at, end))
                    at = end
                    continue
            found.append(Token("open", at, end))
            at = end
            continue
        if ch == ")":
            found.append(Token("close", at, at + 1))
        elif ch == "|":
            found.append(Token("bar", at, at + 1))
        elif ch in "*+?{":
            quantifier = _QUANTIFIER.match(source, at)
            if quantifier is None:
                if ch == "{":
                    found.append(Token("literal", at, at + 1, ch))
                    at += 1
                    continue
                return None
            end = quantifier.end()
            if source[end:end + 1] in ("?", "+"):
                end += 1
            found.append(Token("quantifier", at, end))
            at = end
            continue
        elif ch in ".^$":
            found.append(Token("special", at, at + 1))
        else:
            found.append(Token("literal", at, at + 1, ch))
        at += 1
    return found


def _class_end(source: str, at: int) -> int | None:
    """Where the class opening at `at` closes (just past its `]`)."""
    k = at + 1
    if source.startswith("^", k):
        k += 1
    if source.startswith("]", k):
        k += 1
    while k < len(source):
        if source[k] == "\\":
            k += 2
            continue
        if source[k] == "]":
            return k + 1
        k += 1
    return None


def runs(found: Sequence[Token]) -> list[Run]:
    """The literal runs of the tokens: a literal followed by a quantifier belongs to none."""
    out: list[Run] = []
    current: list[Token] = []
    for position, token in enumerate(found):
        repeated = position + 1 < len(found) and found[position + 1].kind == "quantifier"
        if token.kind == "literal" and not repeated:
            current.append(token)
            continue
        if current:
            out.append(Run(tuple(current)))
        current = []
    if current:
        out.append(Run(tuple(current)))
    return out


@dataclass(frozen=True)
class Place:
    """Where a word is written in a regex: the run and the characters of it (`first` to `last`, exclusive)."""

    run: Run
    first: int
    last: int

    @property
    def start(self) -> int:
        """The source offset of the word's first character."""
        return self.run.tokens[self.first].start if self.first < len(self.run.tokens) else self.run.tokens[-1].end

    @property
    def end(self) -> int:
        """The source offset just past the word's last character."""
        return self.run.tokens[self.last - 1].end if self.last > 0 else self.run.tokens[0].start

    @property
    def text(self) -> str:
        return self.run.text[self.first:self.last]


def places(source: str, word: str, *, ignore_case: bool) -> list[Place]:
    """Every place the literal `word` is written whole in the source (not inside a longer word of its run)."""
    found = tokens(source)
    if found is None or not word:
        return []
    out: list[Place] = []
    for run in runs(found):
        text = run.text.lower() if ignore_case else run.text
        target = word.lower() if ignore_case else word
        start = text.find(target)
        while start >= 0:
            end = start + len(target)
            before = text[start - 1:start]
            after = text[end:end + 1]
            edges = not (_WORD.match(before) and _WORD.match(target[0])) and not (
                _WORD.match(after) and _WORD.match(target[-1])
            )
            if edges:
                out.append(Place(run, start, end))
            start = text.find(target, start + 1)
    return out


def escaped(text: str) -> str:
    """`text` as regex source matching exactly it, escaping only what both dialects need escaped."""
    return "".join("\\" + ch if ch in _REGEX_SPECIALS else ch for ch in text)


def _class_of(chars: Sequence[str]) -> str:
    ordered = sorted(chars, key=lambda c: (c != "-", c))
    body = "".join("\\" + c if c in "\\]^" else c for c in ordered)
    return f"[{body}]"


def choice(forms: Sequence[str]) -> str:
    """The smallest regex matching exactly `forms`: `s?`, `[sz]`, `['’]`, `(?:a|the)`, `(?:the )?`."""
    distinct = list(dict.fromkeys(forms))
    optional = "" in distinct
    rest = [f for f in distinct if f]
    if not rest:
        return ""
    if all(len(f) == 1 for f in rest):
        body = escaped(rest[0]) if len(rest) == 1 else _class_of(rest)
    else:
        body = "(?:" + "|".join(escaped(f) for f in rest) + ")"
        if len(rest) == 1 and optional:
            return body + "?"
    return body + ("?" if optional else "")


def common_ends(forms: Sequence[str], prefix: int | None = None) -> tuple[int, int]:
    """The length of the prefix all `forms` share (or the `prefix` given), and of the suffix they share beyond it."""
    if prefix is None:
        prefix = len(forms[0])
        for form in forms[1:]:
            k = 0
            while k < min(prefix, len(form)) and form[k] == forms[0][k]:
                k += 1
            prefix = k
    suffix = min(len(f) for f in forms) - prefix
    for form in forms[1:]:
        k = 0
        while k < suffix and form[len(form) - 1 - k] == forms[0][len(forms[0]) - 1 - k]:
            k += 1
        suffix = k
    return prefix, suffix


def _boundary(form: str, at: int) -> bool:
    """Whether `at` falls between words of `form` (an apostrophe is part of a word)."""
    left, right = form[at - 1:at], form[at:at + 1]
    return not (_word_char(left) and _word_char(right))


def _word_char(ch: str) -> bool:
    return bool(ch) and (ch.isalnum() or ch in "_'\u2019")


def readable_ends(forms: Sequence[str]) -> tuple[int, int]:
    """`common_ends`, kept only where the forms' middles read well; else cut back to whole words.

    Single characters (`s?`, `[sz]`, `['’]`, `[- ]?`) and an ending added to
    the whole word (`refund(?:s|ed)?`) stay; anything else becomes a choice
    of whole words (`(?:can't|cannot|can not)`), never `ca(?:n't|nnot)`.
    """
    prefix, suffix = common_ends(forms)
    middles = [f[prefix:len(f) - suffix] for f in forms]
    if all(len(m) <= 1 for m in middles):
        return prefix, suffix
    if suffix == 0 and not middles[0] and _boundary(forms[0], prefix):
        return prefix, suffix  # an ending added to the whole word
    while prefix > 0 and not all(_boundary(f, prefix) for f in forms):
        prefix -= 1
    _prefix, suffix = common_ends(forms, prefix)  # a shorter prefix may leave a longer shared suffix
    while suffix > 0 and not all(_boundary(f, len(f) - suffix) for f in forms):
        suffix -= 1
    return prefix, suffix


def widened(source: str, place: Place, forms: Sequence[str]) -> str:
    """The source with the word at `place` made to match any of `forms` (the word itself is `forms[0]`).

    Only the characters the forms differ in change (`readable_ends`): the
    shared prefix and suffix stay as written, so `table` with `tables`
    becomes `tables?` and `color` with `colour` becomes `colou?r`.
    """
    prefix, suffix = readable_ends(forms)
    middles = [f[prefix:len(f) - suffix] for f in forms]
    first = place.first + prefix
    last = place.last - suffix
    run = place.run.tokens
    start = run[first].start if first < len(run) else run[-1].end
    end = run[last - 1].end if last > first else start
    return source[:start] + choice(middles) + source[end:]


def substituted(source: str, place: Place, form: str) -> str:
    """The source with the word at `place` replaced by the literal `form` (the allowed set's regex)."""
    return source[:place.start] + escaped(form) + source[place.end:]


def alternatives(source: str) -> list[tuple[int, int]]:
    """The spans to cut to take one alternative out: a branch with the bar after it (the last: the bar before it)."""
    found = tokens(source)
    if found is None:
        return []
    spans: list[tuple[int, int]] = []

    def cut(bars: list[Token], start: int, end: int) -> None:
        if not bars:
            return
        edges = [(start, bars[0].start)]
        edges += [(bars[k].end, bars[k + 1].start) for k in range(len(bars) - 1)]
        edges.append((bars[-1].end, end))
        for k, (left, right) in enumerate(edges):
            spans.append((left, bars[k].end) if k < len(bars) else (bars[-1].start, right))

    stack: list[tuple[int, list[Token]]] = [(0, [])]
    for token in found:
        if token.kind == "open":
            stack.append((token.end, []))
        elif token.kind == "close" and len(stack) > 1:
            start, bars = stack.pop()
            cut(bars, start, token.start)
        elif token.kind == "bar":
            stack[-1][1].append(token)
    cut(stack[0][1], 0, len(source))
    return spans


def class_spans(source: str) -> list[tuple[int, int]]:
    found = tokens(source)
    return [] if found is None else [(t.start, t.end) for t in found if t.kind == "class"]


def word_edges(source: str) -> list[tuple[int, str]]:
    """Offsets where a `\\b` could go: before or after a literal run that starts or ends with a word character."""
    found = tokens(source)
    if found is None:
        return []
    out: list[tuple[int, str]] = []
    for run in runs(found):
        text = run.text
        first, last = run.tokens[0], run.tokens[-1]
        before = source[max(0, first.start - 2):first.start]
        after = source[last.end:last.end + 2]
        if _WORD.match(text[0]) and before != "\\b":
            out.append((first.start, "before"))
        if _WORD.match(text[-1]) and after != "\\b":
            out.append((last.end, "after"))
    return out
