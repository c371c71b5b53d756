"""Edit the rules of a Python graph file: a regex rewritten or flagged, keywords added or removed, rules moved.

The `.entry(...)` calls are found as `python_source` finds them (each rule
tied to its call by line and literal id); a call's matcher is edited through
libcst, which keeps comments, quotes and layout, and the call is spliced
back.  The matcher must be written in the call: `re.compile("...", flags)`,
`js_regex("...", "flags")`, `keywords(...)` (strings or one list) and
`all_of(...)` of those; a matcher held in a variable or built by a function
is refused (an edit could not tell where it comes from).  A flag is added
the way the call already writes flags (`re.I` after `|`, or a new `re.I`
argument).  A rule is moved by moving its `.entry(...)` text and the
comment lines above it (`reorder`).

Every edit is proved by the caller: the new text is loaded again and must
declare exactly the graph the edits give in memory.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import libcst as cst

from fuzzroute.authoring.python_source import (
    CallSite,
    SourceEditError,
    call_text,
    call_with_examples,
    entry_calls,
    extend_items,
    extended_list,
    first_quote,
    parse_call,
    refuse,
    site_of,
    string_elements,
    string_literal,
)
from fuzzroute.authoring.reorder import permuted, with_comments
from fuzzroute.authoring.rule_edits import (
    AddExamples,
    AddKeywords,
    MoveRule,
    RemoveKeyword,
    RuleEdit,
    SetRegex,
    leaves,
    order_after,
)
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import Regex

#: The position of `match` among `Graph.entry`'s parameters (id, match, when, examples).
MATCH_POSITION = 1
DOING = "edit"
#: The `re` flag names, short and long, per flag letter.
_FLAG_NAMES = {"i": ("I", "IGNORECASE"), "m": ("M", "MULTILINE"), "s": ("S", "DOTALL"), "x": ("X", "VERBOSE"),
               "a": ("A", "ASCII")}
_REGEX_CALLS = ("compile", "js_regex")


def _name(node: cst.BaseExpression) -> tuple[str | None, str | None]:
    """`(module, name)` of a call's callee: `("re", "compile")`, `(None, "keywords")`."""
    if isinstance(node, cst.Name):
        return None, node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        return node.value.value, node.attr.value
    if isinstance(node, cst.Attribute):
        return "", node.attr.value
    return None, None


def _match_arg(call: cst.Call) -> tuple[int, cst.Arg] | None:
    for position, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == "match":
            return position, arg
        if arg.keyword is None and arg.star == "" and position == MATCH_POSITION:
            return position, arg
    return None


def _leaf_calls(node: cst.BaseExpression) -> list[cst.Call] | None:
    """The matcher calls of a `match` value, flattened as `all_of` flattens them (None: not all literal)."""
    if not isinstance(node, cst.Call):
        return None
    _module, name = _name(node.func)
    if name == "all_of":
        members: list[cst.BaseExpression] = [a.value for a in node.args if not a.star]
        if len(node.args) == 1 and isinstance(node.args[0].value, (cst.List, cst.Tuple)):
            members = [e.value for e in node.args[0].value.elements if isinstance(e, cst.Element)]
        found: list[cst.Call] = []
        for member in members:
            inner = _leaf_calls(member)
            if inner is None:
                return None
            found.extend(inner)
        return found
    if name == "keywords" or name in _REGEX_CALLS:
        return [node]
    return None


