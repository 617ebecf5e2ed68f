"""Writing one row: create it (exactly once, whatever fails), or bring it up to date.

Creation sends the page with its body in the same request. When the body is too
long for one request, the page is created with an empty `Content hash`, the rest
of the body is appended, and only then is the hash written: a run killed in
between leaves a row whose hash does not match, which the next run repairs by
reconciling the body, instead of a row that looks finished but is not.

A create that fails without a clear answer (5xx, timeout, dropped connection) may
or may not have happened; before trying again we look the `Entry ID` up, so no
fault ever leaves two rows for one entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from digest2notes import Entry

from . import schema
from .api import AmbiguousWrite, NotionAPI, NotionError, TransientExhausted
from .blocks import MAX_CHILDREN_BYTES, BlockSpec, batches, body_specs, json_size, rich_text
from .properties import content_hash, hash_value, merged_tags, owned_properties, text_value
from .reconcile import BodyOps, creator, plan_body

JSONDict = dict[str, Any]

# Reconcile passes per row when appends keep failing ambiguously.
_MAX_BODY_PASSES = 4


@dataclass(frozen=True)
class Desired:
    """What a row should hold for an entry: owned properties, body, and their hash."""

    properties: JSONDict
    body: list[BlockSpec]
    hash: str

    @classmethod
    def of(cls, entry: Entry) -> Desired:
        properties = owned_properties(entry)
        body = body_specs(entry)
        return cls(properties, body, content_hash(properties, body))


def entry_filter(entry_id: str) -> JSONDict:
    return {"property": schema.ENTRY_ID, "rich_text": {"equals": entry_id}}


class RowWriter:
    """Creates and updates rows of one data source through a paced, retrying client."""

    def __init__(self, api: NotionAPI, data_source_id: str) -> None:
        self.api = api
        self.data_source_id = data_source_id
        #: Entries created again after an ambiguous create found nothing: entry id ->
        #: (the page we kept, its hash). See `sweep`.
        self.suspects: dict[str, tuple[str, str]] = {}
        self._owner: str | None = None
        self._owner_known = False

    def owner(self) -> str | None:
        """The integration's user id (one request, only once a body must be edited).

        Blocks it created are the tool's; None (unknown) counts every block as ours.
        """
        if not self._owner_known:
            self._owner_known = True
            try:
                self._owner = str(self.api.me().get("id") or "") or None
            except NotionError:
                self._owner = None
        return self._owner

    def find(self, entry_id: str) -> list[JSONDict]:
        """Rows carrying `entry_id`, oldest first (one paginated query)."""
        return list(self.api.query(self.data_source_id, filter=entry_filter(entry_id)))

    # ------------------------------------------------------------------ create

    def create(self, entry: Entry, desired: Desired) -> tuple[JSONDict, str]:
        """Create the row for `entry`; returns the page and a detail for the report."""
        properties = dict(desired.properties)
        properties[schema.STATUS] = {"select": {"name": schema.INITIAL_STATUS}}
        blocks = [spec.to_json() for spec in desired.body]
        budget = MAX_CHILDREN_BYTES - json_size(properties)
        groups = list(batches(blocks, budget))
        more = len(groups) > 1
        # An unfinished body must not look finished: the hash comes last.
        properties[schema.CONTENT_HASH] = hash_value("" if more else desired.hash)
        body: JSONDict = {
            "parent": {"type": "data_source_id", "data_source_id": self.data_source_id},
            "properties": properties,
        }
        if groups:
            body["children"] = groups[0]
        page, recovered = self._create_once(entry.id, body, desired.hash)
        detail = "recovered after an ambiguous failure" if recovered else ""
        if more:
            if recovered:
                self._reconcile(page, desired)
            else:
                try:
                    for group in groups[1:]:
                        self.api.append_children(str(page["id"]), group)
                except AmbiguousWrite:
                    self._reconcile(page, desired)
            self.api.update_page(str(page["id"]), {schema.CONTENT_HASH: hash_value(desired.hash)})
        return page, detail

    def _create_once(self, entry_id: str, body: JSONDict, digest: str) -> tuple[JSONDict, bool]:
        """POST the page; after an ambiguous failure, look it up before posting again."""
        last: AmbiguousWrite | None = None
        for attempt in range(1, self.api.policy.max_attempts + 1):
            try:
                page = self.api.create_page(body)
            except AmbiguousWrite as error:
                last = error
                self.api.pause(attempt, error)
            else:
                if last is not None:
                    # A lost attempt may still land later (a request slower than our
                    # timeout): remember to check once the other rows are done.
                    self.suspects[entry_id] = (str(page["id"]), digest)
                return page, False
            found = self.find(entry_id)
            if found:
                return found[0], True
        raise TransientExhausted(f"{last} (gave up after {self.api.policy.max_attempts} attempts)")

    def sweep(self) -> dict[str, int]:
        """Trash copies of rows this run created twice; returns entry id -> copies removed.

        Only exact copies qualify: created by the integration, not the row we kept,
        with the same content hash (or an unfinished one). A reader cannot have
        worked in a row that appeared seconds ago in the middle of a sync.
        """
        removed: dict[str, int] = {}
        owner = self.owner() if self.suspects else None
        for entry_id, (kept, digest) in self.suspects.items():
            for page in self.find(entry_id):
                if str(page["id"]) == kept or (owner is not None and creator(page) != owner):
                    continue
                if text_value(page, schema.CONTENT_HASH).strip() not in ("", digest):
                    continue
                self.api.trash_page(str(page["id"]))
                removed[entry_id] = removed.get(entry_id, 0) + 1
        self.suspects.clear()
        return removed

    # ------------------------------------------------------------------ update

    def update(self, entry: Entry, desired: Desired, page: Mapping[str, Any]) -> list[str]:
        """Bring `page` up to date; returns what changed in the body.

        The body goes first and the properties (with the new hash) last, for the
        same reason as in `create`: the hash vouches for everything before it.
        """
        ops = self._reconcile(page, desired)
        properties = dict(desired.properties)
        properties[schema.TAGS] = merged_tags(entry, page)
        properties[schema.CONTENT_HASH] = hash_value(desired.hash)
        self.api.update_page(str(page["id"]), properties)
        return ops.describe()

    def _reconcile(self, page: Mapping[str, Any], desired: Desired) -> BodyOps:
        """List the body, work out the edits, apply them; again if an append was ambiguous."""
        page_id = str(page["id"])
        owner = self.owner()
        first: BodyOps | None = None
        for attempt in range(1, _MAX_BODY_PASSES + 1):
            blocks = self.api.list_children(page_id)
            ops = plan_body(blocks, desired.body, owner)
            first = first or ops
            try:
                self._apply_body(page_id, ops)
                return first
            except AmbiguousWrite as error:
                self.api.pause(attempt, error)
        raise TransientExhausted(
            f"appending blocks to {page.get('url', page_id)} kept failing "
            f"(gave up after {_MAX_BODY_PASSES} attempts)"
        )

    def _apply_body(self, page_id: str, ops: BodyOps) -> None:
        if ops.verdict_update is not None:
            block_id, text = ops.verdict_update
            self.api.update_block(block_id, {"to_do": {"rich_text": rich_text(text)}})
        after = ops.after
        for group in batches([spec.to_json() for spec in ops.inserts]):
            created = self.api.append_children(page_id, group, after=after)
            if after is not None:
                # Keep the next batch right behind this one, not behind the first anchor.
                after = str(created[-1]["id"]) if created else None
        # Deleting last keeps the page whole if we are interrupted in between.
        for block_id in ops.deletes:
            self.api.delete_block(block_id)
