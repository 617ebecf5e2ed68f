"""Choosing the progress source ``queue`` reads, without importing any exporter by name.

Every installed exporter that implements `ProgressSource` contributes its
``queue_options`` to the ``queue`` group and to each subcommand, and the one whose
options the user gave (``--vault DIR``, ``--notion``) is used; only that one is
imported (the options come from `plugins.exporter_options`). So
``queue --vault V done ID`` and ``queue done ID --vault V`` both work, since users
type both.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click
from click.core import ParameterSource

from .. import queue as study
from ..config import Config
from ..errors import ConfigError, PluginError
from ..exporting import DEFAULT_MINUTES_SETTING, Exporter, ProgressSource, StudyItem
from ..model import Verdict
from ..plugins import ExporterOptions, exporter_options, get_exporter, options_of_class
from . import settings
from .context import app_context, echo_warning, stderr_is_tty

_META_KEY = "digest2notes.queue.sources"


@dataclass(frozen=True)
class SourceKind:
    """An installed exporter that can read progress back, and the options it offers."""

    name: str
    described: ExporterOptions

    @property
    def options(self) -> Sequence[click.Option]:
        return self.described.queue_options or ()

    def load(self) -> type[Exporter[Any]]:
        """The exporter's class, checked to be a progress source."""
        cls = get_exporter(self.name)
        if not issubclass(cls, ProgressSource):
            raise PluginError(f"exporter {self.name!r} cannot read progress back")
        return cls

    @property
    def names(self) -> frozenset[str]:
        return frozenset(o.name for o in self.options if o.name)

    def usage(self) -> str:
        """``--vault DIR`` or ``--notion``: how the user selects this source."""
        if not self.options:
            return f"[queue] source = {self.name!r}"
        option = self.options[0]
        if option.is_flag:
            return option.opts[0]
        return f"{option.opts[0]} {option.metavar or option.type.name.upper()}"


def installed(ctx: click.Context) -> list[SourceKind]:
    """Installed progress sources, looked up once per invocation (shared by the subcommand).

    Kept in the context tree rather than on the command object, so what is
    installed is looked up afresh on every run.
    """
    root = ctx.find_root()
    cached: list[SourceKind] | None = root.meta.get(_META_KEY)
    if cached is None:
        cached = [
            SourceKind(name, described)
            for name, described in exporter_options().items()
            if described.queue_options is not None
        ]
        root.meta[_META_KEY] = cached
    return cached


