"""The Notion emulator, driven through the real notion-client (3.x, Notion-Version 2025-09-03)."""
# ruff: noqa: F811

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from notion_client import APIErrorCode, APIResponseError, Client
from notion_client.client import RetryOptions
from notion_client.errors import RequestTimeoutError, UnknownHTTPResponseError
from notion_client.helpers import collect_paginated_api

from tests.notion_emulator import (
    EmulatorHandle,
    FaultConfig,
    NotionAPIError,
    NotionEmulator,
    RequestRecord,
    plain_text,
)

# The fixture, for runs without tests/conftest.py (it is also registered there as a plugin).
from tests.notion_emulator.pytest_plugin import notion_emulator  # noqa: F401

JSONDict = dict[str, Any]
# notion_client.Client; typed as Any because its methods return ``Any | Awaitable[Any]``.
NotionClient = Any
REPO_ROOT = Path(__file__).resolve().parent.parent

SCHEMA: JSONDict = {
    "Name": {"title": {}},
    "Notes": {"rich_text": {}},
    "Status": {"select": {"options": [{"name": "Todo"}, {"name": "Doing"}, {"name": "Done"}]}},
    "Tags": {"multi_select": {}},
    "Score": {"number": {"format": "number"}},
    "Due": {"date": {}},
    "Flag": {"checkbox": {}},
    "Link": {"url": {}},
}


def make_client(
    emu: NotionEmulator | str, *, retry: bool | RetryOptions = False, **kw: Any
) -> NotionClient:
    base_url = emu if isinstance(emu, str) else emu.base_url
    token = kw.pop("auth", "secret_test_token" if isinstance(emu, str) else emu.token)
    # verify=False: plain HTTP to 127.0.0.1, and it skips loading CA certificates (~45 ms).
    transport = httpx.Client(verify=False)
    return Client(
        client=transport,
        auth=token,
        base_url=base_url,
        retry=retry,
        log_level=logging.CRITICAL,
        **kw,
    )


@pytest.fixture
def client(notion_emulator: NotionEmulator) -> Iterator[NotionClient]:
    notion = make_client(notion_emulator)
    yield notion
    notion.close()


def create_db(
    notion: NotionClient, emu: NotionEmulator | EmulatorHandle, schema: JSONDict | None = None
) -> tuple[str, str]:
    db = notion.databases.create(
        parent={"type": "page_id", "page_id": emu.root_page_id},
        title=[{"type": "text", "text": {"content": "Study notes"}}],
        initial_data_source={"properties": schema or SCHEMA},
    )
    return db["id"], db["data_sources"][0]["id"]


def title(text: str) -> JSONDict:
    return {"title": [{"type": "text", "text": {"content": text}}]}


def rich(text: str) -> JSONDict:
    return {"rich_text": [{"type": "text", "text": {"content": text}}]}


def todo(text: str, checked: bool = False) -> JSONDict:
    return {"object": "block", "type": "to_do", "to_do": {**rich(text), "checked": checked}}


def para(text: str) -> JSONDict:
    return {"type": "paragraph", "paragraph": rich(text)}


def expect_error(
    fn: Callable[[], Any], status: int, code: str, message: str | None = None
) -> APIResponseError:
    with pytest.raises(APIResponseError) as caught:
        fn()
    error = caught.value
    assert error.status == status, error
    assert error.code == code, error
    if message is not None:
        assert message in str(error), str(error)
    body = json.loads(error.body)
    assert body["object"] == "error" and body["status"] == status and body["code"] == code
    assert body["request_id"]
    return error


# --------------------------------------------------------------------------- workflow


