"""`digest2notes export --to obsidian` on the bundled samples, through the real CLI.

Covers the issue's first acceptance points: 11 notes whose frontmatter reads
the same in PyYAML (python-frontmatter) and a YAML 1.2 reader (ruamel.yaml),
the verdict and every focus point as unticked items, a second export that
changes nothing (not even an mtime), ``--dry-run``, ``--json``, and the vault
and folder coming from a config file.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import frontmatter
import pytest
from ruamel.yaml import YAML

from digest2notes_obsidian import markdown, note

from .conftest import RunCli

KEYS = (
    "digest2notes_id", "title", "repo", "verdict", "verdict_rank", "verdict_text", "minutes",
    "status", "focus_total", "focus_done", "digest_date", "digest_dates", "references", "tags",
)
TASK = re.compile(r"^- \[(?P<mark>.)\] (?P<text>.*?) \^(?P<id>[A-Za-z0-9-]+)$", re.MULTILINE)


def notes(vault: Path) -> dict[str, Path]:
    """Every note of ours in the vault, by digest2notes_id."""
    found: dict[str, Path] = {}
    for path in sorted(vault.rglob("*.md")):
        post = frontmatter.load(str(path))
        if "digest2notes_id" in post.metadata:
            assert post["digest2notes_id"] not in found, f"duplicate note for {post['digest2notes_id']}"
            found[str(post["digest2notes_id"])] = path
    return found


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `root`: its bytes and mtime, to prove nothing was touched."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def plain(value: Any) -> Any:
    """ruamel's round-trip types (CommentedSeq, ScalarInt, ...) as plain Python values."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    return value


def same_typed(left: Any, right: Any) -> bool:
    if type(left) is not type(right):
        return False
    if isinstance(left, list):
        return len(left) == len(right) and all(map(same_typed, left, right))
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(same_typed(left[k], right[k]) for k in left)
    return bool(left == right)


def frontmatter_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return text[4 : text.index("\n---\n", 4) + 1]


def export(run_cli: RunCli, *args: object) -> Any:
    result = run_cli("export", "--to", "obsidian", *args)
    assert result.exit_code == 0, result.output
    return result


def parsed_entries(run_cli: RunCli, samples: Path) -> list[dict[str, Any]]:
    result = run_cli("parse", "--json", samples)
    assert result.exit_code == 0, result.output
    entries: list[dict[str, Any]] = json.loads(result.stdout)
    return entries


