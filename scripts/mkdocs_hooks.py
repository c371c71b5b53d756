"""MkDocs hooks: the reference pages that are generated from the code at build time.

A page asks for generated content with a marker line; the hook replaces it
before Markdown is rendered, so a field added to a schema or a name added to
the public API appears in the site without anyone editing a page:

- `<!-- generated: schema fuzzroute/schema/NAME.schema.json -->`: one table per
  object of the JSON schema (the document itself, then each definition).
- `<!-- generated: public-api -->`: a mkdocstrings block for every name of
  `fuzzroute._PUBLIC`, grouped by the module that defines it.
- `<!-- generated: cli-reference -->`: every command of `fuzzroute`, with
  its usage, help, each option with its metavar and real default, and the
  exit codes its `--help` ends with: the very text click prints, so the
  page and `--help` cannot disagree.
- `<!-- generated: settings-keys -->`: the keys of `[tool.fuzzroute]`, per
  command, with their built-in defaults.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- generated: (?P<what>[a-z-]+)(?: (?P<arg>\S+))? -->$", re.MULTILINE)


def on_config(config: Any) -> Any:
    """Every command built before the reference pages render."""
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
    if what == "cli-reference":
        return cli_reference_markdown()
    if what == "settings-keys":
        return settings_keys_markdown()
    raise ValueError(f"unknown generation marker {what!r} {arg!r}")


#: Names the how-to guides and references tell users to call that `import fuzzroute` does not give: the report,
#: diff and suggestion layers' own entry points (tests/test_docs.py checks every such name a page uses is here).
API_MODULES: dict[str, list[str]] = {
    "fuzzroute.report": [
        "write_report", "ReportOptions", "ReportResult", "Report", "build_report", "to_json", "written_document",
        "read_report",
    ],
    "fuzzroute.results.message_table": ["full_form"],
    "fuzzroute.report.persistence.run_id": ["check_one_generation"],
    "fuzzroute.report.persistence.upgrade": ["upgraded"],
    "fuzzroute.diff": ["diff_versions", "load_version", "diff_graphs", "diff_text", "diff_markdown", "diff_sarif_log"],
    "fuzzroute.authoring.suggest": ["suggest_examples", "edited_source"],
}


def public_api_markdown() -> str:
    """One mkdocstrings directive per public name, in the package's own grouping by module; then `API_MODULES`."""
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
    lines += ["## Reports, diffs and suggestions from Python", "",
              "Not given by `import fuzzroute`: import them from the module named in each heading.", ""]
    for module, names in API_MODULES.items():
        lines += [f"### `{module}`", ""]
        lines += ["Imported as " + ", ".join(f"`from {module} import {n}`" for n in names) + ".", ""]
        for name in names:
            lines += [f"::: {identifier(module, name)}", "    options:", "      heading_level: 4", ""]
    return "\n".join(lines)


def identifier(module: str, name: str) -> str:
    """Where a public name is defined (a function `decide` beside a module `decide` is the function)."""
    import importlib
    import inspect

    value = getattr(importlib.import_module(module), name)
    if inspect.isclass(value) or inspect.isfunction(value):
        return f"{value.__module__}.{value.__qualname__}"
    return f"{module}.{name}"


# -- the command line ------------------------------------------------------------------------------

_DEFAULT = re.compile(r"\s*\[default: ([^\]]*)\]")


def command_contexts() -> list[tuple[str, Any, Any]]:
    """(path, command, context) for `fuzzroute` and each of its commands, in the order `--help` lists them."""
    import click

    from fuzzroute.cli import main

    root = click.Context(main, info_name="fuzzroute")
    found: list[tuple[str, Any, Any]] = [("fuzzroute", main, root)]
    for name in main.list_commands(root):
        command = main.get_command(root, name)
        if command is not None and not command.hidden:
            found.append((f"fuzzroute {name}", command, click.Context(command, info_name=name, parent=root)))
    return found


def option_rows(command: Any, context: Any) -> list[tuple[str, str, str]]:
    """(option with its metavar, default, help) of every option, as `--help` words them."""
    import click

    rows = []
    for param in command.get_params(context):
        if not isinstance(param, click.Option):
            continue
        record = param.get_help_record(context)
        if record is None:
            continue
        names, text = record
        found = _DEFAULT.search(text)
        default = found.group(1) if found else ""
        rows.append((names, default, _DEFAULT.sub("", text).strip()))
    return rows


def plain(text: str) -> str:
    """A click help text without its `\\b` markers (they keep click from re-wrapping a block)."""
    return "\n".join(line for line in text.splitlines() if line.strip() != "\b")


def cli_reference_markdown() -> str:
    """The reference of every command: usage, help, options (metavar, default, help) and exit codes."""
    lines: list[str] = []
    for path, command, context in command_contexts():
        name = path.split()[-1]
        lines += [f"### {name} {{ #{name} }}" if path != "fuzzroute" else "### fuzzroute { #fuzzroute }", ""]
        usage = " ".join([path, *command.collect_usage_pieces(context)])
        lines += ["```text", f"Usage: {usage}", "```", ""]
        lines += ["```text", plain(inspect_help(command)), "```", ""]
        rows = option_rows(command, context)
        if rows:
            lines += ["| option | default | description |", "|---|---|---|"]
            lines += [f"| {code(names)} | {code(default) if default else ''} | {cell(one_line(text))} |"
                      for names, default, text in rows]
            lines.append("")
        if command.epilog:
            lines += ["```text", plain(command.epilog).strip("\n"), "```", ""]
    return "\n".join(lines)


def inspect_help(command: Any) -> str:
    import inspect

    return inspect.cleandoc(command.help or "")


def settings_keys_markdown() -> str:
    """A table of the `[tool.fuzzroute]` keys of each command, with the built-in default of each."""
    from fuzzroute.cli.configured import option_keys

    lines: list[str] = []
    for path, command, context in command_contexts()[1:]:
        name = path.split()[-1]
        defaults = {names: default for names, default, _text in option_rows(command, context)}
        lines += [f"#### `[tool.fuzzroute.{name}]`", "", "| key | built-in default | option |", "|---|---|---|"]
        for key, param in option_keys(command).items():
            names = next((n for n in defaults if f"--{key}" in n.replace("/", " ").replace(",", " ").split()), "")
            default = defaults.get(names, "")
            if param.is_bool_flag:
                default = "true" if param.default is True else "false"
            lines.append(f"| `{key}` | {code(default) if default else ''} | {code(names)} |")
        lines.append("")
    return "\n".join(lines)


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
    """Text for a table cell: a pipe would end the cell, and `<x>` would be read as an HTML tag."""
    return text.replace("|", "\\|").replace("<", "&lt;")


def code(text: str) -> str:
    """Text as code in a table cell (`proven|decided` keeps its pipes: a code span would show `\\|`)."""
    import html

    return "<code>" + html.escape(text).replace("|", "&#124;") + "</code>"
