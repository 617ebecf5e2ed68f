"""The vault on disk: where the export goes, which notes are ours, and safe writes.

Readers rename and move notes, so a note is found by the ``digest2notes_id``
in its frontmatter, wherever it is in the vault, never by its name. Scanning
must stay cheap on a vault of 10,000 notes: each file is opened once and only
its head is read (enough for a whole typical note, which the merge then reuses),
and the id is picked out of the frontmatter with a regular expression instead
of a YAML parse.

Hidden folders (``.obsidian``, ``.trash``, ``.git``) and symbolic links are not
scanned: notes in the trash are deleted as far as the reader is concerned, and
a link may point outside the vault, where nothing of ours may ever be written.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from digest2notes import ConfigError, ExportError

from . import filenames, properties

DEFAULT_FOLDER = "Digests"
HEAD_BYTES = 64 * 1024
#: Leftovers of an interrupted atomic write (the core's temp-file naming); ignored by the
#: scan, and removed by the next export once they are clearly orphaned.
TEMP_PREFIX = ".digest2notes-"
TEMP_SUFFIX = ".tmp"
ORPHAN_AGE_SECONDS = 60.0

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
_ID_LINE = re.compile(r"^digest2notes_id:[ \t]*(?P<value>[^\r\n]*?)[ \t]*\r?$", re.MULTILINE)
_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)


@dataclass(frozen=True)
class Location:
    """The vault and the folder (relative to it) new notes go to; both validated."""

    vault: Path
    folder: PurePosixPath

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
        # A typo must not create a stray vault: the reader creates (or opens) it in Obsidian.
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


@dataclass(frozen=True)
class IndexedNote:
    """A note of ours: where it is, and its text if the head read got all of it."""

    full_path: str
    relative: str
    note_id: str
    text: str | None
    stamp: tuple[int, int]

    @property
    def path(self) -> Path:
        return Path(self.full_path)


@dataclass
class VaultIndex:
    """Every note of ours in the vault by id (duplicates in path order), plus the other names."""

    by_id: dict[str, list[IndexedNote]] = field(default_factory=dict)
    #: Name keys (see `filenames.name_key`) of every .md file in the export folder.
    folder_names: set[str] = field(default_factory=set)
    #: Empty .md files in the export folder: free to take (a crash before any byte was written).
    empty_names: set[str] = field(default_factory=set)


def scan(location: Location) -> VaultIndex:
    """Index the vault: notes with a ``digest2notes_id``, and which names the folder uses."""
    index = VaultIndex()
    folder = location.folder.as_posix() + "/" if location.folder.parts else ""
    for relative, full in sorted(_markdown_files(str(location.vault))):
        directory, _, name = relative.rpartition("/")
        in_folder = directory + "/" == folder if directory else not folder
        if in_folder:
            index.folder_names.add(filenames.name_key(name))
        found = _read_id(full, relative)
        if found is None:
            if in_folder and _is_empty(full):
                index.empty_names.add(filenames.name_key(name))
            continue
        index.by_id.setdefault(found.note_id, []).append(found)
    return index


def _markdown_files(root: str) -> Iterator[tuple[str, str]]:
    """(vault-relative path with ``/``, full path) of every visible, non-link ``.md`` file."""
    stack = [("", root)]
    while stack:
        relative_dir, directory = stack.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue  # unreadable folder: not ours to report on
        for entry in entries:
            name = entry.name
            if name.startswith(".") or entry.is_symlink():
                continue
            if entry.is_dir():
                stack.append((relative_dir + name + "/", entry.path))
            elif name.endswith(".md") and entry.is_file():
                yield relative_dir + name, entry.path


def _is_empty(path: str) -> bool:
    try:
        return os.stat(path).st_size == 0
    except OSError:
        return False


def note_at(location: Location, path: Path) -> IndexedNote | None:
    """The note of ours at `path`, if it is one."""
    if path.is_symlink():
        return None
    return _read_id(str(path), location.relative(path))


def _read_id(path: str, relative: str) -> IndexedNote | None:
    """The note's id from its frontmatter, reading as little as possible."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        head = os.read(fd, HEAD_BYTES)
        if not head.startswith(b"---") and not head.startswith(b"\xef\xbb\xbf---"):
            return None
        complete = len(head) < HEAD_BYTES
        text, strict = _decode(head)
        note_id = _id_in(text)
        if note_id is None and not complete and _DELIMITER.search(text, 3) is None:
            head += _read_rest(fd)  # frontmatter longer than the head: rare, read it all
            complete = True
            text, strict = _decode(head)
            note_id = _id_in(text)
        if note_id is None:
            return None
        stat = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    full_text = text if complete and strict else None
    return IndexedNote(path, relative, note_id, full_text, (stat.st_mtime_ns, stat.st_size))


