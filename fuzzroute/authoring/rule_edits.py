"""Edits of start rules, as data: what `fuzzroute fix` proposes, applied to a graph in memory.

A fix is a few small edits of the graph: one part of a rule's matcher
rewritten (a regex's source or flags), keywords added to or removed from a
keyword list, a rule moved above another, examples declared.  The same
edits are applied twice: here, to a copy of the graph in memory, so the
decided tier can compare the graph before and after; and to the graph's
source by the editor of its format (`rule_source`), whose result is loaded
again and must declare exactly the graph built here before anything is
shown or written.

A *leaf* is one matcher of a rule: the rule's own regex or keyword list, or
one member of its all-of (flattened, in declaration order), so an edit can
name the one regex of `all_of(keywords("cancel"), re.compile("plan"))` it
changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.graph_document import matcher_json
from fuzzroute.engine.matchers import (
    AllOf,
    DataMatcher,
    Keywords,
    Regex,
    compile_regex,
    compiled_js_regex,
    letters_to_flags,
)


@dataclass(frozen=True)
class SetRegex:
    """Rule `rule`'s leaf `leaf` becomes the regex `source` with `flags` (letters, in the rule's dialect)."""

    rule: int
    leaf: int
    source: str
    flags: str


@dataclass(frozen=True)
class AddKeywords:
    """Keywords appended to the keyword list that is leaf `leaf` of rule `rule`."""

    rule: int
    leaf: int
    words: tuple[str, ...]


@dataclass(frozen=True)
class RemoveKeyword:
    """One keyword taken out of the keyword list that is leaf `leaf` of rule `rule`."""

    rule: int
    leaf: int
    word: str


@dataclass(frozen=True)
class MoveRule:
    """Rule `rule` moved to position `above` (just above the rule that held it); the rules between shift down."""

    rule: int
    above: int


@dataclass(frozen=True)
class AddExamples:
    """Phrases declared as examples of rule `rule` (after the ones it has)."""

    rule: int
    phrases: tuple[str, ...]


RuleEdit = SetRegex | AddKeywords | RemoveKeyword | MoveRule | AddExamples


def leaves(entry: Entry) -> tuple[Regex | Keywords, ...]:
    """The rule's matchers an edit can name, in declaration order (empty for a rule without data)."""
    matcher = entry.data_matcher
    if matcher is None:
        return ()
    return matcher.parts if isinstance(matcher, AllOf) else (matcher,)


def built_regex(like: Regex, source: str, flags: str, where: str) -> Regex:
    """A regex of `like`'s dialect from `source` and `flags` (a DeclarationError when it cannot be built)."""
    if like.dialect == "javascript":
        return compiled_js_regex(source, flags, where)
    return compile_regex(re.compile(source, letters_to_flags(flags, where)), where)


def _leaf_edited(leaf: Regex | Keywords, edit: RuleEdit, where: str) -> Regex | Keywords:
    if isinstance(edit, SetRegex):
        assert isinstance(leaf, Regex), "SetRegex names a regex leaf"
        return built_regex(leaf, edit.source, edit.flags, where)
    assert isinstance(leaf, Keywords), "keyword edits name a keyword leaf"
    if isinstance(edit, AddKeywords):
        return Keywords((*leaf.keywords, *edit.words))
    assert isinstance(edit, RemoveKeyword)
    kept = list(leaf.keywords)
    kept.remove(edit.word)
    return Keywords(tuple(kept))


def _matcher(entry: Entry, edits: Sequence[RuleEdit]) -> DataMatcher | None:
    parts = list(leaves(entry))
    for edit in edits:
        if isinstance(edit, (SetRegex, AddKeywords, RemoveKeyword)):
            parts[edit.leaf] = _leaf_edited(parts[edit.leaf], edit, f'entry "{entry.id}"')
    if not parts:
        return None
    return AllOf(tuple(parts)) if isinstance(entry.data_matcher, AllOf) else parts[0]


def order_after(count: int, edits: Sequence[RuleEdit]) -> list[int]:
    """The old positions of the rules in their new order, after every `MoveRule` of `edits` (applied in turn)."""
    order = list(range(count))
    for edit in edits:
        if isinstance(edit, MoveRule):
            order.remove(edit.rule)
            order.insert(order.index(edit.above), edit.rule)
    return order


def edited_graph(graph: Graph, edits: Sequence[RuleEdit]) -> Graph:
    """A new graph: `graph` with `edits` applied (positions in the edits are the original graph's).

    Rules keep their ids, `when` predicates and locations; the never-route
    rows and accepted overlaps are carried over as they are.
    """
    entries = graph.entries
    by_rule: dict[int, list[RuleEdit]] = {}
    for edit in edits:
        by_rule.setdefault(edit.rule, []).append(edit)
    new = Graph(graph.name, mount=graph.mount)
    for old in order_after(len(entries), edits):
        entry = entries[old]
        own = by_rule.get(old, [])
        changed = any(isinstance(e, (SetRegex, AddKeywords, RemoveKeyword)) for e in own)
        match = _matcher(entry, own) if changed else entry.match
        examples = list(entry.examples or ())
        for edit in own:
            if isinstance(edit, AddExamples):
                examples.extend(p for p in edit.phrases if p not in examples)
        new.entry(entry.id, match=match, when=entry.when, examples=examples or None, location=entry.location)
    if graph.never_route_phrases:
        new.never_routes(list(graph.never_route_phrases))
    for accepted in graph.acceptances:
        new.accept_overlap(accepted.earlier, accepted.later, reason=accepted.reason, location=accepted.location)
    return new


def _flags_sorted(data: object) -> object:
    """A matcher's JSON form with flag letters in one order (`/x/mi` and `/x/im` are one regex)."""
    if isinstance(data, dict):
        return {k: "".join(sorted(v)) if k == "flags" and isinstance(v, str) else _flags_sorted(v)
                for k, v in data.items()}
    if isinstance(data, list):
        return [_flags_sorted(item) for item in data]
    return data


def rule_shape(entry: Entry) -> tuple[str, object, tuple[str, ...] | None]:
    """What a rule declares, as comparable data: its id, its matcher's JSON form, its examples."""
    return entry.id, None if entry.match is None else _flags_sorted(matcher_json(entry.match)), entry.examples


def same_rules(one: Graph, other: Graph) -> bool:
    """Whether two graphs declare the same rules in the same order (ids, matchers, examples, `when` alike)."""
    if len(one.entries) != len(other.entries) or one.never_route_phrases != other.never_route_phrases:
        return False
    for a, b in zip(one.entries, other.entries, strict=True):
        if rule_shape(a) != rule_shape(b) or (a.when is None) != (b.when is None):
            return False
    return True
