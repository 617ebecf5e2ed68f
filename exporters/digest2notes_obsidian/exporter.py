"""``--to obsidian``: plan every note's fate first, then write only what changes.

Planning reads the whole vault once (see `vault.scan`), merges every existing
note in memory and names every new one, so ``--dry-run`` shows exactly what a
real run would do and writes nothing. Applying writes each changed note
atomically; a note the reader edited between planning and writing is merged
again from its current text rather than overwritten with a stale merge. New
notes are rendered while they are written, on every core (`_create_notes`):
rendering them cannot fail, and the text of ten thousand notes need not sit in
the plan.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

import click

from digest2notes import (
    NO_RESTORE,
    Action,
    Change,
    Entry,
    Exporter,
    ExportError,
    Plan,
    Progress,
    ProgressCallback,
    ProgressSource,
    ReadCallback,
    Report,
    Restore,
    StudyItem,
    StudyStatus,
    collector_paused,
    map_chunks,
)

from . import filenames, merge, note, vault, views
from . import progress as progress_notes


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
        default=vault.DEFAULT_FOLDER,
        show_default=True,
        help="Folder inside the vault for new notes and the Study queue. "
        "[obsidian] folder in the config file.",
    )


@dataclass(slots=True)
class _Work:
    """One entry's planned change, with what `apply` needs to carry it out."""

    entry: Entry
    change: Change
    path: str
    text: str | None = None
    stamp: tuple[int, int] | None = None
    #: For a note found up to date: its record for the next export (see `vault.Records`).
    record: vault.NoteRecord | None = None


@dataclass
class _ViewWork:
    change: Change
    path: Path
    text: str


@dataclass
class _State:
    location: vault.Location
    #: Per entry, in order: its work, or for a note left as it is, just its change.
    work: list[_Work | Change]
    views: list[_ViewWork]
    records: vault.Records
    notes_found: set[str]
    temp_files: list[str]


