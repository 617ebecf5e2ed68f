"""Entries built from hypothesis-drawn parts, shared by the property tests."""

from __future__ import annotations

from collections.abc import Iterable

from digest2notes import Entry, Source, Verdict


def generated_entry(
    repo: str,
    title: str,
    text: str,
    verdict: Verdict,
    verdict_text: str | None,
    minutes: object,
    points: Iterable[str],
    refs: Iterable[str],
    dates: Iterable[str | None],
    entry_id: str | None = None,
) -> Entry:
    """An `Entry` as the reader would make it from these parts: one source per digest
    date, and an id from the repo and a hash of the text unless `entry_id` is given.
    `minutes` is left untyped on purpose: tests feed odd types to reach generic paths."""
    return Entry(
        id=entry_id if entry_id is not None else f"{repo}:{abs(hash((title, text))) % 10**12:012x}",
        repo=repo,
        title=title,
        text=text,
        verdict=verdict,
        verdict_text=verdict_text,
        minutes=minutes,  # type: ignore[arg-type]
        focus_points=tuple(points),
        references=tuple(refs),
        sources=tuple(Source(f"d{i}.txt", i + 1, date) for i, date in enumerate(dates)),
    )
