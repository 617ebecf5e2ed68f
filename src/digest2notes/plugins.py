"""Finding exporters: every one, built-ins included, comes through entry points.

Going through entry points for our own exporters too means the plugin path is
exercised on every run, so a third-party exporter works exactly like the
built-in ones. They are read by `entrypoints` (see there for why not
``importlib.metadata``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .entrypoints import EntryPoint, entry_points
from .errors import PluginError
from .exporting import Exporter

GROUP = "digest2notes.exporters"
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


def usable_exporters() -> dict[str, type[Exporter[Any]]]:
    """Every installed exporter that loads, by name. A broken one is left out here, as
    it is unusable anyway; ``digest2notes exporters`` lists it with the reason."""
    usable: dict[str, type[Exporter[Any]]] = {}
    for name, installed in installed_exporters().items():
        try:
            usable[name] = installed.load()
        except PluginError:
            continue
    return usable


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
