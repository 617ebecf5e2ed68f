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

`atomic_create_bytes` is the other half: a file that must be *new* (a note an
export creates) is written in full under no name at all, then given its name
with one ``link``, which fails if anything has that name by then — so a file
that appears during a run is never replaced, and the check and the creation are
one step rather than a ``stat`` followed by a rename.
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
            _write_all(fd, data)
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


def atomic_create_bytes(path: str | os.PathLike[str], data: bytes) -> os.stat_result:
    """Create `path` holding `data`, complete or not at all, never in place of anything.

    Raises `FileExistsError` if anything has that name when the file gets it — a
    file, a folder, even a dangling link. The folder is created if it is missing;
    the mode and the (lack of) fsync are `atomic_write_bytes`' with
    ``durable=False``. Returns the file's status as written.

    On Linux the bytes go to an unnamed ``O_TMPFILE`` in the destination folder,
    linked into place through ``/proc/self/fd``: a killed run leaves nothing behind
    (an unnamed file dies with its process), and it costs the same four system
    calls as a plain ``open`` / ``write`` / ``fstat`` / ``close``. Elsewhere, or on
    a file system without ``O_TMPFILE``, a hidden temp file is linked to `path`
    and removed; without hard links either (FAT), `path` is looked at and the temp
    file renamed over it, which only a file created at that very instant can race.
    """
    if _PLAIN_PATHS and type(path) is str and path[:1] == "/" and path[-1:] != "/":
        target = path  # the usual call, an absolute path already: spare normalising it
        folder = path[: path.rindex("/")] or "/"
    else:
        target = os.path.abspath(path)  # the link below is given an absolute path
        folder = os.path.dirname(target)
    if _UNNAMED and folder not in _no_unnamed_files:
        status = _create_unnamed(folder, target, data)
        if status is not None:
            return status
    return _create_by_link(folder, target, data)


_PLAIN_PATHS = os.sep == "/" and os.altsep is None  # "/" is the one separator


def atomic_create_text(path: str | os.PathLike[str], text: str) -> os.stat_result:
    """`atomic_create_bytes` of `text` as UTF-8, newlines as given."""
    return atomic_create_bytes(path, text.encode("utf-8"))


_UNNAMED = getattr(os, "O_TMPFILE", 0) if os.path.isdir("/proc/self/fd") else 0
#: Folders whose file system turned ``O_TMPFILE`` or its link down: asked once per run.
_no_unnamed_files: set[str] = set()


def _create_unnamed(folder: str, target: str, data: bytes) -> os.stat_result | None:
    """`atomic_create_bytes` by ``O_TMPFILE``; None where that way is refused (then the
    named temp file's way is taken, which works everywhere and reports any problem that
    is really the folder's)."""
    try:
        fd = os.open(folder, _UNNAMED | os.O_WRONLY, 0o666)
    except FileNotFoundError:
        if os.path.isdir(folder):
            _no_unnamed_files.add(folder)
            return None
        os.makedirs(folder, exist_ok=True)
        return _create_unnamed(folder, target, data)
    except OSError:  # an old kernel (EISDIR), a file system without it (EOPNOTSUPP), ...
        _no_unnamed_files.add(folder)
        return None
    try:
        written = os.write(fd, data)
        if written < len(data):
            _write_all(fd, memoryview(data)[written:])
        status = os.fstat(fd)
        try:
            # ``os.link`` calls linkat(2) with AT_SYMLINK_FOLLOW (what a /proc/self/fd link
            # needs) only when given a folder descriptor; for an absolute target the
            # folder descriptor is ignored, so the file's own does.
            os.link(f"/proc/self/fd/{fd}", target, dst_dir_fd=fd, follow_symlinks=True)
        except FileExistsError:
            raise
        except OSError:  # no /proc here, a sandbox that forbids the link, ...
            _no_unnamed_files.add(folder)
            return None
    finally:
        os.close(fd)
    return status


def _create_by_link(folder: str, target: str, data: bytes) -> os.stat_result:
    """`atomic_create_bytes` with a named temp file, linked (or, failing that, renamed)."""
    fd, temp = _create_temp(folder)
    try:
        try:
            _write_all(fd, data)
            status = os.fstat(fd)
        finally:
            os.close(fd)
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


def _write_all(fd: int, data: bytes | memoryview) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


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
