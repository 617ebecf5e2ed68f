"""A note per digest: the day's entries in the digest's order, as links to their notes.

Readers read a day's digest as a whole, so each digest (one repository, one date) gets
a note, ``<folder>/Days/owner repo YYYY-MM-DD.md``: a ``/`` cannot be in a file name,
and a space is the one separator neither an owner nor a repository name holds, so the
name stays readable (``vllm-project vllm 2026-11-28``) and says both apart. Its
properties give the repository, the date, the number of entries and the day's reading
time; its generated part is a reading list, one line per entry:
``> 1. [[headline]] · deep · 20 min``.

The links are wikilinks by file name alone, as Obsidian writes them by default, so a
note the reader moved to another folder still resolves without a rewrite, and a note
the reader renamed in Obsidian has its links renamed by Obsidian. A name that could
mean something in a link (a reader's rename) becomes a Markdown link to the
percent-encoded file name instead, shown as inert text; a note the reader deleted is
listed by its headline, without a link, so that clicking it cannot make an empty note.

The minutes are the ones the entry's note is written with (the digest's, else the
default ``[queue] minutes`` gives its verdict), and the verdict and minutes are the
newest digest's, on every day's list the entry is on (see `digestplanning`).

Entries from digests without a date in their file name (or read from standard input)
belong to no day and get no digest note.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from digest2notes import Entry

from . import filenames
from .ids import DIGEST_KEY, digest_note_id, digest_value
from .style import NoteStyle

# The note's text (`note`, `markdown`) loads with the first digest note to write
# (`draft`): a run that finds every day's list as it left it needs neither.
if TYPE_CHECKING:
    from .history import DayKnown
    from .note import Block, Draft, Kind

DAYS_FOLDER = "Days"
DAY_TAG = "digest2notes-day"
#: Part of every digest note's fingerprint: a new way of listing refreshes them all.
_FORMAT = "1"

KEYS: tuple[str, ...] = (DIGEST_KEY, "repo", "digest_date", "entries", "total_minutes", "tags")

# What a file name must not hold to be written ``[[name]]``: link syntax, and anything
# Obsidian's comments, Templater, Dataview or math would act on in the raw text.
_LINK_UNSAFE = re.compile(r"[\[\]|#^<>`$\\\x00-\x1f\x7f]|%%")
_NAME_PART_UNSAFE = re.compile(r"[^\w.-]+")


def _derive(
    note_id: str, wanted: Mapping[str, object], points: tuple[int, int]
) -> dict[str, object]:
    return {DIGEST_KEY: digest_value(note_id)}


@cache
def _kind() -> Kind:
    """What the merge must know of a digest note's properties."""
    from .note import Kind

    return Kind(KEYS, frozenset({DIGEST_KEY}), frozenset({"tags"}), _derive)


@dataclass(frozen=True)
class Day:
    """One digest, as this run read it: its repository, date and entries, in its order."""

    repo: str
    date: str
    entries: tuple[Entry, ...]
    id: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", day_id(self.repo, self.date))


def day_id(repo: str, date: str) -> str:
    """The note id of the digest of `repo` on `date`."""
    return digest_note_id(f"{repo} {date}")


def days_of(entries: Sequence[Entry]) -> list[Day]:
    """The digests the entries came from, by repository and date, each listing its entries
    in the order the digest gives them (by file, then line); oldest day first."""
    found: dict[tuple[str, str], list[tuple[tuple[str, int], Entry]]] = {}
    for entry in entries:
        firsts: dict[str, tuple[str, int]] = {}
        for source in entry.sources:  # the first place of each date (by file, then line)
            date, where = source.date, (source.path, source.line)
            if date and (date not in firsts or where < firsts[date]):
                firsts[date] = where
        for date, where in firsts.items():
            found.setdefault((entry.repo, date), []).append((where, entry))
    return [
        Day(repo, date, tuple(entry for _, entry in sorted(listed, key=lambda p: p[0])))
        for (repo, date), listed in sorted(found.items(), key=lambda item: item[0][::-1])
    ]


def stem(repo: str, date: str) -> str:
    """``vllm-project vllm 2026-11-28``: the note's file name, without ``.md``."""
    parts = [_NAME_PART_UNSAFE.sub("-", part).strip("-.") for part in repo.split("/", 1)]
    return filenames.sanitise(" ".join([*(p for p in parts if p), date]))


def fingerprint(day: Day, targets: Mapping[str, str | None], style: NoteStyle) -> str:
    """What the note's listing depends on as the run sees it: the entries (their
    fingerprints), where their notes are, and the style; equal prints make equal notes."""
    text = "\x1f".join(
        [_FORMAT, style.key, day.repo, day.date]
        + [f"{e.id}\x1e{e.fingerprint}\x1e{targets.get(e.id) or ''}" for e in day.entries]
    )
    return "d" + hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def draft(known: DayKnown) -> Draft:
    """The digest's note, with the reading list `known`."""
    from .note import Draft, repo_tag

    properties: dict[str, object] = {
        "repo": known.repo,
        "digest_date": _date(known.date),
        "entries": known.entries,
        "total_minutes": known.minutes,
        "tags": [DAY_TAG, repo_tag(known.repo)],
    }
    return Draft(day_id(known.repo, known.date), properties, (listing(known),), _kind())


def count(entries: int) -> str:
    return f"{entries} {'entry' if entries == 1 else 'entries'}"


def listing(known: DayKnown) -> Block:
    """The reading list: a callout whose title gives the count and the total time."""
    from . import markdown
    from .note import LISTING_HEADER, LISTING_KEY, Block

    lines = [f"{LISTING_HEADER} · {count(known.entries)} · {known.minutes} min"]
    for number, row in enumerate(known.rows, start=1):
        if row.target is None:
            shown = f"{markdown.inline(row.title)} (you deleted its note)"
        else:
            shown = link(row.target)
        lines.append(f"> {number}. {shown} · {row.verdict.value} · {row.minutes} min")
    return Block(LISTING_KEY, tuple(lines))


def link(target: str) -> str:
    """A link to the note at `target` (vault-relative) by its file name, safe to write in
    any note (see the module docstring)."""
    name = target.rsplit("/", 1)[-1]
    shown = name.removesuffix(filenames.NOTE_SUFFIX)
    if shown and not _LINK_UNSAFE.search(shown) and shown == shown.strip():
        return f"[[{shown}]]"
    from . import markdown

    label = markdown.inline(shown).replace("[", "\\[").replace("]", "\\]") or "note"
    return f"[{label}]({urllib.parse.quote(name)})"


def _date(text: str) -> dt.date | str:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return text
