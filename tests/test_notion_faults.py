"""Faults, interruptions and repair: whatever Notion or the operator does, a re-run
converges to exactly one complete row per entry."""

from __future__ import annotations

import collections
import signal
import subprocess
import time
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus

from digest2notes import NO_RESTORE, ExportError, read_digests
from digest2notes_notion import NotionExporter
from digest2notes_notion.api import NotionAPI
from digest2notes_notion.blocks import batches
from digest2notes_notion.planning import plan_row
from tests import test_notion_cli
from tests.notion_emulator import FaultConfig
from tests.test_notion_cli import CLI, FAST, NotionRun, entry_ids, text_of, value, write_routes

notion = test_notion_cli.notion


def assert_one_row_per_entry(notion: NotionRun, expected: int) -> None:
    ids = entry_ids(notion.rows())
    duplicates = [i for i, n in collections.Counter(ids).items() if n > 1]
    assert duplicates == []
    assert len(ids) == expected


@pytest.mark.slow
def test_500_entries_through_faults_converge_without_duplicates(
    notion: NotionRun, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=500)
    notion.init()
    notion.emu.faults = FaultConfig.sync_stress()
    notion.emu.clear_log()
    result = notion.export(corpus, "--max-attempts", "10", timeout=300)
    assert result.stdout.strip().endswith("created 500, updated 0, unchanged 0, failed 0")
    assert_one_row_per_entry(notion, 500)
    faults = collections.Counter(r.fault for r in notion.emu.requests if r.fault)
    assert {"429", "500", "503", "529", "ambiguous", "drop"} <= set(faults)
    ambiguous_creates = [
        r for r in notion.emu.requests if r.fault == "ambiguous" and r.route == "POST /v1/pages"
    ]
    assert ambiguous_creates  # the look-up-before-retry path really ran
    for row in notion.rows()[:20]:
        blocks = notion.emu.children_of(row["id"])
        assert len([b for b in blocks if b["type"] == "to_do"]) == 1 + value(row, "Focus points")

    notion.emu.clear_log()
    again = notion.export(corpus, timeout=300)
    assert again.stdout.strip().endswith("created 0, updated 0, unchanged 500, failed 0")
    assert notion.emu.write_count() == 0


def test_creates_that_time_out_are_looked_up_not_repeated(
    notion: NotionRun, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=30, per_file=30)
    notion.init()
    notion.emu.faults = FaultConfig(
        rate_ambiguous=0.3, ambiguous_timeout=True, ambiguous_timeout_seconds=0.4, only_writes=True
    )
    result = notion.export(corpus, "--timeout", "0.2", "--json")
    assert '"failed": 0' in result.stdout
    assert sum(1 for r in notion.emu.requests if r.fault == "ambiguous") > 0
    assert "recovered after an ambiguous failure" in result.stdout
    assert_one_row_per_entry(notion, 30)


def test_a_create_slower_than_our_timeout_is_waited_for_not_repeated(
    notion: NotionRun, tmp_path: Path
) -> None:
    """A write slower than --timeout lands after we gave up: we must not create another."""
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=12, per_file=12)
    notion.init()
    notion.emu.faults = FaultConfig(rate_slow=0.25, slow_seconds=0.5, only_writes=True)
    result = notion.export(corpus, "--timeout", "0.3", "--json")
    assert '"failed": 0' in result.stdout
    assert sum(1 for r in notion.emu.requests if r.fault == "slow") > 0
    assert "recovered after an ambiguous failure" in result.stdout
    time.sleep(0.6)  # any write still in flight has landed by now
    assert_one_row_per_entry(notion, 12)
    assert len(notion.emu.pages_in(notion.data_source_id, include_trashed=True)) == 12


def test_a_create_landing_even_later_is_swept_or_reported(
    notion: NotionRun, tmp_path: Path
) -> None:
    """Writes slower than twice --timeout slip past the look-up: the end-of-run sweep
    trashes the copies that landed meanwhile, and the next run reports any later one
    (it never creates a third)."""
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=12, per_file=12)
    notion.init()
    notion.emu.faults = FaultConfig(rate_slow=0.3, slow_seconds=0.8, only_writes=True)
    result = notion.export(corpus, "--timeout", "0.2", "--json")
    assert '"failed": 0' in result.stdout
    time.sleep(0.9)
    notion.emu.faults = FaultConfig()
    swept = result.stdout.count("left by a timed-out create")
    ids = entry_ids(notion.rows())
    late = len(ids) - len(set(ids))
    assert len(set(ids)) == 12
    trashed = len(notion.emu.pages_in(notion.data_source_id, include_trashed=True)) - len(ids)
    assert trashed == swept
    rerun = notion.export(corpus, "--json")
    assert rerun.stdout.count("duplicate row(s)") == late
    assert '"created": 0' in rerun.stdout


