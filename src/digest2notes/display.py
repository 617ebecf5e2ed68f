"""Text for a terminal: columns that line up with CJK headlines, and nothing unprintable.

Headlines come from digests, so they may hold wide characters and control
characters; the queue's table and its messages measure the first and replace
the second.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from itertools import accumulate

# Unicode category Cc exactly: C0 controls, DEL and C1 controls (ESC among them).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


@functools.lru_cache(maxsize=4096)
def _char_width(ch: str) -> int:
    """Columns one character takes; cached, since a 10,000-row table asks a million times."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns `text` takes: CJK wide characters count double, marks nothing."""
    if text.isascii():
        return len(text)
    return sum(map(_char_width, text))


def fit(text: str, width: int) -> str:
    """`text` made exactly `width` columns: control characters shown as ``?``, trimmed
    with ``…`` when too long, padded with spaces when short, so columns line up even
    with CJK headlines."""
    if width <= 0:
        return ""
    clean = _CONTROL.sub("?", text)
    if clean.isascii():
        if len(clean) <= width:
            return clean.ljust(width)
        return clean[: width - 1] + "…"
    # The columns taken up to each character: the cut is where they pass width - 1.
    ends = list(accumulate(map(_char_width, clean)))
    if ends[-1] <= width:
        return clean + " " * (width - ends[-1])
    from bisect import bisect_right  # only to cut a wide headline: --help loads this module

    cut = bisect_right(ends, width - 1)
    used = ends[cut - 1] if cut else 0
    return clean[:cut] + "…" + " " * (width - 1 - used)
