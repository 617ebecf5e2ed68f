"""Atomic file writes, so an interrupted run never leaves a half-written file.

The one implementation every writer in digest2notes uses. The bytes go to a temp
file created exclusively (``O_EXCL``) in the destination folder — the same file
system, so the step that gives it the destination's name is atomic — named
``.digest2notes-<pid>-<n>.tmp`` (hidden, so vault scans and Obsidian skip it);
a crash leaves at worst such a stray file, which the next run ignores (the
Obsidian exporter removes the ones older than a minute).

Two ways to finish, for two promises:

- `atomic_write_bytes` replaces whatever is at the path (``rename``): a changed
  file holds the old content or the new, never a mix.
- `atomic_create_bytes` creates a file that must be *new* (``link``, which fails
  if anything has the name by then): a file that appeared during a run is never
  replaced, and the check and the creation are one step.

``durable`` chooses whether the temp file is fsynced first. With it (the
default), even a power cut leaves the old content or the new, complete. Without
it, a crash, a kill (even SIGKILL) or Ctrl-C still leave the old file or the new
one, since the data is in the kernel's page cache before the rename; only a power
cut before the data reaches the disk can leave the file empty. For files a later
run rewrites anyway (the notes an export writes: it treats an empty note as a
free name and fills it in) that is the better trade, as a flush per file is
slow on real disks. Neither flushes the folder.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os

TEMP_PREFIX = ".digest2notes-"
TEMP_SUFFIX = ".tmp"

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
_counter = itertools.count()


def is_temp_name(name: str) -> bool:
    """Is `name` (a file name, no folder) one of our temp files, e.g. left by a killed run?"""
    return name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, durable: bool = True
) -> os.stat_result:
    """Replace `path` with `data` in one rename (see the module docstring for `durable`).

    The folder is created if it is missing. The file gets the default mode for new
    files (``0o666`` less the umask), as a plain ``open(path, "w")`` would. Returns
    the new file's status as written (a rename keeps its inode, size and mtime), for
    callers that remember files by their stamp.
    """
    target = os.fspath(path)
    fd, temp = _create_temp(os.path.dirname(target) or ".")
    try:
        status = _fill(fd, data, durable)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return status


def atomic_create_bytes(path: str | os.PathLike[str], data: bytes) -> os.stat_result:
    """Create `path` holding `data`, complete or not at all, never in place of anything.

    Raises `FileExistsError` if anything has that name when the file gets it — a
    file, a folder, even a dangling link. The folder is created if it is missing;
    the mode and the (lack of) fsync are `atomic_write_bytes`' with
    ``durable=False``. Returns the file's status as written.

    The temp file is linked to `path` and then removed. On a file system without
    hard links (FAT), `path` is looked at and the temp file renamed to it, which
    only a file created at that very instant can race.
    """
    target = os.fspath(path)
    fd, temp = _create_temp(os.path.dirname(target) or ".")
    try:
        status = _fill(fd, data, durable=False)
        try:
            os.link(temp, target)
        except FileExistsError:
            raise
        except OSError:  # no hard links here: look, then rename
            if os.path.lexists(target):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), target) from None
            os.replace(temp, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return status


def atomic_create_text(path: str | os.PathLike[str], text: str) -> os.stat_result:
    """`atomic_create_bytes` of `text` as UTF-8, newlines as given."""
    return atomic_create_bytes(path, text.encode("utf-8"))


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, durable: bool = True
) -> os.stat_result:
    """Replace `path` with `text` as UTF-8 in one rename; newlines are written as given
    (``\\n`` stays ``\\n`` on every platform). Returns the file's status as written."""
    return atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def _fill(fd: int, data: bytes, durable: bool) -> os.stat_result:
    """Write all of `data` to the temp file `fd`, flush it if `durable`, close it, and
    return its status."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        if durable:
            os.fsync(fd)
        return os.fstat(fd)
    finally:
        os.close(fd)


def _create_temp(folder: str) -> tuple[int, str]:
    """A new, empty temp file in `folder` (created if missing): (descriptor, path)."""
    while True:
        name = f"{TEMP_PREFIX}{os.getpid()}-{next(_counter)}{TEMP_SUFFIX}"
        temp = os.path.join(folder, name)
        try:
            return os.open(temp, _CREATE_FLAGS, 0o666), temp
        except FileExistsError:
            continue  # left by an earlier process that had our pid
        except FileNotFoundError:
            if os.path.isdir(folder):
                raise
            os.makedirs(folder, exist_ok=True)
