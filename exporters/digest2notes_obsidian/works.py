"""One note's planned work, whatever kind of note it is (an entry's, a digest's).

Planning a note comes down to the same few fates for every kind: a new note (a merge
into an empty note), a note as the last export left it that needs nothing (not even
read), a note read and merged three ways, or a note that cannot be read, which is left
alone and reported. The kinds differ only in how they are drafted and in what the state
keeps of them; that stays with their planners (`planning`, `digestplanning`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from digest2notes import Action, Change

from .finder import NoteFile
from .location import Location
from .state import Record, Update
from .writer import Stamp

# What a note says, and the merge, load with the first note to write: most runs write none.
if TYPE_CHECKING:
    from .history import DayKnown, Known
    from .kept import Written
    from .merge import Merged
    from .note import Draft


@dataclass(frozen=True)
class Writing:
    """What writing a note takes, and what the state learns once it is written."""

    path: Path
    text: str  # the note's new text
    stamp: Stamp | None  # the file's stamp when planned (None: a new note)
    draft: Draft  # what the tool writes in it now (to merge again)
    known: Known | DayKnown  # what the state keeps of what the digests said
    base: Written | None  # the base it was merged against (to merge again)
    merged: Merged
    absorbed: frozenset[str]  # says the note holds once written (see state)


@dataclass(frozen=True)
class Work:
    """One note's planned change: to write it (`writing`), or not (most notes of most runs,
    which then need no more than this)."""

    id: str
    change: Change
    update: Update | None = None  # what the state learns, if nothing is written
    writing: Writing | None = None

    @property
    def known(self) -> Known | DayKnown | None:
        """What the state keeps of what the digests said, if it learns it in this run."""
        if self.writing is not None:
            return self.writing.known
        return self.update.known if self.update is not None else None


def create(
    location: Location,
    relative: str,
    change: Change,
    draft: Draft,
    known: Known | DayKnown,
    absorbed: frozenset[str],
) -> Work:
    """A new note at `relative` (`change` says so)."""
    from . import merge

    merged = merge.new_note(draft)
    assert merged.text is not None  # a merge into an empty note always writes
    writing = Writing(location.path(relative), merged.text, None, draft, known, None, merged,
                      absorbed)
    return Work(draft.id, change, writing=writing)


def merge_found(
    location: Location,
    change: Change,
    found: NoteFile,
    draft: Draft,
    known: Known | DayKnown,
    base: Written | None,
    absorbed: Callable[[Merged], frozenset[str]],
) -> tuple[Work, str | None]:
    """The note at `found` read and merged with `draft`; a warning for the reader when
    its properties cannot be read (then it is left as it is, and reported failed)."""
    from . import merge

    path = location.path(found.relative)
    try:
        text = path.read_bytes().decode("utf-8")
        merged = merge.merge(text, draft, base)
    except (OSError, UnicodeDecodeError) as error:
        detail = f"cannot read {found.relative}: {getattr(error, 'strerror', None) or error}"
        return Work(draft.id, _as(change, Action.FAILED, detail)), None
    except merge.BrokenFrontmatter as error:
        line = f":{error.line}" if error.line else ""
        detail = f"{error.problem}; fix it in Obsidian and export again"
        failed = _as(change, Action.FAILED, detail)
        return Work(draft.id, failed), f"{found.relative}{line}: {detail} (left as it is)"
    says = absorbed(merged)
    if merged.text is None:
        kept = Record(draft.id, found.relative, found.stamp, says, merged.seen)
        unchanged = _as(change, Action.UNCHANGED, "")
        return Work(draft.id, unchanged, update=Update(kept, known, merged.written)), None
    updated = _as(change, Action.UPDATE, "; ".join(merged.changes))
    writing = Writing(path, merged.text, found.stamp, draft, known, base, merged, says)
    return Work(draft.id, updated, writing=writing), None


def moved(record: Record, found: NoteFile) -> Update:
    """What the state learns of a note found elsewhere than recorded (and nothing else)."""
    return Update(Record(record.id, found.relative, found.stamp, record.absorbed, record.seen))


def _as(change: Change, action: Action, detail: str) -> Change:
    return Change(change.entry_id, change.title, action, change.target, detail)
