"""One place for the precedence of a plugin's settings, and for checking config values.

A plugin's setting comes from, in order: the command line, the environment (the
option's ``envvar``), the config file's ``[name]`` table, the option's default.
``export`` and ``queue`` (whose options may sit on the group or the subcommand)
both resolve settings here, so the rule cannot drift between them.

Values from the config file go through the option's own click type, so
``vault = 42`` is an error naming the file and the key rather than a path "42".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..errors import ConfigError

_GIVEN = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def first_by_name(options: Iterable[click.Option]) -> list[click.Option]:
    """`options` without repeats of a name: when plugins declare the same option (both
    exporters take ``--vault``, say), the first declaration is the one offered."""
    seen: dict[str, click.Option] = {}
    for option in options:
        if option.name:
            seen.setdefault(option.name, option)
    return list(seen.values())


def given(contexts: Sequence[click.Context], name: str) -> tuple[ParameterSource, Any] | None:
    """Where the user set `name` (command line before environment) and its value, if they did.

    `contexts` innermost first: a subcommand's value beats its group's.
    """
    for wanted in _GIVEN:
        for ctx in contexts:
            if name in ctx.params and ctx.get_parameter_source(name) is wanted:
                return wanted, ctx.params[name]
    return None


def resolve(
    options: Sequence[click.Option],
    contexts: Sequence[click.Context],
    section: Mapping[str, Any],
    *,
    section_name: str,
    config_path: Path | None,
) -> dict[str, Any]:
    """A plugin's settings by parameter name, each from the first place that has it.

    Keys of the config table that are no option's are passed on as they are
    (settings a plugin takes only from the config file). Defaults come from
    click itself, parsed as if the options had been given nothing, so an
    option without a default is None, never a click sentinel.
    """
    options = first_by_name(options)
    defaults = _defaults(options)
    settings: dict[str, Any] = {}
    for option in options:
        name = option.name
        assert name is not None  # first_by_name keeps named options only
        from_user = given(contexts, name)
        key = _config_key(name, section)
        if from_user is not None:
            settings[name] = from_user[1]
        elif defaults.source(name) is ParameterSource.ENVIRONMENT:
            settings[name] = defaults.params[name]
        elif key is not None:
            settings[name] = config_value(
                option, section[key], where=_where(config_path, section_name, key)
            )
        else:
            settings[name] = defaults.params.get(name)
    for key, value in section.items():
        settings.setdefault(key.replace("-", "_"), value)
    return settings


class _Defaults:
    """The options parsed from no arguments: environment values and defaults, with sources."""

    def __init__(self, ctx: click.Context) -> None:
        self.params = dict(ctx.params)
        self._ctx = ctx

    def source(self, name: str) -> ParameterSource | None:
        return self._ctx.get_parameter_source(name)


def _defaults(options: Sequence[click.Option]) -> _Defaults:
    params: list[click.Parameter] = list(options)
    command = click.Command("settings", params=params, add_help_option=False)
    try:
        ctx = command.make_context("settings", [])
    except click.MissingParameter:
        # A required option with no value anywhere yet: the plugin reports it itself,
        # with the config table in its message, which click's message cannot know of.
        relaxed: list[click.Parameter] = [_optional(o) for o in options]
        command = click.Command("settings", params=relaxed, add_help_option=False)
        ctx = command.make_context("settings", [])
    except click.BadParameter as error:  # an environment variable with a bad value
        raise click.UsageError(error.format_message()) from None
    return _Defaults(ctx)


def _optional(option: click.Option) -> click.Option:
    if not option.required:
        return option
    copy = click.Option(option.opts, type=option.type, envvar=option.envvar, required=False)
    copy.name = option.name
    return copy


def _config_key(name: str, section: Mapping[str, Any]) -> str | None:
    dashed = name.replace("_", "-")
    if dashed in section:
        return dashed
    return name if name in section else None


def _where(config_path: Path | None, section_name: str, key: str) -> str:
    prefix = f"{config_path}: " if config_path is not None else ""
    return f"{prefix}[{section_name}] {key}"


def config_value(option: click.Option, value: Any, *, where: str) -> Any:
    """`value` from the config file, checked and converted as the option's type would.

    TOML already types its values, so a value of the wrong kind (a number where a
    path belongs) is an error rather than something click would quietly stringify.
    """
    expected = _expected_kind(option)
    values = value if option.multiple and isinstance(value, list) else [value]
    if option.multiple and not isinstance(value, list):
        raise ConfigError(f"{where}: expected a list, got {_kind(value)} {value!r}")
    for item in values:
        if expected is not None and not _is_kind(item, expected):
            raise ConfigError(f"{where}: expected {expected}, got {_kind(item)} {item!r}")
    try:
        converted = [option.type.convert(item, None, None) for item in values]
    except click.BadParameter as error:
        raise ConfigError(f"{where}: {error.format_message()}") from None
    return tuple(converted) if option.multiple else converted[0]


def _expected_kind(option: click.Option) -> str | None:
    if option.is_flag:
        return "true or false"
    kind = option.type
    if isinstance(kind, click.types.IntParamType):  # IntRange too
        return "a whole number"
    if isinstance(kind, click.types.FloatParamType):  # FloatRange too
        return "a number"
    if isinstance(kind, (click.Path, click.Choice, click.types.StringParamType)):
        return "a string"
    return None


def _is_kind(value: Any, expected: str) -> bool:
    if expected == "true or false":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if expected == "a whole number":
        return isinstance(value, int)
    if expected == "a number":
        return isinstance(value, (int, float))
    return isinstance(value, str)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__
