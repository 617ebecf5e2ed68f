"""Folding duplicate rows of one entry into the oldest, keeping all the readers did.

Two machines syncing the same digests into one database at the same moment each
create the rows they do not see yet; so can a lost create on a Notion that lags.
The next run finds an entry with several live rows and keeps the oldest
(`lookup.row_order`: ``created_time``, then page id, so every machine picks the
same one). Before a copy goes to the trash, what readers did in it moves over:

* its Status, when it is further along (Done over Reading over To read);
* each property a reader changed in it, where the kept row still holds the tool's;
* its ticks, onto the kept row's to-do with the same text;
* blocks a reader added, copied (as text) to the end of the kept row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from digest2notes import StudyStatus

from . import schema
from .base import Base, fingerprint
from .blocks import BlockSpec, batches, block_checked, block_text
from .properties import current, select_value, sync_state_text, sync_state_value, to_api, user_id

if TYPE_CHECKING:
    from .api import NotionAPI

JSONDict = dict[str, Any]

_PROGRESS = {StudyStatus.UNREAD: 0, StudyStatus.READING: 1, StudyStatus.DONE: 2}
_COPYABLE = frozenset(
    {
        "paragraph",
        "to_do",
        "bulleted_list_item",
        "numbered_list_item",
        "quote",
        "callout",
        "heading_1",
        "heading_2",
        "heading_3",
    }
)


def fold(
    api: NotionAPI,
    owner: str | None,
    keeper: Mapping[str, Any],
    copies: Sequence[Mapping[str, Any]],
    keeper_base: Base,
) -> None:
    """Move what readers did in `copies` onto `keeper`, then trash the copies."""
    keeper_id = str(keeper["id"])
    status = schema.status_from_label(select_value(keeper, schema.STATUS))
    held = current(keeper)
    properties: JSONDict = {}
    kept_blocks = api.list_children(keeper_id)
    for copy in copies:
        theirs = schema.status_from_label(select_value(copy, schema.STATUS))
        if _PROGRESS[theirs] > _PROGRESS[status]:
            status = theirs
            properties[schema.STATUS] = {"select": {"name": schema.STATUS_LABELS[theirs]}}
        copy_base = Base.decode(sync_state_text(copy))
        for name, value in current(copy).items():
            changed = copy_base is None or fingerprint(value) != copy_base.properties.get(name)
            untouched = fingerprint(held[name]) == keeper_base.properties.get(name)
            if changed and untouched and value != held[name]:
                properties[name] = to_api(name, value)
                held[name] = value
        _move_blocks(api, owner, keeper_id, kept_blocks, api.list_children(str(copy["id"])))
    if properties:
        properties[schema.SYNC_STATE] = sync_state_value(keeper_base.encode())
        api.update_page(keeper_id, properties)
    for copy in copies:
        api.trash_page(str(copy["id"]))


def _move_blocks(
    api: NotionAPI,
    owner: str | None,
    keeper_id: str,
    kept: list[JSONDict],
    blocks: Sequence[Mapping[str, Any]],
) -> None:
    todos = {block_text(b).strip(): b for b in kept if b.get("type") == "to_do"}
    added: list[BlockSpec] = []
    for block in blocks:
        kind = str(block.get("type"))
        text = block_text(block)
        mine = owner is not None and user_id(block, "created_by") == owner
        if kind == "to_do" and mine:
            twin = todos.get(text.strip())
            if twin is not None and block_checked(block) and not block_checked(twin):
                api.update_block(str(twin["id"]), {"to_do": {"checked": True}})
                twin["to_do"] = {**twin.get("to_do", {}), "checked": True}
        elif not mine and kind in _COPYABLE:
            added.append(BlockSpec(kind, text, checked=block_checked(block)))
    for batch in batches([spec.to_json() for spec in added]):
        api.append_children(keeper_id, batch)
