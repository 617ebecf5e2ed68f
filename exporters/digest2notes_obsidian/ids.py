"""How a note says it is ours: a property naming what it is the note of.

An entry's note carries ``digest2notes_id`` (the entry id); a digest's note carries
``digest2notes_digest`` (``owner/repo YYYY-MM-DD``) instead, so that the reader's own
queries, the Study queue and ``digest2notes queue`` (which all select on
``digest2notes_id``) keep meaning entry notes. Inside the tool both are note ids, a
digest's prefixed with ``digest:``: an entry id never starts so, since its repository
part (before the first ``:``) always holds a ``/``.
"""

from __future__ import annotations

ENTRY_KEY = "digest2notes_id"
DIGEST_KEY = "digest2notes_digest"
DIGEST_PREFIX = "digest:"


def digest_note_id(value: str) -> str:
    """The note id of a digest note whose ``digest2notes_digest`` is `value`."""
    return DIGEST_PREFIX + value


def is_digest_id(note_id: str) -> bool:
    return note_id.startswith(DIGEST_PREFIX)


def digest_value(note_id: str) -> str:
    """``owner/repo YYYY-MM-DD`` of a digest note id."""
    return note_id[len(DIGEST_PREFIX) :]


def digest_date(note_id: str) -> str:
    """``YYYY-MM-DD`` of a digest note id (the last word of its value)."""
    return note_id.rsplit(" ", 1)[-1]
