"""Skill graphs read from TypeScript and JavaScript files: the code is parsed, never imported.

The reference library's users declare graphs in `.ts` files, in two forms:

* the config form, `skillGraph({ skills, start: { rules: [{ use, match | when, examples }],
  classify }, neverRoutes, check })` (or `start: 'id'`, `start: { use }`, `start: { entries,
  scoredBy | byRelevance }`);
* the builder form, `skillGraph().entry(skill, { match, when, examples }).classify(...)
  .entryBy(...).entryByRead().neverRoutes(...).build()`, where `skill` is a variable bound to
  `defineSkill({ id: '...' })` (or a call of a one-line helper that returns one).

The file is parsed with tree-sitter's TypeScript grammar (TSX for `.tsx`,
`.jsx` and the JavaScript suffixes), a real parser with a concrete tree and
exact positions, and only literal declarations are read: regex literals,
`new RegExp('...', '...')` with literal strings, arrays of string literals
(template literals without substitutions count), object literals.  Anything
else (a computed regex, a spread, a variable holding a keyword list, a list
built by a function) is refused with one paragraph naming the file, the
line and the rule: guessing a value would make every verdict after it a
guess.  A `when` is made runnable from the same tree (`ts_predicates`) and
runs in a V8 sandbox in a helper process (`fuzzroute.jsrun`); one that reads
what the sandbox lacks is kept as source text with the reason
(`engine.unread`), and the verdicts that depend on it are reported as not
checked.  Regexes get JavaScript's semantics exactly (`fuzzroute.jsregex`).

Every rule's location is the line of its rule object (config form) or of
its `.entry(` call (builder form).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypedDict, TypeVar

import tree_sitter
import tree_sitter_typescript

from fuzzroute.engine.entries import WhenPredicate
from fuzzroute.engine.errors import DeclarationError, InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import (
    Matcher,
    compiled_js_regex,
    flatten_all,
    validated_intent,
    validated_keywords,
)
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.engine.supervision import before_graph_code
from fuzzroute.engine.unread import UnreadPredicate
from fuzzroute.graphfiles.suffixes import SCRIPT_SUFFIXES
from fuzzroute.graphfiles.ts_predicates import FileFacts, file_facts, made_runnable, predicate
from fuzzroute.jsregex.translation import to_code_points
from fuzzroute.jsrun.predicate import ScriptPredicate

Node = tree_sitter.Node


class EntryOptions(TypedDict, total=False):
    """The keyword arguments of `Graph.entry` a rule read from the source passes (each only when written)."""

    match: Matcher
    when: WhenPredicate
    examples: list[str]


#: A rule read but not yet declared: its skill id, the node to locate errors at, and its `Graph.entry` options.
PendingRule = tuple[str, Node, EntryOptions]

#: How many declarations deep a `when`'s identity follows the names it reads (a helper calling a helper...).
IDENTITY_DEPTH = 3
#: The suffixes read as TypeScript or JavaScript graph files.
SUFFIXES = SCRIPT_SUFFIXES
_GRAPH_FUNCTIONS = ("skillGraph", "defineSkillMap")
_BUILDER_METHODS = ("entry", "route", "classify", "entryBy", "entryByRelevance", "entryByRead", "neverRoutes",
                    "tree", "build")
_WRAPPERS = ("parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression",
             "type_assertion", "await_expression")

T = TypeVar("T")


class StaticReadError(DeclarationError):
    """A declaration a static read cannot know; the message names the file, line and rule."""


@lru_cache(maxsize=2)
def _parser(tsx: bool) -> tree_sitter.Parser:
    language = tree_sitter_typescript.language_tsx() if tsx else tree_sitter_typescript.language_typescript()
    return tree_sitter.Parser(tree_sitter.Language(language))


def parse_source(path: Path, text: str) -> tree_sitter.Tree:
    """The concrete syntax tree of a graph file (TSX grammar for .tsx and the JavaScript suffixes)."""
    return _parser(path.suffix.lower() != ".ts" and path.suffix.lower() not in (".mts", ".cts")).parse(
        text.encode("utf-8", "surrogatepass")
    )


def node_text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "surrogatepass")


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def _unwrap(node: Node) -> Node:
    while node.type in _WRAPPERS:
        inner = node.named_children[0] if node.type != "await_expression" else node.named_children[-1]
        node = inner
    return node


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


# -- where the graphs are ------------------------------------------------------------------------


@dataclass(frozen=True)
class Declared:
    """One graph declaration of a file: its binding name (if any), its line, its form and nodes."""

    name: str | None
    line: int
    form: str  # "config" or "builder"
    call: Node  # the skillGraph(...) call
    outer: Node  # the whole expression (the .build() call in the builder form)
    #: The builder's method calls in source order: (name, name node, arguments node).
    chain: tuple[tuple[str, Node, Node], ...] = ()

    @property
    def label(self) -> str:
        return self.name if self.name is not None else str(self.line)


def _is_graph_call(node: Node) -> bool:
    if node.type != "call_expression":
        return False
    function = node.child_by_field_name("function")
    if function is None:
        return False
    if function.type == "identifier":
        return node_text(function) in _GRAPH_FUNCTIONS
    if function.type == "member_expression":
        prop = function.child_by_field_name("property")
        return prop is not None and node_text(prop) in _GRAPH_FUNCTIONS
    return False


def _unchain(node: Node) -> tuple[Node, list[tuple[str, Node, Node]]]:
    """The innermost receiver of a method-call chain, and the calls on it in source order.

    Walks DOWN from the outermost call: tree-sitter finds a node's parent by
    descending from the root, so climbing a thousand-call chain upward would
    cost a thousand descents each.
    """
    calls: list[tuple[str, Node, Node]] = []
    while node.type == "call_expression":
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        if function is None or arguments is None or function.type != "member_expression":
            break
        prop = function.child_by_field_name("property")
        receiver = function.child_by_field_name("object")
        if prop is None or receiver is None:
            break
        calls.append((node_text(prop), prop, arguments))
        node = _unwrap(receiver)
    calls.reverse()
    return node, calls


def _binding(outer: Node) -> str | None:
    node = outer
    while node.parent is not None and node.parent.type in _WRAPPERS:
        node = node.parent
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "variable_declarator":
        name = parent.child_by_field_name("name")
        return node_text(name) if name is not None and name.type == "identifier" else None
    if parent.type == "export_statement" and any(c.type == "default" for c in parent.children):
        return "default"
    if parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        return node_text(left) if left is not None and left.type == "identifier" else None
    return None


def find_graphs(tree: tree_sitter.Tree) -> list[Declared]:
    """Every `skillGraph(...)` of the file, in source order."""
    found = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            inner, calls = _unchain(node)
            if _is_graph_call(inner):
                arguments = inner.child_by_field_name("arguments")
                args = [] if arguments is None else [a for a in arguments.named_children if a.type != "comment"]
                if args:
                    found.append(Declared(_binding(inner), line_of(inner), "config", inner, inner))
                    stack.extend(args)
                else:
                    found.append(Declared(_binding(node), line_of(inner), "builder", inner, node, tuple(calls)))
                    stack.extend(arguments for _, _, arguments in calls)
                continue
        stack.extend(node.children)
    return sorted(found, key=lambda d: d.call.start_byte)


# -- reading one graph ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSite:
    """Where one entry is written: the object that holds (or would hold) its `examples`.

    `holder` is the rule object (config form) or the `.entry(` options object
    (builder form), or None for an `.entry(skill)` without options, whose
    `arguments` then get one.
    """

    holder: Node | None
    arguments: Node | None
    examples: Node | None


class _Reader:
    def __init__(self, path: Path, declared: Declared, facts: FileFacts, run_predicates: bool = True) -> None:
        self.path = path
        self.declared = declared
        self.facts = facts
        #: Compile each `when` in the sandbox while reading (a reader that only locates rules leaves them be).
        self.run_predicates = run_predicates
        self.sites: list[RuleSite | None] = []
        self._declarations: dict[str, Node | None] = {}
        self.graph_label = f"graph `{declared.name}`" if declared.name else f"the graph on line {declared.line}"

    # -- refusals
    def refuse(self, node: Node, rule: str | None, what: str, fix: str) -> StaticReadError:
        snippet = " ".join(node_text(node).split())
        if len(snippet) > 60:
            snippet = snippet[:57] + "..."
        where = f"{self.graph_label}, {rule}" if rule else self.graph_label
        return StaticReadError(
            f"{self.path}:{line_of(node)}: {where}: {what} (`{snippet}`) is not a literal. fuzzroute reads "
            f"{self.path.suffix} graphs statically and never runs them, so it cannot know this value. {fix}"
        )

    def located(self, exc: DeclarationError, node: Node, rule: str | None) -> StaticReadError:
        where = f"{self.graph_label}, {rule}" if rule else self.graph_label
        return StaticReadError(f"{self.path}:{line_of(node)}: {where}: {exc}")

    # -- literals
    def string(self, node: Node, rule: str | None, what: str) -> str:
        value = string_value(node)
        if value is None:
            raise self.refuse(node, rule, what, "Write it as a string literal.")
        return value

    def strings(self, node: Node, rule: str | None, what: str) -> list[str]:
        node = _unwrap(node)
        if node.type != "array":
            raise self.refuse(node, rule, what, "Write it as an array of string literals, e.g. ['refund my order'].")
        out = []
        for item in node.named_children:
            if item.type == "comment":
                continue
            if item.type == "spread_element":
                raise self.refuse(item, rule, f"an item of {what}", "Spell the items out in the array literal.")
            out.append(self.string(item, rule, f"an item of {what}"))
        return out

    def members(self, node: Node, rule: str | None, what: str) -> dict[str, tuple[Node, Node]]:
        """An object literal's `key -> (key node, value node)`; spreads and computed keys are refused."""
        node = _unwrap(node)
        if node.type != "object":
            raise self.refuse(node, rule, what, "Write it as an object literal.")
        out: dict[str, tuple[Node, Node]] = {}
        for member in node.named_children:
            if member.type == "comment":
                continue
            if member.type == "pair":
                key = member.child_by_field_name("key")
                value = member.child_by_field_name("value")
                assert key is not None and value is not None
                name = string_value(key) if key.type in ("string", "template_string") else (
                    node_text(key) if key.type in ("property_identifier", "number") else None
                )
                if name is None:
                    raise self.refuse(key, rule, f"a computed key of {what}", "Use a plain key.")
                out[name] = (key, value)
            elif member.type == "shorthand_property_identifier":
                out[node_text(member)] = (member, member)
            elif member.type == "method_definition":
                name_node = member.child_by_field_name("name")
                out[node_text(name_node) if name_node is not None else "?"] = (member, member)
            else:
                raise self.refuse(member, rule, f"a spread in {what}", "Spell every property out in the literal.")
        return out

    # -- matchers
    def matcher(self, node: Node, rule: str, where: str, member: bool = False) -> Matcher:
        node = _unwrap(node)
        if node.type == "regex":
            pattern = node.child_by_field_name("pattern")
            flags = node.child_by_field_name("flags")
            source = node_text(pattern) if pattern is not None else ""
            try:
                return compiled_js_regex(source, node_text(flags) if flags is not None else "", where)
            except DeclarationError as exc:
                raise self.located(exc, node, rule) from None
        if node.type in ("new_expression", "call_expression"):
            return self.regexp_call(node, rule, where)
        if node.type == "object":
            fields = self.members(node, rule, "the matcher")
            try:
                if "all" in fields:
                    items = _unwrap(fields["all"][1])
                    if items.type != "array":
                        raise self.refuse(items, rule, "the `all` list", "Write it as an array literal of matchers.")
                    parts: list[object] = []
                    for position, item in enumerate(x for x in items.named_children if x.type != "comment"):
                        if item.type == "spread_element":
                            raise self.refuse(item, rule, "a spread in `all`", "Spell the members out.")
                        label = f"{where}, `all` member {position + 1}"
                        parts.append(self.matcher(item, rule, label, member=True))
                    return flatten_all(parts, where)
                if "intent" in fields:
                    sentence = self.string(fields["intent"][1], rule, "the `intent` sentence")
                    examples = self.strings(fields["examples"][1], rule, "the intent's `examples`") \
                        if "examples" in fields else None
                    return validated_intent(sentence, examples, where)
                if "keywords" in fields:
                    return validated_keywords(list(self.strings(fields["keywords"][1], rule, "`keywords`")),
                                              f"{where}: keywords")
            except StaticReadError:
                raise
            except DeclarationError as exc:
                raise self.located(exc, node, rule) from None
        raise self.refuse(
            node, rule, "the `match` value",
            "Write a regex literal (/.../i), new RegExp('...', 'i') with string literals, { keywords: [...] }, "
            "{ all: [...] } or { intent: '...', examples: [...] }.",
        )

    def regexp_call(self, node: Node, rule: str, where: str) -> Matcher:
        callee = node.child_by_field_name("constructor") or node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        if callee is None or node_text(callee) != "RegExp" or arguments is None:
            raise self.refuse(node, rule, "the `match` value", "Use a regex literal or new RegExp('...', 'flags').")
        args = [a for a in arguments.named_children if a.type != "comment"]
        if not args or len(args) > 2:
            raise self.refuse(node, rule, "the RegExp arguments", "Pass a source string and optionally flags.")
        first = _unwrap(args[0])
        flags: str | None = None
        if first.type == "regex":
            pattern = first.child_by_field_name("pattern")
            source = node_text(pattern) if pattern is not None else ""
            flag_node = first.child_by_field_name("flags")
            flags = node_text(flag_node) if flag_node is not None else ""
        else:
            source = self.string(first, rule, "the RegExp source")
        if len(args) == 2:
            flags = self.string(args[1], rule, "the RegExp flags")
        try:
            return compiled_js_regex(source if source != "" else "(?:)", flags or "", where)
        except DeclarationError as exc:
            raise self.located(exc, node, rule) from None

    # -- the two forms
    def read(self) -> Graph:
        declared = self.declared
        name = declared.name if declared.name not in (None, "default") else f"{self.path.stem}-{declared.line}"
        if declared.form == "config":
            return self.read_config(str(name))
        return self.read_builder(str(name))

    def read_config(self, name: str) -> Graph:
        arguments = self.declared.call.child_by_field_name("arguments")
        assert arguments is not None
        config_node = [a for a in arguments.named_children if a.type != "comment"][0]
        config = self.members(config_node, None, "the skillGraph config")
        if "tree" in config:
            raise StaticReadError(
                f"{self.path}:{line_of(config['tree'][0])}: {self.graph_label} is a decision tree (`tree`), which "
                "has no start rules for fuzzroute to check. Point fuzzroute at a graph with `start` rules."
            )
        mount = "rules"
        pending: list[PendingRule] = []
        if "start" in config:
            start = _unwrap(config["start"][1])
            if start.type in ("string", "template_string"):
                pending.append((self.string(start, "`start`", "the start skill id"), start, {}))
                self.sites.append(None)
            else:
                fields = self.members(start, "`start`", "`start`")
                if "use" in fields:
                    # The reference's builder tests `'use' in start` first: the run starts at `use`, and
                    # `rules`, `entries` or `classify` beside it are never read.
                    pending.append((self.string(fields["use"][1], "`start`", "`use`"), start, {}))
                    self.sites.append(None)
                elif "rules" in fields:
                    rules = _unwrap(fields["rules"][1])
                    if rules.type != "array":
                        raise self.refuse(rules, "`start.rules`", "the rule list", "Write it as an array literal.")
                    items = [r for r in rules.named_children if r.type != "comment"]
                    for position, item in enumerate(items):
                        pending.append(self.config_rule(item, position))
                    if "classify" in fields:
                        mount = "classifier"
                    elif "routing" in fields:
                        raise StaticReadError(
                            f"{self.path}:{line_of(fields['routing'][0])}: {self.graph_label}: `start.routing` is "
                            "the classifier's tie policy and means nothing without `classify` (the reference "
                            "refuses it). Declare `classify` beside it, or drop `routing`."
                        )
                elif "entries" in fields:
                    ids = _unwrap(fields["entries"][1])
                    for skill_id in self.strings(ids, "`start.entries`", "the entry ids"):
                        pending.append((skill_id, ids, {}))
                        self.sites.append(None)
                    mount = "scorer" if ("scoredBy" in fields or "byRelevance" in fields) else "read"
                else:
                    raise self.refuse(start, None, "`start`", "Declare `rules`, `entries` or `use`.")
        graph = Graph(name, mount=mount)
        self.declare(graph, pending)
        if "neverRoutes" in config:
            self.never_routes(graph, config["neverRoutes"][1])
        return graph

    def config_rule(self, node: Node, position: int) -> PendingRule:
        label = f"start.rules[{position}]"
        fields = self.members(node, label, "the rule")
        if "use" not in fields:
            raise self.refuse(node, label, "the rule's `use`", "Give the rule `use: 'skill-id'`.")
        use = self.string(fields["use"][1], label, "`use`")
        label = f'{label} (use: "{use}")'
        if ("match" in fields) == ("when" in fields):
            both = "sets both `match` and `when`" if "match" in fields else "sets neither `match` nor `when`"
            raise StaticReadError(
                f"{self.path}:{line_of(node)}: {self.graph_label}, {label} {both}: a rule takes exactly one "
                f"condition (the reference refuses it). For an unconditional start use `start: '{use}'`."
            )
        self.sites.append(RuleSite(node, None, fields["examples"][1] if "examples" in fields else None))
        return use, node, self.options(fields, label, use)

    def options(self, fields: dict[str, tuple[Node, Node]], label: str, use: str) -> EntryOptions:
        options: EntryOptions = {}
        where = f'entry "{use}"'
        if "match" in fields:
            options["match"] = self.matcher(fields["match"][1], label, where)
        if "when" in fields:
            node = fields["when"][1]
            when = predicate(node, self.facts, string_value)
            if isinstance(when, UnreadPredicate):  # `diff` compares it with what it names in the file
                when.identity = self.identity(node)
            options["when"] = when
        if "examples" in fields:
            value = _unwrap(fields["examples"][1])
            if value.type == "array":
                options["examples"] = self.strings(value, label, "`examples`")
            else:
                raise self.refuse(value, label, "`examples`", "Write the examples as an array of string literals.")
        return options

    def declare(self, graph: Graph, pending: list[PendingRule]) -> None:
        if self.run_predicates and any(isinstance(o.get("when"), ScriptPredicate) for _, _, o in pending):
            before_graph_code()  # the graph's code runs from here on: a watching process (if any) starts now
            for _, _, options in pending:
                when = options.get("when")
                if isinstance(when, ScriptPredicate):
                    options["when"] = made_runnable(when)
        for position, (skill, node, options) in enumerate(pending):
            location = SourceLocation(str(self.path), line_of(node))
            try:
                graph.entry(skill, location=location, **options)
            except DeclarationError as exc:
                raise self.located(exc, node, f'rule #{position + 1} ("{skill}")') from None

    def never_routes(self, graph: Graph, node: Node) -> None:
        value = _unwrap(node)
        rows: str | list[str]
        if value.type in ("string", "template_string"):
            rows = self.string(value, "`neverRoutes`", "the never-route phrase")
        else:
            rows = self.strings(value, "`neverRoutes`", "the never-route phrases")
        try:
            graph.never_routes(rows)
        except DeclarationError as exc:
            raise self.located(exc, value, "`neverRoutes`") from None

    def read_builder(self, name: str) -> Graph:
        chain = self.declared.chain
        if not chain or chain[-1][0] != "build":
            raise StaticReadError(
                f"{self.path}:{self.declared.line}: {self.graph_label}: the `skillGraph()` builder chain does not end "
                "in `.build()` in the same expression, so its rules cannot be read statically (calls added "
                "elsewhere would be missed). Chain every call, ending in `.build()`, or use the config form."
            )
        mount = "rules"
        pending: list[PendingRule] = []
        rows: list[Node] = []
        for method, name_node, arguments in chain:
            args = [a for a in arguments.named_children if a.type != "comment"]
            if method == "entry":
                pending.append(self.builder_entry(name_node, arguments, args, len(pending)))
            elif method == "classify":
                mount = "classifier"
            elif method in ("entryBy", "entryByRelevance"):
                mount = "scorer"
            elif method == "entryByRead":
                mount = "read"
            elif method == "neverRoutes":
                if len(args) != 1:
                    raise self.refuse(arguments, "`.neverRoutes(...)`", "the argument list", "Pass one list.")
                rows.append(args[0])
            elif method == "tree":
                raise StaticReadError(
                    f"{self.path}:{line_of(name_node)}: {self.graph_label} is a decision tree (`.tree(...)`), "
                    "which has no start rules for fuzzroute to check."
                )
            elif method not in _BUILDER_METHODS:
                raise StaticReadError(
                    f"{self.path}:{line_of(name_node)}: {self.graph_label}: `.{method}(...)` is not a skillGraph "
                    "builder method fuzzroute knows (entry, route, classify, entryBy, entryByRelevance, "
                    "entryByRead, neverRoutes, build), so it cannot tell what it declares."
                )
        graph = Graph(name, mount=mount)
        self.declare(graph, pending)
        for row in rows:
            self.never_routes(graph, row)
        return graph

    def builder_entry(
        self, name_node: Node, arguments: Node, args: list[Node], position: int
    ) -> PendingRule:
        label = f"`.entry(...)` #{position + 1}"
        if not args or len(args) > 2:
            raise self.refuse(name_node, label, "the `.entry(...)` arguments", "Pass a skill and an options object.")
        skill = self.skill_id(args[0], label)
        label = f'{label} ("{skill}")'
        options: EntryOptions = {}
        if len(args) < 2:
            self.sites.append(RuleSite(None, arguments, None))
        if len(args) == 2:
            fields = self.members(args[1], label, "the entry options")
            examples = fields["examples"][1] if "examples" in fields else None
            self.sites.append(RuleSite(_unwrap(args[1]), arguments, examples))
            if "match" in fields and "when" in fields:
                raise StaticReadError(
                    f"{self.path}:{line_of(name_node)}: {self.graph_label}, {label} sets both `match` and `when`: "
                    "a start rule has at most one condition (the reference refuses it)."
                )
            options = self.options(fields, label, skill)
        return skill, name_node, options

    def identity(self, predicate: Node) -> str:
        """What a `when` is compared by across versions: its text, and that of the file's declarations it names.

        A predicate reads names of its file (a threshold, a helper); the same
        source text with a changed helper is a changed rule, as for a `.py`
        graph, whose predicates are compared with their module's values.
        Names are followed `IDENTITY_DEPTH` declarations deep.
        """
        import json

        named: dict[str, str] = {}
        frontier = [predicate]
        for _ in range(IDENTITY_DEPTH):
            found = []
            for node in frontier:
                for name in sorted({node_text(n) for n in _walk(node) if n.type == "identifier"} - set(named)):
                    declared = _declaration(node, name) or _function_declaration(node, name)
                    if declared is not None:
                        named[name] = " ".join(node_text(declared).split())
                        found.append(declared)
            frontier = found
        return json.dumps([" ".join(node_text(predicate).split()), sorted(named.items())], ensure_ascii=False)

    def declaration(self, name: str) -> Node | None:
        """`name`'s initializer, looked up from the graph's own expression (cached per name).

        Identifiers inside the declaration share its scope; looking up from the
        expression itself keeps the climb short (see `_unchain`).
        """
        if name not in self._declarations:
            self._declarations[name] = _declaration(self.declared.outer, name)
        return self._declarations[name]

    def skill_id(self, node: Node, label: str) -> str:
        """The id of the skill passed to `.entry(`: a defineSkill({ id: '...' }) call, its variable, or a helper."""
        node = _unwrap(node)
        found = self._skill_from(node, set())
        if found is None:
            raise self.refuse(
                node, label, "the skill",
                "Pass a variable bound to defineSkill({ id: '...' }) in this file (or the defineSkill call itself).",
            )
        return found

    def _skill_from(self, node: Node, seen: set[int]) -> str | None:
        node = _unwrap(node)
        if node.id in seen:
            return None
        seen.add(node.id)
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is None or arguments is None:
                return None
            args = [a for a in arguments.named_children if a.type != "comment"]
            if node_text(function) == "defineSkill" and len(args) == 1:
                fields = self.members(args[0], None, "the defineSkill options")
                if "id" in fields:
                    return string_value(_unwrap(fields["id"][1]))
                return None
            if function.type == "identifier" and args:
                helper = self.declaration(node_text(function))
                literal = string_value(_unwrap(args[0]))
                if helper is not None and literal is not None:
                    return _helper_id(helper, literal, self)
            return None
        if node.type == "identifier":
            value = self.declaration(node_text(node))
            return None if value is None else self._skill_from(value, seen)
        return None


