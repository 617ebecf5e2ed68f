"""A digest's date, and where it came from: its content, its file name, --date, or its mtime.

Every entry gets a date, because the study queue and the notes' history order by it:

1. ``content``: a date in the digest's header, the lines before its first entry
   ("# owner/repo — 2026-11-28", a line "2026年11月28日" or "Date: Nov 28, 2026");
   dates inside entries ("0.4.29 shipped on June 10") say nothing about the digest;
2. ``filename``: ``vllm-2026-11-28.txt``, ``20261128.md``;
3. ``option``: ``--date YYYY-MM-DD`` (for standard input, ``today.md`` and the like);
4. ``mtime``: the day the file was last modified, in local time; standard input has
   none, so it is the day it was read (text piped in now was written about now).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime as dt

__all__ = ["DigestDate", "choose_date", "date_in_name", "find_date", "parse_iso"]

CONTENT, FILENAME, OPTION, MTIME = "content", "filename", "option", "mtime"

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
            ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
            ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}


@dataclass(frozen=True, slots=True)
class DigestDate:
    date: str  # ISO YYYY-MM-DD
    source: str  # CONTENT, FILENAME, OPTION or MTIME


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    months = "|".join(sorted(_MONTHS, key=len, reverse=True))
    content = re.compile(
        r"(?<!\d)(?P<y>20\d{2})\s*(?:[-/.]\s*|年\s*)(?P<m>\d{1,2})\s*(?:[-/.]\s*|月\s*)"
        r"(?P<d>\d{1,2})(?:\s*日)?(?!\d)"
        rf"|(?<![a-z])(?P<mn>{months})\.?\s+(?P<md>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<my>20\d{{2}})"
        rf"|(?<!\d)(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<dm>{months})\.?,?\s+(?P<dy>20\d{{2}})",
        re.IGNORECASE,
    )
    name = re.compile(r"(?<!\d)(20\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?!\d)")
    return content, name


_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _iso(year: int, month: int, day: int) -> str | None:
    """The date as ISO, or None if there is no such day. (Without `datetime`, which only
    the rarer --date and modification-day paths import.)"""
    if not (1 <= year <= 9999 and 1 <= month <= 12):
        return None
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= day <= _DAYS_IN_MONTH[month - 1] + (month == 2 and leap):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def find_date(text: str) -> str | None:
    """The first valid calendar date written in `text`, as ISO, or None."""
    for match in _patterns()[0].finditer(text):
        if match.group("y"):
            iso = _iso(int(match.group("y")), int(match.group("m")), int(match.group("d")))
        elif match.group("mn"):
            month = _MONTHS[match.group("mn").lower()]
            iso = _iso(int(match.group("my")), month, int(match.group("md")))
        else:
            month = _MONTHS[match.group("dm").lower()]
            iso = _iso(int(match.group("dy")), month, int(match.group("dd")))
        if iso:
            return iso
    return None


def is_date_line(line: str) -> bool:
    """A line that only gives a date ("2026-11-28", "Date: 2026-11-28 (Fri)", "_2026年11月28日_"):
    a header line, never a headline."""
    iso_match = _patterns()[0].search(line)
    if iso_match is None or find_date(line) is None:
        return False
    rest = line[: iso_match.start()] + line[iso_match.end() :]
    return not _header_words().sub("", rest.lower()).strip(" \t*_>#()（）[]—–-:：,，.|·")


@cache
def _header_words() -> re.Pattern[str]:
    """What a date line may say besides the date ("Digest for", "Date:", "(Fri)", "日报")."""
    return re.compile(
        r"(?<![a-z])(?:date|digest|daily|weekly|edition|issue|for|of|on|the|week|day|"
        r"mon|tue|wed|thu|fri|sat|sun)[a-z]*|日期|日报|周报|简报|第\s*\d+\s*期|"
        r"周[一二三四五六日天]|星期.|[\s,，]"
    )


def date_in_name(path: str) -> str | None:
    """The ISO date in a digest's file name (``vllm-2026-11-28.txt``, ``20261128.md``)."""
    match = _patterns()[1].search(os.path.basename(path))
    if not match:
        return None
    return _iso(int(match.group(1)), int(match.group(2)), int(match.group(3)))


def parse_iso(value: str) -> str:
    """`value` as an ISO date (``--date``), or ValueError."""
    import datetime as dt

    return dt.date.fromisoformat(value.strip()).isoformat()


def choose_date(
    content: str | None, path: str | None, option: str | None, *, today: dt.date | None = None
) -> DigestDate:
    """The digest's date by the order in the module docs; `path` is None for stdin."""
    if content:
        return DigestDate(content, CONTENT)
    named = date_in_name(path) if path is not None else None
    if named:
        return DigestDate(named, FILENAME)
    if option:
        return DigestDate(option, OPTION)
    import datetime as dt  # only for a digest that gives no date of its own

    if path is not None:
        try:
            stamp = os.stat(path).st_mtime
            return DigestDate(dt.date.fromtimestamp(stamp).isoformat(), MTIME)
        except (OSError, OverflowError, ValueError):
            pass
    return DigestDate((today or dt.date.today()).isoformat(), MTIME)
