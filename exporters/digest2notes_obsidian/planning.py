"""Planning an export: every entry's fate, worked out before anything is written.

For each entry (in the order read):

- its note was deleted by the reader (the state recorded it, the vault no longer has
  it): skipped, ``deleted by you``, unless ``--restore`` asks it back;
- no note yet: a new one, named after the headline in the export folder (a suffix
  from the id when the name is taken, so the same entry gets the same name anywhere);
- a note whose file is as the last export left it, for an entry that brings nothing
  new: unchanged, without reading it;
- any other note: read, and merged three ways (`merge`); a note whose properties
  cannot be read is left alone and reported (failed, with a warning naming its path
  and line).

Two notes holding one id are a warning naming both; the one the state recorded (else
the first by path) is the note, the other is left alone.

Then the notes that follow from the entries': each digest's note (`digestplanning`),
the day's digests in the reader's daily note when asked (`daily`), the Study queue
(`views`) and Obsidian's property types (`propertytypes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from digest2notes import Action, Change, Entry, Restore

from . import digestnotes, digestplanning, filenames, finder, propertytypes, state, views, works
from .finder import Look, NoteFile
from .ids import digest_date
from .location import Location
from .naming import Names
from .state import Record, State, Update
from .style import NoteStyle
from .works import Work

# What a note says (`history`, `note`) loads with the first entry that brings news
# (`_skip`, `_create`, `_merge`): a re-export of what was exported before has none.
if TYPE_CHECKING:
    from .daily import DailyWork  # daily notes are opt-in: they load for a run that asks
    from .history import Known
    from .kept import Written
    from .merge import Merged  # loads with the first note to write

DELETED = "deleted by you"


@dataclass
class Planned:
    """The plan's own state: what `apply` needs."""

    location: Location
    state: State
    look: Look
    works: list[Work]  # the entries' notes
    #: What the state learns of notes the run does not export (moved, deleted, found).
    bookkeeping: list[Update] = field(default_factory=list)
    views: list[views.ViewWork] = field(default_factory=list)
    days: list[Work] = field(default_factory=list)  # the digests' notes
    daily: list[DailyWork] = field(default_factory=list)
    types: propertytypes.TypesWork | None = None


def plan(
    location: Location,
    entries: Sequence[Entry],
    restore: Restore,
    style: NoteStyle,
    daily_notes: bool = False,
) -> tuple[Planned, list[str]]:
    """Each note's `Work`, and the warnings for the reader."""
    known_state = state.load(location, style=style.key)
    try:
        return _plan(location, known_state, entries, restore, style, daily_notes)
    finally:
        known_state.close()


def _plan(
    location: Location,
    known_state: State,
    entries: Sequence[Entry],
    restore: Restore,
    style: NoteStyle,
    daily_notes: bool,
) -> tuple[Planned, list[str]]:
    warnings = list(known_state.warnings)
    unique: list[Entry] = []
    ids: set[str] = set()
    for entry in entries:  # read_digests merges repeats; a second copy would fight the first
        if entry.id not in ids:
            ids.add(entry.id)
            unique.append(entry)
    days = digestnotes.days_of(unique)
    day_ids = {day.id for day in days}
    # The other days' notes this run may touch: those listing an entry of the run, and
    # with daily notes every digest of those days (a daily note links them all). The
    # days' own records are read with the entries' (for the look), in one read.
    records = known_state.records_of(ids | day_ids)
    news = [e.id for e in unique if _brings_news(e, records.get(e.id))]
    listing = known_state.listing(news) - day_ids
    dates = {day.date for day in days} | {digest_date(i) for i in listing}
    digest_ids = known_state.digest_ids() if daily_notes else []
    neighbours = (listing | {i for i in digest_ids if digest_date(i) in dates}) - day_ids
    recorded_days = known_state.days(neighbours | (day_ids if daily_notes else set()))
    look = finder.look(known_state, ids | day_ids | neighbours)
    bodies = known_state.bodies([e.id for e in unique if _needs_reading(known_state, look, e)])
    entry_works: list[Work] = []
    names = Names(location.folder_path, location.folder, views.RESERVED_STEMS)
    for entry in unique:
        files = look.notes.get(entry.id, [])
        if len(files) > 1:
            warnings.append(finder.duplicate_warning(entry.id, files))
        record = known_state.records.get(entry.id)
        stored_known, base = bodies.get(entry.id, (None, None))
        if not files:
            deleted = entry.id in look.gone or (record is not None and record.path is None)
            if deleted and not restore.wants(entry.id):
                entry_works.append(_skip(entry, record, stored_known))
            else:
                entry_works.append(_create(location, entry, record, stored_known, names, style))
            continue
        found = files[0]
        same = record is not None and record.stamp == found.stamp
        if record is not None and same and entry.fingerprint in record.absorbed:
            change = Change(entry.id, entry.title, Action.UNCHANGED, found.relative)
            moved = None if record.path == found.relative else works.moved(record, found)
            entry_works.append(Work(entry.id, change, update=moved))
            continue
        work, problem = _merge(location, entry, record, found, stored_known, base, style)
        entry_works.append(work)
        if problem:
            warnings.append(problem)
    notes = digestplanning.EntryNotes(entry_works, unique, known_state, style)
    day_works, day_warnings = digestplanning.plan(
        location, known_state, look, days, notes, recorded_days, restore, style
    )
    warnings += day_warnings
    planned = Planned(location, known_state, look, entry_works, days=day_works)
    if daily_notes:
        from . import daily

        planned.daily, daily_warnings = daily.plan(
            location, known_state, look, day_works, recorded_days, neighbours, restore
        )
        warnings += daily_warnings
    planned.types, types_warning = propertytypes.plan(location)
    if types_warning:
        warnings.append(types_warning)
    planned.views = views.plan_views(location)
    planned.bookkeeping = _bookkeeping(known_state, look, ids | {w.id for w in day_works})
    return planned, warnings


