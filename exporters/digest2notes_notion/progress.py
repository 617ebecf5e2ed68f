"""Reading the reader's progress back from Notion, and recording a new status.

Progress lives in two places: the `Status` select (the reader's, never written by
the sync) and the ticks on the focus-point to-dos in each page. Reading ticks
needs one block listing per row, so a large database takes a while at Notion's
pace; every request goes through the same pacer as the sync.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from digest2notes import ExportError, StudyItem, StudyStatus

from . import schema
from .api import NotionAPI, NotionError
from .connection import Target, fatal_message
from .ids import normalize_id
from .properties import date_value, number_value, select_value, text_value
from .reconcile import focus_progress


def read_progress(api: NotionAPI, target: Target) -> list[StudyItem]:
    """One item per row that carries an `Entry ID` (rows people added by hand are skipped)."""
    items: list[StudyItem] = []
    seen: set[str] = set()
    try:
        owner = str(api.me().get("id") or "") or None
        for page in api.query(target.data_source_id):
            entry_id = text_value(page, schema.ENTRY_ID).strip()
            if not entry_id or entry_id in seen:
                continue  # oldest row wins, as in the sync
            seen.add(entry_id)
            blocks = api.list_children(str(page["id"]))
            done, total = focus_progress(blocks, owner)
            items.append(_item(page, entry_id, done, total))
    except NotionError as error:
        raise ExportError(
            f"cannot read progress from Notion database '{target.title}': {fatal_message(error)}"
        ) from None
    return items


def _item(page: Mapping[str, Any], entry_id: str, done: int, total: int) -> StudyItem:
    minutes = number_value(page, schema.MINUTES)
    repo = select_value(page, schema.REPO) or entry_id.rsplit(":", 1)[0]
    return StudyItem(
        id=entry_id,
        title=text_value(page, schema.NAME),
        repo=repo,
        verdict=schema.verdict_from_label(select_value(page, schema.VERDICT)),
        status=schema.status_from_label(select_value(page, schema.STATUS)),
        focus_done=done,
        focus_total=total,
        minutes=int(minutes) if minutes is not None else None,
        digest_date=date_value(page, schema.DIGEST_DATE),
        location=str(page.get("url") or page.get("id")),
    )


def set_status(api: NotionAPI, item: StudyItem, status: StudyStatus) -> str:
    """PATCH only `Status` on the item's row (its location is the page URL)."""
    page_id = normalize_id(item.location, "page")
    try:
        label = schema.STATUS_LABELS[status]
        api.update_page(page_id, {schema.STATUS: {"select": {"name": label}}})
    except NotionError as error:
        raise ExportError(
            f"cannot set the status of '{item.title}' in Notion: {fatal_message(error)}"
        ) from None
    return item.location
