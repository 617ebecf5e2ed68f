"""The export state: what the tool knows of every note it made, kept in the vault.

For each entry exported, in ``.digest2notes/state.sqlite3`` (with its own
``.gitignore``), the state keeps:

- where its note is and the file's stamp (inode, mtime, size) when last looked at,
  so a run finds it without reading the vault, and knows it unchanged without
  reading the note; ``path`` is NULL once the reader deleted the note, so it is not
  brought back;
- which entries' say is already in the note (their `Entry.fingerprint`), so a run
  that brings nothing new costs one ``stat`` per note;
- `Known`: what the digests have said of it over every run (the history);
- `Written`: what the tool last wrote in each field (the base of the three-way merge);
- `Seen`: the note's values when last looked at, so the study queue need not read
  notes nobody touched since.

Also the notes found holding a recorded id elsewhere (copies), the vault's folders
with their mtimes, so a run lists only the folders that changed, and the `NoteStyle`
key the notes were last written in.

SQLite, from the standard library, because a run reads the few rows it needs and
writes only those that change, in one transaction: an interrupted run leaves the
state as it was, and the notes it wrote are recognised by their seal (`note`).
Anything wrong with the file costs a warning and a look at every note, never an
export: the notes themselves always win.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .history import Known
from .location import Location, inside
from .merge import Seen, Written
from .writer import Stamp

STATE_FOLDER = ".digest2notes"
STATE_FILE = "state.sqlite3"
LEGACY_RECORDS = "notes.json"  # what versions up to 944269f kept instead
#: The version of the note format: a run of a version that renders notes differently
#: merges every note again once, instead of trusting that it is up to date.
FORMAT = "3"
_SCHEMA_VERSION = "3"
_GITIGNORE = (
    "# digest2notes' export state: what it last wrote in each note (so that your edits\n"
    "# win), the history of every entry, and which notes you deleted (so that they stay\n"
    "# deleted). Keep it with the vault; it is not for version control.\n*\n"
)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS notes (
    id TEXT PRIMARY KEY,
    path TEXT,
    folder TEXT,
    inode INTEGER, mtime INTEGER, size INTEGER,
    absorbed TEXT NOT NULL,  -- Entry.fingerprints, space-separated
    seen TEXT,
    known TEXT,
    written TEXT
);
CREATE INDEX IF NOT EXISTS notes_by_folder ON notes (folder);
CREATE TABLE IF NOT EXISTS copies (
    path TEXT PRIMARY KEY, id TEXT NOT NULL, inode INTEGER, mtime INTEGER, size INTEGER
);
CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime INTEGER NOT NULL);
"""


@dataclass(frozen=True)
class Record:
    """One entry's note, as the state knows it (its history and base load apart)."""

    id: str
    path: str | None  # vault-relative; None once the reader deleted the note
    stamp: Stamp | None
    absorbed: frozenset[str] = frozenset()
    seen: Seen | None = None


@dataclass(frozen=True)
class Copy:
    """A second note holding a recorded id (the reader copied the note)."""

    path: str
    id: str
    stamp: Stamp


@dataclass(frozen=True)
class Update:
    """What a run learnt of one note: its record, and its history and base when they
    changed (None: keep the stored ones)."""

    record: Record
    known: Known | None = None
    written: Written | None = None


