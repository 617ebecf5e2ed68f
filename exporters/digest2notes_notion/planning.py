"""Deciding one entry's fate from its rows: create, leave, update, restore, skip, fold.

Pure: it reads the rows the look-up found and the entry, and returns a `RowPlan`
that `exporter.NotionExporter.apply` carries out. Nothing here talks to Notion.

A row's properties are merged three ways (`merge_properties`), for each property the
tool owns:

* the row still holds what the tool last wrote (its fingerprint is the base's): the
  digest's new value goes in;
* the reader changed it: theirs stays; when the digest changed it too, the digest's
  new value is reported (and noted in the page) while the base keeps its old
  fingerprint, so the next run sees the same conflict and writes nothing new;
* the row already holds the digest's value: nothing to write.

Without a base (a row from before the sync state whose digest changed since), a row
the integration edited last is taken as the tool's; otherwise every difference is
treated as the reader's, and reported: caution, never a lost edit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from digest2notes import Action, Change, Entry, Restore

from . import schema
from .base import UNKNOWN, Base, fingerprint, fingerprints, union
from .blocks import rich_text
from .body import Body, appearances, desired_body, is_date, note_text, shown
from .legacy import content_hash, legacy_base
from .lookup import is_trashed
from .properties import (
    Plain,
    current,
    desired,
    sync_state_text,
    sync_state_value,
    text_value,
    to_api,
    user_id,
)

JSONDict = dict[str, Any]

DELETED = "deleted by you"


@dataclass
class RowPlan:
    """One entry's planned work. `page` is the row kept; `copies` are folded into it."""

    entry: Entry
    change: Change
    body: Body
    base: Base
    send: JSONDict = field(default_factory=dict)
    page: JSONDict | None = None
    copies: list[JSONDict] = field(default_factory=list)
    old_base: Base | None = None
    body_needed: bool = False
    restore: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        """What carrying this out takes, about (for the estimate before a long run)."""
        action = self.change.action
        if action is Action.CREATE:
            return 1 + len(self.body.specs()) // 100
        if action is Action.UPDATE:
            count = 1 + (2 if self.body_needed else 0) + int(self.restore)
            return count + 3 * len(self.copies)
        return 0


def plan_row(
    entry: Entry,
    rows: Sequence[JSONDict],
    owner: str | None,
    restore: Restore,
    *,
    compact: bool,
) -> RowPlan:
    """The plan for `entry` given its rows (oldest first, trashed ones included)."""
    live = [r for r in rows if not is_trashed(r)]
    deleted = [r for r in rows if is_trashed(r) and user_id(r, "last_edited_by") != owner]
    if not live and deleted:
        if not restore.wants(entry.id):
            return _skipped(entry, deleted[-1], compact)
        plan = _existing(entry, deleted[-1], compact)
        plan.restore = True
        plan.notes.append("restored from the trash")
        return _as_update(plan)
    if not live:
        return _new(entry, compact)
    plan = _existing(entry, live[0], compact)
    plan.copies = list(live[1:])
    if plan.copies:
        plan.notes.append(f"folded {len(plan.copies)} duplicate row(s) into this one")
        return _as_update(plan)
    return plan


def _url(page: Mapping[str, Any]) -> str:
    return str(page.get("url") or page.get("id"))


def _new(entry: Entry, compact: bool) -> RowPlan:
    found = appearances(entry)
    refs = union((), [r for a in found for r in a.references] or list(entry.references))
    values = desired(entry, refs, _newest([a.key for a in found], entry.latest_date))
    body = desired_body(entry, found, None, "", compact)
    base = body.base(fingerprints(values), None, refs)
    send = {name: to_api(name, value) for name, value in values.items()}
    send[schema.ENTRY_ID] = {"rich_text": rich_text(entry.id)}
    send[schema.STATUS] = {"select": {"name": schema.INITIAL_STATUS}}
    change = Change(entry.id, entry.title, Action.CREATE, f"new row: {entry.title}")
    return RowPlan(entry, change, body, base, send)


