"""What the queue last read of each row's ticks, so the next queue reads only what changed.

One JSON file per data source under the user's cache directory (platformdirs). The
cache only saves time: a row is taken from it only when the row's
``last_edited_time`` is what the cache saw *and* older than the minute before that
row was read (Notion rounds that time to the minute, so an edit in the same minute
as a read may not show as newer). Each row carries its own read time, so a read
cut short keeps what it got and the next one goes on from there. A missing,
unreadable or stale cache costs a full read, never a wrong answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from digest2notes import atomic_write_text

_VERSION = 2


def cache_path(data_source_id: str) -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("digest2notes")) / "notion" / f"{data_source_id}.json"


@dataclass(frozen=True)
class Ticks:
    """A row's focus-point progress, as of its ``last_edited_time``, and when it was read."""

    edited: str
    done: int
    total: int
    #: Notion's time (ISO 8601) when the read that listed this row began.
    seen: str


@dataclass
class ProgressCache:
    owner: str | None = None
    rows: dict[str, Ticks] = field(default_factory=dict)

    def fresh(self, page_id: str, edited: str) -> Ticks | None:
        """The cached ticks of a row, if nothing can have changed since they were read."""
        ticks = self.rows.get(page_id)
        if ticks is None or ticks.edited != edited:
            return None
        seen, when = _parse(ticks.seen), _parse(edited)
        if seen is None or when is None:
            return None
        settled = seen.replace(second=0, microsecond=0) - timedelta(minutes=1)
        return ticks if when < settled else None

    @classmethod
    def load(cls, path: Path) -> ProgressCache:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("v") != _VERSION:
                return cls()
            rows = {
                str(k): Ticks(str(v[0]), int(v[1]), int(v[2]), str(v[3]))
                for k, v in data["rows"].items()
            }
            owner = data.get("owner")
            return cls(str(owner) if owner else None, rows)
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
            return cls()

    def save(self, path: Path) -> None:
        data = {
            "v": _VERSION,
            "owner": self.owner,
            "rows": {k: [t.edited, t.done, t.total, t.seen] for k, t in self.rows.items()},
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, json.dumps(data, separators=(",", ":")))
        except OSError:
            pass  # a cache that cannot be written only costs the next read its time


def _parse(value: str) -> datetime | None:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def iso(moment: datetime | None) -> str:
    return moment.astimezone(timezone.utc).isoformat() if moment is not None else ""
