"""Nothing the reader did in Notion is undone (issue keep): the three-way merge with the
base in each row's Sync state, trash that stays, history that accumulates, and taking
over a database written before the base existed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from notion_client import Client

from digest2notes import read_digests
from digest2notes_notion.legacy import content_hash
from tests import test_notion_cli
from tests.test_notion_cli import NotionRun, text_of, todos, value

notion = test_notion_cli.notion

MAMBA = "新增 Mamba SSU 算法选择参数，吞吐最高提升约 6%"


def report(notion: NotionRun, *args: str) -> dict[str, object]:
    result: dict[str, object] = json.loads(notion.export(*args, "--json").stdout)
    return result


def test_renamed_row_and_reader_minutes_and_verdict_are_kept(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    notion.export(samples)
    entry = next(e for e in notion.parse(samples) if e["title"] == MAMBA)
    row = notion.row(entry["id"])
    notion.emu.human_rename(row["id"], "Mamba: my name for it")
    notion.emu.human_set_property(row["id"], "Minutes", {"number": 30})
    notion.emu.human_set_select(row["id"], "Verdict", "Skip")
    notion.emu.clear_log()
    assert report(notion, samples)["summary"]["updated"] == 0  # type: ignore[index]
    assert notion.emu.write_count() == 0

    # The digest changes the same entry: its verdict and minutes, and a focus point.
    for path in samples.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        new = text.replace("值得精读。PR 体量小", "可以略读（约 25 分钟）。PR 体量小")
        path.write_text(new, encoding="utf-8")
    changed = next(e for e in notion.parse(samples) if e["id"] == entry["id"])
    assert (changed["verdict"], changed["minutes"]) != (entry["verdict"], entry["minutes"])
    result = report(notion, samples)
    (change,) = [c for c in result["entries"] if c["id"] == entry["id"]]  # type: ignore[attr-defined]
    assert "kept your Verdict" in change["detail"] and "kept your Minutes" in change["detail"]
    after = notion.emu.page(row["id"])
    assert value(after, "Name") == "Mamba: my name for it"
    assert value(after, "Minutes") == 30 and value(after, "Verdict") == "Skip"
    note = [text_of(b) for b in notion.emu.children_of(row["id"]) if b["type"] == "paragraph"]
    assert any(t.startswith("The digest now says") and "Minutes: 25" in t for t in note)
    notion.emu.clear_log()
    notion.export(samples)
    assert notion.emu.write_count() == 0


def test_a_trashed_row_stays_trashed_until_restored(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.export(samples)
    entry = notion.parse(samples)[0]
    row = notion.row(entry["id"])
    notion.emu.human_trash(row["id"])
    result = notion.export(samples)
    assert "skipped 1 (deleted by you)" in result.stdout
    assert entry["id"] not in [value(r, "Entry ID") for r in notion.rows()]
    restored = notion.export(samples, "--restore", entry["id"].rsplit(":", 1)[1][:6])
    assert "updated 1" in restored.stdout
    assert notion.row(entry["id"])["id"] == row["id"]
    notion.emu.clear_log()
    notion.export(samples)
    assert notion.emu.write_count() == 0


def test_history_accumulates_whatever_files_a_run_is_given(
    notion: NotionRun, tmp_path: Path
) -> None:
    days = tmp_path / "days"
    days.mkdir()
    head = "vllm-project/vllm\n\nScheduler rework (#51000)\n\n"
    (days / "vllm-2026-11-27.txt").write_text(head + "值得精读。涉及 #51551。\n", "utf-8")
    (days / "vllm-2026-11-28.txt").write_text(head + "值得精读。后续见 #43647。\n", "utf-8")
    notion.init()
    notion.export(days / "vllm-2026-11-27.txt")
    notion.export(days / "vllm-2026-11-28.txt")
    (row,) = notion.rows()
    assert value(row, "Digest date") == "2026-11-28"
    assert set(value(row, "References").split(", ")) >= {"#51551", "#43647"}
    assert value(row, "Tags") == []
    texts = [text_of(b) for b in notion.emu.children_of(row["id"]) if b["type"] == "paragraph"]
    headers = [t for t in texts if t.startswith("From the digest of")]
    assert [h.split(" · ")[0][-10:] for h in headers] == ["2026-11-28", "2026-11-27"]
    for again in (days, days / "vllm-2026-11-27.txt"):
        notion.emu.clear_log()
        notion.export(again)
        assert notion.emu.write_count() == 0, again


def test_a_database_written_by_the_previous_version_is_taken_over(
    notion: NotionRun, samples: Path
) -> None:
    """Rows as the version before the Sync state wrote them: Content hash, date Tags,
    the text as bare paragraphs. Unchanged rows are not rewritten; edits are kept."""
    props = {
        "Name": {"title": {}},
        "Entry ID": {"rich_text": {}},
        "Repo": {"select": {}},
        "Verdict": {"select": {}},
        "Minutes": {"number": {}},
        "Focus points": {"number": {}},
        "Status": {"select": {}},
        "Digest date": {"date": {}},
        "References": {"rich_text": {}},
        "Tags": {"multi_select": {}},
        "Content hash": {"rich_text": {}},
    }
    client = Client(auth=notion.emu.token, base_url=notion.emu.base_url)
    database = client.databases.create(
        parent={"page_id": notion.emu.root_page_id},
        title=[{"text": {"content": "Old"}}],
        initial_data_source={"properties": props},
    )
    notion.database_id = database["id"]
    notion.data_source_id = database["data_sources"][0]["id"]
    entries = read_digests([str(samples)]).entries
    for entry in entries:
        client.pages.create(**_old_row(notion.data_source_id, entry))
    first, second = notion.rows()[:2]
    notion.emu.human_set_property(first["id"], "Minutes", {"number": 42})
    notion.emu.human_tick(todos(notion.emu, second["id"])[1]["id"])
    notion.emu.clear_log()
    result = notion.export(samples)
    assert "unchanged 11" in result.stdout
    assert notion.emu.write_count() == 0  # not even the schema: nothing needed writing
    assert value(notion.emu.page(first["id"]), "Minutes") == 42
    assert todos(notion.emu, second["id"])[1]["to_do"]["checked"] is True
    client.close()


def _old_row(data_source_id: str, entry: object) -> dict[str, object]:
    from digest2notes import Entry
    from digest2notes_notion.blocks import rich_text, split_text
    from digest2notes_notion.body import verdict_todo_text
    from digest2notes_notion.schema import VERDICT_LABELS

    assert isinstance(entry, Entry)
    text = [{"type": "text", "text": {"content": t}} for t in [entry.id]]
    children = [{"to_do": {"rich_text": rich_text(verdict_todo_text(entry)), "checked": False}}]
    children += [
        {"to_do": {"rich_text": rich_text(p), "checked": False}} for p in entry.focus_points
    ]
    children += [{"paragraph": {"rich_text": rich_text(p)}} for p in split_text(entry.text.strip())]
    return {
        "parent": {"data_source_id": data_source_id},
        "properties": {
            "Name": {"title": rich_text(entry.title)},
            "Entry ID": {"rich_text": text},
            "Repo": {"select": {"name": entry.repo}},
            "Verdict": {"select": {"name": VERDICT_LABELS[entry.verdict]}},
            "Minutes": {"number": entry.minutes},
            "Focus points": {"number": len(entry.focus_points)},
            "Status": {"select": {"name": "To read"}},
            "Digest date": {"date": {"start": entry.latest_date} if entry.latest_date else None},
            "References": {"rich_text": rich_text(", ".join(entry.references))},
            "Tags": {"multi_select": [{"name": d} for d in entry.digest_dates]},
            "Content hash": {"rich_text": rich_text(content_hash(entry))},
        },
        "children": children,
    }


def test_copying_the_samples_twice_is_one_entry(
    notion: NotionRun, samples: Path, tmp_path: Path
) -> None:
    """The same digest under two names is one entry with one history section."""
    notion.init()
    shutil.copy(next(samples.glob("*.txt")), samples / "copy.txt")
    notion.export(samples)
    notion.emu.clear_log()
    notion.export(samples)
    assert notion.emu.write_count() == 0
