"""``digest2notes export --to NAME``: plan, then apply, and report."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import click

from ..exporting import (
    DEFAULT_MINUTES_SETTING,
    NO_RESTORE,
    Action,
    Change,
    Cost,
    Exporter,
    Plan,
    Report,
    Restore,
)
from ..plugins import UnknownExporterError, get_exporter
from ..queue import minutes_from_config
from . import settings as plugin_settings
from .context import (
    CONTEXT_SETTINGS,
    DATE_OPTION,
    app_context,
    echo_error,
    echo_warning,
    read_entries,
    stderr_is_tty,
)
from .options import PluginOptionsCommand, foreign_options

PROGRESS_THRESHOLD = 50


@click.command(
    cls=PluginOptionsCommand,
    context_settings=CONTEXT_SETTINGS,
)
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--to",
    "to",
    required=True,
    metavar="NAME",
    help="Exporter to use (see `digest2notes exporters`).",
)
@click.option("--dry-run", is_flag=True, help="Print what would change and write nothing.")
@DATE_OPTION
@click.option(
    "--restore",
    "restore_ids",
    multiple=True,
    metavar="ID",
    help="Bring back the note or row of an entry you deleted (an id or id prefix; "
    "'all' for every one). Without it, what you deleted stays deleted.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the summary and per-entry actions as JSON."
)
@click.pass_context
def export(
    ctx: click.Context,
    /,
    paths: tuple[str, ...],
    to: str,
    dry_run: bool,
    date: str | None,
    restore_ids: tuple[str, ...],
    as_json: bool,
    **values: Any,
) -> None:
    """Export digest entries as study notes (one note or row per entry).

    PATHS default to ./digests. Re-running is safe: unchanged items are not
    touched, the reader's edits and ticks are kept, nothing is duplicated.
    Options of each exporter may also be set in its config-file table.

    \b
    Examples:
      digest2notes export --to obsidian --vault ~/Notes
      digest2notes export --to obsidian --vault ~/Notes --dry-run
      NOTION_TOKEN=... digest2notes export --to notion --database URL
    """
    exporter = open_exporter(ctx, to, values)
    restore = Restore.of(restore_ids)
    if not export_paths(
        exporter, paths, restore=restore, dry_run=dry_run, as_json=as_json, date=date
    ):
        raise SystemExit(1)


def open_exporter(ctx: click.Context, to: str, values: Mapping[str, Any]) -> Exporter[Any]:
    """The exporter named `to`, constructed with its settings (shared with ``watch``)."""
    app = app_context()
    config = app.checked_config()
    try:
        exporter_cls = get_exporter(to)
    except UnknownExporterError as error:
        raise click.BadParameter(str(error), param_hint="'--to'") from None
    stray = foreign_options(ctx, exporter_cls.options, values)
    if stray:
        raise click.UsageError(f"{', '.join(stray)} is not an option of --to {to}")
    settings = plugin_settings.resolve(
        exporter_cls.options,
        [ctx],
        config.section(to),
        section_name=to,
        config_path=config.path,
    )
    settings[DEFAULT_MINUTES_SETTING] = minutes_from_config(config.section("queue"), config.path)
    return exporter_cls(settings, app.env)


def export_paths(
    exporter: Exporter[Any],
    paths: Sequence[str],
    *,
    restore: Restore = NO_RESTORE,
    dry_run: bool = False,
    as_json: bool = False,
    label: str | None = None,
    date: str | None = None,
) -> bool:
    """Read `paths`, plan, apply (unless `dry_run`) and print the report; False on any error.

    A digest that cannot be read is reported and the others are still exported; when
    nothing at all was read (a mistyped path), nothing is written, not even the views.
    """
    entries, read_failed = read_entries(paths, date=date)
    if read_failed and not entries:
        return False
    plan = exporter.plan(entries, restore=restore)
    for warning in plan.warnings:
        echo_warning(warning)
    if dry_run:
        report = Report(changes=list(plan.changes))
    else:
        _announce_cost(plan.cost)
        report = _apply_with_progress(exporter, plan)
        for warning in report.warnings:
            echo_warning(warning)
    _print(report, as_json, dry_run=dry_run, label=label)
    return not (read_failed or report.failed)


LONG_RUN_SECONDS = 60


def _announce_cost(cost: Cost | None) -> None:
    """Say up front what a long run will cost, so nobody waits without knowing why."""
    if cost is None or cost.seconds < LONG_RUN_SECONDS:
        return
    minutes = max(round(cost.seconds / 60), 1)
    click.echo(f"This will take about {minutes} min ({cost.requests} requests).", err=True)


_NO_WORK = (Action.UNCHANGED, Action.SKIPPED)


def _apply_with_progress(exporter: Exporter[Any], plan: Plan[Any]) -> Report:
    """Apply, with a done/total bar on a terminal when there is much to do.

    The bar counts only entries with work to do, so its ETA is not skewed by the
    unchanged ones, which take no time. After Ctrl-C it says what was written
    (every write is atomic, so a re-run simply goes on) and exits 130.
    """
    total = sum(1 for change in plan.changes if change.action not in _NO_WORK)
    done: list[Change] = []
    bar: Any = None  # made only to be shown: click's progress bar loads its terminal code
    if stderr_is_tty() and total >= PROGRESS_THRESHOLD:
        # click's stubs for progressbar() confuse mypy; the call is the documented one.
        make_bar: Any = click.progressbar
        bar = make_bar(length=total, label="Exporting", file=sys.stderr, show_pos=True)

    def step(change: Change) -> None:
        done.append(change)
        if bar is not None and change.action not in _NO_WORK:
            bar.update(1)

    try:
        if bar is None:
            return exporter.apply(plan, step)
        with bar:
            return exporter.apply(plan, step)
    except KeyboardInterrupt:
        written = Report(changes=done).summary()
        click.echo(
            f"Interrupted after {len(done)} of {len(plan.changes)} entries ({written}); "
            "nothing is half-written: run the same export again to finish.",
            err=True,
        )
        raise click.exceptions.Exit(130) from None


def _print(report: Report, as_json: bool, *, dry_run: bool, label: str | None = None) -> None:
    if as_json:
        data = report.to_json()
        data["dry_run"] = dry_run
        import json

        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for change in report.changes + report.extras:
            if dry_run and change.action.value != "unchanged":
                click.echo(f"would be {change.action.value}: {change.target}")
        prefix = "dry run, nothing written: " if dry_run else ""
        if label:
            prefix = f"{label}: {prefix}"
        click.echo(prefix + report.summary())
    for change in report.failed:
        echo_error(f"{change.title}: {change.detail}")
