"""The data every part of digest2notes shares: one digest entry and its verdict.

`Entry` is frozen so that an entry read once can be handed to any exporter
without fear that one of them changes what the next one sees.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hashlib


class Verdict(str, enum.Enum):
    """How the digest tells the reader to treat an entry."""

    DEEP = "deep"
    SKIM = "skim"
    SKIP = "skip"
    UNKNOWN = "unknown"

    @property
    def rank(self) -> int:
        """The reading order, shared by the queue and the exporters' views: lower reads first.

        Deep, skim, unknown, then skip: an entry nobody rated may still be worth
        reading; one the digest says to skip is not.
        """
        return _RANKS[self]

    @property
    def default_minutes(self) -> int:
        """Minutes assumed when the digest gives no reading time (the config may change it)."""
        return _DEFAULT_MINUTES[self]

    @property
    def action(self) -> str:
        """The verdict phrased as what the reader should do."""
        return _ACTIONS[self]

    def reading_action(self, minutes: int | None) -> str:
        """ "Read closely", "Skim (~5 min)", ...: `action` with the reading time, if known."""
        action = _ACTIONS[self]
        return action if minutes is None else f"{action} (~{minutes} min)"


_RANKS = {Verdict.DEEP: 1, Verdict.SKIM: 2, Verdict.UNKNOWN: 3, Verdict.SKIP: 4}
_DEFAULT_MINUTES = {Verdict.DEEP: 20, Verdict.SKIM: 5, Verdict.UNKNOWN: 10, Verdict.SKIP: 2}
_ACTIONS = {
    Verdict.DEEP: "Read closely",
    Verdict.SKIM: "Skim",
    Verdict.SKIP: "Skip",
    Verdict.UNKNOWN: "Decide whether to read",
}


@dataclass(frozen=True, order=True, slots=True)
class Source:
    """Where an entry was read from: the file and the 1-based line of its headline.

    `date` is the digest's date (ISO ``YYYY-MM-DD``); it orders the study queue
    ("newest first") and an entry's history. `date_from` says where it came from:
    ``"content"`` (a date in the digest's own header), ``"filename"``, ``"option"``
    (``--date``) or ``"mtime"`` (the file's modification day; for standard input, the
    day it was read). Neither takes part in comparisons: a source is a place.
    """

    path: str
    line: int
    date: str | None = field(default=None, compare=False)
    date_from: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Appearance:
    """One digest's say about an entry: what the exporters keep as the entry's history."""

    source: Source
    text: str  # that digest's paragraph
    references: tuple[str, ...]  # the references in that paragraph


@dataclass(frozen=True, slots=True)
class Entry:
    """One pull request summarised by a digest, with what the reader should study."""

    id: str
    repo: str
    title: str
    text: str
    verdict: Verdict
    verdict_text: str | None
    minutes: int | None
    focus_points: tuple[str, ...]
    references: tuple[str, ...]
    sources: tuple[Source, ...] = field(default=())
    #: Every digest's paragraph about this entry, newest first by (date, path, line),
    #: one per source. `text`, the verdict, minutes and focus points are the newest
    #: one's reading; `references` is the sorted union of all of theirs. An entry made
    #: without any (by a plugin's tests, say) has one: its text, from its newest source.
    appearances: tuple[Appearance, ...] = field(default=())
    #: A hash of what the digests say about this entry: every field, its digest dates and
    #: each appearance's date, text and references included, but not which files and
    #: lines it was read from. Entries with the same
    #: fingerprint make the same note or row, so an exporter tells whether an entry
    #: changed since its last export by comparing this alone. Worked out when the entry
    #: is made.
    fingerprint: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.appearances:
            newest = max(self.sources, key=_newest, default=Source("", 0))
            said = (Appearance(newest, self.text, self.references),)
            object.__setattr__(self, "appearances", said)
        object.__setattr__(self, "fingerprint", _fingerprint(self))

    @property
    def reading_action(self) -> str:
        """ "Read closely", "Skim (~5 min)", ...: the verdict as a to-do label."""
        return self.verdict.reading_action(self.minutes)

    @property
    def digest_dates(self) -> tuple[str, ...]:
        """The distinct dates of the digests this entry appeared in, oldest first."""
        sources = self.sources
        if len(sources) == 1:  # read from one digest, as most entries are: nothing to sort
            date = sources[0].date
            return (date,) if date else ()
        return tuple(sorted({s.date for s in sources if s.date}))

    @property
    def latest_date(self) -> str | None:
        """The newest digest date, or None when no file name carried a date."""
        dates = self.digest_dates
        return dates[-1] if dates else None

    def to_json(self) -> dict[str, object]:
        """The stable JSON shape of `digest2notes parse --json` (keys fixed by contract)."""
        return {
            "id": self.id,
            "repo": self.repo,
            "title": self.title,
            "verdict": self.verdict.value,
            "verdict_text": self.verdict_text,
            "minutes": self.minutes,
            "focus_points": list(self.focus_points),
            "references": list(self.references),
            "text": self.text,
            "sources": [
                {"path": s.path, "line": s.line, "date": s.date, "date_from": s.date_from}
                for s in self.sources
            ],
            "appearances": [
                {
                    "path": a.source.path,
                    "line": a.source.line,
                    "date": a.source.date,
                    "text": a.text,
                    "references": list(a.references),
                }
                for a in self.appearances
            ],
        }


def _newest(source: Source) -> tuple[str, str, int]:
    return (source.date or "", source.path, source.line)


@functools.cache
def _fingerprint_hash() -> hashlib.blake2b:
    """The hash every fingerprint copies; hashlib is loaded on the first entry made."""
    import hashlib

    return hashlib.blake2b(digest_size=8)


def _fingerprint(entry: Entry) -> str:
    """64 bits of BLAKE2b over the fields, each list's items joined by ``\\x1e``, the
    fields by ``\\x1f`` and each appearance after a ``\\x1d``: enough to notice a change,
    not a security measure."""
    text = (
        f"{entry.id}\x1f{entry.repo}\x1f{entry.title}\x1f{entry.verdict.value}\x1f"
        f"{entry.verdict_text}\x1f{entry.minutes}\x1f{_RS.join(entry.focus_points)}\x1f"
        f"{_RS.join(entry.references)}\x1f{_RS.join(entry.digest_dates)}\x1f{entry.text}"
    )
    for appearance in entry.appearances:  # history: when, what and which references
        # The newest paragraph is `entry.text`, hashed above: "\x1c" stands for it.
        said = "\x1c" if appearance.text == entry.text else appearance.text
        text += f"\x1d{appearance.source.date}\x1f{said}\x1f{_RS.join(appearance.references)}"
    digest = _fingerprint_hash().copy()
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


_RS = "\x1e"  # between a list's items (record separator)
