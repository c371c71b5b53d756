"""Edit the rules of a TypeScript or JavaScript graph file, keeping its text as written.

The reader (`graphfiles/typescript.py`) says where each rule is written;
edits are spliced into tree-sitter's concrete tree at exact positions, as
`ts_source` adds examples: a regex literal is rewritten as `/source/flags`
(a flag is appended to its flags), a `new RegExp('...', '...')` gets new
string arguments, a keyword joins its `keywords: [...]` array in the
array's layout or leaves it with the comma before it.  A rule is moved by
moving its `.entry(...)` call (builder form) or its element of
`start.rules` (config form), with the comment lines above it (`reorder`).
The caller loads the result again and compares it with the graph the edits
give in memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import tree_sitter

from fuzzroute.authoring.reorder import permuted, with_comments
from fuzzroute.authoring.rule_edits import (
    AddExamples,
    AddKeywords,
    MoveRule,
    RemoveKeyword,
    RuleEdit,
    SetRegex,
    order_after,
)
from fuzzroute.authoring.ts_source import TsEditError, appended, example_splices, items_of, js_string
from fuzzroute.engine.entries import Entry
from fuzzroute.graphfiles.typescript import RuleSite, node_text, rule_sites, string_value

Node = tree_sitter.Node
Splice = tuple[int, int, bytes]
_WRAPPERS = ("parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression")


def _unwrap(node: Node) -> Node:
    while node.type in _WRAPPERS and node.named_children:
        node = node.named_children[0]
    return node


def _member(holder: Node, key: str) -> Node | None:
    """The value of `key` in an object literal (None when it has no such member)."""
    for child in holder.named_children:
        if child.type != "pair":
            continue
        name = child.child_by_field_name("key")
        value = child.child_by_field_name("value")
        if name is not None and value is not None and (node_text(name) == key or string_value(name) == key):
            return _unwrap(value)
    return None


def _leaf_nodes(node: Node) -> list[Node] | None:
    node = _unwrap(node)
    kind = node.type
    if kind in ("regex", "new_expression", "call_expression"):
        return [node]
    if kind == "object":
        members = _member(node, "all")
        if members is not None:
            found: list[Node] = []
            for item in items_of(members):
                inner = _leaf_nodes(item)
                if inner is None:
                    return None
                found.extend(inner)
            return found
        if _member(node, "keywords") is not None:
            return [node]
    return None


def _escaped_source(source: str) -> str:
    """A regex source as a literal's body: a `/` not escaped yet gets its backslash."""
    out: list[str] = []
    escaped = False
    for ch in source:
        if ch == "/" and not escaped:
            out.append("\\/")
        else:
            out.append(ch)
        escaped = ch == "\\" and not escaped
    return "".join(out)


