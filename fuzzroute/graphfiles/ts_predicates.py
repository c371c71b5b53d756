"""A `when` predicate of a TypeScript or JavaScript graph, made runnable from the tree already read.

The reference runs a `when` on every turn; fuzzroute runs it in a V8
sandbox (`fuzzroute.jsrun`).  What runs is the predicate's own text, with
TypeScript's type syntax blanked out of it (the nodes the tree-sitter tree
marks as types: annotations, `as` / `satisfies`, `!`, type arguments and
parameters, type and interface declarations), so lines and columns stay
where the author wrote them.  TypeScript syntax that is no mere annotation
(an `enum`, a `namespace`, a parameter property, a decorator) is not run.

The predicate runs alone: the module-level constants of literal values it
reads (a string, a number, a regex literal, arrays and objects of those) are
written into its factory, made anew on each call.  Anything else it closes
over (an import, a function, a `let`, a computed constant), a Node.js or
browser global (`process`, `require`, `setTimeout`), code built from text
(`eval`, `Function`) or a module load (`import()`) leaves the rule "not
run", with the reason and the line: what it would answer depends on code
the sandbox does not have.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import tree_sitter

from fuzzroute.engine.unread import UnreadPredicate
from fuzzroute.jsrun import client
from fuzzroute.jsrun.predicate import ScriptPredicate

Node = tree_sitter.Node

TYPESCRIPT_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")

#: The globals the sandbox has and a predicate may name: ECMAScript's own (and `console`, which does nothing).
SANDBOX_GLOBALS = frozenset({
    "Object", "Array", "Number", "parseFloat", "parseInt", "Infinity", "NaN", "undefined", "Boolean", "String",
    "Symbol", "Date", "Promise", "RegExp", "Error", "AggregateError", "EvalError", "RangeError", "ReferenceError",
    "SyntaxError", "TypeError", "URIError", "globalThis", "JSON", "Math", "Intl", "ArrayBuffer", "Uint8Array",
    "Int8Array", "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "BigUint64Array", "BigInt64Array",
    "Uint8ClampedArray", "Float32Array", "Float64Array", "DataView", "Map", "BigInt", "Set", "WeakMap", "WeakSet",
    "Proxy", "Reflect", "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape",
    "isFinite", "isNaN", "console", "arguments",
})
#: Globals that build code from text: the sandbox refuses to.
CODE_FROM_TEXT = frozenset({"eval", "Function"})

#: Nodes that are TypeScript types and nothing else: blanked whole.
_TYPE_NODES = frozenset({
    "type_annotation", "type_predicate_annotation", "asserts_annotation", "type_arguments", "type_parameters",
    "type_alias_declaration", "interface_declaration", "function_signature", "ambient_declaration",
    "implements_clause", "accessibility_modifier", "override_modifier", "index_signature",
})
#: TypeScript that changes what the code does (so it cannot be blanked), with how a message names it.
_NOT_ERASABLE = {
    "enum_declaration": "an `enum`",
    "internal_module": "a `namespace`",
    "module": "a `module` declaration",
    "abstract_class_declaration": "an abstract class",
    "decorator": "a decorator",
    "import_alias": "an `import x = ...` alias",
}
#: Marks that are only types: `x?: T` of a parameter, `let x!: T` and class fields' `?` and `!`.
_MARKS = {"optional_parameter": ("?",), "variable_declarator": ("!",), "public_field_definition": ("?", "!")}
#: Nodes that open a scope whose statements may declare a name.
_SCOPES = frozenset({"program", "statement_block", "class_body", "switch_body", "switch_case", "switch_default"})
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function", "generator_function",
                        "function_declaration", "generator_function_declaration", "method_definition"})
_WRAPPERS = ("parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression")


class NotRunnable(Exception):
    """Why a predicate is not run (a sentence), and the node it is about."""

    def __init__(self, reason: str, node: Node) -> None:
        super().__init__(reason)
        self.reason, self.node = reason, node


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "surrogatepass")


def _line(node: Node) -> int:
    return node.start_point[0] + 1


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def _unwrap(node: Node) -> Node:
    while node.type in _WRAPPERS and node.named_children:
        node = node.named_children[0]
    return node


# -- type syntax ---------------------------------------------------------------------------------------


def type_ranges(node: Node) -> list[tuple[int, int]]:
    """The byte ranges of TypeScript type syntax under `node`, to blank; raises `NotRunnable` for non-erasable TS."""
    ranges: list[tuple[int, int]] = []
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.type
        if kind in _NOT_ERASABLE:
            raise NotRunnable(f"it uses {_NOT_ERASABLE[kind]}, TypeScript that is more than a type to erase", current)
        if kind in _TYPE_NODES:
            ranges.append((current.start_byte, current.end_byte))
            continue
        if kind in ("as_expression", "satisfies_expression") and current.named_children:
            ranges.append((current.named_children[0].end_byte, current.end_byte))
            stack.append(current.named_children[0])
            continue
        if kind == "non_null_expression":
            bang = current.children[-1]
            ranges.append((bang.start_byte, bang.end_byte))
        marks = _MARKS.get(kind, ())
        ranges.extend((c.start_byte, c.end_byte) for c in current.children if c.type in marks)
        if kind in ("required_parameter", "optional_parameter"):
            if any(c.type in ("accessibility_modifier", "readonly", "override_modifier") for c in current.children):
                raise NotRunnable("it declares a parameter property, TypeScript that is more than a type", current)
            pattern = current.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "this":
                ranges.append((current.start_byte, _after_comma(current)))
                continue
        stack.extend(current.children)
    return sorted(ranges)


def _after_comma(node: Node) -> int:
    following = node.next_sibling
    return following.end_byte if following is not None and following.type == "," else node.end_byte


def blanked(source: bytes, start: int, end: int, ranges: list[tuple[int, int]]) -> str:
    """`source[start:end]` with each range blanked to spaces (line breaks kept, so lines stay where they were)."""
    out = bytearray(source[start:end])
    for low, high in ranges:
        low, high = max(low, start), min(high, end)
        for position in range(low, high):
            if out[position - start] not in (0x0A, 0x0D):
                out[position - start] = 0x20
    return out.decode("utf-8", "surrogatepass")


def _inside(position: int, ranges: list[tuple[int, int]]) -> bool:
    return any(low <= position < high for low, high in ranges)


# -- names -------------------------------------------------------------------------------------------


#: The field of a pattern node that holds what it declares (a default's value, a pair's key, are not).
_DECLARING_FIELD = {"assignment_pattern": "left", "object_assignment_pattern": "left", "pair_pattern": "value",
                    "required_parameter": "pattern", "optional_parameter": "pattern"}
#: The field of a node that declares names under it (a function's name is handled apart).
_DECLARES = {"variable_declarator": "name", "catch_clause": "parameter"}


def _pattern_names(node: Node, out: dict[str, Node]) -> None:
    """The names a binding pattern declares (not the defaults' references)."""
    kind = node.type
    if kind in ("identifier", "shorthand_property_identifier_pattern"):
        out.setdefault(_text(node), node)
    elif kind in _DECLARING_FIELD:
        inner = node.child_by_field_name(_DECLARING_FIELD[kind])
        if inner is not None:
            _pattern_names(inner, out)
    elif kind in ("object_pattern", "array_pattern", "rest_pattern", "formal_parameters"):
        for child in node.named_children:
            _pattern_names(child, out)


def _declared_in(root: Node) -> tuple[dict[str, Node], set[int]]:
    """Every name declared anywhere under `root` (block scopes flattened), and the ids of the declaring nodes."""
    names: dict[str, Node] = {}
    for node in _walk(root):
        kind = node.type
        declaring: Node | None = None
        if kind in _FUNCTIONS or kind in ("class_declaration", "class"):
            name = node.child_by_field_name("name")
            if name is not None and kind != "method_definition":
                names.setdefault(_text(name), name)
            declaring = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        elif kind in _DECLARES:
            declaring = node.child_by_field_name(_DECLARES[kind])
        elif kind == "for_in_statement" and node.child_by_field_name("kind") is not None:
            declaring = node.child_by_field_name("left")
        if declaring is not None:
            _pattern_names(declaring, names)
    return names, {n.id for n in names.values()}


@dataclass(frozen=True)
class Binding:
    """Where a name the predicate reads is bound: its kind (`const`, `let`, `import`, ...) and nodes."""

    kind: str
    node: Node
    value: Node | None = None


def binding_of(at: Node, name: str) -> Binding | None:
    """The nearest binding of `name` visible from `at`, climbing the enclosing scopes to the module."""
    node: Node | None = at
    while node is not None:
        parent = node.parent
        if parent is None:
            break
        if parent.type in _FUNCTIONS and node.type != "formal_parameters":
            declared: dict[str, Node] = {}
            parameters = parent.child_by_field_name("parameters") or parent.child_by_field_name("parameter")
            if parameters is not None:
                _pattern_names(parameters, declared)
            if name in declared:
                return Binding("parameter", declared[name])
        if parent.type == "catch_clause":
            parameter = parent.child_by_field_name("parameter")
            found: dict[str, Node] = {}
            if parameter is not None:
                _pattern_names(parameter, found)
            if name in found:
                return Binding("parameter", found[name])
        if parent.type in _SCOPES:
            for statement in parent.named_children:
                binding = _declares(statement, name)
                if binding is not None:
                    return binding
        node = parent
    return None


def _declares(statement: Node, name: str) -> Binding | None:
    if statement.type == "export_statement":
        inner = statement.child_by_field_name("declaration")
        return None if inner is None else _declares(inner, name)
    kind = statement.type
    if kind in ("lexical_declaration", "variable_declaration"):
        word = statement.child_by_field_name("kind")
        keyword = _text(word) if word is not None else "var"
        for declarator in statement.named_children:
            if declarator.type != "variable_declarator":
                continue
            target = declarator.child_by_field_name("name")
            declared: dict[str, Node] = {}
            if target is not None:
                _pattern_names(target, declared)
            if name in declared:
                simple = target is not None and target.type == "identifier"
                return Binding(keyword if simple else f"{keyword} (destructured)", declarator,
                               declarator.child_by_field_name("value") if simple else None)
        return None
    if kind in ("function_declaration", "generator_function_declaration", "class_declaration",
                "abstract_class_declaration", "enum_declaration"):
        declared_name = statement.child_by_field_name("name")
        if declared_name is not None and _text(declared_name) == name:
            return Binding(kind.removesuffix("_declaration").replace("_", " "), statement, statement)
        return None
    if kind == "import_statement":
        for node in _walk(statement):
            if node.type == "import_specifier":
                alias = node.child_by_field_name("alias") or node.child_by_field_name("name")
                if alias is not None and _text(alias) == name:
                    return Binding("import", statement)
            elif node.type in ("identifier",) and node.parent is not None and node.parent.type in (
                    "import_clause", "namespace_import") and _text(node) == name:
                return Binding("import", statement)
    return None


def is_literal(node: Node) -> bool:
    """A literal value: a string, number, regex, boolean, null or undefined, or arrays and objects of them."""
    node = _unwrap(node)
    kind = node.type
    if kind in ("string", "number", "regex", "true", "false", "null"):
        return True
    if kind == "identifier":
        return _text(node) == "undefined"
    if kind == "template_string":
        return not any(c.type == "template_substitution" for c in node.children)
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        return operator is not None and _text(operator) in ("-", "+") and argument is not None \
            and _unwrap(argument).type == "number"
    if kind == "array":
        return all(c.type == "comment" or is_literal(c) for c in node.named_children)
    if kind == "object":
        for member in node.named_children:
            if member.type == "comment":
                continue
            if member.type != "pair":
                return False
            key = member.child_by_field_name("key")
            value = member.child_by_field_name("value")
            if key is None or value is None or key.type not in ("property_identifier", "string", "number"):
                return False
            if not is_literal(value):
                return False
        return True
    return False


# -- the predicate -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FileFacts:
    """What every predicate of one file shares: its bytes, whether it is TypeScript, and whether it is strict."""

    path: Path
    source: bytes
    typescript: bool
    strict: bool


def file_facts(path: Path, source: bytes, root: Node) -> FileFacts:
    """TypeScript and ES modules run in strict mode; a `.js`/`.jsx`/`.cjs` script only with "use strict"."""
    suffix = path.suffix.lower()
    typescript = suffix in TYPESCRIPT_SUFFIXES
    strict = typescript or suffix == ".mjs"
    if not strict:
        for statement in root.named_children:
            if statement.type in ("import_statement", "export_statement"):
                strict = True
                break
        first = next((s for s in root.named_children if s.type != "comment"), None)
        if first is not None and first.type == "expression_statement":
            inner = first.named_children[0] if first.named_children else None
            if inner is not None and inner.type == "string" and _text(inner)[1:-1] == "use strict":
                strict = True
    return FileFacts(path, source, typescript, strict)


def _function_of(value: Node) -> Node:
    """The function a `when` value names: the value itself, or what a local name is bound to."""
    node = _unwrap(value)
    if node.type in _FUNCTIONS:
        return node
    if node.type == "identifier":
        binding = binding_of(node, _text(node))
        if binding is not None and binding.kind in ("function", "generator function"):
            return binding.node
        if binding is not None and binding.kind == "const" and binding.value is not None:
            target = _unwrap(binding.value)
            if target.type in _FUNCTIONS:
                return target
        where = f" (line {_line(binding.node)})" if binding is not None else ""
        raise NotRunnable(f"`when` is `{_text(node)}`{where}, which is not a function declared in this file", node)
    raise NotRunnable("`when` is not a function written in the file (a call or an expression builds it)", node)


def _code_of(function: Node, facts: FileFacts, ranges: list[tuple[int, int]]) -> str:
    """The function's text as a JavaScript function expression (a shorthand method is written as one)."""
    if function.type != "method_definition":
        return blanked(facts.source, function.start_byte, function.end_byte, ranges)
    name = function.child_by_field_name("name")
    tokens = {c.type for c in function.children}
    if "get" in tokens or "set" in tokens:
        raise NotRunnable("`when` is a getter or setter, not a function", function)
    assert name is not None
    head = ("async " if "async" in tokens else "") + "function" + ("*" if "*" in tokens else "") + " "
    return head + blanked(facts.source, name.end_byte, function.end_byte, ranges)


def _references(function: Node, ranges: list[tuple[int, int]]) -> list[Node]:
    """The identifiers the function reads that it does not declare itself (first use of each name)."""
    declared, declaring = _declared_in(function)
    seen: dict[str, Node] = {}
    for node in _walk(function):
        if _inside(node.start_byte, ranges):
            continue
        if node.type == "call_expression":
            callee = node.child_by_field_name("function")
            if callee is not None and callee.type == "import":
                raise NotRunnable("it loads a module (`import()`), and the sandbox has no module loader", node)
        if node.type == "meta_property" and _text(node).startswith("import"):
            raise NotRunnable("it reads `import.meta`, and the sandbox runs no module", node)
        if node.type not in ("identifier", "shorthand_property_identifier") or node.id in declaring:
            continue
        name = _text(node)
        if name not in declared:
            seen.setdefault(name, node)
    return list(seen.values())


def _constant(binding: Binding, name: str, use: Node) -> Node:
    """The literal value of a constant the predicate reads; `NotRunnable` naming what it is otherwise."""
    where = f"line {_line(binding.node)}"
    if binding.kind == "const" and binding.value is not None:
        if is_literal(binding.value):
            return binding.value
        what = f"a constant whose value is not a literal ({where})"
    elif binding.kind in ("let", "var"):
        what = f"a `{binding.kind}` binding, state that can change ({where})"
    elif binding.kind == "import":
        what = f"an import ({where})"
    elif binding.kind in ("function", "generator function"):
        what = f"a function declared on {where}"
    elif binding.kind == "parameter":
        what = f"a parameter of an enclosing function ({where})"
    else:
        what = f"a {binding.kind} ({where})"
    raise NotRunnable(
        f"it reads `{name}`, {what}; only module-level constants of literal values go into the sandbox with it", use
    )


def _free_name(name: str, use: Node) -> None:
    if name in SANDBOX_GLOBALS:
        return
    if name in CODE_FROM_TEXT:
        raise NotRunnable(f"it builds code from text (`{name}`), which the sandbox does not run", use)
    raise NotRunnable(
        f"it uses `{name}`, which is not declared in this file nor an ECMAScript global: the sandbox has no "
        "Node.js or browser globals (no `require`, `process`, timers, network or file system)", use
    )


def _string_values(nodes: list[Node], string_value: Callable[[Node], str | None]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for root in nodes:
        for node in _walk(root):
            if node.type in ("string", "template_string"):
                value = string_value(node)
                if value:
                    found.setdefault(value, None)
    return tuple(found)


def _fingerprint(nodes: list[Node], ranges: list[tuple[int, int]], strict: bool) -> str:
    """The code's tokens (types and comments left out): equal exactly when the code that runs is the same."""
    tokens = ["strict" if strict else "sloppy"]
    for root in nodes:
        tokens.append("\x01")
        for node in _walk(root):
            if node.child_count == 0 and node.type != "comment" and not _inside(node.start_byte, ranges):
                tokens.append(_text(node))
    return "\x00".join(tokens)


def _always_true(function: Node) -> str | None:
    tokens = {c.type for c in function.children}
    if "async" in tokens:
        return ("is an async function: it returns a Promise, which JavaScript reads as true, so the rule claims "
                "every message it is asked about (the reference reads it the same way)")
    if "*" in tokens or function.type in ("generator_function", "generator_function_declaration"):
        return ("is a generator function: it returns an iterator, which JavaScript reads as true, so the rule "
                "claims every message it is asked about (the reference reads it the same way)")
    return None


def _queues_jobs(function: Node, strict: bool) -> bool:
    """Whether the predicate may queue jobs (a Promise's): then they run inside its own call's limit."""
    for node in _walk(function):
        kind = node.type
        if kind in ("await_expression", "async"):
            return True
        if kind == "identifier" and _text(node) in ("Promise", "globalThis"):
            return True
        if kind == "property_identifier" and _text(node) == "then":
            return True
        if kind == "this" and not strict:
            return True
    return False


def predicate(
    value: Node, facts: FileFacts, string_value: Callable[[Node], str | None]
) -> ScriptPredicate | UnreadPredicate:
    """The `when` written as `value`: a predicate to run, or one not run with the reason and the line.

    `string_value` reads a string literal as the file's reader does (its
    strings are the predicate's magic values, for generation).
    """
    caption = " ".join(_text(value).split())
    try:
        function = _function_of(value)
        ranges = type_ranges(function) if facts.typescript else []
        constants: dict[str, Node] = {}
        for use in _references(function, ranges):
            name = _text(use)
            binding = binding_of(function, name)
            if binding is None:
                _free_name(name, use)
                continue
            constants[name] = _constant(binding, name, use)
        values = sorted(constants.items(), key=lambda item: item[1].start_byte)
        constant_ranges = [r for _, node in values for r in (type_ranges(node) if facts.typescript else [])]
        code = _factory(function, values, facts, ranges + constant_ranges)
        original = _factory(function, values, facts, [])
    except NotRunnable as exc:
        return UnreadPredicate(caption, f"{exc.reason} (line {_line(exc.node)})")
    fingerprint = _fingerprint([function, *(n for _, n in values)], ranges + constant_ranges, facts.strict)
    fingerprint = "\x02".join([*(name for name, _ in values), fingerprint])
    return ScriptPredicate(
        code, caption, fingerprint, _string_values([function, *constants.values()], string_value),
        queues_jobs=_queues_jobs(function, facts.strict), always_true=_always_true(function), original=original,
    )


def _factory(function: Node, constants: list[tuple[str, Node]], facts: FileFacts, ranges: list[tuple[int, int]]) -> str:
    """`function () { const K = ...; return (PREDICATE); }`: the constants made anew on every call."""
    lines = ["function () {"] + (["'use strict';"] if facts.strict else [])
    for name, node in constants:
        lines.append(f"const {name} = {blanked(facts.source, node.start_byte, node.end_byte, ranges)};")
    return "\n".join([*lines, "return (", _code_of(function, facts, ranges), ");", "}"])


def made_runnable(found: ScriptPredicate | UnreadPredicate) -> ScriptPredicate | UnreadPredicate:
    """The predicate compiled in the sandbox (started now), or not run with why: V8 missing, or its compile error."""
    if isinstance(found, UnreadPredicate):
        return found
    missing = client.missing_v8()
    if missing is not None:
        return UnreadPredicate(found.__name__, missing)
    try:
        error = found.compile_error()
    except client.SandboxUnavailable as exc:
        return UnreadPredicate(found.__name__, str(exc))
    if error is not None:
        return UnreadPredicate(found.__name__, f"V8 refused the code: {error}")
    return found
