"""``digest2notes queue``: what to read next, read back from where the reader works.

The progress source is chosen generically, never by importing an exporter: every
installed exporter that implements `ProgressSource` contributes its
``queue_options`` to this group and to each subcommand, and the one whose options
the user gave (``--vault DIR``, ``--notion``) is used. So ``queue --vault V done ID``
and ``queue done ID --vault V`` both work, since users type both.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import click
from click.core import ParameterSource

from .. import queue as study
from ..config import Config
from ..errors import ConfigError, PluginError
from ..exporting import Exporter, ProgressSource, StudyItem, StudyStatus
from ..model import Verdict
from ..plugins import get_exporter, usable_exporters
from .context import CONTEXT_SETTINGS, app_context, echo_warning, stderr_is_tty
from .options import first_by_name, given_names

_META_KEY = "digest2notes.queue.sources"
_MIN_HEADLINE = 20
_READY_SHOWN = 3


@dataclass(frozen=True)
class _Source:
    """An installed exporter that can read progress back, and the options it offers."""

    name: str
    cls: type[Exporter[Any]]

    @property
    def options(self) -> Sequence[click.Option]:
        return getattr(self.cls, "queue_options", ())

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


def _sources(ctx: click.Context) -> list[_Source]:
    """Installed progress sources, looked up once per invocation (shared by the subcommand).

    Cached in the context tree rather than on the command object, so what is
    installed is looked up afresh on every run (a long-lived process or a test
    that installs a plugin sees it).
    """
    cached = ctx.meta.get(_META_KEY)
    if cached is None:
        cached = [
            _Source(name, cls)
            for name, cls in usable_exporters().items()
            if issubclass(cls, ProgressSource)
        ]
        ctx.meta[_META_KEY] = cached
    sources: list[_Source] = cached
    return sources


def _source_options(ctx: click.Context) -> list[click.Option]:
    return first_by_name(option for source in _sources(ctx) for option in source.options)


class _SourceOptionsMixin(click.Command):
    """Offers every installed source's ``queue_options`` next to the command's own."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        own = {p.name for p in self.params}
        extra = [o for o in _source_options(ctx) if o.name not in own]
        params: list[click.Parameter] = [*self.params, *extra]
        help_option = self.get_help_option(ctx)
        if help_option is not None:
            params.append(help_option)
        return params


class QueueGroup(_SourceOptionsMixin, click.Group):
    """The ``queue`` group: lists the queue by itself, or runs ``done``/``start``/``reset``."""


class QueueCommand(_SourceOptionsMixin, click.Command):
    """A ``queue`` subcommand: takes the same source options as the group."""


# ---------------------------------------------------------------------------
# Choosing and opening the source


def _queue_contexts(ctx: click.Context) -> list[click.Context]:
    """The subcommand's context first, then the group's: innermost value wins."""
    contexts = [ctx]
    if ctx.parent is not None and isinstance(ctx.parent.command, QueueGroup):
        contexts.append(ctx.parent)
    return contexts


def _given(contexts: Sequence[click.Context], names: Sequence[str], *, env: bool) -> dict[str, Any]:
    """Option values given on the command line (or, with `env`, only through the environment)."""
    wanted = ParameterSource.ENVIRONMENT if env else ParameterSource.COMMANDLINE
    values: dict[str, Any] = {}
    for ctx in contexts:
        for name in given_names(ctx, names):
            if ctx.get_parameter_source(name) is wanted:
                values.setdefault(name, ctx.params.get(name))
    return values


