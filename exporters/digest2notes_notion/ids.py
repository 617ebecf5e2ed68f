"""Notion object ids as readers paste them: dashed, undashed, or inside a Notion URL.

Readers copy a database's address from the browser (``https://www.notion.so/ws/
Study-0123...cdef?v=4567...``) or its id from "Copy link"; both must work, and the
``v=`` view id in the query string must never be mistaken for the database.
"""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlsplit

from digest2notes import ConfigError

_HEX32 = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{32}(?![0-9a-fA-F])")
_DASHED = re.compile(
    r"(?<![0-9a-fA-F])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"(?![0-9a-fA-F])"
)


def normalize_id(value: str, what: str = "database") -> str:
    """The dashed lowercase UUID in `value` (an id or a Notion URL); ConfigError if none.

    In a URL only the path is searched, and the last id in it wins: Notion puts the
    object's id at the end of the last path segment (``Title-<id>``), while the
    query string may carry a view id (``?v=``) that is not the object asked for.
    """
    text = value.strip()
    if not text:
        raise ConfigError(f"the Notion {what} id is empty")
    haystack = text
    if "://" in text or text.startswith(("www.", "notion.so/")):
        parts = urlsplit(text if "://" in text else f"https://{text}")
        # ``collection://<id>`` (a data source link) carries the id as its "host".
        haystack = parts.path if _find(parts.path) else parts.netloc
    found = _find(haystack)
    if not found:
        raise ConfigError(
            f"{value!r} is not a Notion {what} id or URL (expected 32 hex digits, "
            "dashed or not, or a notion.so link)"
        )
    # Prefer the match that ends last in the path: that is the object's own id.
    best = max(found, key=lambda m: haystack.rfind(m) + len(m))
    return str(uuid.UUID(best.replace("-", "")))


def _find(text: str) -> list[str]:
    found = [m.group(0) for m in _DASHED.finditer(text)]
    return found + [m.group(0) for m in _HEX32.finditer(text)]
