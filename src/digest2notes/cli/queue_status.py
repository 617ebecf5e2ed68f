"""``digest2notes queue done|start|reset ID``: change one item's status where the reader works.

Only the status changes; ticks and the reader's own text are left alone. The
source is asked only for the candidates of ID (`ProgressSource.find_items`), so a
remote source need not read everything to change one row.
"""

from __future__ import annotations

from typing import Any

import click

from .. import queue as study
from ..exporting import StudyStatus
from .context import CONTEXT_SETTINGS
from .sources import QueueCommand, open_source


def _mark(ctx: click.Context, query: str, status: StudyStatus, verb: str) -> None:
    opened = open_source(ctx)
    items = opened.read(query)
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


@click.command("done", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
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


@click.command("start", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
@_ID_ARGUMENT
@click.pass_context
def start(ctx: click.Context, /, query: str, **_: Any) -> None:
    """Mark an item as being read (status `reading`).

    \b
    Example:
      digest2notes queue start 3f2a9c1 --vault ~/Notes
    """
    _mark(ctx, query, StudyStatus.READING, "Reading")


@click.command("reset", cls=QueueCommand, context_settings=CONTEXT_SETTINGS)
@_ID_ARGUMENT
@click.pass_context
def reset(ctx: click.Context, /, query: str, **_: Any) -> None:
    """Mark an item unread again (undoes `done` or `start`).

    \b
    Example:
      digest2notes queue reset 3f2a9c1 --vault ~/Notes
    """
    _mark(ctx, query, StudyStatus.UNREAD, "Unread")