@dataclass
class State:
    """The export state, read as needed: records are read by id or by folder (a run
    reads those of the entries it exports and of the folders that changed, not every
    one). `fresh` when there was none: every note must be looked for, and those an older
    version listed count as the reader's deletions if they are gone."""

    location: Location
    copies: dict[str, Copy] = field(default_factory=dict)
    folders: dict[str, int] = field(default_factory=dict)
    looked_at: int = 0
    fresh: bool = True
    legacy_ids: frozenset[str] = frozenset()
    warnings: list[str] = field(default_factory=list)
    #: The records read so far, by id.
    records: dict[str, Record] = field(default_factory=dict)
    current_format: bool = True
    with_seen: bool = False
    style: str = ""
    db: sqlite3.Connection | None = None

    def records_of(self, ids: Iterable[str]) -> dict[str, Record]:
        """The records of these entries (those that have one)."""
        asked = list(dict.fromkeys(ids))
        self._read("id", [i for i in asked if i not in self.records])
        return {i: self.records[i] for i in asked if i in self.records}

    def records_in(self, folders: Iterable[str]) -> list[Record]:
        """The records of the notes in these folders (vault-relative, "" for the root)."""
        wanted = list(folders)
        return [self.records[i] for i in self._read("folder", wanted)]

    def all_records(self) -> dict[str, Record]:
        if self.db is not None:
            self._read(None, [])
        return self.records

    def bodies(self, ids: Collection[str]) -> dict[str, tuple[Known | None, Written | None]]:
        """The history and base of these entries."""
        found: dict[str, tuple[Known | None, Written | None]] = {}
        for rows in self._chunks("SELECT id, known, written FROM notes WHERE id", list(ids)):
            for note_id, known, written in rows:
                found[note_id] = (
                    Known.from_json(json.loads(known)) if known else None,
                    Written.from_json(json.loads(written)) if written else None,
                )
        return found

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _read(self, column: str | None, values: list[str]) -> list[str]:
        seen = "seen" if self.with_seen else "NULL"
        query = f"SELECT id, path, inode, mtime, size, absorbed, {seen} FROM notes"
        if column is None:
            batches: Iterable[Iterable[tuple[Any, ...]]] = (
                [self.db.execute(query)] if self.db is not None else []
            )
        else:
            batches = self._chunks(f"{query} WHERE {column}", values)
        ids = []
        for rows in batches:
            for note_id, relative, inode, mtime, size, absorbed, seen_json in rows:
                ids.append(note_id)
                if note_id not in self.records:
                    self.records[note_id] = Record(
                        note_id,
                        relative,
                        _stamp(inode, mtime, size),
                        frozenset(absorbed.split()) if self.current_format else frozenset(),
                        Seen.from_json(json.loads(seen_json)) if seen_json else None,
                    )
        return ids

    def _chunks(self, query: str, values: list[str]) -> Iterable[Iterable[tuple[Any, ...]]]:
        """``query IN (values)``, a few hundred values at a time (SQLite's limit)."""
        if self.db is None:
            return
        for start in range(0, len(values), 500):
            chunk = values[start : start + 500]
            yield self.db.execute(f"{query} IN ({','.join('?' * len(chunk))})", chunk)


def load(location: Location, *, with_seen: bool = False, style: str = "") -> State:
    """The vault's export state, open for reading until `State.close`; a fresh one if
    there is none or it cannot be read. What the notes held (`Record.seen`) is read only
    `with_seen`, for the queue. Notes last written in another `style` (a `NoteStyle.key`)
    are merged again, as after a change of format."""
    state = State(location, with_seen=with_seen, style=style)
    path = _path(location)
    if not path.is_file():
        state.legacy_ids = _legacy_ids(location)
        return state
    try:
        db = _connect(path, readonly=True)
        state.db = db
        meta = dict(db.execute("SELECT key, value FROM meta"))
        if meta.get("version") != _SCHEMA_VERSION:
            raise sqlite3.DatabaseError(f"a state of another version ({meta.get('version')})")
        state.current_format = meta.get("format") == FORMAT and meta.get("style", "") == style
        for relative, note_id, inode, mtime, size in db.execute("SELECT * FROM copies"):
            stamp = _stamp(inode, mtime, size)
            if stamp is not None:
                state.copies[relative] = Copy(relative, note_id, stamp)
        state.folders = dict(db.execute("SELECT path, mtime FROM folders"))
        state.looked_at = int(meta.get("looked_at", "0"))
    except (sqlite3.Error, ValueError, TypeError, KeyError) as error:
        state.close()
        state = State(location, legacy_ids=_legacy_ids(location), style=style)
        state.warnings.append(
            f"{location.relative(path)}: cannot read the export state ({error}); "
            "every note is looked at again"
        )
        return state
    state.fresh = False
    return state


