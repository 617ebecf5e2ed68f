"""Entry ids: the key every exporter matches on, so they must never drift.

An id depends only on the repository and the headline (NFC-normalised, outer
whitespace trimmed), never on the file, its line endings or the order files were
read, so the same pull request gets the same note or row from any digest on any
machine.
"""

from __future__ import annotations

import hashlib
import unicodedata

ID_HASH_LENGTH = 12


def entry_id(repo: str, title: str) -> str:
    """``owner/repo:3f2a9c1b7d20``: readable prefix, 48 bits of hash to tell entries apart."""
    repo = _normal(repo)
    key = f"{repo.lower()}\n{_normal(title)}"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:ID_HASH_LENGTH]
    return f"{repo}:{digest}"


def _normal(text: str) -> str:
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text.strip()
