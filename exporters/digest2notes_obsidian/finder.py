"""Finding our notes in the reader's vault, at the cost of what changed since the last look.

Readers rename and move notes, copy them and delete them, so a note is ours by the
``digest2notes_id`` (an entry's) or ``digest2notes_digest`` (a digest's, see `ids`) in
its frontmatter, wherever it is. Reading every file of a
vault of twenty thousand notes on every run to find three thousand of ours would
make a daily run cost the reader's whole vault, so a look starts from what the
export state remembers:

- each recorded note is checked with one ``stat``; only a changed one is opened;
- each folder's mtime changes when a file in it is added, removed or renamed, so
  only folders whose mtime changed are listed, and in them only the files whose
  ctime is after the last look (new, renamed, copied or synced in) are opened;
  foreign files are never opened again just to learn that they are not ours;
- a recorded note missing from its place is looked for in the changed folders,
  then by its inode through a listing of the whole vault (a move keeps the inode);
  if it is nowhere, the reader deleted it.

Without a state (a first export, or a vault an older version wrote) every ``.md``
file is opened once. Hidden folders (``.obsidian``, ``.trash``, ``.git``,
``.digest2notes``) and links are never entered: a note in the trash is deleted as
far as the reader is concerned, and a link may lead outside the vault.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field

from digest2notes import is_temp_name

from .ids import DIGEST_KEY, ENTRY_KEY, digest_note_id
from .state import Copy, Record, State
from .writer import Stamp, stamp_of

HEAD_BYTES = 8192
MAX_HEAD_BYTES = 1 << 20  # a "frontmatter" longer than this is not one of ours
#: Files whose ctime is this close before the last look are opened again: file
#: systems with coarse timestamps (FAT keeps two seconds) could hide a change.
CTIME_SLACK_NS = 2_000_000_000

_ID_LINE = re.compile(
    rf"^(?P<key>{ENTRY_KEY}|{DIGEST_KEY}):[ \t]*(?P<value>.*?)[ \t]*\r?$", re.MULTILINE
)
_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_CLOSING = re.compile(rb"^---[ \t]*\r?$", re.MULTILINE)
_COMMENT = re.compile(r"[ \t]+#.*$")


@dataclass(frozen=True)
class NoteFile:
    """A note of ours: vault-relative path (with ``/``) and stamp."""

    relative: str
    stamp: Stamp


@dataclass
class Look:
    """Where our notes are now."""

    #: By id: the files holding it, the note first (the recorded one, else the first
    #: by path), then its copies.
    notes: dict[str, list[NoteFile]] = field(default_factory=dict)
    #: Recorded ids whose note is gone for good: the reader deleted it.
    gone: set[str] = field(default_factory=set)
    #: Every folder looked at, with its mtime before its listing; those that changed.
    folders: dict[str, int] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)
    temp_files: list[str] = field(default_factory=list)
    started: int = 0

    def copies(self) -> list[Copy]:
        return [Copy(f.relative, i, f.stamp) for i, files in self.notes.items() for f in files[1:]]


def look(state: State, ids: Collection[str]) -> Look:
    """Where the notes with these ids are, and any note of ours in a folder that changed
    (see the module docstring)."""
    result = Look(started=time.time_ns())
    root = str(state.location.vault)
    if state.fresh:
        everywhere = _walk(root, "", result, {}, everything=True)
        found = _open_all(root, ((r, s) for r, s, _ in everywhere))
        result.notes = {i: sorted(files, key=lambda f: f.relative) for i, files in found.items()}
        result.gone = set(state.legacy_ids - result.notes.keys())
        return result
    listed = list(_walk(root, "", result, state.folders))
    records = state.records_of(ids)
    records.update({r.id: r for r in state.records_in(result.changed)})
    at_place = _at_place(root, records.values())
    copies = [
        here
        for copy in state.copies.values()
        if (here := _check(root, copy.path, copy.id, copy.stamp)) is not None
    ]
    missing = {r.id for r in records.values() if r.path is not None and r.id not in at_place}
    known = {f.relative for f in at_place.values()} | {c.relative for c in copies}
    since = state.looked_at - CTIME_SLACK_NS
    candidates = [
        (relative, status)
        for relative, status, new_folder in listed
        if relative not in known and (new_folder or missing or status.st_ctime_ns >= since)
    ]
    found = _open_all(root, candidates)
    elsewhere = state.records_of(i for i in found if i not in records)  # e.g. a copy's
    records.update(elsewhere)
    at_place.update(_at_place(root, elsewhere.values()))
    lost = {i for i in missing if i not in found}
    if lost:  # moved where no changed folder shows it: look for its inode everywhere
        inodes = {stamp[0] for i in lost if (stamp := records[i].stamp) is not None}
        everywhere = _walk(root, "", Look(), {}, everything=True)
        by_inode = [(r, s) for r, s, _ in everywhere if s.st_ino in inodes and r not in known]
        for note_id, files in _open_all(root, by_inode).items():
            found.setdefault(note_id, []).extend(files)
    for note_id, here in at_place.items():
        result.notes[note_id] = [here]
    copy_ids = {c.path: c.id for c in state.copies.values()}
    for here in copies:
        result.notes.setdefault(copy_ids[here.relative], []).append(here)
    for note_id, files in found.items():
        result.notes.setdefault(note_id, []).extend(sorted(files, key=lambda f: f.relative))
    result.gone = {i for i in records if i not in result.notes}
    return result


def _at_place(root: str, records: Iterable[Record]) -> dict[str, NoteFile]:
    """The recorded notes that are still where the state says, by id."""
    found = {}
    for record in records:
        if record.path is not None:
            here = _check(root, record.path, record.id, record.stamp)
            if here is not None:
                found[record.id] = here
    return found


def _check(root: str, relative: str, note_id: str, stamp: Stamp | None) -> NoteFile | None:
    """The recorded file, if it still holds `note_id` (opened only if it changed)."""
    path = _full(root, relative)
    try:
        status = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    now = stamp_of(status)
    if now == stamp or read_id(path) == note_id:
        return NoteFile(relative, now)
    return None


def _full(root: str, relative: str) -> str:
    """The path of a vault-relative path (written with ``/``) in the vault at `root`
    (resolved, so only a drive's root ends in a separator). Joined by hand: a look joins
    one path per note, and `os.path.join` is general-purpose Python."""
    return root + ("" if root.endswith(os.sep) else os.sep) + relative.replace("/", os.sep)


def _walk(
    root: str, top: str, result: Look, folders: dict[str, int], *, everything: bool = False
) -> Iterator[tuple[str, os.stat_result, bool]]:
    """(vault-relative path, status, whether its folder is new) of the ``.md`` files in
    the folders that changed since `folders` were recorded (all, with `everything`).
    Every folder looked at goes into `result.folders`, and temp files into
    `result.temp_files`."""
    stack = [(top, everything or top not in folders)]
    pending = [] if everything else [f for f in folders if f != top]
    while stack or pending:
        if stack:
            relative, new = stack.pop()
        else:
            relative, new = pending.pop(), False
        directory = _full(root, relative) if relative else root
        try:
            status = os.lstat(directory)
        except OSError:
            continue
        if not stat.S_ISDIR(status.st_mode):
            continue
        result.folders[relative] = status.st_mtime_ns
        if not new and folders.get(relative) == status.st_mtime_ns:
            continue  # unchanged since the last look
        result.changed.add(relative)
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        prefix = relative + "/" if relative else ""
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                if is_temp_name(name):
                    result.temp_files.append(entry.path)
                continue
            if entry.is_dir(follow_symlinks=False):
                child = prefix + name
                if child not in folders:
                    stack.append((child, True))
            elif name.endswith(".md") and entry.is_file(follow_symlinks=False):
                try:
                    yield prefix + name, entry.stat(follow_symlinks=False), new
                except OSError:
                    continue


def _open_all(root: str, files: Iterable[tuple[str, os.stat_result]]) -> dict[str, list[NoteFile]]:
    """The files among `files` that are notes of ours, by id."""
    found: dict[str, list[NoteFile]] = {}
    for relative, status in files:
        note_id = read_id(_full(root, relative))
        if note_id is not None:
            found.setdefault(note_id, []).append(NoteFile(relative, stamp_of(status)))
    return found


def read_id(path: str) -> str | None:
    """The note id in the frontmatter of the file at `path`, if any (see `ids`), read
    from as little of the file as holds the frontmatter."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
            if not head.startswith((b"---", b"\xef\xbb\xbf---")):
                return None
            while _CLOSING.search(head, 3) is None and len(head) < MAX_HEAD_BYTES:
                more = handle.read(HEAD_BYTES * 8)
                if not more:
                    break
                head += more
    except OSError:
        return None
    text = head.decode("utf-8", errors="replace").removeprefix("\ufeff")
    closing = _DELIMITER.search(text, 4)
    match = _ID_LINE.search(text, 4, closing.start() if closing else len(text))
    if match is None:
        return None
    value = _value(match.group("value"))
    if value is None or match.group("key") == ENTRY_KEY:
        return value
    return digest_note_id(value)


def _value(value: str) -> str | None:
    if value[:1] in ("'", '"'):  # a quoted id (rare) is read as YAML reads it
        from .properties import BrokenFrontmatter, load_yaml

        try:
            loaded = load_yaml(f"v: {value}")
        except BrokenFrontmatter:
            return None
        found = loaded.get("v") if isinstance(loaded, dict) else None
        return found if isinstance(found, str) and found else None
    return _COMMENT.sub("", value) or None


def duplicate_warning(note_id: str, files: list[NoteFile]) -> str:
    """The warning for two notes (or more) found holding one id."""
    shown = ", ".join(f.relative for f in files)
    return f"two notes with one id ({note_id}): {shown}; only the first is updated"
