"""The study loop end to end: export the samples, study in Obsidian or Notion, ask the queue.

The reader's actions are simulated where they happen: text edits to the notes
(ticks, a status, one note moved to another folder), or the Notion emulator's
"human" helpers (a tick, a select). What the queue must answer is worked out
here from the fixture of expected entries, the digest file names and those
edits, never from the tool's own output.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from digest2notes.parsing import entry_id

from .conftest import CLI, FIXTURES, SAMPLE_DIGESTS, RunCli

REPO = "vllm-project/vllm"
READING_ORDER = ("deep", "skim", "unknown", "skip")
DEFAULT_MINUTES = {"deep": 20, "skim": 5, "unknown": 10, "skip": 2}  # as `queue --help` states
FIXTURE: list[dict[str, Any]] = json.loads(
    (FIXTURES / "expected-seed-entries.json").read_text(encoding="utf-8")
)
BY_PREFIX = {e["title"].split()[0]: e for e in FIXTURE}


def entry(prefix: str) -> dict[str, Any]:
    """A fixture entry by the first word of its headline."""
    return BY_PREFIX[prefix]


def newest_date(title: str) -> str:
    """The newest digest (by the date in its file name) whose text has this headline."""
    dates = [
        re.search(r"\d{4}-\d{2}-\d{2}", path.name)[0]  # type: ignore[index]
        for path in SAMPLE_DIGESTS.iterdir()
        if title in path.read_text(encoding="utf-8")
    ]
    return max(dates)


@dataclass(frozen=True)
class Edit:
    ticks: int = 0
    status: str = "unread"


# The reader's session: what they ticked and which statuses they set.
EDITS = {
    "Inkling": Edit(ticks=2, status="reading"),  # deep, 5 points
    "TokenSpeed": Edit(ticks=3),  # deep, 3 of 3 ticked: ready to mark done
    "新增非": Edit(status="done"),  # deep, done
    "新增": Edit(ticks=1),  # deep (11-27 only), moved to another folder in the vault
    "GLM-5.2": Edit(ticks=4),  # skim, 5 points, the digest says 5 minutes
}
MOVED = "新增"
MARKED = "TokenSpeed"


def expected_queue(edits: dict[str, Edit], *, include_skip: bool = False) -> list[dict[str, Any]]:
    """The queue the rule gives for these edits: (verdict, newest date, points left, title)."""
    rows = []
    for e in FIXTURE:
        edit = edits.get(e["title"].split()[0], Edit())
        if edit.status == "done" or (e["verdict"] == "skip" and not include_skip):
            continue
        total = len(e["focus_points"])
        rows.append({
            "title": e["title"],
            "verdict": e["verdict"],
            "status": edit.status,
            "focus_done": edit.ticks,
            "focus_total": total,
            "minutes": e["minutes"] if e["minutes"] is not None else DEFAULT_MINUTES[e["verdict"]],
            "ready": total > 0 and edit.ticks == total,
            "_key": (READING_ORDER.index(e["verdict"]),
                     -int(newest_date(e["title"]).replace("-", "")),
                     total - edit.ticks, e["title"]),
        })
    rows.sort(key=lambda r: r["_key"])
    for r in rows:
        del r["_key"]
    return rows


def test_the_expected_queue_is_what_a_person_works_out() -> None:
    # The same order, reasoned by hand: deep on 11-28 by points left (TokenSpeed 0,
    # Inkling 3, then Kimi and 显式 with 4 each by title), deep of 11-27 (新增 Mamba 2
    # left, 融合 4), then skim: 11-28 (GLM 1 left, Humming 1 left, by title), 11-27 (EP).
    assert [r["title"].split()[0] for r in expected_queue(EDITS)] == [
        "TokenSpeed", "Inkling", "Kimi-K2.5", "显式管理", "新增", "融合",
        "GLM-5.2", "Humming", "EP",
    ]


def comparable(output: str) -> list[dict[str, Any]]:
    keys = ("title", "verdict", "status", "focus_done", "focus_total", "minutes", "ready")
    return [{k: obj[k] for k in keys} for obj in json.loads(output)]


def prefix_of(prefix: str) -> str:
    """What a reader types for `queue done`: the hash part's first characters."""
    return entry_id(REPO, entry(prefix)["title"]).split(":")[1][:6]


# ---------------------------------------------------------------------------
# Obsidian: notes edited as text

_ID_LINE = re.compile(r"^digest2notes_id:\s*['\"]?(?P<id>[^'\"\n]+?)['\"]?\s*$", re.M)


def notes_by_id(vault: Path) -> dict[str, Path]:
    found = {}
    for path in vault.rglob("*.md"):
        match = _ID_LINE.search(path.read_text(encoding="utf-8"))
        if match:
            found[match["id"]] = path
    return found


