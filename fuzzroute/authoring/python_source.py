"""Add examples to the `.entry(...)` calls of a Python graph file, keeping its formatting.

The `.entry(` calls are found with `ast` (fast, and flat even for a chain
of a thousand rules); each targeted call's argument list is then edited
through libcst's concrete syntax tree, which keeps every comment, blank line
and quote as written, and spliced back at the call's exact position.  Only
the `examples=[...]` list of the targeted calls changes (or is added).
Parsing the whole file with libcst instead was measured superlinear on long
chains (a 1000-rule chain: 16 s to parse, past the default recursion limit
to print from 300 rules), which is why it only ever sees one call.

A rule is tied to its call by the call's line (the rule's recorded
location) and its literal id, so an edit can never land on the wrong rule:
when that tie cannot be made (the rule is declared in a loop or a helper,
its id or examples are computed), the edit is refused with a message that
says what to do instead.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import InputError

Whitespace = cst.BaseParenthesizableWhitespace

#: The position of `examples` among `Graph.entry`'s parameters (id, match, when, examples).
EXAMPLES_POSITION = 3


class SourceEditError(InputError):
    """The graph source cannot be edited safely for a rule; the message says what to do."""


@dataclass(frozen=True)
class CallSite:
    """One `X.entry(...)` call: the line of `entry`, its literal id, and where its arguments are."""

    line: int
    ident: object  # the literal id, or _NOT_LITERAL
    start: int  # offset just after the `entry` name
    end: int  # offset just after the closing parenthesis


_NOT_LITERAL = object()
_WRAP = "(_entry"
_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _id_literal(call: ast.Call) -> object:
    node: ast.expr | None = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None
    for keyword in call.keywords:
        if keyword.arg == "id":
            node = keyword.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return _NOT_LITERAL


class _Offsets:
    """Turns ast's (line, UTF-8 byte column) positions into offsets in the source string."""

    def __init__(self, source: str) -> None:
        # Only the line breaks Python itself counts (str.splitlines also splits on \f, \u2028, ...).
        self.lines = _LINES.findall(source)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def __call__(self, line: int, byte_column: int) -> int:
        text = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        return self.starts[line - 1] + len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace"))


def entry_calls(source: str) -> list[CallSite]:
    """Every `X.entry(...)` call of the file."""
    tree = ast.parse(source)
    offset = _Offsets(source)
    found: list[CallSite] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "entry"):
            continue
        func = node.func
        if func.end_lineno is None or func.end_col_offset is None or node.end_lineno is None:
            continue
        start = offset(func.end_lineno, func.end_col_offset)
        end = offset(node.end_lineno, node.end_col_offset or 0)
        found.append(CallSite(func.end_lineno, _id_literal(node), start, end))
    return found


def parse_call(source: str, site: CallSite) -> cst.Call:
    """The call's argument list as a libcst Call (wrapped in parentheses, so line breaks before `(` parse)."""
    expression = cst.parse_expression(_WRAP + source[site.start:site.end] + ")")
    assert isinstance(expression, cst.Call)
    return expression


def call_text(call: cst.Call, newline: str) -> str:
    text = cst.Module([], default_newline=newline).code_for_node(call)
    assert text.startswith(_WRAP) and text.endswith(")")
    return text[len(_WRAP):-1]


def quote_of(call: cst.Call) -> str:
    """The quote character the rule's examples use, else its other strings (else double quotes)."""
    found = _examples_arg(call)
    if found is not None and isinstance(found[1].value, (cst.List, cst.Tuple)):
        own = first_quote(found[1].value)
        if own is not None:
            return own
    return first_quote(call) or '"'


def first_quote(node: cst.CSTNode) -> str | None:
    strings: list[cst.SimpleString] = []

    class Strings(cst.CSTVisitor):
        def visit_SimpleString(self, node: cst.SimpleString) -> None:
            strings.append(node)

    node.visit(Strings())
    for string in strings:
        body = string.value.lstrip("rRbBuUfF")
        if body[:1] in ("'", '"') and not body.startswith(("'''", '"""')):
            return body[0]
    return None


def string_literal(phrase: str, quote: str) -> str:
    """A Python literal for `phrase` in the file's quote style (falls back to repr)."""
    text = repr(phrase)
    if text[0] != quote and quote not in phrase:
        inner = text[1:-1]
        inner = inner.replace("\\'", "'") if text[0] == "'" else inner.replace('\\"', '"')
        candidate = quote + inner.replace(quote, "\\" + quote) + quote
        try:
            if ast.literal_eval(candidate) == phrase:
                text = candidate
        except (ValueError, SyntaxError):
            pass
    return text


def _no_comment(line: cst.TrailingWhitespace) -> cst.TrailingWhitespace:
    return cst.TrailingWhitespace(newline=line.newline)


