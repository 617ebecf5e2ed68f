"""Atomic file replacement, so an interrupted run never leaves a half-written note.

The temporary file lives in the destination folder (same filesystem, so the
rename is atomic) and is fsynced before the rename; a crash leaves either the
old file or the new one, plus at worst a stray ``.digest2notes-*.tmp`` file
that the next run ignores.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TEMP_PREFIX = ".digest2notes-"
TEMP_SUFFIX = ".tmp"


def atomic_write_text(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8, ``\\n`` newlines) in one rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def write_if_changed(path: Path, text: str) -> bool:
    """Write only when the content differs, so unchanged files keep their mtime."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (OSError, UnicodeDecodeError):
        pass
    atomic_write_text(path, text)
    return True
