"""Keeping what a run learnt in the export state (`state`): one transaction at the end.

Written only by `apply`, after the notes: a run killed before this leaves the state as
it was, and the notes it wrote are recognised by their seal the next time.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterable, Mapping
from typing import Any

from .history import DayKnown
from .location import inside
from .state import (
    FORMAT,
    LEGACY_RECORDS,
    SCHEMA_VERSION,
    STATE_FILE,
    STATE_FOLDER,
    Copy,
    Daily,
    State,
    Update,
    connect,
    state_path,
)

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
-- All a look reads of a note, apart from its history and base (most of the row): the
-- queue's read of every record scans this, not the table.
CREATE INDEX IF NOT EXISTS notes_looked_at ON notes (id, path, inode, mtime, size, absorbed, seen);
CREATE TABLE IF NOT EXISTS copies (
    path TEXT PRIMARY KEY, id TEXT NOT NULL, inode INTEGER, mtime INTEGER, size INTEGER
);
CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS daily (
    path TEXT PRIMARY KEY, inode INTEGER, mtime INTEGER, size INTEGER, part TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS listed (  -- which digest notes list which entries
    entry TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (entry, day)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS listed_by_day ON listed (day);
"""


def save(
    state: State,
    updates: Iterable[Update],
    copies: Iterable[Copy],
    folders: Mapping[str, int],
    looked_at: int,
    daily: Iterable[Daily] = (),
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
        path = state_path(location)
        if state.fresh and path.exists():  # unreadable: set aside, never lost
            path.rename(path.with_name(f"{STATE_FILE}.unreadable-{int(time.time())}"))
        db = connect(path, readonly=False)
        with contextlib.closing(db):
            db.executescript(_SCHEMA)
            db.execute("BEGIN IMMEDIATE")
            meta = {
                "version": SCHEMA_VERSION,
                "format": FORMAT,
                "style": state.style,
                "looked_at": str(looked_at),
            }
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
            _write(db, updates)
            db.execute("DELETE FROM copies")
            db.executemany(
                "INSERT OR REPLACE INTO copies VALUES (?, ?, ?, ?, ?)",
                [(c.path, c.id, *c.stamp) for c in copies],
            )
            db.executemany(
                "INSERT OR REPLACE INTO daily VALUES (?, ?, ?, ?, ?)",
                [(d.path, *(d.stamp or (None, None, None)), d.part) for d in daily],
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


def _write(db: sqlite3.Connection, updates: Iterable[Update]) -> None:
    """Each update's row, in order (a later update of a note wins), in one statement."""
    rows = []
    for update in updates:
        record = update.record
        if isinstance(update.known, DayKnown):
            db.execute("DELETE FROM listed WHERE day = ?", (record.id,))
            db.executemany(
                "INSERT OR IGNORE INTO listed VALUES (?, ?)",
                [(row.id, record.id) for row in update.known.rows],
            )
        rows.append((
            record.id,
            record.path,
            None if record.path is None else record.path.rpartition("/")[0],
            *(record.stamp or (None, None, None)),
            " ".join(sorted(record.absorbed)),
            _json(record.seen.to_json() if record.seen else None),
            _json(update.known.to_json() if update.known else None),
            _json(update.written.to_json() if update.written else None),
        ))
    db.executemany(
        "INSERT INTO notes (id, path, folder, inode, mtime, size, absorbed, seen, known, written)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET path = excluded.path, folder = excluded.folder,"
        " inode = excluded.inode, mtime = excluded.mtime, size = excluded.size,"
        " absorbed = excluded.absorbed, seen = excluded.seen,"
        " known = coalesce(excluded.known, notes.known),"
        " written = coalesce(excluded.written, notes.written)",
        rows,
    )


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)
