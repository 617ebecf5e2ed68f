"""The day's digests in the reader's daily note (``[obsidian] daily_note = true``).

For each digest date of the run, the daily note of that date (found as Obsidian's
Daily notes plugin finds it: `dailynotes`) gets a part (`dailypart`) linking every
digest note of that day, whichever run exported each, with its count and reading
time. A daily note that does not exist yet is made from the reader's template, as
Obsidian would make it; one the reader deleted is not made again (``--restore all``
makes it). Settings that cannot be read cost the daily notes, never the export.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from digest2notes import Action, Change, ExportError, Restore

from . import dailynotes, dailypart, digestnotes
from .finder import Look
from .history import DayKnown
from .ids import digest_date
from .location import Location
from .state import Daily, Record, State
from .works import Work
from .writer import Stamp, Writer, stamp_of

DELETED = "deleted by you"


@dataclass(frozen=True)
class DailyWork:
    """One daily note's planned change: the part's lines, and the note's text to write."""

    change: Change
    path: Path
    lines: tuple[str, ...]
    text: str | None = None  # None: nothing to write
    stamp: Stamp | None = None  # the note's stamp when planned (None: a new note)
    wrote_before: bool = False
    record: Daily | None = None  # what the state learns, if nothing is written


def plan(
    location: Location,
    known_state: State,
    look: Look,
    day_works: Sequence[Work],
    recorded: Mapping[str, tuple[Record, DayKnown | None]],
    neighbours: set[str],
    restore: Restore,
    now: dt.datetime | None = None,
) -> tuple[list[DailyWork], list[str]]:
    """A `DailyWork` per digest date of the run, and the warnings for the reader."""
    try:
        settings = dailynotes.read_settings(location.vault)
    except ExportError as error:
        return [], [f"{error}; daily notes left as they are"]
    by_date = _digests_by_date(look, day_works, recorded, neighbours)
    paths: dict[str, str] = {}
    warnings: list[str] = []
    for date in sorted(by_date):
        try:
            paths[date] = dailynotes.note_path(settings, dt.date.fromisoformat(date)).as_posix()
        except (ExportError, ValueError) as error:
            return [], [f"{error}; daily notes left as they are"]
    records = known_state.daily_of(paths.values())
    planned = []
    for date, relative in paths.items():
        lines = tuple(_line(t, k) for _, (t, k) in sorted(by_date[date].items()))
        work, problem = _plan_one(
            location, settings, date, relative, lines, records.get(relative), restore, now
        )
        planned.append(work)
        if problem:
            warnings.append(problem)
    return planned, warnings


def apply(writer: Writer, work: DailyWork) -> tuple[Change, Daily | None]:
    """Write one daily note (merging again if the reader saved it since the plan)."""
    change, relative = work.change, work.change.target
    part = dailypart.seal(work.lines)
    if work.text is None:
        return change, work.record
    try:
        if work.stamp is None:
            stamp = writer.create(work.path, work.text.encode("utf-8"))
        else:
            text = work.text
            if stamp_of(os.lstat(work.path)) != work.stamp:  # saved since we planned
                again = dailypart.merge(
                    work.path.read_bytes().decode("utf-8"), work.lines,
                    wrote_before=work.wrote_before,
                )
                if again.text is None:
                    status = stamp_of(os.lstat(work.path))
                    action = Action.SKIPPED if again.detail else Action.UNCHANGED
                    kept = replace(change, action=action, detail=again.detail)
                    return kept, Daily(relative, status, part)
                text = again.text
            stamp = writer.replace(work.path, text.encode("utf-8"))
    except FileExistsError:
        detail = "a file of that name appeared during the export; run it again"
        return replace(change, action=Action.FAILED, detail=detail), None
    except (OSError, UnicodeDecodeError, ExportError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return replace(change, action=Action.FAILED, detail=f"cannot write: {reason}"), None
    return change, Daily(relative, stamp, part)


def _digests_by_date(
    look: Look,
    day_works: Sequence[Work],
    recorded: Mapping[str, tuple[Record, DayKnown | None]],
    neighbours: set[str],
) -> dict[str, dict[str, tuple[str, DayKnown | None]]]:
    """date → digest note id → (its note's path, its day), for the dates of the digest
    notes this run plans (its own, and other days' whose lists it writes again): every
    digest note of the day that is not deleted, this run's and those earlier runs made."""
    found: dict[str, dict[str, tuple[str, DayKnown | None]]] = {}
    exported = set()
    dates = {digest_date(work.id) for work in day_works}
    for work in day_works:
        exported.add(work.id)
        if work.change.action is Action.SKIPPED or not work.change.target:
            continue
        known = work.known if isinstance(work.known, DayKnown) else None
        if known is None and work.id in recorded:
            known = recorded[work.id][1]
        found.setdefault(digest_date(work.id), {})[work.id] = (work.change.target, known)
    for note_id in sorted(neighbours - exported):
        if note_id not in recorded or digest_date(note_id) not in dates:
            continue
        record, known = recorded[note_id]
        files = look.notes.get(note_id)
        target = files[0].relative if files else None if note_id in look.gone else record.path
        if target:
            found.setdefault(digest_date(note_id), {})[note_id] = (target, known)
    return found


def _plan_one(
    location: Location,
    settings: dailynotes.DailyNotesSettings,
    date: str,
    relative: str,
    lines: tuple[str, ...],
    record: Daily | None,
    restore: Restore,
    now: dt.datetime | None,
) -> tuple[DailyWork, str | None]:
    path = location.path(relative)
    change = Change("", f"daily note {date}", Action.UNCHANGED, relative)
    work = DailyWork(change, path, lines, wrote_before=record is not None)
    part = dailypart.seal(lines)
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        if record is not None and not restore.everything:
            skipped = replace(change, action=Action.SKIPPED, detail=DELETED)
            return replace(work, change=skipped), None
        try:
            day = dt.date.fromisoformat(date)
            now = now or dt.datetime.now()
            template = dailynotes.template_text(location.vault, settings, day, now)
        except ExportError as error:
            return _failed(work, str(error), relative)
        text = dailypart.new_note(template, lines)
        return replace(work, change=replace(change, action=Action.CREATE), text=text), None
    except OSError as error:
        return _failed(work, f"cannot read it: {error.strerror or error}", relative)
    if not stat.S_ISREG(status.st_mode):
        return _failed(work, "not a regular file (a link?)", relative)
    stamp = stamp_of(status)
    if record is not None and record.stamp == stamp and record.part == part:
        return work, None
    try:
        merged = dailypart.merge(
            path.read_bytes().decode("utf-8"), lines, wrote_before=record is not None
        )
    except (OSError, UnicodeDecodeError) as error:
        return _failed(work, f"cannot read it: {getattr(error, 'strerror', None) or error}",
                       relative)
    if merged.text is None:
        action = Action.SKIPPED if merged.detail else Action.UNCHANGED
        kept = replace(change, action=action, detail=merged.detail)
        return replace(work, change=kept, record=Daily(relative, stamp, part)), None
    updated = replace(change, action=Action.UPDATE)
    return replace(work, change=updated, text=merged.text, stamp=stamp), None


def _failed(work: DailyWork, detail: str, relative: str) -> tuple[DailyWork, str]:
    failed = replace(work.change, action=Action.FAILED, detail=detail)
    return replace(work, change=failed), f"{relative}: {detail}; daily note left as it is"


def _line(target: str, known: DayKnown | None) -> str:
    link = f"- {digestnotes.link(target)}"
    if known is None:
        return link
    return f"{link} · {digestnotes.count(known.entries)} · {known.minutes} min"