def _declaration(at: Node, name: str) -> Node | None:
    """The initializer of the nearest `const|let|var name = ...` visible from `at` (lexically)."""
    scope = at.parent
    while scope is not None:
        if scope.type in ("program", "statement_block", "class_body", "switch_body"):
            for statement in scope.named_children:
                declaration = statement
                if statement.type == "export_statement":
                    inner = statement.child_by_field_name("declaration")
                    if inner is None:
                        continue
                    declaration = inner
                if declaration.type not in ("lexical_declaration", "variable_declaration"):
                    continue
                for declarator in declaration.named_children:
                    if declarator.type != "variable_declarator":
                        continue
                    name_node = declarator.child_by_field_name("name")
                    value = declarator.child_by_field_name("value")
                    if name_node is not None and node_text(name_node) == name and value is not None:
                        return value
        scope = scope.parent
    return None


def _function_declaration(at: Node, name: str) -> Node | None:
    """The nearest `function name(...) {...}` visible from `at` (lexically), or None."""
    scope = at.parent
    while scope is not None:
        if scope.type in ("program", "statement_block"):
            for statement in scope.named_children:
                declaration = statement
                if statement.type == "export_statement":
                    declaration = statement.child_by_field_name("declaration") or statement
                if declaration.type in ("function_declaration", "generator_function_declaration"):
                    name_node = declaration.child_by_field_name("name")
                    if name_node is not None and node_text(name_node) == name:
                        return declaration
        scope = scope.parent
    return None


