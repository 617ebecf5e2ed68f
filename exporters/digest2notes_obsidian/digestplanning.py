"""Planning the digests' notes: each one's fate, after the entries' notes are planned.

A digest's note lists the entries' notes where the entries' plan leaves them, so it is
planned second. Like an entry's note it is found wherever the reader moved it, left
deleted when they deleted it (until ``--restore``), merged three ways with what they
wrote in it, and not even read when nothing it depends on changed: its fingerprint
(`digestnotes.fingerprint`) is recorded with the note, as an entry's is.

An entry is on the list of every day it appeared in, and what the list says of it
(the newest digest's verdict and minutes, where its note is) can change in a run that
reads another day: a run that changes an entry writes the lists of its other days too
(from the list each keeps in the state), so that no day says something else of it, and
exporting the folder after the days, or a day after the folder, writes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

from digest2notes import Action, Change, Entry, Restore

from . import digestnotes, finder, works
from .digestnotes import Day
from .finder import Look, NoteFile
from .location import Location
from .naming import Names
from .state import Record, State, Update
from .style import NoteStyle
from .works import Work

# What a note says (`history`, `note`) loads with the first list to write (`EntryNotes`):
# a run in which no day's list changes needs neither.
if TYPE_CHECKING:
    from .history import DayKnown, Known, Row
    from .kept import Written
    from .merge import Merged  # loads with the first note to write

DELETED = "deleted by you"


class EntryNotes:
    """What the digests' notes need of the entries' plan: where each entry's note is once
    the plan is applied, and what the digests say of it (read from the state only for
    the entries whose note the plan did not need to read)."""

    def __init__(
        self, entry_works: Sequence[Work], entries: Sequence[Entry], state: State, style: NoteStyle
    ) -> None:
        self.targets: dict[str, str | None] = {}
        self._known: dict[str, Known] = {}
        for work in entry_works:
            skipped = work.change.action is Action.SKIPPED
            self.targets[work.id] = None if skipped else work.change.target or None
            if work.known is not None:  # an entry's work keeps its entry's `Known`
                self._known[work.id] = cast("Known", work.known)
        self._entries = {entry.id: entry for entry in entries}
        self._state = state
        self._style = style

    def listing(self, day: Day, ids: Sequence[str]) -> DayKnown:
        """The reading list of `day`: these entries of the run, as they stand now."""
        from .history import DayKnown

        return DayKnown(day.repo, day.date, tuple(self.rows(ids)))

    def rows(self, ids: Sequence[str]) -> list[Row]:
        """The reading-list lines of these entries of the run, as they stand now."""
        from . import history

        missing = [i for i in ids if i not in self._known]
        for note_id, (stored, _) in self._state.bodies(missing).items():
            if stored is not None:
                self._known[note_id] = stored
        for note_id in missing:  # never recorded (a note that could not be read): as read
            if note_id not in self._known:
                self._known[note_id] = history.absorb(None, self._entries[note_id])
        return [self._row(note_id) for note_id in ids]

    def refreshed(self, row: Row) -> Row:
        """A line another day's list keeps, with what this run knows of its entry."""
        if row.id not in self.targets:
            return row
        if row.id in self._known:
            return self._row(row.id)
        return replace(row, target=self.targets[row.id])  # only its note may have moved

    def _row(self, note_id: str) -> Row:
        from .history import Row
        from .note import minutes_of

        known = self._known[note_id]
        minutes = minutes_of(known, self._style)
        return Row(note_id, known.title, self.targets.get(note_id), known.verdict, minutes)


@dataclass(frozen=True)
class _Pending:
    change: Change
    record: Record | None
    print: str | None  # None: another day's list, written again for an entry of this run
    found: NoteFile | None
    entries: tuple[str, ...] = ()