def test_sigkill_mid_sync_then_rerun_converges(notion: NotionRun, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=300)
    notion.init()
    process = subprocess.Popen(
        [
            *CLI,
            "export",
            "--to",
            "notion",
            corpus,
            "--database",
            notion.database_id,
            "--rate",
            "400",
        ],
        env=notion.env,
        cwd=notion.cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while len(notion.rows()) < 120 and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    killed_at = len(notion.rows())
    assert 120 <= killed_at < 300
    result = notion.export(corpus)
    assert f"created {300 - killed_at}," in result.stdout
    assert_one_row_per_entry(notion, 300)
    notion.emu.clear_log()
    notion.export(corpus)
    assert notion.emu.write_count() == 0


def test_a_row_whose_body_was_cut_short_is_repaired(notion: NotionRun, tmp_path: Path) -> None:
    """What a kill between the create and its appends leaves behind, and the repair."""
    digest = tmp_path / "long"
    digest.mkdir()
    points = "；".join(f"第{i}个设计点`f{i}()`的取舍" for i in range(140))
    text = "值得精读。核心看点：" + points + "。" + "补充说明。" * 300
    (digest / "big-2026-11-29.txt").write_text(
        f"vllm-project/vllm\n\n很长的条目\n\n{text}\n", encoding="utf-8"
    )
    (raw,) = notion.parse(digest)
    notion.init()
    (entry,) = read_digests([str(digest)]).entries
    planned = plan_row(entry, [], None, NO_RESTORE, compact=False)
    specs = planned.body.specs()
    assert len(specs) > 100
    api = NotionAPI(notion.emu.token, base_url=notion.emu.base_url, rate=1000)
    # What a kill right after the create leaves: the first 100 blocks, no sync state yet.
    properties = {**planned.send, "Sync state": {"rich_text": []}}
    first = next(batches([spec.to_json() for spec in specs]))
    page = api.create_page(
        {
            "parent": {"type": "data_source_id", "data_source_id": notion.data_source_id},
            "properties": properties,
            "children": first,
        }
    )
    api.close()
    notion.emu.human_tick(notion.emu.children_of(page["id"])[5]["id"])

    notion.emu.clear_log()
    result = notion.export(digest)
    assert "updated 1" in result.stdout
    assert "POST /v1/pages 200" not in write_routes(notion.emu)
    (row,) = notion.rows()
    blocks = notion.emu.children_of(row["id"])
    assert [text_of(b) for b in blocks] == [spec.text for spec in specs]
    assert blocks[5]["to_do"]["checked"] is True
    assert value(row, "Sync state").startswith("d2n2 ")
    assert len(raw["focus_points"]) == 140
    notion.emu.clear_log()
    notion.export(digest)
    assert notion.emu.write_count() == 0


def test_an_error_retrying_cannot_fix_names_the_entry(notion: NotionRun, samples: Path) -> None:
    notion.init()
    env = {"NOTION_TOKEN": notion.emu.token, "NOTION_BASE_URL": notion.emu.base_url}
    exporter = NotionExporter({"database": notion.database_id, "rate": 1000}, env)
    entries = read_digests([str(samples)]).entries
    plan = exporter.plan(entries)
    # The reader trashes the database between our reads and the first create.
    state = notion.emu.state
    state.update_database(notion.database_id, {"in_trash": True}, state.human_user)
    with pytest.raises(ExportError) as caught:
        exporter.apply(plan)
    message = str(caught.value)
    assert entries[0].title in message and entries[0].id in message
    assert "\n" not in message
    assert notion.rows() == []


def test_a_trashed_database_is_refused_before_writing(notion: NotionRun, samples: Path) -> None:
    notion.init()
    state = notion.emu.state
    state.update_database(notion.database_id, {"in_trash": True}, state.human_user)
    notion.emu.clear_log()
    result = notion.export(samples, check=False)
    assert result.returncode == 1
    assert "is in the trash" in result.stderr
    assert notion.emu.write_count() == 0


def test_transient_failures_that_outlast_retries_are_reported_per_entry(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    notion.emu.faults = FaultConfig(rate_503=1.0, only_writes=True)
    result = notion.run(
        "export",
        "--to",
        "notion",
        samples,
        "--database",
        notion.database_id,
        *FAST,
        "--max-attempts",
        "2",
        "--json",
        check=False,
    )
    assert result.returncode == 1
    assert '"failed": 11' in result.stdout
    assert "not tried: Notion kept failing" in result.stdout
    # Three rows tried (two attempts each, each followed by a look-up), the rest skipped.
    assert notion.emu.count(method="POST", route="/v1/pages") == 3 * 2
    notion.emu.faults = FaultConfig()
    notion.export(samples)
    assert_one_row_per_entry(notion, 11)