def save(
    state: State,
    updates: Iterable[Update],
    copies: Iterable[Copy],
    folders: Mapping[str, int],
    looked_at: int,
) -> str | None:
    """Write what the run learnt, in one transaction; a warning if it could not be."""
    location = state.location
    folder = location.vault / STATE_FOLDER
    try:
        if not folder.exists():  # its creation changes the vault's mtime, not the reader
            folder.mkdir()
            folders = {**folders, "": location.vault.lstat().st_mtime_ns}
        if not inside(location.vault, folder):
            return f"{STATE_FOLDER}: leads outside the vault; the export state is not kept"
        if not (folder / ".gitignore").exists():
            (folder / ".gitignore").write_text(_GITIGNORE, encoding="utf-8")
        path = _path(location)
        if state.fresh and path.exists():  # unreadable: set aside, never lost
            path.rename(path.with_name(f"{STATE_FILE}.unreadable-{int(time.time())}"))
        db = _connect(path, readonly=False)
        with contextlib.closing(db):
            db.executescript(_SCHEMA)
            db.execute("BEGIN IMMEDIATE")
            meta = {
                "version": _SCHEMA_VERSION,
                "format": FORMAT,
                "style": state.style,
                "looked_at": str(looked_at),
            }
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
            for update in updates:
                _write(db, update)
            db.execute("DELETE FROM copies")
            db.executemany(
                "INSERT OR REPLACE INTO copies VALUES (?, ?, ?, ?, ?)",
                [(c.path, c.id, *c.stamp) for c in copies],
            )
            db.execute("DELETE FROM folders")
            db.executemany("INSERT INTO folders VALUES (?, ?)", folders.items())
            db.commit()
        if state.legacy_ids:
            with contextlib.suppress(OSError):
                (folder / LEGACY_RECORDS).unlink()
    except (OSError, sqlite3.Error) as error:
        return f"{STATE_FOLDER}/{STATE_FILE}: cannot keep the export state ({error})"
    return None


def _write(db: sqlite3.Connection, update: Update) -> None:
    record = update.record
    stamp = record.stamp or (None, None, None)
    folder = None if record.path is None else record.path.rpartition("/")[0]
    db.execute(
        "INSERT INTO notes (id, path, folder, inode, mtime, size, absorbed, seen, known, written)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET path = excluded.path, folder = excluded.folder,"
        " inode = excluded.inode, mtime = excluded.mtime, size = excluded.size,"
        " absorbed = excluded.absorbed, seen = excluded.seen,"
        " known = coalesce(excluded.known, notes.known),"
        " written = coalesce(excluded.written, notes.written)",
        (
            record.id,
            record.path,
            folder,
            *stamp,
            " ".join(sorted(record.absorbed)),
            _json(record.seen.to_json() if record.seen else None),
            _json(update.known.to_json() if update.known else None),
            _json(update.written.to_json() if update.written else None),
        ),
    )


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)


def _stamp(inode: object, mtime: object, size: object) -> Stamp | None:
    if isinstance(inode, int) and isinstance(mtime, int) and isinstance(size, int):
        return (inode, mtime, size)
    return None


def _path(location: Location) -> Path:
    return location.vault / STATE_FOLDER / STATE_FILE


def _connect(path: Path, *, readonly: bool) -> sqlite3.Connection:
    uri = f"{path.as_uri()}?mode={'ro' if readonly else 'rwc'}"
    db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)
    if not readonly:
        # No flush to the disk: as for the notes (see `writer`), a kill leaves the state
        # whole; only a power cut could spoil it, which costs a warning and a look at
        # every note.
        db.execute("PRAGMA synchronous = OFF")
    return db


def _legacy_ids(location: Location) -> frozenset[str]:
    """The ids of the notes an older version (up to 944269f) recorded, if it did."""
    try:
        data = json.loads((location.vault / STATE_FOLDER / LEGACY_RECORDS).read_bytes())
        records = [r for r in data["notes"].values() if isinstance(r, list) and r]
        return frozenset(r[0] for r in records if isinstance(r[0], str))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return frozenset()
