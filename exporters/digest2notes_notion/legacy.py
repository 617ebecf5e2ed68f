"""Taking over a database written before the sync state existed.

Those versions kept one ``Content hash`` per row: a sha256 of every property and
block they wrote. When it equals the hash those versions would compute for the
entry today, the row is as they left it for this very entry, so the base is known
without rewriting the row (an upgrade must not rewrite a year of unchanged rows):
it is what the tool would write for the entry. When it does not (the digest changed
since), there is no base, and the merge treats every difference as the reader's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from digest2notes import Entry

from . import schema
from .base import Base, fingerprints
from .blocks import rich_text, split_text
from .body import appearances, desired_body, verdict_todo_text
from .properties import desired, option


def content_hash(entry: Entry) -> str:
    """The ``Content hash`` the previous versions wrote for `entry` (their format 1)."""
    latest = entry.latest_date
    properties: dict[str, Any] = {
        schema.NAME: {"title": rich_text(entry.title)},
        schema.ENTRY_ID: {"rich_text": rich_text(entry.id)},
        schema.REPO: {"select": {"name": option(entry.repo)}},
        schema.VERDICT: {"select": {"name": schema.VERDICT_LABELS[entry.verdict]}},
        schema.MINUTES: {"number": entry.minutes},
        schema.FOCUS_POINTS: {"number": len(entry.focus_points)},
        schema.DIGEST_DATE: {"date": {"start": latest} if latest else None},
        schema.REFERENCES: {"rich_text": rich_text(", ".join(entry.references))},
        schema.TAGS: {"multi_select": [{"name": tag} for tag in entry.digest_dates]},
    }
    body = [["to_do", verdict_todo_text(entry)]]
    body += [["to_do", point] for point in entry.focus_points]
    text = entry.text.strip()
    if text:
        body += [["paragraph", piece] for piece in split_text(text)]
    canonical = {"v": 1, "properties": properties, "body": body}
    data = json.dumps(canonical, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def legacy_base(entry: Entry) -> Base:
    """The base of a row the previous versions wrote for exactly this entry."""
    references = tuple(entry.references)
    values = desired(entry, references, entry.latest_date)
    body = desired_body(entry, appearances(entry), None, "", compact=False)
    return body.base(fingerprints(values), None, references)
