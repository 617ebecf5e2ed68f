"""The vault on disk: where the export goes, which notes are ours, and safe writes.

Readers rename and move notes, so a note is found by the ``digest2notes_id``
in its frontmatter, wherever it is in the vault, never by its name. Scanning
must stay cheap on a vault of 10,000 notes: each file is opened once and only
its head is read (enough for a whole typical note, which the merge then reuses),
and the id is picked out of the frontmatter's bytes with a regular expression
instead of a YAML parse; the text is decoded only if something needs it.

A re-export that changes nothing should not even read the notes: after each
export the vault keeps a small record (`Records`, in ``.digest2notes/notes.json``)
of every note that is up to date for a given entry (by its `Entry.fingerprint`),
with the file's inode, mtime and size as the export left it, and of the note
format they were written in. A note whose file still has that same stamp is
taken from the record, one ``stat`` instead of a read; any edit, move, copy or
sync changes the stamp and the note is read and checked as usual, and a new note
format makes every note be read once. A record can only ever spare work, never
cause a write: the worst a stale one can do is leave a note un-updated until its
entry changes.

Hidden folders (``.obsidian``, ``.trash``, ``.git``, ``.digest2notes``) and symbolic
links are not scanned: notes in the trash are deleted as far as the reader is concerned, and
a link may point outside the vault, where nothing of ours may ever be written.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat as stat_module
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

import orjson

from digest2notes import (
    ConfigError,
    ExportError,
    atomic_create_bytes,
    atomic_write_bytes,
    atomic_write_text,
    is_temp_name,
)

from . import filenames, properties

DEFAULT_FOLDER = "Digests"
HEAD_BYTES = 64 * 1024
#: Leftovers of an interrupted atomic write (`digest2notes.is_temp_name`) are hidden files,
#: so the scan skips them; the next export removes them once they are clearly orphaned.
ORPHAN_AGE_SECONDS = 60.0

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)
# The value is cut greedily and its trailing blanks stripped in Python: the same result
# as a lazy ``[^\r\n]*?[ \t]*`` without trying the rest of the pattern at every character.
_ID_LINE = re.compile(rb"^digest2notes_id:[ \t]*(?P<value>[^\r\n]*)\r?$", re.MULTILINE)
_DELIMITER = re.compile(rb"^---[ \t]*\r?$", re.MULTILINE)  # `properties.DELIMITER`, in bytes
_COMMENT = re.compile(r"[ \t]+#.*$")


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


class IndexedNote(NamedTuple):
    """A note of ours: where it is, and its bytes if the head read got all of it.

    The text is decoded only when asked for: a no-change export checks each note's
    seal on the bytes as read and never needs the text. A named tuple rather than a
    frozen dataclass: a scan makes one per note, and a frozen dataclass's
    ``__init__`` cost more than reading the note's id.
    """

    full_path: str
    relative: str
    note_id: str
    data: bytes | None
    stamp: tuple[int, int]
    #: The file's inode, and the fingerprint of the entry (`Entry.fingerprint`) the note
    #: is up to date for, when a `Records` entry vouches for it (then `data` is None:
    #: nothing was read).
    inode: int = 0
    up_to_date_for: str | None = None
    #: That `Records` entry itself (kept as is while the note stays up to date).
    record: NoteRecord | None = None

    @property
    def path(self) -> Path:
        return Path(self.full_path)

    @property
    def text(self) -> str | None:
        """The whole note's text, or None if the head read did not get all of it or it is
        not valid UTF-8 (then `read_note` reads it again, and says what is wrong)."""
        if self.data is None:
            return None
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError:
            return None


@dataclass
class VaultIndex:
    """Every note of ours in the vault by id (duplicates in path order), plus the other names."""

    by_id: dict[str, list[IndexedNote]] = field(default_factory=dict)
    #: Notes a `Records` entry vouches for, unchanged on disk since, by id: (vault-relative
    #: path, record). Not read, and kept as the least a no-change re-export needs per
    #: note; an id that another note has too is in `by_id` instead, with every copy of it.
    vouched: dict[str, tuple[str, NoteRecord]] = field(default_factory=dict)
    #: Names of the .md files in the export folder, and of those that are empty (free to
    #: take: a crash before any byte was written). Name keys are made only when asked
    #: for (`folder_names`): a re-export that creates nothing never needs them.
    folder_files: list[str] = field(default_factory=list)
    empty_files: list[str] = field(default_factory=list)
    #: Full paths of the temp files (`digest2notes.is_temp_name`) seen in any folder: what
    #: an interrupted write left, unless a concurrent one is still at it (`remove_orphans`).
    temp_files: list[str] = field(default_factory=list)
    #: The vault's folder, as scanned (the full paths of `vouched` notes start with it).
    root: str = ""

    def vouched_note(self, hit: tuple[str, NoteRecord]) -> IndexedNote:
        """A `vouched` note as an `IndexedNote`: nothing read (`data` is None), and the
        stamp its record has (the file's, as the scan checked)."""
        relative, record = hit
        full = os.path.join(self.root, *relative.split("/"))
        stamp = (record[3], record[4])
        return IndexedNote(full, relative, record[0], None, stamp, record[2], record[1], record)

    def relatives(self) -> set[str]:
        """The vault-relative path of every note of ours."""
        found = {relative for relative, _ in self.vouched.values()}
        found.update(note.relative for notes in self.by_id.values() for note in notes)
        return found

    @property
    def folder_names(self) -> set[str]:
        """Name keys (see `filenames.name_key`) of every .md file in the export folder."""
        return {filenames.name_key(name) for name in self.folder_files}

    @property
    def empty_names(self) -> set[str]:
        """Name keys of the empty .md files in the export folder."""
        return {filenames.name_key(name) for name in self.empty_files}


def scan(
    location: Location, *, names: bool = True, records: Records | None = None
) -> VaultIndex:
    """Index the vault: notes with a ``digest2notes_id``, and which names the folder uses
    (unless `names` is False: the study queue only needs the notes). A note that
    `records` vouches for, unchanged on disk since, is not read: it goes to
    `VaultIndex.vouched` at the cost of one ``stat`` (a no-change re-export of 10,000
    notes is mostly this loop)."""
    root = str(location.vault)
    index = VaultIndex(root=root)
    folder = location.folder.as_posix() + "/" if location.folder.parts else ""
    known = records.notes if records is not None else {}
    vouched = index.vouched
    clashing: list[tuple[str, NoteRecord]] = []  # vouched, with the id of one vouched before
    unread: list[tuple[str, str, str | None]] = []  # relative, full path, name if in the folder
    for relative_dir, directory, entries in _markdown_files(root, index.temp_files):
        in_folder = names and relative_dir == folder
        for entry in entries:
            name = entry.name
            relative = relative_dir + name
            if in_folder:
                index.folder_files.append(name)
            record = known.get(relative)
            if record is not None:
                try:
                    status = entry.stat(follow_symlinks=False)
                except OSError:
                    status = None
                if (
                    status is not None
                    and type(record) is list  # a hand-edited file may hold anything
                    and len(record) == 5
                    and record[3] == status.st_mtime_ns
                    and record[4] == status.st_size
                    and record[2] == status.st_ino
                    and type(record[0]) is str
                    and type(record[1]) is str
                ):
                    hit = (relative, record)
                    if vouched.setdefault(record[0], hit) is not hit:
                        clashing.append(hit)
                    continue
            unread.append((relative, os.path.join(directory, name), name if in_folder else None))
    by_id = index.by_id
    for relative, full, folder_name in sorted(unread):
        found = _read_id(full, relative)
        if found is None:
            if folder_name is not None and _is_empty(full):
                index.empty_files.append(folder_name)
            continue
        copies = by_id.get(found.note_id)
        if copies is None:
            by_id[found.note_id] = [found]
        else:
            copies.append(found)
    if clashing or not by_id.keys().isdisjoint(vouched):
        _unvouch_shared_ids(index, clashing)
    return index


def _unvouch_shared_ids(index: VaultIndex, clashing: list[tuple[str, NoteRecord]]) -> None:
    """Move the vouched notes whose id another note has too into `by_id`, with the
    others, in path order: which copy is the note is for the exporter to decide."""
    shared = {record[0] for _, record in clashing} | (index.by_id.keys() & index.vouched.keys())
    moved = clashing + [index.vouched.pop(note_id) for note_id in shared]
    for hit in moved:
        note = index.vouched_note(hit)
        index.by_id.setdefault(note.note_id, []).append(note)
    for note_id in shared:
        index.by_id[note_id].sort(key=lambda note: note.relative)


def _markdown_files(
    root: str, temp_files: list[str]
) -> Iterator[tuple[str, str, list[os.DirEntry[str]]]]:
    """Per folder of the vault: its vault-relative path with ``/`` (empty, or ending in
    one), its full path, and the directory entries of its visible, non-link ``.md``
    files, which may be ``stat``-ed until the next folder is asked for. Temp files of
    ours seen on the way are added to `temp_files` (so removing orphans takes no second
    listing)."""
    stack = [("", root)]
    while stack:
        relative_dir, directory = stack.pop()
        with _listing(directory) as entries:
            found = []
            for entry in entries:
                name = entry.name
                if name[:1] == ".":
                    if is_temp_name(name):
                        temp_files.append(os.path.join(directory, name))
                    continue
                # Links are never followed: one may lead out of the vault.
                if name[-3:] == ".md" and entry.is_file(follow_symlinks=False):
                    found.append(entry)
                elif entry.is_dir(follow_symlinks=False):
                    stack.append((relative_dir + name + "/", os.path.join(directory, name)))
            yield relative_dir, directory, found


@contextlib.contextmanager
def _listing(directory: str) -> Iterator[list[os.DirEntry[str]]]:
    """The entries of `directory` (none if it cannot be read: not ours to report on).

    Listed through a descriptor of the folder where the system allows it: each entry's
    ``stat`` is then made relative to the descriptor, which spares the kernel walking
    the whole path again for every file (a sixth of a no-change re-export's scan).
    """
    if not _LIST_BY_DESCRIPTOR:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            entries = []
        yield entries
        return
    try:
        fd = os.open(directory, _DIRECTORY_FLAGS)
    except OSError:
        yield []
        return
    try:
        try:
            listed = list(os.scandir(fd))
        except OSError:
            listed = []
        yield listed
    finally:
        os.close(fd)


_LIST_BY_DESCRIPTOR = os.scandir in os.supports_fd
_DIRECTORY_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)


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
    """The note's id from its frontmatter, reading as little as possible.

    Works on the bytes: everything it looks for is ASCII, which UTF-8 never uses
    inside another character, so positions and matches are those the decoded text
    would give (an invalid sequence only ever spoils the characters it covers).
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        head = os.read(fd, HEAD_BYTES)
        if not head.startswith(b"---") and not head.startswith(b"\xef\xbb\xbf---"):
            return None
        complete = len(head) < HEAD_BYTES
        note_id = _id_in(head)
        if note_id is None and not complete and _DELIMITER.search(head, 3) is None:
            head += _read_rest(fd)  # frontmatter longer than the head: rare, read it all
            complete = True
            note_id = _id_in(head)
        if note_id is None:
            return None
        stat = os.fstat(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    stamp = (stat.st_mtime_ns, stat.st_size)
    return IndexedNote(path, relative, note_id, head if complete else None, stamp, stat.st_ino)


def _read_rest(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _id_in(data: bytes) -> str | None:
    """The ``digest2notes_id`` value, if the line is inside the frontmatter."""
    line = data.find(b"\ndigest2notes_id:")
    if line < 0:
        return None
    match = _ID_LINE.match(data, line + 1)
    if match is None:
        return None
    # The frontmatter ends at the first delimiter line after the opening one (the ``find``
    # settles the usual case, no ``---`` line before the id, in one cheap call).
    if data.find(b"\n---", 3, line) >= 0 and _DELIMITER.search(data, 4, line) is not None:
        return None
    value = match.group("value").decode("utf-8", errors="replace").rstrip(" \t")
    if value[:1] in ("'", '"'):
        try:
            parsed = properties.load_yaml(f"v: {value}")
        except Exception:  # any YAML error: not an id we can trust
            return None
        value = parsed.get("v") if isinstance(parsed, dict) else None
        return value if isinstance(value, str) and value else None
    if "#" in value:
        value = _COMMENT.sub("", value)
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

    A changed note goes through the core's `atomic_write_bytes` (a temp file in its
    own folder, renamed over the target) and a new one through `atomic_create_bytes`
    (written in full, then given its name in one step that fails if the name has
    been taken meanwhile), so a crash, a kill or Ctrl-C leaves the old note or the
    new one, never half of one, and a file that appeared during the run is never
    replaced. Without fsync: a flush per note would cost more than the rest of a
    cold export put together, and a power cut may then at worst leave a
    just-created note empty, which the next export treats as a free name and fills
    in. Each target folder is checked once per run (links followed): a folder that
    leads outside the vault is refused.
    """

    def __init__(self, location: Location) -> None:
        self.location = location
        self._checked: set[str] = set()

    def write(self, path: str | Path, content: str | bytes) -> tuple[int, int, int]:
        """Replace (or create) `path` with `content` (text is written as UTF-8); a link
        there is refused. Returns the new file's (inode, mtime_ns, size), as `Records`
        keep them."""
        self.check_folder(os.path.dirname(path))
        if os.path.islink(path):
            raise ExportError(f"{path}: is a link; refusing to replace it")
        data = content.encode("utf-8") if isinstance(content, str) else content
        status = atomic_write_bytes(path, data, durable=False)
        return status.st_ino, status.st_mtime_ns, status.st_size

    def create(self, path: str, data: bytes) -> tuple[int, int, int]:
        """Create `path` with `data`; raises FileExistsError if anything has that name.
        Returns the new file's (inode, mtime_ns, size)."""
        self.check_folder(os.path.dirname(path))
        status = atomic_create_bytes(path, data)
        return status.st_ino, status.st_mtime_ns, status.st_size

    def check_folder(self, folder: str) -> None:
        """Refuse `folder` if it leads outside the vault; create it if missing. Once per
        folder and run (a forked worker inherits what was checked before the fork)."""
        if folder not in self._checked:
            if not inside(self.location.vault, Path(folder)):
                raise ExportError(f"{folder}: refusing to write outside the vault")
            os.makedirs(folder, exist_ok=True)
            self._checked.add(folder)


