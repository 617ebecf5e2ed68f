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
- `Written`: what the tool last wrote in each field (the base of the three-way merge),
  and the frontmatter it left in the note (`Front`: a hash of its text and its
  properties, so that a note whose frontmatter is unchanged is not parsed again);
- `Seen`: the note's values when last looked at, so the study queue need not read
  notes nobody touched since.

A digest's note is a note like an entry's (its id is ``digest:owner/repo DATE``, see
`ids`), its `DayKnown` in place of the history. Also the daily notes the tool wrote its
part into (`Daily`), the notes found holding a recorded id elsewhere (copies), the
vault's folders with their mtimes, so a run lists only the folders that changed, and
the `NoteStyle` key the notes were last written in.

SQLite, from the standard library, because a run reads the few rows it needs and
writes only those that change, in one transaction: an interrupted run leaves the
state as it was, and the notes it wrote are recognised by their seal (`note`).
Anything wrong with the file costs a warning and a look at every note, never an
export: the notes themselves always win. This module reads it; `statesave` writes it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .ids import DIGEST_PREFIX
from .location import Location
from .writer import Stamp

# The histories, the bases and the notes' values load with the first one read: the
# queue reads no history, and a re-export that brings nothing new reads none of them.
if TYPE_CHECKING:
    from .history import DayKnown, Known
    from .kept import Seen, Written

STATE_FOLDER = ".digest2notes"
STATE_FILE = "state.sqlite3"
LEGACY_RECORDS = "notes.json"  # what versions up to 944269f kept instead
#: The version of the note format: a run of a version that renders notes differently
#: merges every note again once, instead of trusting that it is up to date.
FORMAT = "3"
SCHEMA_VERSION = "3"
#: Every digest note's id sorts between these two (``;`` follows ``:``).
_DIGESTS = (DIGEST_PREFIX, DIGEST_PREFIX[:-1] + chr(ord(DIGEST_PREFIX[-1]) + 1))


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
    """What a run learnt of one note: its record, and its history (or a digest note's
    day) and base when they changed (None: keep the stored ones)."""

    record: Record
    known: Known | DayKnown | None = None
    written: Written | None = None


@dataclass(frozen=True)
class Daily:
    """A daily note the tool wrote its part into: where, the file's stamp then, and a
    hash of the part (so an unchanged note with an unchanged part is not even read, and
    a note whose part the reader removed is known as such)."""

    path: str
    stamp: Stamp | None
    part: str


