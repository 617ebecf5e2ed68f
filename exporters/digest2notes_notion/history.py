"""An entry's history: one appearance per digest it was in, newest first.

A row keeps every appearance any run recorded (its date, references and paragraph),
whatever files a later run is given: the sync state (`base`) lists the recorded
ones, so a run that sees fewer digests adds nothing and removes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from digest2notes import Entry


@dataclass(frozen=True)
class Appearance:
    """What one digest said of an entry. `key` tells digests apart: the date, else the file."""

    key: str
    date: str | None
    text: str
    references: tuple[str, ...]


def appearances(entry: Entry) -> tuple[Appearance, ...]:
    """The entry's appearances, newest first: one per digest it was read from."""
    return tuple(
        Appearance(
            key=said.source.date or said.source.path or entry.id,
            date=said.source.date,
            text=said.text.strip(),
            references=tuple(said.references),
        )
        for said in entry.appearances
    )


def newest_first(keys: list[str]) -> list[str]:
    """Dates descending; keys that are not dates (file names) after them, by name."""
    dated = sorted((k for k in keys if _is_date(k)), reverse=True)
    return dated + sorted(k for k in keys if not _is_date(k))


def _is_date(key: str) -> bool:
    return len(key) == 10 and key[4] == "-" and key[7] == "-" and key[:4].isdigit()
