"""Carrying out one note's planned work (`works.Work`): write it, or merge it again first
if the reader saved it since the plan, and say what the state learns."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from digest2notes import Action, Change, ExportError

from .state import Record, Update
from .works import Work, Writing
from .writer import Writer, stamp_of

if TYPE_CHECKING:
    from .merge import Merged


def apply_work(writer: Writer, work: Work) -> tuple[Change, Update | None]:
    """Carry out one entry's work: what happened, and what the state learns."""
    change, writing = work.change, work.writing
    if writing is None:
        return change, work.update
    merged, text = writing.merged, writing.text
    try:
        if change.action is Action.CREATE:
            try:
                stamp = writer.create(writing.path, text.encode("utf-8"))
            except FileExistsError:
                detail = "a file of that name appeared during the export; run it again"
                return replace(change, action=Action.FAILED, detail=detail), None
        else:
            if stamp_of(os.lstat(writing.path)) != writing.stamp:  # saved since we planned
                again = _merge_again(change, writing)
                if isinstance(again, Change):
                    return again, None
                merged = again
                if merged.text is None:
                    return replace(change, action=Action.UNCHANGED, detail=""), None
                text = merged.text
            stamp = writer.replace(writing.path, text.encode("utf-8"))
    except (OSError, ExportError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        detail = f"cannot write {change.target}: {reason}"
        return replace(change, action=Action.FAILED, detail=detail), None
    record = Record(work.id, change.target, stamp, writing.absorbed, merged.seen)
    return change, Update(record, writing.known, merged.written)


def _merge_again(change: Change, writing: Writing) -> Merged | Change:
    """The reader saved the note after we planned: merge again from what is there now."""
    from . import merge

    try:
        text = writing.path.read_bytes().decode("utf-8")
        return merge.merge(text, writing.draft, writing.base)
    except (OSError, UnicodeDecodeError, merge.BrokenFrontmatter) as error:
        detail = getattr(error, "problem", None) or str(error)
        return replace(change, action=Action.FAILED, detail=f"cannot merge the note: {detail}")
