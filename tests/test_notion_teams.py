"""A Notion that lags and a database two readers share (issue notion-scale's last points):
fresh rows missing from queries for a while, ambiguous creates, same-minute ties, and two
exports of the same entries at the same moment."""

from __future__ import annotations

import collections
import subprocess
from pathlib import Path

import pytest
from benchmarks.corpus import generate_corpus

from tests import test_notion_cli
from tests.notion_emulator import FaultConfig, NotionEmulator
from tests.test_notion_cli import CLI, NotionRun, entry_ids, todos, value

notion = test_notion_cli.notion
LAGGING = ["--rate", "1000", "--retry-backoff", "0.005", "--settle", "2"]


def live_ids(notion: NotionRun) -> collections.Counter[str]:
    return collections.Counter(entry_ids(notion.rows()))


@pytest.mark.slow
def test_a_lagging_notion_with_ambiguous_creates_ends_with_one_row_each(
    notion: NotionRun, tmp_path: Path
) -> None:
    generate_corpus(tmp_path / "corpus", entries=300, per_file=50)
    notion.init()
    notion.emu.query_lag = 1.0
    notion.emu.faults = FaultConfig(rate_ambiguous=0.02, only_writes=True)
    result = notion.run(
        "export",
        "--to",
        "notion",
        tmp_path / "corpus",
        "--database",
        notion.database_id,
        *LAGGING,
        timeout=600,
    )
    assert "created 300" in result.stdout
    assert any(r.fault == "ambiguous" and r.route == "POST /v1/pages" for r in notion.emu.requests)
    counts = live_ids(notion)
    assert len(counts) == 300 and set(counts.values()) == {1}


def _duplicated(emu: NotionEmulator, data_source_id: str, entry_id: str) -> None:
    for _ in range(3):
        emu.human_add_page(
            data_source_id,
            {
                "Name": {"title": [{"text": {"content": "twin"}}]},
                "Entry ID": {"rich_text": [{"text": {"content": entry_id}}]},
            },
        )


def test_the_same_duplicate_is_kept_whatever_order_same_minute_rows_come_in(
    cli_env: dict[str, str], tmp_path: Path, samples: Path
) -> None:
    kept: set[str] = set()
    for shuffle in (1, 2, 3):
        with NotionEmulator(seed=5) as emu:
            env = dict(cli_env, NOTION_TOKEN=emu.token, NOTION_BASE_URL=emu.base_url)
            work = tmp_path / f"w{shuffle}"
            work.mkdir()
            run = NotionRun(emu, env, work)
            run.init()
            entry_id = run.parse(samples)[0]["id"]
            _duplicated(emu, run.data_source_id, entry_id)
            emu.shuffle_ties = shuffle
            run.export(samples)
            (row,) = [r for r in run.rows() if value(r, "Entry ID") == entry_id]
            kept.add(row["id"])
    assert len(kept) == 1


def test_two_exports_started_together_end_with_one_row_per_entry(
    notion: NotionRun, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    generate_corpus(corpus, entries=300, per_file=50)
    notion.init()
    args = [*CLI, "export", "--to", "notion", str(corpus), "--database", notion.database_id]
    args += ["--rate", "1000", "--retry-backoff", "0.005", "--settle", "0"]
    runs = [
        subprocess.Popen(args, env=notion.env, cwd=notion.cwd, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    for run in runs:
        out, _ = run.communicate(timeout=600)
        assert run.returncode == 0, out
    # Readers work in whichever copy they opened: a status here, a tick there.
    rows = notion.rows()
    by_entry: dict[str, list[dict[str, object]]] = collections.defaultdict(list)
    for row in rows:
        by_entry[value(row, "Entry ID")].append(row)
    doubled = [pages for pages in by_entry.values() if len(pages) > 1]
    edits: list[tuple[str, str]] = []
    for pages in doubled[:5]:
        newest = max(pages, key=lambda r: (r["created_time"], r["id"]))  # type: ignore[arg-type]
        notion.emu.human_set_select(str(newest["id"]), "Status", "Reading")
        boxes = todos(notion.emu, str(newest["id"]))
        notion.emu.human_tick(boxes[0]["id"])
        edits.append((value(newest, "Entry ID"), boxes[0]["to_do"]["rich_text"][0]["plain_text"]))
    notion.export(corpus, timeout=600)
    counts = live_ids(notion)
    assert len(counts) == 300 and set(counts.values()) == {1}
    for entry_id, ticked in edits:
        row = notion.row(entry_id)
        assert value(row, "Status") == "Reading"
        (box,) = [
            b
            for b in todos(notion.emu, row["id"])
            if b["to_do"]["rich_text"][0]["plain_text"] == ticked
        ]
        assert box["to_do"]["checked"] is True
    notion.emu.clear_log()
    notion.export(corpus, timeout=600)
    assert notion.emu.write_count() == 0
