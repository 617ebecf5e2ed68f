"""Reading the reader's progress back from Notion (for `digest2notes queue`), setting a
status, and keeping the token secret everywhere."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import click

from digest2notes import StudyStatus, Verdict, read_digests
from digest2notes_notion import NotionExporter
from tests import test_notion_cli
from tests.notion_emulator import FaultConfig, NotionEmulator
from tests.test_notion_cli import CLI, FAST, NotionRun, todos, value

notion = test_notion_cli.notion


def exporter_for(notion: NotionRun) -> NotionExporter:
    env = {"NOTION_TOKEN": notion.emu.token, "NOTION_BASE_URL": notion.emu.base_url}
    return NotionExporter({"database": notion.database_id, "rate": 1000}, env)


def test_progress_reads_status_and_ticked_focus_points(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.export(samples)
    entries = read_digests([str(samples)]).entries
    reading, done = entries[0], entries[1]
    reading_row, done_row = notion.row(reading.id), notion.row(done.id)
    notion.emu.human_set_select(reading_row["id"], "Status", "Reading")
    notion.emu.human_set_select(done_row["id"], "Status", "Done")
    boxes = todos(notion.emu, reading_row["id"])
    for box in boxes[:3]:  # the verdict to-do and two focus points
        notion.emu.human_tick(box["id"])
    notion.emu.human_add_blocks(
        reading_row["id"], [{"to_do": {"rich_text": [{"text": {"content": "my own"}}]}}]
    )
    notion.emu.human_add_page(
        notion.data_source_id, {"Name": {"title": [{"text": {"content": "hand-made row"}}]}}
    )

    notion.emu.clear_log()
    items = {item.id: item for item in exporter_for(notion).read_progress().items}
    assert notion.emu.write_count() == 0
    assert set(items) == {e.id for e in entries}
    first = items[reading.id]
    assert first.status is StudyStatus.READING
    assert (first.focus_done, first.focus_total) == (2, len(reading.focus_points))
    assert first.title == reading.title and first.repo == reading.repo
    assert first.verdict is reading.verdict
    assert first.minutes == reading.minutes
    assert first.digest_date == reading.latest_date
    assert first.location == reading_row["url"]
    assert items[done.id].status is StudyStatus.DONE
    assert all(
        i.status is StudyStatus.UNREAD for i in items.values() if i.id not in (reading.id, done.id)
    )
    skim = next(e for e in entries if e.verdict is Verdict.SKIM and e.minutes)
    assert items[skim.id].minutes == skim.minutes


def test_set_status_writes_only_status(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.export(samples)
    exporter = exporter_for(notion)
    item = exporter.read_progress().items[0]
    before = notion.emu.page(notion.row(item.id)["id"])
    notion.emu.clear_log()
    assert exporter.set_status(item, StudyStatus.DONE) == item.location
    (request,) = notion.emu.requests
    assert request.route == "PATCH /v1/pages/{id}"
    assert request.body == {"properties": {"Status": {"select": {"name": "Done"}}}}
    after = notion.emu.page(before["id"])
    assert value(after, "Status") == "Done"
    assert {k: v for k, v in after["properties"].items() if k != "Status"} == {
        k: v for k, v in before["properties"].items() if k != "Status"
    }


def test_queue_options_select_the_notion_source() -> None:
    names = [o.name for o in NotionExporter.queue_options if isinstance(o, click.Option)]
    assert names == ["notion", "database", "rate", "api_version"]


def test_the_token_appears_nowhere_but_the_auth_check(
    cli_env: dict[str, str], tmp_path: Path, samples: Path
) -> None:
    token = "secret_CANARY_7f3a9b_do_not_print_me"
    with NotionEmulator(token) as emu:
        env = dict(cli_env, NOTION_TOKEN=token, NOTION_BASE_URL=emu.base_url)
        work = tmp_path / "work"
        work.mkdir()
        run = NotionRun(emu, env, work)
        outputs = [run.run("notion", "init", "--parent", emu.root_page_id)]
        database = run.database_id = outputs[0].stdout.strip()
        run.data_source_id = emu.state.retrieve_database(database)["data_sources"][0]["id"]
        emu.faults = FaultConfig(rate_500=0.2, rate_429=0.1, rate_drop=0.05, retry_after=0)
        for extra in ([], ["--dry-run", "--json"]):
            outputs.append(run.export(samples, *extra))
        emu.faults = FaultConfig()
        digests = str(samples)
        for bad in (
            ["--debug", "export", "--to", "notion", digests, "--database", "0" * 32, *FAST],
            ["export", "--to", "notion", digests, "--database", "nonsense"],
        ):
            outputs.append(run.run(*bad, check=False))
        wrong = dict(env, NOTION_TOKEN=token + "x")
        outputs.append(
            run.run(
                "export", "--to", "notion", samples, "--database", database, check=False, env=wrong
            )
        )
        outputs.append(
            subprocess.run(
                [*CLI, "export", "--help"], env=env, capture_output=True, text=True, check=True
            )
        )
        assert outputs[-2].returncode != 0 and "401" in outputs[-2].stderr
        for output in outputs:
            assert token not in output.stdout and token not in output.stderr
            assert token[:20] not in output.stdout + output.stderr
        for path in tmp_path.rglob("*"):
            if path.is_file():
                assert token.encode() not in path.read_bytes(), path
        assert token not in json.dumps(emu.dump_state(), default=str)
        log = json.dumps([r.to_dict() for r in emu.requests], default=str)
        assert token not in log
        assert emu.count(status=401) == 1  # the wrong token, refused by the auth check
        assert len(run.rows()) == 11  # the runs did happen