def extend_items(
    items: Sequence[Any], new: Sequence[Any], opening: Whitespace, closing: Whitespace
) -> tuple[list[Any], Whitespace]:
    """`items + new` laid out like `items` (one line, or one per line with the same indent).

    Comments stay on the line they were on: a comment after the last old item
    stays after it, comments on lines of their own before the closing bracket
    stay there and the new items go below them.  Returns the items and the new
    whitespace before the closing bracket.
    """
    last = items[-1]
    trailing = last.comma if isinstance(last.comma, cst.Comma) else None
    commas = [i.comma for i in items if isinstance(i.comma, cst.Comma)]
    layout = [opening] + [c.whitespace_after for c in commas]
    reference = next((w for w in layout if isinstance(w, cst.ParenthesizedWhitespace)), None)
    if reference is None:
        separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        tail = trailing if trailing is not None else cst.MaybeSentinel.DEFAULT
        joined = [*items[:-1], last.with_changes(comma=separator)]
        joined += [n.with_changes(comma=separator) for n in new[:-1]]
        joined.append(new[-1].with_changes(comma=tail))
        return joined, closing

    def line_break(
        first: cst.TrailingWhitespace | None = None, empty: Sequence[cst.EmptyLine] = ()
    ) -> cst.ParenthesizedWhitespace:
        return cst.ParenthesizedWhitespace(
            first_line=first or cst.TrailingWhitespace(), empty_lines=list(empty),
            indent=reference.indent, last_line=reference.last_line,
        )

    if trailing is not None and isinstance(trailing.whitespace_after, cst.ParenthesizedWhitespace):
        after = trailing.whitespace_after
        moved = line_break(after.first_line, after.empty_lines)
        kept = last.with_changes(comma=trailing.with_changes(whitespace_after=moved))
        final = cst.Comma(whitespace_after=after.with_changes(first_line=cst.TrailingWhitespace(), empty_lines=[]))
        joined = [*items[:-1], kept]
        joined += [n.with_changes(comma=cst.Comma(whitespace_after=line_break())) for n in new[:-1]]
        joined.append(new[-1].with_changes(comma=final))
        return joined, closing
    if isinstance(closing, cst.ParenthesizedWhitespace):
        first, empty = closing.first_line, closing.empty_lines
        closing = closing.with_changes(first_line=_no_comment(closing.first_line), empty_lines=[])
    else:
        first, empty = cst.TrailingWhitespace(), []
    before = trailing.whitespace_before if trailing is not None else cst.SimpleWhitespace("")
    kept = last.with_changes(comma=cst.Comma(whitespace_before=before, whitespace_after=line_break(first, empty)))
    joined = [*items[:-1], kept]
    joined += [n.with_changes(comma=cst.Comma(whitespace_after=line_break())) for n in new[:-1]]
    joined.append(new[-1].with_changes(comma=cst.Comma() if trailing is not None else cst.MaybeSentinel.DEFAULT))
    return joined, closing


def string_elements(phrases: Sequence[str], quote: str) -> list[cst.Element]:
    return [cst.Element(cst.SimpleString(string_literal(p, quote))) for p in phrases]


def extended_list(value: cst.List | cst.Tuple, phrases: Sequence[str], quote: str) -> cst.BaseExpression:
    new = string_elements(phrases, quote)
    if isinstance(value, cst.List):
        if not value.elements:
            return value.with_changes(elements=new)
        opening_ws, closing_ws = value.lbracket.whitespace_after, value.rbracket.whitespace_before
        elements, closing = extend_items(value.elements, new, opening_ws, closing_ws)
        return value.with_changes(elements=elements, rbracket=value.rbracket.with_changes(whitespace_before=closing))
    opening = value.lpar[0].whitespace_after if value.lpar else cst.SimpleWhitespace("")
    closing_ws = value.rpar[0].whitespace_before if value.rpar else cst.SimpleWhitespace("")
    elements, closing = extend_items(value.elements, new, opening, closing_ws)
    if len(value.elements) == 1 and not isinstance(opening, cst.ParenthesizedWhitespace):
        elements[-1] = elements[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)  # ("a",) becomes ("a", "b")
    rpar = [value.rpar[0].with_changes(whitespace_before=closing), *value.rpar[1:]] if value.rpar else value.rpar
    return value.with_changes(elements=elements, rpar=rpar)


def _examples_arg(call: cst.Call) -> tuple[int, cst.Arg] | None:
    for position, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == "examples":
            return position, arg
        if arg.keyword is None and arg.star == "" and position == EXAMPLES_POSITION:
            return position, arg
    return None


def refuse(
    path: Path, entry: Entry, line: int | None, why: str, fix: str, doing: str = "add examples to"
) -> SourceEditError:
    at = f"{path}:{line}" if line is not None else str(path)
    return SourceEditError(f'{at}: cannot {doing} rule "{entry.id}" (rule #{entry.index + 1}): {why}. {fix}')


