"""An example digest2notes exporter: one JSON object per entry, one entry per line.

It shows the whole plugin contract in one module, using only the public API:
options the CLI offers, a `plan` that reads but never writes, an `apply` that
writes once (atomically) and reports every entry, and the two `ProgressSource`
methods that let ``digest2notes queue`` read the reader's status back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import click

from digest2notes import (
    NO_RESTORE,
    Action,
    Change,
    Entry,
    Exporter,
    ExportError,
    Plan,
    Progress,
    ProgressCallback,
    ProgressSource,
    ReadCallback,
    Report,
    Restore,
    StudyItem,
    StudyStatus,
    Verdict,
    atomic_write_text,
)

__all__ = ["JsonLinesExporter"]

Record = dict[str, Any]


def _file_option() -> click.Option:
    # One definition for export and queue, so both spell and check it alike.
    return click.Option(
        ["--jsonl-file"],
        type=click.Path(dir_okay=False),
        metavar="FILE",
        help="The .jsonl file to keep the entries in ([jsonl] jsonl-file in the config file).",
    )


@dataclass(frozen=True)
class _State:
    """What `apply` needs: where to write, and every line in its final order."""

    path: Path
    records: list[Record]


class JsonLinesExporter(Exporter[_State], ProgressSource):
    """Entries as JSON lines; the reader's `status` and extra keys survive re-exports."""

    name: ClassVar[str] = "jsonl"
    help: ClassVar[str] = "One JSON object per entry in a .jsonl file (--jsonl-file FILE)."
    options: ClassVar[Sequence[click.Option]] = (_file_option(),)
    queue_options: ClassVar[Sequence[click.Option]] = (_file_option(),)

    def _path(self) -> Path:
        value = self.settings.get("jsonl_file")
        if not value:
            # An ExportError is shown to the user as one line, without a traceback.
            raise ExportError("say where to write: --jsonl-file FILE (or [jsonl] jsonl-file)")
        return Path(value)

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[_State]:
        """Read the file (if any) and decide each entry's action; write nothing."""
        path = self._path()
        existing = _load(path)
        by_id = {record.get("id"): index for index, record in enumerate(existing)}
        records = list(existing)  # lines of entries not in this run are kept as they are
        changes = []
        for entry in entries:
            new = _record(entry)
            index = by_id.get(entry.id)
            if index is None:
                records.append(new)
                action = Action.CREATE
            elif existing[index].get("fingerprint") == entry.fingerprint:
                action = Action.UNCHANGED
            else:
                # The reader's status and any keys they added win over ours.
                ours = set(new) - {"status"}
                records[index] = {**existing[index], **{k: new[k] for k in ours}}
                action = Action.UPDATE
            changes.append(Change(entry.id, entry.title, action, str(path)))
        return Plan(changes=changes, state=_State(path, records))

    def apply(self, plan: Plan[_State], progress: ProgressCallback | None = None) -> Report:
        """Write the file once, if anything changed, then report every entry."""
        if any(change.action is not Action.UNCHANGED for change in plan.changes):
            _save(plan.state.path, plan.state.records)
        report = Report()
        for change in plan.changes:
            report.changes.append(change)
            if progress is not None:
                progress(change)
        return report

    def read_progress(self, progress: ReadCallback | None = None) -> Progress:
        items, warnings = [], []
        for number, record in enumerate(_load(self._path()), start=1):
            try:
                items.append(_item(record, f"{self._path()}:{number}"))
            except (KeyError, ValueError, TypeError) as error:
                warnings.append(f"{self._path()}:{number}: not an entry we wrote ({error})")
        return Progress(tuple(items), tuple(warnings))

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        path = self._path()
        records = _load(path)
        for record in records:
            if record.get("id") == item.id:
                record["status"] = status.value
        _save(path, records)
        return item.location


def _record(entry: Entry) -> Record:
    return {
        "id": entry.id,
        "title": entry.title,
        "repo": entry.repo,
        "verdict": entry.verdict.value,
        "minutes": entry.minutes,
        "focus_points": list(entry.focus_points),
        "references": list(entry.references),
        "digest_date": entry.latest_date,
        "status": StudyStatus.UNREAD.value,
        "fingerprint": entry.fingerprint,
    }


def _item(record: Record, location: str) -> StudyItem:
    return StudyItem(
        id=str(record["id"]),
        title=str(record["title"]),
        repo=str(record["repo"]),
        verdict=Verdict(record["verdict"]),
        status=StudyStatus(str(record.get("status", "unread")).lower()),
        focus_done=int(record.get("focus_done", 0)),
        focus_total=len(record.get("focus_points", [])),
        minutes=record.get("minutes"),
        digest_date=record.get("digest_date"),
        location=location,
    )


def _load(path: Path) -> list[Record]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(f"{path}: cannot read: {error}") from None
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ExportError(f"{path}:{number}: not a JSON line ({error.msg})") from None
        if not isinstance(record, dict):
            raise ExportError(f"{path}:{number}: expected a JSON object")
        records.append(record)
    return records


def _save(path: Path, records: list[Record]) -> None:
    text = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    atomic_write_text(path, text)  # all or nothing: an interrupted run leaves the old file
