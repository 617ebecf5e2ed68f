"""Database views: ``GET /v1/views``, ``GET /v1/views/{id}``, ``PATCH /v1/views/{id}``.

Shapes follow https://developers.notion.com/reference/view and the official JS SDK's
generated types (``ListDatabaseViewsResponse``, ``DataSourceViewObjectResponse``,
``TableViewConfigRequest``, ``ViewPropertyConfigRequest``): listing returns references
(``{"object": "view", "id"}``) paginated like every list, a view's ``configuration`` lists its
``properties`` as ``{property_id, property_name, visible, width?, wrap?}``. The Views API
exists from 2025-09-03 on, so both versions the emulator speaks have it.

Notion-like, not documented: a database created through the API gets one table view
("Default view") showing every property; a property added later shows up visible at the
end of a view that does not mention it; a PATCH's ``properties`` list replaces the view's
(properties it leaves out fall back to that default). Filters, sorts, quick filters,
grouping and subtasks are not modelled (refused with a 400 that says so).
"""

from __future__ import annotations

import copy
import random
import uuid
from collections.abc import Callable
from typing import Any, Final

from .errors import NotionAPIError, body_invalid, not_found, validation

JSONDict = dict[str, Any]

VIEW_TYPES: Final = (
    "table",
    "board",
    "list",
    "calendar",
    "timeline",
    "gallery",
    "form",
    "chart",
    "map",
    "dashboard",
)
UPDATE_KEYS: Final = ("name", "filter", "sorts", "quick_filters", "configuration")
#: Per-property settings a request may carry, with the check each value must pass.
_PROPERTY_KEYS: Final[dict[str, tuple[str, Callable[[object], bool]]]] = {
    "visible": ("should be a boolean", lambda v: isinstance(v, bool)),
    "wrap": ("should be a boolean", lambda v: isinstance(v, bool)),
    "width": (
        "should be a number",
        lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0,
    ),
}
#: Table options stored as given.
_TABLE_FLAGS: Final[dict[str, tuple[str, Callable[[object], bool]]]] = {
    "wrap_cells": ("should be a boolean", lambda v: isinstance(v, bool)),
    "show_vertical_lines": ("should be a boolean", lambda v: isinstance(v, bool)),
    "frozen_column_index": (
        "should be an integer ≥ `0`",
        lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    ),
}
_UNMODELLED: Final = ("group_by", "subtasks")
MAX_PAGE_SIZE: Final = 100


