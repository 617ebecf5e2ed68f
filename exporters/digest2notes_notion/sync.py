"""Writing one row: create it exactly once, whatever fails, or bring its body up to date.

Creation sends the page with its body in the same request. When the body is too
long for one request, the page is created with an empty ``Sync state``, the rest of
the body is appended, and only then is the state written: a run killed in between
leaves a row without a base, which the next run reconciles, instead of a row that
looks finished but is not.

A create that fails without a clear answer (5xx, timeout, dropped connection) may
or may not have happened. Notion's queries lag its writes by a few seconds, so the
look-up for the row is retried with backoff for up to `settle` seconds before the
row is created again; a row created again that way is remembered, and once the
run's other rows are done, copies that landed late are trashed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import schema
from .base import Base
from .blocks import MAX_CHILDREN_BYTES, batches, json_size, rich_text
from .body import Body
from .errors import AmbiguousWrite, FatalRequestError, NotionError, TransientExhausted
from .lookup import find_rows, is_trashed
from .properties import sync_state_value, user_id
from .reconcile import BodyOps, plan_body

if TYPE_CHECKING:
    from .api import NotionAPI

JSONDict = dict[str, Any]

# Reconcile passes per row when appends keep failing ambiguously.
_MAX_BODY_PASSES = 4
# Waits between look-ups for a row whose create was ambiguous, as shares of `settle`.
_LOOK_UP_SHARES = (0.125, 0.125, 0.25, 0.5)


class RowWriter:
    """Creates and updates rows of one data source through a paced, retrying client."""

    def __init__(self, api: NotionAPI, data_source_id: str, *, settle: float) -> None:
        self.api = api
        self.data_source_id = data_source_id
        self.settle = settle
        #: Entry id -> the page this run created for it (see `sweep`).
        self.created: dict[str, str] = {}
        #: Entries created again after a look-up found nothing; when the last was.
        self.suspects: set[str] = set()
        self._last_suspect = 0.0

    @cached_property
    def owner(self) -> str | None:
        """The integration's user id (one request, only once it is needed).

        Blocks it created are the tool's; None (unknown) counts every block as ours.
        """
        try:
            return self.api.bot_id()
        except NotionError:
            return None

    # ------------------------------------------------------------------ create

    def create(
        self, entry_id: str, properties: JSONDict, body: Body, state: str
    ) -> tuple[JSONDict, str]:
        """Create the row; returns the page and a detail for the report."""
        blocks = [spec.to_json() for spec in body.specs()]
        groups = list(batches(blocks, MAX_CHILDREN_BYTES - json_size(properties) - len(state)))
        more = len(groups) > 1
        # An unfinished body must not look finished: the state comes last.
        properties = {**properties, schema.SYNC_STATE: sync_state_value("" if more else state)}
        request: JSONDict = {
            "parent": {"type": "data_source_id", "data_source_id": self.data_source_id},
            "properties": properties,
        }
        if groups:
            request["children"] = groups[0]
        page, recovered = self._create_once(entry_id, request)
        self.created[entry_id] = str(page["id"])
        if more:
            try:
                if recovered:
                    raise AmbiguousWrite("the body of a recovered row must be checked")
                for group in groups[1:]:
                    self.api.append_children(str(page["id"]), group)
            except AmbiguousWrite:
                self.reconcile(page, body, None)
            except FatalRequestError as error:
                if error.out_of_blocks:  # leave nothing half-written
                    self.api.trash_page(str(page["id"]))
                raise
            self.api.update_page(str(page["id"]), {schema.SYNC_STATE: sync_state_value(state)})
        return page, "recovered after an ambiguous failure" if recovered else ""

    def _create_once(self, entry_id: str, body: JSONDict) -> tuple[JSONDict, bool]:
        """POST the page; after an ambiguous failure, look for it before posting again."""
        last: AmbiguousWrite | None = None
        for attempt in range(1, self.api.policy.max_attempts + 1):
            try:
                page = self.api.create_page(body)
            except AmbiguousWrite as error:
                last = error
                self.api.pause(attempt, error)
            else:
                if last is not None:
                    # The lost attempt may still land (a write slower than our patience).
                    self.suspects.add(entry_id)
                    self._last_suspect = time.monotonic()
                return page, False
            found = self._look_up(entry_id)
            if found is not None:
                return found, True
        raise TransientExhausted(f"{last} (gave up after {self.api.policy.max_attempts} attempts)")

    def _look_up(self, entry_id: str) -> JSONDict | None:
        """The live row of `entry_id`, asked again while Notion may still be catching up.

        Asked at once, then after 1/8, 1/4, 1/2 and all of `settle` seconds in total:
        five queries at most, however long Notion lags.
        """
        for wait in (0.0, *(self.settle * share for share in _LOOK_UP_SHARES)):
            if wait:
                time.sleep(wait)
            rows = find_rows(self.api, self.data_source_id, [entry_id], in_trash=False)
            live = [r for r in rows.get(entry_id, []) if not is_trashed(r)]
            if live:
                return live[0]
            if not self.settle:
                break
        return None

    def sweep(self) -> dict[str, int]:
        """Trash late copies of rows this run created twice; entry id -> copies removed.

        Only the integration's own untouched copies qualify (not the row kept, created
        by the integration, never edited by anyone else): a reader cannot have worked
        in a row that appeared seconds ago in the middle of a sync.
        """
        if not self.suspects:
            return {}
        time.sleep(max(0.0, self.settle - (time.monotonic() - self._last_suspect)))
        owner = self.owner
        removed: dict[str, int] = {}
        rows = find_rows(self.api, self.data_source_id, self.suspects, in_trash=False)
        for entry_id, pages in rows.items():
            for page in pages:
                if str(page["id"]) == self.created.get(entry_id) or is_trashed(page):
                    continue
                if owner is not None and {
                    user_id(page, "created_by"),
                    user_id(page, "last_edited_by"),
                } != {owner}:
                    continue
                self.api.trash_page(str(page["id"]))
                removed[entry_id] = removed.get(entry_id, 0) + 1
        self.suspects.clear()
        return removed

    # ------------------------------------------------------------------ update

    def reconcile(self, page: Mapping[str, Any], body: Body, base: Base | None) -> BodyOps:
        """List the body, work out the edits, apply them; again if an append was ambiguous."""
        page_id = str(page["id"])
        owner = self.owner
        first: BodyOps | None = None
        for attempt in range(1, _MAX_BODY_PASSES + 1):
            blocks = self.api.list_children(page_id)
            ops = plan_body(blocks, body, base, owner)
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
        for edit in ops.updates:
            self.api.update_block(edit.block_id, {edit.type: {"rich_text": rich_text(edit.text)}})
        for insert in ops.inserts:
            after = insert.after
            for group in batches([spec.to_json() for spec in insert.specs]):
                created = self.api.append_children(page_id, group, after=after)
                if after is not None:
                    # Keep the next batch right behind this one, not behind the anchor.
                    after = str(created[-1]["id"]) if created else None
        # Deleting last keeps the page whole if we are interrupted in between.
        for block_id in ops.deletes:
            self.api.delete_block(block_id)

