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
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from digest2notes import Action, Change, Entry, Restore

from . import filenames, finder, history, merge, note, progress, state, views
from .finder import Look, NoteFile
from .history import Known
from .location import Location
from .merge import Merged, Written
from .state import Record, State, Update
from .writer import Stamp

DELETED = "deleted by you"


@dataclass(frozen=True)
class Work:
    """One entry's planned change, and what applying it takes."""

    entry: Entry
    change: Change
    path: Path | None = None  # the note to write
    text: str | None = None  # its new text
    stamp: Stamp | None = None  # the file's stamp when planned (None: a new note)
    known: Known | None = None
    base: Written | None = None  # the base it was merged against (to merge again)
    merged: Merged | None = None
    absorbed: frozenset[str] = frozenset()  # entries whose say the note holds once written
    update: Update | None = None  # what the state learns, if nothing is written


@dataclass
class Planned:
    """The plan's own state: what `apply` needs."""

    location: Location
    state: State
    look: Look
    works: list[Work]
    #: What the state learns of notes the run does not export (moved, deleted, found).
    bookkeeping: list[Update] = field(default_factory=list)
    views: list[views.ViewWork] = field(default_factory=list)


def plan(
    location: Location, entries: Sequence[Entry], restore: Restore
) -> tuple[Planned, list[str]]:
    """Each entry's `Work`, and the warnings for the reader."""
    known_state = state.load(location)
    try:
        return _plan(location, known_state, entries, restore)
    finally:
        known_state.close()


def _plan(
    location: Location, known_state: State, entries: Sequence[Entry], restore: Restore
) -> tuple[Planned, list[str]]:
    warnings = list(known_state.warnings)
    unique: list[Entry] = []
    ids: set[str] = set()
    for entry in entries:  # read_digests merges repeats; a second copy would fight the first
        if entry.id not in ids:
            ids.add(entry.id)
            unique.append(entry)
    look = finder.look(known_state, ids)
    bodies = known_state.bodies([e.id for e in unique if _needs_reading(known_state, look, e)])
    works: list[Work] = []
    names = _Names(location)
    for entry in unique:
        files = look.notes.get(entry.id, [])
        if len(files) > 1:
            warnings.append(progress.duplicate_warning(entry.id, files))
        record = known_state.records.get(entry.id)
        stored_known, base = bodies.get(entry.id, (None, None))
        if not files:
            deleted = entry.id in look.gone or (record is not None and record.path is None)
            if deleted and not restore.wants(entry.id):
                works.append(_skip(entry, record, stored_known))
            else:
                works.append(_create(entry, record, stored_known, names))
            continue
        found = files[0]
        same = record is not None and record.stamp == found.stamp
        if record is not None and same and entry.fingerprint in record.absorbed:
            change = Change(entry.id, entry.title, Action.UNCHANGED, found.relative)
            moved = None if record.path == found.relative else _moved(record, found)
            works.append(Work(entry, change, update=moved))
            continue
        work, problem = _merge(location, entry, record, found, stored_known, base)
        works.append(work)
        if problem:
            warnings.append(problem)
    exported = {e.id for e in unique}
    bookkeeping = _bookkeeping(known_state, look, exported)
    planned = Planned(location, known_state, look, works, bookkeeping, views.plan_views(location))
    return planned, warnings


def _needs_reading(known_state: State, look: Look, entry: Entry) -> bool:
    record = known_state.records.get(entry.id)
    files = look.notes.get(entry.id)
    if record is None:
        return False
    return not files or files[0].stamp != record.stamp or entry.fingerprint not in record.absorbed


def _skip(entry: Entry, record: Record | None, stored: Known | None) -> Work:
    """A note the reader deleted: left deleted, but what the digest says is kept for a
    later ``--restore``."""
    change = Change(entry.id, entry.title, Action.SKIPPED, "", DELETED)
    if record is not None and record.path is None and entry.fingerprint in record.absorbed:
        return Work(entry, change)  # nothing new since it was deleted
    known = history.absorb(stored, entry)
    deleted = Record(entry.id, None, None, _absorbed(record, entry, stored, known))
    return Work(entry, change, update=Update(deleted, known))


