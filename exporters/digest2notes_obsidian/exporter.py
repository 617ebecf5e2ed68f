"""``--to obsidian``: plan every note's fate (`planning`), then write only what changes.

Planning reads what it must and writes nothing, so ``--dry-run`` shows exactly what a
real run would do. Applying writes each note atomically (`writer`); a note the reader
saved between planning and writing is merged again from what is there now, never
overwritten with a stale merge. What the run learnt goes into the export state
(`state`) in one transaction at the end: a run killed before that is safe to re-run,
since the notes it wrote are recognised by their seal.

Its options are in `options` (what ``--help`` lists, without this module); this
module imports only what the class needs, the rest comes in with the first plan or
progress read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

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

from . import options as described

if TYPE_CHECKING:
    from .planning import Planned


class ObsidianExporter(Exporter["Planned"], ProgressSource):
    """One note per entry in an Obsidian vault, merged with the reader's edits on re-export."""

    name = "obsidian"
    help = (
        "One note per entry and per digest in an Obsidian vault (--vault DIR), plus a Study "
        "queue view."
    )
    options = described.options
    queue_options = described.queue_options

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
        from . import propertytypes, views
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
            from . import statesave  # most re-exports have nothing new to record

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
