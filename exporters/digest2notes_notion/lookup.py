"""Finding the rows of the entries a run was given: filtered queries, not the database.

A daily export of one digest into a year of rows asks Notion only for that digest's
entries: one query per 100 entry ids (an ``or`` of ``Entry ID`` equals, Notion's
limit for an array in a request), rows in the trash included so that a row the
reader deleted is seen as deleted rather than missing. A whole-folder run costs
about what paging through the database would.

Rows come back ordered by `row_order`: oldest ``created_time`` first, ties broken
by page id. Notion rounds ``created_time`` to the minute and documents no order for
rows created in the same minute, so the page id is what makes "the oldest row"
the same row on every machine and every run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import schema
from .properties import text_value

if TYPE_CHECKING:
    from .api import NotionAPI

JSONDict = dict[str, Any]

BATCH = 100


def row_order(page: Mapping[str, Any]) -> tuple[str, str]:
    return (str(page.get("created_time") or ""), str(page.get("id") or ""))


def id_filter(entry_ids: Sequence[str]) -> JSONDict:
    conditions = [
        {"property": schema.ENTRY_ID, "rich_text": {"equals": entry_id}} for entry_id in entry_ids
    ]
    return conditions[0] if len(conditions) == 1 else {"or": conditions}


def find_rows(
    api: NotionAPI, data_source_id: str, entry_ids: Iterable[str], *, in_trash: bool = True
) -> dict[str, list[JSONDict]]:
    """Entry id -> its rows (live and, with `in_trash`, trashed), in `row_order`."""
    wanted = list(dict.fromkeys(entry_ids))
    found: dict[str, list[JSONDict]] = {}
    for start in range(0, len(wanted), BATCH):
        batch = wanted[start : start + BATCH]
        for page in api.query(data_source_id, filter=id_filter(batch), in_trash=in_trash):
            entry_id = text_value(page, schema.ENTRY_ID).strip()
            if entry_id in batch:
                found.setdefault(entry_id, []).append(page)
    for rows in found.values():
        rows.sort(key=row_order)
    return found


def is_trashed(page: Mapping[str, Any]) -> bool:
    return bool(page.get("in_trash") or page.get("archived"))
