"""``--to obsidian``: plan every note's fate (`planning`), then write only what changes.

Planning reads what it must and writes nothing, so ``--dry-run`` shows exactly what a
real run would do. Applying writes each note atomically (`writer`); a note the reader
saved between planning and writing is merged again from what is there now, never
overwritten with a stale merge. What the run learnt goes into the export state
(`state`) in one transaction at the end: a run killed before that is safe to re-run,
since the notes it wrote are recognised by their seal.

This module is imported to list the exporter's options (``--help``), so it imports
only what that needs; the rest comes in with the first plan or progress read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from digest2notes import (
    NO_RESTORE,
    Action,
    Change,
    Entry,
    Exporter,
    Plan,
    Progress,
    ProgressCallback,
    ProgressSource,
    Report,
    Restore,
    StudyItem,
    StudyStatus,
)

from .location import DEFAULT_FOLDER

if TYPE_CHECKING:
    from .planning import Planned


def _vault_option() -> click.Option:
    return click.Option(
        ["--vault"],
        type=click.Path(file_okay=False),
        metavar="DIR",
        help="Obsidian vault folder; it must exist. [obsidian] vault in the config file.",
    )


def _folder_option() -> click.Option:
    return click.Option(
        ["--folder"],
        metavar="NAME",
        default=DEFAULT_FOLDER,
        show_default=True,
        help="Folder inside the vault for new notes and the Study queue. "
        "[obsidian] folder in the config file.",
    )


def _daily_note_option() -> click.Option:
    return click.Option(
        ["--daily-note/--no-daily-note", "daily_note"],
        default=False,
        help="Link the day's digest notes in your daily note (found through Obsidian's Daily "
        "notes settings; made from your template if missing). [obsidian] daily_note.",
    )


def _task_tag_option() -> click.Option:
    return click.Option(
        ["--task-tag"],
        metavar="TAG",
        help="Tag every generated to-do (e.g. '#task', your Tasks plugin's global filter) so "
        "study items join your Tasks views; '' for none. [obsidian] task_tag.",
    )


class ObsidianExporter(Exporter["Planned"], ProgressSource):
    """One note per entry in an Obsidian vault, merged with the reader's edits on re-export."""

    name = "obsidian"
    help = (
        "One note per entry and per digest in an Obsidian vault (--vault DIR), plus a Study "
        "queue view."
    )
    options = (_vault_option(), _folder_option(), _daily_note_option(), _task_tag_option())
    queue_options = (_vault_option(),)

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[Planned]:
        from . import planning, style
        from .location import resolve_location

        location = resolve_location(self.settings)
        note_style = style.resolve_style(self.settings)
        daily = style.daily_note(self.settings)
        planned, warnings = planning.plan(location, entries, restore, note_style, daily)
        changes = [work.change for work in planned.works]
        return Plan(changes=changes, state=planned, warnings=warnings)

    def apply(self, plan: Plan[Planned], progress: ProgressCallback | None = None) -> Report:
        from . import propertytypes, statesave, views
        from .applying import apply_work
        from .writer import Writer, remove_orphans

        planned = plan.state
        writer = Writer(planned.location)
        remove_orphans(planned.look.temp_files)
        report = Report()
        updates = list(planned.bookkeeping)
        for work in planned.works:
            change, update = apply_work(writer, work)
            report.changes.append(change)
            if update is not None:
                updates.append(update)
            if progress is not None:
                progress(change)
        extras: list[tuple[Change, Change]] = []  # (as planned, as done)
        for work in planned.days:
            change, update = apply_work(writer, work)
            extras.append((work.change, change))
            if update is not None:
                updates.append(update)
        dailies = []
        for daily_work in planned.daily:
            from . import daily

            change, written = daily.apply(writer, daily_work)
            extras.append((daily_work.change, change))
            if written is not None:
                dailies.append(written)
        extras += [(view.change, views.apply_view(writer, view)) for view in planned.views]
        if planned.types is not None:
            extras.append((planned.types.change, propertytypes.apply(writer, planned.types)))
        report.extras = [done for _, done in extras]
        report.warnings += [  # what failed at planning was said then
            f"{done.target}: {done.detail}"
            for was, done in extras
            if done.action is Action.FAILED and was.action is not Action.FAILED
        ]
        # The folders written to changed by our own hand: their new mtimes are the ones
        # the next run compares with, so that it does not list them again for nothing.
        folders = {**planned.look.folders, **writer.folders_written()}
        old = planned.state
        copies = planned.look.copies()
        same_copies = set(copies) == set(old.copies.values())
        if updates or dailies or old.fresh or folders != old.folders or not same_copies:
            started = planned.look.started
            problem = statesave.save(old, updates, copies, folders, started, dailies)
            if problem:
                report.warnings.append(problem)
        return report

    def read_progress(self, progress: Callable[[int, int], None] | None = None) -> Progress:
        """The queue's items. `progress(done, total)` is taken for callers that show a
        count, and not called: notes untouched since the last export are not even read."""
        from . import progress as reading
        from .location import resolve_location

        return reading.read_progress(resolve_location(self.settings))

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        from . import progress
        from .location import resolve_location

        return progress.set_status(resolve_location(self.settings), item, status)