def _brings_news(entry: Entry, record: Record | None) -> bool:
    """Whether the entry may say something new of itself (an entry that does not changes
    no other day's list: at most its note moved, which a link by name survives)."""
    return record is None or entry.fingerprint not in record.absorbed


def _needs_reading(known_state: State, look: Look, entry: Entry) -> bool:
    record = known_state.records.get(entry.id)
    files = look.notes.get(entry.id)
    if record is None:
        return False
    return not files or files[0].stamp != record.stamp or entry.fingerprint not in record.absorbed


def _skip(entry: Entry, record: Record | None, stored: Known | None) -> Work:
    """A note the reader deleted: left deleted, but what the digest says is kept for a
    later ``--restore``."""
    from . import history

    change = Change(entry.id, entry.title, Action.SKIPPED, "", DELETED)
    if record is not None and record.path is None and entry.fingerprint in record.absorbed:
        return Work(entry.id, change)  # nothing new since it was deleted
    known = history.absorb(stored, entry)
    deleted = Record(entry.id, None, None, _absorbed(record, entry, stored, known))
    return Work(entry.id, change, update=Update(deleted, known))


def _create(
    location: Location,
    entry: Entry,
    record: Record | None,
    stored: Known | None,
    names: Names,
    style: NoteStyle,
) -> Work:
    from . import history, note

    known = history.absorb(stored, entry)
    relative = names.take(filenames.sanitise(entry.title), entry.id.rsplit(":", 1)[-1])
    change = Change(entry.id, entry.title, Action.CREATE, relative)
    absorbed = _absorbed(record, entry, stored, known)
    return works.create(location, relative, change, note.draft(known, style), known, absorbed)


def _absorbed(
    record: Record | None, entry: Entry, stored: Known | None, known: Known
) -> frozenset[str]:
    """The entries whose say `known` holds such that saying it again changes nothing: a
    later run of any of them needs no look at the note (if the note did not change)."""
    if record is None or stored != known:
        return frozenset({entry.fingerprint})
    return record.absorbed | {entry.fingerprint}


def _merge(
    location: Location,
    entry: Entry,
    record: Record | None,
    found: NoteFile,
    stored: Known | None,
    base: Written | None,
    style: NoteStyle,
) -> tuple[Work, str | None]:
    from . import history, note

    known = history.absorb(stored, entry)
    absorbed = _absorbed(record, entry, stored, known)
    change = Change(entry.id, entry.title, Action.UPDATE, found.relative)

    def says(_: Merged) -> frozenset[str]:
        return absorbed

    draft = note.draft(known, style)
    return works.merge_found(location, change, found, draft, known, base, says)


def _bookkeeping(known_state: State, look: Look, exported: set[str]) -> list[Update]:
    """What the state learns of the notes this run does not export: where moved ones
    went, which the reader deleted, which notes of ours it had no record of."""
    updates = []
    for note_id, files in look.notes.items():
        if note_id in exported:
            continue
        record = known_state.records.get(note_id)
        if record is None:
            updates.append(Update(Record(note_id, files[0].relative, None)))
        elif record.path != files[0].relative:
            updates.append(works.moved(record, files[0]))
    for note_id in look.gone - exported:
        record = known_state.records.get(note_id)
        if record is None or record.path is not None:
            absorbed = record.absorbed if record else frozenset()
            updates.append(Update(Record(note_id, None, None, absorbed)))
    return updates
