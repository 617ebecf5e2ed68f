"""Plugin-contributed options: offered on a command, routed to the plugin that declared them.

``export`` shows the options of every installed exporter (so ``--help`` is
complete), and hands the chosen exporter only its own, merged in the order
command line > environment > config file ``[name]`` table > option default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click
from click.core import ParameterSource

from ..plugins import usable_exporters


def first_by_name(options: Iterable[click.Option]) -> list[click.Option]:
    """`options` without repeats of a name: when plugins declare the same option (both
    exporters take ``--vault``, say), the first declaration is the one offered."""
    seen: dict[str, click.Option] = {}
    for option in options:
        if option.name:
            seen.setdefault(option.name, option)
    return list(seen.values())


def plugin_options(attribute: str) -> list[click.Option]:
    """Options declared by installed exporters under `attribute`, first declaration wins."""
    return first_by_name(
        option for cls in usable_exporters().values() for option in getattr(cls, attribute, ())
    )


class PluginOptionsCommand(click.Command):
    """A command whose parameter list grows with the installed plugins' options."""

    def __init__(self, *args: Any, option_attribute: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._option_attribute = option_attribute
        self._loaded = False

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self._loaded:
            self._loaded = True
            own = {p.name for p in self.params}
            self.params.extend(
                o for o in plugin_options(self._option_attribute) if o.name not in own
            )
        return super().get_params(ctx)


def given_names(ctx: click.Context, names: Iterable[str]) -> set[str]:
    """Which of `names` the user set on the command line or through the environment."""
    return {
        name
        for name in names
        if ctx.get_parameter_source(name)
        in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)
    }


def merged_settings(
    ctx: click.Context,
    options: Sequence[click.Option],
    values: Mapping[str, Any],
    section: Mapping[str, Any],
) -> dict[str, Any]:
    """Settings for one plugin: command line and environment beat the config file."""
    settings: dict[str, Any] = {}
    names = [o.name for o in options if o.name]
    given = given_names(ctx, names)
    for name in names:
        config_key = name.replace("_", "-") if name.replace("_", "-") in section else name
        if name in given or config_key not in section:
            settings[name] = values.get(name)
        else:
            settings[name] = section[config_key]
    for key, value in section.items():
        settings.setdefault(key.replace("-", "_"), value)
    return settings


def foreign_options(
    ctx: click.Context, mine: Sequence[click.Option], all_names: Iterable[str]
) -> list[str]:
    """Options the user gave that belong to some other plugin: a usage error, not silence."""
    own = {o.name for o in mine}
    given = given_names(ctx, [n for n in all_names if n not in own])
    return sorted("--" + name.replace("_", "-") for name in given)