def test_samples_make_eleven_notes_readable_by_both_yaml_dialects(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    result = export(run_cli, "--vault", vault, samples)
    assert result.output.strip().splitlines()[-1] == "created 11, updated 0, unchanged 0, failed 0"
    found = notes(vault)
    entries = {e["id"]: e for e in parsed_entries(run_cli, samples)}
    assert set(found) == set(entries) and len(found) == 11
    for entry_id, path in found.items():
        assert path.parent == vault / "Digests"
        post = frontmatter.load(str(path))
        assert list(post.metadata) == list(KEYS)
        entry = entries[entry_id]
        assert post["title"] == entry["title"]
        assert post["verdict"] == entry["verdict"]
        assert post["verdict_rank"] == {"deep": 1, "skim": 2, "unknown": 3, "skip": 4}[entry["verdict"]]
        assert post["status"] == "unread"
        assert post["focus_total"] == len(entry["focus_points"]) and post["focus_done"] == 0
        assert isinstance(post["digest_date"], dt.date)
        assert all(isinstance(d, dt.date) for d in post["digest_dates"])  # type: ignore[attr-defined]
        assert post["tags"][:2] == ["digest2notes", f"verdict/{entry['verdict']}"]  # type: ignore[index]
        for url in post["references"]:  # type: ignore[attr-defined]
            assert re.fullmatch(r"https://github\.com/vllm-project/vllm/issues/\d+", url)
        # The same values, of the same types, for a YAML 1.2 reader (safe and round-trip).
        yaml_text = frontmatter_text(path)
        for loader in (YAML(typ="safe", pure=True), YAML()):
            assert same_typed(plain(loader.load(io.StringIO(yaml_text))), post.metadata)
        # The verdict, then every focus point, as unticked items with block ids.
        tasks = TASK.findall(post.content)
        assert tasks[0][0] == " " and tasks[0][2] == "verdict"
        assert tasks[0][1].startswith(("Read closely", "Skim", "Skip", "Decide"))
        expected = [markdown.inline(point) for point in entry["focus_points"]]
        assert [t[1] for t in tasks[1:]] == expected
        assert all(t[0] == " " and t[2].startswith("fp-") for t in tasks[1:])
        assert len({t[2] for t in tasks}) == len(tasks)
        assert post.content.rstrip().endswith(note.NOTES_HEADING)
    assert (vault / "Digests" / "Study queue.base").is_file()
    assert (vault / "Digests" / "Study queue.md").is_file()


def test_verdict_item_reads_as_the_reading_action(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    texts = {p.stem: p.read_text(encoding="utf-8") for p in (vault / "Digests").glob("*.md")}
    glm = next(t for name, t in texts.items() if name.startswith("GLM-5.2"))
    assert "- [ ] Skim (~5 min) — “值得快速浏览” ^verdict" in glm
    ci = next(t for name, t in texts.items() if name.startswith("CI 通知"))
    assert re.search(r"^- \[ \] Skip — “.+” \^verdict$", ci, re.MULTILINE)


def test_second_export_changes_nothing(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, "--vault", vault, samples)
    before = snapshot(vault)
    result = export(run_cli, "--vault", vault, samples)
    assert result.output.strip().splitlines()[-1] == "created 0, updated 0, unchanged 11, failed 0"
    assert snapshot(vault) == before


def test_dry_run_writes_nothing(run_cli: RunCli, samples: Path, vault: Path) -> None:
    result = export(run_cli, "--vault", vault, "--dry-run", samples)
    assert "would be created: Digests/" in result.output
    assert "dry run, nothing written: created 11" in result.output
    assert list(vault.iterdir()) == []
    export(run_cli, "--vault", vault, samples)
    digest = samples / "vllm-2026-11-28.txt"
    digest.write_text(digest.read_text(encoding="utf-8").replace("权限从只读改为写入", "权限调整"), "utf-8")
    before = snapshot(vault)
    result = export(run_cli, "--vault", vault, "--dry-run", samples)
    assert "would be created: Digests/CI 通知工作流 PR 权限调整.md" in result.output
    assert snapshot(vault) == before


def test_json_reports_every_entry(run_cli: RunCli, samples: Path, vault: Path) -> None:
    result = export(run_cli, "--vault", vault, "--json", samples)
    data = json.loads(result.stdout)
    assert data["dry_run"] is False
    assert data["summary"] == {"created": 11, "updated": 0, "unchanged": 0, "skipped": 0, "failed": 0}
    assert len(data["entries"]) == 11
    for change in data["entries"]:
        assert set(change) == {"id", "title", "action", "target", "detail"}
        assert change["action"] == "created"
        assert change["target"].startswith("Digests/") and change["target"].endswith(".md")
        assert (vault / change["target"]).is_file()
    assert {e["target"] for e in data["extras"]} == {
        "Digests/Days/vllm-project vllm 2026-11-27.md", "Digests/Days/vllm-project vllm 2026-11-28.md",
        "Digests/Study queue.base", "Digests/Study queue.md", ".obsidian/types.json",
    }
    again = json.loads(export(run_cli, "--vault", vault, "--json", samples).stdout)
    assert {e["action"] for e in again["entries"] + again["extras"]} == {"unchanged"}


def test_vault_and_folder_from_the_config_file(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "digest2notes.toml"
    config.write_text(f'[obsidian]\nvault = "{vault.as_posix()}"\nfolder = "Study/PRs"\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    export(run_cli, samples)
    assert len(list((vault / "Study" / "PRs").glob("*.md"))) == 12  # 11 notes + Study queue.md
    # An explicit --config, and the command line beating the file.
    second = tmp_path / "second"
    second.mkdir()
    other = tmp_path / "other.toml"
    other.write_text(f'[obsidian]\nvault = "{second.as_posix()}"\nfolder = "X"\n', "utf-8")
    result = run_cli(
        "--config", other, "export", "--to", "obsidian", "--folder", "Elsewhere", samples
    )
    assert result.exit_code == 0, result.output
    assert len(list((second / "Elsewhere").glob("*.md"))) == 12
    assert not (second / "X").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "no Obsidian vault given"),
        (("--vault", "missing"), "does not exist"),
        (("--folder", "../outside"), "must stay inside the vault"),
        (("--folder", "/abs"), "not an absolute path"),
        (("--folder", ".hidden"), "hidden folders"),
        (("--folder", "Notes/a*b"), "not a portable folder name"),
    ],
)
def test_bad_location_is_a_one_line_error(
    run_cli: RunCli, samples: Path, vault: Path, monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...], message: str,
) -> None:
    monkeypatch.chdir(vault.parent)
    full = args if not args or args[0] != "--folder" else ("--vault", str(vault), *args)
    result = run_cli("export", "--to", "obsidian", *full, samples)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.output
    assert "Traceback" not in result.output
    assert not (vault.parent / "missing").exists()
    assert list(vault.iterdir()) == []


def test_notes_are_written_only_when_they_change(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    digest = samples / "vllm-2026-11-28.txt"
    text = digest.read_text(encoding="utf-8")
    digest.write_text(text.replace("Humming 后端白名单新增 SITU", "Humming 后端白名单新增 SITU2"), "utf-8")
    before = snapshot(vault)
    result = export(run_cli, "--vault", vault, samples)
    assert "created 1, updated 0, unchanged 10, failed 0" in result.output
    after = snapshot(vault)
    assert {k for k in after if k not in before} == {"Digests/Humming 后端白名单新增 SITU2，使能 Kimi-K3.md"}
    # The old note stays (it is the reader's); the day's digest note links the new one.
    assert {k for k, v in before.items() if after[k] != v} == {
        ".digest2notes/state.sqlite3", "Digests/Days/vllm-project vllm 2026-11-28.md"
    }


def test_no_temp_files_left(run_cli: RunCli, samples: Path, vault: Path) -> None:
    export(run_cli, "--vault", vault, samples)
    hidden = {p.relative_to(vault).as_posix() for p in vault.rglob("*") if p.name.startswith(".")}
    # Only our record of up-to-date notes, kept out of version control, and the types
    # of our properties for Obsidian.
    assert hidden == {".digest2notes", ".digest2notes/.gitignore", ".obsidian"}
    assert [p.name for p in (vault / ".obsidian").iterdir()] == ["types.json"]
    assert all(os.access(p, os.R_OK) for p in vault.rglob("*.md"))
