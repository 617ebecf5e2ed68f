"""Plugin-contributed options: offered on ``export``, routed to the plugin that declared them.

``export`` shows the options of every installed exporter (so ``--help`` is
complete) and hands the chosen exporter only its own; `settings.resolve` merges
them with the environment and the config file. The options are read as
`plugins.exporter_options` finds them, so the exporters not chosen are not imported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click
from click.core import ParameterSource

from ..plugins import exporter_options
from .settings import first_by_name


def plugin_options() -> list[click.Option]:
    """Export options declared by installed exporters, first declaration of a name wins."""
    described = exporter_options().values()
    return first_by_name(option for exporter in described for option in exporter.options)


class PluginOptionsCommand(click.Command):
    """A command whose parameter list grows with the installed exporters' options."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._loaded = False

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self._loaded:
            self._loaded = True
            own = {p.name for p in self.params}
            self.params.extend(o for o in plugin_options() if o.name not in own)
        return super().get_params(ctx)


def foreign_options(
    ctx: click.Context, mine: Sequence[click.Option], all_names: Iterable[str]
) -> list[str]:
    """Options the user typed that belong to some other exporter: a usage error, not silence."""
    own = {o.name for o in mine}
    return sorted(
        "--" + name.replace("_", "-")
        for name in all_names
        if name not in own and ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
    )