def _helper_id(helper: Node, literal: str, reader: _Reader) -> str | None:
    """`const sk = (id) => defineSkill({ id, ... })` called as `sk('x')`: the id 'x'."""
    helper = _unwrap(helper)
    if helper.type not in ("arrow_function", "function_expression", "function"):
        return None
    parameters = helper.child_by_field_name("parameters") or helper.child_by_field_name("parameter")
    body = helper.child_by_field_name("body")
    if parameters is None or body is None:
        return None
    if parameters.type == "identifier":
        first = node_text(parameters)
    else:
        names = [p for p in parameters.named_children if p.type in ("required_parameter", "identifier")]
        if not names:
            return None
        pattern = names[0].child_by_field_name("pattern") if names[0].type == "required_parameter" else names[0]
        if pattern is None or pattern.type != "identifier":
            return None
        first = node_text(pattern)
    body = _unwrap(body)
    if body.type == "statement_block":
        returns = [s for s in body.named_children if s.type == "return_statement"]
        if len(returns) != 1 or not returns[0].named_children:
            return None
        body = _unwrap(returns[0].named_children[0])
    if body.type != "call_expression":
        return None
    function = body.child_by_field_name("function")
    arguments = body.child_by_field_name("arguments")
    if function is None or node_text(function) != "defineSkill" or arguments is None:
        return None
    args = [a for a in arguments.named_children if a.type != "comment"]
    if len(args) != 1:
        return None
    fields = reader.members(args[0], None, "the defineSkill options")
    if "id" not in fields:
        return None
    key, value = fields["id"]
    value = _unwrap(value)
    if value.type in ("identifier", "shorthand_property_identifier") and node_text(value) == first:
        return literal
    return string_value(value)