class _Editor:
    def __init__(self, path: Path, data: bytes, entry: Entry, site: RuleSite | None, newline: bytes) -> None:
        self.path = path
        self.data = data
        self.entry = entry
        self.site = site
        self.newline = newline

    def refuse(self, why: str) -> TsEditError:
        at = f"{self.entry.location}" if self.entry.location is not None else str(self.path)
        return TsEditError(
            f'{at}: cannot edit rule "{self.entry.id}" (rule #{self.entry.index + 1}): {why}. Make the change by hand.'
        )

    def leaves(self) -> list[Node]:
        holder = None if self.site is None else self.site.holder
        match = None if holder is None else _member(holder, "match")
        found = None if match is None else _leaf_nodes(match)
        if found is None:
            raise self.refuse("its `match` is not a regex literal, new RegExp(...), { keywords } or { all } literal")
        return found

    def splices(self, edit: RuleEdit) -> list[Splice]:
        if isinstance(edit, AddExamples):
            return [(at, at, text) for at, text in example_splices(self.path, self.data, self.entry, self.site,
                                                             edit.phrases, self.newline)]
        assert not isinstance(edit, MoveRule)
        leaf = self.leaves()[edit.leaf]
        if isinstance(edit, SetRegex):
            return self.regex(leaf, edit)
        array = _member(leaf, "keywords") if leaf.type == "object" else None
        if array is None or array.type != "array" or not items_of(array):
            raise self.refuse("the matcher part to change is not a literal keyword array")
        items = items_of(array)
        if isinstance(edit, AddKeywords):
            quote = node_text(items[0])[:1] if items[0].type == "string" else "'"
            literals = [js_string(w, quote) for w in edit.words]
            return [(at, at, text) for at, text in appended(self.data, array, items, literals, self.newline)]
        assert isinstance(edit, RemoveKeyword)
        found = [k for k, item in enumerate(items) if string_value(item) == edit.word]
        if len(found) != 1 or len(items) < 2:
            raise self.refuse(f"the keyword {edit.word!r} is not one item of a list of two or more")
        k = found[0]
        if k == 0:
            return [(items[0].start_byte, items[1].start_byte, b"")]
        return [(items[k - 1].end_byte, items[k].end_byte, b"")]

    def regex(self, leaf: Node, edit: SetRegex) -> list[Splice]:
        kind = leaf.type
        if kind == "regex":
            flags_node = leaf.child_by_field_name("flags")
            old_flags = node_text(flags_node) if flags_node is not None else ""
            flags = old_flags + "".join(f for f in edit.flags if f not in old_flags)
            text = f"/{_escaped_source(edit.source)}/{flags}".encode("utf-8", "surrogatepass")
            return [(leaf.start_byte, leaf.end_byte, text)]
        if kind not in ("new_expression", "call_expression"):
            raise self.refuse("the matcher part to change is not a regex")
        arguments = leaf.child_by_field_name("arguments")
        args = [] if arguments is None else items_of(arguments)
        if not args or string_value(args[0]) is None or (len(args) > 1 and string_value(args[1]) is None):
            raise self.refuse("its RegExp arguments are not string literals")
        quote = node_text(args[0])[:1]
        splices: list[Splice] = []
        if string_value(args[0]) != edit.source:
            splices.append((args[0].start_byte, args[0].end_byte, js_string(edit.source, quote).encode()))
        old_flags = "" if len(args) < 2 else string_value(args[1]) or ""
        flags = old_flags + "".join(f for f in edit.flags if f not in old_flags)
        if flags != old_flags:
            literal = js_string(flags, quote).encode()
            if len(args) > 1:
                splices.append((args[1].start_byte, args[1].end_byte, literal))
            else:
                splices.append((args[0].end_byte, args[0].end_byte, b", " + literal))
        return splices


def _span(site: RuleSite) -> tuple[int, int]:
    """The byte span of a rule's declaration: its `.entry(...)` call from the dot, or its rule object."""
    if site.arguments is not None:
        call = site.arguments.parent
        function = None if call is None else call.child_by_field_name("function")
        dot = None if function is None else next((c for c in function.children if c.type == "."), None)
        if dot is not None:
            return dot.start_byte, site.arguments.end_byte
    assert site.holder is not None
    return site.holder.start_byte, site.holder.end_byte


def _chars(data: bytes, offset: int) -> int:
    return len(data[:offset].decode("utf-8", "surrogatepass"))


def edit_rules(path: Path, source: str, selector: str | None, entries: Sequence[Entry],
               edits: Sequence[RuleEdit]) -> str:
    """The source with `edits` made (positions are the loaded graph's)."""
    sites = rule_sites(path, source, selector)
    if len(sites) != len(entries):
        raise TsEditError(f"{path}: the graph's rules could not be matched to their source; it was left untouched.")
    data = source.encode("utf-8", "surrogatepass")
    newline = b"\r\n" if b"\r\n" in data else b"\n"
    splices: list[Splice] = []
    for edit in edits:
        if isinstance(edit, MoveRule):
            continue
        editor = _Editor(path, data, entries[edit.rule], sites[edit.rule], newline)
        splices.extend(editor.splices(edit))
    out = data
    for start, end, piece in sorted(splices, key=lambda s: (s[0], s[1]), reverse=True):
        out = out[:start] + piece + out[end:]
    text = out.decode("utf-8", "surrogatepass")
    moves = [e for e in edits if isinstance(e, MoveRule)]
    if not moves:
        return text
    order = order_after(len(entries), moves)
    moved = [k for k in range(len(entries)) if order[k] != k]
    new_sites = rule_sites(path, text, selector)
    spans: list[tuple[int, int]] = []
    for k in moved:
        site = new_sites[k]
        if site is None:
            raise _Editor(path, out, entries[k], None, newline).refuse("it is not written as a rule that can move")
        start, end = _span(site)
        spans.append(with_comments(text, _chars(out, start), _chars(out, end), "//"))
    if [s for s, _ in spans] != sorted(s for s, _ in spans):
        raise _Editor(path, out, entries[moved[0]], new_sites[moved[0]], newline).refuse(
            "its declarations are not written in the order the rules are declared"
        )
    return permuted(text, spans, [moved.index(order[k]) for k in moved])