def _choose(ctx: click.Context, config: Config) -> tuple[_Source, dict[str, Any]]:
    """The source the user asked for, and the option values they gave for it.

    Options given on the command line select the source before options set
    through the environment (a ``NOTION_*`` variable left in the shell must not
    hijack ``queue --vault``), and both before the config file's ``[queue]
    source``. The values returned are the command line's, then the environment's:
    both beat the config file, as for ``export``.
    """
    sources = _sources(ctx)
    contexts = _queue_contexts(ctx)
    names = sorted({n for s in sources for n in s.names})
    typed = _given(contexts, names, env=False)
    from_env = _given(contexts, names, env=True)
    chosen: _Source | None = None
    for given, strict in ((typed, True), (from_env, False)):
        candidates = [s for s in sources if s.names & given.keys()]
        if len(candidates) > 1:
            # An option two sources share does not choose between them; the others do.
            complete = [s for s in candidates if given.keys() <= s.names]
            if len(complete) != 1 and strict:
                shown = ", ".join(f"{s.usage()} ({s.name})" for s in candidates)
                raise click.UsageError(
                    f"options of several progress sources given: {shown}; use one"
                )
            candidates = complete
        if len(candidates) == 1:
            chosen = candidates[0]
            break
    if chosen is None:
        configured = config.section("queue").get("source")
        if configured is None:
            if not sources:
                raise PluginError(
                    "no installed exporter can read progress back (see `digest2notes exporters`)"
                )
            choices = " or ".join(s.usage() for s in sources)
            raise click.UsageError(f"say {choices} (or set [queue] source in the config file)")
        chosen = _configured_source(configured, sources)
    values = {**from_env, **typed}
    return chosen, {k: v for k, v in values.items() if k in chosen.names}


def _configured_source(name: object, sources: Sequence[_Source]) -> _Source:
    if not isinstance(name, str):
        raise ConfigError('[queue] source must be the name of an exporter, e.g. "obsidian"')
    for source in sources:
        if source.name == name:
            return source
    cls = get_exporter(name)  # a one-line error listing what exists, if unknown or broken
    if not issubclass(cls, ProgressSource):
        usable = ", ".join(s.name for s in sources) or "none installed"
        raise ConfigError(f"[queue] source {name!r} cannot read progress back; sources: {usable}")
    return _Source(name, cls)


def _settings(
    ctx: click.Context, source: _Source, given: Mapping[str, Any], section: Mapping[str, Any]
) -> dict[str, Any]:
    """The source's settings: command line/environment > ``[name]`` config table > defaults.

    The same precedence as `merged_settings`, but across the group's and the
    subcommand's contexts. Defaults of the exporter's *export* options are
    filled in too, so a source can rely on every setting it declares.
    """
    settings: dict[str, Any] = {}
    contexts = _queue_contexts(ctx)
    options = [*source.options, *(o for o in source.cls.options if o.name not in source.names)]
    for option in options:
        name = option.name
        if not name or name in settings:
            continue
        dashed = name.replace("_", "-")
        if name in given:
            settings[name] = given[name]
        elif dashed in section or name in section:
            settings[name] = section[dashed if dashed in section else name]
        else:
            parsed = next((c.params[name] for c in contexts if name in c.params), None)
            settings[name] = parsed if parsed is not None else option.get_default(ctx)
    for key, value in section.items():
        settings.setdefault(key.replace("-", "_"), value)
    return settings


@dataclass
class _Opened:
    name: str
    source: ProgressSource
    minutes: dict[Verdict, int]


def _open(ctx: click.Context) -> _Opened:
    app = app_context()
    config = app.checked_config()
    minutes = study.minutes_from_config(config.section("queue"))
    source, given = _choose(ctx, config)
    exporter = source.cls(_settings(ctx, source, given, config.section(source.name)), app.env)
    if not isinstance(exporter, ProgressSource):  # pragma: no cover - checked on the class
        raise PluginError(f"exporter {source.name!r} cannot read progress back")
    return _Opened(source.name, exporter, minutes)


def _read(opened: _Opened, query: str | None = None) -> list[StudyItem]:
    """Every item, or with `query` the candidates for it; what could not be read is warned."""
    if stderr_is_tty():
        click.echo(f"Reading progress from {opened.name}…", err=True)
    source = opened.source
    found = source.read_progress() if query is None else source.find_items(query)
    for warning in found.warnings:
        echo_warning(warning)
    return list(found.items)


# ---------------------------------------------------------------------------
# The listing


def _verdicts(_: click.Context, __: click.Parameter, values: Sequence[str]) -> tuple[Verdict, ...]:
    """``--verdict deep --verdict skim`` or ``--verdict deep,skim``."""
    chosen: list[Verdict] = []
    for value in values:
        for part in value.split(","):
            word = part.strip().lower()
            if not word:
                continue
            try:
                chosen.append(Verdict(word))
            except ValueError:
                choices = ", ".join(v.value for v in study.VERDICT_ORDER)
                raise click.BadParameter(f"{part!r} is not one of {choices}") from None
    return tuple(chosen)


