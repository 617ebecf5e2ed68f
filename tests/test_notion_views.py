"""The `Sync state` column starts hidden: `notion init` / `upgrade` through Notion's Views
API, against the emulator's views (the CLI as a subprocess, the emulator in-process)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from notion_client import APIResponseError, Client

from digest2notes_notion import schema
from tests import test_notion_cli
from tests.notion_emulator import NotionEmulator
from tests.notion_emulator.views import REFUSALS
from tests.test_notion_cli import NotionRun

notion = test_notion_cli.notion
VIEW_ROUTES = ("GET /v1/views", "GET /v1/views/{id}", "PATCH /v1/views/{id}")


def shown(view: dict[str, Any]) -> dict[str, bool]:
    """Property name -> visible, for a view as the API returns it."""
    return {p["property_name"]: p["visible"] for p in view["configuration"]["properties"]}


def view_requests(emu: NotionEmulator) -> int:
    return sum(emu.count(route=route) for route in VIEW_ROUTES)


def old_database(notion: NotionRun, **reader_hid: bool) -> tuple[str, str]:
    """A database made before the sync state: every property but `Sync state`."""
    properties = schema.database_properties()
    del properties[schema.SYNC_STATE]
    database = notion.emu.human_create_database("Older", properties)
    notion.database_id = database["id"]
    notion.data_source_id = database["data_sources"][0]["id"]
    (view,) = notion.emu.views_of(notion.database_id)
    for prop, visible in reader_hid.items():
        notion.emu.human_set_view_property(view["id"], prop, visible)
    return notion.database_id, view["id"]


def upgrade(notion: NotionRun, *extra: str, check: bool = True) -> Any:
    return notion.run(
        "notion", "upgrade", "--database", notion.database_id, "--rate", "1000", *extra, check=check
    )


# ------------------------------------------------------------------------- init


@pytest.mark.parametrize("version", ["2025-09-03", "2026-03-11"])
def test_init_shows_every_property_but_the_sync_state(notion: NotionRun, version: str) -> None:
    result = notion.run(
        "notion", "init", "--parent", notion.emu.root_page_id, "--api-version", version
    )
    database_id = result.stdout.strip()
    assert "Warning" not in result.stderr
    (view,) = notion.emu.views_of(database_id)
    expected = {name: name != schema.SYNC_STATE for name in schema.PROPERTY_TYPES}
    assert shown(view) == expected
    # One list, one read of the view (a list gives references only), one update.
    assert [notion.emu.count(route=route) for route in VIEW_ROUTES] == [1, 1, 1]


def test_export_and_queue_never_ask_for_views(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.emu.clear_log()
    notion.export(samples)
    notion.run("queue", "--notion", "--database", notion.database_id, "--rate", "1000")
    old_database(notion)  # export adds the sync state itself, still without views
    notion.export(samples)
    assert schema.SYNC_STATE in notion.emu.data_source(notion.data_source_id)["properties"]
    assert view_requests(notion.emu) == 0


# ---------------------------------------------------------------------- upgrade


def test_upgrade_hides_the_sync_state_it_adds_and_nothing_else(notion: NotionRun) -> None:
    database_id, _ = old_database(notion, Tags=False)
    result = upgrade(notion)
    assert "Sync state" in result.stderr and "Warning" not in result.stderr
    (view,) = notion.emu.views_of(database_id)
    visible = shown(view)
    assert visible.pop(schema.SYNC_STATE) is False
    assert visible.pop("Tags") is False  # the reader's choice, sent back as it was
    assert set(visible.values()) == {True}
    assert notion.emu.count(route="PATCH /v1/views/{id}") == 1

    notion.emu.clear_log()
    again = upgrade(notion)
    assert "has everything" in again.stderr
    assert notion.emu.write_count() == 0 and view_requests(notion.emu) == 0


def test_a_sync_state_the_reader_shows_stays_shown(notion: NotionRun) -> None:
    notion.init()
    (view,) = notion.emu.views_of(notion.database_id)
    notion.emu.human_set_view_property(view["id"], schema.SYNC_STATE, True)
    notion.emu.state.update_data_source(
        notion.data_source_id, {"properties": {"Minutes": None}}, notion.emu.state.human_user
    )
    notion.emu.clear_log()
    result = upgrade(notion)
    assert "Minutes" in result.stderr
    (after,) = notion.emu.views_of(notion.database_id)
    assert shown(after)[schema.SYNC_STATE] is True and shown(after)["Minutes"] is True
    assert view_requests(notion.emu) == 0


def test_every_table_view_of_the_database_and_no_other_view(notion: NotionRun) -> None:
    database_id, _ = old_database(notion)
    notion.emu.human_add_view(database_id, "table", "By repo")
    board = notion.emu.human_add_view(database_id, "board", "Board")
    upgrade(notion)
    views = {v["name"]: v for v in notion.emu.views_of(database_id)}
    assert shown(views["Default view"])[schema.SYNC_STATE] is False
    assert shown(views["By repo"])[schema.SYNC_STATE] is False
    assert views["Board"]["last_edited_time"] == board["last_edited_time"]
    assert views["Board"]["last_edited_by"] == board["last_edited_by"]
    assert notion.emu.count(route="PATCH /v1/views/{id}") == 2


# ------------------------------------------------------------------- refusals


@pytest.mark.parametrize("status", [404, 403, 400])
def test_init_without_the_views_api_warns_once_and_succeeds(notion: NotionRun, status: int) -> None:
    notion.emu.views_refusal = status
    result = notion.run("notion", "init", "--parent", notion.emu.root_page_id)
    database_id = result.stdout.strip()
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning")]
    assert warnings == [
        f"Warning: could not hide the 'Sync state' column (Notion answered {status} "
        f"{REFUSALS[status][0]}); hide it by hand: in Notion, open the table's "
        "••• menu → Properties and click the eye beside 'Sync state'"
    ]
    assert "Traceback" not in result.stderr
    source = notion.emu.data_source(notion.emu.views_of(database_id)[0]["data_source_id"])
    assert set(source["properties"]) == set(schema.PROPERTY_TYPES)
    assert shown(notion.emu.views_of(database_id)[0])[schema.SYNC_STATE] is True


def test_upgrade_without_the_views_api_still_adds_the_property(notion: NotionRun) -> None:
    old_database(notion)
    notion.emu.views_refusal = 404
    result = upgrade(notion)
    assert result.stderr.count("Warning: could not hide the 'Sync state' column") == 1
    assert schema.SYNC_STATE in notion.emu.data_source(notion.data_source_id)["properties"]
    notion.emu.views_refusal = None
    notion.emu.clear_log()
    assert "has everything" in upgrade(notion).stderr  # the property is there: not retried
    assert notion.emu.write_count() == 0


# ---------------------------------------------------------- the emulator's views


@pytest.fixture
def client(notion_emulator: NotionEmulator) -> Iterator[Client]:
    http = httpx.Client()
    yield Client(
        client=http,
        auth=notion_emulator.token,
        base_url=notion_emulator.base_url,
        retry=False,
        log_level=logging.CRITICAL,
    )
    http.close()


def new_database(client: Client, emu: NotionEmulator) -> tuple[str, str, str]:
    database = client.databases.create(
        parent={"page_id": emu.root_page_id},
        title=[{"text": {"content": "T"}}],
        initial_data_source={"properties": {"Name": {"title": {}}, "Note": {"rich_text": {}}}},
    )
    (ref,) = client.views.list(database_id=database["id"])["results"]
    return database["id"], database["data_sources"][0]["id"], ref["id"]


def test_views_list_as_references_by_database_or_data_source(
    client: Client, notion_emulator: NotionEmulator
) -> None:
    database_id, ds_id, view_id = new_database(client, notion_emulator)
    second = notion_emulator.human_add_view(database_id, "list", "List")
    first_page = client.views.list(data_source_id=ds_id, page_size=1)
    assert first_page["results"] == [{"object": "view", "id": view_id}]
    assert first_page["has_more"] is True and first_page["next_cursor"] == second["id"]
    rest = client.views.list(database_id=database_id, start_cursor=first_page["next_cursor"])
    assert [r["id"] for r in rest["results"]] == [second["id"]] and rest["has_more"] is False
    view = client.views.retrieve(view_id)
    assert view["parent"] == {"type": "database_id", "database_id": database_id}
    assert view["data_source_id"] == ds_id and view["type"] == "table"
    assert shown(view) == {"Name": True, "Note": True}
    with pytest.raises(APIResponseError) as missing:
        client.views.list()
    assert missing.value.status == 400


def test_a_view_update_is_checked_whole_before_it_applies(
    client: Client, notion_emulator: NotionEmulator
) -> None:
    _, ds_id, view_id = new_database(client, notion_emulator)
    note = client.data_sources.retrieve(ds_id)["properties"]["Note"]["id"]
    bad_bodies: list[dict[str, Any]] = [
        {"type": "table", "properties": [{"property_id": "nope", "visible": False}]},
        {"type": "table", "properties": [{"property_id": note, "visible": "no"}]},
        {"type": "board", "properties": []},
        {"type": "table", "properties": [{"property_id": note}], "colour": "red"},
    ]
    for body in bad_bodies:
        with pytest.raises(APIResponseError) as refused:
            client.views.update(view_id, name="Renamed", configuration=body)
        assert (refused.value.status, refused.value.code.value) == (400, "validation_error")
    view = client.views.retrieve(view_id)
    assert view["name"] == "Default view" and shown(view) == {"Name": True, "Note": True}

    client.views.update(
        view_id,
        configuration={"type": "table", "properties": [{"property_id": note, "visible": False}]},
    )
    assert shown(client.views.retrieve(view_id)) == {"Note": False, "Name": True}
    client.data_sources.update(ds_id, properties={"Added": {"number": {}}})
    assert shown(client.views.retrieve(view_id))["Added"] is True  # new columns show
