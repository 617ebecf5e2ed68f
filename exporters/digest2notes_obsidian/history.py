"""What the digests have said about an entry, over every export: history that accumulates.

An entry seen in several digests keeps every digest's date, references and paragraph,
whichever files a run is given: exporting day by day, or a day after the whole folder,
must give the note the same history as exporting the folder. So the export state keeps,
per entry, a `Known`: every appearance so far (one per digest date), every digest date
and reference, and the fields of the newest digest (its headline, verdict, minutes and
focus points: digests get corrected, and an older digest exported late must not undo
a newer one). `absorb` folds a run's entry into it; a run never removes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from digest2notes import Entry, Verdict


@dataclass(frozen=True)
class Said:
    """An appearance as the export state keeps it: the date (or None), text, references."""

    date: str | None
    text: str
    references: tuple[str, ...]

    @property
    def key(self) -> str:
        """One appearance per digest date (undated digests share one, the latest read)."""
        return self.date or ""


@dataclass(frozen=True)
class Known:
    """An entry as every digest exported so far told it (see the module docstring)."""

    id: str
    repo: str
    title: str
    verdict: Verdict
    verdict_text: str | None
    minutes: int | None
    focus_points: tuple[str, ...]
    #: (date, source path) of the appearance the fields above come from: a later run
    #: replaces them only with an entry at least as new.
    newest: tuple[str, str]
    dates: tuple[str, ...]  # oldest first
    references: tuple[str, ...]  # first seen first
    history: tuple[Said, ...]  # newest first

    def to_json(self) -> dict[str, Any]:
        """Field by field, as `from_json` reads it (tuples as lists)."""
        return {
            "id": self.id,
            "repo": self.repo,
            "title": self.title,
            "verdict": self.verdict,
            "verdict_text": self.verdict_text,
            "minutes": self.minutes,
            "focus_points": list(self.focus_points),
            "newest": list(self.newest),
            "dates": list(self.dates),
            "references": list(self.references),
            "history": [
                {"date": s.date, "text": s.text, "references": list(s.references)}
                for s in self.history
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Known:
        lists = {k: tuple(v) for k, v in data.items() if isinstance(v, list)}
        return cls(**{
            **data,
            **lists,
            "verdict": Verdict(data["verdict"]),
            "history": tuple(
                Said(s["date"], s["text"], tuple(s["references"])) for s in data["history"]
            ),
        })


#: The entry's fields a `Known` takes as they are.
_AS_READ = ("id", "repo", "title", "verdict", "verdict_text")


def absorb(known: Known | None, entry: Entry) -> Known:
    """`known` with what `entry` (from this run's digests) adds to it."""
    said = [Said(a.source.date, a.text, tuple(a.references)) for a in entry.appearances]
    newest = max(((s.date or "", s.path) for s in entry.sources), default=("", ""))
    fresh = Known(
        **{name: getattr(entry, name) for name in _AS_READ},
        minutes=entry.minutes if type(entry.minutes) is int else None,
        focus_points=tuple(entry.focus_points),
        newest=newest,
        dates=tuple(sorted({s.date for s in entry.sources if s.date})),
        references=_written(entry),
        history=_newest_first({s.key: s for s in said}),
    )
    if known is None:
        return fresh
    base = fresh if newest >= known.newest else known
    # The same digest date read again is that digest as it is now (perhaps corrected).
    history = {s.key: s for s in known.history} | {s.key: s for s in said}
    return replace(
        base,
        dates=tuple(sorted({*known.dates, *fresh.dates})),
        references=tuple(dict.fromkeys((*known.references, *fresh.references))),
        history=_newest_first(history),
    )


def _written(entry: Entry) -> tuple[str, ...]:
    """The references as the digests wrote them, oldest digest first, each once.

    Not `Entry.references`: that lists another repository's ``owner/repo#N`` as ``#N``
    (the answer keys' convention), which would link to the entry's own repository."""
    oldest_first = sorted(
        entry.appearances, key=lambda a: (a.source.date or "", a.source.path, a.source.line)
    )
    return tuple(dict.fromkeys(ref for a in oldest_first for ref in a.references))


def _newest_first(by_key: Mapping[str, Said]) -> tuple[Said, ...]:
    """Dated appearances newest first, then the undated one."""
    dated = sorted((s for s in by_key.values() if s.date), key=lambda s: s.date or "", reverse=True)
    return (*dated, *(s for s in by_key.values() if not s.date))


@dataclass(frozen=True)
class Row:
    """One entry on a digest's reading list: its note (None: the reader deleted it) and
    what the newest digest says of its reading."""

    id: str
    title: str
    target: str | None
    verdict: Verdict
    minutes: int


@dataclass(frozen=True)
class DayKnown:
    """What the export state keeps of a digest's note: the reading list it was last
    written with. A later run that changes an entry on it (a newer digest's verdict, a
    note the reader deleted) writes the list again from this, so every day an entry
    appeared in says the same of it whichever files each run was given."""

    repo: str
    date: str
    rows: tuple[Row, ...]

    @property
    def entries(self) -> int:
        return len(self.rows)

    @property
    def minutes(self) -> int:
        return sum(row.minutes for row in self.rows)

    def to_json(self) -> dict[str, Any]:
        rows = [[r.id, r.title, r.target, r.verdict.value, r.minutes] for r in self.rows]
        return {"repo": self.repo, "date": self.date, "rows": rows}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DayKnown:
        rows = tuple(
            Row(str(i), str(t), None if p is None else str(p), _VERDICTS[v], int(m))
            for i, t, p, v, m in data["rows"]
        )
        return cls(str(data["repo"]), str(data["date"]), rows)


_VERDICTS = {verdict.value: verdict for verdict in Verdict}
