"""Reading the reader's progress back out of the vault, and recording a new status.

``status`` is free text in Obsidian, so readers write "In progress", "read",
"Done"; they are normalised rather than rejected. Ticks are counted from the
generated part's checklist as it stands now (the ``focus_done`` property is only
as fresh as the last export).

Setting a status rewrites the ``status`` line of the frontmatter and nothing
else, byte for byte (line endings, BOM, the reader's formatting elsewhere),
because the note is the reader's document and Obsidian may have it open.
"""

from __future__ import annotations

import re
from pathlib import Path

from digest2notes import ExportError, StudyItem, StudyStatus, Verdict, atomic_write_text

from . import note, properties, vault

DONE_WORDS = ("done", "read", "finished")
READING_WORDS = ("reading", "in progress", "in-progress", "started")

_STATUS_LINE = re.compile(r"^status[ \t]*:[^\r\n]*(?P<eol>\r?\n|$)", re.MULTILINE)
_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_CONTINUED = re.compile(r"(?:[ \t]+[^\r\n]*|-[ \t][^\r\n]*|-)(?:\r?\n|$)")


def normalise_status(value: object) -> StudyStatus:
    """The reader's free-text status as one of ours; anything unknown counts as unread."""
    text = " ".join(str(value).casefold().split()) if isinstance(value, str) else ""
    if text in DONE_WORDS:
        return StudyStatus.DONE
    if text in READING_WORDS:
        return StudyStatus.READING
    return StudyStatus.UNREAD


def read_progress(location: vault.Location) -> list[StudyItem]:
    """Every note of ours in the vault as a `StudyItem` (the first, if the reader made copies)."""
    index = vault.scan(location)
    items: list[StudyItem] = []
    for note_id, found in index.by_id.items():
        item = _item(location, note_id, found[0])
        if item is not None:
            items.append(item)
    return items


def _item(location: vault.Location, note_id: str, found: vault.IndexedNote) -> StudyItem | None:
    text = found.text
    if text is None:
        try:
            text, _ = vault.read_note(found.path)
        except (OSError, UnicodeDecodeError):
            return None
    split = properties.split(text)
    if split is None:
        return None
    try:
        data = properties.load_yaml(split.yaml)
    except Exception:  # a note whose YAML the reader broke is skipped, not fatal
        return None
    if not isinstance(data, dict):
        return None
    block = note.find_block(split.body)
    items = block.items if block else tuple(note.items_in(split.body))
    done, total = note.count_points(items)
    return StudyItem(
        id=note_id,
        title=_text(data.get("title")) or found.path.stem,
        repo=_text(data.get("repo")) or note_id.rsplit(":", 1)[0],
        verdict=_verdict(data.get("verdict")),
        status=normalise_status(data.get("status")),
        focus_done=done,
        focus_total=total,
        minutes=data.get("minutes") if type(data.get("minutes")) is int else None,
        digest_date=_date(data.get("digest_date"), data.get("digest_dates")),
        location=found.relative,
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _verdict(value: object) -> Verdict:
    try:
        return Verdict(str(value).strip().lower())
    except ValueError:
        return Verdict.UNKNOWN


def _date(latest: object, dates: object) -> str | None:
    """The newest digest date as ISO text, whether YAML gave dates or strings."""
    candidates = [latest] + (list(dates) if isinstance(dates, list) else [])
    iso = [str(c)[:10] for c in candidates if c is not None and _ISO_DATE.match(str(c))]
    return max(iso) if iso else None


def set_status(location: vault.Location, item: StudyItem, status: StudyStatus) -> str:
    """Write `status` into the item's note; returns the note's vault-relative path."""
    path = _find(location, item)
    data = path.read_bytes()
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig" if bom else "utf-8")
    new_text = replace_status(text, status.value)
    if new_text is None:
        raise ExportError(f"{location.relative(path)}: no frontmatter to record the status in")
    if new_text != text:
        atomic_write_text(path, ("\ufeff" if bom else "") + new_text)
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
    scalar = properties.text_scalar(value)
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


def _find(location: vault.Location, item: StudyItem) -> Path:
    """The note now: where the item was read, unless the reader moved it since."""
    path = location.vault.joinpath(*item.location.split("/"))
    if vault.inside(location.vault, path):
        found = vault.note_at(location, path)
        if found is not None and found.note_id == item.id:
            return path
    index = vault.scan(location)
    notes = index.by_id.get(item.id)
    if not notes:
        raise ExportError(f"no note with digest2notes_id {item.id} in the vault any more")
    return notes[0].path
