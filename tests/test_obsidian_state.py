"""The export state (``.digest2notes/state.sqlite3``): it spares a re-export reading notes
and remembers what the reader did, and nothing in it can cost a note. Damaged or deleted
state, or notes changed behind its back, still give the export the notes call for."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import frontmatter
import pytest

from .conftest import RunCli
from .test_obsidian_export import export, notes, snapshot

STATE = Path(".digest2notes") / "state.sqlite3"


def last_line(result: object) -> str:
    return str(getattr(result, "output", "")).strip().splitlines()[-1]


def rows(vault: Path) -> dict[str, tuple[str | None, int, int, int]]:
    with sqlite3.connect(vault / STATE) as db:
        found = db.execute("SELECT id, path, inode, mtime, size FROM notes").fetchall()
    return {row[0]: tuple(row[1:]) for row in found}


def test_an_export_records_every_note_where_it_is(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    recorded = rows(vault)
    days = {i: r[0] for i, r in recorded.items() if i.startswith("digest:")}
    assert days == {
        f"digest:vllm-project/vllm 2026-11-{d}": f"Digests/Days/vllm-project vllm 2026-11-{d}.md"
        for d in (27, 28)
    }
    assert {i: r[0] for i, r in recorded.items() if i not in days} == {
        i: p.relative_to(vault).as_posix() for i, p in notes(vault).items()
    }
    for relative, inode, mtime, size in recorded.values():
        assert relative is not None
        status = (vault / relative).stat()
        assert (inode, mtime, size) == (status.st_ino, status.st_mtime_ns, status.st_size)
    gitignore = (vault / ".digest2notes" / ".gitignore").read_text(encoding="utf-8")
    assert gitignore.endswith("*\n") and "deleted" in gitignore


@pytest.mark.parametrize("damage", ["garbage", "deleted", "empty", "another version"])
def test_a_damaged_state_costs_a_warning_and_a_look_never_a_note(
    run_cli: RunCli, samples: Path, vault: Path, damage: str
) -> None:
    export(run_cli, "--vault", vault, samples)
    before = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    path = vault / STATE
    if damage == "deleted":
        path.unlink()
    elif damage == "another version":
        with sqlite3.connect(path) as db:
            db.execute("UPDATE meta SET value = '99' WHERE key = 'version'")
    else:
        path.write_bytes(b"" if damage == "empty" else b"not a database at all" * 100)
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 0, unchanged 11, failed 0"
    if damage != "deleted":
        assert "cannot read the export state" in result.stderr
    after = {k: v for k, v in snapshot(vault).items() if not k.startswith(".digest2notes/")}
    assert after == before  # no note written: they are recognised by their seal
    assert len(rows(vault)) == 11 + 2  # mended: the entries' notes and the digests'
    again = export(run_cli, "--vault", vault, samples)
    assert "Warning" not in again.stderr


def test_a_note_edited_behind_the_states_back_is_merged_not_clobbered(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """A note changed with its size and mtime restored (so the state takes it for
    untouched) is not read while its entry brings nothing new, and merged, never
    overwritten, once it does."""
    export(run_cli, "--vault", vault, samples)
    path = next(p for p in notes(vault).values() if "SITU" in p.name)
    status = path.stat()
    text = path.read_text(encoding="utf-8")
    edited = text.replace("- [ ] ", "- [x] ", 1)  # same length: tick the verdict
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))

    assert last_line(export(run_cli, "--vault", vault, samples)) == (
        "created 0, updated 0, unchanged 11, failed 0"
    )
    assert path.read_text(encoding="utf-8") == edited

    digest = samples / "vllm-2026-11-28.txt"
    text = digest.read_text(encoding="utf-8")
    digest.write_text(text.replace("建议快速阅读，可作为", "建议快速阅读（约 3 分钟），可作为"), "utf-8")
    changed = export(run_cli, "--vault", vault, samples)
    assert last_line(changed) == "created 0, updated 1, unchanged 10, failed 0"
    updated = path.read_text(encoding="utf-8")
    assert "- [x] Skim (~3 min)" in updated  # the reader's tick survived the update
    assert "minutes: 3\n" in updated


def test_a_moved_note_is_found_and_recorded_at_its_new_place(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    export(run_cli, "--vault", vault, samples)
    note_id, path = next(iter(notes(vault).items()))
    (vault / "Elsewhere" / "deeper").mkdir(parents=True)
    moved = vault / "Elsewhere" / "deeper" / "renamed.md"
    path.rename(moved)
    result = export(run_cli, "--vault", vault, samples)
    assert last_line(result) == "created 0, updated 0, unchanged 11, failed 0"
    assert rows(vault)[note_id][0] == "Elsewhere/deeper/renamed.md"


def test_the_state_never_goes_through_a_link_out_of_the_vault(
    run_cli: RunCli, samples: Path, vault: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (vault / ".digest2notes").symlink_to(outside, target_is_directory=True)
    result = export(run_cli, "--vault", vault, samples)
    assert "export state is not kept" in result.stderr
    assert list(outside.iterdir()) == []
    assert len(notes(vault)) == 11
    assert all(
        "digest2notes_id" in frontmatter.load(str(p)).metadata for p in notes(vault).values()
    )


def test_a_new_note_format_merges_every_note_once(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """A state written by a version that rendered notes differently vouches for nothing:
    every note is read and merged once (here, a tick made behind the state's back is
    then counted), and trusted again after."""
    export(run_cli, "--vault", vault, samples)
    path = next(p for p in notes(vault).values() if "SITU" in p.name)
    status = path.stat()
    lines = path.read_text(encoding="utf-8").split("\n")
    point = next(i for i, line in enumerate(lines) if line.startswith("- [ ] ") and "^fp-" in line)
    lines[point] = lines[point].replace("- [ ] ", "- [x] ", 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert last_line(export(run_cli, "--vault", vault, samples)).endswith("unchanged 11, failed 0")

    with sqlite3.connect(vault / STATE) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    upgraded = export(run_cli, "--vault", vault, samples)
    assert last_line(upgraded) == "created 0, updated 1, unchanged 10, failed 0"
    assert "focus_done: 1" in path.read_text(encoding="utf-8")
    assert last_line(export(run_cli, "--vault", vault, samples)).endswith("unchanged 11, failed 0")


def test_records_read_one_by_one_or_by_a_scan_are_the_same(
    run_cli: RunCli, samples: Path, vault: Path
) -> None:
    """`State.records_of` looks a few ids up, and scans for many: the same records."""
    from digest2notes_obsidian import state
    from digest2notes_obsidian.location import resolve_location

    export(run_cli, "--vault", vault, samples)
    location = resolve_location({"vault": str(vault), "folder": "Digests"})
    ids = [*sorted(rows(vault)), "vllm-project/vllm:000000000000"]  # one never recorded
    one_by_one = {}
    for note_id in ids:  # one id: looked up
        known = state.load(location)
        one_by_one.update(known.records_of([note_id]))
        known.close()
    known = state.load(location)
    scanned = known.records_of(ids)  # every id: a scan
    known.close()
    assert len(scanned) == len(ids) - 1
    assert scanned == one_by_one
