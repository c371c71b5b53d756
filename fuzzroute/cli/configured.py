"""`[tool.fuzzroute]` as option defaults: every option of every command, under its long option's name.

The table (found by `graphfiles.project_config`) gives defaults, never
orders: an option given on the command line wins over the file, and the file
wins over fuzzroute's own default.  Keys at the top of the table apply to
every command that has that option (`fail-on`, `budget`, `workers`, ...),
but for `diff`'s `fail-on` and `budget`, which mean other things (`NOT_SHARED`);
a command's own table (`[tool.fuzzroute.report]`) wins over the top for
that command.  `graphs = [...]` lists the graphs `check`, `fix` and `report` use
when given none.

The defaults reach the commands as click's `default_map`, so each value is
converted and checked by the very option it sets; a value click's type
refuses, a key no command has, or a table no command is named after is exit
2 before anything runs, naming the file, the key and what is valid.  A value
a command refuses later (an unknown `--budget` text, say) is reported by the
command, and `origin_note` adds where that value was set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from fuzzroute.engine.errors import InputError
from fuzzroute.graphfiles.project_config import GRAPHS_KEY, ProjectConfig, configured_graphs

#: Options a key at the top of the table does not set, because they mean something else there: `diff`'s
#: `--fail-on` (proven|moved|never) and `--budget` (phrases for undecided pairs) go in [tool.fuzzroute.diff].
NOT_SHARED: frozenset[tuple[str, str]] = frozenset({("diff", "fail-on"), ("diff", "budget")})

#: Where the group keeps what the commands need of the table (`click.Context.meta` of the root context).
CONFIG_META = "fuzzroute.config"
ORIGINS_META = "fuzzroute.config.origins"


def option_keys(command: click.Command) -> dict[str, click.Option]:
    """Each option of `command` by its key: the long option's name without dashes (`--fail-on` is `fail-on`)."""
    keys: dict[str, click.Option] = {}
    for param in command.params:
        if isinstance(param, click.Option):
            long = [opt for opt in param.opts if opt.startswith("--")]
            if long:
                keys[long[0][2:]] = param
    return keys


def default_map(config: ProjectConfig, commands: Mapping[str, click.Command]) -> tuple[
    dict[str, dict[str, Any]], dict[str, dict[str, str]]
]:
    """click's `default_map` for every command, and where each value was read (for messages).

    Raises `InputError` (exit 2) for an unknown key or table and for a value
    the option's own type refuses.
    """
    keys = {name: option_keys(command) for name, command in commands.items()}
    shared = {key for command_keys in keys.values() for key in command_keys}
    for key, value in config.table.items():
        if key == GRAPHS_KEY:
            configured_graphs(config)  # checked now, used by the command that asks
        elif key in commands:
            if not isinstance(value, dict):
                raise InputError(f"{config.where(key)} = {value!r}: `{key}` names the command `fuzzroute {key}`, "
                                 f"whose settings are a table: write them under {config.section_name(key)}.")
            unknown = sorted(set(value) - set(keys[key]))
            if unknown:
                raise InputError(f"{config.where(unknown[0], key)}: `fuzzroute {key}` has no option "
                                 f"--{unknown[0]}. Its keys are: {', '.join(sorted(keys[key]))}.")
        elif key not in shared:
            raise InputError(
                f"{config.where(key)}: no fuzzroute command has an option --{key}. Valid at the top are "
                f"{GRAPHS_KEY} and the options of any command ({', '.join(sorted(shared))}); a command's own "
                f"settings go in its table ({', '.join(config.section_name(c) for c in sorted(commands))})."
            )
    found: dict[str, dict[str, Any]] = {}
    origins: dict[str, dict[str, str]] = {}
    for name, command in commands.items():
        section = config.table.get(name, {})
        for key, param in keys[name].items():
            if key in section:
                value, where = section[key], config.where(key, name)
            elif key in config.table and (name, key) not in NOT_SHARED:
                value, where = config.table[key], config.where(key)
            else:
                continue
            assert param.name is not None
            found.setdefault(name, {})[param.name] = converted(config, command, param, value, where)
            origins.setdefault(name, {})[param.name] = f"{key} = {_toml(value)} in {where}"
    return found, origins


