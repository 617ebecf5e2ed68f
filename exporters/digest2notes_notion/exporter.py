"""`digest2notes export --to notion`: one database row per entry, kept in sync.

`plan` only reads: two set-up requests (the database and its data source, whose
schema is checked) and the look-up of the given entries' rows (`lookup`: about one
query per 100 entries). Each entry is then created, left alone, brought up to date
by a three-way merge (`planning`), restored from the trash when asked, skipped when
the reader trashed its row, or has its duplicate rows folded into the oldest.
`apply` writes exactly that, paced.

A row that still fails after every retry is reported as failed and the sync goes
on with the others (a re-run picks it up); but when several rows in a row fail that
way Notion is down for us, and the rest are reported as failed-and-skipped instead
of each burning its own retries. An error retrying cannot fix (validation,
authorisation, a workspace out of blocks) stops the run with one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

import click

from digest2notes import (
    NO_RESTORE,
    Action,
    Change,
    Cost,
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
)

from . import options as described
from . import schema
from .connection import Target, database_setting, fatal_message, open_api, resolve_target
from .errors import FatalRequestError, NotionError
from .fold import fold
from .lookup import find_rows, is_trashed
from .planning import RowPlan, finish_send, plan_row
from .settings import Settings

if TYPE_CHECKING:
    from .api import NotionAPI
    from .sync import RowWriter

# Consecutive rows failing for passing reasons before the rest are skipped.
FAILURE_STREAK = 3
# A resumed first sync says how much is left when at least this much is.
RESUME_NOTICE = 50


@dataclass
class NotionState:
    """What `plan` found, for `apply`: the open client, the target, each entry's plan."""

    api: NotionAPI
    target: Target
    settings: Settings
    owner: str | None
    rows: list[RowPlan] = field(default_factory=list)