def _skipped(entry: Entry, page: JSONDict, compact: bool) -> RowPlan:
    body = desired_body(entry, appearances(entry), None, "", compact)
    change = Change(entry.id, entry.title, Action.SKIPPED, _url(page), DELETED)
    return RowPlan(entry, change, body, Base(), page=page)


def _existing(entry: Entry, page: JSONDict, compact: bool) -> RowPlan:
    """Merge the digest into a row that exists (see `merge_properties` and `reconcile`)."""
    old = Base.decode(sync_state_text(page))
    if old is None and text_value(page, schema.CONTENT_HASH).strip() == content_hash(entry):
        old = legacy_base(entry)
    found = appearances(entry)
    refs = union(old.references if old else (), [r for a in found for r in a.references])
    keys = [*(old.history if old else {}), *(a.key for a in found)]
    values = desired(entry, refs, _newest(keys, entry.latest_date))
    held = current(page)
    props_base: Mapping[str, str] | None = old.properties if old else None
    if old is None and user_id(page, "last_edited_by") == user_id(page, "created_by"):
        props_base = fingerprints(held)  # nobody but its creator (the tool) touched it
    merged = merge_properties(held, values, props_base)
    note = "" if compact else note_text(merged.kept)
    body = desired_body(entry, found, old, note, compact)
    base = body.base(merged.base, old, refs)
    plan = RowPlan(entry, _unchanged(entry, page), body, base, page=page, old_base=old)
    plan.send = {name: to_api(name, value) for name, value in merged.send.items()}
    plan.body_needed = old is None or body.differs_from(old)
    plan.notes += [
        f"kept your {name} (the digest says {shown(new)})"
        for name, new in sorted(merged.kept.items())
    ]
    if plan.send or plan.body_needed or base != old:
        return _as_update(plan)
    plan.change = _unchanged(entry, page, "; ".join(plan.notes))
    return plan


def _as_update(plan: RowPlan) -> RowPlan:
    changed = [name for name in plan.send if name != schema.SYNC_STATE]
    parts = ["changed: " + ", ".join(changed)] if changed else []
    detail = "; ".join(parts + plan.notes) or "brought up to date"
    page = plan.page or {}
    plan.change = Change(plan.entry.id, plan.entry.title, Action.UPDATE, _url(page), detail)
    return plan


def finish_send(plan: RowPlan) -> JSONDict:
    """The properties an update writes: the merged values and the new base."""
    return {**plan.send, schema.SYNC_STATE: sync_state_value(plan.base.encode())}


def _unchanged(entry: Entry, page: Mapping[str, Any], detail: str = "") -> Change:
    return Change(entry.id, entry.title, Action.UNCHANGED, _url(page), detail)


def _newest(keys: Sequence[str], fallback: str | None) -> str | None:
    dates = [k for k in keys if is_date(k)]
    return max(dates) if dates else fallback


@dataclass(frozen=True)
class PropertyMerge:
    """What to write, what the reader keeps against the digest, and the new base."""

    send: dict[str, Plain]
    #: Property name -> the digest's value, where the reader's differs and is kept.
    kept: dict[str, Plain]
    base: dict[str, str]


def merge_properties(
    current: Mapping[str, Plain],
    new: Mapping[str, Plain],
    base: Mapping[str, str] | None,
) -> PropertyMerge:
    """Merge `new` into `current` given the fingerprints in `base` (None: none known)."""
    send: dict[str, Plain] = {}
    kept: dict[str, Plain] = {}
    result: dict[str, str] = {}
    for name, value in new.items():
        mine = fingerprint(value)
        held = current.get(name)
        before = base.get(name, UNKNOWN) if base is not None else UNKNOWN
        if held == value:
            result[name] = mine
        elif fingerprint(held) == before:
            send[name] = value
            result[name] = mine
        else:
            result[name] = before
            if mine != before:
                kept[name] = value
    return PropertyMerge(send, kept, result)
