"""The vault's record of up-to-date notes (``.digest2notes/notes.json``): it may spare a
re-export reading notes, and nothing else. Damaged, deleted or planted records, and
notes changed behind their back, still give exactly the export the notes call for."""

from __future__ import annotations

import json
import os
from pathlib import Path

import frontmatter
import pytest

from .conftest import RunCli
from .test_obsidian_export import export, notes, snapshot

RECORDS = Path(".digest2notes") / "notes.json"


def last_line(result: object) -> str:
    return str(getattr(result, "output", "")).strip().splitlines()[-1]


def test_an_export_records_every_note_it_left_up_to_date(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    data = json.loads((vault / RECORDS).read_text(encoding="utf-8"))
    by_id = notes(vault)
    assert {record[0]: path for path, record in data["notes"].items()} == {
        note_id: path.relative_to(vault).as_posix() for note_id, path in by_id.items()
    }
    for path, (_, _, inode, mtime, size) in data["notes"].items():
        stat = (vault / path).stat()
        assert (inode, mtime, size) == (stat.st_ino, stat.st_mtime_ns, stat.st_size)
    assert (vault / ".digest2notes" / ".gitignore").read_text(encoding="utf-8").endswith("*\n")


@pytest.mark.parametrize(
    "damage", ["garbage", "wrong version", "wrong shape", "odd values", "deleted", "empty"]
)
def test_damaged_records_only_cost_a_read(
    run_cli: RunCli, samples: Path, vault: Path, damage: str
) -> None:
    export(run_cli, "--vault", vault, samples)
    before = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    records = vault / RECORDS
    if damage == "deleted":
        records.unlink()
    elif damage == "odd values":  # right version and format, values of any JSON type
        data = json.loads(records.read_text(encoding="utf-8"))
        odd: list[object] = [5, "abcde", None, {"a": 1}, [1, 2, 3, 4, 5], ["x"] * 5, 2.5]
        data["notes"] = dict(zip(data["notes"], odd * 2, strict=False))
        records.write_text(json.dumps(data), encoding="utf-8")
    else:
        text = {
            "garbage": "{not json",
            "wrong version": json.dumps({"version": 99, "notes": {}}),
            "wrong shape": json.dumps({"version": 1, "notes": {"a.md": [1, 2]}}),
            "empty": "",
        }[damage]
        records.write_text(text, encoding="utf-8")
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 0, unchanged 11, failed 0"
    after = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    assert after == before  # no note written
    assert len(json.loads(records.read_text(encoding="utf-8"))["notes"]) == 11  # mended


def test_a_note_edited_behind_the_records_back_is_still_merged_not_clobbered(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """Even a note changed with its size and mtime restored (so the record still matches)
    is never overwritten: when its entry changes, the note is read and merged."""
    export(run_cli, "--vault", vault, samples)
    path = next(p for p in notes(vault).values() if "SITU" in p.name)
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    edited = text.replace("- [ ] ", "- [x] ", 1)  # same length: tick the verdict
    assert len(edited.encode()) == stat.st_size
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))

    again = export(run_cli, "--vault", vault, samples)
    assert last_line(again) == "created 0, updated 0, unchanged 11, failed 0"
    assert path.read_text(encoding="utf-8") == edited  # trusted, so not even read

    digest = samples / "vllm-2026-11-28.txt"
    text = digest.read_text(encoding="utf-8")
    assert "建议快速阅读，可作为" in text  # the SITU entry's verdict
    digest.write_text(
        text.replace("建议快速阅读，可作为", "建议快速阅读（约 3 分钟），可作为"), "utf-8"
    )
    changed = export(run_cli, "--vault", vault, samples)
    assert last_line(changed) == "created 0, updated 1, unchanged 10, failed 0"
    updated = path.read_text(encoding="utf-8")
    assert "Skim (~3 min)" in updated
    assert "- [x] Skim (~3 min)" in updated  # the reader's tick survived the update


