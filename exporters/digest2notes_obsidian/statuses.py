"""What a note's free-text ``status`` means: the words for done and for reading.

Shared by `progress` (which reads statuses back) and `views` (whose queue leaves out
the done ones), apart from both so that an export, which writes the views on every
run, does not load the progress reader.
"""

from __future__ import annotations

from digest2notes import StudyStatus

DONE_WORDS = ("done", "read", "finished")
READING_WORDS = ("reading", "in progress", "in-progress", "started")


def normalise_status(value: object) -> StudyStatus:
    """The reader's free-text status as one of ours; anything unknown counts as unread."""
    text = " ".join(value.casefold().split()) if isinstance(value, str) else ""
    if text in DONE_WORDS:
        return StudyStatus.DONE
    if text in READING_WORDS:
        return StudyStatus.READING
    return StudyStatus.UNREAD