# -- string literals -------------------------------------------------------------------------------

_ESCAPE = re.compile(
    r"\\(u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[0-3][0-7]{0,2}|[4-7][0-7]?|\r\n|[\s\S])"
)
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v",
           "\n": "", "\r\n": "", "\r": "", "\u2028": "", "\u2029": ""}
_DECIMAL = frozenset("0123456789")


class BadEscape(Exception):
    """A string literal with an escape JavaScript refuses here; `node` says where, `why` says why."""

    def __init__(self, node: Node | None, escape: str, why: str) -> None:
        super().__init__(escape)
        self.node, self.escape, self.why = node, escape, why


@dataclass(frozen=True)
class Strictness:
    """Which code of a file is strict, where a legacy octal escape (`'\\101'`, `'\\7'`, `'\\8'`) is refused.

    TypeScript refuses them everywhere (tsc: "Octal escape sequences are not
    allowed"), and so does JavaScript in strict code: a module (a `.mjs`
    file, a file with `import` or `export`, a `.js` file whose nearest
    package.json says `"type": "module"`), a script under a `'use strict'`
    directive, a function whose body starts with one, and every class body.
    Elsewhere (a sloppy script) V8 reads them as Annex B of ECMAScript says:
    up to three octal digits are one character (`'\\101'` is `A`), and
    `'\\8'`, `'\\9'` are the digits themselves.
    """

    everywhere: str | None
    regions: tuple[tuple[int, int, str], ...] = ()

    def at(self, node: Node) -> str | None:
        """Why the code at `node` is strict (None: sloppy)."""
        if self.everywhere is not None:
            return self.everywhere
        for start, end, why in self.regions:
            if start <= node.start_byte < end:
                return why
        return None


