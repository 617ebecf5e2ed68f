"""`digest2notes notion init` and `digest2notes export --to notion`, run as subprocesses
against the Notion emulator (in-process, so its state can be inspected directly).

Helpers here (`NotionRun`, the `notion` fixture) are shared by the other
``test_notion_*`` modules.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from digest2notes_notion.schema import PROPERTY_TYPES
from tests.notion_emulator import NotionEmulator, plain_text

CLI = [sys.executable, "-m", "digest2notes"]
FAST = ["--rate", "1000", "--retry-backoff", "0.005", "--settle", "0"]
HEX64 = re.compile(r"^[0-9a-f]{64}$")
ACTIONS = ("Read closely", "Skim", "Skip", "Decide whether to read")


@dataclass
class NotionRun:
    """A CLI wired to an emulator: ``notion.export(path)``, ``notion.rows()``."""

    emu: NotionEmulator
    env: dict[str, str]
    cwd: Path
    database_id: str = ""
    data_source_id: str = ""

    def run(
        self,
        *args: str | os.PathLike[str],
        check: bool = True,
        timeout: float = 120,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [*CLI, *map(str, args)],
            env=env or self.env,
            cwd=self.cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
            )
        return result

    def init(self, title: str = "Study") -> str:
        result = self.run("notion", "init", "--parent", self.emu.root_page_id, "--title", title)
        self.database_id = result.stdout.strip()
        database = self.emu.state.retrieve_database(self.database_id)
        self.data_source_id = database["data_sources"][0]["id"]
        return self.database_id

    def export(
        self, *args: str | os.PathLike[str], check: bool = True, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        return self.run(
            "export",
            "--to",
            "notion",
            *args,
            "--database",
            self.database_id,
            *FAST,
            check=check,
            timeout=timeout,
        )

    def rows(self) -> list[dict[str, Any]]:
        return self.emu.pages_in(self.data_source_id)

    def row(self, entry_id: str) -> dict[str, Any]:
        (found,) = [r for r in self.rows() if value(r, "Entry ID") == entry_id]
        return found

    def parse(self, path: Path) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = json.loads(self.run("parse", "--json", path).stdout)
        return entries


@pytest.fixture
def notion(
    notion_emulator: NotionEmulator, cli_env: dict[str, str], tmp_path: Path
) -> Iterator[NotionRun]:
    env = dict(cli_env)
    env["NOTION_TOKEN"] = notion_emulator.token
    env["NOTION_BASE_URL"] = notion_emulator.base_url
    work = tmp_path / "work"
    work.mkdir()
    yield NotionRun(notion_emulator, env, work)
    assert notion_emulator.internal_errors == []


def value(page: dict[str, Any], name: str) -> Any:
    """A property of a page as a plain Python value."""
    prop = page["properties"][name]
    raw = prop[prop["type"]]
    if prop["type"] in ("title", "rich_text"):
        return plain_text(raw)
    if prop["type"] == "select":
        return raw["name"] if raw else None
    if prop["type"] == "multi_select":
        return [o["name"] for o in raw]
    if prop["type"] == "date":
        return raw["start"] if raw else None
    return raw


def text_of(block: dict[str, Any]) -> str:
    return plain_text(block[block["type"]]["rich_text"])


def todos(emu: NotionEmulator, page_id: str) -> list[dict[str, Any]]:
    return [b for b in emu.children_of(page_id) if b["type"] == "to_do"]


def entry_ids(rows: list[dict[str, Any]]) -> list[str]:
    return [value(r, "Entry ID") for r in rows]


def write_routes(emu: NotionEmulator) -> list[str]:
    return [f"{r.route} {r.status}" for r in emu.requests if r.write]


# ------------------------------------------------------------------------ init


def test_init_creates_the_schema_and_prints_only_the_id(notion: NotionRun) -> None:
    result = notion.run("notion", "init", "--parent", notion.emu.root_page_id)
    database_id = result.stdout.strip()
    assert re.fullmatch(r"[0-9a-f-]{36}", database_id)
    assert f'database = "{database_id}"' in result.stderr
    database = notion.emu.state.retrieve_database(database_id)
    assert plain_text(database["title"]) == "Digest study notes"
    source = notion.emu.data_source(database["data_sources"][0]["id"])
    props = source["properties"]
    assert {name: p["type"] for name, p in props.items()} == PROPERTY_TYPES
    assert [o["name"] for o in props["Verdict"]["select"]["options"]] == [
        "Deep read",
        "Quick read",
        "Skip",
        "Unknown",
    ]
    assert [o["name"] for o in props["Status"]["select"]["options"]] == [
        "To read",
        "Reading",
        "Done",
    ]


def test_init_accepts_a_page_url(notion: NotionRun) -> None:
    page = notion.emu.root_page_id.replace("-", "")
    result = notion.run(
        "notion", "init", "--parent", f"https://www.notion.so/ws/Home-{page}", "--title", "X"
    )
    assert plain_text(notion.emu.state.retrieve_database(result.stdout.strip())["title"]) == "X"


# ---------------------------------------------------------------------- export


def test_samples_sync_once_then_cost_only_reads(notion: NotionRun, samples: Path) -> None:
    notion.init()
    expected = notion.parse(samples)
    assert len(expected) == 11
    notion.emu.clear_log()

    result = notion.export(samples)
    assert result.stdout.strip().endswith("created 11, updated 0, unchanged 0, failed 0")
    # N creates + one query page + two set-up reads: the lower bound, exactly.
    assert len(notion.emu.requests) == 11 + 1 + 2
    assert notion.emu.count(method="POST", route="/v1/pages") == 11
    rows = notion.rows()
    assert sorted(entry_ids(rows)) == sorted(e["id"] for e in expected)
    for entry in expected:
        row = notion.row(entry["id"])
        assert value(row, "Name") == entry["title"]
        assert value(row, "Repo") == entry["repo"]
        label = {"deep": "Deep read", "skim": "Quick read", "skip": "Skip", "unknown": "Unknown"}
        assert value(row, "Verdict") == label[entry["verdict"]]
        assert value(row, "Minutes") == entry["minutes"]
        assert value(row, "Focus points") == len(entry["focus_points"])
        assert value(row, "Status") == "To read"
        assert value(row, "Digest date") in ("2026-11-27", "2026-11-28")
        assert value(row, "Tags") == []  # dates are not tags: the reader's alone
        assert value(row, "References") == ", ".join(entry["references"])
        assert value(row, "Sync state").startswith("d2n2 ")
        assert "Content hash" not in row["properties"]
        blocks = notion.emu.children_of(row["id"])
        boxes = [b for b in blocks if b["type"] == "to_do"]
        assert len(boxes) == 1 + len(entry["focus_points"])
        assert text_of(boxes[0]).startswith(ACTIONS)
        assert [text_of(b) for b in boxes[1:]] == entry["focus_points"]
        # Each digest the entry was in, newest first: a header, then its paragraph.
        sections: list[list[str]] = []
        for text in (text_of(b) for b in blocks if b["type"] == "paragraph"):
            if text.startswith("From the digest of "):
                sections.append([text])
            else:
                sections[-1].append(text)
        assert [s[0].split(" · ")[0] for s in sections] == [
            f"From the digest of {a['date']}" for a in entry["appearances"]
        ]
        assert ["".join(s[1:]) for s in sections] == [a["text"] for a in entry["appearances"]]

    notion.emu.clear_log()
    again = notion.export(samples)
    assert again.stdout.strip().endswith("created 0, updated 0, unchanged 11, failed 0")
    assert notion.emu.write_count() == 0
    assert [r.route for r in notion.emu.requests] == [
        "GET /v1/databases/{id}",
        "GET /v1/data_sources/{id}",
        "POST /v1/data_sources/{id}/query",
    ]


def test_reader_work_survives_and_only_the_changed_row_is_written(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    notion.export(samples)
    entries = {e["title"]: e for e in notion.parse(samples)}
    changed = entries["Kimi-K2.5 ViT 编码器接入完整 CUDA graph 捕获"]
    other = entries["新增 Mamba SSU 算法选择参数，吞吐最高提升约 6%"]
    done_row = notion.row(other["id"])
    changed_row = notion.row(changed["id"])
    notion.emu.human_set_select(done_row["id"], "Status", "Done")
    kept_point = changed["focus_points"][0]
    box = next(b for b in todos(notion.emu, changed_row["id"]) if text_of(b) == kept_point)
    notion.emu.human_tick(box["id"])
    other_box = todos(notion.emu, done_row["id"])[1]
    notion.emu.human_tick(other_box["id"])
    note = notion.emu.human_add_blocks(
        changed_row["id"], [{"paragraph": {"rich_text": [{"text": {"content": "my note"}}]}}]
    )

    old_point = "RoPE 尺寸约束下的 dummy 网格构造"
    assert old_point in changed["focus_points"]
    for path in samples.glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old_point, "新的 dummy 网格生成器"), encoding="utf-8")
    new_points = {e["id"]: e for e in notion.parse(samples)}[changed["id"]]["focus_points"]
    assert "新的 dummy 网格生成器" in new_points and old_point not in new_points

    notion.emu.clear_log()
    result = notion.export(samples, "--json")
    report = json.loads(result.stdout)
    assert report["summary"] == {"created": 0, "updated": 1, "unchanged": 10, "skipped": 0, "failed": 0}
    (updated,) = [c for c in report["entries"] if c["action"] == "updated"]
    assert updated["id"] == changed["id"]
    assert "+1 focus to-do(s)" in updated["detail"] and "-1 focus to-do(s)" in updated["detail"]
    touched = {r.object_id for r in notion.emu.requests if r.write}
    others = {r["id"] for r in notion.rows()} - {changed_row["id"]}
    assert not touched & others

    after = notion.row(changed["id"])
    boxes = todos(notion.emu, after["id"])
    assert [text_of(b) for b in boxes[1:]] == [
        p for p in new_points if p != "新的 dummy 网格生成器"
    ] + ["新的 dummy 网格生成器"]
    assert next(b for b in boxes if text_of(b) == kept_point)["to_do"]["checked"] is True
    assert value(after, "Status") == "To read"
    assert value(notion.row(other["id"]), "Status") == "Done"
    assert todos(notion.emu, done_row["id"])[1]["to_do"]["checked"] is True
    assert note[0]["id"] in [b["id"] for b in notion.emu.children_of(after["id"])]

    notion.emu.clear_log()
    notion.export(samples)
    assert notion.emu.write_count() == 0


def test_dry_run_reads_but_writes_nothing(notion: NotionRun, samples: Path) -> None:
    notion.init()
    notion.emu.clear_log()
    result = notion.export(samples, "--dry-run")
    assert "would be created: new row:" in result.stdout
    assert result.stdout.strip().endswith(
        "dry run, nothing written: created 11, updated 0, unchanged 0, failed 0"
    )
    assert notion.emu.write_count() == 0
    assert notion.rows() == []


def test_database_may_be_given_as_url_data_source_env_or_config(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    compact = notion.database_id.replace("-", "")
    view = "f" * 32
    url = f"https://www.notion.so/someone/Study-{compact}?v={view}&pvs=4"
    for database in (url, notion.data_source_id.replace("-", "")):
        result = notion.run(
            "export", "--to", "notion", samples, "--database", database, *FAST, "--dry-run"
        )
        assert "created 11" in result.stdout
    env = dict(notion.env, NOTION_DATABASE_ID=compact)
    result = notion.run("export", "--to", "notion", samples, *FAST, "--dry-run", env=env)
    assert "created 11" in result.stdout
    (notion.cwd / "digest2notes.toml").write_text(
        f'[notion]\ndatabase = "{url}"\nrate = 1000\n', encoding="utf-8"
    )
    result = notion.run("export", "--to", "notion", samples, "--dry-run")
    assert "created 11" in result.stdout


def test_missing_token_or_database_is_a_one_line_error(notion: NotionRun, samples: Path) -> None:
    notion.init()
    env = {k: v for k, v in notion.env.items() if k != "NOTION_TOKEN"}
    result = notion.run(
        "export", "--to", "notion", samples, "--database", notion.database_id, env=env, check=False
    )
    assert result.returncode != 0
    assert result.stderr.startswith(
        "Error: NOTION_TOKEN is not set: create an internal integration"
    )
    assert len(result.stderr.strip().splitlines()) == 1
    result = notion.run("export", "--to", "notion", samples, check=False)
    assert result.returncode != 0 and "no Notion database given" in result.stderr
    result = notion.run(
        "export", "--to", "notion", samples, "--database", "0" * 32, *FAST, check=False
    )
    assert result.returncode != 0
    assert "not found or is not shared with the integration" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_schema_problems_stop_before_anything_is_written(notion: NotionRun, samples: Path) -> None:
    props: dict[str, Any] = {name: {ptype: {}} for name, ptype in PROPERTY_TYPES.items()}
    del props["Minutes"]
    props["Tags"] = {"rich_text": {}}
    database = notion.emu.human_create_database("Half", props)
    notion.database_id = database["id"]
    notion.emu.clear_log()
    result = notion.export(samples, check=False)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "missing property 'Minutes' (number)" in lines[0]
    assert "'Tags' as rich_text, expected multi_select" in lines[0]
    assert "digest2notes notion init" in lines[0]
    assert notion.emu.write_count() == 0


def test_duplicate_rows_fold_into_the_oldest_keeping_what_readers_did(
    notion: NotionRun, samples: Path
) -> None:
    notion.init()
    entry = notion.parse(samples)[0]
    for _ in range(2):
        notion.emu.human_add_page(
            notion.data_source_id,
            {
                "Name": {"title": [{"text": {"content": entry["title"]}}]},
                "Entry ID": {"rich_text": [{"text": {"content": entry["id"]}}]},
            },
        )
    # Same minute: the page id breaks the tie, the same on every machine.
    keeper, twin = sorted(notion.rows(), key=lambda r: (r["created_time"], r["id"]))
    notion.emu.human_set_select(twin["id"], "Status", "Done")
    notion.emu.human_add_blocks(
        twin["id"], [{"paragraph": {"rich_text": [{"text": {"content": "my note on the copy"}}]}}]
    )
    result = json.loads(notion.export(samples, "--json").stdout)
    assert result["summary"]["created"] == 10 and result["summary"]["updated"] == 1
    (change,) = [c for c in result["entries"] if c["id"] == entry["id"]]
    assert change["action"] == "updated" and "folded 1 duplicate row(s)" in change["detail"]
    assert change["target"] == keeper["url"]
    assert [r["id"] for r in notion.rows() if value(r, "Entry ID") == entry["id"]] == [keeper["id"]]
    assert len(notion.rows()) == 11
    kept = notion.emu.page(keeper["id"])
    assert value(kept, "Status") == "Done"
    texts = [text_of(b) for b in notion.emu.children_of(keeper["id"]) if b["type"] == "paragraph"]
    assert "my note on the copy" in texts
    assert len(todos(notion.emu, keeper["id"])) == 1 + len(entry["focus_points"])
    notion.emu.clear_log()
    notion.export(samples)
    assert notion.emu.write_count() == 0


def test_the_long_entry_syncs_within_notion_limits(notion: NotionRun, tmp_path: Path) -> None:
    digest = tmp_path / "long"
    digest.mkdir()
    points = "；".join(f"第{i}个设计点`f{i}()`的取舍" for i in range(150))
    text = "值得精读。核心看点：" + points + "。"
    while len(text) < 5000:
        text += "这一段补充说明了调度器在抢占路径上的行为以及与缓存管理之间的交互细节。"
    text = text[:4999] + "。"
    (digest / "big-2026-11-29.txt").write_text(
        f"vllm-project/vllm\n\n一个很长的条目\n\n{text}\n", encoding="utf-8"
    )
    (entry,) = notion.parse(digest)
    assert len(entry["focus_points"]) == 150 and len(entry["text"]) == 5000
    notion.init()
    notion.emu.clear_log()
    notion.export(digest)
    assert notion.emu.count(status=400) == 0
    # One create with the first 100 blocks, one append for the rest, then the hash.
    assert write_routes(notion.emu) == [
        "POST /v1/pages 200",
        "PATCH /v1/blocks/{id}/children 200",
        "PATCH /v1/pages/{id} 200",
    ]
    (row,) = notion.rows()
    blocks = notion.emu.children_of(row["id"])
    assert len([b for b in blocks if b["type"] == "to_do"]) == 151
    header, *paragraphs = [text_of(b) for b in blocks if b["type"] == "paragraph"]
    assert header == "From the digest of 2026-11-29"
    assert "".join(paragraphs) == entry["text"] and len(paragraphs) == 3
    assert [b["type"] for b in blocks] == ["to_do"] * 151 + ["paragraph"] * 4
    notion.emu.clear_log()
    notion.export(digest)
    assert notion.emu.write_count() == 0


def test_requests_are_paced_under_the_rate_limit(cli_env: dict[str, str], tmp_path: Path) -> None:
    from benchmarks.corpus import generate_corpus

    generate_corpus(tmp_path / "corpus", entries=17, per_file=17)
    with NotionEmulator(rate_limit=20, rate_limit_burst=2) as emu:
        env = dict(cli_env, NOTION_TOKEN=emu.token, NOTION_BASE_URL=emu.base_url)
        notion = NotionRun(emu, env, tmp_path)
        emu.rate_limit = None
        notion.init()
        emu.rate_limit = 20
        emu.clear_log()
        started = time.monotonic()
        notion.run(
            "export",
            "--to",
            "notion",
            tmp_path / "corpus",
            "--database",
            notion.database_id,
            "--rate",
            "20",
        )
        elapsed = time.monotonic() - started
        assert len(emu.requests) == 2 + 1 + 17
        assert emu.count(status=429) == 0
        assert elapsed >= 19 / 20