def tick(text: str, points: list[str]) -> str:
    """Tick the checklist items of these focus points, as the reader would in Obsidian."""
    lines = text.split("\n")
    for point in points:
        probe = point[:12]
        index = next(i for i, line in enumerate(lines)
                     if line.lstrip().startswith("- [ ]") and probe in line)
        lines[index] = lines[index].replace("- [ ]", "- [x]", 1)
    return "\n".join(lines)


def set_status(text: str, status: str) -> str:
    new, count = re.subn(r"^status:.*$", f"status: {status}", text, count=1, flags=re.M)
    assert count == 1
    return new


def study_in_obsidian(vault: Path) -> dict[str, Path]:
    notes = notes_by_id(vault)
    for prefix, edit in EDITS.items():
        e = entry(prefix)
        path = notes[entry_id(REPO, e["title"])]
        text = path.read_text(encoding="utf-8")
        text = tick(text, e["focus_points"][: edit.ticks])
        if edit.status != "unread":
            text = set_status(text, edit.status)
        path.write_text(text, encoding="utf-8")
    moved_from = notes[entry_id(REPO, entry(MOVED)["title"])]
    elsewhere = vault / "Reading" / "Now"
    elsewhere.mkdir(parents=True)
    shutil.move(moved_from, elsewhere / moved_from.name)
    return notes_by_id(vault)


@pytest.fixture
def studied_vault(run_cli: RunCli, samples: Path, tmp_path: Path) -> Path:
    vault = tmp_path / "vault"
    vault.mkdir()
    result = run_cli("export", "--to", "obsidian", "--vault", vault, samples)
    assert result.exit_code == 0, result.output
    assert len(notes_by_id(vault)) == len(FIXTURE)
    study_in_obsidian(vault)
    return vault


def test_obsidian_queue_reads_progress_back(run_cli: RunCli, studied_vault: Path) -> None:
    result = run_cli("queue", "--vault", studied_vault, "--json")
    assert result.exit_code == 0, result.output
    assert comparable(result.stdout) == expected_queue(EDITS)
    moved = next(o for o in json.loads(result.stdout) if o["title"] == entry(MOVED)["title"])
    assert Path(moved["location"]).parent.name == "Now"  # found where the reader moved it

    with_skip = run_cli("queue", "--vault", studied_vault, "--json", "--all")
    assert comparable(with_skip.stdout) == expected_queue(EDITS, include_skip=True)
    assert json.loads(with_skip.stdout)[-1]["verdict"] == "skip"


def test_obsidian_table_budget_and_ready_hint(run_cli: RunCli, studied_vault: Path) -> None:
    result = run_cli("queue", "--vault", studied_vault, "--budget", "45m", "--json")
    # TokenSpeed 20 + Inkling 20 = 40; every other deep read (20) no longer fits; GLM 5 does.
    assert [o["title"].split()[0] for o in json.loads(result.stdout)] == [
        "TokenSpeed", "Inkling", "GLM-5.2",
    ]
    table = run_cli("queue", "--vault", studied_vault).stdout
    lines = table.splitlines()
    assert "ready ✓" in lines[1] and "3/3" in lines[1]
    assert "reading" in lines[2] and "2/5" in lines[2]
    # 6 deep reads of 20 min, GLM 5 (its own estimate), Humming and EP 5 (skim default).
    assert "9 to read, ~135 min; 1 done, 1 in progress" in lines
    assert any(line.startswith("1 item(s) have every point ticked") for line in lines)


def test_obsidian_done_changes_only_the_status_line_and_survives_export(
    run_cli: RunCli, studied_vault: Path, samples: Path
) -> None:
    notes = notes_by_id(studied_vault)
    marked = notes[entry_id(REPO, entry(MARKED)["title"])]
    before = {path: path.read_bytes() for path in studied_vault.rglob("*") if path.is_file()}

    result = run_cli("queue", "done", prefix_of(MARKED), "--vault", studied_vault)
    assert result.exit_code == 0, result.output

    after = {path: path.read_bytes() for path in studied_vault.rglob("*") if path.is_file()}
    assert set(after) == set(before)
    changed = [path for path in before if before[path] != after[path]]
    assert changed == [marked]
    old_lines = before[marked].split(b"\n")
    new_lines = after[marked].split(b"\n")
    assert len(old_lines) == len(new_lines)
    diff = [(o, n) for o, n in zip(old_lines, new_lines, strict=True) if o != n]
    assert len(diff) == 1
    assert re.fullmatch(rb"status: ['\"]?done['\"]?\r?", diff[0][1]), diff

    # Re-exporting keeps the reader's status, ticks and the moved note where it is.
    again = run_cli("export", "--to", "obsidian", "--vault", studied_vault, samples)
    assert again.exit_code == 0, again.output
    assert set(notes_by_id(studied_vault).values()) == set(notes.values())
    queue = run_cli("queue", "--vault", studied_vault, "--json")
    expected = expected_queue({**EDITS, MARKED: Edit(ticks=3, status="done")})
    assert comparable(queue.stdout) == expected


