"""Carrying out one note's planned work (`works.Work`): write it, or merge it again first
if the reader saved it since the plan, and say what the state learns."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from digest2notes import Action, Change, ExportError

from .state import Record, Update
from .works import Work
from .writer import Writer, stamp_of

if TYPE_CHECKING:
    from .merge import Merged


def apply_work(writer: Writer, work: Work) -> tuple[Change, Update | None]:
    """Carry out one entry's work: what happened, and what the state learns."""
    change = work.change
    if work.text is None or work.path is None or work.merged is None:
        return change, work.update
    merged, text = work.merged, work.text
    try:
        if change.action is Action.CREATE:
            try:
                stamp = writer.create(work.path, text.encode("utf-8"))
            except FileExistsError:
                detail = "a file of that name appeared during the export; run it again"
                return replace(change, action=Action.FAILED, detail=detail), None
        else:
            if stamp_of(os.lstat(work.path)) != work.stamp:  # saved since we planned
                again = _merge_again(work)
                if isinstance(again, Change):
                    return again, None
                merged = again
                if merged.text is None:
                    return replace(change, action=Action.UNCHANGED, detail=""), None
                text = merged.text
            stamp = writer.replace(work.path, text.encode("utf-8"))
    except (OSError, ExportError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        detail = f"cannot write {change.target}: {reason}"
        return replace(change, action=Action.FAILED, detail=detail), None
    record = Record(work.id, change.target, stamp, work.absorbed, merged.seen)
    return change, Update(record, work.known, merged.written)


def _merge_again(work: Work) -> Merged | Change:
    """The reader saved the note after we planned: merge again from what is there now."""
    from . import merge

    assert work.path is not None and work.draft is not None
    try:
        text = work.path.read_bytes().decode("utf-8")
        return merge.merge(text, work.draft, work.base)
    except (OSError, UnicodeDecodeError, merge.BrokenFrontmatter) as error:
        detail = getattr(error, "problem", None) or str(error)
        return replace(work.change, action=Action.FAILED, detail=f"cannot merge the note: {detail}")