def remove_orphans(paths: Iterable[str], now: float | None = None) -> None:
    """Delete the temp files at `paths` (found by `scan`) that a killed export left:
    those older than a minute, so a concurrent writer's temp file is never pulled from
    under it."""
    now = time.time() if now is None else now
    for path in paths:
        try:
            status = os.lstat(path)
            if stat_module.S_ISREG(status.st_mode) and now - status.st_mtime > ORPHAN_AGE_SECONDS:
                os.unlink(path)
        except OSError:
            continue


STATE_FOLDER = ".digest2notes"
RECORDS_FILE = "notes.json"
_RECORDS_VERSION = 2  # 1 kept entry prints, where 2 keeps entry fingerprints
_STATE_GITIGNORE = (
    "# digest2notes' record of which notes are up to date (safe to delete: the next\n"
    "# export reads every note once and writes it again). Not for version control.\n*\n"
)


#: One note's record as stored: [note id, entry fingerprint, inode, mtime_ns, size]. Kept as the
#: list JSON gives, unvalidated: a malformed record simply never matches a file (see
#: `_recorded`), and ten thousand of them load without a conversion each.
NoteRecord = list[Any]


def note_record(note_id: str, fingerprint: str, stamp: tuple[int, int, int]) -> NoteRecord:
    return [note_id, fingerprint, *stamp]