def test_obsidian_unknown_and_ambiguous_ids_are_one_line(
    run_cli: RunCli, studied_vault: Path
) -> None:
    unknown = run_cli("queue", "--vault", studied_vault, "done", "zzzzzz")
    assert unknown.exit_code == 1
    assert unknown.stderr == "Error: no study item matches 'zzzzzz'\n"
    ambiguous = run_cli("queue", "--vault", studied_vault, "start", REPO)
    assert ambiguous.exit_code == 1
    assert ambiguous.stderr.startswith(f"Error: '{REPO}' matches {len(FIXTURE)} items: ")
    assert ambiguous.stderr.count("\n") == 1


# ---------------------------------------------------------------------------
# Notion: the emulator, the CLI as a subprocess


def cli(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *(str(a) for a in args)], env=env, capture_output=True, text=True, timeout=120
    )


def plain(rich: list[dict[str, Any]]) -> str:
    return "".join(part.get("plain_text") or part.get("text", {}).get("content", "")
                   for part in rich)


def title_of(page: dict[str, Any]) -> str:
    prop = next(v for v in page["properties"].values() if v["type"] == "title")
    return plain(prop["title"])


def test_notion_queue_reads_progress_back_and_done_sets_only_status(
    notion_emulator: Any, cli_env: dict[str, str], samples: Path, tmp_path: Path
) -> None:
    from digest2notes.exporting import StudyStatus
    from digest2notes_notion.schema import STATUS, STATUS_LABELS

    emu = notion_emulator
    # The emulator has no rate limit: pace at 50 requests/s, through the config file
    # (which `queue` must honour for the exporter's own settings too).
    config = tmp_path / "digest2notes.toml"
    config.write_text("[notion]\nrate = 50\n", encoding="utf-8")
    env = {
        **cli_env,
        "NOTION_TOKEN": emu.token,
        "NOTION_BASE_URL": emu.base_url,
        "DIGEST2NOTES_CONFIG": str(config),
    }
    init = cli(env, "notion", "init", "--parent", emu.root_page_id)
    assert init.returncode == 0, init.stderr
    database = init.stdout.strip()
    export = cli(env, "export", "--to", "notion", "--database", database, samples)
    assert export.returncode == 0, export.stderr

    state = emu.dump_state()
    (source_id,) = [
        ds_id for ds_id, ds in state["data_sources"].items()
        if ds["parent"]["database_id"].replace("-", "") == database.replace("-", "")
    ]
    pages = {title_of(p): p for p in emu.pages_in(source_id)}
    assert len(pages) == len(FIXTURE)

    # The reader studies in Notion.
    labels = {s.value: label for s, label in STATUS_LABELS.items()}
    for prefix, edit in EDITS.items():
        e = entry(prefix)
        page = pages[e["title"]]
        todos = [b for b in emu.children_of(page["id"]) if b["type"] == "to_do"]
        for point in e["focus_points"][: edit.ticks]:
            block = next(b for b in todos if plain(b["to_do"]["rich_text"]) == point)
            emu.human_tick(block["id"])
        if edit.status != "unread":
            emu.human_set_select(page["id"], STATUS, labels[edit.status])

    queue = cli(env, "queue", "--notion", "--database", database, "--json")
    assert queue.returncode == 0, queue.stderr
    assert comparable(queue.stdout) == expected_queue(EDITS)
    assert all(o["location"].startswith("http") for o in json.loads(queue.stdout))

    # `queue done` writes Status on that row and nothing else.
    before = {p["id"]: p for p in emu.pages_in(source_id)}
    blocks_before = {pid: emu.children_of(pid) for pid in before}
    emu.clear_log()
    done = cli(env, "queue", "done", prefix_of(MARKED), "--notion", "--database", database)
    assert done.returncode == 0, done.stderr
    after = {p["id"]: p for p in emu.pages_in(source_id)}
    marked_id = pages[entry(MARKED)["title"]]["id"]
    for page_id, page in before.items():
        for name, value in page["properties"].items():
            if (page_id, name) == (marked_id, STATUS):
                assert after[page_id]["properties"][name]["select"]["name"] == (
                    STATUS_LABELS[StudyStatus.DONE]
                )
            else:
                assert after[page_id]["properties"][name] == value, (page_id, name)
        assert emu.children_of(page_id) == blocks_before[page_id]
    assert emu.write_count() == 1

    again = cli(env, "queue", "--notion", "--database", database, "--json")
    assert comparable(again.stdout) == expected_queue({**EDITS, MARKED: Edit(3, "done")})