def _read_rest(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _decode(data: bytes) -> tuple[str, bool]:
    """The text, and whether it was valid UTF-8 (else it is only good for finding the id)."""
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), False


def _id_in(text: str) -> str | None:
    """The ``digest2notes_id`` value, if the line is inside the frontmatter."""
    line = text.find("\ndigest2notes_id:")
    if line < 0:
        return None
    match = _ID_LINE.match(text, line + 1)
    if match is None:
        return None
    # The frontmatter ends at the first delimiter line after the opening one.
    if text.find("\n---", 3, line) >= 0 and _DELIMITER.search(text, 4, line) is not None:
        return None
    value = match.group("value")
    if value[:1] in ("'", '"'):
        try:
            parsed = properties.load_yaml(f"v: {value}")
        except Exception:  # any YAML error: not an id we can trust
            return None
        value = parsed.get("v") if isinstance(parsed, dict) else None
        return value if isinstance(value, str) and value else None
    value = re.sub(r"[ \t]+#.*$", "", value)
    return value or None


def read_note(path: str | Path) -> tuple[str, tuple[int, int]]:
    """A note's full text and (mtime_ns, size) stamp; raises OSError / UnicodeDecodeError."""
    with open(path, "rb") as handle:
        data = handle.read()
        stat = os.fstat(handle.fileno())
    return data.decode("utf-8"), (stat.st_mtime_ns, stat.st_size)


def stamp(path: str | Path) -> tuple[int, int] | None:
    """(mtime_ns, size), or None if the file is gone."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


class Writer:
    """Atomic note writes that can only land inside the vault.

    Each note is written to a temp file in its own folder and renamed over the
    target, so a crash, a kill or Ctrl-C leaves the old note or the new one,
    never half of one. Each target folder is checked once per run (links
    followed): a folder that leads outside the vault is refused.

    Why not `digest2notes.atomic_write_text`: it fsyncs and goes through a text
    wrapper and `mkstemp`, which made each note ~2.5x the cost of a plain
    ``write_text``; this writer costs ~0.6x, which is what lets a cold export
    of 10,000 notes stay within its budget. It keeps the core's temp-file
    naming (``.digest2notes-*.tmp``), which the scan ignores. Without the
    fsync, a power cut (not a crash) may leave a just-created note empty; the
    next export treats an empty ``.md`` file as a free name and fills it in.
    """

    def __init__(self, location: Location) -> None:
        self.location = location
        self._checked: set[str] = set()
        self._pid = os.getpid()
        self._counter = itertools.count()

    def write(self, path: str | Path, text: str) -> None:
        folder = os.path.dirname(path)
        if folder not in self._checked:
            if not inside(self.location.vault, Path(folder)):
                raise ExportError(f"{path}: refusing to write outside the vault")
            os.makedirs(folder, exist_ok=True)
            self._checked.add(folder)
        if os.path.islink(path):
            raise ExportError(f"{path}: is a link; refusing to replace it")
        self._replace(path, folder, text.encode("utf-8"))

    def _replace(self, path: str | Path, folder: str, data: bytes) -> None:
        while True:
            name = f"{TEMP_PREFIX}{self._pid}-{next(self._counter)}{TEMP_SUFFIX}"
            temp = os.path.join(folder, name)
            try:
                fd = os.open(temp, _CREATE_FLAGS, 0o666)
            except FileExistsError:
                continue  # left by an earlier process that had our pid
            break
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise


def remove_orphans(folders: Iterable[str], now: float | None = None) -> None:
    """Delete temp files a killed export left in `folders` (once older than a minute,
    so a concurrent writer's temp file is never pulled from under it)."""
    now = time.time() if now is None else now
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(TEMP_PREFIX) and entry.name.endswith(TEMP_SUFFIX):
                try:
                    if now - entry.stat(follow_symlinks=False).st_mtime > ORPHAN_AGE_SECONDS:
                        os.unlink(entry.path)
                except OSError:
                    continue