def _create(entry: Entry, record: Record | None, stored: Known | None, names: _Names) -> Work:
    known = history.absorb(stored, entry)
    merged = merge.new_note(note.draft(known))
    relative = names.take(entry)
    change = Change(entry.id, entry.title, Action.CREATE, relative)
    path = names.location.path(relative)
    absorbed = _absorbed(record, entry, stored, known)
    return Work(entry, change, path, merged.text, None, known, None, merged, absorbed)


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
) -> tuple[Work, str | None]:
    path = location.path(found.relative)
    known = history.absorb(stored, entry)
    try:
        text = path.read_bytes().decode("utf-8")
        merged = merge.merge(text, note.draft(known), base)
    except (OSError, UnicodeDecodeError) as error:
        detail = f"cannot read {found.relative}: {getattr(error, 'strerror', None) or error}"
        failed = Change(entry.id, entry.title, Action.FAILED, found.relative, detail)
        return Work(entry, failed), None
    except merge.BrokenFrontmatter as error:
        line = f":{error.line}" if error.line else ""
        detail = f"{error.problem}; fix it in Obsidian and export again"
        failed = Change(entry.id, entry.title, Action.FAILED, found.relative, detail)
        return Work(entry, failed), f"{found.relative}{line}: {detail} (left as it is)"
    absorbed = _absorbed(record, entry, stored, known)
    if merged.text is None:
        change = Change(entry.id, entry.title, Action.UNCHANGED, found.relative)
        kept = Record(entry.id, found.relative, found.stamp, absorbed, merged.seen)
        return Work(entry, change, update=Update(kept, known, merged.written)), None
    detail = "; ".join(merged.changes)
    change = Change(entry.id, entry.title, Action.UPDATE, found.relative, detail)
    return Work(entry, change, path, merged.text, found.stamp, known, base, merged, absorbed), None


def _moved(record: Record, found: NoteFile) -> Update:
    return Update(Record(record.id, found.relative, found.stamp, record.absorbed, record.seen))


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
            updates.append(_moved(record, files[0]))
    for note_id in look.gone - exported:
        record = known_state.records.get(note_id)
        if record is None or record.path is not None:
            absorbed = record.absorbed if record else frozenset()
            updates.append(Update(Record(note_id, None, None, absorbed)))
    return updates


class _Names:
    """New notes' names in the export folder: the sanitised headline, or with a suffix
    from the id when another file has it (compared as a case-insensitive system would)."""

    def __init__(self, location: Location) -> None:
        self.location = location
        self._taken: dict[str, str] | None = None  # name key → the name that has it

    def take(self, entry: Entry) -> str:
        stem = filenames.sanitise(entry.title)
        digest = entry.id.rsplit(":", 1)[-1]
        candidates = [stem, *(filenames.with_suffix(stem, tag) for tag in (digest[:6], digest))]
        number = 2
        while True:
            for candidate in candidates:
                name = candidate + filenames.NOTE_SUFFIX
                if self._free(name):
                    folder = self.location.folder
                    return f"{folder.as_posix()}/{name}" if folder.parts else name
            candidates = [filenames.with_suffix(stem, f"{digest} {number}")]
            number += 1

    def _free(self, name: str) -> bool:
        """Is `name` free in the folder (an empty file there is), and if so, take it."""
        if self._taken is None:
            try:
                names = os.listdir(self.location.folder_path)
            except OSError:
                names = []
            self._taken = {filenames.name_key(n): n for n in names}
        key = filenames.name_key(name)
        holder = self._taken.get(key)
        if key in _RESERVED:
            return False
        if holder is not None and not _empty(self.location.folder_path / holder):
            return False
        self._taken[key] = name
        return True


_RESERVED = frozenset(filenames.name_key(s + filenames.NOTE_SUFFIX) for s in views.RESERVED_STEMS)


def _empty(path: Path) -> bool:
    """An empty file is what a power cut can leave of a note being created: a free name."""
    try:
        return path.stat().st_size == 0
    except OSError:
        return False