def _budget(_: click.Context, __: click.Parameter, value: str | None) -> int | None:
    """``45m``, ``1h``, ``1h30m``, ``90``: minutes, or a usage error saying what works."""
    if value is None:
        return None
    try:
        return study.parse_duration(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


_DEFAULTS_HELP = ", ".join(f"{v.value} {study.DEFAULT_MINUTES[v]}" for v in study.VERDICT_ORDER)


@click.group(
    cls=QueueGroup,
    invoke_without_command=True,
    context_settings=CONTEXT_SETTINGS,
    epilog=(
        f"Minutes: the digest's estimate, else a default per verdict ({_DEFAULTS_HELP}); "
        "change them with [queue] minutes = { deep = 20, skim = 5, unknown = 10, skip = 2 } "
        "in the config file."
    ),
)
@click.option(
    "--limit", type=click.IntRange(min=1), metavar="N", help="Show only the first N items."
)
@click.option(
    "--repo",
    "repos",
    multiple=True,
    metavar="NAME",
    help="Only this repository (owner/name or just name); repeatable.",
)
@click.option(
    "--verdict",
    "verdicts",
    multiple=True,
    callback=_verdicts,
    metavar="deep|skim|unknown|skip",
    help="Only these verdicts (repeatable, or comma-separated).",
)
@click.option(
    "--budget",
    callback=_budget,
    metavar="TIME",
    help="Plan one sitting of TIME (45m, 1h, 1h30m, 90): in rank order, take each item "
    "whose minutes still fit, pass over any that do not.",
)
@click.option(
    "--all", "include_skip", is_flag=True, help="Also list entries the digest says to skip."
)
@click.option("--include-done", is_flag=True, help="Also list items already marked done.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per item.")
@click.pass_context
def queue(
    ctx: click.Context,
    /,
    limit: int | None,
    repos: tuple[str, ...],
    verdicts: tuple[Verdict, ...],
    budget: int | None,
    include_skip: bool,
    include_done: bool,
    as_json: bool,
    **_: Any,
) -> None:
    """What to read next, and how far you are: progress read back from your notes.

    Reads each exported item's status and ticked focus points from where you
    work (an Obsidian vault: notes found by their digest2notes_id wherever you
    moved them; or a Notion database) and lists the unfinished ones in reading
    order: verdict (deep, skim, unknown; skip only with --all), then newest
    digest first, then fewest points left. An item whose every point is ticked
    shows as "ready": mark it done yourself with `queue done ID`.

    ID may be the full id, or any unique prefix of it or of its hash part (the
    ID column shows one).

    \b
    Examples:
      digest2notes queue --vault ~/Notes
      digest2notes queue --vault ~/Notes --budget 45m
      digest2notes queue --vault ~/Notes --verdict deep --repo vllm --limit 5
      digest2notes queue --notion --database <id> --json
      digest2notes queue --vault ~/Notes done 3f2a9c1
      digest2notes queue start 3f2a9c1 --vault ~/Notes
    """
    if ctx.invoked_subcommand is not None:
        return
    opened = _open(ctx)
    items = _read(opened)
    listed = study.select(
        items,
        include_skip=include_skip,
        include_done=include_done,
        repos=repos,
        verdicts=verdicts,
    )
    shown = listed if budget is None else study.plan_budget(listed, budget, opened.minutes)
    if limit is not None:
        shown = shown[:limit]
    if as_json:
        click.echo(_json_array(study.to_json(item, opened.minutes) for item in shown))
        return
    if not items:
        click.echo(
            f"No study items found; export some first: digest2notes export --to {opened.name} ..."
        )
        return
    short = study.short_ids(items)
    if shown:
        click.echo("\n".join(_table(shown, short, opened.minutes)))
    else:
        click.echo("Nothing fits that budget." if listed else "Nothing to read.")
    summary = study.summarise(listed, items, opened.minutes)
    if budget is not None:
        planned = sum(study.item_minutes(item, opened.minutes) for item in shown)
        click.echo(f"Plan: {len(shown)} item(s), {planned} of {budget} min ({summary.line()})")
    elif len(shown) < len(listed):
        click.echo(f"{summary.line()} (showing {len(shown)})")
    else:
        click.echo(summary.line())
    if summary.ready:
        ready = [short[item.id] for item in listed if study.is_ready(item)]
        some = ", ".join(ready[:_READY_SHOWN]) + (", …" if len(ready) > _READY_SHOWN else "")
        click.echo(
            f"{summary.ready} item(s) have every point ticked: digest2notes queue done ID ({some})"
        )


def _json_array(objects: Iterable[Mapping[str, Any]]) -> str:
    """A JSON array with one object per line: greppable, and encoded by json's C encoder
    (``indent`` would force the pure-Python one, a tenth of a second per 10,000 items)."""
    lines = [json.dumps(obj, ensure_ascii=False) for obj in objects]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


def _table(
    items: Sequence[StudyItem], short: Mapping[str, str], minutes: Mapping[Verdict, int]
) -> list[str]:
    """Aligned rows; the headline takes what the terminal has left and is trimmed with …."""
    header = ("ID", "VERDICT", "STATUS", "DONE", "MIN", "REPO")
    rows = [
        (
            short[item.id],
            item.verdict.value,
            "ready ✓" if study.is_ready(item) else item.status.value,
            f"{item.focus_done}/{item.focus_total}" if item.focus_total else "-",
            str(study.item_minutes(item, minutes)),
            item.repo,
        )
        for item in items
    ]
    widths = [
        max(study.display_width(row[i]) for row in [header, *rows]) for i in range(len(header))
    ]
    widths[5] = min(widths[5], 28)
    right = {3, 4}
    used = sum(widths) + 2 * len(widths)
    # One column spare: some terminals wrap a line that fills the last column.
    headline = max(shutil.get_terminal_size((100, 24)).columns - used - 1, _MIN_HEADLINE)

    def line(cells: Sequence[str], title: str) -> str:
        parts = []
        for index, cell in enumerate(cells):
            text = study.fit(cell, widths[index])
            if index in right:
                text = " " * (widths[index] - study.display_width(cell)) + cell
            parts.append(text)
        return ("  ".join(parts) + "  " + study.fit(title, headline)).rstrip()

    out = [line(header, "HEADLINE")]
    out.extend(line(row, item.title) for row, item in zip(rows, items, strict=True))
    return out


# ---------------------------------------------------------------------------
# Changing a status


def _mark(ctx: click.Context, query: str, status: StudyStatus, verb: str) -> None:
    opened = _open(ctx)
    items = _read(opened, query)
    item = study.resolve_id(items, query)
    if item.status is status:
        click.echo(f"Already {status.value}: {item.title} ({item.id})")
        return
    location = opened.source.set_status(item, status)
    click.echo(f"{verb}: {item.title} ({item.id})")
    click.echo(f"  {location}")
    left = study.points_left(item)
    if status is StudyStatus.DONE and left:
        click.echo(f"  note: {left} of {item.focus_total} focus points are not ticked")


_ID_ARGUMENT = click.argument("query", metavar="ID")


@queue.command("done", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
@_ID_ARGUMENT
@click.pass_context
def done(ctx: click.Context, /, query: str, **_: Any) -> None:
    """Mark an item done (in the note's frontmatter `status`, or the row's Status).

    Only the status changes; ticks and your own text are left alone.

    \b
    Examples:
      digest2notes queue done 3f2a9c1 --vault ~/Notes
      digest2notes queue --notion done vllm-project/vllm:3f2a
    """
    _mark(ctx, query, StudyStatus.DONE, "Marked done")


@queue.command("start", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
@_ID_ARGUMENT
@click.pass_context
def start(ctx: click.Context, /, query: str, **_: Any) -> None:
    """Mark an item as being read (status `reading`).

    \b
    Example:
      digest2notes queue start 3f2a9c1 --vault ~/Notes
    """
    _mark(ctx, query, StudyStatus.READING, "Reading")


@queue.command("reset", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
@_ID_ARGUMENT
@click.pass_context
def reset(ctx: click.Context, /, query: str, **_: Any) -> None:
    """Mark an item unread again (undoes `done` or `start`).

    \b
    Example:
      digest2notes queue reset 3f2a9c1 --vault ~/Notes
    """
    _mark(ctx, query, StudyStatus.UNREAD, "Unread")