def test_full_workflow_150_pages(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    emu = notion_emulator
    db_id, ds_id = create_db(client, emu)
    db = client.databases.retrieve(database_id=db_id)
    assert db["object"] == "database" and db["data_sources"] == [
        {"id": ds_id, "name": "Study notes"}
    ]
    assert db["parent"] == {"type": "page_id", "page_id": emu.root_page_id}
    ds = client.data_sources.retrieve(data_source_id=ds_id)
    assert ds["object"] == "data_source" and ds["parent"]["database_id"] == db_id
    assert set(ds["properties"]) == set(SCHEMA)
    assert ds["properties"]["Name"]["id"] == "title"

    page_ids: list[str] = []
    for i in range(150):
        page = client.pages.create(
            parent={"type": "data_source_id", "data_source_id": ds_id},
            properties={
                "Name": title(f"Note {i:03d}"),
                "Notes": rich("even" if i % 2 == 0 else "odd"),
                "Status": {"select": {"name": ["Todo", "Doing", "Done"][i % 3]}},
                "Tags": {
                    "multi_select": [{"name": "py"}] + ([{"name": "sql"}] if i % 5 == 0 else [])
                },
                "Score": {"number": i},
                "Flag": {"checkbox": i % 10 == 0},
            },
            children=[todo(f"task {i}a"), todo(f"task {i}b", checked=True)],
        )
        page_ids.append(page["id"])
    assert emu.count("POST", "/v1/pages", 200) == 150
    first = client.pages.retrieve(page_id=page_ids[0].replace("-", ""))  # undashed ids work
    assert first["parent"] == {
        "type": "data_source_id",
        "data_source_id": ds_id,
        "database_id": db_id,
    }
    assert first["url"] == "https://www.notion.so/" + page_ids[0].replace("-", "")
    props = first["properties"]
    assert props["Name"]["title"][0]["plain_text"] == "Note 000"
    assert props["Name"]["title"][0]["annotations"]["bold"] is False
    assert props["Status"]["select"]["name"] == "Todo" and props["Status"]["select"]["color"]
    assert props["Due"] == {"id": props["Due"]["id"], "type": "date", "date": None}
    assert props["Link"]["url"] is None and props["Flag"]["checkbox"] is True
    # multi_select options were added to the schema
    options = client.data_sources.retrieve(data_source_id=ds_id)["properties"]["Tags"][
        "multi_select"
    ]
    assert [o["name"] for o in options["options"]] == ["py", "sql"]

    # full pagination (default page_size is 100)
    everything = client.data_sources.query(data_source_id=ds_id)
    assert len(everything["results"]) == 100 and everything["has_more"] is True
    all_pages = collect_paginated_api(client.data_sources.query, data_source_id=ds_id, page_size=40)
    assert [p["id"] for p in all_pages] == page_ids
    assert emu.count("POST", "POST /v1/data_sources/{id}/query") == 5

    def query(**kw: Any) -> list[JSONDict]:
        return collect_paginated_api(client.data_sources.query, data_source_id=ds_id, **kw)

    assert len(query(filter={"property": "Status", "select": {"equals": "Done"}})) == 50
    assert len(query(filter={"property": "Status", "select": {"does_not_equal": "Done"}})) == 100
    assert len(query(filter={"property": "Notes", "rich_text": {"equals": "odd"}})) == 75
    assert len(query(filter={"property": "Name", "title": {"contains": "note 01"}})) == 10
    assert len(query(filter={"property": "Name", "title": {"starts_with": "Note 14"}})) == 10
    assert len(query(filter={"property": "Score", "number": {"greater_than": 139}})) == 10
    assert len(query(filter={"property": "Score", "number": {"less_than_or_equal_to": 9}})) == 10
    assert len(query(filter={"property": "Tags", "multi_select": {"contains": "sql"}})) == 30
    assert len(query(filter={"property": "Flag", "checkbox": {"equals": True}})) == 15
    assert len(query(filter={"property": "Due", "date": {"is_empty": True}})) == 150
    compound = {
        "or": [
            {"property": "Score", "number": {"less_than": 3}},
            {
                "and": [
                    {"property": "Status", "select": {"equals": "Done"}},
                    {"property": "Score", "number": {"greater_than_or_equal_to": 140}},
                ]
            },
        ]
    }
    assert [p["properties"]["Score"]["number"] for p in query(filter=compound)] == [
        0,
        1,
        2,
        140,
        143,
        146,
        149,
    ]
    by_score = query(sorts=[{"property": "Score", "direction": "descending"}], page_size=7)
    assert [p["properties"]["Score"]["number"] for p in by_score[:3]] == [149, 148, 147]
    by_status = query(
        sorts=[
            {"property": "Status", "direction": "ascending"},  # option order: Todo, Doing, Done
            {"property": "Score", "direction": "descending"},
        ]
    )
    assert [p["properties"]["Score"]["number"] for p in by_status[:2]] == [147, 144]
    assert [p["properties"]["Score"]["number"] for p in by_status[-2:]] == [5, 2]
    oldest_first = query(sorts=[{"timestamp": "created_time", "direction": "ascending"}])
    assert [p["id"] for p in oldest_first] == page_ids  # ties (same minute) keep creation order

    # update, trash
    updated = client.pages.update(
        page_id=page_ids[1],
        properties={
            "Status": {"select": {"name": "Blocked"}},
            "Due": {"date": {"start": "2025-01-31"}},
        },
    )
    assert updated["properties"]["Status"]["select"]["name"] == "Blocked"
    assert len(query(filter={"property": "Due", "date": {"on_or_after": "2025-01-01"}})) == 1
    trashed = client.pages.update(page_id=page_ids[2], in_trash=True)
    assert trashed["in_trash"] is True
    client.pages.update(page_id=page_ids[3], archived=True)  # legacy flag still works
    assert len(query()) == 148
    assert len(emu.pages_in(ds_id)) == 148 and len(emu.pages_in(ds_id, include_trashed=True)) == 150
    assert client.pages.retrieve(page_id=page_ids[2])["in_trash"] is True
    client.pages.update(page_id=page_ids[2], in_trash=False)
    assert len(query()) == 149

    # list and append children
    kids = client.blocks.children.list(block_id=page_ids[0])
    assert [b["to_do"]["rich_text"][0]["plain_text"] for b in kids["results"]] == [
        "task 0a",
        "task 0b",
    ]
    assert kids["results"][1]["to_do"]["checked"] is True
    assert kids["results"][0]["parent"] == {"type": "page_id", "page_id": page_ids[0]}
    appended = client.blocks.children.append(
        block_id=page_ids[0],
        children=[para("first")],
        position={"type": "start"},
    )
    assert appended["results"][0]["type"] == "paragraph"
    client.blocks.children.append(
        block_id=page_ids[0],
        children=[todo("middle")],
        position={"type": "after_block", "after_block": {"id": kids["results"][0]["id"]}},
    )
    client.blocks.children.append(block_id=page_ids[0], children=[todo("last")])
    texts = [plain_text(b[b["type"]]["rich_text"]) for b in emu.children_of(page_ids[0])]
    assert texts == ["first", "task 0a", "middle", "task 0b", "last"]
    assert emu.write_count() == 1 + 150 + 4 + 3  # db, pages, page updates, appends


def test_write_count_ignores_reads(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    _, ds_id = create_db(client, notion_emulator)
    client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("x")})
    client.data_sources.query(data_source_id=ds_id)
    client.data_sources.retrieve(data_source_id=ds_id)
    client.search(query="Study")
    assert notion_emulator.write_count() == 2
    assert notion_emulator.count() == 5
    records = notion_emulator.requests
    assert [r.route for r in records][:2] == ["POST /v1/databases", "POST /v1/pages"]
    assert records[1].body["parent"] == {"data_source_id": ds_id}
    assert records[1].headers["Notion-Version"] == "2025-09-03"
    assert records[2].write is False and records[2].applied is False
    notion_emulator.clear_log()
    assert notion_emulator.requests == []


