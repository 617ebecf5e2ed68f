"""``digest2notes export --to NAME``: plan, then apply, and report."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from ..exporting import Change, Exporter, Plan, Report
from ..plugins import get_exporter
from .context import (
    CONTEXT_SETTINGS,
    app_context,
    echo_error,
    read_entries,
    stderr_is_tty,
)
from .options import PluginOptionsCommand, foreign_options, merged_settings

PROGRESS_THRESHOLD = 50


@click.command(
    cls=PluginOptionsCommand,
    option_attribute="options",
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
    app = app_context()
    config = app.checked_config()
    exporter_cls = get_exporter(to)
    stray = foreign_options(ctx, exporter_cls.options, values)
    if stray:
        raise click.UsageError(f"{', '.join(stray)} is not an option of --to {to}")
    settings = merged_settings(ctx, exporter_cls.options, values, config.section(to))
    exporter: Exporter = exporter_cls(settings, app.env)

    entries, read_failed = read_entries(paths)
    plan = exporter.plan(entries)
    if dry_run:
        report = Report(changes=list(plan.changes))
        _print(report, as_json, dry_run=True)
    else:
        report = _apply_with_progress(exporter, plan)
        _print(report, as_json, dry_run=False)
    if read_failed or report.failed:
        raise SystemExit(1)


def _apply_with_progress(exporter: Exporter, plan: Plan) -> Report:
    total = len(plan.changes)
    if not (stderr_is_tty() and total >= PROGRESS_THRESHOLD):
        return exporter.apply(plan)
    # click's stubs for progressbar() confuse mypy; the call is the documented one.
    make_bar: Any = click.progressbar
    stream = sys.stderr
    bar = make_bar(length=total, label="Exporting", file=stream)
    with bar:

        def step(_: Change) -> None:
            bar.update(1)

        return exporter.apply(plan, step)


def _print(report: Report, as_json: bool, *, dry_run: bool) -> None:
    if as_json:
        data = report.to_json()
        data["dry_run"] = dry_run
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for change in report.changes + report.extras:
            if dry_run and change.action.value != "unchanged":
                click.echo(f"would be {change.action.value}: {change.target}")
        prefix = "dry run, nothing written: " if dry_run else ""
        click.echo(prefix + report.summary())
    for change in report.failed:
        echo_error(f"{change.title}: {change.detail}")
