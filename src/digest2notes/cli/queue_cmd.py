"""``digest2notes queue``: what to read next, read back from where the reader works.

The source (a vault, a Notion database) is chosen in `sources`; the ranking,
filters and budget are `digest2notes.queue`'s pure functions; this module only
turns options into calls and prints the table. ``done``/``start``/``reset`` are
in `queue_status`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click

from .. import queue as study
from ..display import display_width, fit
from ..exporting import StudyItem
from ..model import Verdict
from . import sources
from .context import CONTEXT_SETTINGS
from .queue_status import done, reset, start
from .sources import open_source

_MIN_HEADLINE = 20
_READY_SHOWN = 3


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
    cls=sources.QueueGroup,
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
    opened = open_source(ctx)
    items = opened.read()
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
    import json

    lines = [json.dumps(obj, ensure_ascii=False) for obj in objects]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


def _table(
    items: Sequence[StudyItem], short: Mapping[str, str], minutes: Mapping[Verdict, int]
) -> list[str]:
    """Aligned rows; the headline takes what the terminal has left and is trimmed with …."""
    header = ("ID", "VERDICT", "STATUS", "DONE", "MIN")
    rows = [
        (
            short[item.id],
            item.verdict.value,
            "ready ✓" if study.is_ready(item) else item.status.value,
            f"{item.focus_done}/{item.focus_total}" if item.focus_total else "-",
            str(study.item_minutes(item, minutes)),
        )
        for item in items
    ]
    # These cells are ours, one column per character, so a format pads them; the
    # repository and the headline come from the notes, and are fitted to their columns.
    widths = [max(map(len, column)) for column in zip(header, *rows, strict=True)]
    # A vault holds the digests of a few repositories: each is measured and fitted once.
    names = {"REPO", *(item.repo for item in items)}
    repo = min(max(map(display_width, names)), 28)
    used = sum(widths) + repo + 2 * (len(widths) + 1)
    # One column spare: some terminals wrap a line that fills the last column.
    import shutil

    headline = max(shutil.get_terminal_size((100, 24)).columns - used - 1, _MIN_HEADLINE)
    id_, verdict, status, done, mins = widths
    layout = f"{{:<{id_}}}  {{:<{verdict}}}  {{:<{status}}}  {{:>{done}}}  {{:>{mins}}}  "

    repos = {name: fit(name, repo) for name in names}

    def line(cells: Sequence[str], repository: str, title: str) -> str:
        return (layout.format(*cells) + repos[repository] + "  " + fit(title, headline)).rstrip()

    out = [line(header, "REPO", "HEADLINE")]
    out.extend(line(row, item.repo, item.title) for row, item in zip(rows, items, strict=True))
    return out


queue.add_command(done)
queue.add_command(start)
queue.add_command(reset)
