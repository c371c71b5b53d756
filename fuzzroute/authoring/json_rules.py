"""Edit the rules of a JSON graph document, keeping its text as written.

As `json_source` adds examples, nothing is re-serialised: new text is
spliced in at the spans `jsonspans` found.  A regex gets a new `"regex"`
string or a `"flags"` member after it; a keyword is appended to its
`"keywords"` array in the array's own layout, or taken out with the comma
before it; a rule is moved by permuting the text of the `entries` elements
(`reorder`), so the commas and indentation between them stay.  The caller
loads the result again and compares it with the graph the edits give in
memory, so a splice that went wrong is never written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from fuzzroute.authoring.json_source import JsonEditError, example_insertion
from fuzzroute.authoring.reorder import permuted
from fuzzroute.authoring.rule_edits import (
    AddExamples,
    AddKeywords,
    MoveRule,
    RemoveKeyword,
    RuleEdit,
    SetRegex,
    order_after,
)
from fuzzroute.graphfiles.jsonspans import Node, parse_spans

Splice = tuple[int, int, str]


def _leaf_nodes(node: Node) -> list[Node]:
    """The matcher objects of a `match` value, flattened as `all` members are."""
    members = node.member("all")
    if members is None:
        return [node]
    return [leaf for item in members.items for leaf in _leaf_nodes(item)]


def _multi_line(text: str, array: Node) -> bool:
    return bool(array.items) and "\n" in text[array.start:array.items[0].start]


def _keyword_added(text: str, array: Node, words: Sequence[str], ascii_only: bool) -> Splice:
    literals = [json.dumps(w, ensure_ascii=ascii_only) for w in words]
    last = array.items[-1]
    if _multi_line(text, array):
        start = text.rfind("\n", 0, array.items[0].start) + 1
        indent = text[start:array.items[0].start]
        return last.end, last.end, "".join(f",\n{indent}{lit}" for lit in literals)
    gap = text[array.items[0].end:array.items[1].start] if len(array.items) >= 2 else ", "
    return last.end, last.end, "".join(f"{gap}{lit}" for lit in literals)


def _keyword_removed(text: str, array: Node, word: str, where: str) -> Splice:
    found = [k for k, item in enumerate(array.items) if json.loads(text[item.start:item.end]) == word]
    if len(found) != 1 or len(array.items) < 2:
        raise JsonEditError(f"{where}: the keyword {word!r} is not one item of a list of two or more")
    k = found[0]
    if k == 0:
        return array.items[0].start, array.items[1].start, ""
    return array.items[k - 1].end, array.items[k].end, ""


def _regex_set(text: str, leaf: Node, edit: SetRegex, ascii_only: bool, where: str) -> list[Splice]:
    regex = leaf.member("regex")
    if regex is None:
        raise JsonEditError(f"{where}: the matcher part to change is not a regex")
    splices: list[Splice] = []
    if json.loads(text[regex.start:regex.end]) != edit.source:
        splices.append((regex.start, regex.end, json.dumps(edit.source, ensure_ascii=ascii_only)))
    flags = leaf.member("flags")
    old = "" if flags is None else json.loads(text[flags.start:flags.end])
    if sorted(old) != sorted(edit.flags):
        literal = json.dumps(edit.flags)
        if flags is not None:
            splices.append((flags.start, flags.end, literal))
        else:
            key_gap = _key_gap(text, leaf)
            member_gap = text[leaf.members[0][2].end:leaf.members[1][1]] if len(leaf.members) >= 2 else ", "
            splices.append((regex.end, regex.end, f'{member_gap}"flags"{key_gap}{literal}'))
    return splices


def _key_gap(text: str, node: Node) -> str:
    """How the document writes the text between a key and its value (`": "`)."""
    _name, key_start, value = node.members[0]
    close = text.index('"', key_start + 1)
    while text[close - 1] == "\\":
        close = text.index('"', close + 1)
    return text[close + 1:value.start]


def edit_rules(path: Path, text: str, ids: Sequence[str], edits: Sequence[RuleEdit]) -> str:
    """The document text with `edits` made (positions are the loaded graph's)."""
    root = parse_spans(text)
    entries = None if root is None else root.member("entries")
    if root is None or entries is None or entries.kind != "array":
        raise JsonEditError(f"{path}: the document has no `entries` array the editor can find; it was left untouched.")
    ascii_only = "\\u" in text and not any(ord(ch) > 127 for ch in text)
    splices: list[Splice] = []
    examples: dict[int, list[str]] = {}
    for edit in edits:
        if isinstance(edit, MoveRule):
            continue
        where = f'{path}: rule "{ids[edit.rule]}" ($.entries[{edit.rule}])'
        if isinstance(edit, AddExamples):
            examples.setdefault(edit.rule, []).extend(edit.phrases)
            continue
        match = entries.items[edit.rule].member("match")
        leaves = [] if match is None else _leaf_nodes(match)
        if edit.leaf >= len(leaves):
            raise JsonEditError(f"{where}: its matcher has no part {edit.leaf + 1}; it was left untouched.")
        leaf = leaves[edit.leaf]
        if isinstance(edit, SetRegex):
            splices.extend(_regex_set(text, leaf, edit, ascii_only, where))
            continue
        array = leaf.member("keywords")
        if array is None or array.kind != "array" or not array.items:
            raise JsonEditError(f"{where}: the matcher part to change is not a keyword list; it was left untouched.")
        if isinstance(edit, AddKeywords):
            splices.append(_keyword_added(text, array, edit.words, ascii_only))
        else:
            assert isinstance(edit, RemoveKeyword)
            splices.append(_keyword_removed(text, array, edit.word, where))
    for index, phrases in sorted(examples.items()):
        try:
            offset, insert = example_insertion(text, root, index, phrases, ascii_only)
        except JsonEditError as exc:
            raise JsonEditError(
                f'{path}: cannot add examples to rule "{ids[index]}" ($.entries[{index}]): {exc}. '
                "Give the entry an `examples` array of strings, or add the phrases by hand."
            ) from None
        splices.append((offset, offset, insert))
    newline = "\r\n" if "\r\n" in text else "\n"
    out = text
    for start, end, insert in sorted(splices, key=lambda s: (s[0], s[1]), reverse=True):
        out = out[:start] + insert.replace("\n", newline) + out[end:]
    moves = [e for e in edits if isinstance(e, MoveRule)]
    if not moves:
        return out
    order = order_after(len(ids), moves)
    moved = [k for k in range(len(ids)) if order[k] != k]
    new_root = parse_spans(out)
    new_entries = None if new_root is None else new_root.member("entries")
    assert new_entries is not None
    spans = [(new_entries.items[k].start, new_entries.items[k].end) for k in moved]
    return permuted(out, spans, [moved.index(order[k]) for k in moved])
