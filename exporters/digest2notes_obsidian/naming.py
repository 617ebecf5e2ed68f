"""Names for new notes in a folder: readable, and never a file the reader already has.

A new note takes its readable stem (the headline, or ``owner repo YYYY-MM-DD`` for a
digest's note) when no other file in the folder has it, compared as a case-insensitive
or NFD system would. Otherwise it takes a suffix derived from its id, never a counter,
so the same note gets the same name on every run and machine.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path, PurePosixPath

from . import filenames


class Names:
    """The names taken so far in one folder (listed once, on the first new note)."""

    def __init__(
        self, folder_path: Path, folder: PurePosixPath, reserved: Collection[str] = ()
    ) -> None:
        self.folder_path = folder_path
        self.folder = folder
        self._reserved = frozenset(filenames.name_key(s + filenames.NOTE_SUFFIX) for s in reserved)
        self._taken: dict[str, str] | None = None  # name key → the name that has it

    def take(self, stem: str, tag: str) -> str:
        """The vault-relative path of a new note named `stem`, else `stem` with `tag`
        (a hex digest of its id: first six characters, then all, then numbered)."""
        candidates = [stem, *(filenames.with_suffix(stem, t) for t in (tag[:6], tag))]
        number = 2
        while True:
            for candidate in candidates:
                name = candidate + filenames.NOTE_SUFFIX
                if self._free(name):
                    return f"{self.folder.as_posix()}/{name}" if self.folder.parts else name
            candidates = [filenames.with_suffix(stem, f"{tag} {number}")]
            number += 1

    def _free(self, name: str) -> bool:
        """Is `name` free in the folder (an empty file there is), and if so, take it."""
        if self._taken is None:
            try:
                names = os.listdir(self.folder_path)
            except OSError:
                names = []
            self._taken = {filenames.name_key(n): n for n in names}
        key = filenames.name_key(name)
        holder = self._taken.get(key)
        if key in self._reserved:
            return False
        if holder is not None and not _empty(self.folder_path / holder):
            return False
        self._taken[key] = name
        return True


def _empty(path: Path) -> bool:
    """An empty file is what a power cut can leave of a note being created: a free name."""
    try:
        return path.stat().st_size == 0
    except OSError:
        return False