class ObsidianExporter(Exporter["_State"], ProgressSource):
    """One note per entry in an Obsidian vault, merged with the reader's edits on re-export."""

    name = "obsidian"
    help = "One note per entry in an Obsidian vault (--vault DIR), plus a Study queue view."
    options = (_vault_option(), _folder_option())
    queue_options = (_vault_option(),)

    # ------------------------------------------------------------------ exporting

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[_State]:
        with collector_paused():  # see `digest2notes.batch`
            return self._plan(entries)

    def _plan(self, entries: Sequence[Entry]) -> Plan[_State]:
        location = vault.resolve_location(self.settings)
        records = vault.load_records(location, merge.format_print())
        index = vault.scan(location, records=records)
        vouched, by_id = index.vouched, index.by_id
        planned: list[_Work | Change | Entry] = []  # an entry here still needs a new note
        seen: set[str] = set()
        new = 0
        # Looked up once: this loop runs once per entry, most of a re-export's time.
        unchanged, add = Action.UNCHANGED, planned.append
        for entry in entries:
            entry_id = entry.id
            if entry_id in seen:
                continue  # read_digests already merges repeats; a second copy would fight the first
            seen.add(entry_id)
            hit = vouched.get(entry_id)
            if hit is not None:
                if hit[1][1] == entry.fingerprint:
                    # Left up to date for this very entry by an earlier export, and not
                    # touched since: nothing to read, and its record stays as it is. (A
                    # re-export's common case, kept to the least work per note.)
                    add(Change(entry_id, entry.title, unchanged, hit[0]))
                else:
                    add(self._plan_update(entry, [index.vouched_note(hit)]))
            elif notes := by_id.get(entry_id):
                add(self._plan_update(entry, notes))
            else:
                add(entry)
                new += 1
        work = _named(location, index, planned) if new else cast(list[_Work | Change], planned)
        views_planned = self._plan_views(location)
        state = _State(location, work, views_planned, records, index.relatives(), index.temp_files)
        changes = [item.change if isinstance(item, _Work) else item for item in work]
        return Plan(changes=changes, state=state)

    def _plan_update(self, entry: Entry, notes: Sequence[vault.IndexedNote]) -> _Work:
        found = notes[0]
        target = found.relative
        copies = ""
        if len(notes) > 1:
            others = ", ".join(n.relative for n in notes[1:])
            copies = f"same digest2notes_id also in {others} (left alone)"
        same = Change(entry.id, entry.title, Action.UNCHANGED, target, copies)
        record: vault.NoteRecord | None = vault.note_record(
            entry.id, entry.fingerprint, (found.inode, *found.stamp)
        )
        if found.up_to_date_for == entry.fingerprint:
            return _Work(entry, same, found.full_path, record=record)
        print_ = merge.entry_print(entry)
        # Byte for byte the note we wrote, from the same entry: nothing to merge. Checked
        # on the bytes the scan read, so an unchanged note is never even decoded (bytes
        # that still hash to our seal are what we wrote, which was valid UTF-8).
        if found.data is not None and note.is_sealed_data(found.data, print_):
            return _Work(entry, same, found.full_path, record=record)
        text, stamp = found.text, found.stamp
        try:
            if text is None:
                text, stamp = vault.read_note(found.full_path)
        except (OSError, UnicodeDecodeError) as error:
            failed = Change(entry.id, entry.title, Action.FAILED, target, _unreadable(error))
            return _Work(entry, failed, found.full_path)
        if stamp != found.stamp:  # changed since the scan: vouch for it next time only
            record = None
        if found.data is None and note.is_sealed(text, print_):
            return _Work(entry, same, found.full_path, record=record)
        merged = merge.merge(text, entry, print_)
        if merged.error is not None:
            detail = _join(merged.error, copies)
            failed = Change(entry.id, entry.title, Action.FAILED, target, detail)
            return _Work(entry, failed, found.full_path)
        if merged.text is None:
            return _Work(entry, same, found.full_path, record=record)
        detail = _join("; ".join(merged.changed), copies)
        change = Change(entry.id, entry.title, Action.UPDATE, target, detail)
        return _Work(entry, change, found.full_path, merged.text, stamp)

    def _plan_views(self, location: vault.Location) -> list[_ViewWork]:
        planned = []
        for view in views.view_files():
            path = location.folder_path / view.name
            try:
                current: str | None = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                current = None
            if current == view.text:
                action = Action.UNCHANGED
            else:
                action = Action.CREATE if current is None and not path.exists() else Action.UPDATE
            change = Change("", view.name, action, location.relative(path))
            planned.append(_ViewWork(change, path, view.text))
        return planned

    def apply(self, plan: Plan[_State], progress: ProgressCallback | None = None) -> Report:
        with collector_paused():  # see `digest2notes.batch`
            return self._apply(plan, progress)

    def _apply(self, plan: Plan[_State], progress: ProgressCallback | None) -> Report:
        state: _State = plan.state
        writer = vault.Writer(state.location)
        vault.remove_orphans(state.temp_files)
        report = Report()
        # Records of notes this export did not see stay (an export of one digest must not
        # make the next full one read everything); those of vanished files go.
        notes = state.records.notes
        found = state.notes_found
        if found.issuperset(notes):  # the usual case: no need to look at every record
            kept = dict(notes)
        else:
            kept = {path: r for path, r in notes.items() if path in found}
        records = vault.Records(kept, notes, state.records.format)
        # Each entry's change as planned, replaced below where the outcome differs.
        work = state.work
        report.changes = [item.change if isinstance(item, _Work) else item for item in work]
        creating: list[int] = []  # positions of the new notes, and of the other notes'
        others: list[int] = []  # work (or, for progress, of every note left as it is)
        for position, item in enumerate(work):
            if type(item) is _Work:
                (creating if item.change.action is Action.CREATE else others).append(position)
            elif progress is not None:
                others.append(position)
        if creating:
            new = [cast(_Work, work[position]) for position in creating]
            _create_all(writer, new, creating, report, records, progress)
        for position in others:
            item = work[position]
            if type(item) is Change:  # up to date: nothing to do, and its record stays
                if progress is not None:
                    progress(item)
                continue
            one = cast(_Work, item)
            if one.change.action is Action.UNCHANGED and one.record is not None:
                change = one.change  # up to date: nothing to do but keep its record
                records.notes[change.target] = one.record
            else:
                change, written = self._apply_one(writer, one)
                _record(records, change, one, written)
                report.changes[position] = change
            if progress is not None:
                progress(change)
        for view in state.views:
            report.extras.append(_apply_view(writer, view))
        vault.save_records(state.location, records)
        return report

    def _apply_one(
        self, writer: vault.Writer, work: _Work
    ) -> tuple[Change, tuple[int, int, int] | None]:
        """What happened to the note `work` updates (or leaves), and the written file's
        stamp if it was written."""
        change = work.change
        if change.action is Action.UPDATE and vault.stamp(work.path) != work.stamp:
            change, work = self._replan(work)
        if work.text is None or change.action is not Action.UPDATE:
            return change, None
        try:
            written = writer.write(work.path, work.text)
        except (OSError, ExportError) as error:
            return replace(change, action=Action.FAILED, detail=_reason(error)), None
        return change, written

    def _replan(self, work: _Work) -> tuple[Change, _Work]:
        """The reader saved the note after we planned: merge again from what is there now."""
        change, nothing = work.change, replace(work, text=None)
        try:
            text, stamp = vault.read_note(work.path)
        except (OSError, UnicodeDecodeError) as error:
            return replace(change, action=Action.FAILED, detail=_unreadable(error)), nothing
        merged = merge.merge(text, work.entry)
        if merged.error is not None:
            return replace(change, action=Action.FAILED, detail=merged.error), nothing
        if merged.text is None:
            return replace(change, action=Action.UNCHANGED, detail=""), nothing
        updated = replace(change, detail="; ".join(merged.changed))
        return updated, replace(work, text=merged.text, stamp=stamp)

    # ------------------------------------------------------------------ progress

    def read_progress(self, progress: ReadCallback | None = None) -> Progress:
        location = vault.resolve_location(self.settings)
        return Progress(tuple(progress_notes.read_progress(location)))

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        return progress_notes.set_status(vault.resolve_location(self.settings), item, status)


