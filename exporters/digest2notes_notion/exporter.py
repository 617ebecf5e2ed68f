"""`digest2notes export --to notion`: one database row per entry, kept in sync.

`plan` only reads: two set-up requests (the database and its data source, whose
schema is checked) and the paginated query of existing rows, matched by `Entry ID`.
Each entry is then new (create), unchanged (its `Content hash` matches: no request
at all) or changed (update). `apply` writes exactly that, paced.

A row that still fails after every retry is reported as failed and the sync goes
on with the others (a re-run picks it up); but when several rows in a row fail that
way Notion is down for us, and the rest are reported as skipped instead of each
burning its own retries. An error retrying cannot fix (validation, authorisation,
a vanished database) stops the run with the entry's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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
    Report,
    Restore,
    StudyItem,
    StudyStatus,
)

from . import progress, schema
from .api import FatalRequestError, NotionAPI, NotionError
from .connection import (
    DATABASE_ENV,
    DEFAULT_RATE,
    DEFAULT_TIMEOUT,
    Target,
    database_setting,
    fatal_message,
    open_api,
    resolve_target,
)
from .properties import changed_properties, text_value
from .sync import Desired, RowWriter

JSONDict = dict[str, Any]

# Consecutive rows failing for passing reasons before the rest are skipped.
FAILURE_STREAK = 3


def _database_option() -> click.Option:
    return click.Option(
        ["--database"],
        envvar=DATABASE_ENV,
        metavar="ID|URL",
        help=f"Notion database (or data source) id or URL; {DATABASE_ENV} or [notion] "
        "database in the config file.",
    )


def _export_options() -> list[click.Option]:
    return [
        _database_option(),
        click.Option(
            ["--rate"],
            type=click.FloatRange(min=0, min_open=True),
            default=DEFAULT_RATE,
            show_default=True,
            metavar="N",
            help="Notion requests per second, reads included (Notion allows 3 on average).",
        ),
        click.Option(
            ["--timeout"],
            type=click.FloatRange(min=0, min_open=True),
            default=DEFAULT_TIMEOUT,
            show_default=True,
            metavar="SECONDS",
            help="How long to wait for one Notion response before retrying.",
        ),
        # For tests and the benchmark: shorter backoff, fewer attempts.
        click.Option(["--retry-backoff"], type=float, default=None, hidden=True),
        click.Option(["--max-attempts"], type=int, default=None, hidden=True),
    ]


@dataclass
class _Work:
    entry: Entry
    desired: Desired
    change: Change
    page: JSONDict | None = None
    changed: list[str] = field(default_factory=list)  # owned properties that differ
    notes: list[str] = field(default_factory=list)  # e.g. duplicate rows left alone


@dataclass
class _State:
    api: NotionAPI
    target: Target
    work: list[_Work] = field(default_factory=list)


class NotionExporter(Exporter["_State"], ProgressSource):
    """Rows in a Notion database the reader can sort, filter and tick off."""

    name: ClassVar[str] = "notion"
    help: ClassVar[str] = (
        "One row per entry in a Notion database (token from NOTION_TOKEN; "
        "create the database with `digest2notes notion init`)."
    )
    options: ClassVar[Sequence[click.Option]] = _export_options()
    queue_options: ClassVar[Sequence[click.Option]] = [
        click.Option(["--notion"], is_flag=True, help="Read progress from the Notion database."),
        _database_option(),
    ]

    def __repr__(self) -> str:  # settings and env hold secrets; show neither
        return "NotionExporter()"

    def _connect(self) -> tuple[NotionAPI, Target]:
        database = database_setting(self.settings)
        api = open_api(self.settings, self.env)
        try:
            return api, resolve_target(api, database)
        except BaseException:
            api.close()
            raise

    # ------------------------------------------------------------------ export

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[_State]:
        """Read the database and decide each entry's action. Writes nothing."""
        api, target = self._connect()
        try:
            rows = self._existing_rows(api, target)
        except BaseException:
            api.close()
            raise
        state = _State(api, target)
        seen: set[str] = set()
        for entry in entries:
            if entry.id in seen:
                continue
            seen.add(entry.id)
            state.work.append(self._decide(entry, rows.get(entry.id, [])))
        return Plan(changes=[w.change for w in state.work], state=state)

    @staticmethod
    def _existing_rows(api: NotionAPI, target: Target) -> dict[str, list[JSONDict]]:
        rows: dict[str, list[JSONDict]] = {}
        try:
            for page in api.query(target.data_source_id):
                entry_id = text_value(page, schema.ENTRY_ID).strip()
                if entry_id:
                    rows.setdefault(entry_id, []).append(page)
        except NotionError as error:
            raise ExportError(
                f"cannot read the rows of Notion database '{target.title}', nothing was "
                f"written: {fatal_message(error)}"
            ) from None
        return rows

    @staticmethod
    def _decide(entry: Entry, pages: list[JSONDict]) -> _Work:
        desired = Desired.of(entry)
        if not pages:
            change = Change(entry.id, entry.title, Action.CREATE, f"new row: {entry.title}")
            return _Work(entry, desired, change)
        page, extra = pages[0], pages[1:]
        notes: list[str] = []
        if extra:
            urls = ", ".join(str(p.get("url") or p.get("id")) for p in extra)
            notes.append(f"{len(extra)} duplicate row(s) with this Entry ID left alone: {urls}")
        url = str(page.get("url") or page.get("id"))
        if text_value(page, schema.CONTENT_HASH).strip() == desired.hash:
            change = Change(entry.id, entry.title, Action.UNCHANGED, url, "; ".join(notes))
            return _Work(entry, desired, change, page, notes=notes)
        changed = changed_properties(entry, page)
        detail = _detail(changed or ["page body"], [], notes)
        change = Change(entry.id, entry.title, Action.UPDATE, url, detail)
        return _Work(entry, desired, change, page, changed, notes)

    def apply(self, plan: Plan[_State], progress: ProgressCallback | None = None) -> Report:
        """Create and update rows as planned, reporting each entry as it is done."""
        state: _State = plan.state
        writer = RowWriter(state.api, state.target.data_source_id)
        report = Report()
        streak = 0
        try:
            for work in state.work:
                if streak >= FAILURE_STREAK:
                    change = _failed(
                        work,
                        "skipped: Notion kept failing for the rows before "
                        "this one; re-run to continue",
                    )
                elif work.change.action is Action.UNCHANGED:
                    change = work.change
                else:
                    change = self._write(writer, work)
                    streak = streak + 1 if change.action is Action.FAILED else 0
                report.changes.append(change)
                if progress is not None:
                    progress(change)
            self._sweep(writer, report)
        finally:
            state.api.close()
        return report

    @staticmethod
    def _sweep(writer: RowWriter, report: Report) -> None:
        """Remove copies left by creates that timed out on our side but landed later."""
        try:
            removed = writer.sweep()
        except NotionError:
            return  # the next run reports any copy as a duplicate; nothing is lost
        for index, change in enumerate(report.changes):
            count = removed.get(change.entry_id)
            if count:
                note = f"removed {count} copy(ies) left by a timed-out create"
                detail = f"{change.detail}; {note}" if change.detail else note
                report.changes[index] = Change(
                    change.entry_id, change.title, change.action, change.target, detail
                )

    @staticmethod
    def _write(writer: RowWriter, work: _Work) -> Change:
        entry = work.entry
        try:
            if work.page is None:
                page, detail = writer.create(entry, work.desired)
                return Change(
                    entry.id, entry.title, Action.CREATE, str(page.get("url") or page["id"]), detail
                )
            body = writer.update(entry, work.desired, work.page)
        except FatalRequestError as error:
            raise ExportError(
                f"Notion refused entry '{entry.title}' ({entry.id}), stopping: "
                f"{fatal_message(error)}"
            ) from None
        except NotionError as error:
            return _failed(work, str(error))
        detail = _detail(work.changed, body, work.notes)
        return Change(entry.id, entry.title, Action.UPDATE, work.change.target, detail)

    # ------------------------------------------------------------------ progress

    def read_progress(self) -> Progress:
        """Every row with the reader's status and ticked focus points (paced reads only)."""
        api, target = self._connect()
        try:
            return Progress(tuple(progress.read_progress(api, target)))
        finally:
            api.close()

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        """Set only `Status` on the item's row; returns the row's URL."""
        api = open_api(self.settings, self.env)
        try:
            return progress.set_status(api, item, status)
        finally:
            api.close()


def _detail(changed: list[str], body: list[str], notes: list[str]) -> str:
    """``changed: Minutes, Focus points; body: +1 focus to-do(s), text; ...``."""
    parts: list[str] = []
    if changed:
        parts.append("changed: " + ", ".join(changed))
    if body:
        parts.append("body: " + ", ".join(body))
    if not changed and not body:
        parts.append("repaired: content hash")
    return "; ".join(parts + notes)


def _failed(work: _Work, detail: str) -> Change:
    target = work.change.target
    return Change(work.entry.id, work.entry.title, Action.FAILED, target, detail)
