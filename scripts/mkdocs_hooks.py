"""MkDocs hooks: the reference pages that are generated from the code at build time.

A page asks for generated content with a marker line; the hook replaces it
before Markdown is rendered, so a field added to a schema or a name added to
the public API appears in the site without anyone editing a page:

- `<!-- generated: schema fuzzroute/schema/NAME.schema.json -->`: one table per
  object of the JSON schema (the document itself, then each definition).
- `<!-- generated: public-api -->`: a mkdocstrings block for every name of
  `fuzzroute._PUBLIC`, grouped by the module that defines it.

The command-line reference needs no hook: mkdocs-click reads the click
definitions itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- generated: (?P<what>[a-z-]+)(?: (?P<arg>\S+))? -->$", re.MULTILINE)


def on_config(config: Any) -> Any:
    """Every command built before the reference page renders (mkdocs-click reads the group's `commands`)."""
    from fuzzroute.cli import main

    main.load_every_command()
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:  # mkdocs' signature
    """Replace every generation marker of a page with its content."""
    return MARKER.sub(lambda m: generate(m.group("what"), m.group("arg")), markdown)


def generate(what: str, arg: str | None) -> str:
    """The Markdown a marker stands for; an unknown marker fails the (strict) build."""
    if what == "schema" and arg:
        return schema_markdown(json.loads((ROOT / arg).read_text(encoding="utf-8")), arg)
    if what == "public-api":
        return public_api_markdown()
    raise ValueError(f"unknown generation marker {what!r} {arg!r}")


def public_api_markdown() -> str:
    """One mkdocstrings directive per public name, in the package's own grouping by module."""
    import fuzzroute

    by_module: dict[str, list[str]] = {}
    for name, module in sorted(fuzzroute._PUBLIC.items(), key=lambda item: (item[1], item[0].lower())):
        by_module.setdefault(module, []).append(name)
    lines: list[str] = []
    for module, names in by_module.items():
        lines += [f"## `{module}`", ""]
        lines += ["Imported as " + ", ".join(f"`fuzzroute.{n}`" for n in names) + ".", ""]
        for name in names:
            lines += [f"::: {identifier(module, name)}", ""]
    return "\n".join(lines)


def identifier(module: str, name: str) -> str:
    """Where a public name is defined (a function `decide` beside a module `decide` is the function)."""
    import importlib
    import inspect

    value = getattr(importlib.import_module(module), name)
    if inspect.isclass(value) or inspect.isfunction(value):
        return f"{value.__module__}.{value.__qualname__}"
    return f"{module}.{name}"


# -- JSON schema to tables --------------------------------------------------------------------------


def schema_markdown(schema: dict[str, Any], path: str) -> str:
    """Tables of every object the schema describes: its title and description, then fields."""
    lines = [f"Generated from `{path}` ({schema.get('$schema', 'JSON schema')}).", ""]
    if schema.get("description"):
        lines += [one_line(schema["description"]), ""]
    lines += object_table(schema)
    for name, definition in schema.get("$defs", {}).items():
        lines += ["", f"### `{name}` {{ #def-{name} }}", ""]
        if definition.get("description"):
            lines += [one_line(definition["description"]), ""]
        if has_fields(definition):
            lines += object_table(definition)
        else:
            lines += [f"Type: {type_of(definition)}.", ""]
    # Anchors are per schema, so two schemas on one page never share one.
    prefix = Path(path).name.split(".")[0]
    return "\n".join(lines).replace("#def-", f"#{prefix}-") + "\n"


def has_fields(schema: dict[str, Any]) -> bool:
    return bool(schema.get("properties"))


def object_table(schema: dict[str, Any]) -> list[str]:
    rows = ["| field | type | required | description |", "|---|---|---|---|"]
    rows += list(field_rows(schema, ""))
    return rows + [""]


def field_rows(schema: dict[str, Any], prefix: str) -> Any:
    """A row per property, nested objects and arrays of objects flattened into dotted paths."""
    required = set(schema.get("required", []))
    for name, field in schema.get("properties", {}).items():
        path = f"{prefix}{name}"
        description = one_line(field.get("description", ""))
        if "default" in field:
            description = (description + f" Default: `{json.dumps(field['default'])}`.").strip()
        yield f"| `{path}` | {type_of(field)} | {'yes' if name in required else ''} | {cell(description)} |"
        if has_fields(field):
            yield from field_rows(field, path + ".")
        items = field.get("items")
        if isinstance(items, dict) and has_fields(items):
            yield from field_rows(items, path + "[].")


def type_of(schema: dict[str, Any]) -> str:
    """A short human reading of a schema's type: `string`, `"a" | "b"`, a link to a definition."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#def-{name})"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " \\| ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    for combinator in ("oneOf", "anyOf"):
        if combinator in schema:
            return " or ".join(type_of(option) for option in schema[combinator])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(f"`{k}`" for k in kind)
    if kind == "array":
        items = schema.get("items")
        inner = type_of(items) if isinstance(items, dict) and not has_fields(items) else "object"
        return f"array of {inner}"
    if kind:
        return f"`{kind}`"
    return "any"


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def cell(text: str) -> str:
    return text.replace("|", "\\|")