def converted(config: ProjectConfig, command: click.Command, param: click.Option, value: Any, where: str) -> Any:
    """The value as the command line would give it, checked by the option's own type (paths read from the file)."""
    if param.is_bool_flag:
        if not isinstance(value, bool):
            raise InputError(f"{where} = {_toml(value)}: a switch; write true or false.")
        return value
    if not param.is_flag and isinstance(param.flag_value, str) and param.flag_value and isinstance(value, bool):
        return param.flag_value if value else None  # `--db` bare: `db = true`
    if param.multiple:
        values = value if isinstance(value, list) else [value]
        return [converted_one(config, command, param, v, where) for v in values]
    return converted_one(config, command, param, value, where)


def converted_one(config: ProjectConfig, command: click.Command, param: click.Option, value: Any, where: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InputError(f"{where} = {_toml(value)}: {valid_values(param)}.")
    if isinstance(param.type, click.Path):
        if not isinstance(value, str):
            raise InputError(f"{where} = {_toml(value)}: a path; write it as a string.")
        value = config.resolved(value)
    choices = fail_on_choices(param)
    if choices and value not in choices:
        raise InputError(f"{where} = {_toml(value)} is not a policy of `fuzzroute {command.name}`; use one of: "
                         f"{', '.join(choices)}.")
    try:
        with click.Context(command) as ctx:
            param.type(value if param.type is not click.STRING else str(value), param, ctx)
    except click.BadParameter as exc:
        raise InputError(f"{where} = {_toml(value)}: {exc.message} {valid_values(param)}.") from None
    return value if param.type is not click.STRING else str(value)


def fail_on_choices(param: click.Option) -> list[str]:
    """The policies of a `--fail-on` option (its metavar lists them: `proven|decided|never`)."""
    if param.name != "fail_on" or not param.metavar:
        return []
    return param.metavar.split("|")


def valid_values(param: click.Option) -> str:
    """What the option takes, in words, for a message about a bad value."""
    if isinstance(param.type, click.Choice):
        return "use one of: " + ", ".join(str(c) for c in param.type.choices)
    long = next((opt for opt in param.opts if opt.startswith("--")), param.opts[0])
    if isinstance(param.type, click.IntRange | click.FloatRange):
        return f"{long} takes {param.metavar or 'a number'} in the range {param.type._describe_range()}"
    if param.metavar:
        return f"{long} takes {param.metavar}"
    return f"{long} takes {'a path' if isinstance(param.type, click.Path) else param.type.name}"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def origin_note(ctx: click.Context | None, message: str) -> str:
    """`message` with where each setting it names came from, when a setting came from the file."""
    if ctx is None or ctx.command is None:
        return message
    origins = ctx.find_root().meta.get(ORIGINS_META, {}).get(ctx.info_name or "", {})
    notes = []
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.name not in origins:
            continue
        if ctx.get_parameter_source(param.name) != click.core.ParameterSource.DEFAULT_MAP:
            continue
        if any(opt in message for opt in param.opts + param.secondary_opts):
            notes.append(origins[param.name])
    if not notes:
        return message
    return f"{message} (Set by {'; '.join(notes)}: fix it there, or give the option on the command line.)"


def config_of(ctx: click.Context) -> ProjectConfig | None:
    """The settings file the command group read (None without one, or with --isolated)."""
    found: ProjectConfig | None = ctx.find_root().meta.get(CONFIG_META)
    return found


def graphs_or_configured(ctx: click.Context, given: tuple[str, ...], usage: str) -> list[str]:
    """The GRAPH arguments, else the `graphs` of the settings; neither is exit 2 saying how to give one."""
    if given:
        return list(given)
    config = config_of(ctx)
    graphs = configured_graphs(config) if config is not None else []
    if graphs:
        return graphs
    where = (f"{config.where(GRAPHS_KEY)} lists none" if config is not None
             else "no pyproject.toml with a [tool.fuzzroute] table was found here or above")
    raise InputError(
        f"no GRAPH given, and {where}. Pass a graph ({usage}), or list them in pyproject.toml: "
        '[tool.fuzzroute] graphs = ["graphs/support.py"].'
    )