_TYPESCRIPT = Strictness("a TypeScript file")
#: The strictness of the file being read (set for the duration of a read).
_strictness = _TYPESCRIPT


def strictness_of(path: Path, tree: tree_sitter.Tree, text: str) -> Strictness:
    """Which code of the file at `path` (parsed as `tree`) is strict."""
    suffix = path.suffix.lower()
    if suffix in (".ts", ".tsx", ".mts", ".cts"):
        return _TYPESCRIPT
    if suffix == ".mjs":
        return Strictness("a module (.mjs)")
    root = tree.root_node
    if suffix != ".cjs" and any(c.type in ("import_statement", "export_statement") for c in root.named_children):
        return Strictness("a module (the file has import or export)")
    if suffix in (".js", ".jsx") and _package_type(path) == "module":
        return Strictness('a module (the nearest package.json says "type": "module")')
    if _directs_strict(root):
        return Strictness("a script under 'use strict'")
    if "\\" not in text:
        return Strictness(None)
    regions = []
    for node in _walk(root):
        if node.type in ("class_declaration", "class", "abstract_class_declaration"):
            regions.append((node.start_byte, node.end_byte, "a class body (strict code)"))
        elif node.type in _FUNCTIONS:
            body = node.child_by_field_name("body")
            if body is not None and body.type == "statement_block" and _directs_strict(body):
                regions.append((node.start_byte, node.end_byte, "a function under 'use strict'"))
    return Strictness(None, tuple(regions))