class SourceOptionsMixin(click.Command):
    """Offers every installed source's ``queue_options`` next to the command's own."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        own = {p.name for p in self.params}
        offered = settings.first_by_name(o for s in installed(ctx) for o in s.options)
        params: list[click.Parameter] = [*self.params, *(o for o in offered if o.name not in own)]
        help_option = self.get_help_option(ctx)
        if help_option is not None:
            params.append(help_option)
        return params


class QueueGroup(SourceOptionsMixin, click.Group):
    """The ``queue`` group: lists the queue by itself, or runs ``done``/``start``/``reset``."""


class QueueCommand(SourceOptionsMixin, click.Command):
    """A ``queue`` subcommand: takes the same source options as the group."""


def _contexts(ctx: click.Context) -> list[click.Context]:
    """The subcommand's context first, then the group's: innermost value wins."""
    contexts = [ctx]
    if ctx.parent is not None and isinstance(ctx.parent.command, QueueGroup):
        contexts.append(ctx.parent)
    return contexts


def _choose(ctx: click.Context, config: Config) -> SourceKind:
    """The source the user asked for.

    Options given on the command line select the source before options set
    through the environment (a ``NOTION_*`` variable left in the shell must not
    hijack ``queue --vault``), and both before the config file's ``[queue] source``.
    """
    sources = installed(ctx)
    contexts = _contexts(ctx)
    names = sorted({n for s in sources for n in s.names})
    for origin in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
        chosen_names = set()
        for name in names:
            found = settings.given(contexts, name)
            if found is not None and found[0] is origin:
                chosen_names.add(name)
        candidates = [s for s in sources if s.names & chosen_names]
        strict = origin is ParameterSource.COMMANDLINE
        if len(candidates) > 1:
            # An option two sources share does not choose between them; the others do.
            complete = [s for s in candidates if chosen_names <= s.names]
            if len(complete) != 1 and strict:
                shown = ", ".join(f"{s.usage()} ({s.name})" for s in candidates)
                raise click.UsageError(
                    f"options of several progress sources given: {shown}; use one"
                )
            candidates = complete
        if len(candidates) == 1:
            return candidates[0]
    configured = config.section("queue").get("source")
    if configured is None:
        if not sources:
            raise PluginError(
                "no installed exporter can read progress back (see `digest2notes exporters`)"
            )
        choices = " or ".join(s.usage() for s in sources)
        raise click.UsageError(f"say {choices} (or set [queue] source in the config file)")
    return _configured(configured, sources, config)


def _configured(name: object, sources: Sequence[SourceKind], config: Config) -> SourceKind:
    where = f"{config.path}: [queue] source" if config.path else "[queue] source"
    if not isinstance(name, str):
        raise ConfigError(f'{where} must be the name of an exporter, e.g. "obsidian"')
    for source in sources:
        if source.name == name:
            return source
    cls = get_exporter(name)  # a one-line error listing what exists, if unknown or broken
    if not issubclass(cls, ProgressSource):
        usable = ", ".join(s.name for s in sources) or "none installed"
        raise ConfigError(f"{where}: {name!r} cannot read progress back; sources: {usable}")
    return SourceKind(name, options_of_class(name, cls))


@dataclass(frozen=True)
class OpenedSource:
    """The chosen source, constructed with its settings, and the queue's default minutes."""

    name: str
    source: ProgressSource
    minutes: dict[Verdict, int]

    def read(self, query: str | None = None) -> list[StudyItem]:
        """Every item, or with `query` the candidates for it; what could not be read is warned."""
        if query is not None:
            found = self.source.find_items(query)
        else:
            with _ReadingBar(self.name) as bar:
                found = self.source.read_progress(bar.update)
        for warning in found.warnings:
            echo_warning(warning)
        return list(found.items)


class _ReadingBar:
    """How far a long read of progress is: a done/total bar with an ETA on a terminal, or
    one line saying what is being read when stderr is a file, so no wait is silent."""

    THRESHOLD = 50  # items; fewer take no noticeable time

    def __init__(self, name: str) -> None:
        self._name = name
        self._bar: Any = None
        self._done = 0

    def __enter__(self) -> _ReadingBar:
        return self

    def update(self, done: int, total: int) -> None:
        if total < self.THRESHOLD:
            return
        if self._bar is None:
            if not stderr_is_tty():
                click.echo(f"Reading the progress of {total} items from {self._name}…", err=True)
                self._bar = False
                return
            make_bar: Any = click.progressbar  # click's stubs for progressbar() confuse mypy
            self._bar = make_bar(
                length=total, label=f"Reading {self._name}", file=sys.stderr, show_pos=True
            )
            self._bar.__enter__()
        if self._bar:
            self._bar.update(done - self._done)
            self._done = done

    def __exit__(self, *exc: object) -> None:
        if self._bar:
            self._bar.__exit__(*exc)


def open_source(ctx: click.Context) -> OpenedSource:
    """The source the user chose, with its settings resolved as ``export`` resolves them.

    The exporter's export options are resolved too (their defaults, the config
    table), so a source can rely on every setting it declares.
    """
    app = app_context()
    config = app.checked_config()
    minutes = study.minutes_from_config(config.section("queue"), config.path)
    kind = _choose(ctx, config)
    cls = kind.load()
    options = [*kind.options, *cls.options]
    resolved = settings.resolve(
        options,
        _contexts(ctx),
        config.section(kind.name),
        section_name=kind.name,
        config_path=config.path,
    )
    resolved[DEFAULT_MINUTES_SETTING] = minutes
    exporter = cls(resolved, app.env)
    if not isinstance(exporter, ProgressSource):  # pragma: no cover - checked by `load`
        raise PluginError(f"exporter {kind.name!r} cannot read progress back")
    return OpenedSource(kind.name, exporter, minutes)