class ViewStore:
    """The views of every database, kept beside the data sources they show.

    Ids come from their own seeded generator, so adding views changed no id the rest of
    the emulator hands out.
    """

    def __init__(
        self, seed: int, now: Callable[[], str], data_sources: dict[str, JSONDict]
    ) -> None:
        self._rng = random.Random(f"notion-emulator-views-{seed}")
        self._now = now
        self._data_sources = data_sources
        self.views: dict[str, JSONDict] = {}

    # ----------------------------------------------------------------- create
    def add(
        self,
        database_id: str,
        data_source_id: str,
        actor: JSONDict,
        *,
        view_type: str = "table",
        name: str = "Default view",
    ) -> JSONDict:
        """A new view over the data source (what `create_database` makes: the default)."""
        if view_type not in VIEW_TYPES:
            raise ValueError(f"unknown view type {view_type!r}")
        view_id = str(uuid.UUID(int=self._rng.getrandbits(128), version=4))
        now = self._now()
        view: JSONDict = {
            "object": "view",
            "id": view_id,
            "parent": {"type": "database_id", "database_id": database_id},
            "name": name,
            "type": view_type,
            "created_time": now,
            "last_edited_time": now,
            "url": f"https://www.notion.so/{database_id.replace('-', '')}"
            f"?v={view_id.replace('-', '')}",
            "data_source_id": data_source_id,
            "created_by": dict(actor),
            "last_edited_by": dict(actor),
            "filter": None,
            "sorts": None,
            "quick_filters": None,
            "configuration": {"type": view_type, "properties": []},
        }
        self.views[view_id] = view
        return self.render(view_id)

    # ------------------------------------------------------------------- read
    def _view(self, view_id: str) -> JSONDict:
        view = self.views.get(view_id)
        if view is None:
            raise not_found("view", view_id)
        return view

    def render(self, view_id: str) -> JSONDict:
        """The view as the API returns it: its properties named, new ones appended visible."""
        view = copy.deepcopy(self._view(view_id))
        config = view["configuration"]
        schema = self._data_sources.get(view["data_source_id"], {}).get("properties", {})
        names = {prop["id"]: name for name, prop in schema.items()}
        shown: list[JSONDict] = []
        for entry in config.get("properties") or []:
            name = names.get(entry["property_id"])
            if name is not None:  # a removed property leaves the view with it
                shown.append({**entry, "property_name": name})
        seen = {entry["property_id"] for entry in shown}
        ordered = sorted(schema.items(), key=lambda item: item[1]["type"] != "title")
        for name, prop in ordered:
            if prop["id"] not in seen:
                shown.append({"property_id": prop["id"], "property_name": name, "visible": True})
        config["properties"] = shown
        return view

    def list(
        self, query: dict[str, list[str]], database_id: str | None, ds_id: str | None
    ) -> JSONDict:
        """``GET /v1/views``: references to the views of a database and/or data source.

        The caller has normalised the ids and checked that they exist.
        """
        if database_id is None and ds_id is None:
            raise validation(
                "query failed validation: one of query.database_id or query.data_source_id "
                "should be defined, instead was `undefined`."
            )
        size = _page_size(_first(query, "page_size"))
        matching = [
            view_id
            for view_id, view in self.views.items()
            if (database_id is None or view["parent"]["database_id"] == database_id)
            and (ds_id is None or view["data_source_id"] == ds_id)
        ]
        start = 0
        cursor = _first(query, "start_cursor")
        if cursor is not None:
            if cursor not in matching:
                raise body_invalid(
                    "query.start_cursor", "should be a valid cursor", cursor, "query"
                )
            start = matching.index(cursor)
        chunk = matching[start : start + size]
        has_more = start + size < len(matching)
        return {
            "object": "list",
            "results": [{"object": "view", "id": view_id} for view_id in chunk],
            "next_cursor": matching[start + size] if has_more else None,
            "has_more": has_more,
            "type": "view",
            "view": {},
        }

    # ----------------------------------------------------------------- update
    def update(self, view_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        """``PATCH /v1/views/{id}``: the whole body is checked before anything changes."""
        view = self._view(view_id)
        for key in body:
            if key not in UPDATE_KEYS:
                raise body_invalid(f"body.{key}", "should be not present", body[key])
        for key in ("filter", "sorts", "quick_filters"):
            _refuse_unmodelled(body, key, f"body.{key}")
        name = body.get("name", view["name"])
        if not isinstance(name, str) or not name:
            raise body_invalid("body.name", "should be a non-empty string", name)
        config = copy.deepcopy(view["configuration"])
        if "configuration" in body:
            config = self._configuration(view, body["configuration"])
        view["name"] = name
        view["configuration"] = config
        view["last_edited_time"] = self._now()
        view["last_edited_by"] = dict(actor)
        return self.render(view_id)

    def _configuration(self, view: JSONDict, raw: object) -> JSONDict:
        where = "body.configuration"
        if not isinstance(raw, dict):
            raise body_invalid(where, "should be an object", raw)
        if raw.get("type") != view["type"]:
            raise body_invalid(f"{where}.type", f"should be `{view['type']}`", raw.get("type"))
        config = copy.deepcopy(view["configuration"])
        flags = _TABLE_FLAGS if view["type"] == "table" else {}
        for key, value in raw.items():
            path = f"{where}.{key}"
            if key == "type":
                continue
            if key == "properties":
                config["properties"] = self._properties(view, value, path)
            elif key in _UNMODELLED and view["type"] == "table":
                _refuse_unmodelled(raw, key, path)
            elif key in flags:
                expectation, ok = flags[key]
                if not ok(value):
                    raise body_invalid(path, expectation, value)
                config[key] = value
            else:
                raise body_invalid(path, "should be not present", value)
        return config

    def _properties(self, view: JSONDict, raw: object, where: str) -> list[JSONDict]:
        if raw is None:  # null clears: every property back to the default
            return []
        if not isinstance(raw, list):
            raise body_invalid(where, "should be an array", raw)
        schema = self._data_sources.get(view["data_source_id"], {}).get("properties", {})
        known = {prop["id"] for prop in schema.values()}
        entries: list[JSONDict] = []
        for index, item in enumerate(raw):
            path = f"{where}[{index}]"
            if not isinstance(item, dict):
                raise body_invalid(path, "should be an object", item)
            property_id = item.get("property_id")
            if not isinstance(property_id, str):
                raise body_invalid(f"{path}.property_id", "should be a string", property_id)
            if property_id not in known:
                raise validation(f"Could not find property with name or id: {property_id}")
            if any(e["property_id"] == property_id for e in entries):
                raise body_invalid(f"{path}.property_id", "should be unique", property_id)
            entry: JSONDict = {"property_id": property_id}
            for key, value in item.items():
                if key == "property_id":
                    continue
                if key not in _PROPERTY_KEYS:
                    raise body_invalid(f"{path}.{key}", "should be not present", value)
                expectation, ok = _PROPERTY_KEYS[key]
                if not ok(value):
                    raise body_invalid(f"{path}.{key}", expectation, value)
                entry[key] = value
            entries.append(entry)
        return entries

    # ------------------------------------------------------------------ human
    def set_visible(self, view_id: str, prop: str, visible: bool, actor: JSONDict) -> JSONDict:
        """The reader clicks the eye beside `prop` (a name or id) in the view's Properties menu."""
        view = self.render(view_id)
        entries = view["configuration"]["properties"]
        target = next((e for e in entries if prop in (e["property_id"], e["property_name"])), None)
        if target is None:
            raise validation(f"Could not find property with name or id: {prop}")
        target["visible"] = visible
        stored = [{k: v for k, v in e.items() if k != "property_name"} for e in entries]
        return self.update(
            view_id, {"configuration": {"type": view["type"], "properties": stored}}, actor
        )


def _first(query: dict[str, list[str]], key: str) -> str | None:
    values = query.get(key)
    return values[0] if values else None


def _page_size(raw: str | None) -> int:
    if raw is None:
        return MAX_PAGE_SIZE
    try:
        value = int(raw)
    except ValueError:
        raise body_invalid("query.page_size", "should be a number", raw, "query") from None
    if not 1 <= value <= MAX_PAGE_SIZE:
        bound = f"≤ `{MAX_PAGE_SIZE}`" if value > MAX_PAGE_SIZE else "≥ `1`"
        raise body_invalid("query.page_size", f"should be {bound}", value, "query")
    return value


def _refuse_unmodelled(body: JSONDict, key: str, path: str) -> None:
    if body.get(key) is not None:
        raise validation(
            f"body failed validation: {path} is a Notion parameter the emulator does not "
            "model; extend tests/notion_emulator if the exporter needs it."
        )


#: What a refused Views API answers (`NotionEmulator.views_refusal`): an integration or
#: API version without the endpoint (400), without the capability (403), or a workspace
#: where the views cannot be found (404). Wording is Notion-like.
REFUSALS: Final[dict[int, tuple[str, str]]] = {
    400: ("invalid_request_url", "Invalid request URL."),
    403: ("restricted_resource", "Insufficient permissions for this endpoint."),
    404: ("object_not_found", "Could not find the requested views."),
}


def refusal(status: int) -> NotionAPIError:
    code, message = REFUSALS[status]
    return NotionAPIError(status, code, message)