def test_blocks_update_delete_paginate(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(
        parent={"data_source_id": ds_id},
        properties={"Name": title("Blocks")},
        children=[
            {"type": "toggle", "toggle": {**rich("toggle"), "children": [todo("inner")]}},
            {"type": "heading_2", "heading_2": rich("h2")},
            {"type": "divider", "divider": {}},
            {"type": "code", "code": {**rich("print(1)"), "language": "python"}},
            {"type": "callout", "callout": rich("note")},
            {"type": "quote", "quote": rich("q")},
            {"type": "bulleted_list_item", "bulleted_list_item": rich("b")},
        ],
    )
    blocks = emu.children_of(page["id"])
    assert [b["type"] for b in blocks] == [
        "toggle",
        "heading_2",
        "divider",
        "code",
        "callout",
        "quote",
        "bulleted_list_item",
    ]
    toggle = blocks[0]
    assert toggle["has_children"] is True and blocks[1]["has_children"] is False
    inner = client.blocks.children.list(block_id=toggle["id"])["results"][0]
    assert inner["parent"] == {"type": "block_id", "block_id": toggle["id"]}

    got = collect_paginated_api(client.blocks.children.list, block_id=page["id"], page_size=3)
    assert [b["id"] for b in got] == [b["id"] for b in blocks]
    first = client.blocks.children.list(block_id=page["id"], page_size=3)
    assert first["has_more"] is True and first["next_cursor"] == blocks[3]["id"]

    ticked = client.blocks.update(block_id=inner["id"], to_do={"checked": True})
    assert (
        ticked["to_do"]["checked"] is True and plain_text(ticked["to_do"]["rich_text"]) == "inner"
    )
    renamed = client.blocks.update(block_id=blocks[1]["id"], heading_2=rich("H2!"))
    assert plain_text(renamed["heading_2"]["rich_text"]) == "H2!"
    expect_error(
        lambda: client.blocks.update(block_id=blocks[1]["id"], paragraph=rich("x")),
        400,
        "validation_error",
    )

    deleted = client.blocks.delete(block_id=inner["id"])
    assert deleted["in_trash"] is True and deleted["archived"] is True
    assert client.blocks.retrieve(block_id=toggle["id"])["has_children"] is False
    assert client.blocks.children.list(block_id=toggle["id"])["results"] == []
    expect_error(
        lambda: client.blocks.update(block_id=inner["id"], to_do={"checked": False}),
        400,
        "validation_error",
        "archived",
    )
    expect_error(
        lambda: client.blocks.delete(block_id=inner["id"]), 400, "validation_error", "archived"
    )
    expect_error(
        lambda: client.blocks.children.append(block_id=blocks[2]["id"], children=[para("x")]),
        400,
        "validation_error",
    )

    # pages under pages show up as child_page blocks; deleting one trashes it
    sub = client.pages.create(
        parent={"page_id": emu.root_page_id}, properties={"title": title("Sub")}
    )
    root_kids = client.blocks.children.list(block_id=emu.root_page_id)["results"]
    assert [k["type"] for k in root_kids] == ["child_database", "child_page"]
    assert root_kids[1]["child_page"] == {"title": "Sub"}
    client.blocks.delete(block_id=sub["id"])
    assert client.pages.retrieve(page_id=sub["id"])["in_trash"] is True


def test_data_source_schema_update(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(
        parent={"data_source_id": ds_id},
        properties={"Name": title("a"), "Notes": rich("keep me"), "Score": {"number": 3}},
    )
    client.data_sources.update(
        data_source_id=ds_id,
        properties={
            "Notes": {"name": "Summary"},
            "Score": None,
            "Pages": {"number": {}},
            "State": {"status": {}},
            "Status": {"select": {"options": [{"name": "Later"}]}},
        },
    )
    schema = client.data_sources.retrieve(data_source_id=ds_id)["properties"]
    assert "Notes" not in schema and "Score" not in schema
    assert schema["Summary"]["type"] == "rich_text" and schema["Pages"]["type"] == "number"
    assert [o["name"] for o in schema["Status"]["select"]["options"]] == [
        "Todo",
        "Doing",
        "Done",
        "Later",
    ]
    assert [o["name"] for o in schema["State"]["status"]["options"]] == [
        "Not started",
        "In progress",
        "Done",
    ]
    props = client.pages.retrieve(page_id=page["id"])["properties"]
    assert plain_text(props["Summary"]["rich_text"]) == "keep me"
    assert "Score" not in props and props["Pages"]["number"] is None
    assert props["State"]["status"]["name"] == "Not started"
    expect_error(
        lambda: client.pages.update(page_id=page["id"], properties={"Notes": rich("x")}),
        400,
        "validation_error",
        "Notes is not a property that exists.",
    )
    found = client.data_sources.query(
        data_source_id=ds_id, filter={"property": "Summary", "rich_text": {"contains": "KEEP"}}
    )
    assert len(found["results"]) == 1
    expect_error(
        lambda: client.pages.update(
            page_id=page["id"], properties={"State": {"status": {"name": "Nope"}}}
        ),
        400,
        "validation_error",
    )
    client.pages.update(page_id=page["id"], properties={"State": {"status": {"name": "Done"}}})
    only_title = client.data_sources.query(data_source_id=ds_id, filter_properties=["title"])
    assert list(only_title["results"][0]["properties"]) == ["Name"]
    slim = client.pages.retrieve(page_id=page["id"], filter_properties=[schema["Pages"]["id"]])
    assert list(slim["properties"]) == ["Pages"]
    expect_error(
        lambda: client.pages.create(parent={"data_source_id": ds_id}, markdown="# hi"),
        400,
        "validation_error",
        "does not model",
    )
    expect_error(
        lambda: client.data_sources.update(data_source_id=ds_id, properties={"Name": None}),
        400,
        "validation_error",
    )


# ------------------------------------------------------------------------- validation


def big_children(width: int, depth: int) -> list[JSONDict]:
    if depth == 1:
        return [para(f"p{i}") for i in range(width)]
    return [
        {"type": "toggle", "toggle": {**rich(f"t{i}"), "children": big_children(width, depth - 1)}}
        for i in range(width)
    ]


def nested(levels: int) -> list[JSONDict]:
    block: JSONDict = para("leaf")
    for _ in range(levels - 1):
        block = {
            "type": "bulleted_list_item",
            "bulleted_list_item": {**rich("x"), "children": [block]},
        }
    return [block]


LIMIT_CASES: list[tuple[str, Callable[[str], JSONDict], str]] = [
    (
        "title content > 2000",
        lambda ds: {"properties": {"Name": {"title": [{"text": {"content": "x" * 2001}}]}}},
        "body failed validation: body.properties.Name.title[0].text.content.length"
        " should be ≤ `2000`, instead was `2001`.",
    ),
    (
        "block content > 2000",
        lambda ds: {"children": [para("y" * 2001)]},
        "body.children[0].paragraph.rich_text[0].text.content.length"
        " should be ≤ `2000`, instead was `2001`.",
    ),
    (
        "rich text array > 100",
        lambda ds: {"properties": {"Notes": {"rich_text": [{"text": {"content": "z"}}] * 101}}},
        "body.properties.Notes.rich_text.length should be ≤ `100`, instead was `101`.",
    ),
    (
        "children > 100",
        lambda ds: {"children": [para(str(i)) for i in range(101)]},
        "body failed validation: body.children.length should be ≤ `100`, instead was `101`.",
    ),
    (
        "nesting > 2 levels",
        lambda ds: {"children": nested(4)},
        "body.children[0].bulleted_list_item.children[0].bulleted_list_item.children[0]"
        ".bulleted_list_item.children should be not present",
    ),
    ("blocks > 1000", lambda ds: {"children": big_children(10, 3)}, "≤ `1000` block elements"),
    (
        "payload > 500KB",
        lambda ds: {
            "children": [
                {
                    "type": "paragraph",
                    "paragraph": {"rich_text": [{"text": {"content": "w" * 2000}}] * 100},
                }
                for _ in range(3)
            ]
        },
        "≤ `500000` bytes",
    ),
    (
        "unknown property",
        lambda ds: {"properties": {"Nope": rich("x")}},
        "Nope is not a property that exists.",
    ),
    (
        "wrong type",
        lambda ds: {"properties": {"Score": rich("x")}},
        "Score is expected to be number.",
    ),
    (
        "number as string",
        lambda ds: {"properties": {"Score": {"number": "3"}}},
        "body.properties.Score.number should be a number",
    ),
    (
        "select with comma",
        lambda ds: {"properties": {"Status": {"select": {"name": "a, b"}}}},
        "Invalid select option, commas not allowed: a, b",
    ),
    (
        "multi_select with comma",
        lambda ds: {"properties": {"Tags": {"multi_select": [{"name": "x,y"}]}}},
        "commas not allowed",
    ),
    (
        "empty url",
        lambda ds: {"properties": {"Link": {"url": ""}}},
        'body.properties.Link.url should be populated or `null`, instead was `""`.',
    ),
    (
        "empty select name",
        lambda ds: {"properties": {"Status": {"select": {"name": ""}}}},
        "should be populated",
    ),
    (
        "empty date start",
        lambda ds: {"properties": {"Due": {"date": {"start": ""}}}},
        "should be populated",
    ),
    (
        "unknown block type",
        lambda ds: {"children": [{"type": "image", "image": {}}]},
        "does not model",
    ),
]


@pytest.mark.parametrize(("label", "body", "message"), LIMIT_CASES, ids=[c[0] for c in LIMIT_CASES])
def test_documented_limits_are_400(
    notion_emulator: NotionEmulator,
    client: NotionClient,
    label: str,
    body: Callable[[str], JSONDict],
    message: str,
) -> None:
    _, ds_id = create_db(client, notion_emulator)
    kwargs = {"parent": {"data_source_id": ds_id}, "properties": {"Name": title("ok")}}
    kwargs.update(body(ds_id))
    expect_error(lambda: client.pages.create(**kwargs), 400, "validation_error", message)
    assert notion_emulator.pages_in(ds_id, include_trashed=True) == []  # nothing half-written
    schema = client.data_sources.retrieve(data_source_id=ds_id)["properties"]
    assert [o["name"] for o in schema["Status"]["select"]["options"]] == ["Todo", "Doing", "Done"]


def test_limits_on_append_update_and_paging(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    _, ds_id = create_db(client, notion_emulator)
    page = client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("p")})
    pid = page["id"]
    ok = client.blocks.children.append(block_id=pid, children=big_children(10, 2))
    assert len(ok["results"]) == 10  # 110 blocks, 2 levels: fine
    expect_error(
        lambda: client.blocks.children.append(block_id=pid, children=[para("a")] * 101),
        400,
        "validation_error",
        "body.children.length should be ≤ `100`",
    )
    expect_error(
        lambda: client.blocks.children.append(block_id=pid, children=nested(4)),
        400,
        "validation_error",
        "should be not present",
    )
    client.blocks.children.append(block_id=pid, children=nested(3))  # two levels of nesting is fine
    expect_error(
        lambda: client.pages.update(
            page_id=pid, properties={"Name": {"title": [{"text": {"content": "n" * 2001}}]}}
        ),
        400,
        "validation_error",
        "≤ `2000`",
    )
    expect_error(
        lambda: client.data_sources.query(data_source_id=ds_id, page_size=101),
        400,
        "validation_error",
        "body.page_size should be ≤ `100`, instead was `101`.",
    )
    expect_error(
        lambda: client.blocks.children.list(block_id=pid, page_size=101),
        400,
        "validation_error",
        "query.page_size should be ≤ `100`",
    )
    expect_error(
        lambda: client.data_sources.query(
            data_source_id=ds_id, filter={"property": "Nope", "select": {"equals": "x"}}
        ),
        400,
        "validation_error",
        "Could not find property with name or id: Nope",
    )
    too_deep = {"and": [{"or": [{"and": [{"property": "Score", "number": {"equals": 1}}]}]}]}
    expect_error(
        lambda: client.data_sources.query(data_source_id=ds_id, filter=too_deep),
        400,
        "validation_error",
        "nested too deeply",
    )
    expect_error(
        lambda: client.data_sources.query(data_source_id=ds_id, start_cursor="not-a-cursor"),
        400,
        "validation_error",
    )
    expect_error(
        lambda: client.pages.update(
            page_id=pid, properties={"Status": {"select": {"name": "a,b"}}}
        ),
        400,
        "validation_error",
        "commas not allowed",
    )
    client.pages.update(page_id=pid, in_trash=True)
    expect_error(
        lambda: client.pages.update(page_id=pid, properties={"Name": title("x")}),
        400,
        "validation_error",
        "archived",
    )
    expect_error(
        lambda: client.blocks.children.append(block_id=pid, children=[para("x")]),
        400,
        "validation_error",
        "archived",
    )


def test_auth_version_json_and_not_found(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    bad = make_client(emu, auth="secret_wrong")
    expect_error(lambda: bad.users.me(), 401, "unauthorized", "API token is invalid.")
    bad.close()
    assert client.users.me()["type"] == "bot"
    with httpx.Client(base_url=emu.base_url) as raw:
        auth = {"Authorization": f"Bearer {emu.token}"}
        missing = raw.get("/v1/users/me", headers=auth)
        assert missing.status_code == 400 and missing.json()["code"] == "missing_version"
        headers = {**auth, "Notion-Version": "2025-09-03", "Content-Type": "application/json"}
        broken = raw.post("/v1/pages", headers=headers, content=b"{not json")
        assert broken.status_code == 400 and broken.json()["code"] == "invalid_json"
        nowhere = raw.get("/v1/nowhere", headers=headers)
        assert nowhere.status_code == 400 and nowhere.json()["code"] == "invalid_request_url"
    missing_id = "0" * 8 + "-0000-4000-8000-" + "0" * 12
    expect_error(
        lambda: client.pages.retrieve(page_id=missing_id),
        404,
        "object_not_found",
        f"Could not find page with ID: {missing_id}",
    )
    expect_error(
        lambda: client.data_sources.query(data_source_id=missing_id), 404, "object_not_found"
    )
    expect_error(lambda: client.blocks.children.list(block_id=missing_id), 404, "object_not_found")
    expect_error(
        lambda: client.pages.retrieve(page_id="abc"),
        400,
        "validation_error",
        "path.page_id should be a valid uuid",
    )
    assert emu.count(status=401) == 1 and emu.count(status=404) == 3


def test_token_never_stored(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    _, ds_id = create_db(client, notion_emulator)
    client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("t")})
    dumped = json.dumps(notion_emulator.dump_state()) + json.dumps(
        [r.to_dict() for r in notion_emulator.requests]
    )
    assert notion_emulator.token not in dumped
    assert all(
        "authorization" not in {k.lower() for k in r.headers} for r in notion_emulator.requests
    )


# ----------------------------------------------------------------------- rate limiting


def test_rate_limit_429_with_retry_after(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    emu.rate_limit = 1.0  # burst of 1, then 1/s
    statuses: list[int] = []
    for i in range(6):
        try:
            client.pages.create(
                parent={"data_source_id": ds_id}, properties={"Name": title(str(i))}
            )
            statuses.append(200)
        except APIResponseError as error:
            assert error.code == APIErrorCode.RateLimited
            retry_after = error.headers["retry-after"]
            assert retry_after.isdigit() and int(retry_after) >= 1
            statuses.append(error.status)
    assert statuses[0] == 200 and statuses.count(429) >= 3
    assert len(emu.pages_in(ds_id)) == statuses.count(200)  # 429s were not applied
    assert emu.count(route="POST /v1/pages", status=429) == statuses.count(429)

    # notion-client's own retry honours Retry-After (1 s here) and gets through
    retrying = make_client(emu, retry=RetryOptions(max_retries=3))
    started = time.monotonic()
    retrying.data_sources.retrieve(data_source_id=ds_id)
    assert time.monotonic() - started >= 0.9
    assert [r.status for r in emu.requests[-2:]] == [429, 200]
    retrying.close()
    emu.rate_limit = None
    for _ in range(20):
        client.data_sources.retrieve(data_source_id=ds_id)


# ------------------------------------------------------------------------ fault kinds


def _run_gets(emu: NotionEmulator, n: int, ds_id: str) -> list[str]:
    notion = make_client(emu, timeout_ms=2000)
    outcomes: list[str] = []
    for _ in range(n):
        try:
            notion.data_sources.retrieve(data_source_id=ds_id)
            outcomes.append("ok")
        except UnknownHTTPResponseError as error:
            outcomes.append(f"unknown-{error.status}")
        except APIResponseError as error:
            outcomes.append(f"{error.status}-{error.code.value}")
        except httpx.TransportError as error:
            outcomes.append(type(error).__name__)
    notion.close()
    return outcomes


FAULT_KINDS: list[tuple[str, FaultConfig, str]] = [
    ("429", FaultConfig(rate_429=0.25, retry_after=0), "429-rate_limited"),
    ("500", FaultConfig(rate_500=0.25), "500-internal_server_error"),
    ("502", FaultConfig(rate_502=0.25), "unknown-502"),
    ("503", FaultConfig(rate_503=0.25), "503-service_unavailable"),
    ("529", FaultConfig(rate_529=0.25), "unknown-529"),
    ("drop", FaultConfig(rate_drop=0.25), "RemoteProtocolError"),
]


@pytest.mark.parametrize(
    ("kind", "config", "outcome"), FAULT_KINDS, ids=[k[0] for k in FAULT_KINDS]
)
def test_fault_fires_at_rate_reproducibly(kind: str, config: FaultConfig, outcome: str) -> None:
    runs: list[list[str]] = []
    for _ in range(2):
        with NotionEmulator(seed=1234) as emu:
            notion = make_client(emu)
            _, ds_id = create_db(notion, emu)
            notion.close()
            emu.faults = config
            outcomes = _run_gets(emu, 120, ds_id)
            runs.append(outcomes)
            assert set(outcomes) == {"ok", outcome}
            faulted = outcomes.count(outcome)
            assert 12 <= faulted <= 48, faulted  # 120 * 0.25 = 30 expected
            assert sum(1 for r in emu.requests if r.fault == kind) == faulted
            assert emu.internal_errors == []
    assert runs[0] == runs[1]  # same seed, same requests -> same faults


def test_slow_fault_and_only_writes(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    emu.faults = FaultConfig(rate_slow=0.3, slow_seconds=0.02)
    assert _run_gets(emu, 60, ds_id) == ["ok"] * 60
    slow = [r for r in emu.requests if r.fault == "slow"]
    assert 6 <= len(slow) <= 30 and all(r.duration >= 0.02 for r in slow)
    emu.faults = FaultConfig(rate_500=1.0, only_writes=True)
    assert _run_gets(emu, 5, ds_id) == ["ok"] * 5
    client.data_sources.query(data_source_id=ds_id)  # a query POST is a read
    expect_error(
        lambda: client.pages.create(parent={"data_source_id": ds_id}, properties={}),
        500,
        "internal_server_error",
    )
    assert emu.pages_in(ds_id) == []
    emu.faults = FaultConfig()
    client.pages.create(parent={"data_source_id": ds_id}, properties={})
    with pytest.raises(ValueError):
        FaultConfig(rate_500=0.7, rate_503=0.7)


def test_notion_client_retries(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    """notion-client 3.1 retries 429 for every method and 500/503 only for GET and DELETE."""
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    fast = RetryOptions(max_retries=6, initial_retry_delay_ms=5, max_retry_delay_ms=20)
    retrying = make_client(emu, retry=fast)
    emu.reseed(5)
    emu.faults = FaultConfig(rate_429=0.2, retry_after=0)
    for i in range(30):
        retrying.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title(str(i))})
    assert len(emu.pages_in(ds_id)) == 30
    assert emu.count(route="POST /v1/pages", status=429) > 0
    emu.faults = FaultConfig(rate_500=0.2)
    emu.clear_log()
    for _ in range(30):
        retrying.data_sources.retrieve(data_source_id=ds_id)  # GET: retried
    assert emu.count(status=500) > 0 and emu.count(status=200) == 30
    emu.faults = FaultConfig(rate_500=1.0)
    emu.clear_log()
    expect_error(
        lambda: retrying.pages.create(parent={"data_source_id": ds_id}, properties={}),
        500,
        "internal_server_error",
    )
    assert emu.count() == 1  # POST: not retried
    retrying.close()


# --------------------------------------------------------------------- ambiguous writes


def test_ambiguous_500_applies_the_write(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    emu.faults = FaultConfig(rate_ambiguous=1.0)
    client.data_sources.query(data_source_id=ds_id)  # reads are not affected
    error = expect_error(
        lambda: client.pages.create(
            parent={"data_source_id": ds_id}, properties={"Name": title("ghost")}
        ),
        500,
        "internal_server_error",
    )
    assert error.status == 500
    pages = emu.pages_in(ds_id)
    assert [plain_text(p["properties"]["Name"]["title"]) for p in pages] == ["ghost"]
    record = emu.requests[-1]
    assert record.fault == "ambiguous" and record.applied and record.status == 500
    assert record.object_id == pages[0]["id"]
    assert emu.write_count(applied=True) == 2 and emu.write_count(status=500) == 1
    emu.faults = FaultConfig()
    # a naive retry duplicates the row; a query-before-create would have found it
    client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("ghost")})
    assert (
        len(
            client.data_sources.query(
                data_source_id=ds_id, filter={"property": "Name", "title": {"equals": "ghost"}}
            )["results"]
        )
        == 2
    )


def test_ambiguous_timeout_applies_the_write(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("p")})
    emu.faults = FaultConfig(
        rate_ambiguous=1.0, ambiguous_timeout=True, ambiguous_timeout_seconds=0.6
    )
    impatient = make_client(emu, timeout_ms=200)
    with pytest.raises(RequestTimeoutError):
        impatient.blocks.children.append(block_id=page["id"], children=[todo("did it land?")])
    impatient.close()
    assert [plain_text(b["to_do"]["rich_text"]) for b in emu.children_of(page["id"])] == [
        "did it land?"
    ]
    # with a patient client, the connection is dropped instead
    emu.faults = FaultConfig(
        rate_ambiguous=1.0, ambiguous_timeout=True, ambiguous_timeout_seconds=0.05
    )
    with pytest.raises(httpx.RemoteProtocolError):
        client.pages.update(page_id=page["id"], properties={"Score": {"number": 7}})
    assert emu.page(page["id"])["properties"]["Score"]["number"] == 7
    assert emu.requests[-1].status == 0 and emu.requests[-1].applied


