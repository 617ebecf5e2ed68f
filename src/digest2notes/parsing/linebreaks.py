"""Which line breaks inside a paragraph end a sentence.

Most digests wrap a paragraph's lines (by hand or by an editor) and a break there is a
space. Some writers put one remark on each line with no punctuation (chat, bullet
comments, "Q: … A: …"): there the break is where the thought ends, and a rating, an
estimate or a pointer must not run on into the next line.
"""

from __future__ import annotations

from unicodedata import east_asian_width

__all__ = ["chosen_breaks"]

_FILLED = 0.85  # a line longer than this share of the widest reaches the width
_NARROWEST = 60
_CONTINUES = ",，、:：;；(（-–—"  # a line ending in one of these goes on in the next


def chosen_breaks(text: str) -> set[int]:
    """The line breaks of `text` the writer chose, as ends of a thought: every break of a
    paragraph whose lines are not filled to a width (one remark per line: chat, bullet
    comments, "Q: … A: …"; lines narrower than any wrap), and in a hard-wrapped paragraph,
    a line that stops well short of the width when the next word would have fitted on it.
    A line ending in a comma, a colon or a dash goes on in the next."""
    breaks = [at for at, ch in enumerate(text) if ch == "\n"]
    starts = [0] + [at + 1 for at in breaks]
    lines = [text[a:b] for a, b in zip(starts, [*breaks, len(text)], strict=True)]
    widths = [_width(line.rstrip()) for line in lines]
    width = max(widths)
    # Short of the width: the next word would have fitted with room to spare (writers
    # and editors wrap a little before the width as often as at it).
    fits = [
        widths[k] + 1 + _width(_first_word(lines[k + 1])) <= width * _FILLED
        for k in range(len(breaks))
    ]
    # Nobody wraps at fewer than `_NARROWEST` columns: lines all shorter are remarks.
    wrapped = width >= _NARROWEST and fits.count(False) * 2 > len(breaks)
    return {
        at for k, at in enumerate(breaks)
        if (fits[k] or not wrapped) and lines[k].strip()
        and not lines[k].rstrip().endswith(tuple(_CONTINUES))
    }


def _first_word(line: str) -> str:
    line = line.lstrip()
    if not line or not line[0].isascii():
        return line[:1]
    return line.split(None, 1)[0]


def _width(text: str) -> int:
    """Columns on a terminal: a wide (CJK) character takes two."""
    if text.isascii():
        return len(text)
    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)
