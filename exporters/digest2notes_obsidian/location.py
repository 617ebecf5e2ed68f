"""Where an export goes: the vault and the folder inside it, both checked before anything
is read or written.

A typo must not create a stray vault, and nothing of ours may ever land outside the
vault, whether through ``..``, an absolute path or a link the reader planted.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from digest2notes import ConfigError

from . import filenames

DEFAULT_FOLDER = "Digests"


@dataclass(frozen=True)
class Location:
    """The vault (resolved) and the folder, relative to it, where new notes go."""

    vault: Path
    #: Relative to the vault; empty for the vault itself.
    folder: PurePosixPath

    def path(self, relative: str) -> Path:
        """The full path of a vault-relative path written with ``/``."""
        return self.vault.joinpath(*relative.split("/"))

    @property
    def folder_path(self) -> Path:
        return self.vault.joinpath(*self.folder.parts)

    def relative(self, path: Path) -> str:
        """A vault-relative path with ``/``, as Obsidian shows it."""
        return path.relative_to(self.vault).as_posix()


def resolve_location(settings: Mapping[str, Any]) -> Location:
    """The export location from settings (``vault``, ``folder``), or a one-line ConfigError."""
    raw_vault = settings.get("vault")
    if not raw_vault:
        raise ConfigError(
            "no Obsidian vault given: pass --vault DIR or set vault in the [obsidian] config table"
        )
    vault = Path(os.path.expandvars(os.path.expanduser(str(raw_vault))))
    if not vault.is_dir():
        what = "is not a folder" if vault.exists() else "does not exist"
        raise ConfigError(f"Obsidian vault {raw_vault} {what}")
    raw_folder = settings.get("folder")
    folder = _checked_folder(DEFAULT_FOLDER if raw_folder is None else str(raw_folder))
    location = Location(vault.resolve(), folder)
    if not inside(location.vault, location.folder_path):
        raise ConfigError(f"--folder {raw_folder} leads outside the vault (through a link)")
    return location


def _checked_folder(raw: str) -> PurePosixPath:
    text = raw.replace("\\", "/").strip()
    if text in ("", ".", "/"):
        return PurePosixPath()
    path = PurePosixPath(text)
    if path.is_absolute() or re.match(r"^[A-Za-z]:", text):
        raise ConfigError(f"--folder {raw} must be a folder inside the vault, not an absolute path")
    for part in path.parts:
        if part == "..":
            raise ConfigError(f"--folder {raw} must stay inside the vault (no '..')")
        if part.startswith("."):
            raise ConfigError(f"--folder {raw}: hidden folders are not indexed by Obsidian")
        if filenames.sanitise(part) != part:
            raise ConfigError(f"--folder {raw}: {part!r} is not a portable folder name")
    return path


def inside(root: Path, path: Path) -> bool:
    """Is `path` (resolved, links followed) inside `root` (already resolved)?"""
    try:
        path.resolve().relative_to(root)
    except ValueError:
        return False
    return True