def _literal(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = ast.literal_eval(node.value)
        return value if isinstance(value, str) else None
    return None


def regex_literal(source: str, like: cst.SimpleString) -> str:
    """`source` as a string literal written like `like` (raw stays raw when it can, same quotes)."""
    token = like.value
    prefix = token[: len(token) - len(token.lstrip("rRuU"))]
    body = token[len(prefix):]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[:1]
    if "r" in prefix.lower():
        candidate = f"{prefix}{quote}{source}{quote}"
        try:
            if ast.literal_eval(candidate) == source:
                return candidate
        except (SyntaxError, ValueError):
            pass
    return string_literal(source, quote[:1])


class _Editor:
    """Edits one rule's `.entry(` call (its matcher's leaves, then its examples)."""

    def __init__(self, path: Path, entry: Entry, site: CallSite) -> None:
        self.path = path
        self.entry = entry
        self.site = site

    def refuse(self, why: str, fix: str = "Make the change by hand.") -> SourceEditError:
        return refuse(self.path, self.entry, self.site.line, why, fix, DOING)

    def leaf_calls(self, call: cst.Call) -> tuple[cst.Arg, list[cst.Call]]:
        found = _match_arg(call)
        if found is None:
            raise self.refuse("its `.entry(` call passes no `match=` fuzzroute can find")
        arg = found[1]
        calls = _leaf_calls(arg.value)
        if calls is None or len(calls) != len(leaves(self.entry)):
            shown = " ".join(cst.Module([]).code_for_node(arg.value).split())[:60]
            raise self.refuse(
                f"its matcher (`{shown}`) is not written in the call as re.compile(...), js_regex(...), keywords(...) "
                "or all_of(...) of those, so an edit could not tell where it comes from",
                "Write the matcher in the `.entry(` call, or make the change where it is built.",
            )
        return arg, calls

    def edit(self, call: cst.Call, edits: Sequence[RuleEdit]) -> cst.Call:
        if any(arg.star for arg in call.args):
            raise self.refuse("its `.entry(` call passes arguments with * or **, so its matcher may be computed")
        for edit in edits:
            if isinstance(edit, AddExamples):
                continue
            _arg, calls = self.leaf_calls(call)
            old = calls[edit.leaf]  # type: ignore[union-attr]
            new = self.leaf(old, edit)
            call = call.deep_replace(old, new)  # type: ignore[assignment]
        for edit in edits:
            if isinstance(edit, AddExamples):
                call = call_with_examples(self.path, self.entry, self.site, call, edit.phrases)
        return call

    def leaf(self, node: cst.Call, edit: RuleEdit) -> cst.Call:
        _module, name = _name(node.func)
        if isinstance(edit, SetRegex):
            if name not in _REGEX_CALLS:
                raise self.refuse("the matcher part to change is not a regex")
            return self.regex(node, edit)
        if name != "keywords":
            raise self.refuse("the matcher part to change is not a keyword list")
        if isinstance(edit, AddKeywords):
            return self.add_keywords(node, edit.words)
        assert isinstance(edit, RemoveKeyword)
        return self.remove_keyword(node, edit.word)

    # -- regexes
    def regex(self, node: cst.Call, edit: SetRegex) -> cst.Call:
        leaf = leaves(self.entry)[edit.leaf]
        assert isinstance(leaf, Regex)
        module, name = _name(node.func)
        args = list(node.args)
        if not args or args[0].keyword is not None or _literal(args[0].value) is None:
            raise self.refuse("its regex is not a string literal in the call")
        first = args[0].value
        assert isinstance(first, cst.SimpleString)
        if _literal(first) != edit.source:
            args[0] = args[0].with_changes(value=cst.SimpleString(regex_literal(edit.source, first)))
        if name == "js_regex":
            return node.with_changes(args=self.js_flags(args, edit.flags, first))
        added = [letter for letter in edit.flags if letter not in leaf.flags]
        if any(letter not in edit.flags for letter in leaf.flags):
            raise self.refuse("the fix takes a flag off the regex, which fuzzroute does not write")
        if added:
            if not module:
                raise self.refuse(
                    "its regex is compiled by a bare `compile(...)`, so a flag cannot be spelled `re.I`",
                    f"Add the flag{'s' if len(added) > 1 else ''} {''.join(added)} by hand.",
                )
            args = self.with_flags(args, module, added)
        return node.with_changes(args=args)

    def with_flags(self, args: list[cst.Arg], module: str, added: Sequence[str]) -> list[cst.Arg]:
        position = next((k for k, a in enumerate(args) if a.keyword is not None and a.keyword.value == "flags"), None)
        if position is None and len(args) >= 2 and args[1].keyword is None:
            position = 1
        if position is None:
            value: cst.BaseExpression = self.flag(module, added[0], long=False)
            for letter in added[1:]:
                value = cst.BinaryOperation(value, cst.BitOr(), self.flag(module, letter, long=False))
            new = cst.Arg(value=value)
            last = args[-1]
            args = [*args[:-1], last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    new.with_changes(whitespace_after_arg=last.whitespace_after_arg)]
            if isinstance(last.comma, cst.Comma):
                args[-1] = args[-1].with_changes(comma=last.comma)
            return args
        arg = args[position]
        shown = cst.Module([]).code_for_node(arg.value)
        long = any(long in shown for _short, long in _FLAG_NAMES.values())
        value = arg.value
        for letter in added:
            value = cst.BinaryOperation(
                value, cst.BitOr(whitespace_before=cst.SimpleWhitespace(" "),
                                 whitespace_after=cst.SimpleWhitespace(" ")), self.flag(module, letter, long=long),
            )
        args[position] = arg.with_changes(value=value)
        return args

    @staticmethod
    def flag(module: str, letter: str, *, long: bool) -> cst.Attribute:
        short, full = _FLAG_NAMES[letter]
        return cst.Attribute(cst.Name(module), cst.Name(full if long else short))

    def js_flags(self, args: list[cst.Arg], flags: str, like: cst.SimpleString) -> list[cst.Arg]:
        quote = like.value.lstrip("rRuU")[:1]
        literal = cst.SimpleString(string_literal(flags, quote))
        if len(args) >= 2:
            if _literal(args[1].value) is None:
                raise self.refuse("its JavaScript flags are not a string literal in the call")
            if _literal(args[1].value) != flags:
                args[1] = args[1].with_changes(value=literal)
            return args
        if not flags:
            return args
        last = args[-1]
        return [last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                                  whitespace_after_arg=cst.SimpleWhitespace("")),
                cst.Arg(value=literal, whitespace_after_arg=last.whitespace_after_arg)]

    # -- keyword lists
    def add_keywords(self, node: cst.Call, words: Sequence[str]) -> cst.Call:
        quote = first_quote(node) or '"'
        args = list(node.args)
        if len(args) == 1 and isinstance(args[0].value, (cst.List, cst.Tuple)):
            return node.with_changes(args=[args[0].with_changes(value=extended_list(args[0].value, words, quote))])
        if any(_literal(a.value) is None or a.keyword is not None for a in args):
            raise self.refuse("its keywords are not string literals in the call")
        new = [cst.Arg(value=e.value) for e in string_elements(words, quote)]
        last = args[-1]
        closing = last.whitespace_after_arg
        joined, closing = extend_items(
            [*args[:-1], last.with_changes(whitespace_after_arg=cst.SimpleWhitespace(""))], new,
            node.whitespace_before_args, closing,
        )
        joined[-1] = joined[-1].with_changes(whitespace_after_arg=closing)
        return node.with_changes(args=joined)

    def remove_keyword(self, node: cst.Call, word: str) -> cst.Call:
        args = list(node.args)
        if len(args) == 1 and isinstance(args[0].value, (cst.List, cst.Tuple)):
            container = args[0].value
            kept = self.without(list(container.elements), word)
            return node.with_changes(args=[args[0].with_changes(value=container.with_changes(elements=kept))])
        if any(a.keyword is not None for a in args):
            raise self.refuse("its keywords are not string literals in the call")
        position = self.position(args, word)
        if position == len(args) - 1:
            previous = args[-2]
            args[-2] = previous.with_changes(comma=args[-1].comma, whitespace_after_arg=args[-1].whitespace_after_arg)
        del args[position]
        return node.with_changes(args=args)

    def position(self, items: Sequence[cst.Arg | cst.BaseElement], word: str) -> int:
        found = [k for k, item in enumerate(items) if _literal(item.value) == word]
        if len(found) != 1 or len(items) < 2:
            raise self.refuse(f"the keyword {word!r} is not one string literal of a list of two or more")
        return found[0]

    def without(self, elements: list[cst.BaseElement], word: str) -> list[cst.BaseElement]:
        position = self.position(elements, word)
        if position == len(elements) - 1:
            elements[-2] = elements[-2].with_changes(comma=elements[-1].comma)
        del elements[position]
        return elements


