"""In-memory Notion workspace: databases, data sources, pages, blocks, trash.

Objects are stored in the shape the API returns them (API version 2025-09-03), so reading
them is a serialisation; every mutation goes through a method that validates the whole request
before touching anything (a 400 never leaves half a write behind).

Object shapes: https://developers.notion.com/reference/database ,
https://developers.notion.com/reference/data-source , https://developers.notion.com/reference/page ,
https://developers.notion.com/reference/block . ``created_time`` / ``last_edited_time`` are rounded
down to the minute like Notion does
(https://developers.notion.com/changelog/last-edited-time-is-now-rounded-to-the-nearest-minute).
"""

from __future__ import annotations

import copy
import random
import string
import threading
import time
import uuid
from datetime import datetime, timezone
from typing import Any, Final

from .content import (
    ParsedBlock,
    block_type_of,
    can_have_children,
    parse_block_payload,
    parse_children,
    parse_rich_text,
    plain_text,
    text_item,
)
from .errors import (
    UNDEFINED,
    NotionAPIError,
    archived_edit,
    block_limit_reached,
    body_invalid,
    not_found,
    validation,
)
from .query import compile_filter, compile_sorts
from .schema import (
    PendingOptions,
    apply_pending_options,
    empty_value,
    parse_property_config,
    parse_property_value,
)
from .views import ViewStore

JSONDict = dict[str, Any]

DEFAULT_PAGE_SIZE: Final = 100
MAX_PAGE_SIZE: Final = 100


def normalize_id(raw: str, what: str = "id", where: str = "path") -> str:
    """Accept dashed or undashed UUIDs; return the dashed lowercase form."""
    compact = raw.replace("-", "").lower()
    if len(compact) != 32 or any(c not in string.hexdigits for c in compact):
        raise body_invalid(f"{where}.{what}", "should be a valid uuid", raw, where=where)
    return str(uuid.UUID(compact))


class Clock:
    """Wall clock with an adjustable offset, rounded down like Notion timestamps."""

    def __init__(self, granularity: float = 60.0) -> None:
        self.granularity = granularity
        self.offset = 0.0

    def now(self) -> str:
        moment = time.time() + self.offset
        if self.granularity > 0:
            moment -= moment % self.granularity
        stamp = datetime.fromtimestamp(moment, tz=timezone.utc)
        return stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}Z"