def test_the_entry_changing_updates_a_recorded_note(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    digest = samples / "vllm-2026-11-28.txt"
    text = digest.read_text(encoding="utf-8")
    digest.write_text(text.replace("建议关注", "建议重点关注", 1), encoding="utf-8")
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 1, unchanged 10, failed 0"
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 0, unchanged 11, failed 0"


def test_a_moved_note_is_found_and_recorded_at_its_new_place(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    path = next(iter(notes(vault).values()))
    (vault / "Elsewhere").mkdir()
    moved = vault / "Elsewhere" / path.name
    path.rename(moved)
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 0, unchanged 11, failed 0"
    data = json.loads((vault / RECORDS).read_text(encoding="utf-8"))["notes"]
    assert f"Elsewhere/{path.name}" in data and path.relative_to(vault).as_posix() not in data


def test_records_never_go_through_a_link_out_of_the_vault(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (vault / ".digest2notes").symlink_to(outside, target_is_directory=True)
    export(run_cli, "--vault", vault, samples)
    assert list(outside.iterdir()) == []
    assert len(notes(vault)) == 11
    assert all(
        "digest2notes_id" in frontmatter.load(str(p)).metadata for p in notes(vault).values()
    )


def test_records_of_another_note_format_are_set_aside(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """Records vouch for notes as rendered by one version of the note format: after an
    upgrade that renders notes differently, every note is read (and brought up to date)
    once, and the records are renewed."""
    export(run_cli, "--vault", vault, samples)
    path = next(p for p in notes(vault).values() if "SITU" in p.name)
    stat = path.stat()
    text = path.read_text(encoding="utf-8")
    assert "focus_done: 0" in text
    lines = text.split("\n")
    point = next(i for i, line in enumerate(lines) if line.startswith("- [ ] ") and "^fp-" in line)
    lines[point] = lines[point].replace("- [ ] ", "- [x] ", 1)  # same length: tick a point
    path.write_text("\n".join(lines), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size

    trusted = export(run_cli, "--vault", vault, samples)
    assert last_line(trusted) == "created 0, updated 0, unchanged 11, failed 0"  # not read

    records = vault / RECORDS
    data = json.loads(records.read_text(encoding="utf-8"))
    current = data["format"]
    records.write_text(json.dumps({**data, "format": "0ld"}), encoding="utf-8")
    upgraded = export(run_cli, "--vault", vault, samples)
    assert last_line(upgraded) == "created 0, updated 1, unchanged 10, failed 0"
    assert "focus_done: 1" in path.read_text(encoding="utf-8")  # read, so the tick counts
    renewed = json.loads(records.read_text(encoding="utf-8"))
    assert renewed["format"] == current and len(renewed["notes"]) == 11


def test_two_recorded_notes_with_one_id_are_both_seen(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """Records that vouch for two files with the same id (a copy the reader made, once
    recorded) do not hide either: the first by path order is the note, the other is
    reported as a copy, and nothing is written."""
    import shutil

    export(run_cli, "--vault", vault, samples)
    original = next(p for p in notes(vault).values() if "SITU" in p.name)
    copy = vault / "Archive" / "copy.md"
    copy.parent.mkdir()
    shutil.copy2(original, copy)
    records = vault / RECORDS
    data = json.loads(records.read_text(encoding="utf-8"))
    recorded = data["notes"][original.relative_to(vault).as_posix()]
    stat = copy.stat()
    data["notes"]["Archive/copy.md"] = [*recorded[:2], stat.st_ino, stat.st_mtime_ns, stat.st_size]
    records.write_text(json.dumps(data), encoding="utf-8")
    before = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}

    result = run_cli("export", "--to", "obsidian", "--vault", vault, "--json", samples)
    entries = json.loads(result.stdout)["entries"]
    entry = next(e for e in entries if e["id"] == recorded[0])
    assert (entry["action"], entry["target"]) == ("unchanged", "Archive/copy.md")
    assert f"also in {original.relative_to(vault).as_posix()}" in entry["detail"]
    assert len(entries) == 11 and {e["action"] for e in entries} == {"unchanged"}
    after = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    assert after == before