def _record(
    records: vault.Records, change: Change, work: _Work, written: tuple[int, int, int] | None
) -> None:
    """Note what `change` left up to date (`written`: the stamp of the file it wrote),
    for the next export's scan."""
    path = change.target
    if change.action is Action.UNCHANGED and work.record is not None:
        records.notes[path] = work.record
    elif written is not None:
        records.notes[path] = vault.note_record(work.entry.id, work.entry.fingerprint, written)
    else:
        records.notes.pop(path, None)


#: What became of a new note: its change if not the planned one (None: created as
#: planned), and the written file's (inode, mtime_ns, size) (None if not written).
#: Small on purpose: a worker sends thousands of them back.
_Created = tuple["Change | None", "tuple[int, int, int] | None"]


def _create_all(
    writer: vault.Writer,
    creating: list[_Work],
    positions: list[int],
    report: Report,
    records: vault.Records,
    progress: ProgressCallback | None,
) -> None:
    """Create the new notes (`creating`, at `positions` in the plan), and record how
    each one went in `report` and `records`."""
    notes, changes = records.notes, report.changes
    results = _create_notes(writer, creating, progress)
    for position, work, (changed, written) in zip(
        positions, creating, results, strict=True
    ):
        entry = work.entry
        if changed is not None:
            changes[position] = changed
        target = work.change.target if changed is None else changed.target
        if written is not None:
            notes[target] = vault.note_record(entry.id, entry.fingerprint, written)
        else:
            notes.pop(target, None)


def _create_notes(
    writer: vault.Writer, creating: list[_Work], progress: ProgressCallback | None
) -> list[_Created]:
    """Render and create every new note of the plan, in its order.

    Rendering is pure CPU and creating a file mostly the kernel's work, so a large batch
    is shared out over the CPUs (`map_chunks`), each process rendering and writing the
    runs of notes it takes. That is safe to redo, which `map_chunks` does with the runs
    of a worker that failed: a note that worker had already created is found at its name
    with exactly the text it should have, and counts as created (`_create_over`).
    Workers die with this process, so a killed export stops writing at once. This
    process reports its own notes to `progress` as it makes them, the workers' when
    their results arrive.
    """
    if creating:  # new notes all go to the export folder: checked once, before any fork
        with contextlib.suppress(OSError, ExportError):  # if refused, each note says why
            writer.check_folder(os.path.dirname(creating[0].path))
    here = os.getpid()
    reported: set[int] = set()

    def create(chunk: Sequence[_Work]) -> list[_Created]:
        results = []
        for start in range(0, len(chunk), _RENDER_BATCH):
            batch = chunk[start : start + _RENDER_BATCH]
            # Rendered a batch at a time, then written: each system call leaves the CPU's
            # caches cold for the Python that follows it, and rendering between every two
            # writes cost a third more than rendering the batch and writing it.
            drafts = [merge.new_note_data(work.entry) for work in batch]
            for work, data in zip(batch, drafts, strict=True):
                result = _create(writer, work, data)
                results.append(result)
                if progress is not None and os.getpid() == here:
                    progress(result[0] or work.change)
                    reported.add(id(work))
        return results

    results = map_chunks(create, creating, min_chunk=_NOTES_PER_PROCESS)
    if progress is not None:
        for work, (changed, _) in zip(creating, results, strict=True):
            if id(work) not in reported:
                progress(changed or work.change)
    return results


