"""Reading the reader's progress back from Notion, and recording a new status.

Progress lives in two places: the `Status` select (the reader's, never written by
the sync) and the ticks on the focus-point to-dos in each page. Statuses come with
the rows (one query per 100 rows); ticks need one block listing per row, so they
are read only for rows edited since the last look (`cache`). ``queue done ID``
asks for the rows that id may mean with one filtered query.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from digest2notes import ExportError, Progress, ReadCallback, StudyItem, StudyStatus

from . import schema
from .cache import ProgressCache, Ticks, cache_path, iso
from .connection import Target, fatal_message
from .errors import NotionError
from .ids import normalize_id
from .lookup import row_order
from .properties import date_value, number_value, select_value, text_value
from .reconcile import focus_progress

if TYPE_CHECKING:
    from .api import NotionAPI

JSONDict = dict[str, Any]


def read_progress(
    api: NotionAPI,
    target: Target,
    progress: ReadCallback | None = None,
    *,
    query: str | None = None,
) -> Progress:
    """One item per row that carries an `Entry ID` (rows people added by hand are skipped).

    With `query`, only the rows whose Entry ID it may be: the id, a prefix of it or of
    its hash part (one filtered query). `progress(done, total)` hears of each block
    listing: the first look at a year of rows lists every page once.
    """
    flt: JSONDict | None = None
    if query is not None:
        text = query.strip()
        flt = {
            "or": [
                {"property": schema.ENTRY_ID, "rich_text": {"starts_with": text}},
                {"property": schema.ENTRY_ID, "rich_text": {"contains": ":" + text}},
            ]
        }
    path = cache_path(target.data_source_id)
    cache = ProgressCache.load(path)
    looked = iso(api.server_time)
    finished = False
    try:
        if cache.owner is None:
            cache.owner = api.bot_id()
        rows = sorted(api.query(target.data_source_id, filter=flt), key=row_order)
        items = list(_items(api, rows, cache, looked, progress))
        finished = True
    except NotionError as error:
        raise ExportError(
            f"cannot read progress from Notion database '{target.title}': {fatal_message(error)}"
        ) from None
    finally:
        if not finished:  # failed or Ctrl-C: the rows listed so far are still right
            cache.save(path)
    if flt is None:  # forget rows that are gone
        cache.rows = {k: v for k, v in cache.rows.items() if k in {str(r["id"]) for r in rows}}
    cache.save(path)
    return Progress(tuple(items))


def _items(
    api: NotionAPI,
    rows: Sequence[JSONDict],
    cache: ProgressCache,
    looked: str,
    progress: ReadCallback | None,
) -> Iterable[StudyItem]:
    chosen: dict[str, JSONDict] = {}
    for page in rows:  # the oldest row is the entry's, as in the sync
        chosen.setdefault(text_value(page, schema.ENTRY_ID).strip(), page)
    chosen.pop("", None)
    cached = {
        entry_id: cache.fresh(str(page["id"]), str(page.get("last_edited_time") or ""))
        for entry_id, page in chosen.items()
    }
    stale = sum(1 for ticks in cached.values() if ticks is None)
    listed = 0
    for entry_id, page in chosen.items():
        page_id = str(page["id"])
        edited = str(page.get("last_edited_time") or "")
        ticks = cached[entry_id]
        if ticks is None:
            done, total = focus_progress(api.list_children(page_id), cache.owner)
            ticks = Ticks(edited, done, total, looked)
            cache.rows[page_id] = ticks
            listed += 1
            if progress is not None:
                progress(listed, stale)
        yield _item(page, entry_id, ticks)


def _item(page: Mapping[str, Any], entry_id: str, ticks: Ticks) -> StudyItem:
    minutes = number_value(page, schema.MINUTES)
    repo = select_value(page, schema.REPO) or entry_id.rsplit(":", 1)[0]
    return StudyItem(
        id=entry_id,
        title=text_value(page, schema.NAME),
        repo=repo,
        verdict=schema.verdict_from_label(select_value(page, schema.VERDICT)),
        status=schema.status_from_label(select_value(page, schema.STATUS)),
        focus_done=ticks.done,
        focus_total=ticks.total,
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
