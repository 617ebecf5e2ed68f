"""Finding exporters: every one, built-ins included, comes through entry points.

Going through entry points for our own exporters too means the plugin path is
exercised on every run, so a third-party exporter works exactly like the
built-in ones. They are read by `entrypoints` (see there for why not
``importlib.metadata``).

``export`` and ``queue`` offer the options of every installed exporter, and run
one. An exporter may name, in the ``digest2notes.options`` group, an object
holding its options (a small module: ``options``, and ``queue_options`` for a
progress source), so that listing them does not import the exporters that are
not used; without one, its class is loaded for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .entrypoints import EntryPoint, entry_points
from .errors import PluginError
from .exporting import Exporter, ProgressSource

if TYPE_CHECKING:
    import click

GROUP = "digest2notes.exporters"
OPTIONS_GROUP = "digest2notes.options"
COMMAND_GROUP = "digest2notes.commands"


@dataclass(frozen=True)
class InstalledExporter:
    """An entry point, loaded or not; a broken plugin is listed, not fatal."""

    name: str
    entry_point: EntryPoint
    distribution: str

    def load(self) -> type[Exporter[Any]]:
        try:
            loaded = self.entry_point.load()
        except Exception as error:  # a broken plugin must not take the CLI down
            raise PluginError(
                f"exporter {self.name!r} ({self.entry_point.value}) failed to load: {error}"
            ) from error
        if not (isinstance(loaded, type) and issubclass(loaded, Exporter)):
            raise PluginError(
                f"exporter {self.name!r} ({self.entry_point.value}) is not a digest2notes Exporter"
            )
        return loaded


def installed_exporters() -> dict[str, InstalledExporter]:
    """Exporters by name; when two distributions claim a name, the first found wins."""
    found: dict[str, InstalledExporter] = {}
    for ep in sorted(entry_points(GROUP), key=lambda e: e.name):
        found.setdefault(ep.name, InstalledExporter(ep.name, ep, ep.distribution))
    return found


class ExporterOptions(NamedTuple):
    """What an installed exporter offers on the command line: its ``export`` options and,
    if it reads progress back, its ``queue`` options (None when it does not)."""

    name: str
    options: Sequence[click.Option]
    queue_options: Sequence[click.Option] | None


def exporter_options() -> dict[str, ExporterOptions]:
    """Every installed exporter's options, by name: from its ``digest2notes.options``
    entry point if its distribution declares one, else from its class. One that fails
    to load is left out here, as it is unusable anyway; ``digest2notes exporters``
    lists it with the reason."""
    declared = {(ep.name, ep.distribution): ep for ep in entry_points(OPTIONS_GROUP)}
    found: dict[str, ExporterOptions] = {}
    for name, installed in installed_exporters().items():
        try:
            found[name] = _options_of(installed, declared.get((name, installed.distribution)))
        except PluginError:
            continue
    return found


def _options_of(installed: InstalledExporter, declared: EntryPoint | None) -> ExporterOptions:
    if declared is None:
        return options_of_class(installed.name, installed.load())
    try:
        holder = declared.load()
    except Exception as error:  # a broken plugin must not take the CLI down
        raise PluginError(
            f"options of exporter {installed.name!r} ({declared.value}) failed to load: {error}"
        ) from error
    queue_options = getattr(holder, "queue_options", None)
    return ExporterOptions(
        installed.name,
        tuple(getattr(holder, "options", ())),
        None if queue_options is None else tuple(queue_options),
    )


def options_of_class(name: str, cls: type[Exporter[Any]]) -> ExporterOptions:
    """The options an exporter's class declares (`Exporter.options`, and
    `ProgressSource.queue_options` if it is one)."""
    queue_options = cls.queue_options if issubclass(cls, ProgressSource) else None
    return ExporterOptions(name, cls.options, queue_options)


class UnknownExporterError(PluginError):
    """No installed exporter has that name; the message lists them and the closest one."""


def get_exporter(name: str) -> type[Exporter[Any]]:
    """The exporter class registered as `name`, or a one-line error listing what exists."""
    available = installed_exporters()
    if name not in available:
        names = ", ".join(sorted(available)) or "none"
        hint = _closest(name, available)
        suggestion = f"; did you mean {hint!r}?" if hint else ""
        raise UnknownExporterError(f"unknown exporter {name!r}; installed: {names}{suggestion}")
    return available[name].load()


def _closest(name: str, names: Iterable[str]) -> str | None:
    """The installed name `name` was probably meant to be (``Obsidian``, ``obsidain``)."""
    import difflib  # only after a mistyped name

    by_fold = {n.casefold(): n for n in names}
    if name.casefold() in by_fold:
        return by_fold[name.casefold()]
    close = difflib.get_close_matches(name.casefold(), list(by_fold), n=1, cutoff=0.6)
    return by_fold[close[0]] if close else None


def command_entry_points() -> list[EntryPoint]:
    """Extra CLI commands contributed by plugins (e.g. ``notion init``)."""
    return sorted(entry_points(COMMAND_GROUP), key=lambda e: e.name)
