"""Notion at a reader's scale (issue notion-scale): the daily run and the queue cost
what changed, not the database. Request counts against the emulator, through the CLI
run as a subprocess."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus

from tests import test_notion_cli
from tests.test_notion_cli import NotionRun, entry_ids, todos, value

notion = test_notion_cli.notion
ROWS = 300


def queue(notion: NotionRun, *args: str) -> list[dict[str, object]]:
    result = notion.run(
        "queue", "--notion", "--database", notion.database_id, "--rate", "1000", *args
    )
    if args and args[0] in ("done", "start", "reset"):
        return []
    items: list[dict[str, object]] = json.loads(result.stdout)
    return items


@pytest.fixture
def year(notion: NotionRun, tmp_path: Path) -> NotionRun:
    """300 rows exported a while ago (the emulator's clock moved on two minutes)."""
    generate_corpus(tmp_path / "corpus", entries=ROWS, per_file=50)
    notion.init()
    notion.export(tmp_path / "corpus")
    notion.emu.advance_clock(120)
    return notion


def test_the_queue_reads_blocks_only_of_rows_edited_since_it_last_looked(year: NotionRun) -> None:
    emu = year.emu
    first = queue(year, "--json", "--all")
    assert len(first) == ROWS
    assert emu.count(route="GET /v1/blocks/{id}/children") == ROWS  # nothing cached yet

    emu.clear_log()
    assert queue(year, "--json", "--all") == first
    assert len(emu.requests) <= math.ceil(ROWS / 100) + 6
    assert emu.count(route="GET /v1/blocks/{id}/children") == 0

    ticked = [r for r in year.rows() if value(r, "Focus points")][:3]
    for row in ticked:
        emu.human_tick(todos(emu, row["id"])[1]["id"])
    emu.advance_clock(61)
    emu.clear_log()
    after = {item["id"]: item for item in queue(year, "--json", "--all")}
    listed = {r.path.split("/")[3] for r in emu.requests if r.route.startswith("GET /v1/blocks")}
    assert listed == {row["id"] for row in ticked}
    for row in ticked:
        assert after[value(row, "Entry ID")]["focus_done"] == 1


def test_the_cache_only_saves_time(year: NotionRun, tmp_path: Path) -> None:
    queue(year, "--json")
    caches = list(Path(year.env["XDG_CACHE_HOME"]).rglob("*.json"))
    assert caches
    for path in caches:
        path.write_text("{not json", encoding="utf-8")
    row = next(r for r in year.rows() if value(r, "Focus points"))
    year.emu.human_tick(todos(year.emu, row["id"])[1]["id"])
    items = {i["id"]: i for i in queue(year, "--json", "--all")}
    assert items[value(row, "Entry ID")]["focus_done"] == 1


def test_queue_done_asks_for_one_row(year: NotionRun) -> None:
    entry_id = value(year.rows()[7], "Entry ID")
    year.emu.clear_log()
    queue(year, "done", entry_id.rsplit(":", 1)[1][:8])
    assert len(year.emu.requests) <= 8
    assert value(year.row(entry_id), "Status") == "Done"


def test_a_daily_export_looks_up_only_its_entries(year: NotionRun, tmp_path: Path) -> None:
    day = tmp_path / "day"
    day.mkdir()
    body = "\n\n".join(
        f"Daily change {n} (#{90000 + n})\n\n值得精读。建议关注：调度器 {n}、缓存 {n}。"
        for n in range(12)
    )
    (day / "vllm-2027-01-02.txt").write_text(f"vllm-project/vllm\n\n{body}\n", encoding="utf-8")
    year.emu.clear_log()
    result = year.export(day)
    assert "created 12, updated 0, unchanged 0" in result.stdout
    assert len(year.emu.requests) <= 12 + 4
    assert len(year.rows()) == ROWS + 12


def test_init_database_adds_what_is_missing_and_nothing_twice(notion: NotionRun) -> None:
    notion.init()
    source = notion.emu.data_source(notion.data_source_id)
    notion.emu.state.update_data_source(
        notion.data_source_id,
        {"properties": {"Minutes": None, "References": None, "Status": None}},
        notion.emu.state.human_user,
    )
    notion.emu.clear_log()
    result = notion.run("notion", "init", "--database", notion.database_id, "--rate", "1000")
    assert "Minutes" in result.stderr and "Status" in result.stderr
    after = notion.emu.data_source(notion.data_source_id)["properties"]
    assert set(after) == set(source["properties"])
    assert [o["name"] for o in after["Status"]["select"]["options"]] == [
        "To read",
        "Reading",
        "Done",
    ]
    assert notion.emu.write_count() == 1
    notion.emu.clear_log()
    again = notion.run("notion", "upgrade", "--database", notion.database_id, "--rate", "1000")
    assert "has everything" in again.stderr
    assert notion.emu.write_count() == 0


def test_api_2026_03_11_sends_no_legacy_fields(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.emu.clear_log()
    notion.export(samples, "--api-version", "2026-03-11")
    for path in samples.glob("*.txt"):  # a new focus point: an append after a kept to-do
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("RoPE 尺寸约束下的 dummy 网格构造", "新的网格生成器"), "utf-8")
    notion.export(samples, "--api-version", "2026-03-11")
    bodies = json.dumps([r.body for r in notion.emu.requests])
    assert '"after"' not in bodies and '"archived"' not in bodies
    assert '"position"' in bodies
    versions = {
        v
        for r in notion.emu.requests
        for k, v in r.headers.items()
        if k.lower() == "notion-version"
    }
    assert versions == {"2026-03-11"}
    assert notion.emu.count(status=400) == 0


def test_out_of_blocks_is_one_line_and_nothing_is_half_written(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    notion.emu.blocks_left = 40
    result = notion.export(samples, check=False)
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert "out of blocks" in line and 'body = "compact"' in line
    for row in notion.rows():  # every row that was written is whole
        assert len(todos(notion.emu, row["id"])) == 1 + value(row, "Focus points")
    notion.emu.blocks_left = None
    compact = notion.export(samples, "--body", "compact")
    assert "failed 0" in compact.stdout
    assert sorted(entry_ids(notion.rows())) == sorted(e["id"] for e in notion.parse(samples))


def test_a_long_first_read_of_progress_says_what_it_is_doing(year: NotionRun) -> None:
    args = ("queue", "--notion", "--database", year.database_id, "--rate", "1000", "--json")
    first = year.run(*args)
    assert f"Reading the progress of {ROWS} items from notion…" in first.stderr
    again = year.run(*args)  # everything cached: nothing long to announce
    assert "Reading the progress" not in again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)


def test_a_first_read_cut_short_is_not_lost(year: NotionRun) -> None:
    """A first look at a big database that fails (or is stopped) half-way keeps what it
    read: the next queue lists only the rows it had not reached."""
    year.emu.refuse_after("GET /v1/blocks/{id}/children", 120)
    args = ("queue", "--notion", "--database", year.database_id, "--rate", "1000", "--json")
    cut = year.run(*args, check=False)
    assert cut.returncode == 1 and "cannot read progress" in cut.stderr
    year.emu.refuse_after("GET /v1/blocks/{id}/children", 10_000)
    year.emu.clear_log()
    items = json.loads(year.run(*args, "--all").stdout)
    assert len(items) == ROWS
    assert year.emu.count(route="GET /v1/blocks/{id}/children") == ROWS - 120