_FUNCTIONS = frozenset({"function_declaration", "function_expression", "function", "arrow_function",
                        "method_definition", "generator_function", "generator_function_declaration"})


def _directs_strict(block: Node) -> bool:
    """Whether the directive prologue of a program or function body holds a `'use strict'` directive."""
    for statement in block.named_children:
        if statement.type == "comment":
            continue
        if statement.type != "expression_statement" or len(statement.named_children) != 1:
            return False
        literal = statement.named_children[0]
        if literal.type != "string":
            return False
        if node_text(literal)[1:-1] == "use strict":  # exactly, without escapes (a directive is raw text)
            return True
    return False


def _package_type(path: Path) -> str | None:
    """The `type` of the nearest package.json above `path` (as node reads it), or None."""
    import json

    try:
        folder = path.resolve().parent
    except OSError:
        return None
    for candidate in (folder, *folder.parents):
        manifest = candidate / "package.json"
        try:
            if not manifest.is_file():
                continue
            found = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        kind = found.get("type") if isinstance(found, dict) else None
        return kind if isinstance(kind, str) else None
    return None


def _unescape(raw: str, node: Node | None, strict: str | None, template: bool = False) -> str:
    """The value of a literal's text between its quotes: JavaScript's escapes, as V8 reads them here."""
    out: list[str] = []
    position = 0
    for found in _ESCAPE.finditer(raw):
        out.append(raw[position:found.start()])
        position = found.end()
        body = found.group(1)
        following = raw[found.end():found.end() + 1]
        if body in _SIMPLE:
            out.append(_SIMPLE[body])
        elif body.startswith("u{"):
            code = int(body[2:-1], 16)
            if code > 0x10FFFF:
                raise BadEscape(node, found.group(0), "names no character: Unicode ends at U+10FFFF, and JavaScript "
                                 "refuses this literal as a syntax error. Write a code point up to \\u{10FFFF}.")
            out.append(chr(code))
        elif body[0] in "ux" and len(body) > 1:
            out.append(chr(int(body[1:], 16)))
        elif body[0] in "ux":
            raise BadEscape(node, found.group(0) + raw[found.end():found.end() + 4],
                             "is not a complete escape (\\xHH, \\uHHHH or \\u{H...}), which JavaScript refuses "
                             "as a syntax error. Write all the hex digits.")
        elif body == "0" and following not in _DECIMAL:
            out.append("\0")
        elif body[0] in "01234567" or body in ("8", "9"):
            out.append(_legacy(body, found.group(0), node, strict, template))
        else:
            out.append(body)
    out.append(raw[position:])
    return to_code_points("".join(out))