def call_with_examples(path: Path, entry: Entry, site: CallSite, call: cst.Call, phrases: Sequence[str]) -> cst.Call:
    if any(arg.star for arg in call.args):
        raise refuse(
            path, entry, site.line, "its `.entry(` call passes arguments with * or **, so its examples may be computed",
            "Spell the arguments out in the call, or add the examples by hand.",
        )
    quote = quote_of(call)
    found = _examples_arg(call)
    if found is not None:
        position, arg = found
        value = arg.value
        if isinstance(value, cst.Name) and value.value == "None":
            new_value: cst.BaseExpression = cst.List(string_elements(phrases, quote))
        elif isinstance(value, (cst.List, cst.Tuple)) and value.elements:
            new_value = extended_list(value, phrases, quote)
        else:
            shown = cst.Module([]).code_for_node(value)
            raise refuse(
                path, entry, site.line,
                f"its examples are not a literal list (`examples={shown}`), so an edit could not tell where they "
                "come from",
                "Write them as a literal list in the `.entry(` call, or add these phrases where the list is built: "
                + ", ".join(repr(p) for p in phrases) + ".",
            )
        args = list(call.args)
        args[position] = arg.with_changes(value=new_value)
        return call.with_changes(args=args)
    new_arg = cst.Arg(
        keyword=cst.Name("examples"), value=cst.List(string_elements(phrases, quote)),
        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
    )
    old = list(call.args)
    closing = old[-1].whitespace_after_arg
    args, closing = extend_items(
        [*old[:-1], old[-1].with_changes(whitespace_after_arg=cst.SimpleWhitespace(""))], [new_arg],
        call.whitespace_before_args, closing,
    )
    args[-1] = args[-1].with_changes(whitespace_after_arg=closing)
    return call.with_changes(args=args)


def site_of(
    path: Path, entry: Entry, sites: list[CallSite], entries: Sequence[Entry], doing: str = "add examples to"
) -> CallSite:
    """The one `.entry(` call that declares `entry` (refused, saying why, when no single call does)."""
    by_hand = "add the examples by hand" if doing == "add examples to" else "make the change by hand"
    command = "suggest" if doing == "add examples to" else "fix"
    location = entry.location
    if location is None or Path(location.file).resolve() != path.resolve():
        where = "an unknown place" if location is None else str(location)
        raise refuse(
            path, entry, None, f"the rule is declared in {where}, not in this file",
            f"Run `fuzzroute {command}` on the file that declares it, or {by_hand}.", doing,
        )
    sharing = [e for e in entries if e.location == location]
    same_line = [s for s in sites if s.line == location.line]
    if len(same_line) < len(sharing):
        names = ", ".join(f'"{e.id}"' for e in sharing)
        raise refuse(
            path, entry, location.line,
            f"{len(same_line) or 'no'} `.entry(` call(s) on this line declare {len(sharing)} rules ({names}): the "
            f"graph is built in a loop or a helper function, so no edit of a call can {doing} just this rule",
            "Declare the rule with its own `.entry(...)` call, pick other rules with --rule, "
            "or add the examples where the loop gets its data." if doing == "add examples to" else
            f"Declare the rule with its own `.entry(...)` call, or {by_hand} where the loop gets its data.",
            doing,
        )
    candidates = [s for s in same_line if s.ident == entry.id]
    if len(candidates) != 1 or sum(e.id == entry.id for e in sharing) != 1:
        why = (
            "no `.entry(` call with this literal id is on its line (the id may be computed)"
            if not candidates
            else "several `.entry(` calls with this id are on its line"
        )
        raise refuse(
            path, entry, location.line, why,
            "Declare the rule as `.entry(\"" + entry.id + f"\", ...)` on its own line, or {by_hand}.", doing,
        )
    return candidates[0]


def add_examples(path: Path, source: str, entries: Sequence[Entry], additions: Mapping[int, Sequence[str]]) -> str:
    """The source with `additions[i]` appended to the examples of entry `i`'s `.entry(` call."""
    try:
        sites = entry_calls(source)
    except SyntaxError as exc:
        raise SourceEditError(f"{path}:{exc.lineno}: cannot be parsed ({exc.msg}); it was left untouched.") from None
    edits: dict[int, tuple[CallSite, str]] = {}
    for index, phrases in additions.items():
        if not phrases:
            continue
        entry = entries[index]
        site = site_of(path, entry, sites, entries)
        if site.start in edits:
            raise refuse(
                path, entry, site.line, "another rule is declared by the same call", "Add the examples by hand."
            )
        try:
            call = parse_call(source, site)
        except cst.ParserSyntaxError as exc:
            raise refuse(
                path, entry, site.line, f"libcst cannot parse its call ({exc.message})", "Add the examples by hand."
            ) from None
        newline = "\r\n" if "\r\n" in source else "\n"
        edits[site.start] = (site, call_text(call_with_examples(path, entry, site, call, phrases), newline))
    out = source
    for site, text in sorted(edits.values(), key=lambda item: item[0].start, reverse=True):
        out = out[:site.start] + text + out[site.end:]
    return out
