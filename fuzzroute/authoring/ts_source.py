"""Add examples to the rules of a TypeScript or JavaScript graph file, keeping its text as written.

The file is never re-printed: the reader (`graphfiles/typescript.py`) tells,
for each rule, which object holds its `examples: [...]` (the rule object of
the config form, the options object of a builder `.entry(`), and new text is
spliced in at exact positions of tree-sitter's concrete tree, so every
comment, blank line, quote style and trailing comma stays.  New items join
an existing array in its own layout (one line, or one item per line at the
items' indent, after a comment that ends the last item's line); a rule
without the property gets `examples: [...]` as its last member, laid out
like the object's other members; `.entry(skill)` gets a `{ examples: [...] }`
argument.  The caller reloads the new text and checks that it declares
exactly the old rules plus the picks before anything is written
(`authoring/suggest.py`), so a splice that went wrong is never written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import tree_sitter

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.typescript import RuleSite, node_text, rule_sites

Node = tree_sitter.Node


class TsEditError(InputError):
    """The TypeScript/JavaScript graph cannot be edited safely for a rule; the message says why."""


def js_string(phrase: str, quote: str) -> str:
    """A JavaScript string literal for `phrase` in the given quote character."""
    out = []
    for ch in phrase:
        code = ord(ch)
        if ch in ("\\", quote):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\x{code:02x}")
        elif code in (0x2028, 0x2029, 0xFEFF) or 0xD800 <= code < 0xE000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return quote + "".join(out) + quote


def _quote(site: RuleSite, data: bytes) -> str:
    """The quote the rule's examples use, else its other strings, else a single quote."""
    for node in (site.examples, site.holder):
        if node is None:
            continue
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type == "string":
                return node_text(current)[0]
            stack.extend(reversed(current.children))
    return "'"


def _line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def _indent(data: bytes, offset: int) -> bytes:
    start = _line_start(data, offset)
    head = data[start:offset]
    return head if head.strip() == b"" else b" " * (len(head) - len(head.lstrip()))


def _multi_line(data: bytes, opening: Node, first: Node) -> bool:
    return b"\n" in data[opening.start_byte:first.start_byte]


def _end_of_line(data: bytes, node: Node, after: int) -> int:
    """Where the line of `after` ends, past a comment that closes it (the insertion point below it)."""
    end = data.find(b"\n", after)
    if end < 0:
        end = len(data)
    if data[end - 1:end] == b"\r":
        end -= 1
    rest = data[after:end].strip()
    if rest and not rest.startswith((b"//", b"/*")):
        return after  # code follows on this line: insert right after the node or comma
    return end


def items_of(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type != "comment"]


def appended(
    data: bytes, container: Node, items: list[Node], new: list[str], newline: bytes
) -> list[tuple[int, bytes]]:
    """Splices that append `new` (already rendered) to a non-empty array or object, in its layout."""
    last = items[-1]
    after_last = data[last.end_byte:container.end_byte - 1]
    stripped = after_last.lstrip()
    comma_at = last.end_byte + (len(after_last) - len(stripped)) if stripped.startswith(b",") else None
    if not _multi_line(data, container, items[0]):
        gap = b", "
        if len(items) >= 2:
            between = data[items[0].end_byte:items[1].start_byte]
            gap = between if b"\n" not in between else gap
        joined = gap.join(x.encode() for x in new)
        return [(last.end_byte, gap + joined)]
    indent = _indent(data, last.start_byte)
    if comma_at is not None:
        point = _end_of_line(data, last, comma_at + 1)
        text = b"".join(newline + indent + x.encode() + b"," for x in new)
        return [(point, text)]
    point = _end_of_line(data, last, last.end_byte)
    body = (b"," + newline + indent).join(x.encode() for x in new)
    if point == last.end_byte:
        return [(point, b"," + newline + indent + body)]
    return [(last.end_byte, b","), (point, newline + indent + body)]


def _refuse(path: Path, entry: Entry, why: str) -> TsEditError:
    at = f"{entry.location}" if entry.location is not None else str(path)
    return TsEditError(
        f'{at}: cannot add examples to rule "{entry.id}" (rule #{entry.index + 1}): {why}. Add the phrases by hand.'
    )


def example_splices(path: Path, data: bytes, entry: Entry, site: RuleSite | None, phrases: Sequence[str],
             newline: bytes) -> list[tuple[int, bytes]]:
    if site is None:
        raise _refuse(path, entry, "it is an unconditional start (no `match` or `when`), which cannot declare examples")
    quote = _quote(site, data)
    literals = [js_string(p, quote) for p in phrases]
    if site.examples is not None:
        array = site.examples
        while array.type in ("parenthesized_expression", "as_expression", "satisfies_expression"):
            array = array.named_children[0]
        if array.type != "array" or not items_of(array):
            raise _refuse(path, entry, "its `examples` is not a non-empty array literal")
        return appended(data, array, items_of(array), literals, newline)
    array_text = "[" + ", ".join(literals) + "]"
    if site.holder is not None:
        members = items_of(site.holder)
        if not members:
            return [(site.holder.start_byte + 1, f" examples: {array_text} ".encode())]
        return appended(data, site.holder, members, [f"examples: {array_text}"], newline)
    if site.arguments is None or not items_of(site.arguments):
        raise _refuse(path, entry, "its `.entry(` call has no skill argument to follow")
    skill = items_of(site.arguments)[0]
    return [(skill.end_byte, f", {{ examples: {array_text} }}".encode())]


def add_examples(
    path: Path, source: str, selector: str | None, entries: Sequence[Entry], additions: Mapping[int, Sequence[str]]
) -> str:
    """The source with `additions[i]` appended to the examples of entry `i` of the selected graph."""
    sites = rule_sites(path, source, selector)
    if len(sites) != len(entries):
        raise TsEditError(f"{path}: the graph's rules could not be matched to their source; it was left untouched.")
    data = source.encode("utf-8", "surrogatepass")
    newline = b"\r\n" if b"\r\n" in data else b"\n"
    splices: list[tuple[int, bytes]] = []
    for index, phrases in sorted(additions.items()):
        if phrases:
            splices.extend(example_splices(path, data, entries[index], sites[index], phrases, newline))
    out = data
    for offset, text in sorted(splices, key=lambda s: s[0], reverse=True):
        out = out[:offset] + text + out[offset:]
    return out.decode("utf-8", "surrogatepass")