def test_ambiguous_delete_then_client_retry_gets_400(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    """notion-client retries DELETE on 500: after an ambiguous delete the retry sees 'archived'."""
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(
        parent={"data_source_id": ds_id}, properties={}, children=[todo("t")]
    )
    block_id = emu.children_of(page["id"])[0]["id"]
    emu.faults = FaultConfig(rate_ambiguous=1.0)
    retrying = make_client(emu, retry=RetryOptions(max_retries=2, initial_retry_delay_ms=5))
    expect_error(
        lambda: retrying.blocks.delete(block_id=block_id), 400, "validation_error", "archived"
    )
    retrying.close()
    assert [r.status for r in emu.requests[-2:]] == [500, 400]
    assert emu.children_of(page["id"]) == []


# -------------------------------------------------------------------------- humans


def test_human_helpers_change_state_without_logging(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(
        parent={"data_source_id": ds_id},
        properties={"Name": title("row")},
        children=[todo("tick me")],
    )
    block_id = emu.children_of(page["id"])[0]["id"]
    before = emu.count()
    emu.human_set_select(page["id"], "Status", "Done")
    emu.human_set_select(page["id"], "Status", "Brand new")  # auto-added like the UI
    emu.human_set_property(page["id"], "Score", {"number": 42})
    emu.human_tick(block_id)
    emu.human_rename(page["id"], "Renamed row")
    extra = emu.human_add_page(ds_id, {"Name": title("typed by a human")})
    assert emu.count() == before
    seen = client.pages.retrieve(page_id=page["id"])
    assert seen["properties"]["Status"]["select"]["name"] == "Brand new"
    assert seen["properties"]["Score"]["number"] == 42
    assert plain_text(seen["properties"]["Name"]["title"]) == "Renamed row"
    assert seen["last_edited_by"]["id"] == emu.state.human_user["id"] != emu.state.bot_user["id"]
    assert client.blocks.retrieve(block_id=block_id)["to_do"]["checked"] is True
    emu.human_trash(page["id"])
    results = client.data_sources.query(data_source_id=ds_id)["results"]
    assert [r["id"] for r in results] == [extra["id"]]
    assert emu.database_for_data_source(ds_id)["data_sources"][0]["id"] == ds_id
    with pytest.raises(NotionAPIError, match="not a property that exists"):
        emu.human_set_select(page["id"], "Nope", "x")


def test_timestamps_round_to_minute_and_clock_moves(
    notion_emulator: NotionEmulator, client: NotionClient
) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)
    page = client.pages.create(parent={"data_source_id": ds_id}, properties={"Name": title("t")})
    assert page["created_time"].endswith(":00.000Z")
    emu.advance_clock(120)
    edited = emu.human_rename(page["id"], "t2")
    assert edited["last_edited_time"] > page["created_time"]
    after = client.data_sources.query(
        data_source_id=ds_id,
        filter={
            "timestamp": "last_edited_time",
            "last_edited_time": {"after": page["created_time"]},
        },
    )
    assert len(after["results"]) == 1


def test_concurrent_clients(notion_emulator: NotionEmulator, client: NotionClient) -> None:
    emu = notion_emulator
    _, ds_id = create_db(client, emu)

    def worker(n: int) -> list[str]:
        notion = make_client(emu)
        ids = [
            notion.pages.create(
                parent={"data_source_id": ds_id},
                properties={
                    "Name": title(f"w{n}-{i}"),
                    "Tags": {"multi_select": [{"name": f"t{n}"}]},
                },
                children=[todo("x")],
            )["id"]
            for i in range(15)
        ]
        notion.close()
        return ids

    with ThreadPoolExecutor(max_workers=4) as pool:
        created = [page_id for ids in pool.map(worker, range(4)) for page_id in ids]
    assert len(set(created)) == 60
    assert len(collect_paginated_api(client.data_sources.query, data_source_id=ds_id)) == 60
    tags = client.data_sources.retrieve(data_source_id=ds_id)["properties"]["Tags"]
    assert sorted(o["name"] for o in tags["multi_select"]["options"]) == ["t0", "t1", "t2", "t3"]
    assert emu.internal_errors == []


# --------------------------------------------------------------------------- standalone


def test_standalone_subprocess_and_control_endpoints(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.notion_emulator",
            "--port",
            "0",
            "--token",
            "tok_cli",
            "--seed",
            "3",
        ],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().split()
        assert first[0] == "PORT" and first[1].isdigit()
        base_url = first[2]
        assert base_url == f"http://127.0.0.1:{first[1]}"
        handle = EmulatorHandle(base_url)
        assert first[4] == handle.root_page_id == handle.state["root_page_id"]
        notion = make_client(base_url, auth="tok_cli")
        db_id, ds_id = create_db(notion, handle)
        (view,) = handle.views_of(db_id)
        handle.human_set_view_property(view["id"], "Name", False)
        (entry,) = [
            p
            for p in notion.views.retrieve(view["id"])["configuration"]["properties"]
            if p["property_name"] == "Name"
        ]
        assert entry["visible"] is False
        assert handle.settings(views_refusal=404)["views_refusal"] == 404
        expect_error(lambda: notion.views.list(database_id=db_id), 404, "object_not_found")
        handle.settings(views_refusal=None)
        page = notion.pages.create(
            parent={"data_source_id": ds_id},
            properties={"Name": title("cli")},
            children=[todo("x")],
        )
        assert [p["id"] for p in handle.pages_in(ds_id)] == [page["id"]]
        block_id = handle.children_of(page["id"])[0]["id"]
        handle.human_tick(block_id)
        handle.human_set_select(page["id"], "Status", "Done")
        handle.human_rename(page["id"], "renamed")
        handle.human_set_property(page["id"], "Score", {"number": 5})
        added = handle.human_add_page(ds_id, {"Name": title("human")})
        assert notion.blocks.retrieve(block_id=block_id)["to_do"]["checked"] is True
        props = notion.pages.retrieve(page_id=page["id"])["properties"]
        assert props["Status"]["select"]["name"] == "Done" and props["Score"]["number"] == 5
        assert handle.database_for_data_source(ds_id)["data_sources"][0]["id"] == ds_id
        handle.human_trash(added["id"])
        assert (
            len(handle.pages_in(ds_id)) == 1
            and len(handle.pages_in(ds_id, include_trashed=True)) == 2
        )
        records = handle.requests
        assert all(isinstance(r, RequestRecord) for r in records)
        assert handle.count("POST", "/v1/pages") == 1 and handle.write_count() == 2
        assert "tok_cli" not in json.dumps(handle.state) + json.dumps(
            [r.to_dict() for r in records]
        )

        handle.set_faults(rate_500=1.0)
        expect_error(
            lambda: notion.pages.create(parent={"data_source_id": ds_id}, properties={}),
            500,
            "internal_server_error",
        )
        handle.set_faults()
        handle.clear_log()
        assert handle.requests == []
        handle.set_rate_limit(1.0)
        with pytest.raises(APIResponseError):
            for _ in range(4):
                notion.data_sources.retrieve(data_source_id=ds_id)
        handle.set_rate_limit(None)
        assert handle.count(status=429) == 1
        assert handle.internal_errors == []
        notion.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            assert proc.wait(timeout=5) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
            if proc.stdout:
                proc.stdout.close()
            if proc.stderr:
                proc.stderr.close()
