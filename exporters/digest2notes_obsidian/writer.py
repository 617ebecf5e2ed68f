"""Writing notes: atomically, and only ever inside the vault.

A changed note goes through the core's `atomic_write_bytes` (a temp file in its own
folder, renamed over the note) and a new one through `atomic_create_bytes` (a temp
file linked to its name, which fails if the name was taken meanwhile), so a crash, a
kill or Ctrl-C leaves the old note or the new one, never half of one, and a file that
appeared during the run is never replaced. Without fsync: a power cut may at worst
leave a just-created note empty, which the next export treats as a free name and
fills in. Each folder written to is checked once per run (links followed): one that
leads outside the vault is refused.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from digest2notes import ExportError, atomic_create_bytes, atomic_write_bytes

from .location import Location, inside

#: (inode, mtime_ns, size): how the export state recognises a file it has seen.
Stamp = tuple[int, int, int]

#: A temp file of ours (`digest2notes.is_temp_name`) older than this was left by a run
#: that was killed; a younger one may be a concurrent run's, still being written.
ORPHAN_AGE_SECONDS = 60.0


def stamp_of(status: os.stat_result) -> Stamp:
    return (status.st_ino, status.st_mtime_ns, status.st_size)


class Writer:
    """Atomic writes that can only land inside the vault."""

    def __init__(self, location: Location) -> None:
        self.location = location
        self._checked: set[str] = set()

    def replace(self, path: Path, data: bytes) -> Stamp:
        """Replace (or create) the file at `path`; a link there is refused."""
        self._check_folder(path.parent)
        if path.is_symlink():
            raise ExportError(f"{path}: is a link; refusing to replace it")
        return stamp_of(atomic_write_bytes(path, data, durable=False))

    def create(self, path: Path, data: bytes) -> Stamp:
        """Create `path`; an empty file there (what a power cut leaves of a note we were
        creating) is filled in, anything else raises FileExistsError."""
        self._check_folder(path.parent)
        try:
            return stamp_of(atomic_create_bytes(path, data))
        except FileExistsError:
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode) and status.st_size == 0:
                return stamp_of(atomic_write_bytes(path, data, durable=False))
            raise

    def folders_written(self) -> dict[str, int]:
        """The mtime of each folder written to, by vault-relative path (as `finder` keeps
        them). Hidden ones (``.obsidian``, for the property types) are left out: the
        finder never enters them."""
        found = {}
        for folder in self._checked:
            try:
                relative = Path(folder).relative_to(self.location.vault).as_posix()
                if any(part.startswith(".") for part in relative.split("/") if part != "."):
                    continue
                found["" if relative == "." else relative] = os.lstat(folder).st_mtime_ns
            except (OSError, ValueError):
                continue
        return found

    def _check_folder(self, folder: Path) -> None:
        key = str(folder)
        if key not in self._checked:
            if not inside(self.location.vault, folder):
                raise ExportError(f"{folder}: refusing to write outside the vault")
            folder.mkdir(parents=True, exist_ok=True)
            self._checked.add(key)


def remove_orphans(paths: Iterable[str], now: float | None = None) -> None:
    """Delete the temp files at `paths` that a killed run left (older than a minute)."""
    now = time.time() if now is None else now
    for path in paths:
        try:
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode) and now - status.st_mtime > ORPHAN_AGE_SECONDS:
                os.unlink(path)
        except OSError:
            continue
