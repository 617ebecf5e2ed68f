"""Analyses kept between runs: a reader's daily run re-reads a year of digests whose
paragraphs have not changed, and should not analyse them again.

One SQLite file under the user's cache directory (platformdirs, as the Notion queue
cache finds it), in WAL mode so that two processes may use it at once. A value is
whatever text the caller stores (`analysis` stores JSON); its key is a hash of the
paragraph, the caller's salt (the config's extra phrases) and the parser's own source
files, so any change to the parser, or to the phrases, misses instead of giving an
old answer. A second table, ``files``, keeps what reading a whole digest file produced
(`filecache`), so that a re-read of an unchanged file costs one row. A `Store` is opened
once per read: `get_many` looks up a file's paragraphs (or a read's files) in a few
queries, `put` keeps new values in memory, and `close` writes them in one transaction,
marks what was read as used, and drops the least recently used rows beyond the bound.

The cache is only ever a shortcut: a cache that cannot be created, read or written
(corrupt, read-only, locked, another version's) is rebuilt or left alone, never an
error. ``DIGEST2NOTES_NO_CACHE=1`` turns it off; ``DIGEST2NOTES_CACHE_SIZE`` bounds it
(paragraphs; 50,000 by default, and a twentieth of it digest files).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3
    from pathlib import Path

__all__ = ["NO_CACHE_ENV", "SIZE_ENV", "Store", "opened"]

NO_CACHE_ENV = "DIGEST2NOTES_NO_CACHE"
SIZE_ENV = "DIGEST2NOTES_CACHE_SIZE"
#: The layout of the file; another one is dropped and made again.
SCHEMA = 2
DEFAULT_SIZE = 50_000
#: The tables, each of (key, value, used): paragraphs' analyses, and digest files' reads.
TABLES = ("analyses", "files")
#: Rows of ``files`` per row of ``analyses`` allowed: a file holds a day's paragraphs.
_FILES_SHARE = 20
#: A row read is marked used at most this often: a daily run need not rewrite them all.
_TOUCH_AFTER = 24 * 3600
#: Keys per query: well under SQLite's limit of host parameters.
_CHUNK = 500


def cache_file() -> Path:
    from pathlib import Path  # like platformdirs: only when a read opens the cache

    from platformdirs import user_cache_dir

    return Path(user_cache_dir("digest2notes")) / "analyses.sqlite3"


@cache
def parser_version() -> bytes:
    """A hash of the parsing package's source files, of the traditional-character table
    it reads and of `SCHEMA`: any change to the parser or its table, however small, is a
    new version, whose analyses are looked up afresh."""
    from pathlib import Path

    from .script import table_stamp

    digest = hashlib.sha256(f"schema {SCHEMA}".encode())
    digest.update(table_stamp() + b"\0")
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _size(table: str = "analyses") -> int:
    try:
        size = max(0, int(os.environ.get(SIZE_ENV, DEFAULT_SIZE)))
    except ValueError:
        size = DEFAULT_SIZE
    return size if table == "analyses" else -(-size // _FILES_SHARE)


class Store:
    """The cache as one read uses it (see the module's doc). Every method swallows the
    database's errors: after one, the store answers nothing and writes nothing."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db: sqlite3.Connection | None = connection
        self._path = path
        self._new: dict[str, dict[bytes, str]] = {table: {} for table in TABLES}
        # per table, what was read and not marked used for a day
        self._stale: dict[str, list[bytes]] = {table: [] for table in TABLES}
        self._now = int(time.time())

    def key(self, salt: str, text: str) -> bytes:
        digest = hashlib.sha256(parser_version())
        digest.update(salt.encode("utf-8", "surrogatepass") + b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.digest()

    def get_many(self, keys: Sequence[bytes], table: str = "analyses") -> dict[bytes, str]:
        """The stored values of those `keys` that have one (this read's new ones too)."""
        import sqlite3

        new, stale = self._new[table], self._stale[table]
        found = {key: new[key] for key in keys if key in new}
        wanted = sorted({key for key in keys if key not in found})
        if self._db is None or not wanted:
            return found
        try:
            for start in range(0, len(wanted), _CHUNK):
                chunk = wanted[start : start + _CHUNK]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT key, value, used FROM {table} WHERE key IN ({marks})", chunk
                )
                for key, value, used in rows:
                    if isinstance(key, bytes) and isinstance(value, str):
                        found[key] = value
                        if not isinstance(used, int) or used < self._now - _TOUCH_AFTER:
                            stale.append(key)
        except sqlite3.OperationalError:
            self._give_up()
        except sqlite3.Error:  # a broken file: the next run makes a new one
            self._give_up()
            _discard(self._path)
        return found

    def put(self, key: bytes, value: str, table: str = "analyses") -> None:
        self._new[table][key] = value

    def close(self) -> None:
        """Write what this read analysed, in one transaction, and let the file go."""
        import sqlite3

        db, self._db = self._db, None
        if db is None:
            return
        try:
            if any(self._new.values()) or any(self._stale.values()):
                with db:  # one transaction: committed whole, or rolled back
                    for table in TABLES:
                        new = self._new[table]
                        db.executemany(
                            f"INSERT OR REPLACE INTO {table} (key, value, used) VALUES (?, ?, ?)",
                            [(key, value, self._now) for key, value in new.items()],
                        )
                        db.executemany(
                            f"UPDATE {table} SET used = ? WHERE key = ?",
                            [(self._now, key) for key in self._stale[table]],
                        )
                        if new:
                            _evict(db, table, _size(table))
        except sqlite3.Error:
            pass  # locked for too long, read-only, full disk: the next run tries again
        finally:
            db.close()

    def _give_up(self) -> None:
        if self._db is not None:
            with suppress(Exception):
                self._db.close()
        self._db = None
        for new in self._new.values():
            new.clear()


def _evict(db: sqlite3.Connection, table: str, size: int) -> None:
    """Beyond `size` rows of `table`, drop the least recently used, down to nine tenths
    of it (so that the next runs have room before they evict again)."""
    (count,) = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    if count > size:
        db.execute(
            f"DELETE FROM {table} WHERE key IN "
            f"(SELECT key FROM {table} ORDER BY used, key LIMIT ?)",
            (count - size * 9 // 10,),
        )


@contextmanager
def opened() -> Iterator[Store | None]:
    """The cache for one read, or None when it is turned off or cannot be used."""
    if os.environ.get(NO_CACHE_ENV, "").strip() not in ("", "0"):
        yield None
        return
    store = _open()
    try:
        yield store
    finally:
        if store is not None:
            store.close()


def _open() -> Store | None:
    import sqlite3

    try:
        path = cache_file()
        path.parent.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError):
        return None
    for attempt in range(2):
        db = None
        try:
            db = sqlite3.connect(path, timeout=2.0, isolation_level=None)
            _prepare(db)
            db.isolation_level = "DEFERRED"  # writes open a transaction `with db:` ends
            return Store(db, path)
        except (sqlite3.OperationalError, OSError):
            if db is not None:  # locked by another process for long, read-only, ...:
                db.close()  # no cache this time, and the file is left alone
            return None
        except sqlite3.Error:
            if db is not None:
                db.close()
            if attempt == 0:
                _discard(path)  # not a database, or a broken one: start afresh
    return None


def _prepare(db: sqlite3.Connection) -> None:
    """WAL mode, and the tables of this `SCHEMA` (another's are dropped)."""
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # a lost commit costs only a re-analysis
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version == SCHEMA:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version != SCHEMA:  # still, now that this process holds the write lock
            for table in TABLES:
                db.execute(f"DROP TABLE IF EXISTS {table}")
                db.execute(
                    f"CREATE TABLE {table} (key BLOB PRIMARY KEY, value TEXT NOT NULL, "
                    "used INTEGER NOT NULL) WITHOUT ROWID"
                )
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _discard(path: Path) -> None:
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with suppress(OSError):
            name.unlink()