def _dot(source: str, site: CallSite) -> int:
    """Where the `.entry(` of a call starts: its dot."""
    return source.rfind(".", 0, site.start - len("entry"))


def edit_rules(path: Path, source: str, entries: Sequence[Entry], edits: Sequence[RuleEdit]) -> str:
    """The source with `edits` made (positions are the loaded graph's); refused with a reason when unsafe."""
    try:
        sites = sorted(entry_calls(source), key=lambda s: s.start)
    except SyntaxError as exc:
        raise SourceEditError(f"{path}:{exc.lineno}: cannot be parsed ({exc.msg}); it was left untouched.") from None
    newline = "\r\n" if "\r\n" in source else "\n"
    by_rule: dict[int, list[RuleEdit]] = {}
    for edit in edits:
        if not isinstance(edit, MoveRule):
            by_rule.setdefault(edit.rule, []).append(edit)
    moves = [e for e in edits if isinstance(e, MoveRule)]
    needed = set(by_rule)
    order = order_after(len(entries), moves)
    moved = [k for k in range(len(entries)) if order[k] != k]
    needed.update(moved)
    site_for = {r: site_of(path, entries[r], sites, entries, DOING) for r in sorted(needed)}
    replaced: list[tuple[CallSite, str]] = []
    for rule, own in sorted(by_rule.items()):
        site = site_for[rule]
        editor = _Editor(path, entries[rule], site)
        try:
            call = parse_call(source, site)
        except cst.ParserSyntaxError as exc:
            raise editor.refuse(f"libcst cannot parse its call ({exc.message})") from None
        replaced.append((site, call_text(editor.edit(call, own), newline)))
    out = source
    for site, text in sorted(replaced, key=lambda item: item[0].start, reverse=True):
        out = out[:site.start] + text + out[site.end:]
    if not moved:
        return out
    positions = [sites.index(site_for[r]) for r in moved]
    if positions != sorted(positions) or len(set(positions)) != len(positions):
        raise refuse(path, entries[moved[0]], site_for[moved[0]].line,
                     "its `.entry(` calls are not written in the order the rules are declared",
                     "Move the rule by hand.", "move")
    new_sites = sorted(entry_calls(out), key=lambda s: s.start)
    spans = [with_comments(out, _dot(out, new_sites[p]), new_sites[p].end, "#") for p in positions]
    return permuted(out, spans, [moved.index(order[k]) for k in moved])
