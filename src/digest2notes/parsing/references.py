"""References: the pull requests and issues a paragraph points to ("#49013").

Only the paragraph counts (a "#N" in the headline is the entry itself), and only what
is written with a "#": a link (".../pull/123") is already a link in the text, and
"GH-123", "PR 123" name no reference either. A number in another repository keeps its
owner here ("pytorch/pytorch#102483"), so an appearance links it to the right
repository; the entry lists it as "#N", as the answer keys do (`reader`). Code spans
never count, nor do "&#123;" entities, "abc#1" fragments or colours ("#ff0000").
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["find_references"]

_REPO_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/")
_NOT_BEFORE_HASH = _REPO_CHARS | {"&", "#"}


# Each compiled on first use: most references are a bare "#N".
@cache
def _number() -> re.Pattern[str]:
    return re.compile(r"#(\d{1,9})(?![A-Za-z0-9_])")


@cache
def _repo() -> re.Pattern[str]:
    return re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*/[A-Za-z0-9_.\-]+")


def find_references(masked: str) -> tuple[str, ...]:
    """The references in `masked` (the paragraph with code spans masked), deduplicated and
    sorted as strings ("#10182" before "#9818"), so the same set reads the same anywhere."""
    if "#" not in masked:
        return ()
    found: set[str] = set()
    for match in _number().finditer(masked):
        at = match.start()
        if at == 0 or masked[at - 1] not in _NOT_BEFORE_HASH:
            found.add(match.group())
        elif masked.startswith(("PR", "pr"), at - 2) and (at == 2 or not masked[at - 3].isalnum()):
            found.add(match.group())  # "PR#123"
        else:
            start = at
            floor = max(0, at - 100)
            while start > floor and masked[start - 1] in _REPO_CHARS:
                start -= 1
            if (not start or masked[start - 1] not in _NOT_BEFORE_HASH) and _repo().fullmatch(
                masked, start, at
            ):
                found.add(f"{masked[start:at]}#{match.group(1)}")
    return tuple(sorted(found))