def plan(
    location: Location,
    known_state: State,
    look: Look,
    days: Sequence[Day],
    notes: EntryNotes,
    recorded: Mapping[str, tuple[Record, DayKnown | None]],
    restore: Restore,
    style: NoteStyle,
) -> tuple[list[Work], list[str]]:
    """The `Work` of each digest note of the run (in `days` order), then of each other
    day's note whose list an entry of the run changes; and the warnings for the reader."""
    folder = location.folder / digestnotes.DAYS_FOLDER
    names = Names(location.vault.joinpath(*folder.parts), folder)
    warnings: list[str] = []
    planned: dict[str, Work] = {}
    pending: dict[str, _Pending] = {}
    for day in days:
        files = look.notes.get(day.id, [])
        if len(files) > 1:
            warnings.append(finder.duplicate_warning(day.id, files))
        record = known_state.records.get(day.id)
        print_ = digestnotes.fingerprint(day, notes.targets, style)
        title = f"{day.repo} {day.date}"
        listed = tuple(entry.id for entry in day.entries)
        if not files:
            deleted = day.id in look.gone or (record is not None and record.path is None)
            if deleted and not restore.wants(day.id):
                planned[day.id] = _skip(day.id, title, record, print_)
            else:
                relative = names.take(digestnotes.stem(day.repo, day.date), _tag(day.id))
                change = Change(day.id, title, Action.CREATE, relative)
                pending[day.id] = _Pending(change, record, print_, None, listed)
            continue
        found = files[0]
        change = Change(day.id, title, Action.UPDATE, found.relative)
        if record is not None and record.stamp == found.stamp and print_ in record.absorbed:
            moved = None if record.path == found.relative else works.moved(record, found)
            planned[day.id] = Work(day.id, _unchanged(change), update=moved)
        else:
            pending[day.id] = _Pending(change, record, print_, found, listed)
    if pending:  # the histories of every entry on the lists to write, in one read
        notes.rows(sorted({i for job in pending.values() for i in job.entries}))
    lists: dict[str, DayKnown] = {}
    for day in days:
        job = pending.get(day.id)
        if job is not None:
            lists[day.id] = notes.listing(day, job.entries)
    for note_id, (record, stored) in recorded.items():
        if note_id in planned or note_id in pending or stored is None or record.path is None:
            continue
        here = look.notes.get(note_id)
        again = replace(stored, rows=tuple(map(notes.refreshed, stored.rows)))
        if again != stored and here:
            title = f"{stored.repo} {stored.date}"
            change = Change(note_id, title, Action.UPDATE, here[0].relative)
            pending[note_id], lists[note_id] = _Pending(change, record, None, here[0]), again
    bases = known_state.written_of([i for i, job in pending.items() if job.found is not None])
    for note_id, job in pending.items():
        draft = digestnotes.draft(lists[note_id])
        if job.found is None:
            absorbed = frozenset({job.print}) if job.print else frozenset()
            planned[note_id] = works.create(
                location, job.change.target, job.change, draft, lists[note_id], absorbed
            )
            continue
        base = bases.get(note_id)
        work, problem = works.merge_found(
            location, job.change, job.found, draft, lists[note_id], base, _says(job, base)
        )
        planned[note_id] = work
        if problem:
            warnings.append(problem)
    return list(planned.values()), warnings


def _says(job: _Pending, base: Written | None) -> Callable[[Merged], frozenset[str]]:
    """The prints the note holds once merged: this one, and the earlier ones too if the
    tool writes in it what it wrote before (then they still make this same note)."""

    def says(merged: Merged) -> frozenset[str]:
        record = job.record
        mine = frozenset({job.print}) if job.print else frozenset()
        if record is not None and base is not None and merged.written == base:
            return record.absorbed | mine
        return mine

    return says


def _skip(note_id: str, title: str, record: Record | None, print_: str) -> Work:
    change = Change(note_id, title, Action.SKIPPED, "", DELETED)
    if record is not None and record.path is None and print_ in record.absorbed:
        return Work(note_id, change)
    absorbed = (record.absorbed if record is not None else frozenset()) | {print_}
    return Work(note_id, change, update=Update(Record(note_id, None, None, absorbed)))


def _unchanged(change: Change) -> Change:
    return Change(change.entry_id, change.title, Action.UNCHANGED, change.target)


def _tag(note_id: str) -> str:
    """A name suffix for a digest note whose name is taken: from its id, as an entry's."""
    return hashlib.blake2b(note_id.encode("utf-8"), digest_size=6).hexdigest()