def _legacy(body: str, escape: str, node: Node | None, strict: str | None, template: bool) -> str:
    """A legacy octal escape (`\\101`, `\\7`, `\\08`) or `\\8`/`\\9`: Annex B's value, or refused."""
    octal = body not in ("8", "9")
    value = chr(int(body, 8)) if octal else body
    if template:
        raise BadEscape(node, escape, "is an octal escape in a template literal, which JavaScript refuses as a "
                         f"syntax error in every file. Write {_suggested(value, octal)}.")
    if strict is not None:
        kind = "a legacy octal escape" if octal else "an escape JavaScript allows only in sloppy scripts"
        raise BadEscape(node, escape, f"is {kind}: a syntax error in strict code, here {strict} (tsc refuses it "
                         f"too: \"{'Octal escape sequences are' if octal else 'Escape sequence ' + escape + ' is'} "
                         f"not allowed\"). Write {_suggested(value, octal)}.")
    return value


def _suggested(value: str, octal: bool) -> str:
    return f"`\\x{ord(value):02x}` (the character it names)" if octal else f"`{value}` (the digit itself)"


def string_value(node: Node, strictness: Strictness | None = None) -> str | None:
    """The value of a string literal or a template literal without substitutions (None otherwise).

    Escapes are read as the code at `node` is (`strictness`: by default the
    file's being read); an escape JavaScript refuses there raises, and the
    read turns that into one paragraph naming the line.
    """
    node = _unwrap(node)
    if node.type == "string":
        text = node_text(node)
        return _unescape(text[1:-1], node, (strictness or _strictness).at(node))
    if node.type == "template_string":
        if any(c.type == "template_substitution" for c in node.children):
            return None
        text = node_text(node)[1:-1]
        return _unescape(text.replace("\r\n", "\n").replace("\r", "\n"), node, None, template=True)
    return None


