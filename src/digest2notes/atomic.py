"""Atomic file replacement, so an interrupted run never leaves a half-written file.

The one implementation every writer in digest2notes uses. The bytes go to a temp
file created exclusively (``O_EXCL``) in the destination folder — the same file
system, so the rename over the destination is atomic — named
``.digest2notes-<pid>-<n>.tmp`` (hidden, so vault scans and Obsidian skip it);
a crash leaves at worst such a stray file, which the next run ignores (the
Obsidian exporter removes the ones older than a minute).

``durable`` chooses whether the temp file is fsynced before the rename:

- ``durable=True`` (the default): the new content is on disk before it replaces
  the old, so even after a power cut the path holds the old content or the new,
  complete. The fsync costs a disk flush per file — milliseconds on real disks,
  and it was most of the cost of exporting thousands of notes.
- ``durable=False``: no flush. A crash, a kill (even SIGKILL) or Ctrl-C still
  leaves the old file or the new one, never half of one: the data is in the
  kernel's page cache by the time of the rename, and both survive the process.
  Only a power cut or kernel crash before the data reaches the disk can do
  worse: the file may then be empty. (ext4, by default, flushes a file renamed
  over an existing one before the rename, so a replaced file keeps the old or
  the new content there; a newly created file has no such guard.) For files a
  later run rewrites anyway — every note the exporter writes: it treats an empty
  note file as free and fills it in — that is the better trade.

Neither flushes the directory, so after a power cut the rename itself may not
have happened (the old file is there): no caller needs more.
"""

from __future__ import annotations

import contextlib
import itertools
import os

TEMP_PREFIX = ".digest2notes-"
TEMP_SUFFIX = ".tmp"

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
_counter = itertools.count()
_pid = os.getpid()


def _forked() -> None:
    """A child process names its temp files after its own pid (and keeps O_EXCL's retry
    for the unlikely clash with a dead process's leftovers)."""
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


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
    callers that remember files by their stamp, without a second ``stat``.
    """
    target = os.fspath(path)
    folder = os.path.dirname(target) or "."
    fd, temp = _create_temp(folder)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable:
                os.fsync(fd)
            status = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return status


def _create_temp(folder: str) -> tuple[int, str]:
    """A new, empty temp file in `folder` (created if missing): (descriptor, path)."""
    while True:
        temp = os.path.join(folder, f"{TEMP_PREFIX}{_pid}-{next(_counter)}{TEMP_SUFFIX}")
        try:
            return os.open(temp, _CREATE_FLAGS, 0o666), temp
        except FileExistsError:
            continue  # left by an earlier process that had our pid
        except FileNotFoundError:
            if os.path.isdir(folder):
                raise
            os.makedirs(folder, exist_ok=True)  # only when missing: no syscall per write


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, durable: bool = True
) -> os.stat_result:
    """Replace `path` with `text` as UTF-8 in one rename; newlines are written as given
    (``\\n`` stays ``\\n`` on every platform). Returns the file's status as written."""
    return atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def write_if_changed(path: str | os.PathLike[str], text: str, *, durable: bool = True) -> bool:
    """Write only when the content differs, so unchanged files keep their mtime."""
    data = text.encode("utf-8")
    try:
        with open(path, "rb") as handle:
            if handle.read() == data:
                return False
    except OSError:
        pass
    atomic_write_bytes(path, data, durable=durable)
    return True
