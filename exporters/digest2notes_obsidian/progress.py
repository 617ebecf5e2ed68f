"""Reading the reader's progress back out of the vault, and recording a new status.

``status`` is free text in Obsidian, so readers write "In progress", "read", "DONE";
they are normalised (case and spaces aside) rather than rejected. Ticks are counted
from the generated part's checklist as it stands now.

A note the export state saw unchanged since the last export is not read again: its
values are those the export recorded (`state.Record.seen`). Any other note is read
whole, through the one frontmatter reader (`properties.read`), which parses its
properties only if its frontmatter is not, byte for byte, the one the export left
there (`kept.Front`: a note whose points were ticked since is only counted again);
one whose properties cannot be read is a warning with its path and line, never
silently missing, and two notes with one id are a warning naming both (and both are
listed, so that ``queue done`` on that id asks which one).

Setting a status rewrites the ``status`` line of the frontmatter and nothing else,
byte for byte (line endings, BOM, the reader's formatting elsewhere), because the
note is the reader's document and Obsidian may have it open.
"""

from __future__ import annotations

import re

from digest2notes import ExportError, Progress, StudyItem, StudyStatus, atomic_write_text

from . import finder, state
from .checklist import count_points
from .finder import NoteFile
from .ids import is_digest_id
from .kept import Front, Seen, verdict_of
from .location import Location, inside
from .statuses import normalise_status

_STATUS_LINE = re.compile(r"^status[ \t]*:[^\r\n]*(?P<eol>\r?\n|$)", re.MULTILINE)
_CONTINUED = re.compile(r"(?:[ \t]+[^\r\n]*|-[ \t][^\r\n]*|-)(?:\r?\n|$)")
_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_BEGIN = re.compile(r"^%% digest2notes:begin\b")
_END = re.compile(r"^%% digest2notes:end\b")


def read_progress(location: Location) -> Progress:
    """Every note of ours in the vault as a `StudyItem`, copies included."""
    known = state.load(location, with_seen=True)
    warnings = list(known.warnings)
    try:
        look = finder.look(known, known.entry_records())
        # Each file with its values as the last export saw them (None: to be read).
        files = []
        for note_id, found in look.notes.items():
            if is_digest_id(note_id):  # a digest's note is a reading list, not an item
                continue
            if len(found) > 1:
                warnings.append(finder.duplicate_warning(note_id, found))
            record = known.records.get(note_id)
            files += [(note_id, file, _as_recorded(record, file)) for file in found]
        # The frontmatter the last export left in each changed note.
        left = known.written_of({note_id for note_id, _, seen in files if seen is None})
    finally:
        known.close()
    items: list[StudyItem] = []
    for note_id, file, seen in files:
        if seen is None:
            written = left.get(note_id)
            seen, problem = read_seen(location, file, written.front if written else None)
            if problem:
                warnings.append(problem)
        if seen is not None:
            items.append(_item(note_id, file, seen))
    return Progress(tuple(items), tuple(warnings))


def _as_recorded(record: state.Record | None, file: NoteFile) -> Seen | None:
    """The note's values as the last export saw them, if the file is as it left it."""
    if record is None or (record.path, record.stamp) != (file.relative, file.stamp):
        return None
    return record.seen


def read_seen(
    location: Location, file: NoteFile, kept: Front | None = None
) -> tuple[Seen | None, str | None]:
    """What the note holds now, or a warning naming what is wrong with it. Its properties
    are parsed unless `kept` (what the last export left there) holds the very same
    frontmatter text: a note whose points were ticked since needs them counted only."""
    from . import properties  # loaded by the first note read: an export reads none here

    try:
        text = location.path(file.relative).read_text(encoding="utf-8")
        front = properties.read(text.removeprefix("\ufeff").replace("\r\n", "\n"), kept)
    except (OSError, UnicodeDecodeError) as error:
        return None, f"{file.relative}: cannot read the note ({error})"
    except properties.BrokenFrontmatter as error:
        line = f":{error.line}" if error.line else ""
        return None, f"{file.relative}{line}: {error.problem}; fix it in Obsidian"
    data = front.data
    lines = front.body.split("\n")
    begin = next((i for i, line in enumerate(lines) if _BEGIN.match(line)), None)
    end = next((i for i, line in enumerate(lines) if _END.match(line) and i > (begin or 0)), None)
    region = lines[begin + 1 : end] if begin is not None and end is not None else lines
    done, total = count_points(region)
    minutes = data.get("minutes")
    dates = [data.get("digest_date"), *(data.get("digest_dates") or [])]
    iso = [str(d)[:10] for d in dates if d is not None and _ISO_DATE.match(str(d))]
    return Seen(
        title=_text(data.get("title")),
        repo=_text(data.get("repo")),
        verdict=verdict_of(data.get("verdict")).value,
        status=data.get("status"),
        minutes=minutes if type(minutes) is int else None,
        digest_date=max(iso) if iso else None,
        done=done,
        total=total,
    ), None


def _item(note_id: str, file: NoteFile, seen: Seen) -> StudyItem:
    return StudyItem(
        id=note_id,
        title=seen.title or file.relative.rsplit("/", 1)[-1].removesuffix(".md"),
        repo=seen.repo or note_id.rsplit(":", 1)[0],
        verdict=verdict_of(seen.verdict),
        status=normalise_status(seen.status),
        focus_done=seen.done,
        focus_total=seen.total,
        minutes=seen.minutes,
        digest_date=seen.digest_date,
        location=file.relative,
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None




def set_status(location: Location, item: StudyItem, status: StudyStatus) -> str:
    """Write `status` into the item's note; returns the note's vault-relative path."""
    path = location.path(item.location)
    if not (inside(location.vault, path) and finder.read_id(str(path)) == item.id):
        known = state.load(location)
        try:
            files = finder.look(known, [item.id]).notes.get(item.id, [])
        finally:
            known.close()
        if not files:
            raise ExportError(f"no note with digest2notes_id {item.id} in the vault any more")
        if len(files) > 1:
            warning = finder.duplicate_warning(item.id, files)
            raise ExportError(warning.replace("only the first", "which?"))
        path = location.path(files[0].relative)
    data = path.read_bytes()
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig" if bom else "utf-8")
    new_text = replace_status(text, status.value)
    if new_text is None:
        raise ExportError(f"{location.relative(path)}: no frontmatter to record the status in")
    if new_text != text:
        try:
            atomic_write_text(path, ("\ufeff" if bom else "") + new_text)
        except OSError as error:
            reason = error.strerror or str(error)
            raise ExportError(f"cannot write {location.relative(path)}: {reason}") from None
    return location.relative(path)


def replace_status(text: str, value: str) -> str | None:
    """`text` with its frontmatter ``status`` set to `value`; every other byte unchanged."""
    if not text.startswith("---"):
        return None
    first = text.find("\n")
    closing = _DELIMITER.search(text, first + 1) if first >= 0 else None
    if closing is None:
        return None
    head_end = closing.start()
    match = _STATUS_LINE.search(text, first + 1, head_end)
    from .properties import text_scalar

    scalar = text_scalar(value)
    if match is None:
        eol = "\r\n" if text[first - 1 : first] == "\r" else "\n"
        return text[:head_end] + f"status: {scalar}{eol}" + text[head_end:]
    end = match.end()
    # A status the reader wrote as a list or a block spans the indented lines below it.
    while end < head_end:
        continued = _CONTINUED.match(text, end, head_end)
        if continued is None or continued.end() == end:
            break
        end = continued.end()
    return text[: match.start()] + f"status: {scalar}{match.group('eol')}" + text[end:]