_RENDER_BATCH = 64


def _create(writer: vault.Writer, work: _Work, data: bytes) -> _Created:
    try:
        return None, writer.create(work.path, data)
    except FileExistsError:
        change, written = _create_over(writer, work, data)
        return (None if change is work.change else change), written
    except (OSError, ExportError) as error:
        return replace(work.change, action=Action.FAILED, detail=_reason(error)), None


def _create_over(
    writer: vault.Writer, work: _Work, data: bytes
) -> tuple[Change, tuple[int, int, int] | None]:
    """The name planned for a new note is taken by now. An empty file (what a power cut
    can leave of a note) is filled in; the very note we meant to write (a worker that
    failed after writing it) counts as created; anything else is left alone."""
    change = work.change
    try:
        status = os.lstat(work.path)
        if stat.S_ISREG(status.st_mode) and status.st_size == 0:
            return change, writer.write(work.path, data)
        if stat.S_ISREG(status.st_mode) and status.st_size == len(data):
            with open(work.path, "rb") as handle:
                if handle.read() == data:
                    status = os.fstat(handle.fileno())
                    return change, (status.st_ino, status.st_mtime_ns, status.st_size)
    except (OSError, ExportError) as error:
        return replace(change, action=Action.FAILED, detail=_reason(error)), None
    detail = "a file of that name appeared during the export; run it again"
    return replace(change, action=Action.FAILED, detail=detail), None


# Forking and collecting a worker's results cost about as much as a few hundred notes.
_NOTES_PER_PROCESS = 1000


def _apply_view(writer: vault.Writer, view: _ViewWork) -> Change:
    if view.change.action is Action.UNCHANGED:
        return view.change
    try:
        writer.write(view.path, view.text)
    except (OSError, ExportError) as error:
        return replace(view.change, action=Action.FAILED, detail=_reason(error))
    return view.change


def _named(
    location: vault.Location, index: vault.VaultIndex, planned: Sequence[_Work | Change | Entry]
) -> list[_Work | Change]:
    """`planned` with each entry that needs a new note given its name, in entry order:
    which note gets a suffix must not depend on anything else. The notes themselves are
    rendered as they are written (`_create_notes`). Only a run that creates notes looks
    at the names the folder holds (the name key of every file costs more than a whole
    no-change re-export's other work)."""
    taken = (index.folder_names - index.empty_names) | {
        filenames.name_key(stem + filenames.NOTE_SUFFIX) for stem in views.RESERVED_STEMS
    }
    # Sanitised names hold no separator, so ``folder_path + name`` is os.path.join's result.
    folder_path = os.path.join(location.folder_path, "")
    prefix = location.folder.as_posix() + "/" if location.folder.parts else ""
    work: list[_Work | Change] = []
    sanitise, name_key, create = filenames.sanitise, filenames.name_key, Action.CREATE
    for item in planned:
        if not isinstance(item, Entry):
            work.append(item)
            continue
        stem = sanitise(item.title)
        name = stem + filenames.NOTE_SUFFIX
        key = name_key(name)
        if key in taken:  # another note or file has the name: a suffix tells them apart
            name, key = _free_name(item, stem, taken)
        taken.add(key)
        change = Change(item.id, item.title, create, prefix + name)
        work.append(_Work(item, change, folder_path + name))
    return work


def _free_name(entry: Entry, stem: str, taken: set[str]) -> tuple[str, str]:
    """`stem` (the sanitised headline) with an id-derived suffix, as another file has
    the plain name; with its `filenames.name_key`."""
    digest = entry.id.rsplit(":", 1)[-1]
    for tag in (digest[:6], digest):
        name = filenames.with_suffix(stem, tag) + filenames.NOTE_SUFFIX
        key = filenames.name_key(name)
        if key not in taken:
            return name, key
    number = 2
    while True:  # only if 48 bits of hash collide with the reader's own file names
        name = filenames.with_suffix(stem, f"{digest} {number}") + filenames.NOTE_SUFFIX
        key = filenames.name_key(name)
        if key not in taken:
            return name, key
        number += 1


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def _unreadable(error: BaseException) -> str:
    return f"cannot read the note: {_reason(error)}"


def _join(*parts: str) -> str:
    return "; ".join(p for p in parts if p)