# -- loading -----------------------------------------------------------------------------------------


def _pick(path: Path, graphs: list[Declared], selector: str | None) -> Declared:
    if not graphs:
        raise InputError(
            f"{path}: no skillGraph(...) declaration found. fuzzroute reads the reference library's two forms: "
            "skillGraph({ start: { rules: [...] } }) and skillGraph().entry(skill, {...}).build()."
        )
    listing = ", ".join(f"{path}:{g.label}" + (f" (line {g.line})" if g.name else "") for g in graphs)
    if selector is None:
        if len(graphs) == 1:
            return graphs[0]
        raise InputError(f"{path}: several graphs are declared ({listing}); pick one, e.g. {path}:{graphs[0].label}.")
    if selector.isdigit():
        chosen = [g for g in graphs if g.line == int(selector)]
    else:
        chosen = [g for g in graphs if g.name == selector]
    if len(chosen) != 1:
        what = "no graph" if not chosen else "several graphs"
        raise InputError(
            f"{path}: {what} named or starting on `{selector}` (graphs: {listing}). Pick one by the variable it is "
            "bound to (`default` for export default) or by the line of its skillGraph( call."
        )
    return chosen[0]


def read_typescript_graph(path: Path, text: str, selector: str | None) -> tuple[Graph, Declared]:
    """The graph of a TypeScript/JavaScript file (the one `selector` names: a variable or a line)."""
    return _refusing_bad_escapes(path, lambda: _read_typescript_graph(path, text, selector))


def _read_typescript_graph(path: Path, text: str, selector: str | None) -> tuple[Graph, Declared]:
    tree = parse_source(path, text)
    _set_strictness(strictness_of(path, tree, text))
    facts = file_facts(path, text.encode("utf-8", "surrogatepass"), tree.root_node)
    declared = _pick(path, find_graphs(tree), selector)
    if declared.outer.has_error:
        bad = next((n for n in _walk(declared.outer) if n.type == "ERROR" or n.is_missing), declared.outer)
        raise InputError(
            f"{path}:{line_of(bad)}: syntax error in the graph declaration (the parser could not read "
            f"`{' '.join(node_text(bad).split())[:40]}`). Fix the syntax there; fuzzroute reads the file as "
            f"{'TypeScript' if path.suffix.lower() in ('.ts', '.mts', '.cts') else 'TSX/JavaScript'}."
        )
    return _Reader(path, declared, facts).read(), declared


def _refusing_bad_escapes(path: Path, read: Callable[[], T]) -> T:
    try:
        return read()
    except BadEscape as exc:
        line = f":{line_of(exc.node)}" if exc.node is not None else ""
        raise InputError(f"{path}{line}: the string escape `{exc.escape[:20]}` {exc.why}") from None
    finally:
        _set_strictness(_TYPESCRIPT)


def _set_strictness(found: Strictness) -> None:
    global _strictness
    _strictness = found


def rule_sites(path: Path, text: str, selector: str | None) -> list[RuleSite | None]:
    """Where each entry of the selected graph is written, by entry index (None: it cannot take examples)."""
    def read() -> list[RuleSite | None]:
        tree = parse_source(path, text)
        _set_strictness(strictness_of(path, tree, text))
        facts = file_facts(path, text.encode("utf-8", "surrogatepass"), tree.root_node)
        reader = _Reader(path, _pick(path, find_graphs(tree), selector), facts, run_predicates=False)
        reader.read()
        return reader.sites

    return _refusing_bad_escapes(path, read)