class NotionExporter(Exporter[NotionState], ProgressSource):
    """Rows in a Notion database the reader can sort, filter and tick off."""

    name: ClassVar[str] = "notion"
    help: ClassVar[str] = (
        "One row per entry in a Notion database (token from NOTION_TOKEN; "
        "create the database with `digest2notes notion init`)."
    )
    options: ClassVar[Sequence[click.Option]] = described.options
    queue_options: ClassVar[Sequence[click.Option]] = described.queue_options

    def __repr__(self) -> str:  # settings and env hold secrets; show neither
        return "NotionExporter()"

    @property
    def config(self) -> Settings:
        return Settings.of(self.settings)

    def _connect(self, settings: Settings) -> tuple[NotionAPI, Target]:
        database = database_setting(settings)
        api = open_api(settings, self.env)
        try:
            return api, resolve_target(api, database)
        except BaseException:
            api.close()
            raise

    # ------------------------------------------------------------------ export

    def plan(self, entries: Sequence[Entry], *, restore: Restore = NO_RESTORE) -> Plan[NotionState]:
        """Look up the given entries' rows and decide each entry's action. Writes nothing."""
        settings = self.config
        api, target = self._connect(settings)
        try:
            unique = list({entry.id: entry for entry in entries}.values())
            found = find_rows(api, target.data_source_id, [e.id for e in unique])
            trashed = any(is_trashed(r) for rows in found.values() for r in rows)
            owner = api.bot_id() if trashed else None
        except NotionError as error:
            api.close()
            raise ExportError(
                f"cannot read the rows of Notion database '{target.title}', nothing was "
                f"written: {fatal_message(error)}"
            ) from None
        except BaseException:
            api.close()
            raise
        state = NotionState(api, target, settings, owner)
        compact = settings.body == "compact"
        for entry in unique:
            rows = found.get(entry.id, [])
            state.rows.append(plan_row(entry, rows, owner, restore, compact=compact))
        plan = Plan(changes=[r.change for r in state.rows], state=state)
        requests = sum(r.requests for r in state.rows) + int(not target.has_sync_state)
        plan.cost = Cost(requests, requests / settings.rate)
        plan.warnings += _warnings(state, plan.cost)
        return plan

    def apply(self, plan: Plan[NotionState], progress: ProgressCallback | None = None) -> Report:
        """Create and update rows as planned, reporting each entry as it is done."""
        from .sync import RowWriter

        state = plan.state
        writer = RowWriter(state.api, state.target.data_source_id, settle=state.settings.settle)
        report = Report()
        streak = 0
        try:
            if not state.target.has_sync_state and any(
                r.change.action in (Action.CREATE, Action.UPDATE) for r in state.rows
            ):
                self._add_sync_state(state)
            for row in state.rows:
                if streak >= FAILURE_STREAK and row.change.action in (Action.CREATE, Action.UPDATE):
                    change = _failed(
                        row,
                        "not tried: Notion kept failing for the rows before "
                        "this one; re-run to continue",
                    )
                elif row.change.action in (Action.CREATE, Action.UPDATE):
                    change = self._write(writer, row, done=len(report.changes))
                    streak = streak + 1 if change.action is Action.FAILED else 0
                else:
                    change = row.change
                report.changes.append(change)
                if progress is not None:
                    progress(change)
            self._sweep(writer, report)
        finally:
            state.api.close()
        return report

    @staticmethod
    def _add_sync_state(state: NotionState) -> None:
        patch = schema.missing(state.target.properties)
        try:
            state.api.update_data_source(state.target.data_source_id, patch)
        except NotionError as error:
            raise ExportError(
                f"cannot add the '{schema.SYNC_STATE}' property to Notion database "
                f"'{state.target.title}', nothing was written: {fatal_message(error)}"
            ) from None

    @staticmethod
    def _sweep(writer: RowWriter, report: Report) -> None:
        """Remove copies left by creates that timed out on our side but landed later."""
        try:
            removed = writer.sweep()
        except NotionError:
            return  # the next run folds any copy into the oldest row; nothing is lost
        for index, change in enumerate(report.changes):
            count = removed.get(change.entry_id)
            if count:
                note = f"removed {count} copy(ies) left by a timed-out create"
                detail = f"{change.detail}; {note}" if change.detail else note
                report.changes[index] = replace(change, detail=detail)

    @staticmethod
    def _write(writer: RowWriter, row: RowPlan, *, done: int) -> Change:
        entry = row.entry
        try:
            if row.page is None:
                page, detail = writer.create(entry.id, row.send, row.body, row.base.encode())
                url = str(page.get("url") or page["id"])
                return Change(entry.id, entry.title, Action.CREATE, url, detail)
            if row.restore:
                writer.api.trash_page(str(row.page["id"]), trashed=False)
            body: list[str] = []
            if row.body_needed:
                body = writer.reconcile(row.page, row.body, row.old_base).describe()
            writer.api.update_page(str(row.page["id"]), finish_send(row))
            if row.copies:
                fold(writer.api, writer.owner, row.page, row.copies, row.base)
        except FatalRequestError as error:
            if error.out_of_blocks:
                raise ExportError(f"{fatal_message(error)} ({done} entries were done)") from None
            raise ExportError(
                f"Notion refused entry '{entry.title}' ({entry.id}), stopping: "
                f"{fatal_message(error)}"
            ) from None
        except NotionError as error:
            return _failed(row, str(error))
        detail = row.change.detail
        if body:
            detail = "; ".join([detail, "body: " + ", ".join(body)])
        return Change(entry.id, entry.title, Action.UPDATE, row.change.target, detail)

    # ------------------------------------------------------------------ progress

    def read_progress(self, progress: ReadCallback | None = None) -> Progress:
        """Every row with the reader's status and ticked focus points (incrementally)."""
        return self._progress(progress)

    def find_items(self, query: str) -> Progress:
        """The rows `query` may mean: one filtered query, not the whole database."""
        return self._progress(query=query)

    def _progress(self, progress: ReadCallback | None = None, query: str | None = None) -> Progress:
        from .progress import read_progress

        api, target = self._connect(self.config)
        try:
            return read_progress(api, target, progress, query=query)
        finally:
            api.close()

    def set_status(self, item: StudyItem, status: StudyStatus) -> str:
        """Set only `Status` on the item's row; returns the row's URL."""
        from .progress import set_status

        api = open_api(self.config, self.env)
        try:
            return set_status(api, item, status)
        finally:
            api.close()


def _warnings(state: NotionState, cost: Cost) -> list[str]:
    warnings: list[str] = []
    if not state.target.has_sync_state:
        warnings.append(
            f"Notion database '{state.target.title}' gains the '{schema.SYNC_STATE}' property, "
            "where digest2notes keeps what it last wrote in each row (hide the column, or "
            "let `digest2notes notion upgrade` add it first: it hides the column)"
        )
    creates = sum(1 for r in state.rows if r.change.action is Action.CREATE)
    there = sum(1 for r in state.rows if r.page is not None)
    if creates >= RESUME_NOTICE and there:
        minutes = max(1, round(cost.seconds / 60))
        warnings.append(
            f"resuming: {there} of {len(state.rows)} entries are in Notion already; "
            f"{creates} left to create (about {minutes} min)"
        )
    return warnings


def _failed(row: RowPlan, detail: str) -> Change:
    return Change(row.entry.id, row.entry.title, Action.FAILED, row.change.target, detail)