class IdFactory:
    """Deterministic UUIDs and short property ids from a seed."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(f"notion-emulator-ids-{seed}")

    def uuid(self) -> str:
        return str(uuid.UUID(int=self._rng.getrandbits(128), version=4))

    def short(self) -> str:
        return "".join(self._rng.choice(string.ascii_letters + string.digits) for _ in range(4))


def _parent_obj(kind: str, parent_id: str) -> JSONDict:
    return {"type": kind, kind: parent_id}


class NotionState:
    """The emulated workspace. All public methods take ``self.lock``."""

    def __init__(self, seed: int = 0, timestamp_granularity: float = 60.0) -> None:
        self.lock = threading.RLock()
        self.ids = IdFactory(seed)
        self.clock = Clock(timestamp_granularity)
        self.databases: dict[str, JSONDict] = {}
        self.data_sources: dict[str, JSONDict] = {}
        self.pages: dict[str, JSONDict] = {}
        self.blocks: dict[str, JSONDict] = {}
        # Ordered child ids of pages and blocks (blocks, child pages, child databases).
        self.children: dict[str, list[str]] = {}
        self.seq: dict[str, int] = {}
        self._counter = 0
        #: Seconds a new page stays invisible to queries (real Notion's search index lags
        #: behind its writes); retrieving the page by id works at once.
        self.query_lag = 0.0
        self._created_at: dict[str, float] = {}
        #: When set, pages that sort equal come back in an order drawn from this seed
        #: (Notion documents no tie-break for same-minute ``created_time``).
        self.shuffle_ties: int | None = None
        #: Blocks the workspace may still create (None: unlimited). Past it, writes that
        #: create blocks are refused whole, as on a Free workspace over its block limit.
        self.blocks_left: int | None = None
        #: Each database's views (``views.py``), reading the schemas of `data_sources`.
        self.views = ViewStore(seed, self.clock.now, self.data_sources)
        self.bot_user: JSONDict = {"object": "user", "id": self.ids.uuid()}
        self.human_user: JSONDict = {"object": "user", "id": self.ids.uuid()}
        self.root_page_id: str = self._new_page(
            parent={"type": "workspace", "workspace": True},
            properties={
                "title": {"id": "title", "type": "title", "title": [text_item("Emulator root")]}
            },
            actor=self.human_user,
        )["id"]

    # ------------------------------------------------------------------ helpers
    def _next_seq(self, object_id: str) -> None:
        self._counter += 1
        self.seq[object_id] = self._counter

    def _touch(self, obj: JSONDict, actor: JSONDict) -> None:
        """Mark `obj` edited; a block's edit is also an edit of the page it lives on,
        as Notion shows it (the page's ``last_edited_time`` moves when its content does)."""
        now = self.clock.now()
        seen: set[str] = set()
        while obj is not None and obj["id"] not in seen:
            seen.add(obj["id"])
            obj["last_edited_time"] = now
            obj["last_edited_by"] = dict(actor)
            if obj.get("object") != "block":
                break
            parent = obj.get("parent") or {}
            parent_id = parent.get("block_id") or parent.get("page_id")
            obj = self.blocks.get(parent_id) or self.pages.get(parent_id)  # type: ignore[assignment]

    def _new_page(self, parent: JSONDict, properties: JSONDict, actor: JSONDict) -> JSONDict:
        page_id = self.ids.uuid()
        now = self.clock.now()
        page: JSONDict = {
            "object": "page",
            "id": page_id,
            "created_time": now,
            "last_edited_time": now,
            "created_by": dict(actor),
            "last_edited_by": dict(actor),
            "cover": None,
            "icon": None,
            "parent": parent,
            "archived": False,
            "in_trash": False,
            "is_archived": False,
            "is_locked": False,
            "properties": properties,
            "url": f"https://www.notion.so/{page_id.replace('-', '')}",
            "public_url": None,
        }
        self.pages[page_id] = page
        self.children[page_id] = []
        self._next_seq(page_id)
        self._created_at[page_id] = time.monotonic()
        return page

    def _spend_blocks(self, tree: list[ParsedBlock], pages: int = 0) -> None:
        """Refuse a write that would create more blocks than the workspace has left
        (a page is a block too)."""
        if self.blocks_left is None:
            return
        count = pages
        stack = list(tree)
        while stack:
            parsed = stack.pop()
            count += 1
            stack.extend(parsed.children)
        if count > self.blocks_left:
            raise block_limit_reached()
        self.blocks_left -= count

    def is_trashed(self, object_id: str) -> bool:
        for table in (self.blocks, self.pages, self.databases):
            if object_id in table:
                return bool(table[object_id]["in_trash"])
        return False

    def _container(self, object_id: str) -> JSONDict:
        """A page or block that can hold children (404 otherwise)."""
        if object_id in self.pages:
            return self.pages[object_id]
        if object_id in self.blocks:
            return self.blocks[object_id]
        raise not_found("block", object_id)

    def _refresh_has_children(self, object_id: str) -> None:
        block = self.blocks.get(object_id)
        if block is not None:
            block["has_children"] = any(
                not self.is_trashed(c) for c in self.children.get(object_id, [])
            )

    def render_child(self, child_id: str) -> JSONDict:
        """A child of a page/block as a block object (child pages and databases included)."""
        if child_id in self.blocks:
            return self.blocks[child_id]
        obj = self.pages.get(child_id) or self.databases[child_id]
        is_page = obj["object"] == "page"
        title = (
            plain_text(obj["properties"]["title"]["title"]) if is_page else plain_text(obj["title"])
        )
        kind = "child_page" if is_page else "child_database"
        return {
            "object": "block",
            "id": child_id,
            "parent": obj["parent"],
            "created_time": obj["created_time"],
            "last_edited_time": obj["last_edited_time"],
            "created_by": obj["created_by"],
            "last_edited_by": obj["last_edited_by"],
            "has_children": bool(self.children.get(child_id)),
            "archived": obj["in_trash"],
            "in_trash": obj["in_trash"],
            "type": kind,
            kind: {"title": title},
        }

    def _insert_blocks(
        self,
        parent_id: str,
        tree: list[ParsedBlock],
        actor: JSONDict,
        index: int | None = None,
    ) -> list[str]:
        kind = "page_id" if parent_id in self.pages else "block_id"
        now = self.clock.now()
        created: list[str] = []
        for parsed in tree:
            block_id = self.ids.uuid()
            self.blocks[block_id] = {
                "object": "block",
                "id": block_id,
                "parent": _parent_obj(kind, parent_id),
                "created_time": now,
                "last_edited_time": now,
                "created_by": dict(actor),
                "last_edited_by": dict(actor),
                "has_children": bool(parsed.children),
                "archived": False,
                "in_trash": False,
                "type": parsed.type,
                parsed.type: parsed.payload,
            }
            self.children[block_id] = []
            self._next_seq(block_id)
            created.append(block_id)
            if parsed.children:
                self._insert_blocks(block_id, parsed.children, actor)
        siblings = self.children.setdefault(parent_id, [])
        if index is None:
            siblings.extend(created)
        else:
            siblings[index:index] = created
        self._refresh_has_children(parent_id)
        return created

    def _data_source(self, ds_id: str) -> JSONDict:
        ds = self.data_sources.get(ds_id)
        if ds is None:
            raise not_found("data_source", ds_id)
        return ds

    def _page(self, page_id: str) -> JSONDict:
        page = self.pages.get(page_id)
        if page is None:
            raise not_found("page", page_id)
        return page

    def database_of(self, ds_id: str) -> JSONDict:
        ds = self._data_source(ds_id)
        return self.databases[ds["parent"]["database_id"]]

    # ------------------------------------------------------------- databases
    def create_database(self, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            parent = body.get("parent")
            if not isinstance(parent, dict):
                raise body_invalid(
                    "body.parent", "should be defined", UNDEFINED if parent is None else parent
                )
            if parent.get("type") == "workspace" or parent.get("workspace") is True:
                raise validation(
                    "body failed validation: body.parent.page_id should be defined "
                    "(internal integrations cannot create workspace-level databases)."
                )
            raw_page = parent.get("page_id")
            if not isinstance(raw_page, str):
                raise body_invalid("body.parent.page_id", "should be defined", UNDEFINED)
            page_id = normalize_id(raw_page, "parent.page_id", "body")
            parent_page = self._page(page_id)
            if parent_page["in_trash"]:
                raise archived_edit()
            title = parse_rich_text(body.get("title", []), "body.title")
            description = parse_rich_text(body.get("description", []), "body.description")
            is_inline = body.get("is_inline", False)
            if not isinstance(is_inline, bool):
                raise body_invalid("body.is_inline", "should be a boolean", is_inline)
            initial = body.get("initial_data_source", {})
            if not isinstance(initial, dict):
                raise body_invalid("body.initial_data_source", "should be an object", initial)
            props_in = initial.get("properties", {"Name": {"title": {}}})
            schema = self._parse_schema(props_in, "body.initial_data_source.properties")
            ds_title = (
                parse_rich_text(initial["title"], "body.initial_data_source.title")
                if "title" in initial
                else copy.deepcopy(title)
            )
            now = self.clock.now()
            db_id = self.ids.uuid()
            ds_id = self.ids.uuid()
            database: JSONDict = {
                "object": "database",
                "id": db_id,
                "title": title,
                "description": description,
                "parent": _parent_obj("page_id", page_id),
                "is_inline": is_inline,
                "in_trash": False,
                "archived": False,
                "is_locked": False,
                "created_time": now,
                "last_edited_time": now,
                "created_by": dict(actor),
                "last_edited_by": dict(actor),
                "data_sources": [{"id": ds_id, "name": plain_text(ds_title)}],
                "icon": body.get("icon"),
                "cover": body.get("cover"),
                "url": f"https://www.notion.so/{db_id.replace('-', '')}",
                "public_url": None,
            }
            data_source: JSONDict = {
                "object": "data_source",
                "id": ds_id,
                "created_time": now,
                "last_edited_time": now,
                "created_by": dict(actor),
                "last_edited_by": dict(actor),
                "title": ds_title,
                "description": [],
                "icon": body.get("icon"),
                "cover": None,
                "properties": schema,
                "parent": _parent_obj("database_id", db_id),
                "database_parent": _parent_obj("page_id", page_id),
                "is_inline": is_inline,
                "archived": False,
                "in_trash": False,
                "url": f"https://www.notion.so/{ds_id.replace('-', '')}",
                "public_url": None,
            }
            self.databases[db_id] = database
            self.data_sources[ds_id] = data_source
            self.children[db_id] = []
            self._next_seq(db_id)
            self._next_seq(ds_id)
            self.children.setdefault(page_id, []).append(db_id)
            self.views.add(db_id, ds_id, actor)
            return database

    def _parse_schema(self, props_in: object, path: str) -> dict[str, JSONDict]:
        if not isinstance(props_in, dict):
            raise body_invalid(path, "should be an object", props_in)
        schema: dict[str, JSONDict] = {}
        for name, cfg in props_in.items():
            if not name:
                raise body_invalid(path, "should not contain an empty property name", name)
            schema[name] = parse_property_config(name, cfg, f"{path}.{name}", self.ids.short)
        titles = [n for n, p in schema.items() if p["type"] == "title"]
        if len(titles) != 1:
            raise validation(
                f"body failed validation: {path} should contain exactly one title property, "
                f"instead had `{len(titles)}`."
            )
        return schema

    def retrieve_database(self, db_id: str) -> JSONDict:
        with self.lock:
            database = self.databases.get(db_id)
            if database is None:
                raise not_found("database", db_id)
            return database

    def update_database(self, db_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            database = self.retrieve_database(db_id)
            title = parse_rich_text(body["title"], "body.title") if "title" in body else None
            trash = _trash_flag(body)
            if database["in_trash"] and trash is not False and title is not None:
                raise archived_edit()
            if title is not None:
                database["title"] = title
            if trash is not None:
                database["in_trash"] = database["archived"] = trash
                for ref in database["data_sources"]:
                    ds = self.data_sources[ref["id"]]
                    ds["in_trash"] = ds["archived"] = trash
            self._touch(database, actor)
            return database

    # ----------------------------------------------------------------- views
    def list_views(self, query: dict[str, list[str]]) -> JSONDict:
        with self.lock:
            ids: dict[str, str | None] = {}
            for key in ("database_id", "data_source_id"):
                raw = (query.get(key) or [None])[0]
                ids[key] = normalize_id(raw, key, "query") if raw else None
            if ids["database_id"] is not None:
                self.retrieve_database(ids["database_id"])
            if ids["data_source_id"] is not None:
                self._data_source(ids["data_source_id"])
            return self.views.list(query, ids["database_id"], ids["data_source_id"])

    def retrieve_view(self, view_id: str) -> JSONDict:
        with self.lock:
            return self.views.render(view_id)

    def update_view(self, view_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            return self.views.update(view_id, body, actor)

    # ---------------------------------------------------------- data sources
    def retrieve_data_source(self, ds_id: str) -> JSONDict:
        with self.lock:
            return self._data_source(ds_id)

    def create_data_source(self, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            parent = body.get("parent")
            raw_db = parent.get("database_id") if isinstance(parent, dict) else None
            if not isinstance(raw_db, str):
                raise body_invalid("body.parent.database_id", "should be defined", UNDEFINED)
            db_id = normalize_id(raw_db, "parent.database_id", "body")
            database = self.retrieve_database(db_id)
            schema = self._parse_schema(body.get("properties"), "body.properties")
            title = parse_rich_text(body.get("title", []), "body.title")
            now = self.clock.now()
            ds_id = self.ids.uuid()
            data_source: JSONDict = {
                "object": "data_source",
                "id": ds_id,
                "created_time": now,
                "last_edited_time": now,
                "created_by": dict(actor),
                "last_edited_by": dict(actor),
                "title": title,
                "description": [],
                "icon": body.get("icon"),
                "cover": None,
                "properties": schema,
                "parent": _parent_obj("database_id", db_id),
                "database_parent": dict(database["parent"]),
                "is_inline": database["is_inline"],
                "archived": False,
                "in_trash": False,
                "url": f"https://www.notion.so/{ds_id.replace('-', '')}",
                "public_url": None,
            }
            self.data_sources[ds_id] = data_source
            self._next_seq(ds_id)
            database["data_sources"].append({"id": ds_id, "name": plain_text(title)})
            return data_source

    def update_data_source(self, ds_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        """Add (new name), rename (``name``), retype, extend options, remove (``null``)."""
        with self.lock:
            ds = self._data_source(ds_id)
            schema: dict[str, JSONDict] = ds["properties"]
            new_schema = {name: copy.deepcopy(prop) for name, prop in schema.items()}
            renames: dict[str, str] = {}
            removed: list[str] = []
            retyped: list[str] = []
            props_in = body.get("properties")
            if props_in is not None:
                if not isinstance(props_in, dict):
                    raise body_invalid("body.properties", "should be an object", props_in)
                for key, cfg in props_in.items():
                    path = f"body.properties.{key}"
                    current_name = (
                        key
                        if key in schema
                        else next((n for n, p in schema.items() if p["id"] == key), None)
                    )
                    if cfg is None:
                        if current_name is None:
                            raise validation(f"{key} is not a property that exists.")
                        if schema[current_name]["type"] == "title":
                            raise validation("Cannot delete the title property of a data source.")
                        del new_schema[current_name]
                        removed.append(current_name)
                        continue
                    if not isinstance(cfg, dict):
                        raise body_invalid(path, "should be an object or `null`", cfg)
                    new_name = cfg.get("name", current_name or key)
                    if not isinstance(new_name, str) or not new_name:
                        raise body_invalid(f"{path}.name", "should be a non-empty string", new_name)
                    existing = schema.get(current_name) if current_name else None
                    entry = parse_property_config(new_name, cfg, path, self.ids.short, existing)
                    if existing is not None and existing["type"] != entry["type"]:
                        if "title" in (existing["type"], entry["type"]):
                            raise validation("Cannot change the type of the title property.")
                        retyped.append(new_name)
                    if current_name is not None and current_name != new_name:
                        del new_schema[current_name]
                        renames[current_name] = new_name
                    if new_name in new_schema and (
                        current_name is None or current_name != new_name
                    ):
                        raise validation(f"A property named {new_name} already exists.")
                    new_schema[new_name] = entry
                if sum(1 for p in new_schema.values() if p["type"] == "title") != 1:
                    raise validation("A data source must have exactly one title property.")
            title = parse_rich_text(body["title"], "body.title") if "title" in body else None
            trash = _trash_flag(body)
            # Commit.
            ds["properties"] = new_schema
            if title is not None:
                ds["title"] = title
                for ref in self.databases[ds["parent"]["database_id"]]["data_sources"]:
                    if ref["id"] == ds_id:
                        ref["name"] = plain_text(title)
            if trash is not None:
                ds["in_trash"] = ds["archived"] = trash
            if renames or removed or retyped or props_in:
                for page in self.pages.values():
                    if page["parent"].get("data_source_id") != ds_id:
                        continue
                    old_props: JSONDict = page["properties"]
                    fresh: JSONDict = {}
                    for name, prop in new_schema.items():
                        old_name = next((o for o, n in renames.items() if n == name), name)
                        value = old_props.get(old_name)
                        if value is None or name in retyped:
                            value = {
                                "id": prop["id"],
                                "type": prop["type"],
                                prop["type"]: empty_value(prop),
                            }
                        fresh[name] = value
                    page["properties"] = fresh
            self._touch(ds, actor)
            return ds

    def query_data_source(
        self, ds_id: str, body: JSONDict, filter_properties: list[str] | None = None
    ) -> JSONDict:
        with self.lock:
            ds = self._data_source(ds_id)
            schema = ds["properties"]
            predicate = (
                compile_filter(body["filter"], schema) if body.get("filter") is not None else None
            )
            order = compile_sorts(body.get("sorts"), schema)
            page_size = _page_size(body.get("page_size"), "body")
            include_trashed = body.get("in_trash") is True or body.get("archived") is True
            visible_before = time.monotonic() - self.query_lag
            candidates = [
                p
                for p in self.pages.values()
                if p["parent"].get("data_source_id") == ds_id
                and self._created_at.get(p["id"], 0.0) <= visible_before
            ]
            ordered = order(candidates, self._tie_order(ds_id))
            start = 0
            cursor = body.get("start_cursor")
            if cursor is not None:
                start = _cursor_index(ordered, cursor, "body")
            results: list[JSONDict] = []
            next_cursor: str | None = None
            for page in ordered[start:]:
                if page["in_trash"] and not include_trashed:
                    continue
                if predicate is not None and not predicate(page):
                    continue
                if len(results) == page_size:
                    next_cursor = page["id"]
                    break
                results.append(page)
            if filter_properties:
                results = [_only_properties(p, filter_properties) for p in results]
            return {
                "object": "list",
                "results": results,
                "next_cursor": next_cursor,
                "has_more": next_cursor is not None,
                "type": "page_or_data_source",
                "page_or_data_source": {},
            }

    def _tie_order(self, ds_id: str) -> dict[str, int]:
        """Creation order, or with `shuffle_ties` a seeded order that sorts break ties by."""
        if self.shuffle_ties is None:
            return self.seq
        ids = sorted(self.seq, key=self.seq.__getitem__)
        random.Random(f"{self.shuffle_ties}-{ds_id}").shuffle(ids)
        return {object_id: index for index, object_id in enumerate(ids)}

    # ----------------------------------------------------------------- pages
    def create_page(self, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            _refuse_unmodelled(body, ("markdown", "content", "template"))
            parent = body.get("parent")
            if not isinstance(parent, dict):
                raise body_invalid(
                    "body.parent", "should be defined", UNDEFINED if parent is None else parent
                )
            props_in = body.get("properties", {})
            if not isinstance(props_in, dict):
                raise body_invalid("body.properties", "should be an object", props_in)
            ds: JSONDict | None = None
            parent_page_id: str | None = None
            if isinstance(parent.get("data_source_id"), str):
                ds = self._data_source(
                    normalize_id(parent["data_source_id"], "parent.data_source_id", "body")
                )
            elif isinstance(parent.get("database_id"), str):
                db = self.retrieve_database(
                    normalize_id(parent["database_id"], "parent.database_id", "body")
                )
                if len(db["data_sources"]) != 1:
                    raise validation(
                        "Database has multiple data sources; use a data_source_id parent."
                    )
                ds = self._data_source(db["data_sources"][0]["id"])
            elif isinstance(parent.get("page_id"), str):
                parent_page_id = normalize_id(parent["page_id"], "parent.page_id", "body")
                if self._page(parent_page_id)["in_trash"]:
                    raise archived_edit()
            else:
                raise body_invalid("body.parent.data_source_id", "should be defined", UNDEFINED)
            children_tree = (
                parse_children(body["children"], "body.children")
                if body.get("children") is not None
                else []
            )
            if ds is not None:
                if ds["in_trash"]:
                    raise archived_edit()
                values, pending = self._parse_values(ds, props_in, "body.properties")
                self._spend_blocks(children_tree, pages=1)
                apply_pending_options(ds["properties"], pending)
                properties: JSONDict = {}
                for name, prop in ds["properties"].items():
                    value = values[name] if name in values else empty_value(prop)
                    properties[name] = {"id": prop["id"], "type": prop["type"], prop["type"]: value}
                page_parent = {
                    "type": "data_source_id",
                    "data_source_id": ds["id"],
                    "database_id": ds["parent"]["database_id"],
                }
            else:
                title: list[JSONDict] = []
                for key, value in props_in.items():
                    if key != "title" and not (isinstance(value, dict) and "title" in value):
                        raise validation(f"{key} is not a property that exists.")
                    if not isinstance(value, dict) or "title" not in value:
                        raise body_invalid(
                            f"body.properties.{key}.title", "should be defined", UNDEFINED
                        )
                    title = parse_rich_text(value["title"], f"body.properties.{key}.title")
                properties = {"title": {"id": "title", "type": "title", "title": title}}
                assert parent_page_id is not None
                page_parent = _parent_obj("page_id", parent_page_id)
            page = self._new_page(page_parent, properties, actor)
            page["icon"] = body.get("icon")
            page["cover"] = body.get("cover")
            if parent_page_id is not None:
                self.children.setdefault(parent_page_id, []).append(page["id"])
            if children_tree:
                self._insert_blocks(page["id"], children_tree, actor)
            return page

    def _parse_values(
        self, ds: JSONDict, props_in: JSONDict, path: str
    ) -> tuple[dict[str, Any], PendingOptions]:
        schema: dict[str, JSONDict] = ds["properties"]
        by_id = {p["id"]: n for n, p in schema.items()}
        pending = PendingOptions()
        values: dict[str, Any] = {}
        for key, value in props_in.items():
            name = key if key in schema else by_id.get(key)
            if name is None:
                raise validation(f"{key} is not a property that exists.")
            values[name] = parse_property_value(
                name, schema[name], value, f"{path}.{key}", self.ids.short, pending
            )
        return values, pending

    def retrieve_page(self, page_id: str, filter_properties: list[str] | None = None) -> JSONDict:
        with self.lock:
            page = self._page(page_id)
            return _only_properties(page, filter_properties) if filter_properties else page

    def update_page(self, page_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            _refuse_unmodelled(body, ("template", "erase_content"))
            page = self._page(page_id)
            trash = _trash_flag(body)
            props_in = body.get("properties")
            edits = props_in is not None or "icon" in body or "cover" in body
            if page["in_trash"] and edits and trash is not False:
                raise archived_edit()
            values: dict[str, Any] = {}
            pending = PendingOptions()
            ds_id = page["parent"].get("data_source_id")
            if props_in is not None:
                if not isinstance(props_in, dict):
                    raise body_invalid("body.properties", "should be an object", props_in)
                if ds_id is not None:
                    values, pending = self._parse_values(
                        self._data_source(ds_id), props_in, "body.properties"
                    )
                else:
                    for key, value in props_in.items():
                        if key != "title":
                            raise validation(f"{key} is not a property that exists.")
                        if not isinstance(value, dict) or "title" not in value:
                            raise body_invalid(
                                "body.properties.title.title", "should be defined", UNDEFINED
                            )
                        values["title"] = parse_rich_text(
                            value["title"], "body.properties.title.title"
                        )
            # Commit.
            if ds_id is not None and pending.items:
                apply_pending_options(self.data_sources[ds_id]["properties"], pending)
            for name, value in values.items():
                slot = page["properties"][name]
                slot[slot["type"]] = value
            for key in ("icon", "cover"):
                if key in body:
                    page[key] = body[key]
            if trash is not None:
                page["in_trash"] = page["archived"] = trash
            self._touch(page, actor)
            return page

    # ---------------------------------------------------------------- blocks
    def retrieve_block(self, block_id: str) -> JSONDict:
        with self.lock:
            if block_id in self.blocks or block_id in self.pages or block_id in self.databases:
                return self.render_child(block_id)
            raise not_found("block", block_id)

    def list_children(
        self, parent_id: str, start_cursor: str | None, page_size: object
    ) -> JSONDict:
        with self.lock:
            self._container(parent_id)
            size = _page_size(page_size, "query")
            visible = [c for c in self.children.get(parent_id, []) if not self.is_trashed(c)]
            start = 0
            if start_cursor is not None:
                all_ids = self.children.get(parent_id, [])
                cursor_id = _normalize_cursor(start_cursor, "query")
                if cursor_id not in all_ids:
                    raise _bad_cursor(start_cursor, "query")
                position = all_ids.index(cursor_id)
                start = next(
                    (i for i, c in enumerate(visible) if all_ids.index(c) >= position), len(visible)
                )
            chunk = visible[start : start + size]
            has_more = start + size < len(visible)
            return {
                "object": "list",
                "results": [self.render_child(c) for c in chunk],
                "next_cursor": visible[start + size] if has_more else None,
                "has_more": has_more,
                "type": "block",
                "block": {},
            }

    def append_children(self, parent_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            container = self._container(parent_id)
            if container["in_trash"]:
                raise archived_edit()
            if container["object"] == "block" and not can_have_children(
                container["type"], container[container["type"]]
            ):
                raise validation(f"Block type {container['type']} does not support children.")
            if "children" not in body:
                raise body_invalid("body.children", "should be defined", UNDEFINED)
            tree = parse_children(body["children"], "body.children")
            siblings = self.children.setdefault(parent_id, [])
            index: int | None = None
            after = body.get("after")
            position = body.get("position")
            if position is not None:
                if not isinstance(position, dict) or position.get("type") not in (
                    "start",
                    "end",
                    "after_block",
                ):
                    raise body_invalid(
                        "body.position.type", "should be `start`, `end` or `after_block`", position
                    )
                if position["type"] == "start":
                    index = 0
                elif position["type"] == "after_block":
                    target = position.get("after_block")
                    after = target.get("id") if isinstance(target, dict) else None
                    if not isinstance(after, str):
                        raise body_invalid(
                            "body.position.after_block.id", "should be defined", UNDEFINED
                        )
            if isinstance(after, str):
                after_id = normalize_id(after, "after", "body")
                if after_id not in siblings:
                    raise validation(f"Block {after} is not a child of {parent_id}.")
                index = siblings.index(after_id) + 1
            self._spend_blocks(tree)
            created = self._insert_blocks(parent_id, tree, actor, index)
            self._touch(container, actor)
            return {
                "object": "list",
                "results": [self.blocks[b] for b in created],
                "next_cursor": None,
                "has_more": False,
                "type": "block",
                "block": {},
            }

    def update_block(self, block_id: str, body: JSONDict, actor: JSONDict) -> JSONDict:
        with self.lock:
            if block_id in self.pages and block_id not in self.blocks:
                trash = _trash_flag(body)
                if trash is None:
                    raise validation("Use PATCH /v1/pages/{id} to edit a page.")
                self.update_page(block_id, {"in_trash": trash}, actor)
                return self.render_child(block_id)
            block = self.blocks.get(block_id)
            if block is None:
                raise not_found("block", block_id)
            btype: str = block["type"]
            trash = _trash_flag(body)
            typed_keys = [k for k in body if k not in ("in_trash", "archived", "type")]
            new_payload: JSONDict | None = None
            if typed_keys:
                given = block_type_of({k: body[k] for k in typed_keys}, "body")
                if given != btype:
                    raise validation(
                        f"body failed validation: body.{given} cannot update a block of type "
                        f"`{btype}` (a block's type cannot be changed)."
                    )
                raw = body[btype]
                if not isinstance(raw, dict):
                    raise body_invalid(f"body.{btype}", "should be an object", raw)
                if "children" in raw:
                    raise body_invalid(
                        f"body.{btype}.children", "should be not present", raw["children"]
                    )
                new_payload = parse_block_payload(
                    btype, raw, f"body.{btype}", partial=True, current=block[btype]
                )
            if block["in_trash"] and trash is not False:
                raise archived_edit()
            if new_payload is not None:
                block[btype] = new_payload
            if trash is not None:
                self._set_block_trash(block, trash)
            self._touch(block, actor)
            return block

    def _set_block_trash(self, block: JSONDict, trash: bool) -> None:
        block["in_trash"] = block["archived"] = trash
        parent = block["parent"]
        if parent["type"] == "block_id":
            self._refresh_has_children(parent["block_id"])

    def delete_block(self, block_id: str, actor: JSONDict) -> JSONDict:
        with self.lock:
            if block_id in self.pages:
                page = self.pages[block_id]
                if page["in_trash"]:
                    raise archived_edit()
                self.update_page(block_id, {"in_trash": True}, actor)
                return self.render_child(block_id)
            if block_id in self.databases:
                database = self.databases[block_id]
                if database["in_trash"]:
                    raise archived_edit()
                self.update_database(block_id, {"in_trash": True}, actor)
                return self.render_child(block_id)
            block = self.blocks.get(block_id)
            if block is None:
                raise not_found("block", block_id)
            if block["in_trash"]:
                raise archived_edit()
            self._set_block_trash(block, True)
            self._touch(block, actor)
            return block

    # ----------------------------------------------------------------- misc
    def search(self, body: JSONDict) -> JSONDict:
        with self.lock:
            text = body.get("query", "")
            if not isinstance(text, str):
                raise body_invalid("body.query", "should be a string", text)
            flt = body.get("filter")
            wanted = flt.get("value") if isinstance(flt, dict) else None
            if wanted not in (None, "page", "data_source"):
                raise body_invalid("body.filter.value", "should be `page` or `data_source`", wanted)
            page_size = _page_size(body.get("page_size"), "body")
            found: list[JSONDict] = []
            if wanted in (None, "data_source"):
                found += [
                    ds
                    for ds in self.data_sources.values()
                    if not ds["in_trash"] and text.lower() in plain_text(ds["title"]).lower()
                ]
            if wanted in (None, "page"):
                for page in self.pages.values():
                    if page["in_trash"] or page["id"] == self.root_page_id:
                        continue
                    title_prop = next(
                        (v for v in page["properties"].values() if v["type"] == "title"), None
                    )
                    title = plain_text(title_prop["title"]) if title_prop else ""
                    if text.lower() in title.lower():
                        found.append(page)
            found.sort(key=lambda o: self.seq[o["id"]])
            start = 0
            cursor = body.get("start_cursor")
            if cursor is not None:
                start = _cursor_index(found, cursor, "body")
            chunk = found[start : start + page_size]
            has_more = start + page_size < len(found)
            return {
                "object": "list",
                "results": chunk,
                "next_cursor": found[start + page_size]["id"] if has_more else None,
                "has_more": has_more,
                "type": "page_or_data_source",
                "page_or_data_source": {},
            }

    def bot_user_object(self) -> JSONDict:
        return {
            **self.bot_user,
            "type": "bot",
            "name": "digest2notes emulator bot",
            "avatar_url": None,
            "bot": {
                "owner": {"type": "workspace", "workspace": True},
                "workspace_name": "Emulator",
            },
        }

    # ----------------------------------------------------- human (UI) actions
    def human_set_property(self, page_id: str, prop: str, value: JSONDict) -> JSONDict:
        return self.update_page(page_id, {"properties": {prop: value}}, self.human_user)

    def human_set_select(self, page_id: str, prop: str, option_name: str | None) -> JSONDict:
        with self.lock:
            page = self._page(page_id)
            slot = page["properties"].get(prop)
            if slot is None:
                raise validation(f"{prop} is not a property that exists.")
            ptype = slot["type"]
            if ptype not in ("select", "status"):
                raise validation(f"{prop} is expected to be select or status, not {ptype}.")
            value = None if option_name is None else {"name": option_name}
            return self.human_set_property(page_id, prop, {ptype: value})

    def human_rename(self, page_id: str, new_title: str) -> JSONDict:
        with self.lock:
            page = self._page(page_id)
            name = next(n for n, v in page["properties"].items() if v["type"] == "title")
            return self.human_set_property(
                page_id, name, {"title": [{"text": {"content": new_title}}]}
            )

    def human_trash(self, page_id: str, trashed: bool = True) -> JSONDict:
        return self.update_page(page_id, {"in_trash": trashed}, self.human_user)

    def human_tick(self, block_id: str, checked: bool = True) -> JSONDict:
        with self.lock:
            block = self.blocks.get(block_id)
            if block is None:
                raise not_found("block", block_id)
            if block["type"] != "to_do":
                raise validation(f"Block {block_id} is a {block['type']}, not a to_do.")
            return self.update_block(block_id, {"to_do": {"checked": checked}}, self.human_user)

    def human_edit_text(self, block_id: str, text: str) -> JSONDict:
        with self.lock:
            block = self.blocks.get(block_id)
            if block is None:
                raise not_found("block", block_id)
            payload = {"rich_text": [{"text": {"content": text}}]}
            return self.update_block(block_id, {block["type"]: payload}, self.human_user)

    def human_delete_block(self, block_id: str) -> JSONDict:
        return self.delete_block(block_id, self.human_user)

    def human_add_page(
        self,
        data_source_id: str,
        properties: JSONDict,
        children: list[JSONDict] | None = None,
    ) -> JSONDict:
        body: JSONDict = {"parent": {"data_source_id": data_source_id}, "properties": properties}
        if children is not None:
            body["children"] = children
        return self.create_page(body, self.human_user)

    def human_add_blocks(self, parent_id: str, children: list[JSONDict]) -> JSONDict:
        return self.append_children(parent_id, {"children": children}, self.human_user)

    def human_create_database(
        self, title: str, properties: JSONDict, parent_page_id: str | None = None
    ) -> JSONDict:
        return self.create_database(
            {
                "parent": {"type": "page_id", "page_id": parent_page_id or self.root_page_id},
                "title": [{"text": {"content": title}}],
                "initial_data_source": {"properties": properties},
            },
            self.human_user,
        )

    # -------------------------------------------------------------- dumps
    def dump(self) -> JSONDict:
        with self.lock:
            return copy.deepcopy(
                {
                    "root_page_id": self.root_page_id,
                    "bot_user_id": self.bot_user["id"],
                    "human_user_id": self.human_user["id"],
                    "databases": self.databases,
                    "data_sources": self.data_sources,
                    "pages": self.pages,
                    "blocks": self.blocks,
                    "children": self.children,
                    "views": self.views.views,
                }
            )


def _refuse_unmodelled(body: JSONDict, keys: tuple[str, ...]) -> None:
    for key in keys:
        if body.get(key) not in (None, False):
            raise validation(
                f"body failed validation: body.{key} is a Notion parameter the emulator does "
                "not model; extend tests/notion_emulator if the exporter needs it."
            )


def _trash_flag(body: JSONDict) -> bool | None:
    for key in ("in_trash", "archived"):
        if key in body and body[key] is not None:
            value = body[key]
            if not isinstance(value, bool):
                raise body_invalid(f"body.{key}", "should be a boolean", value)
            return value
    return None


def _page_size(raw: object, where: str) -> int:
    if raw is None:
        return DEFAULT_PAGE_SIZE
    value: object = raw
    if isinstance(raw, str):
        try:
            value = int(raw)
        except ValueError:
            raise body_invalid(f"{where}.page_size", "should be a number", raw, where) from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise body_invalid(f"{where}.page_size", "should be a number", raw, where)
    if value > MAX_PAGE_SIZE:
        raise body_invalid(f"{where}.page_size", f"should be ≤ `{MAX_PAGE_SIZE}`", value, where)
    if value < 1:
        raise body_invalid(f"{where}.page_size", "should be ≥ `1`", value, where)
    return value


def _normalize_cursor(cursor: object, where: str) -> str:
    if not isinstance(cursor, str):
        raise _bad_cursor(cursor, where)
    try:
        return normalize_id(cursor, "start_cursor", where)
    except NotionAPIError:
        raise _bad_cursor(cursor, where) from None


def _bad_cursor(cursor: object, where: str) -> NotionAPIError:
    return body_invalid(f"{where}.start_cursor", "should be a valid cursor", cursor, where)


def _cursor_index(ordered: list[JSONDict], cursor: object, where: str) -> int:
    cursor_id = _normalize_cursor(cursor, where)
    for index, obj in enumerate(ordered):
        if obj["id"] == cursor_id:
            return index
    raise _bad_cursor(cursor, where)


def _only_properties(page: JSONDict, wanted: list[str]) -> JSONDict:
    props = {
        name: value
        for name, value in page["properties"].items()
        if value["id"] in wanted or name in wanted
    }
    return {**page, "properties": props}