@dataclass
class State:
    """The export state, read as needed: records are read by id or by folder (an export
    reads those of the entries it exports and of the folders that changed, not every
    one; the queue reads every entry's). `fresh` when there was none: every note must be
    looked for, and those an older version listed count as the reader's deletions if
    they are gone."""

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
        """The records of these entries (those that have one). A look-up by id reads the
        table's row, history and base included; for more than a quarter of the notes,
        one scan of the narrow index that holds the records (`entry_records`) costs less."""
        asked = list(dict.fromkeys(ids))
        missing = [i for i in asked if i not in self.records]
        if missing and self.db is not None and len(missing) * 4 > _count(self.db):
            wanted = set(missing)
            self._take([(row for row in self.db.execute(self._select()) if row[0] in wanted)])
        else:
            self._read("id", missing)
        return {i: self.records[i] for i in asked if i in self.records}

    def records_in(self, folders: Iterable[str]) -> list[Record]:
        """The records of the notes in these folders (vault-relative, "" for the root)."""
        wanted = list(folders)
        return [self.records[i] for i in self._read("folder", wanted)]

    def entry_records(self) -> dict[str, Record]:
        """The records of every entry's note (the queue's items; a digest's note is a
        reading list), in one read."""
        if self.db is None:
            return {}
        rows = self.db.execute(f"{self._select()} WHERE NOT (id >= ? AND id < ?)", _DIGESTS)
        return {i: self.records[i] for i in self._take([rows])}

    def bodies(self, ids: Collection[str]) -> dict[str, tuple[Known | None, Written | None]]:
        """The history and base of these entries."""
        found: dict[str, tuple[Known | None, Written | None]] = {}
        for rows in self._chunks("SELECT id, known, written FROM notes WHERE id", list(ids)):
            for note_id, known, written in rows:
                found[note_id] = (
                    _known(known) if known else None,
                    _written(written) if written else None,
                )
        return found

    def written_of(self, ids: Collection[str]) -> dict[str, Written]:
        """The bases of these notes (of any kind), those that have one."""
        found: dict[str, Written] = {}
        for rows in self._chunks("SELECT id, written FROM notes WHERE id", list(ids)):
            for note_id, written in rows:
                if written:
                    found[note_id] = _written(written)
        return found

    def digest_ids(self) -> list[str]:
        """The ids of every digest note the state knows (their lists are not read)."""
        if self.db is None:
            return []
        query = "SELECT id FROM notes WHERE id >= ? AND id < ?"
        return [note_id for (note_id,) in self.db.execute(query, _DIGESTS)]

    def listing(self, entry_ids: Collection[str]) -> set[str]:
        """The digest notes whose lists hold any of these entries."""
        found: set[str] = set()
        try:
            for rows in self._chunks("SELECT day FROM listed WHERE entry", list(entry_ids)):
                found.update(day for (day,) in rows)
        except sqlite3.OperationalError:  # a state from before digest notes: none
            return set()
        return found

    def days(self, ids: Collection[str]) -> dict[str, tuple[Record, DayKnown | None]]:
        """These digest notes' records and lists (those the state has), by id."""
        records = self.records_of(ids)
        found: dict[str, tuple[Record, DayKnown | None]] = {}
        for rows in self._chunks("SELECT id, known FROM notes WHERE id", list(records)):
            for note_id, known in rows:
                found[note_id] = (records[note_id], _day(known))
        return found

    def daily_of(self, paths: Iterable[str]) -> dict[str, Daily]:
        """The daily notes at these vault-relative paths that the tool wrote into."""
        found: dict[str, Daily] = {}
        query = "SELECT path, inode, mtime, size, part FROM daily WHERE path"
        try:
            for rows in self._chunks(query, list(paths)):
                for path, inode, mtime, size, part in rows:
                    found[path] = Daily(path, _stamp(inode, mtime, size), part)
        except sqlite3.OperationalError:  # a state from before daily notes: none
            return {}
        return found

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _read(self, column: str, values: list[str]) -> list[str]:
        return self._take(self._chunks(f"{self._select()} WHERE {column}", values))

    def _select(self) -> str:
        seen = "seen" if self.with_seen else "NULL"
        return f"SELECT id, path, inode, mtime, size, absorbed, {seen} FROM notes"

    def _take(self, batches: Iterable[Iterable[tuple[Any, ...]]]) -> list[str]:
        """The ids of the rows (`_select`'s columns), each made a record if not yet read."""
        if self.with_seen:  # the notes' values, which `_select` reads for the queue only
            from .kept import Seen
        ids = []
        for batch in batches:
            rows = list(batch)
            # The queue reads every note's values: one JSON text for them all, not one each.
            seen: list[Any] = [None] * len(rows)
            if self.with_seen:
                seen = json.loads(f"[{','.join(row[6] or 'null' for row in rows)}]")
            for row, values in zip(rows, seen, strict=True):
                note_id, relative, inode, mtime, size, absorbed, _ = row
                ids.append(note_id)
                if note_id not in self.records:
                    self.records[note_id] = Record(
                        note_id,
                        relative,
                        _stamp(inode, mtime, size),
                        frozenset(absorbed.split()) if self.current_format else frozenset(),
                        Seen.from_json(values) if values is not None else None,
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
    path = state_path(location)
    if not path.is_file():
        state.legacy_ids = _legacy_ids(location)
        return state
    try:
        db = connect(path, readonly=True)
        state.db = db
        meta = dict(db.execute("SELECT key, value FROM meta"))
        if meta.get("version") != SCHEMA_VERSION:
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


def _count(db: sqlite3.Connection) -> int:
    (count,) = db.execute("SELECT count(*) FROM notes").fetchone()
    return int(count)


def _day(text: str | None) -> DayKnown | None:
    """A digest note's reading list as stored; None if it has none that can be read."""
    from .history import DayKnown

    try:
        return DayKnown.from_json(json.loads(text)) if text else None
    except (ValueError, TypeError, KeyError):
        return None


def _known(text: str) -> Known:
    from .history import Known

    return Known.from_json(json.loads(text))


def _written(text: str) -> Written:
    from .kept import Written

    return Written.from_json(json.loads(text))


def _stamp(inode: object, mtime: object, size: object) -> Stamp | None:
    if isinstance(inode, int) and isinstance(mtime, int) and isinstance(size, int):
        return (inode, mtime, size)
    return None


def state_path(location: Location) -> Path:
    return location.vault / STATE_FOLDER / STATE_FILE


def connect(path: Path, *, readonly: bool) -> sqlite3.Connection:
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