@dataclass
class Records:
    """The notes the last exports left up to date, by vault-relative path, written in
    note format `format` (a hash of how notes are rendered); `loaded` is what was read,
    so saving can tell whether anything changed without encoding."""

    notes: dict[str, NoteRecord] = field(default_factory=dict)
    loaded: dict[str, NoteRecord] = field(default_factory=dict)
    format: str = ""


def records_path(location: Location) -> Path:
    return location.vault / STATE_FOLDER / RECORDS_FILE


def load_records(location: Location, note_format: str) -> Records:
    """The vault's records of notes in format `note_format`; empty if there are none,
    they are of another format, or they cannot be trusted (any problem means every note
    is read, which is always correct).

    Read and written with orjson: the file holds a record per note, and the standard
    library's json took a tenth of a no-change re-export to load it and a
    twentieth of a cold export to write it; orjson takes a quarter and a fifteenth
    of that.
    """
    try:
        data = orjson.loads(records_path(location).read_bytes())
        current = data.get("version") == _RECORDS_VERSION and data.get("format") == note_format
        notes = data["notes"] if current else {}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return Records(format=note_format)
    if not isinstance(notes, dict):
        return Records(format=note_format)
    return Records(dict(notes), notes, note_format)


def save_records(location: Location, records: Records) -> None:
    """Write the records (atomically, and only if they changed); a failure only costs
    the next export some reads, so it is not an error."""
    if records.notes == records.loaded and records_path(location).is_file():
        return
    folder = location.vault / STATE_FOLDER
    try:
        # The text json.dumps(…, ensure_ascii=False, separators=(",", ":")) gives. orjson
        # refuses only integers past 64 bits, which no stat gives and orjson reads as
        # floats: the TypeError below is a formality.
        data = orjson.dumps(
            {"version": _RECORDS_VERSION, "format": records.format, "notes": records.notes}
        )
        folder.mkdir(exist_ok=True)
        if not inside(location.vault, folder):
            return  # a link the reader planted: nothing of ours goes outside the vault
        if not (folder / ".gitignore").exists():
            atomic_write_text(folder / ".gitignore", _STATE_GITIGNORE, durable=False)
        # Records that differ from what was loaded encode differently: no need to read the
        # old file back to compare (as write_if_changed would).
        atomic_write_bytes(records_path(location), data + b"\n", durable=False)
    except (OSError, TypeError):
        pass
